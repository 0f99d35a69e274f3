#!/usr/bin/env bash
# Accuracy floors of the `best` extractor on the held-out half of the shared development
# sets (the pages its parameters were not tuned on; split by plugin/scripts/best_split.py).
# The floors sit about 0.02 under the figures in plugin/docs/EVALUATION_RESULTS.md, so a
# change that loses accuracy anywhere fails here. Skips (77) without python3 or ../shared.
# Usage: best_extractor.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -euo pipefail
build=$1 shared=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "best_extractor: SKIPPED: no python3"; exit 77; }
S=$shared/data/extraction
[[ -n $shared && -d $S/scrapinghub-aeb && -d $S/l3s-gn1-dev && -d $S/cleaneval-dev \
   && -d $S/dragnet-train && -d $S/readability-test-pages ]] \
  || { echo "best_extractor: SKIPPED: no ../shared extraction data"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/plugin/boilerdex-extract" eval -e best --no-blocks \
  --dataset scrapinghub:$S/scrapinghub-aeb --dataset l3s-gn1:$S/l3s-gn1-dev \
  --dataset cleaneval:$S/cleaneval-dev --dataset dragnet:$S/dragnet-train \
  --dataset readability:$S/readability-test-pages \
  --pages-tsv "$out/pages.tsv" > "$out/results.md" 2> "$out/log.txt"
python3 "$here/../../plugin/scripts/best_split.py" "$out/pages.tsv" --part tune,held \
  --floor scrapinghub-aeb=0.93 --floor l3s-gn1-dev=0.945 --floor cleaneval-dev=0.83 \
  --floor dragnet-train=0.89 --floor readability-test-pages=0.90
