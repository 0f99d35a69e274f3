#!/usr/bin/env bash
# The bundled demo (README's quick start): generate the BLOGS06-style sample collection, then
# build its parallel index set, run and evaluate every view against the gold texts' row.
# Works from the source tree (config/examples/sample.toml, build/trec/boilerdex-trec) and
# installed (share/boilerdex/demo.sh beside share/boilerdex/examples/, bin/boilerdex-trec).
# Usage: demo.sh [--tool BOILERDEX_TREC] [--sample "SAMPLE OPTIONS"] [DIR] [EXPERIMENT OPTIONS...]
#   DIR (default ./boilerdex-demo) receives sample/, sample.toml, sample-index/ and
#   sample-experiment/ (table.md, figure.svg, runs/); --sample's words go to `sample` (a
#   smaller demo: --sample "--docs 300 --topics 10"), the options after DIR to `experiment`.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tool=${BOILERDEX_TREC:-}
sample_options=""
while [[ $# -ge 2 && ( $1 == --tool || $1 == --sample ) ]]; do
  if [[ $1 == --tool ]]; then tool=$2; else sample_options=$2; fi
  shift 2
done
dir=./boilerdex-demo
if [[ $# -gt 0 && ${1:0:1} != - ]]; then dir=$1; shift; fi
if [[ -f $here/examples/sample.toml ]]; then
  example=$here/examples/sample.toml                         # installed
  [[ -n $tool ]] || tool=$here/../../bin/boilerdex-trec
else
  example=$here/../../config/examples/sample.toml            # source tree
  [[ -n $tool ]] || tool=$here/../../build/trec/boilerdex-trec
fi
[[ -x $tool ]] || tool=$(command -v boilerdex-trec) || { echo "demo.sh: boilerdex-trec not found (--tool PATH)" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# shellcheck disable=SC2086 # --sample's words are options
"$tool" sample --out "$dir/sample" $sample_options -q
# The example's paths point into the source tree's build/; the demo's go to DIR.
sed -e "s#\\.\\./\\.\\./build/#$dir/#" "$example" > "$dir/sample.toml"
"$tool" experiment --config "$dir/sample.toml" "$@"
