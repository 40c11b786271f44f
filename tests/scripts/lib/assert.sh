# Assertions shared by the shell tests (sourced; not a test itself).
# Each counts into $passes/$failures; end a script with `finish`.
passes=0
failures=0
check() {  # check NAME EXPECTED ACTUAL
  if [[ "$2" == "$3" ]]; then passes=$((passes + 1)); else echo "FAIL: $1 (got '$3', expected '$2')"; failures=$((failures + 1)); fi
}
contains() {  # contains NAME FILE PATTERN
  if grep -q -- "$3" "$2"; then passes=$((passes + 1)); else echo "FAIL: $1: no '$3' in:"; cat "$2"; failures=$((failures + 1)); fi
}
lacks() {  # lacks NAME FILE PATTERN
  if grep -q -- "$3" "$2"; then echo "FAIL: $1: unexpected '$3' in:"; cat "$2"; failures=$((failures + 1)); else passes=$((passes + 1)); fi
}
holds() {  # holds NAME COMMAND...: the command succeeds
  local name=$1
  shift
  if "$@"; then passes=$((passes + 1)); else echo "FAIL: $name"; failures=$((failures + 1)); fi
}
finish() {
  echo "$passes passed, $failures failed"
  [[ $failures == 0 ]]
}
