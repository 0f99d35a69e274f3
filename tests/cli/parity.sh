#!/usr/bin/env bash
# Parity of boilerdex-extract with Java boilerpipe 1.2 on the shared data sets
# (plugin/scripts/parity.py; targets: >= 97% identical pages and mean BOW F1 >= 0.995 per
# extractor). Skips (77) without python3, Java + libboilerpipe-java, or ../shared.
# Usage: parity.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -euo pipefail
build=$1 shared=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "parity: SKIPPED: no python3"; exit 77; }
[[ -n $shared && -d $shared/data/extraction ]] || { echo "parity: SKIPPED: no ../shared data"; exit 77; }
[[ -f /usr/share/java/boilerpipe.jar || -f /usr/share/java/boilerpipe-1.2.0.jar ]] \
  || { echo "parity: SKIPPED: libboilerpipe-java is not installed"; exit 77; }
exec python3 "$here/../../plugin/scripts/parity.py" --shared "$shared" --extract "$build/plugin/boilerdex-extract"
