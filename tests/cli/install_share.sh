#!/usr/bin/env bash
# cmake --install puts the conventions of a command-line package in place: a man page per
# tool under share/man/man1 (when help2man built them), the example configurations under
# share/boilerdex/examples, the stopword lists under share/boilerdex/stopwords (which the
# installed tools read), bash completion under share/bash-completion/completions, and the
# demo script under share/boilerdex, which runs from the installed prefix alone (a small
# demo: 300 pages).
# Usage: install_share.sh BUILD_DIR [FIXTURES_DIR SHARED_DIR]   (exit 77 = skipped)
set -u
if [[ -n ${BOILERDEX_SANITIZED:-} ]]; then echo "skip: sanitized build (the release build's ctest checks what is installed)"; exit 77; fi
build=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1 ||
  { echo "install_share.sh: cmake --install failed: $(tail -5 "$work/install.log")" >&2; exit 1; }

for page in "$build"/man/*.1; do
  [ -e "$page" ] || continue
  [ -s "$prefix/share/man/man1/$(basename "$page")" ] || fail "not installed: share/man/man1/$(basename "$page")"
done
for tool in "$prefix"/bin/boilerdex-*; do
  if grep -q '^BOILERDEX_HELP2MAN:FILEPATH=/' "$build/CMakeCache.txt"; then
    [ -s "$prefix/share/man/man1/$(basename "$tool").1" ] || fail "no man page for $(basename "$tool")"
  fi
done
for tool in "$prefix"/bin/boilerdex-*; do
  cmp -s "$root/config/completion/boilerdex.bash" "$prefix/share/bash-completion/completions/$(basename "$tool")" ||
    fail "no bash completion for $(basename "$tool")"
done
for example in "$root"/config/examples/*.toml; do
  cmp -s "$example" "$prefix/share/boilerdex/examples/$(basename "$example")" ||
    fail "not installed: share/boilerdex/examples/$(basename "$example")"
done
for list in "$root"/config/stopwords/*.txt; do
  cmp -s "$list" "$prefix/share/boilerdex/stopwords/$(basename "$list")" ||
    fail "not installed: share/boilerdex/stopwords/$(basename "$list")"
done
# The installed tools read the installed lists (found beside the installed libboilerdex),
# not the source tree's: a word added to the installed English list reaches the manifest.
if [ -x "$prefix/bin/boilerdex-index" ] && [ -f "$prefix/share/boilerdex/stopwords/english.txt" ]; then
  echo "zzinstalledlist" >> "$prefix/share/boilerdex/stopwords/english.txt"
  printf '<html><body><p>The installed stopword list is read from the prefix.</p></body></html>' > "$work/page.html"
  (cd "$work" && env -u LD_LIBRARY_PATH -u BOILERDEX_STOPWORDS_DIR "$prefix/bin/boilerdex-index" --input page.html \
    --format files --out stop-idx --view all --builtin-stopwords -q > "$work/stop.log" 2>&1) ||
    fail "installed boilerdex-index --builtin-stopwords: $(tail -3 "$work/stop.log")"
  grep -q zzinstalledlist "$work/stop-idx/manifest.json" 2>/dev/null ||
    fail "installed boilerdex-index did not read share/boilerdex/stopwords"
fi
demo=$prefix/share/boilerdex/demo.sh
[ -x "$demo" ] || fail "not installed (or not executable): share/boilerdex/demo.sh"

# The installed demo finds the installed boilerdex-trec and sample.toml by itself.
if [ -x "$demo" ] && [ -x "$prefix/bin/boilerdex-trec" ]; then
  (cd "$work" && env -u LD_LIBRARY_PATH PATH=/usr/bin:/bin "$demo" --sample "--docs 300 --topics 10 --docs-per-file 100" \
    demo --permutations 100 -q > "$work/demo.out" 2> "$work/demo.err") || fail "installed demo.sh: $(tail -3 "$work/demo.err")"
  grep -q "^| extractor:best " "$work/demo.out" || fail "installed demo.sh: no table ($(head -3 "$work/demo.out"))"
  [ -s "$work/demo/sample-experiment/figure.svg" ] || fail "installed demo.sh: no figure"
fi
[ "$failures" -eq 0 ] || exit 1
echo "install_share.sh: all checks passed"
