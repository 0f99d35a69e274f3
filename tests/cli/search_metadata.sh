#!/usr/bin/env bash
# boilerdex-search's metadata: the filters (--after/--before, --lang, --type, --site), --sort
# date, the author: prefix and the metadata shown, on an index set boilerdex-index builds
# from tests/fixtures/query/metadata.trec (META-001 en-GB article 2021-03-05 by Ada Lovelace
# on Polar News; META-002 de forum post 2019-07-01 by Grace Hopper on Bird Forum; META-003
# en product on Ice Shop, undated; META-004 no metadata; META-005 a blog post titled
# "Blog » Post" whose <h1> is the blog's name, a link home).
# Usage: search_metadata.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
indexer=$1/indexer/boilerdex-index search=$1/query/boilerdex-search trec=$2/query/metadata.trec
[ -x "$indexer" ] && [ -x "$search" ] || { echo "search_metadata.sh: boilerdex-index or -search not built: skipped"; exit 77; }
. "$(dirname "$0")/lib/expect.bash"
expect_rc 0 "indexing" -- "$indexer" --input "$trec" --out "$work/idx" --view all --view min-words:10 -q
[ "$failures" -eq 0 ] || exit 1
idx=$work/idx
fields='"fields":["title","date","author","sitename","language","page_type"]'
[ "$(tr -d ' \n' <"$idx/manifest.json" | grep -oF "$fields" | wc -l)" -eq 2 ] ||
  fail "the manifest lists each view's fields: $(cat "$idx/manifest.json")"
docnos() { grep -o '^[0-9]*\. META-00[0-9]' | sed 's/^[0-9]*\. //' | tr '\n' ' '; }

out=$("$search" --index "$idx" penguins) || fail "search"
grep -q "^    Penguins cross the ice$" <<<"$out" || fail "the cleaned title is shown: $out"
grep -q "^    2021-03-05  by Ada Lovelace  Polar News$" <<<"$out" || fail "date, author, site shown: $out"
[ "$(docnos <<<"$out" | wc -w)" -eq 4 ] || fail "all four pages match: $out"
out=$("$search" --index "$idx" baby) || fail "search baby"
grep -q "^    Back to the baby$" <<<"$out" || fail "a blog's name (an <h1> linking home) is cut from the title: $out"

[ "$("$search" --index "$idx" --after 2020-01-01 penguins | docnos)" = "META-001 " ] || fail "--after"
[ "$("$search" --index "$idx" --before 2020-12-31 penguins | docnos)" = "META-002 " ] || fail "--before"
out=$("$search" --index "$idx" --lang en penguins | docnos)
[ "$(tr ' ' '\n' <<<"$out" | sort | tr '\n' ' ')" = " META-001 META-003 " ] || fail "--lang en finds en-GB: $out"
out=$("$search" --index "$idx" --type forum,product penguins | docnos)
[ "$(tr ' ' '\n' <<<"$out" | sort | tr '\n' ' ')" = " META-002 META-003 " ] || fail "--type a,b: $out"
[ "$("$search" --index "$idx" --site "bird forum" penguins | docnos)" = "META-002 " ] || fail "--site any case"
out=$("$search" --index "$idx" --sort date penguins | docnos)
[ "${out:0:18}" = "META-001 META-002 " ] || fail "--sort date, newest first: $out"
[ "$("$search" --index "$idx" author:lovelace | docnos)" = "META-001 " ] || fail "author: prefix"
[ -z "$("$search" --index "$idx" lovelace | docnos)" ] || fail "an unprefixed word never matches the author"

out=$("$search" --index "$idx" --format json --lang de penguins) || fail "json"
for kv in '"date":"2019-07-01"' '"author":"Grace Hopper"' '"site":"Bird Forum"' '"language":"de"' \
  '"page_type":"forum"' '"title":"Feeding penguins in winter"'; do
  grep -qF "$kv" <<<"$out" || fail "json has $kv: $out"
done

expect_rc 2 "bad --after" -- "$search" --index "$idx" --after 5/3/2021 penguins
grep -q "expected a date YYYY-MM-DD" "$work/err" || fail "bad --after says why: $(cat "$work/err")"
expect_rc 2 "unknown --sort" -- "$search" --index "$idx" --sort size penguins

[ "$failures" -eq 0 ] || { echo "search_metadata.sh: $failures failure(s)" >&2; exit 1; }
echo "search_metadata.sh: all passed"
