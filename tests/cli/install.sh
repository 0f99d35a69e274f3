#!/usr/bin/env bash
# cmake --install to a fresh prefix, then build against the installed library: a C program
# through pkg-config and a CMake project through find_package(boilerdex); run both, and
# run an installed tool. Checks the SONAME and that private dependencies stay private.
# Usage: install.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
if [[ -n ${BOILERDEX_SANITIZED:-} ]]; then echo "skip: sanitized build: its unsanitized C and CMake consumers cannot load a sanitized libboilerdex"; exit 77; fi
build=$1
consumer=$2/faces/consumer
page=$2/faces/site/volcano.html
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

if ! cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1; then
  echo "install.sh: cmake --install failed: $(tail -5 "$work/install.log")" >&2
  exit 1
fi
libdir=$(ls -d "$prefix"/lib* | head -n 1)
for f in include/boilerdex/boilerdex.h include/boilerdex/boilerdex.hpp include/boilerdex/boilerdex_version.h \
  include/boilerdex/plugin/page_extractor.hpp include/boilerdex/config/error.hpp; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
[ -e "$libdir/libboilerdex.so" ] || fail "not installed: libboilerdex.so"
soname=$(readelf -d "$libdir/libboilerdex.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ -e "$libdir/$soname" ] || fail "SONAME '$soname' missing or not installed"
ls "$libdir" | grep -q 'boilerdex_indexer\|boilerdex_query\|boilerdex_trec' && fail "internal libraries installed"
grep -rlE '#include [<"](gumbo\.h|unicode/|uchardet|zlib\.h|toml\+\+|nlohmann|xapian)' "$prefix/include/boilerdex" &&
  fail "a public header includes a private dependency"
# Only the C ABI and namespace boilerdex are exported.
nm -DC --defined-only "$libdir/libboilerdex.so" | awk '$2 ~ /^[TWVDBR]$/ {$1=""; $2=""; print}' |
  grep -v 'boilerdex\|^ *bdx_' | grep -q . && fail "symbols outside bdx_/boilerdex:: exported"

# C through pkg-config (compiled as C99, with the warnings of the house).
export PKG_CONFIG_PATH=$libdir/pkgconfig
if ! pkg-config --exists boilerdex; then
  fail "pkg-config does not find boilerdex"
elif ! cc -std=c99 -Wall -Wextra -Wpedantic -Werror -o "$work/consumer_c" "$consumer/consumer.c" \
  $(pkg-config --cflags --libs boilerdex) -Wl,-rpath,"$libdir" 2>"$work/cc.log"; then
  fail "C consumer does not build: $(cat "$work/cc.log")"
else
  "$work/consumer_c" "$page" >"$work/c.out" 2>&1 || fail "C consumer failed: $(cat "$work/c.out")"
  grep -q '^title: Volcano observatory report' "$work/c.out" || fail "C consumer: title"
  grep -q 'swarm of small earthquakes' "$work/c.out" || fail "C consumer: text"
  grep -q "version $(pkg-config --modversion boilerdex) " "$work/c.out" || fail "C consumer: version"
fi

# C++ through find_package.
if ! cmake -S "$consumer" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 ||
  ! cmake --build "$work/cmake-build" >>"$work/cmake.log" 2>&1; then
  fail "CMake consumer does not build: $(tail -20 "$work/cmake.log")"
else
  "$work/cmake-build/consumer" "$page" >"$work/cpp.out" 2>&1 || fail "CMake consumer failed: $(cat "$work/cpp.out")"
  grep -q 'swarm of small earthquakes' "$work/cpp.out" || fail "CMake consumer: text"
  grep -q '^caught: .*nope' "$work/cpp.out" || fail "CMake consumer: UsageError not caught across the library"
fi

# Installed tools find the installed library (RPATH $ORIGIN/../lib).
if [ -x "$prefix/bin/boilerdex-omindex-filter" ]; then
  env -u LD_LIBRARY_PATH "$prefix/bin/boilerdex-omindex-filter" "$page" >"$work/tool.out" 2>&1 ||
    fail "installed boilerdex-omindex-filter: $(head -3 "$work/tool.out")"
  used=$(ldd "$prefix/bin/boilerdex-omindex-filter" | awk '/libboilerdex/ {print $3}')
  [ -n "$used" ] && [ "$(realpath "$used")" = "$(realpath "$libdir/$soname")" ] ||
    fail "installed tool uses another libboilerdex: '$used'"
else
  fail "boilerdex-omindex-filter not installed"
fi

if [ "$failures" -gt 0 ]; then
  echo "install.sh: $failures failure(s)" >&2
  exit 1
fi
echo "install.sh: all checks passed"
