#!/usr/bin/env bash
# README's rules table must equal `gpulint rules --format markdown`.
set -u
GPULINT=$1
SRC=$2
expected=$("$GPULINT" rules --format markdown)
actual=$(sed -n '/<!-- rules:begin -->/,/<!-- rules:end -->/p' "$SRC/README.md" | sed '1d;$d')
if [[ "$expected" == "$actual" ]]; then echo "1 passed, 0 failed"; exit 0; fi
echo "README rules table is stale; regenerate with scripts/update-readme.sh"
diff <(echo "$expected") <(echo "$actual")
exit 1
