#!/usr/bin/env bash
# pre-commit end to end, with Debian's pre-commit: the hooks of
# .pre-commit-hooks.yaml, used from a hooks repository the way a project
# uses them (repo + rev), in a throw-away git repository: the gpulint hook
# stops a commit with a finding, gpulint-fix fixes it, then the commit passes.
# Skipped (77) without pre-commit or git. Usage: pre_commit.sh GPULINT SOURCE_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
GPULINT=$1
SRC=$2
command -v pre-commit > /dev/null && command -v git > /dev/null || { echo "pre-commit or git missing: skipped"; exit 77; }
tmp=$(mktemp -d)
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$tmp"' EXIT
# language: system runs the gpulint on PATH, as after installing the package.
bin=$(cd "$(dirname "$GPULINT")" && pwd)
mkdir "$tmp/bin" && ln -s "$bin/$(basename "$GPULINT")" "$tmp/bin/gpulint"
export PATH="$tmp/bin:$PATH" PRE_COMMIT_HOME="$tmp/cache" GIT_CONFIG_GLOBAL="$tmp/gitconfig" GIT_CONFIG_NOSYSTEM=1
git config --global user.email test@example.com
git config --global user.name test
git config --global init.defaultBranch main

# The hooks repository: this tree's hook definitions at a commit.
mkdir "$tmp/hooks" && cp "$SRC/.pre-commit-hooks.yaml" "$tmp/hooks/"
git -C "$tmp/hooks" init -q && git -C "$tmp/hooks" add . && git -C "$tmp/hooks" commit -qm hooks
rev=$(git -C "$tmp/hooks" rev-parse HEAD)

mkdir "$tmp/project" && cd "$tmp/project" && git init -q
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: gpulint-fix
      - id: gpulint
YAML
printf 'notes = "not python-checked"\n' > README.txt
git add . && git commit -qm "hook config" --no-verify
pre-commit install > "$tmp/out.txt" 2>&1; check "pre-commit install" 0 $?

cat > train.py <<'PY'
import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for images, target in loader:
        images = images.cuda()
        loss = model(images, target.cuda(non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
PY
git add train.py

# The first commit: gpulint-fix adds non_blocking=True and fails (files changed).
git commit -qm "train" > "$tmp/out.txt" 2>&1; check "commit with a fixable finding is stopped" 1 $?
contains "the fix hook ran" "$tmp/out.txt" "gpulint (apply safe fixes)"
contains "fixed in the work tree" train.py "images = images.cuda(non_blocking=True)"
# Staging the fix lets the commit through.
git add train.py
git commit -qm "train" > "$tmp/out.txt" 2>&1; check "commit after the fix passes" 0 $?

# A finding without a safe fix: the gpulint hook stops the commit and names it.
printf '\n\ndef make(ds):\n    return DataLoader(ds, batch_size=8)\n' >> train.py
git add train.py
git commit -qm "loader" > "$tmp/out.txt" 2>&1; check "commit with a finding is stopped" 1 $?
contains "the finding is shown" "$tmp/out.txt" "train.py:16:12: warning: .*GPU101"
# A staged script is judged with the job that starts it, though the job is not staged.
git reset -q --hard HEAD
mkdir jobs
printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: t\n      command: ["python", "eval.py", "--workers", "0"]\n      volumeMounts: [{name: shm, mountPath: /dev/shm}]\n  volumes: [{name: shm, emptyDir: {medium: Memory}}]\n' > jobs/pod.yaml
git add jobs && git commit -qm "job" --no-verify
printf 'import argparse\nfrom torch.utils.data import DataLoader\np = argparse.ArgumentParser()\np.add_argument("--workers", type=int, default=4)\nargs = p.parse_args()\nloader = DataLoader(ds, batch_size=64, num_workers=args.workers, pin_memory=True, persistent_workers=True)\n' > eval.py
git add eval.py
git commit -qm "eval" > "$tmp/out.txt" 2>&1; check "a staged script with a bad job value is stopped" 1 $?
contains "the job's value is named" "$tmp/out.txt" "eval.py:6:40: warning: .*job argv sets --workers"
# `exclude` applies to staged files too.
git reset -q --hard HEAD
mkdir vendor && printf 'from torch.utils.data import DataLoader\nDataLoader(ds, batch_size=64)\n' > vendor/lib.py
printf 'exclude: ["vendor"]\n' > .gpulint.yaml
git add vendor .gpulint.yaml
git commit -qm "vendored" > "$tmp/out.txt" 2>&1; check "an excluded staged file passes" 0 $?
# The hooks see only the staged files of their types: a text file alone passes.
git reset -q --hard HEAD
printf 'more\n' >> README.txt && git add README.txt
git commit -qm "docs" > "$tmp/out.txt" 2>&1; check "no file of ours: hooks skipped" 0 $?

finish
