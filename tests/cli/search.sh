#!/usr/bin/env bash
# boilerdex-search on an index set that boilerdex-index builds from tests/fixtures/query/tiny.trec.
set -u
build=$1 fixtures=$2
indexer=$build/indexer/boilerdex-index search=$build/query/boilerdex-search
for b in "$indexer" "$search"; do [ -x "$b" ] || { echo "skip: $b not built"; exit 77; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$indexer" --input "$fixtures/query/tiny.trec" --format trec --out "$tmp/idx" --view all --view min-words:5 -q \
  >"$tmp/index.log" 2>&1 || fail "indexing: $(cat "$tmp/index.log")"
idx=$tmp/idx

out=$("$search" --index "$idx" penguins) || fail "search"
grep -q "^view all: " <<<"$out" || fail "default view is all: $out"
grep -q "TINY-002" <<<"$out" || fail "the all view keeps TINY-002's sidebar link: $out"
out=$("$search" --index "$idx" --min-words 5 penguins) || fail "search --min-words"
grep -q "TINY-001" <<<"$out" || fail "min-words:5 keeps the post: $out"
! grep -q "TINY-002" <<<"$out" || fail "min-words:5 drops the one-word sidebar link: $out"
out=$("$search" --index "$idx" --view min-words-5 penguins) || fail "search --view directory name"
grep -q "^view min-words:5: " <<<"$out" || fail "--view by directory name: $out"

"$search" --index "$idx" --min-words 7 penguins 2>"$tmp/err" >/dev/null
[ $? -eq 2 ] || fail "unknown threshold: exit status"
grep -q "available: all, min-words:5" "$tmp/err" || fail "unknown threshold lists views: $(cat "$tmp/err")"

out=$("$search" --index "$idx" "ice AND march") || fail "boolean"
grep -q TINY-001 <<<"$out" && grep -q TINY-003 <<<"$out" || fail "ice AND march: $out"
out=$("$search" --index "$idx" '"ice hockey"') || fail "phrase"
grep -q TINY-003 <<<"$out" && ! grep -q TINY-001 <<<"$out" || fail "phrase: $out"

out=$("$search" --index "$idx" --format json --k 1 --bm25 0.9,0.4 ice) || fail "json"
grep -q '"hits":\[{' <<<"$out" && grep -q '"view":"all"' <<<"$out" || fail "json: $out"
[ "$(grep -o '"docno"' <<<"$out" | wc -l)" -eq 1 ] || fail "--k 1: $out"
"$search" --index "$idx" --bm25 2 ice 2>/dev/null >/dev/null
[ $? -eq 2 ] || fail "bad --bm25: exit status"

out=$("$search" --index "$idx" --compare all,min-words:5 penguins) || fail "compare"
grep -q "^rank  *all  *min-words:5" <<<"$out" || fail "compare header: $out"

"$search" --index "$tmp/nowhere" ice 2>"$tmp/err" >/dev/null
[ $? -eq 1 ] || fail "missing index set: exit status"
grep -q "manifest.json" "$tmp/err" || fail "missing index set names the manifest: $(cat "$tmp/err")"
echo "search.sh: all checks passed"
