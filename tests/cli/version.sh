#!/usr/bin/env bash
# Every tool answers --version (exit 0, on stdout): its name and the boilerdex version, then
# the Xapian and Gumbo versions it was built with; --help lists --version.
# Usage: version.sh BUILD_DIR [FIXTURES_DIR SHARED_DIR]   (exit 77 = skipped)
set -u
build=$1
version=$(sed -n 's/^#define BDX_TOOL_VERSION "\(.*\)"$/\1/p' "$build/tools-include/boilerdex/config/tool_versions.h" 2>/dev/null)
[ -n "$version" ] || { echo "skip: $build/tools-include/boilerdex/config/tool_versions.h not generated"; exit 77; }
failures=0 checked=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
for tool in plugin/boilerdex-extract plugin/boilerdex-omindex-filter plugin/boilerdex-train plugin/boilerdex-boilernet \
  indexer/boilerdex-index query/boilerdex-search trec/boilerdex-trec; do
  exe=$build/$tool name=${tool#*/}
  [ -x "$exe" ] || continue  # the learners are optional
  checked=$((checked + 1))
  out=$("$exe" --version 2>&1)
  [ $? -eq 0 ] || fail "$name --version: exit status"
  [ "$(sed -n 1p <<<"$out")" = "$name (boilerdex) $version" ] || fail "$name --version: first line '$(sed -n 1p <<<"$out")'"
  grep -qE '^Xapian [0-9]+\.[0-9]+\.[0-9]+$' <<<"$out" || fail "$name --version: no Xapian version"
  grep -qE '^Gumbo [0-9]+\.[0-9]+\.[0-9]+$' <<<"$out" || fail "$name --version: no Gumbo version"
  "$exe" --help 2>&1 | grep -q -- '--version' || fail "$name --help does not list --version"
done
[ "$checked" -ge 5 ] || fail "only $checked tools built"
[ "$failures" -eq 0 ] || exit 1
echo "version.sh: $checked tools checked"
