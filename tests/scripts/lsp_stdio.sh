#!/usr/bin/env bash
# `gpulint lsp` over real pipes: garbage is answered with errors and the
# server keeps going; exit code 0 after shutdown+exit, 1 for exit alone or EOF.
# Usage: lsp_stdio.sh GPULINT_BINARY SOURCE_DIR
set -uo pipefail
bin=$1
passed=0 failed=0
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
check() { if eval "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi; }
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'

out=$( { printf 'garbage\r\n\r\n'; frame "$init"; frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'; \
         frame '{"jsonrpc":"2.0","method":"exit"}'; } | timeout 30 "$bin" lsp); rc=$?
check "exit 0 after shutdown" '[ $rc -eq 0 ]'
check "parse error answered" 'grep -q "\"code\":-32700" <<<"$out"'
check "initialize answered after garbage" 'grep -q "\"positionEncoding\":\"utf-16\"" <<<"$out"'

{ frame "$init"; frame '{"jsonrpc":"2.0","method":"exit"}'; } | timeout 30 "$bin" lsp >/dev/null; rc=$?
check "exit 1 without shutdown" '[ $rc -eq 1 ]'
{ frame "$init"; printf 'Content-Length: 50\r\n\r\n{"trunc'; } | timeout 30 "$bin" lsp >/dev/null; rc=$?
check "truncated input then EOF: exit 1, no crash" '[ $rc -eq 1 ]'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
