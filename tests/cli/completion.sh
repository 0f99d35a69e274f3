#!/usr/bin/env bash
# The bash completion (config/completion/boilerdex.bash) offers each tool's subcommands and
# the options its --help lists, for the subcommand being typed.
# Usage: completion.sh BUILD_DIR [FIXTURES_DIR SHARED_DIR]   (exit 77 = skipped)
set -u
build=$1
[ -x "$build/trec/boilerdex-trec" ] && [ -x "$build/plugin/boilerdex-extract" ] ||
  { echo "skip: boilerdex-trec or boilerdex-extract not built"; exit 77; }
export PATH=$build/trec:$build/plugin:$PATH
# shellcheck source=../../config/completion/boilerdex.bash
source "$(dirname "${BASH_SOURCE[0]}")/../../config/completion/boilerdex.bash"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
complete_words() {  # WORDS...: the candidates for the last word
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _boilerdex
  printf '%s\n' "${COMPREPLY[@]}"
}
complete_words boilerdex-trec ev | grep -qx eval || fail "subcommand eval"
complete_words boilerdex-trec ex | grep -qx experiment || fail "subcommand experiment"
complete_words boilerdex-trec eval --bin | grep -qx -- --binarize || fail "eval's --binarize"
complete_words boilerdex-trec eval -m P.10 --bin | grep -qx -- --binarize || fail "eval's --binarize after -m"
complete_words boilerdex-trec run --vi | grep -qx -- --view || fail "run's --view"
complete_words boilerdex-trec eval --vi | grep -q . && fail "eval offers run's --view"
complete_words boilerdex-trec --ver | grep -qx -- --version || fail "--version"
complete_words boilerdex-extract --ver | grep -qx -- --version || fail "boilerdex-extract --version"
complete -p boilerdex-index 2>/dev/null | grep -q _boilerdex || fail "boilerdex-index has no completion"
[ "$failures" -eq 0 ] || exit 1
echo "completion.sh: all checks passed"
