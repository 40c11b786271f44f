#!/usr/bin/env bash
# A real editor as client: Neovim (headless) runs nvim_lsp.lua against
# `gpulint lsp` (providers off: probing them costs ~20 s). Usage: nvim_lsp.sh GPULINT_BINARY SOURCE_DIR
set -uo pipefail
bin=$(realpath "$1"); src=$2
if ! command -v nvim >/dev/null; then
  echo "SKIP: nvim is not installed (scripts/test.sh installs it); 0 passed, 0 failed"
  exit 0
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp "$src/testdata/lsp/eval_loop.py" "$tmp/eval_loop.py"
GPULINT_BIN=$bin LSP_FIXTURE=$tmp/eval_loop.py HOME=$tmp XDG_CONFIG_HOME=$tmp XDG_DATA_HOME=$tmp XDG_STATE_HOME=$tmp \
  timeout 120 nvim --headless --clean -n \
  --cmd "let g:loaded_python3_provider=0 | let g:loaded_node_provider=0 | let g:loaded_ruby_provider=0 | let g:loaded_perl_provider=0" \
  -c "luafile $src/tests/scripts/nvim_lsp.lua" 2>&1
rc=$?
if [ $rc -ne 0 ]; then echo "nvim_lsp: FAILED (exit $rc)"; exit 1; fi
