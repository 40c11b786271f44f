#!/usr/bin/env bash
# Regenerates README's rules table from the rule docs (via the built binary).
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(build/gpulint rules --format markdown)
python3 - "$table" <<'PY'
import re, sys
text = open("README.md").read()
new = re.sub(r"(<!-- rules:begin -->\n).*?(<!-- rules:end -->)", lambda m: m.group(1) + sys.argv[1] + "\n" + m.group(2), text, flags=re.S)
open("README.md", "w").write(new)
PY
