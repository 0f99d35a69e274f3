#!/usr/bin/env bash
# Scale benchmark (issue 7): index a large generated BLOGS06-style collection with
# --jobs 1 and --jobs 2 and project the time to index the real BLOGS06 on N machines.
#
#   bench_scale.sh BUILD_DIR [DOCS] [WORK_DIR] [VIEWS...]
#
# DOCS (default 100000) documents are generated with `boilerdex-trec sample` into WORK_DIR
# (default: a fresh folder under /tmp, removed at the end; never commit it), 1000 per
# file, then indexed twice with the default views (or the given --view specs), once per
# job count. For each run: wall and CPU seconds, peak RSS, documents per wall second.
# The projection divides BLOGS06's 3,215,171 permalink documents (88.8 GB of pages, i.e.
# about 27.6 KB each) by the 2-job rate, scaled by page size (the generated pages are
# smaller), for 1, 4, 16 and 64 machines like this one, each building one --shard I/S;
# --merge-shards only writes stub files (seconds). Load (uptime) is printed before and
# after: the machine is shared and CPU contention slows wall time. JOBS="2" (environment)
# runs only some job counts (default "1 2"); the projection uses the largest. Not a test.
set -eu
build=${1:?usage: bench_scale.sh BUILD_DIR [DOCS] [WORK_DIR] [VIEW...]}
docs=${2:-100000}
work=${3:-}
shift $(( $# < 3 ? $# : 3 ))
index=$build/indexer/boilerdex-index
trec=$build/trec/boilerdex-trec
for b in "$index" "$trec"; do [ -x "$b" ] || { echo "no $b (build it first)" >&2; exit 1; }; done
if [ -z "$work" ]; then work=$(mktemp -d /tmp/bdx-scale.XXXXXX); trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work"
views=()
for v in "$@"; do views+=(--view "$v"); done

echo "load before: $(uptime)"
if [ ! -d "$work/gen/collection" ]; then
  /usr/bin/time -f "%e %U %S %M" -o "$work/gen.time" \
    "$trec" sample --out "$work/gen" --docs "$docs" --docs-per-file 1000 --no-gold -q >/dev/null
  read -r w u s m <"$work/gen.time"
  echo "generated $docs documents in ${w}s"
fi
bytes=$(python3 - "$work/gen/collection" <<'PY'
import gzip, os, sys
d = sys.argv[1]
print(sum(len(gzip.open(os.path.join(r, f)).read()) for r, _, fs in os.walk(d) for f in fs))
PY
)
packed=$(du -sb "$work/gen/collection" | cut -f1)
echo "collection: $docs documents, $((bytes / 1000000)) MB of records ($((bytes / docs)) bytes each), $((packed / 1000000)) MB gzipped"

declare -A wall cpu rss
job_counts=${JOBS:-1 2}
for jobs in $job_counts; do
  rm -rf "$work/idx"
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
    "$index" -q --input "$work/gen/collection" --out "$work/idx" --jobs "$jobs" "${views[@]}" >"$work/log" 2>&1 ||
    { cat "$work/log" >&2; exit 1; }
  read -r w u s m <"$work/time"
  wall[$jobs]=$w; cpu[$jobs]=$(echo "$u + $s" | bc); rss[$jobs]=$((m / 1024))
  nviews=$(jq '.views | length' "$work/idx/manifest.json")
  ndocs=$(jq '.counts.documents' "$work/idx/manifest.json")
  echo "jobs $jobs: $ndocs documents, $nviews views: wall ${wall[$jobs]} s, cpu ${cpu[$jobs]} s, peak ${rss[$jobs]} MB, $(echo "scale=1; $ndocs / ${wall[$jobs]}" | bc) docs/s"
  echo "load after jobs $jobs: $(uptime)"
done
if [ -n "${wall[1]:-}" ] && [ -n "${wall[2]:-}" ]; then
  echo "speed-up, 2 jobs over 1: $(echo "scale=2; ${wall[1]} / ${wall[2]}" | bc) (wall), CPU $(echo "scale=2; ${cpu[2]} / ${cpu[1]}" | bc)x"
fi
last=${job_counts##* }

python3 - "$docs" "$bytes" "${wall[$last]}" <<'PY'
import sys
docs, nbytes, wall = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
blogs06_docs, blogs06_bytes = 3_215_171, 88.8e9
rate_docs = docs / wall                      # documents per second, one machine as measured
rate_bytes = nbytes / wall                   # record bytes per second
for label, seconds in (("by documents", blogs06_docs / rate_docs), ("by bytes", blogs06_bytes / rate_bytes)):
    cells = ", ".join(f"{n} machines {seconds / n / 3600:.1f} h" for n in (1, 4, 16, 64))
    print(f"BLOGS06 projection ({label}): {cells}")
PY
