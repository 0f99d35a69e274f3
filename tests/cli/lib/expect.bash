# Shared by the command-line tests (sourced, not run; ctest runs only tests/cli/*.sh):
# a scratch folder $work removed on exit, a failure counter, and expect_rc.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# fail MESSAGE: records a failure and goes on (the script exits non-zero at its end).
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect_rc WANT DESCRIPTION -- command...: runs the command with its output in
# $work/out and $work/err and records a failure unless it exits with WANT.
expect_rc() {
  local want=$1 what=$2
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want ($(head -c 300 "$work/err"))"
}
