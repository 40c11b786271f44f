#!/usr/bin/env bash
# CLI contract tests: exit codes, per-file errors, selection, suppression,
# settings errors, output formats. Usage: cli.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SRC=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
passes=0
check() {  # check NAME EXPECTED_EXIT ACTUAL_EXIT
  if [[ "$2" == "$3" ]]; then passes=$((passes + 1)); else echo "FAIL: $1 (exit $3, expected $2)"; failures=$((failures + 1)); fi
}
contains() {  # contains NAME FILE PATTERN
  if grep -q -- "$3" "$2"; then passes=$((passes + 1)); else echo "FAIL: $1: no '$3' in output:"; cat "$2"; failures=$((failures + 1)); fi
}
lacks() {
  if grep -q -- "$3" "$2"; then echo "FAIL: $1: unexpected '$3' in output:"; cat "$2"; failures=$((failures + 1)); else passes=$((passes + 1)); fi
}

cd "$tmp"
cat > bad.py <<'PY'
import torch
from torch.utils.data import DataLoader

def make(ds):
    return DataLoader(ds, batch_size=64)
PY
cat > good.py <<'PY'
import torch
from torch.utils.data import DataLoader

def make(ds):
    return DataLoader(ds, batch_size=64, num_workers=4, persistent_workers=True, pin_memory=True)
PY
cat > suppressed.py <<'PY'
from torch.utils.data import DataLoader

def make(ds):
    a = DataLoader(ds, batch_size=64)  # gpulint: disable=GPU101
    # gpulint: disable=GPU101
    b = DataLoader(ds, batch_size=64)
    c = DataLoader(ds, batch_size=64)  # noqa: GPU101
    return a, b, c
PY
printf 'x = 1\n\xff\xfe\n' > latin1.py
printf 'def broken(:\n    return DataLoader(\n' > broken.py

"$GPULINT" check good.py > out.txt 2>&1; check "clean file exits 0" 0 $?
contains "clean summary" out.txt "No findings"
"$GPULINT" check bad.py > out.txt 2>&1; check "findings exit 1" 1 $?
contains "text header" out.txt "bad.py:5:12: warning: "
contains "rule id in text" out.txt "\[GPU101\]"
contains "code frame" out.txt "return DataLoader(ds, batch_size=64)"
contains "caret" out.txt "\^"
contains "fix title" out.txt "num_workers=4"
"$GPULINT" check suppressed.py > out.txt 2>&1; check "suppressed exits 0" 0 $?
"$GPULINT" check --ignore GPU101 bad.py > out.txt 2>&1; check "--ignore" 0 $?
"$GPULINT" check --select GPU2 bad.py > out.txt 2>&1; check "--select other prefix" 0 $?
"$GPULINT" check --select GPU101 bad.py > out.txt 2>&1; check "--select the rule" 1 $?
"$GPULINT" check --fail-on error bad.py > out.txt 2>&1; check "--fail-on error" 0 $?
"$GPULINT" check bad.py missing.py good.py > out.txt 2>&1; check "missing file exits 2" 2 $?
contains "missing reported" out.txt "missing.py: error: "
contains "others still analysed" out.txt "bad.py:5"
"$GPULINT" check latin1.py bad.py > out.txt 2>&1; check "invalid UTF-8 exits 2" 2 $?
contains "decode error" out.txt "latin1.py: error: not valid UTF-8"
"$GPULINT" check broken.py > out.txt 2>&1; check "syntax errors are tolerated" 0 $?
"$GPULINT" check --format sarif -o out.sarif bad.py latin1.py > out.txt 2>&1; check "sarif exit" 2 $?
contains "sarif notification" out.sarif "toolExecutionNotifications"
contains "sarif result" out.sarif '"ruleId": "GPU101"'
"$GPULINT" check --format json bad.py > out.json 2>&1; check "json exit" 1 $?
contains "json rule" out.json '"rule": "GPU101"'
"$GPULINT" check --format github bad.py > out.txt 2>&1; check "github exit" 1 $?
contains "github annotation" out.txt "::warning file=bad.py,line=5"
"$GPULINT" check --jobs 0 bad.py > out.txt 2>&1; check "bad --jobs" 2 $?
"$GPULINT" check --frobnicate > out.txt 2>&1; check "unknown option" 2 $?
"$GPULINT" --version > out.txt 2>&1; check "version" 0 $?
contains "version text" out.txt "gpulint "
"$GPULINT" rules > out.txt 2>&1; check "rules" 0 $?
contains "rules list" out.txt "GPU101"
"$GPULINT" explain GPU101 > out.txt 2>&1; check "explain" 0 $?
contains "explain doc" out.txt "## Why it idles the GPU"
"$GPULINT" explain GPU999 > out.txt 2>&1; check "explain unknown" 2 $?

# Settings: found in a parent folder; errors name file and line.
mkdir -p proj/src && cp bad.py proj/src/
printf 'ignore: [GPU101]\n' > proj/.gpulint.yaml
"$GPULINT" check proj/src > out.txt 2>&1; check "parent .gpulint.yaml" 0 $?
printf 'workers: 4\nwokers: 8\n' > proj/.gpulint.yaml
"$GPULINT" check proj/src > out.txt 2>&1; check "unknown settings key" 2 $?
contains "settings error location" out.txt ".gpulint.yaml:2"
printf 'workers: 8\n' > proj/.gpulint.yaml
"$GPULINT" check proj/src > out.txt 2>&1; check "workers option" 1 $?
contains "workers option used" out.txt "num_workers=8"
printf 'exclude: ["src"]\n' > proj/.gpulint.yaml
"$GPULINT" check proj > out.txt 2>&1; check "exclude folder" 0 $?
printf 'rules:\n  GPU101: {level: note}\n' > proj/.gpulint.yaml
"$GPULINT" check proj/src > out.txt 2>&1; check "level override below fail-on" 0 $?
contains "level override" out.txt "note: DataLoader"

# A symlink loop does not hang discovery.
mkdir -p loop && ln -s ../loop loop/self && cp bad.py loop/
timeout 20 "$GPULINT" check loop > out.txt 2>&1; check "symlink loop" 1 $?

# --diff writes nothing; --fix only applies safe fixes; --unsafe-fixes the rest,
# keeping CRLF line endings and the file mode; a second run changes nothing.
printf 'from torch.utils.data import DataLoader\r\n\r\ndef make(ds):\r\n    return DataLoader(ds, batch_size=64)\r\n' > crlf.py
chmod 0751 crlf.py
before=$(md5sum < crlf.py)
"$GPULINT" check --diff --unsafe-fixes crlf.py > out.txt 2> err.txt; check "--diff exit as without fixes" 1 $?
contains "diff header" out.txt "^+++ b/crlf.py"
contains "diff line" out.txt "num_workers=4, persistent_workers=True"
check "--diff writes nothing" "$before" "$(md5sum < crlf.py)"
"$GPULINT" check --fix crlf.py > out.txt 2> err.txt; check "--fix leaves unsafe findings" 1 $?
check "--fix skips unsafe fixes" "$before" "$(md5sum < crlf.py)"
"$GPULINT" check --unsafe-fixes crlf.py > out.txt 2> err.txt; check "--unsafe-fixes fixes all" 0 $?
contains "fix summary" err.txt "fixed 1 finding in 1 file"
contains "crlf kept" crlf.py $'persistent_workers=True)\r$'
check "mode kept" "751" "$(stat -c %a crlf.py)"
after=$(md5sum < crlf.py)
"$GPULINT" check --unsafe-fixes crlf.py > out.txt 2> err.txt; check "second fix run" 0 $?
check "fixing is idempotent" "$after" "$(md5sum < crlf.py)"

# YAML: a Helm template is skipped quietly; a broken job is a per-file error
# (broken YAML that is no job is not ours: tests/scripts/adopt.sh).
mkdir -p chart/templates
printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    {{- include "c" . | nindent 4 }}\n' > chart/templates/pod.yaml
"$GPULINT" check chart > out.txt 2>&1; check "helm template is not an error" 0 $?
printf 'apiVersion: v1\nkind: Pod\nspec: [1, 2\nb: {\n' > chart/broken.yaml
"$GPULINT" check chart > out.txt 2>&1; check "broken YAML exits 2" 2 $?
contains "broken YAML names the file" out.txt "broken.yaml"

# --fix through a job: the YAML gets the /dev/shm volume; a second run changes nothing.
mkdir -p job
printf 'import torch\nfrom torch.utils.data import DataLoader\nloader = DataLoader(ds, batch_size=64, num_workers=8, pin_memory=True, persistent_workers=True)\nmodel = Net().cuda()\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x, y in loader:\n    loss = model(x.cuda(non_blocking=True)).sum()\n    opt.zero_grad()\n    loss.backward()\n    opt.step()\n' > job/train.py
printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: t\n      command: ["python", "train.py"]\n' > job/pod.yaml
"$GPULINT" check job > out.txt 2>&1; check "job finding exits 1" 1 $?
contains "GPU303 on the pod" out.txt "pod.yaml:5"
"$GPULINT" check --fix job > out.txt 2>&1; check "job fixed" 0 $?
contains "mount added" job/pod.yaml "mountPath: /dev/shm"
after=$(md5sum < job/pod.yaml)
"$GPULINT" check --fix job > out.txt 2>&1; check "job fix idempotent" 0 $?
check "job fix changes nothing twice" "$after" "$(md5sum < job/pod.yaml)"

# Vendored code (a copy of another project under dependencies/) is skipped
# by a folder run and said so with --verbose; --include-vendored checks it.
mkdir -p vend/dependencies/fastquant
cp bad.py vend/dependencies/fastquant/loader.py
cp good.py vend/train.py
"$GPULINT" check --verbose vend > out.txt 2>&1; check "vendored folder skipped" 0 $?
contains "vendored folder listed" out.txt "vend/dependencies: skipped: vendored third-party code"
"$GPULINT" check --include-vendored vend > out.txt 2>&1; check "--include-vendored checks it" 1 $?
contains "vendored finding" out.txt "loader.py:5"
"$GPULINT" check vend/dependencies/fastquant > out.txt 2>&1; check "naming vendored code checks it" 1 $?

echo "$passes passed, $failures failed"
[[ $failures == 0 ]]
