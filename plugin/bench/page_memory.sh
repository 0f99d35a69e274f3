#!/usr/bin/env bash
# Peak RSS per page on generated worst cases within the default limits (issue #16, item 5):
# boilerdex-extract in every output format and boilerdex-index (default views, one thread),
# with GNU time's maximum resident set size. Pages are written to a temporary folder under
# /tmp (about 120 MB, removed on exit).
#
# Usage: plugin/bench/page_memory.sh BUILD_DIR [TARGET_MB]
#   Prints one line per page and program; with TARGET_MB, exits 1 when any line is over it.
#   Extract runs -e article (the measure is the page, not one extractor's model);
#   PAGE_MEMORY_EXTRACTOR=best measures another one.
#   PAGE_MEMORY_VIEWS="all min-words:5 ..." indexes those views instead of the defaults.
set -u
build=${1:?usage: page_memory.sh BUILD_DIR [TARGET_MB]}
target=${2:-0}
extract=$build/plugin/boilerdex-extract
index=$build/indexer/boilerdex-index
timer=$(command -v /usr/bin/time) || { echo "page_memory.sh: GNU time (/usr/bin/time) is needed" >&2; exit 2; }
tmp=$(mktemp -d /tmp/bdx-page-memory.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export MALLOC_ARENA_MAX=1  # as tests/cli/memory.sh: arenas' slack varies from run to run

python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
pages = {
    # 2.45 million tags in 19.6 MB: the case of issue #16 (1 GB before the tag budget).
    "tags-19.6MB": "<html><body>" + "<p>w</p>" * 2_450_000 + "</body></html>",
    # max_blocks (200,000) paragraphs of words: every block kept and written.
    "blocks-16.7MB": "<html><body>" + ("<p>" + "the quick brown fox jumps " * 4 + "</p>") * 150_000 + "</body></html>",
    # 3.2 MB of small blocks: 928 MB with -f json before the JSON was streamed.
    "json-3.2MB": "<html><body>" + "<div><a href=/x>link</a> <p>two words</p></div>" * 68_000 + "</body></html>",
    # 511 nested <div>s around 200,000 paragraphs: each block's container chain is 512 deep.
    "deep-1.6MB": "<html><body>" + "<div>" * 511 + "<p>w</p>" * 200_000 + "</div>" * 511 + "</body></html>",
}
import json
for name, html in pages.items():
    with open(f"{d}/{name}.html", "w") as f:
        f.write(html)
    with open(f"{d}/{name}.jsonl", "w") as f:
        f.write(json.dumps({"url": name, "html": html}) + "\n")
PY

over=0
measure() {  # LABEL COMMAND...: prints "LABEL  N MB" from GNU time
  local label=$1
  shift
  "$timer" -f '%M' -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err"
  local kb mb
  kb=$(tail -1 "$tmp/rss")
  mb=$((kb / 1024))
  printf '%-44s %6d MB\n' "$label" "$mb"
  if [ "$target" -gt 0 ] && [ "$mb" -gt "$target" ]; then over=$((over + 1)); fi
}
for page in "$tmp"/*.html; do
  name=$(basename "$page" .html)
  for format in text json html blocks parse-blocks; do
    measure "$name extract -f $format" "$extract" -e "${PAGE_MEMORY_EXTRACTOR:-article}" -f "$format" "$page"
  done
  # -f json is compact by default; its block arrays (the worst case) on request.
  measure "$name extract -f json --blocks" "$extract" -e "${PAGE_MEMORY_EXTRACTOR:-article}" -f json --blocks "$page"
  measure "$name extract --jsonl --block-text --features" \
    bash -c 'exec "$0" --jsonl --block-text --features -e "$2" <"$1"' "$extract" "$tmp/$name.jsonl" \
    "${PAGE_MEMORY_EXTRACTOR:-article}"
  mkdir -p "$tmp/in-$name" && cp "$page" "$tmp/in-$name/"
  views=()
  for v in ${PAGE_MEMORY_VIEWS:-}; do views+=(--view "$v"); done
  which=default
  [ -n "${PAGE_MEMORY_VIEWS:-}" ] && which=given
  measure "$name index ($which views, 1 thread)" "$index" \
    --input "$tmp/in-$name" --format files --out "$tmp/idx-$name" --threads 1 -q "${views[@]}"
  rm -rf "$tmp/idx-$name" "$tmp/in-$name"
done
if [ "$target" -gt 0 ]; then
  echo "$over measurement(s) over $target MB"
  [ "$over" -eq 0 ]
fi
