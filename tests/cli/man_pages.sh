#!/usr/bin/env bash
# Every built tool has a man page written by help2man at build time (build/man/TOOL.1), and
# the page is made from the tool's own option definitions: every long option of the tool's
# --help, and of each subcommand's --help, appears in the rendered page, with the versions.
# Usage: man_pages.sh BUILD_DIR [FIXTURES_DIR SHARED_DIR]   (exit 77 = skipped)
set -u
build=$1
grep -q '^BOILERDEX_HELP2MAN:FILEPATH=/' "$build/CMakeCache.txt" 2>/dev/null ||
  { echo "skip: help2man was not found when $build was configured (Debian: help2man)"; exit 77; }
grep -q '^BOILERDEX_MAN_PAGES:BOOL=\(ON\|TRUE\|1\)' "$build/CMakeCache.txt" || { echo "skip: BOILERDEX_MAN_PAGES is off"; exit 77; }
command -v man > /dev/null || { echo "skip: no man to render the pages"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 checked=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
long_options() { grep -oE -- '--[a-z][a-z0-9-]*' | sort -u; }
for tool in plugin/boilerdex-extract plugin/boilerdex-omindex-filter plugin/boilerdex-train plugin/boilerdex-boilernet \
  indexer/boilerdex-index query/boilerdex-search trec/boilerdex-trec; do
  exe=$build/$tool name=${tool#*/} page=$build/man/${tool#*/}.1
  [ -x "$exe" ] || continue
  checked=$((checked + 1))
  [ -s "$page" ] || { fail "$name: no $page"; continue; }
  MANWIDTH=300 man -l "$page" 2> "$work/err" | col -b > "$work/page" || fail "$name: man cannot render $page"
  [ -s "$work/err" ] && fail "$name: man warns: $(head -3 "$work/err")"
  grep -qE "^ +$name - [A-Za-z]" "$work/page" || fail "$name: no NAME line"
  grep -q "Xapian [0-9]" "$work/page" || fail "$name: page does not give the Xapian version"
  "$exe" --help > "$work/help" 2>&1
  for sub in $(sed -n '/^Subcommands:/,/^$/p' "$work/help" | awk 'NR > 1 && NF {print $1}'); do
    "$exe" "$sub" --help >> "$work/help" 2>&1 || fail "$name $sub --help"
    grep -qE "^ +$sub\$" "$work/page" || fail "$name: no section for subcommand $sub"
  done
  for option in $(long_options < "$work/help"); do
    grep -q -- "$option" "$work/page" || fail "$name: $option is in --help but not in the man page"
  done
done
[ "$checked" -ge 5 ] || fail "only $checked tools built"
[ "$failures" -eq 0 ] || exit 1
echo "man_pages.sh: $checked pages checked"
