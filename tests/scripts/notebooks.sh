#!/usr/bin/env bash
# Jupyter notebooks through the CLI: cell positions in text, JSON, SARIF and
# GitHub output; --fix edits the cell inside the JSON and keeps the rest;
# broken or non-Python notebooks are a per-file error or a named skip,
# never a silent "No findings"; folders find notebooks.
# Usage: notebooks.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SRC=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir nb
cp "$SRC"/testdata/notebooks/GPU201_training_loop.ipynb "$SRC"/testdata/notebooks/GPU103_notebook_fix.ipynb nb/

# Text: path:cell N:line:col, the line inside the cell in the code frame.
"$GPULINT" check nb/GPU201_training_loop.ipynb --no-progress --select GPU201 > text.out 2> text.err
check "findings exit 1" 1 $?
contains "text names cell and line" text.out "nb/GPU201_training_loop.ipynb:cell 6:10:"
contains "code frame shows the cell line number" text.out " 10 |         lossi.append(loss.item())"
lacks "suppressed line in a cell" text.out "last = loss.item()"

# JSON: the cell (1-based, as shown) and its index in the notebook's cells.
"$GPULINT" check nb/GPU201_training_loop.ipynb --no-progress --select GPU201 --format json > out.json
holds "json carries the cell" python3 - out.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["diagnostics"]
assert len(d) == 1, d
loc = d[0]["location"]
assert loc["cell"] == 6 and loc["cell_index"] == 5 and loc["start"]["line"] == 10, loc
PY

# SARIF and GitHub: the line of the .ipynb JSON that holds the source line.
"$GPULINT" check nb/GPU201_training_loop.ipynb --no-progress --select GPU201 --format sarif > out.sarif
holds "sarif region is the JSON line of the cell source" python3 - out.sarif nb/GPU201_training_loop.ipynb <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"][0]
region = r["locations"][0]["physicalLocation"]["region"]
line = open(sys.argv[2], encoding="utf-8").read().split("\n")[region["startLine"] - 1]
assert "lossi.append(loss.item())" in line, line
col = region["startColumn"] - 1
assert line[col:].startswith("loss.item()"), line[col:]
assert r["properties"]["notebookCell"] == 6 and r["properties"]["notebookCellLine"] == 10, r["properties"]
assert "fixes" not in r
PY
"$GPULINT" check nb/GPU201_training_loop.ipynb --no-progress --select GPU201 --format github > gh.out
json_line=$(grep -n 'lossi.append(loss.item())' nb/GPU201_training_loop.ipynb | cut -d: -f1)
contains "github annotation on the JSON line" gh.out "line=$json_line,"

# --fix: one cell string changes, outputs and formatting stay; valid JSON.
cp nb/GPU103_notebook_fix.ipynb before.ipynb
"$GPULINT" check nb/GPU103_notebook_fix.ipynb --fix --no-progress > fix.out 2> fix.err
contains "fix summary" fix.err "fixed 1 finding in 1 file"
holds "fixed notebook is valid JSON" python3 -c "import json,sys; json.load(open(sys.argv[1]))" nb/GPU103_notebook_fix.ipynb
holds "fix matches the .fixed notebook" cmp -s nb/GPU103_notebook_fix.ipynb "$SRC"/testdata/notebooks/GPU103_notebook_fix.fixed.ipynb
check "only the one source line differs" 2 "$(diff before.ipynb nb/GPU103_notebook_fix.ipynb | grep -c '^[<>]')"
"$GPULINT" check nb/GPU103_notebook_fix.ipynb --fix --no-progress > /dev/null 2>&1
holds "fixing again changes nothing" cmp -s nb/GPU103_notebook_fix.ipynb "$SRC"/testdata/notebooks/GPU103_notebook_fix.fixed.ipynb

# --add-noqa does not write the cells' Python over the notebook.
cp before.ipynb noqa.ipynb
"$GPULINT" check noqa.ipynb --add-noqa --no-progress > /dev/null 2> noqa.err
holds "add-noqa leaves a notebook alone" cmp -s before.ipynb noqa.ipynb
contains "add-noqa says why" noqa.err "a notebook: add the comment in its cell"

# Broken notebooks: a per-file error (exit 2), never "No findings" alone.
printf '{"cells": [' > broken.ipynb
printf '{"nbformat": 3, "nbformat_minor": 0, "worksheets": []}\n' > old.ipynb
printf '{"metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n' > nocells.ipynb
for f in broken old nocells; do
  "$GPULINT" check $f.ipynb --no-progress > $f.out 2>&1
  check "$f notebook exits 2" 2 $?
done
contains "invalid JSON named" broken.out "broken.ipynb: error: invalid notebook JSON"
contains "nbformat 3 named" old.out "nbformat 3 notebooks are not supported"
contains "no cells named" nocells.out "no \"cells\" list"
printf '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n' > empty.ipynb
"$GPULINT" check empty.ipynb --no-progress > empty.out 2>&1
check "empty notebook is clean" 0 $?

# A notebook of another kernel: skipped with a note when named, silent in folders.
cat > r.ipynb <<'JSON'
{"cells": [{"cell_type": "code", "metadata": {}, "source": ["library(ggplot2)\n", "x <- c(1, 2)"], "outputs": [], "execution_count": null}],
 "metadata": {"kernelspec": {"language": "R", "name": "ir", "display_name": "R"}}, "nbformat": 4, "nbformat_minor": 5}
JSON
"$GPULINT" check r.ipynb --no-progress > r.out 2> r.err
check "R notebook exits 0" 0 $?
contains "R notebook skip is said" r.err "r.ipynb: skipped: a notebook in R, not Python"
truncate -s 21M huge.ipynb
"$GPULINT" check huge.ipynb --no-progress > huge.out 2> huge.err
check "huge notebook is skipped, not an error" 0 $?
contains "huge notebook skip is said" huge.err "huge.ipynb: skipped: notebook larger than 20 MiB"
mkdir folder && cp r.ipynb huge.ipynb folder/ && cp "$SRC"/testdata/notebooks/GPU201_training_loop.ipynb folder/
"$GPULINT" check folder --no-progress --select GPU201 > folder.out 2> folder.err
check "folder run finds the notebook" 1 $?
contains "folder finding in the notebook" folder.out "folder/GPU201_training_loop.ipynb:cell 6:10:"
lacks "folder run does not note the R notebook" folder.err "r.ipynb"
lacks "folder run does not note the huge notebook" folder.err "huge.ipynb"

finish
