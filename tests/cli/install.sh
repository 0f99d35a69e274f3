#!/usr/bin/env bash
# cmake --install to a fresh prefix, then build against the installed library: a C and a C++
# program through pkg-config (searching the prefix only) and a CMake project through
# find_package(boilerdex) under the compiler's default standard; run them, and run an
# installed tool. Checks the SONAME, that only public headers are installed and that
# private dependencies stay private.
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
# Only public headers: the tools' own (config/tools/) stay out, and every boilerdex header an
# installed header includes is installed too.
for f in tool_main.hpp tool_version.hpp tool_versions.h option_groups.hpp count_options.hpp; do
  [ -e "$prefix/include/boilerdex/config/$f" ] && fail "tool-side header installed: boilerdex/config/$f"
done
while IFS= read -r inc; do
  [ -f "$prefix/include/$inc" ] || fail "an installed header includes $inc, which is not installed"
done < <(grep -rhoE '#include [<"]boilerdex/[^>"]+' "$prefix/include/boilerdex" | sed -E 's/#include [<"]//' | sort -u)
grep -rlE '#include [<"](gumbo\.h|unicode/|uchardet|zlib\.h|toml\+\+|nlohmann|xapian)' "$prefix/include/boilerdex" &&
  fail "a public header includes a private dependency"
# Only the C ABI and namespace boilerdex are exported.
nm -DC --defined-only "$libdir/libboilerdex.so" | awk '$2 ~ /^[TWVDBR]$/ {$1=""; $2=""; print}' |
  grep -v 'boilerdex\|^ *bdx_' | grep -q . && fail "symbols outside bdx_/boilerdex:: exported"

# C through pkg-config (compiled as C99, with the warnings of the house). pkg-config searches
# the prefix only, as on a machine without the development packages of Gumbo, ICU, uchardet,
# uriparser, zlib or toml++: the shared library must need none of them.
export PKG_CONFIG_LIBDIR=$libdir/pkgconfig PKG_CONFIG_PATH=$libdir/pkgconfig
if ! pkg-config --cflags --libs boilerdex >"$work/pc.out" 2>&1; then
  fail "pkg-config --cflags --libs boilerdex with only the prefix: $(cat "$work/pc.out")"
elif ! pkg-config --static --cflags --libs boilerdex >"$work/pc.out" 2>&1; then
  fail "pkg-config --static --cflags --libs boilerdex with only the prefix: $(cat "$work/pc.out")"
elif ! cc -std=c99 -Wall -Wextra -Wpedantic -Werror -o "$work/consumer_c" "$consumer/consumer.c" \
  $(pkg-config --cflags --libs boilerdex) -Wl,-rpath,"$libdir" 2>"$work/cc.log"; then
  fail "C consumer does not build: $(cat "$work/cc.log")"
else
  "$work/consumer_c" "$page" >"$work/c.out" 2>&1 || fail "C consumer failed: $(cat "$work/c.out")"
  grep -q '^title: Volcano observatory report' "$work/c.out" || fail "C consumer: title"
  grep -q 'swarm of small earthquakes' "$work/c.out" || fail "C consumer: text"
  grep -q "version $(pkg-config --modversion boilerdex) " "$work/c.out" || fail "C consumer: version"
fi

# check_cpp_consumer WHAT BINARY: the C++ consumer's output.
check_cpp_consumer() {
  "$2" "$page" >"$work/cpp.out" 2>&1 || fail "$1 consumer failed: $(cat "$work/cpp.out")"
  grep -q 'swarm of small earthquakes' "$work/cpp.out" || fail "$1 consumer: text"
  grep -q '^caught: .*nope' "$work/cpp.out" || fail "$1 consumer: UsageError not caught across the library"
}

# C++ through find_package, under the compiler's default standard (the consumer sets none;
# boilerdex::boilerdex carries cxx_std_20). The compile line must show the standard it added.
if ! cmake -S "$consumer" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 ||
  ! cmake --build "$work/cmake-build" --verbose >>"$work/cmake.log" 2>&1; then
  fail "CMake consumer does not build: $(tail -20 "$work/cmake.log")"
else
  grep -qE -- '-std=(gnu|c)\+\+(2a|20|2b|23)' "$work/cmake.log" ||
    fail "CMake consumer: compiled without C++20 (boilerdex::boilerdex does not carry cxx_std_20)"
  check_cpp_consumer CMake "$work/cmake-build/consumer"
fi

# C++ through pkg-config (Cflags serve C too, so a C++ user names the standard).
if ! c++ -std=c++20 -o "$work/consumer_pc" "$consumer/main.cpp" $(pkg-config --cflags --libs boilerdex) \
  -Wl,-rpath,"$libdir" 2>"$work/cxx.log"; then
  fail "C++ consumer does not build through pkg-config: $(cat "$work/cxx.log")"
else
  check_cpp_consumer pkg-config "$work/consumer_pc"
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
