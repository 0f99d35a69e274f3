#!/usr/bin/env bash
# Chinese, Japanese and Korean text: indexed as character n-grams by default, so a word
# inside a run of Japanese text is found (issue #19 item 4); --no-cjk-ngram indexes runs
# whole, as before, and the manifest says which, so search parses queries alike.
set -u
build=$1 fixtures=$2
indexer=$build/indexer/boilerdex-index search=$build/query/boilerdex-search
for b in "$indexer" "$search"; do [ -x "$b" ] || { echo "skip: $b not built"; exit 77; }; done
source "$(dirname "$0")/lib/expect.bash"
pages=$fixtures/query/cjk

expect_rc 0 "index" -- "$indexer" --input "$pages" --format files --out "$work/idx" --view all -q
grep -q '"cjk_ngram": *true' "$work/idx/manifest.json" || fail "manifest: cjk_ngram not recorded"
expect_rc 0 "word inside a Japanese run" -- "$search" --index "$work/idx" "気温"
grep -q "ja.html" "$work/out" || fail "気温 not found: $(cat "$work/out")"
expect_rc 0 "two-character word" -- "$search" --index "$work/idx" "東京"
grep -q "ja.html" "$work/out" || fail "東京 not found: $(cat "$work/out")"
expect_rc 0 "English unchanged" -- "$search" --index "$work/idx" temperature
grep -q "en.html" "$work/out" || fail "temperature not found: $(cat "$work/out")"
grep -q "ja.html" "$work/out" && fail "temperature found the Japanese page"

expect_rc 0 "index whole runs" -- "$indexer" --input "$pages" --format files --out "$work/whole" --view all -q --no-cjk-ngram
grep -q '"cjk_ngram": *false' "$work/whole/manifest.json" || fail "manifest: cjk_ngram false not recorded"
expect_rc 0 "search whole runs" -- "$search" --index "$work/whole" "気温"
grep -q "ja.html" "$work/out" && fail "--no-cjk-ngram: a word inside a run was found"

[ "$failures" -eq 0 ] || { echo "cjk.sh: $failures failure(s)"; exit 1; }
