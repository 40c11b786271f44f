#!/usr/bin/env bash
# A real editor with a workspace: Neovim (headless) runs nvim_lsp_jobs.lua
# against `gpulint lsp` in a copy of testdata/lsp/jobs (a job YAML launching
# train.py). Usage: nvim_lsp_jobs.sh GPULINT_BINARY SOURCE_DIR
set -uo pipefail
bin=$(realpath "$1"); src=$2
if ! command -v nvim >/dev/null; then
  echo "SKIP: nvim is not installed (scripts/test.sh installs it); 0 passed, 0 failed"
  exit 0
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/ws" && cp "$src/testdata/lsp/jobs/job.yaml" "$src/testdata/lsp/jobs/train.py" "$tmp/ws/"
GPULINT_BIN=$bin LSP_WORKSPACE=$tmp/ws HOME=$tmp XDG_CONFIG_HOME=$tmp XDG_DATA_HOME=$tmp XDG_STATE_HOME=$tmp \
  timeout 120 nvim --headless --clean -n \
  --cmd "let g:loaded_python3_provider=0 | let g:loaded_node_provider=0 | let g:loaded_ruby_provider=0 | let g:loaded_perl_provider=0" \
  -c "luafile $src/tests/scripts/nvim_lsp_jobs.lua" 2>&1
rc=$?
if [ $rc -ne 0 ]; then echo "nvim_lsp_jobs: FAILED (exit $rc)"; exit 1; fi
