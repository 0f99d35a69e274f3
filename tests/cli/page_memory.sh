#!/usr/bin/env bash
# Memory per page is bounded (issue #16, item 5): every page within the default limits stays
# within 300 MB peak RSS in boilerdex-extract (every output format, --jsonl with blocks and
# features) and boilerdex-index (the default views, one thread), on the generated worst
# cases of plugin/bench/page_memory.sh (2.45 M tags, max_blocks paragraphs of words, 68,000
# small blocks, 200,000 paragraphs under 511 nested <div>s). Measured: 102-253 MB
# (docs/reliability.md, Bounded memory); before the shared container tree, the arena's small slots and
# the indexer's exact-size postings, up to 495 MB.
# Skips without GNU time or /proc, and under the sanitizers (as memory.sh).
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
for tool in "$build/indexer/boilerdex-index" "$build/plugin/boilerdex-extract"; do
  [ -x "$tool" ] || { echo "skip: $tool not built"; exit 77; }
done
[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1 || { echo "skip: GNU time (/usr/bin/time) not usable"; exit 77; }
[ -r /proc/self/status ] || { echo "skip: no /proc"; exit 77; }
[ -z "${BOILERDEX_SANITIZED:-}" ] || { echo "skip: resident memory means nothing under the sanitizers"; exit 77; }
exec bash "$here/../../plugin/bench/page_memory.sh" "$build" 300
