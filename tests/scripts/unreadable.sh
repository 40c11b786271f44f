#!/usr/bin/env bash
# Hardening item 14: a folder or file that cannot be read is a per-file error
# (exit 2, listed with the errors of the report) and every other file is still
# reported. Root reads everything, so under root the run drops to the
# unprivileged user `nobody` (setpriv); without it the test is skipped.
# Usage: unreadable.sh GPULINT SOURCE_DIR
set -u
GPULINT=$(realpath "$1")
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
as_user=()
if [[ $(id -u) == 0 ]]; then
  if ! command -v setpriv > /dev/null || ! id nobody > /dev/null 2>&1; then
    echo "SKIP: running as root without setpriv or a 'nobody' user"
    exit 77
  fi
  as_user=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups --)
fi
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2> /dev/null; rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir -p "$work/proj/locked" "$work/proj/open"
cat > "$work/proj/open/train.py" <<'PY'
import torch

model = torch.nn.Linear(4, 4).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for batch in loader:
    loss = model(batch.cuda()).sum()
    loss.backward()
    opt.step()
    print(loss.item())
PY
cp "$work/proj/open/train.py" "$work/proj/locked/hidden.py"
cp "$work/proj/open/train.py" "$work/proj/secret.py"
chmod -R a+rX "$work/proj"
chmod 000 "$work/proj/locked" "$work/proj/secret.py"

# The unprivileged user really cannot read them (else the test proves nothing).
holds "the test user can list the open folder" "${as_user[@]}" ls "$work/proj/open"
holds "the test user cannot list the locked folder" bash -c "! ${as_user[*]} ls '$work/proj/locked' > /dev/null 2>&1"

cd "$work/proj"
HOME=$work "${as_user[@]}" "$GPULINT" check . --no-progress --format json > "$work/out.json" 2> "$work/err.txt"
rc=$?
check "exit 2 when a folder or file cannot be read" 2 "$rc"
holds "the locked folder and the unreadable file are per-file errors; the rest is reported" python3 - "$work/out.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
errors = {e["file"]: e["message"] for e in doc["errors"]}
files = {d["location"]["file"] for d in doc["diagnostics"]}
ok = (errors.get("locked", "").startswith("cannot read directory")
      and errors.get("secret.py", "").startswith("cannot read file")
      and "open/train.py" in files and not any(f.startswith("locked/") for f in files))
print(errors, sorted(files)) if not ok else None
sys.exit(0 if ok else 1)
PY

# The same run with everything readable exits 1 (findings) and says nothing
# about unreadable input: the error above is not a constant.
chmod 755 "$work/proj/locked"
chmod 644 "$work/proj/secret.py"
HOME=$work "${as_user[@]}" "$GPULINT" check . --no-progress --format json > "$work/out2.json" 2> "$work/err2.txt"
check "exit 1 once everything is readable" 1 "$?"
lacks "no read error once everything is readable" "$work/out2.json" "cannot read"
finish
