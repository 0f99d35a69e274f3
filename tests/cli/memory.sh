#!/usr/bin/env bash
# Memory does not grow with the number of inputs (DESIGN.md: "Memory stays bounded whatever
# the collection size"; issue #9: nor with the number of input files). Peak resident memory
# (GNU time's %M) of
#   - boilerdex-index over N and 10 N pages in one TREC file,
#   - boilerdex-index over N and 10 N HTML files, one page each (--format files),
#   - boilerdex-index --merge-shards over two shards of those N and 10 N files,
#   - boilerdex-extract over N and 10 N HTML files (-o DIR),
# must grow by less than a fixed allowance ($allow_kb) from N to 10 N. Every page carries
# about 2 KB of text, so keeping anything per page (its text, its blocks, a buffer) would
# cost 9 N x 2 KB, above the allowance; what may legitimately grow with the collection
# (Xapian's B-tree caches; duplicate DOCNOs are looked up in the index, not kept) stays
# well below it. Per input file the indexer keeps nothing: finished inputs stream to
# DIR/inputs.jsonl and from there into manifest.json, and the state.json it rewrites at
# every commit lists none. What remains is the directory walk's listing of the directory
# it is in (the names back to back, ~20 bytes a file here: 100 KB for 10 N files in one
# directory), so the files case gets the same allowance as the others. Before this was
# fixed it grew by about 4.5 KB per file (measured: 23 -> 44 MB from 500 to 5,000 files,
# three times the allowance); now 23 -> 23 MB.
# Skips without GNU time or /proc, and under the sanitizers (ASan's quarantine and shadow
# memory make resident size meaningless).
set -u
build=$1
indexer=$build/indexer/boilerdex-index
extract=$build/plugin/boilerdex-extract
for tool in "$indexer" "$extract"; do [ -x "$tool" ] || { echo "skip: $tool not built"; exit 77; }; done
[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1 || { echo "skip: GNU time (/usr/bin/time) not usable"; exit 77; }
[ -r /proc/self/status ] || { echo "skip: no /proc"; exit 77; }
[ -z "${BOILERDEX_SANITIZED:-}" ] || { echo "skip: resident memory means nothing under the sanitizers"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

n=500
allow_kb=$((6 * 1024))   # 6 MB, against the 9 N x 2 KB = 9 MB that keeping each page costs

# pages FROM TO: TREC records FROM..TO, ~2 KB of varied words each (new words keep coming,
# so term dictionaries grow as in a real collection).
pages() {
  awk -v from="$1" -v to="$2" 'BEGIN {
    split("harbour storm ferry engineer pier council budget river bridge school teacher museum " \
          "painting concert garden winter railway station market farmer harvest", w, " ")
    for (i = from; i <= to; i++) {
      printf "<DOC>\n<DOCNO>MEM-%06d</DOCNO>\n<html><head><title>Page %d</title></head><body>", i, i
      printf "<div><a href=/>Home</a> | <a href=/news>News</a></div>"
      for (p = 0; p < 6; p++) {
        printf "<p>"
        for (j = 0; j < 50; j++) printf "%s%s ", w[1 + (i * 7 + j * 13 + p) % 21], (j % 11 == 0 ? "x" i : "")
        printf "</p>"
      }
      printf "</body></html>\n</DOC>\n"
    }
  }'
}

# split_files DIR: the TREC records on stdin as one HTML file each in DIR.
split_files() {
  mkdir -p "$1"
  awk -v dir="$1" '/^<DOCNO>/ { sub(/<DOCNO>/, ""); sub(/<\/DOCNO>/, ""); f = dir "/" $0 ".html"; next }
                   /^<DOC>$/ || /^<\/DOC>$/ { next }
                   { print > f; close(f) }'
}

# peak_kb OUT -- command...: runs the command and prints its peak RSS in KB; a non-zero
# exit is a failure (called as $(...) || exit 1, so it reports on stderr). One malloc arena:
# with a thread per arena, the arenas' free slack varies from run to run by more than the
# allowance (measured in a libtorch-linked build, --threads 2: 500 pages 174 MB, 5,000 pages
# 180 MB, 25,000 pages 176 MB; with one arena 180, 180), which is noise, not growth; memory
# that is kept per page is counted the same with one arena.
peak_kb() {
  local out=$1
  shift 2
  MALLOC_ARENA_MAX=1 /usr/bin/time -o "$tmp/time" -f %M "$@" >"$out" 2>&1 || { echo "FAIL: $* failed: $(tail -5 "$out")" >&2; exit 1; }
  tail -1 "$tmp/time"
}

# check WHAT SMALL_KB LARGE_KB [ALLOWED_KB]
check() {
  local growth=$(($3 - $2)) allowed=${4:-$allow_kb}
  echo "$1: peak RSS $(($2 / 1024)) MB for $n inputs, $(($3 / 1024)) MB for $((10 * n)): grew $((growth / 1024)) MB (allowed $((allowed / 1024)) MB)"
  ((growth < allowed)) || fail "$1: peak RSS grew by $((growth / 1024)) MB from $n to $((10 * n)) inputs"
}

pages 1 "$n" >"$tmp/small.trec"
pages 1 $((10 * n)) >"$tmp/large.trec"
split_files "$tmp/small-files" <"$tmp/small.trec"
split_files "$tmp/large-files" <"$tmp/large.trec"
[ "$(find "$tmp/large-files" -name '*.html' | wc -l)" -eq $((10 * n)) ] || fail "generator wrote the wrong number of files"

index=(--view all --view extractor:article --commit-interval 250 --threads 2 -q)
small=$(peak_kb "$tmp/log" -- "$indexer" "${index[@]}" --input "$tmp/small.trec" --format trec --out "$tmp/i1") || exit 1
large=$(peak_kb "$tmp/log" -- "$indexer" "${index[@]}" --input "$tmp/large.trec" --format trec --out "$tmp/i2") || exit 1
grep -q "\"documents\": *$((10 * n))" "$tmp/i2/manifest.json" || fail "index of $((10 * n)) pages is incomplete"
check "boilerdex-index, pages in one TREC file" "$small" "$large"

small=$(peak_kb "$tmp/log" -- "$indexer" "${index[@]}" --input "$tmp/small-files" --format files --out "$tmp/f1") || exit 1
large=$(peak_kb "$tmp/log" -- "$indexer" "${index[@]}" --input "$tmp/large-files" --format files --out "$tmp/f2") || exit 1
grep -q "\"documents\": *$((10 * n))" "$tmp/f2/manifest.json" || fail "index of $((10 * n)) files is incomplete"
check "boilerdex-index, one HTML file per page" "$small" "$large"
[ "$(grep -c '"sha256"' "$tmp/f2/manifest.json")" -eq $((10 * n)) ] ||  # one input a line
  fail "manifest of $((10 * n)) files does not list them all"

# Two shards each, merged: the merged manifest's inputs stream from the shards' manifests.
for set in f1 f2; do
  files=$tmp/small-files
  [ $set = f2 ] && files=$tmp/large-files
  for i in 0 1; do
    "$indexer" --view all --threads 2 -q --input "$files" --format files --shard $i/2 --out "$tmp/$set-s$i" >"$tmp/log" 2>&1 ||
      fail "shard $i/2 of $files: $(tail -5 "$tmp/log")"
  done
done
small=$(peak_kb "$tmp/log" -- "$indexer" --merge-shards "$tmp/f1-s0" "$tmp/f1-s1" --out "$tmp/m1" -q) || exit 1
large=$(peak_kb "$tmp/log" -- "$indexer" --merge-shards "$tmp/f2-s0" "$tmp/f2-s1" --out "$tmp/m2" -q) || exit 1
cmp -s <(grep '"sha256"' "$tmp/f2/manifest.json" | tr -d ',') <(grep '"sha256"' "$tmp/m2/manifest.json" | tr -d ',') ||
  fail "merged shards list other inputs than the whole index"
check "boilerdex-index --merge-shards, one HTML file per page" "$small" "$large"

small=$(peak_kb "$tmp/log" -- "$extract" -j 2 -o "$tmp/e1" "$tmp/small-files") || exit 1
large=$(peak_kb "$tmp/log" -- "$extract" -j 2 -o "$tmp/e2" "$tmp/large-files") || exit 1
[ "$(find "$tmp/e2" -name '*.txt' | wc -l)" -eq $((10 * n)) ] || fail "boilerdex-extract wrote the wrong number of files"
check "boilerdex-extract, one HTML file per page" "$small" "$large"
echo "PASS"
