#!/usr/bin/env bash
# Whole-program cost of gpulint, printed as ratios measured in one run:
#   - all rules, one job, over the parse-only floor (tree-sitter-python parsing
#     the same discovered files: tests/bench/parse_floor.cpp), CPU time;
#   - the --jobs 2 speed-up over --jobs 1 (wall time) and peak RSS, beside
#     the machine's own ceiling: two parse floors run at once against one
#     after the other (a loaded or hyper-threaded machine scales less);
#   - time per line of generated 10k/50k/100k-line scripts (linear growth
#     means the per-line ratios stay near 1.0);
#   - --diff --unsafe-fixes over a plain check of the same file;
#   - the same two programs' instruction counts under valgrind (when it is
#     installed): a figure the machine's load does not move;
#   - with a C++ corpus: gpulint over clang parsing the same C++/CUDA files
#     with the same flags and shim headers (gpulint_parse_floor --cxx), CPU time.
# Each figure is the median of REPS runs (default 5); CPU time and peak RSS
# come from getrusage of the child process. A ratio is the median of REPS
# ratios of runs made back to back (the floor, then gpulint), not a ratio of
# medians taken minutes apart: this machine's speed drifts.
#
# Usage: scripts/bench.sh [CORPUS_DIR [CXX_CORPUS_DIR]]
# The corpus is a repository kept outside this one. The figures in the README
# use the Lightning repository's Python files:
#   git clone --depth 1 https://github.com/Lightning-AI/pytorch-lightning /tmp/lightning
# (or, from a mirror: git --git-dir=MIRROR archive HEAD -- '*.py' | tar -x -C /tmp/lightning).
# The C++ figure in the README uses pytorch3d's extension sources:
#   git clone --depth 1 https://github.com/facebookresearch/pytorch3d /tmp/pytorch3d  (CXX_CORPUS_DIR
#   /tmp/pytorch3d/pytorch3d/csrc); without one that section is left out.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-${GPULINT_BENCH_CORPUS:-/tmp/lightning}}
[[ -d $corpus ]] || { echo "bench.sh: corpus folder '$corpus' not found (see the header of $0)" >&2; exit 2; }
cxx_corpus=${2:-${GPULINT_BENCH_CXX_CORPUS:-}}
[[ -z $cxx_corpus || -d $cxx_corpus ]] || { echo "bench.sh: C++ corpus folder '$cxx_corpus' not found" >&2; exit 2; }
# GPULINT=path/to/gpulint measures another build (a saved baseline) instead.
if [[ -z ${GPULINT:-} ]]; then
  cmake --build build --target gpulint gpulint_parse_floor -j2 >/dev/null
  GPULINT=build/gpulint
fi
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
for n in 10000 50000 100000; do python3 scripts/bench_gen.py script $n > "$gen/script_$n.py"; done
python3 - "$corpus" "$gen" "${REPS:-5}" "$GPULINT" "$cxx_corpus" <<'PY'
import os, statistics, subprocess, sys

corpus, gen, reps, GPULINT, cxx_corpus = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
FLOOR = "build/tests/bench/gpulint_parse_floor"

def run(argv):
    """(cpu seconds, wall seconds, peak RSS MiB) of one run."""
    import time
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit("bench.sh: %s exited with %d" % (" ".join(argv), code))
    return ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss / 1024

def median(argv):
    runs = [run(argv) for _ in range(reps)]
    return tuple(statistics.median(r[i] for r in runs) for i in range(3))

def paired(base_argv, argv):
    """Medians of both programs and the median of their per-pair CPU ratios,
    each pair run back to back: a shared machine's speed drifts over a minute
    (by 2x within a session), so ratios of medians taken minutes apart swing
    while pairs see the same machine."""
    pairs = [(run(base_argv), run(argv)) for _ in range(reps)]
    base = tuple(statistics.median(p[0][i] for p in pairs) for i in range(3))
    this = tuple(statistics.median(p[1][i] for p in pairs) for i in range(3))
    return base, this, statistics.median(p[1][0] / p[0][0] for p in pairs)

def check(paths, *extra, jobs=1):
    return [GPULINT, "check", *paths, "--no-progress", "--format", "sarif", "-o", "/dev/null",
            "--jobs", str(jobs), *extra]

def pair_wall(argv):
    """Wall seconds of two copies of argv run at the same time."""
    import time
    start = time.perf_counter()
    ps = [subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(2)]
    for p in ps:
        p.wait()
    return time.perf_counter() - start

floor, one, one_ratio = paired([FLOOR, corpus], check([corpus]))
two = median(check([corpus], jobs=2))
# What the machine allows: two parse floors at once against one after the
# other (two processes, no shared state), read beside the --jobs 2 figure.
together = statistics.median(pair_wall([FLOOR, corpus]) for _ in range(reps))
print("corpus %s (median of %d)" % (corpus, reps))
print("  parse-only floor       %6.2f s CPU" % floor[0])
print("  gpulint --jobs 1       %6.2f s CPU   %.2fx the floor (median of run-by-run ratios)" % (one[0], one_ratio))
print("  --jobs 2 speed-up      %6.2fx  (wall %.2f s -> %.2f s, %d cores)" % (one[1] / two[1], one[1], two[1], os.cpu_count()))
print("  machine ceiling        %6.2fx  (two parse floors at once: wall %.2f s for both, %.2f s one after the other)"
      % (2 * floor[1] / together, together, 2 * floor[1]))
print("  peak RSS               %6.0f MiB (--jobs 1), %.0f MiB (--jobs 2)" % (one[2], two[2]))

def instructions(argv):
    """Instructions one run executes (valgrind's callgrind): the same on every run."""
    import re, tempfile
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(d, "out"), *argv],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"refs:\s+([\d,]+)", p.stderr)
    return int(m.group(1).replace(",", "")) if m else None

# CPU time on a shared machine moves with its neighbours; the instruction
# count does not. The two ratios apart say how much of the CPU time over the
# floor is work done and how much is memory (cache misses, fresh pages).
import shutil
if shutil.which("valgrind") and os.environ.get("BENCH_INSTRUCTIONS", "1") != "0":
    fi, gi = instructions([FLOOR, corpus]), instructions(check([corpus]))
    if fi and gi:
        print("  instructions           %6.2fx the floor's (%.2f G vs %.2f G, callgrind; BENCH_INSTRUCTIONS=0 skips)"
              % (gi / fi, gi / 1e9, fi / 1e9))

print("single generated script (scripts/bench_gen.py script N)")
base = None
for n in (10000, 50000, 100000):
    path = os.path.join(gen, "script_%d.py" % n)
    lines = sum(1 for _ in open(path))
    f, t, ratio = paired([FLOOR, path], check([path]))
    t = t[0]
    per_line = t / lines * 1e6
    base = base or per_line
    print("  %6d lines  %6.2f s CPU  %5.1f us/line  %.2fx the 10k per-line cost  %.2fx its parse floor"
          % (lines, t, per_line, per_line / base, ratio))

path = os.path.join(gen, "script_10000.py")
plain, diff, diff_ratio = paired(check([path]), [GPULINT, "check", path, "--no-progress", "--diff", "--unsafe-fixes",
                                                  "--jobs", "1"])
print("--diff --unsafe-fixes over a plain check (10k-line script): %.2fx (%.2f s vs %.2f s CPU)"
      % (diff_ratio, diff[0], plain[0]))

if cxx_corpus:
    clang, full, cxx_ratio = paired([FLOOR, "--cxx", cxx_corpus], check([cxx_corpus]))
    print("C++/CUDA corpus %s (median of %d)" % (cxx_corpus, reps))
    print("  clang parse-only, same flags  %6.2f s CPU" % clang[0])
    print("  gpulint --jobs 1              %6.2f s CPU   %.2fx clang's parse" % (full[0], cxx_ratio))
PY
