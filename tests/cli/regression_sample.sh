#!/usr/bin/env bash
# The effectiveness regression: every view's P@10, NDCG@10 and MAP on the bundled demo, as
# trec/regressions/sample.tsv records them (trec/scripts/regression.sh does the work; about a
# minute: it indexes the 2,000-page demo into its 35 views).
# Usage: regression_sample.sh BUILD_DIR [FIXTURES_DIR SHARED_DIR]   (exit 77 = skipped)
set -u
build=$1
# The scores do not depend on the sanitizers; under them the minute becomes many.
[[ -z ${BOILERDEX_SANITIZED:-} ]] || { echo "skip: sanitized build (the release build's ctest checks the scores)"; exit 77; }
[[ -x $build/trec/boilerdex-trec ]] || { echo "skip: $build/trec/boilerdex-trec is not built"; exit 77; }
bash "$(dirname "${BASH_SOURCE[0]}")/../../trec/scripts/regression.sh" "$build"
