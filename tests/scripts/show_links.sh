#!/usr/bin/env bash
# --show-links: the jobs recognised, the script each starts, the argv bound
# and configs linked, and what is not recognised; as text and in JSON.
# Usage: show_links.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SRC=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$SRC/testdata/projects/links_recognised" "$work/proj"
cd "$work"

"$GPULINT" check proj --show-links --no-progress > text.out 2> text.err
check "clean project exits 0" 0 $?
contains "job, kind and role" text.out "proj/job.yaml:12: Kubernetes Job, role trainer (2 GPUs)"
contains "launch and resolved script" text.out "starts: torchrun (2 processes per node) train.py -> proj/train.py"
contains "argv bound to options" text.out "argv bound: --epochs 30 -> epochs; --workers 6 -> workers; --config conf/run.yaml -> config;"
contains "config linked" text.out "config: proj/conf/run.yaml"
contains "unknown resource" text.out "proj/job.yaml:19: resource example.com/fpga (container trainer) is not read by any rule"
contains "unknown job kind" text.out "proj/flink.yaml:2: kind FlinkDeployment (flink.apache.org/v1beta1): not a job kind gpulint reads"
contains "findings summary still follows" text.out "No findings."

"$GPULINT" check proj --no-progress > plain.out 2>&1
lacks "no links without the option" plain.out "Jobs recognised"

"$GPULINT" check proj --show-links --format json --no-progress > out.json
holds "json links section" python3 - out.json <<'PY'
import json, sys
links = json.load(open(sys.argv[1]))["links"]
[job] = links["jobs"]
assert job["kind"] == "Kubernetes Job" and job["role"] == "trainer" and job["gpus"] == 2, job
[launch] = job["launches"]
assert launch["launcher"] == "torchrun" and launch["processes_per_node"] == 2, launch
assert launch["script_file"] == "proj/train.py", launch
assert {"flag": "--workers", "value": "6", "dest": "workers"} in launch["argv"], launch["argv"]
assert launch["configs"] == ["proj/conf/run.yaml"], launch
whats = [n["what"] for n in links["not_recognised"]]
assert any("FlinkDeployment" in w for w in whats) and any("example.com/fpga" in w for w in whats), whats
PY
"$GPULINT" check proj --no-progress --format json > plain.json
holds "json without links unless asked" python3 -c "import json,sys; assert 'links' not in json.load(open(sys.argv[1]))" plain.json

"$GPULINT" check proj --show-links --format sarif --no-progress > /dev/null 2> sarif.err
check "show-links with sarif is a usage error" 2 $?
finish
