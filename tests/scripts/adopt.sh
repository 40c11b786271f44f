#!/usr/bin/env bash
# Adopting gpulint on a repository with findings: baselines, statistics,
# --help against the parser, colour from the environment, --diff that
# git apply accepts, and inputs that are not ours (data JSON, JSON with
# comments, YAML another parser reads) that never fail the run.
# Usage: adopt.sh GPULINT SOURCE_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
GPULINT=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# ---- baselines -------------------------------------------------------------
cat > legacy.py <<'PY'
from torch.utils.data import DataLoader

def train_loader(ds):
    return DataLoader(ds, batch_size=64)

def eval_loader(ds):
    return DataLoader(ds, batch_size=64)
PY
"$GPULINT" check --write-baseline base.json legacy.py > out.txt 2> err.txt; check "write-baseline exits 0" 0 $?
contains "write-baseline summary" err.txt "recorded 2 findings in base.json"
check "baseline holds both findings" 2 "$(grep -c '"fingerprint": "[0-9a-f]' base.json)"
"$GPULINT" check --baseline base.json legacy.py > out.txt 2>&1; check "baselined findings are hidden" 0 $?
contains "nothing new" out.txt "No findings"
"$GPULINT" check legacy.py > out.txt 2>&1; check "without --baseline they are reported" 1 $?
# Unrelated lines inserted above move every finding: still recognised.
{ printf '"""Legacy training code."""\nimport os\nimport sys\n\nSEED = 1\n'; cat legacy.py; } > moved.py && mv moved.py legacy.py
"$GPULINT" check --baseline base.json legacy.py > out.txt 2>&1; check "baseline survives inserted lines" 0 $?
# A new finding is reported, and only it.
printf '\ndef test_loader(ds):\n    return DataLoader(ds, batch_size=32)\n' >> legacy.py
"$GPULINT" check --baseline base.json legacy.py > out.txt 2>&1; check "new finding fails" 1 $?
contains "the new finding" out.txt "legacy.py:15:12"
check "only the new finding" 1 "$(grep -c 'GPU101' out.txt)"
# A second copy of a recorded line is new: a fingerprint hides as many findings as were recorded.
printf '\ndef more(ds):\n    return DataLoader(ds, batch_size=64)\n' >> legacy.py
"$GPULINT" check --baseline base.json --format json legacy.py > out.json 2>&1; check "copy of an old line" 1 $?
check "two new findings" 2 "$(python3 -c 'import json,sys; print(len(json.load(open("out.json"))["diagnostics"]))')"
"$GPULINT" check --baseline missing.json legacy.py > out.txt 2>&1; check "missing baseline" 2 $?
contains "missing baseline named" out.txt "missing.json"
echo '[1, 2]' > notbase.json
"$GPULINT" check --baseline notbase.json legacy.py > out.txt 2>&1; check "not a baseline" 2 $?
"$GPULINT" check --write-baseline b2.json --fix legacy.py > out.txt 2>&1; check "write-baseline with --fix" 2 $?

# ---- statistics ------------------------------------------------------------
"$GPULINT" check --statistics legacy.py > out.txt 2>&1; check "statistics exit as findings" 1 $?
contains "count per rule" out.txt "^4  GPU101  "
lacks "no per-finding lines" out.txt "legacy.py:"
"$GPULINT" check --statistics --format json legacy.py > out.json 2>&1; check "json statistics" 1 $?
check "json statistics count" "GPU101 4" "$(python3 -c 'import json; d=json.load(open("out.json")); print(d[0]["rule"], d[0]["count"])')"
printf 'x = 1\n' > clean.py
"$GPULINT" check --statistics clean.py > out.txt 2>&1; check "statistics of a clean file" 0 $?
check "no rows for a clean file" "" "$(cat out.txt)"
"$GPULINT" check --statistics --format sarif legacy.py > out.txt 2>&1; check "statistics in sarif" 2 $?

# ---- --add-noqa ----------------------------------------------------------------
mkdir noqa && cd noqa
cat > t.py <<'PY'
from torch.utils.data import DataLoader

def make(ds):
    a = DataLoader(ds, batch_size=64)  # legacy, see #12
    b = DataLoader(ds,
                   batch_size=64)
    c = DataLoader(ds, batch_size=64) if ds else \
        None
    return a, b, c
PY
printf 'from torch.utils.data import DataLoader\r\n\r\ndef make(ds):\r\n    return DataLoader(ds, batch_size=64)\r\n' > crlf.py
printf 'import torch\nfrom torch.utils.data import DataLoader\nloader = DataLoader(ds, batch_size=64, num_workers=8, pin_memory=True, persistent_workers=True)\nmodel = Net().cuda()\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x, y in loader:\n    loss = model(x.cuda(non_blocking=True)).sum()\n    opt.zero_grad()\n    loss.backward()\n    opt.step()\n' > train.py
printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: t\n      command: ["python", "train.py"]\n' > pod.yaml
"$GPULINT" check --add-noqa . > out.txt 2> err.txt; check "a line left alone exits 1" 1 $?
contains "count" err.txt "added 4 suppression comments in 3 file(s)"
contains "after an existing comment" t.py '    a = DataLoader(ds, batch_size=64)  # legacy, see #12  # gpulint: disable=GPU101$'
contains "first line of a call" t.py '    b = DataLoader(ds,  # gpulint: disable=GPU101$'
contains "continuation refused" err.txt "t.py:7: the line continues on the next one"
contains "continuation untouched" t.py ' if ds else \\$'
contains "CRLF kept" crlf.py $'batch_size=64)  # gpulint: disable=GPU101\r$'
contains "YAML comment" pod.yaml '    - name: t  # gpulint: disable=GPU303$'
"$GPULINT" check . > out.txt 2>&1; check "only the refused finding is left" 1 $?
check "one finding left" 1 "$(grep -c '\[GPU101\]' out.txt)"
md5=$(cat t.py crlf.py pod.yaml | md5sum)
"$GPULINT" check --add-noqa . > out.txt 2> err.txt
check "--add-noqa is idempotent" "$md5" "$(cat t.py crlf.py pod.yaml | md5sum)"
# Inside a YAML block scalar a comment would become part of the command.
printf 'protocolVersion: 2\nname: t\ntype: job\ntaskRoles:\n  worker:\n    instances: 1\n    resourcePerInstance:\n      gpu: 1\n      cpu: 8\n    commands:\n      - >-\n        python train.py\n        --workers 0\n' > pai.yaml
printf 'import argparse\nfrom torch.utils.data import DataLoader\np = argparse.ArgumentParser()\np.add_argument("--workers", type=int, default=4)\nargs = p.parse_args()\nloader = DataLoader(ds, batch_size=64, num_workers=args.workers)\n' > train.py
rm pod.yaml
cp pai.yaml pai.before
"$GPULINT" check . > out.txt 2>&1
contains "the finding is in the block scalar" out.txt "pai.yaml:13:"
"$GPULINT" check --add-noqa . > out.txt 2> err.txt; check "block scalar left alone" 1 $?
contains "block scalar reason" err.txt "pai.yaml:13: a comment there would change the YAML value"
cmp -s pai.yaml pai.before; check "block scalar unchanged" 0 $?
"$GPULINT" check --add-noqa --fix . > out.txt 2>&1; check "--add-noqa with --fix" 2 $?
cd "$tmp"

# ---- explicit files are analysed in their project -----------------------------
mkdir -p scoped/src scoped/jobs && cd scoped
cat > src/train.py <<'PY'
import argparse
from torch.utils.data import DataLoader

p = argparse.ArgumentParser()
p.add_argument("--workers", type=int, default=4)
args = p.parse_args()
loader = DataLoader(ds, batch_size=64, num_workers=args.workers, pin_memory=True, persistent_workers=True)
PY
cat > jobs/pod.yaml <<'YAML'
apiVersion: v1
kind: Pod
spec:
  containers:
    - name: t
      command: ["python", "src/train.py", "--workers", "0"]
      volumeMounts: [{name: shm, mountPath: /dev/shm}]
  volumes: [{name: shm, emptyDir: {medium: Memory}}]
YAML
printf 'apiVersion: v1\nkind: Pod\nspec: [1\n' > jobs/broken.yaml
printf 'from torch.utils.data import DataLoader\nDataLoader(ds, batch_size=64)\n' > src/other.py
# Without a project marker, a file stands alone: the default is fine.
"$GPULINT" check src/train.py > out.txt 2>&1; check "no project: the file alone" 0 $?
printf '[tool.black]\n' > pyproject.toml
"$GPULINT" check src/train.py > out.txt 2>&1; check "the job's value reaches the given script" 1 $?
contains "reported at the script" out.txt "^src/train.py:7:40: warning: .*job argv sets --workers"
contains "the job's value as a note" out.txt "jobs/pod.yaml:6:56: note: job argv writes the value here"
lacks "other files' findings are not reported" out.txt "other.py"
lacks "other files' errors are not reported" out.txt "broken.yaml"
"$GPULINT" check jobs/pod.yaml > out.txt 2>&1; check "the job file alone" 1 $?
contains "reported at the job's value" out.txt "^jobs/pod.yaml:6:56: warning: "
"$GPULINT" check jobs/pod.yaml src/train.py > out.txt 2>&1
check "both: once, at the value" 1 "$(grep -c 'GPU101\]' out.txt)"
contains "both: at the job" out.txt "^jobs/pod.yaml:6:56: warning: "
"$GPULINT" check src/other.py > out.txt 2>&1; check "a script no job starts" 1 $?
printf 'exclude: ["src/other.py"]\n' > .gpulint.yaml
"$GPULINT" check src/other.py > out.txt 2>&1; check "a file named explicitly is analysed though excluded" 1 $?
"$GPULINT" check --force-exclude src/other.py > out.txt 2>&1; check "--force-exclude" 0 $?
"$GPULINT" check --force-exclude src/other.py src/train.py > out.txt 2>&1; check "--force-exclude keeps the others" 1 $?
rm .gpulint.yaml
"$GPULINT" check . > out.txt 2>&1; check "the folder run still sees the broken job" 2 $?
cd "$tmp"

# ---- --help lists what the parser accepts, and only that -------------------
"$GPULINT" --help > help.txt 2>&1; check "help exits 0" 0 $?
for opt in --fix --diff --unsafe-fixes --compile-commands -j --jobs --baseline --write-baseline --statistics --add-noqa --verbose; do
  contains "help lists $opt" help.txt " $opt[ ,]"
done
mkdir probe  # options that write (--write-baseline x, --add-noqa) write only here
for opt in $(grep -oE -- '(^| )--?[a-z][a-z-]*' help.txt | tr -d ' ' | sort -u); do
  (cd probe && "$GPULINT" check "$opt" x > ../out.txt 2>&1)
  lacks "parser accepts $opt from --help" out.txt "unknown option"
done

# ---- colour ----------------------------------------------------------------
esc=$'\033\['
"$GPULINT" check legacy.py > out.txt 2>&1; lacks "no colour into a file" out.txt "$esc"
FORCE_COLOR=1 "$GPULINT" check legacy.py > out.txt 2>&1; contains "FORCE_COLOR" out.txt "$esc"
FORCE_COLOR=0 "$GPULINT" check legacy.py > out.txt 2>&1; lacks "FORCE_COLOR=0" out.txt "$esc"
NO_COLOR=1 FORCE_COLOR=1 "$GPULINT" check legacy.py > out.txt 2>&1; lacks "NO_COLOR wins" out.txt "$esc"
NO_COLOR=1 "$GPULINT" check --color legacy.py > out.txt 2>&1; contains "--color over NO_COLOR" out.txt "$esc"
FORCE_COLOR=1 "$GPULINT" check --no-color legacy.py > out.txt 2>&1; lacks "--no-color over FORCE_COLOR" out.txt "$esc"

# ---- --diff: hunks git apply accepts ----------------------------------------
mkdir repo && cd repo && git init -q . && git config user.email t@example.com && git config user.name t
{
  printf 'from torch.utils.data import DataLoader\n\n\ndef first(ds):\n    return DataLoader(ds, batch_size=64)\n'
  for i in $(seq 1 2400); do printf 'STEP_%d = %d\n' "$i" "$i"; done
  printf '\n\ndef last(ds):\n    return DataLoader(ds, batch_size=64)\n'
} > far.py
git add far.py && git commit -qm base
"$GPULINT" check --diff --unsafe-fixes far.py > fix.diff 2> err.txt; check "--diff exit" 1 $?
check "two hunks for two far fixes" 2 "$(grep -c '^@@ ' fix.diff)"
check "hunks are small" 1 "$(( $(wc -l < fix.diff) < 30 ))"
git apply --check fix.diff > out.txt 2>&1; check "git apply --check" 0 $?
git apply fix.diff && cp far.py applied.py && git checkout -q far.py
"$GPULINT" check --unsafe-fixes far.py > out.txt 2>&1; check "--unsafe-fixes" 0 $?
cmp -s far.py applied.py; check "the diff is what --fix writes" 0 $?
cd "$tmp"

# ---- inputs that are not ours ------------------------------------------------
mkdir -p proj && cd proj
printf 'x = 1\n' > train.py
printf '{\n  // comments: not JSON\n  "compilerOptions": {"strict": true,},\n}\n' > tsconfig.json
python3 -c '
import json
vocab = {"tok%d" % i: i for i in range(200000)}
json.dump({"version": "1.0", "model": {"vocab": vocab}}, open("tokenizer.json", "w"))'
printf 'a: [1, 2\nb: {\n' > notes.yaml
start=$(date +%s)
"$GPULINT" check --verbose . > out.txt 2> err.txt; check "data files never fail the run" 0 $?
check "data files cost no parse" 1 "$(( $(date +%s) - start < 10 ))"
contains "JSON with comments skipped" err.txt "tsconfig.json: skipped: not a job"
contains "large JSON skipped" err.txt "tokenizer.json: skipped: larger than 2 MiB"
contains "broken non-job YAML skipped" err.txt "notes.yaml: skipped: not a job"
"$GPULINT" check . > out.txt 2> err.txt; lacks "notes only with --verbose" err.txt "skipped"
# A job only our grammar rejects (an under-indented continuation of a quoted
# scalar, which yaml-cpp and PyYAML read) is our limit: skipped with a note.
printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: t\n    command: "python\n  train.py"\n' > pod.yaml
"$GPULINT" check --verbose . > out.txt 2> err.txt; check "job only yaml-cpp reads" 0 $?
contains "job only yaml-cpp reads: note" err.txt "pod.yaml: skipped: not readable by gpulint's parser"
# A job that does not parse is still the user's error.
printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: t\n    command: [python, train.py]\n    z: - a\n' > pod.yaml
"$GPULINT" check . > out.txt 2>&1; check "broken job exits 2" 2 $?
contains "broken job named" out.txt "pod.yaml: error"
printf '{"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [\n' > pod.yaml
"$GPULINT" check . > out.txt 2>&1; check "broken JSON job exits 2" 2 $?
cd "$tmp"

# ---- configuration in pyproject.toml; .gitignore ---------------------------------
mkdir "$tmp/cfg" && cd "$tmp/cfg" && git init -q .
printf 'from torch.utils.data import DataLoader\nloader = DataLoader(samples, batch_size=64)\nprint(len(loader))\n' > train.py
mkdir -p generated && cp train.py generated/train.py && printf 'generated/\n' > .gitignore
"$GPULINT" check . > out.txt 2>&1; check "without settings GPU101 fires once (generated/ is ignored)" 1 $?
check "ignored folder not analysed" 0 "$(grep -c 'generated/' out.txt)"
"$GPULINT" check --no-respect-gitignore . > out.txt 2>&1
contains "--no-respect-gitignore analyses it" out.txt "generated/train.py"
printf '[project]\nname = "demo"\n\n[tool.gpulint]\nignore = ["GPU101"]\n' > pyproject.toml
"$GPULINT" check . > out.txt 2>&1; check "[tool.gpulint] ignore is honoured" 0 $?
printf '[tool.gpulint]\nignore = ["GPU101"]\nworkers = "4"\n' > pyproject.toml
"$GPULINT" check . > out.txt 2>&1; check "bad [tool.gpulint] value is an error" 2 $?
contains "error names the TOML line and column" out.txt "pyproject.toml:3:11: 'workers' must be a positive integer"
printf 'ignore: [GPU1]\n' > .gpulint.yaml
"$GPULINT" check . > out.txt 2>&1; check ".gpulint.yaml wins over pyproject.toml in one folder" 0 $?
cd "$tmp"

# ---- suppressions that do nothing ------------------------------------------------
mkdir "$tmp/sup" && cd "$tmp/sup"
cat > train.py <<'PY'
from torch.utils.data import DataLoader
loader = DataLoader(samples, batch_size=64)  # gpulint: disable=GPU101
size = 64  # gpulint: disable=GPU204
# gpulint: disable=GPU203
done = True
other = 1  # noqa
typo = 2  # gpulint: disable GPU101
PY
"$GPULINT" check -q train.py > out.txt 2>&1; check "an unreadable directive fails the run" 1 $?
contains "GPU002 on its line" out.txt "train.py:7:1: warning: This suppression comment is not understood"
check "unused ones only when asked" 0 "$(grep -c GPU001 out.txt)"
"$GPULINT" check -q --report-unused-suppressions train.py > out.txt 2>&1
check "two unused directives (used one, bare noqa silent)" 2 "$(grep -c '\[GPU001\]' out.txt)"
"$GPULINT" check -q --report-unused-suppressions --ignore GPU2 train.py > out.txt 2>&1
check "deselected rules are not judged" 0 "$(grep -c '\[GPU001\]' out.txt)"
"$GPULINT" check -q --report-unused-suppressions --fix train.py > out.txt 2>&1
lacks "--fix deletes the unused comments" train.py "GPU204"
lacks "--fix deletes a comment's own line" train.py "GPU203"
contains "the used one stays" train.py "# gpulint: disable=GPU101"
cd "$tmp"

finish
