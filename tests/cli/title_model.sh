#!/usr/bin/env bash
# The title ranker's weights (plugin/page/src/page_metadata_title_model.cpp) are what
# plugin/scripts/train_title_model.py rebuilds, bit for bit, from the features that
# boilerdex-title-rows gives today on the WCXB tune half: a feature changed since the
# last training fails here (retrain, and measure, as docs/eval.md "Metadata" says). And
# plugin/scripts/title_misses.py, which classifies the misses, chooses as the ranker does:
# its share right on the tune half is the one the training prints.
# Skips (77) without python3 or ../shared.
# Usage: title_model.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -euo pipefail
build=$1 shared=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "title_model: SKIPPED: no python3"; exit 77; }
S=$shared/data/extraction
[[ -n $shared && -d $S/wcxb-dev ]] || { echo "title_model: SKIPPED: no ../shared extraction data"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/plugin/eval/boilerdex-title-rows" "wcxb:$S/wcxb-dev" > "$out/rows.tsv"
python3 "$here/../../plugin/scripts/train_title_model.py" --rows "$out/rows.tsv" \
  --data "$S" --out "$out/model.cpp" > "$out/log.txt"
cat "$out/log.txt"
python3 "$here/../../plugin/scripts/title_misses.py" --rows "$out/rows.tsv" > "$out/misses.txt"
cat "$out/misses.txt"
trained=$(sed -n 's/^tune half .*: ranker \([0-9.]*\),.*/\1/p' "$out/log.txt")
[[ -n $trained ]] && grep -q "($trained right)" "$out/misses.txt" \
  || { echo "title_model: title_misses.py does not choose as the trained ranker ($trained)"; exit 1; }
cmp "$out/model.cpp" "$here/../../plugin/page/src/page_metadata_title_model.cpp" \
  || { echo "title_model: the committed weights are not what the rows give today"; exit 1; }
echo "title_model: ok"
