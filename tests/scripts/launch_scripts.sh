#!/usr/bin/env bash
# Shell and Slurm launch scripts end to end: an extensionless script found by
# its shebang, unrelated and unreadable shell files never failing the run,
# --unsafe-fixes editing a script variable, suppressions on #SBATCH lines.
# Usage: launch_scripts.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

mkdir -p repo/scripts
cat > repo/train.py <<'PY'
import os

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset

if __name__ == "__main__":
    if "WORLD_SIZE" in os.environ:
        dist.init_process_group("nccl")
    data = TensorDataset(torch.randn(64, 8), torch.randn(64, 1))
    loader = DataLoader(data, batch_size=32, num_workers=2, pin_memory=True, persistent_workers=True)
    model = torch.nn.Linear(8, 1).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
PY
# An extensionless launcher, found by its shebang when the folder is walked.
cat > repo/scripts/run <<'SH'
#!/usr/bin/env bash
#SBATCH --gres=gpu:4
NGPUS=2
torchrun --nproc_per_node=$NGPUS train.py
SH
# Not launchers: silent, also when the grammar cannot read them.
printf '#!/bin/sh\nset -e\nmake -C docs html\n' > repo/scripts/docs.sh
printf 'if [ -z "$X" ; then\n  echo (\n' > repo/scripts/broken_helper.sh
printf 'not a script\n' > repo/scripts/README

"$GPULINT" check --no-progress repo > out.txt 2> err.txt
check "a finding in the extensionless script: exit 1" 1 $?
contains "GPU301 on the #SBATCH line" out.txt "scripts/run:2:9: error: .*GPU301"
lacks "nothing about the other shell files" out.txt "docs.sh\|broken_helper\|README"
check "no note for files that are not launchers" "" "$(cat err.txt)"

# A launcher the grammar cannot read: a note, exit code unchanged.
mkdir -p only_broken
printf '#SBATCH --gres=gpu:2\nif [ -z "$X" ; then\n  python train.py\n' > only_broken/job.sh
"$GPULINT" check --no-progress only_broken > out2.txt 2> err2.txt
check "an unreadable launcher does not fail the run" 0 $?
contains "one note names it" err2.txt "note: only_broken/job.sh: a launch script gpulint's shell grammar cannot read (line"
"$GPULINT" check --no-progress --quiet only_broken > /dev/null 2> err3.txt
check "--quiet drops the note" "" "$(cat err3.txt)"

# --unsafe-fixes sets the variable torchrun's count comes from; then the run is clean.
cp -r repo fixed
"$GPULINT" check --no-progress --unsafe-fixes fixed > /dev/null 2>&1
contains "the assignment now holds the GPU count" fixed/scripts/run "^NGPUS=4$"
"$GPULINT" check --no-progress fixed > /dev/null 2>&1
check "clean after the fix" 0 $?
# --fix alone leaves an unsafe fix alone.
cp -r repo safe
"$GPULINT" check --no-progress --fix safe > /dev/null 2>&1
contains "--fix does not apply the unsafe fix" safe/scripts/run "^NGPUS=2$"

# A suppression at the end of the #SBATCH line (sbatch ignores it).
cp -r repo quiet
"$GPULINT" check --no-progress --add-noqa quiet > /dev/null 2>&1
contains "--add-noqa comments the directive" quiet/scripts/run "^#SBATCH --gres=gpu:4  # gpulint: disable=GPU301$"
"$GPULINT" check --no-progress quiet > /dev/null 2>&1
check "the comment suppresses it" 0 $?

# JSON output locates the finding in the script.
"$GPULINT" check --no-progress --format json repo > out.json 2>/dev/null
contains "JSON names the script" out.json 'scripts/run"'
finish
