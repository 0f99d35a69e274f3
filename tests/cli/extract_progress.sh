#!/usr/bin/env bash
# boilerdex-extract's progress line on a terminal (a pseudo-terminal from util-linux's
# `script`): pages, MB of the inputs' MB, pages/s and ETA, erased before a report line and at
# the end; none with -q, none when stderr is not a terminal, none when the pages' text goes
# to the same terminal. Skips when `script` or a pseudo-terminal is missing.
# Usage: extract_progress.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
bin=$1/plugin/boilerdex-extract pages=$2/plugin/pages
[ -x "$bin" ] || { echo "extract_progress.sh: no $bin" >&2; exit 1; }
if ! command -v script >/dev/null || ! script -qec true /dev/null >/dev/null 2>&1; then
  echo "skip: no script(1) or no pseudo-terminal"
  exit 77
fi
. "$(dirname "$0")/lib/expect.bash"

# 40 pages and, last by name, a corrupt one: its report must start a clean line.
mkdir "$work/in"
for i in $(seq -w 1 40); do cp "$pages/article.html" "$work/in/page$i.html"; done
cp "$pages/broken.html.gz" "$work/in/zz-broken.html.gz"
total_mb=$(cat "$work/in"/* | wc -c | awk '{printf "%.1f", $1 / 1e6}')
erase=$'\r\033[K'

# on_tty LOG COMMAND: runs COMMAND (a shell line) with a terminal as its stdin, stdout and
# stderr; what the terminal showed goes to LOG. Returns COMMAND's exit status.
on_tty() {
  local log=$1
  shift
  script -qec "$1" /dev/null </dev/null >"$log" 2>&1
}

for jobs in 1 2; do
  rm -rf "$work/out$jobs"
  on_tty "$work/tty$jobs" "'$bin' -j $jobs -o '$work/out$jobs' '$work/in'"
  rc=$?
  [ "$rc" -eq 1 ] || fail "-j $jobs on a terminal: exit $rc, expected 1 (the corrupt page)"
  [ "$(ls "$work/out$jobs" | wc -l)" -eq 40 ] || fail "-j $jobs: not 40 pages written"
  grep -aqE "[0-9]+ pages  [0-9]+\.[0-9]/$total_mb MB  [0-9]+ pages/s  ETA (([0-9]+:)?[0-9]+:[0-9]{2}|--:--)" \
    "$work/tty$jobs" || fail "-j $jobs: no progress line of $total_mb MB: $(head -c 300 "$work/tty$jobs" | od -c | head -5)"
  grep -aqF "${erase}$work/in/zz-broken.html.gz" "$work/tty$jobs" ||
    fail "-j $jobs: the failure is not reported on a line of its own, the progress line erased"
  # The last line is the tool's summary, with no progress line after it.
  last=$(tr '\r' '\n' <"$work/tty$jobs" | grep -av '^\s*$' | tail -n 1)
  case $last in
    *"input(s) failed, 40 page(s) written"*) ;;
    *) fail "-j $jobs: the terminal does not end with the summary: '$last'" ;;
  esac
done

# -q: no progress line.
on_tty "$work/tty-q" "'$bin' -q -o '$work/out-q' '$work/in'"
grep -aq 'pages/s' "$work/tty-q" && fail "-q: progress shown"
grep -aqF "$work/in/zz-broken.html.gz" "$work/tty-q" || fail "-q: the failure is not reported"

# stderr not a terminal: no progress line, no carriage return.
expect_rc 1 "stderr to a file" -- "$bin" -o "$work/out-file" "$work/in"
grep -aq 'pages/s' "$work/err" && fail "stderr to a file: progress shown"
grep -aq $'\r' "$work/err" && fail "stderr to a file: carriage return written"

# The text to the terminal (no -o): no progress line cutting into it; to a file: shown.
on_tty "$work/tty-text" "'$bin' '$work/in'"
grep -aq 'pages/s' "$work/tty-text" && fail "text on the terminal: progress shown among it"
grep -aq 'Storm closes harbour' "$work/tty-text" || fail "text on the terminal: no text"
on_tty "$work/tty-redirected" "'$bin' '$work/in' >'$work/text.out'"
grep -aq 'pages/s' "$work/tty-redirected" || fail "text to a file: no progress on the terminal"
[ "$(grep -c 'Storm closes harbour' "$work/text.out")" -eq 40 ] || fail "text to a file: not 40 pages"

if [ "$failures" -gt 0 ]; then
  echo "extract_progress.sh: $failures failure(s)" >&2
  exit 1
fi
echo "extract_progress.sh: all checks passed"
