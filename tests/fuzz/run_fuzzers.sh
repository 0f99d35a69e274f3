#!/usr/bin/env bash
# Runs every libFuzzer target for DURATION seconds each, one after the other.
#
#   tests/fuzz/run_fuzzers.sh DURATION [BUILD_DIR] [TARGET...]
#
# BUILD_DIR (default build-fuzz) must be configured with -DBOILERDEX_BUILD_FUZZERS=ON and
# Clang (docs/reliability.md, "Fuzzing"). Each target starts from its hand-written seeds in
# tests/fuzz/corpus/<target>/ plus what earlier runs found, kept in
# BUILD_DIR/fuzz-work/<target>/ (never in the source tree). A failing input is written to
# BUILD_DIR/fuzz-work/artifacts/; copy it into the target's corpus as a regression test
# once fixed. Prints one line per target (runs, coverage, corpus size) and exits 1 when
# any target failed. FUZZ_JOBS=N runs N targets at a time (default 1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
duration=${1:?usage: run_fuzzers.sh DURATION [BUILD_DIR] [TARGET...]}
build=${2:-$here/../../build-fuzz}
shift $(($# < 2 ? $# : 2))
case $duration in '' | *[!0-9]*) echo "DURATION must be a whole number of seconds" >&2; exit 2 ;; esac

targets=("$@")
if ((${#targets[@]} == 0)); then
  for dir in "$here"/corpus/*/; do targets+=("$(basename "$dir")"); done
fi
work=$build/fuzz-work
mkdir -p "$work/artifacts"

# Inputs may be large (collection files, pages); limits keep one run from eating the machine.
flags=(-max_total_time="$duration" -timeout=20 -rss_limit_mb=2048 -max_len=262144
       -print_final_stats=1)

run_one() {
  local t=$1 bin=$build/tests/fuzz/fuzz_$1 log=$work/$1.log
  if [ ! -x "$bin" ]; then
    echo "$t: not built ($bin); configure with -DBOILERDEX_BUILD_FUZZERS=ON" >&2
    return 1
  fi
  mkdir -p "$work/$t"
  local dict=()
  [ -f "$here/dict/$t.dict" ] && dict=(-dict="$here/dict/$t.dict")
  "$bin" "${flags[@]}" "${dict[@]}" -artifact_prefix="$work/artifacts/$t-" "$work/$t" "$here/corpus/$t" >"$log" 2>&1
  local rc=$?
  local runs cov corpus
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  corpus=$(find "$work/$t" -type f | wc -l)
  if ((rc == 0)); then
    echo "$t: ok, ${runs:-?} runs in ${duration}s, ${cov:-cov: ?}, corpus $corpus"
  else
    echo "$t: FAILED (exit $rc), see $log and $work/artifacts/$t-*"
    grep -m3 -E '^(==[0-9]+==ERROR|SUMMARY|fuzz invariant|.*runtime error)' "$log" | sed 's/^/    /'
  fi
  return $rc
}

jobs=${FUZZ_JOBS:-1}
failed=0
pids=()
for t in "${targets[@]}"; do
  run_one "$t" &
  pids+=($!)
  if ((${#pids[@]} >= jobs)); then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
exit $failed
