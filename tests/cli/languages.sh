#!/usr/bin/env bash
# Stemming per page language and the built-in stopword lists (issue #19 item 4):
# --stemmer auto stems each page in the language it declares and the manifest says so;
# boilerdex-search --lang L stems the query in L; --builtin-stopwords drops each language's
# function words; a stemmer left fixed (the default) stems every page in --language.
set -u
build=$1 fixtures=$2
indexer=$build/indexer/boilerdex-index search=$build/query/boilerdex-search
for b in "$indexer" "$search"; do [ -x "$b" ] || { echo "skip: $b not built"; exit 77; }; done
source "$(dirname "$0")/lib/expect.bash"
pages=$fixtures/query/languages.trec

expect_rc 0 "index, stemmer auto" -- "$indexer" --input "$pages" --out "$work/auto" --view all -q \
  --stemmer auto --builtin-stopwords
grep -q '"stem_per_language": *true' "$work/auto/manifest.json" || fail "manifest: stem_per_language not recorded"
grep -q '"french": *\[' "$work/auto/manifest.json" || fail "manifest: no French stopword list"
expect_rc 0 "French query, --lang fr" -- "$search" --index "$work/auto" --lang fr "mangé"
grep -q "LANG-FR" "$work/out" || fail "mangé --lang fr did not find the French page: $(cat "$work/out")"
expect_rc 0 "French query, no --lang" -- "$search" --index "$work/auto" "mangé"
grep -q "LANG-FR" "$work/out" && fail "mangé stemmed in English found the French page"
expect_rc 0 "English query" -- "$search" --index "$work/auto" --lang en-GB "run"
grep -q "LANG-EN" "$work/out" || fail "run --lang en-GB did not find the English page: $(cat "$work/out")"
expect_rc 0 "a stopword only" -- "$search" --index "$work/auto" --lang fr "les"
grep -q "LANG-" "$work/out" && fail "the French stopword 'les' found a page: $(cat "$work/out")"

expect_rc 0 "index, fixed (default)" -- "$indexer" --input "$pages" --out "$work/fixed" --view all -q
grep -q '"stem_per_language": *false' "$work/fixed/manifest.json" || fail "manifest: fixed stemmer not recorded"
grep -q '"stopwords": *\[\]' "$work/fixed/manifest.json" || fail "manifest: stopwords by default"
expect_rc 0 "fixed: French query" -- "$search" --index "$work/fixed" --lang fr "mangé"
grep -q "LANG-FR" "$work/out" && fail "a fixed English stemmer found mangé in the French page"

expect_rc 2 "unknown --stemmer" -- "$indexer" --input "$pages" --out "$work/bad" --view all -q --stemmer sometimes
printf '[indexing]\nstopwords = "auto"\nlanguage = "none"\n' > "$work/none.toml"
expect_rc 2 "auto stopwords without a language" -- "$indexer" --config "$work/none.toml" --input "$pages" \
  --out "$work/bad" --view all -q
grep -q "indexing.stopwords" "$work/err" || fail "error does not name indexing.stopwords: $(cat "$work/err")"
printf '[indexing]\nstopwords = "missing-list.txt"\n' > "$work/missing.toml"
expect_rc 2 "a missing stopword file" -- "$indexer" --config "$work/missing.toml" --input "$pages" \
  --out "$work/bad" --view all -q
grep -q "missing-list.txt" "$work/err" || fail "error does not name the missing file: $(cat "$work/err")"

[ "$failures" -eq 0 ] || { echo "languages.sh: $failures failure(s)"; exit 1; }
