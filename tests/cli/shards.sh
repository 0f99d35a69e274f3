#!/usr/bin/env bash
# Scaling out: a generated sample indexed whole, and as 2 shards (--shard I/S) merged into
# stub databases (--merge-shards), gives the same boilerdex-trec run (docno rankings and
# scores to 1e-9); so does a stub that reaches one shard through xapian-tcpsrv.
# Usage: shards.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -u
build=$1
indexer=$build/indexer/boilerdex-index tool=$build/trec/boilerdex-trec
for b in "$indexer" "$tool"; do [ -x "$b" ] || { echo "SKIP: $b not built"; exit 77; }; done
for c in xapian-tcpsrv setsid jq; do command -v $c >/dev/null || { echo "SKIP: $c not installed"; exit 77; }; done
W=$(mktemp -d)
srv=
cleanup() { [ -n "$srv" ] && kill "$srv" 2>/dev/null && wait "$srv" 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$tool" sample --out "$W/s" --docs 200 --docs-per-file 25 -q >"$W/log" 2>&1 || fail "sample: $(cat "$W/log")"
views=(--view all --view min-words:10)
"$indexer" --input "$W/s/collection" "${views[@]}" --out "$W/whole" --threads 2 -q 2>"$W/log" \
  || fail "whole index: $(cat "$W/log")"
for i in 0 1; do
  "$indexer" --input "$W/s/collection" "${views[@]}" --out "$W/shard$i" --shard "$i/2" --jobs 1 -q 2>"$W/log" \
    || fail "shard $i: $(cat "$W/log")"
done
[ "$(jq -r '.shard.index, .shard.count, (.inputs | length)' "$W/shard1/manifest.json" | tr '\n' ' ')" = "1 2 4 " ] \
  || fail "shard manifest: $(jq -c '{shard, n: (.inputs | length)}' "$W/shard1/manifest.json")"
"$indexer" --merge-shards "$W/shard1" "$W/shard0" --out "$W/merged" 2>"$W/log" || fail "merge: $(cat "$W/log")"
grep -q "^merged 2 shards (200 documents, 2 views)" "$W/log" || fail "merge summary: $(cat "$W/log")"
[ "$(cat "$W/merged/views/all")" = "# boilerdex-index --merge-shards: view all, 2 shards
auto ../../shard0/views/all
auto ../../shard1/views/all" ] || fail "stub file: $(cat "$W/merged/views/all")"
[ "$(jq -r '.counts.documents, .complete, (.inputs | length)' "$W/merged/manifest.json" | tr '\n' ' ')" = "200 true 8 " ] \
  || fail "merged manifest"
# Misuse exits 2 (usage) or 1 (index set), saying why.
"$indexer" --merge-shards "$W/shard0" --out "$W/bad" 2>"$W/err"; [ $? -eq 1 ] || fail "a missing shard accepted"
grep -q "shard 1/2 is missing" "$W/err" || fail "missing shard message: $(cat "$W/err")"
"$indexer" --input "$W/s/collection" --out "$W/bad" --shard 2/2 2>/dev/null; [ $? -eq 2 ] || fail "--shard 2/2 accepted"

# run: "topic Q0 docno rank score tag"; the same lines up to the tag, scores within 1e-9.
same_run() {
  awk 'NR == FNR { key[FNR] = $1 " " $3 " " $4; score[FNR] = $5; n = FNR; next }
       { if (key[FNR] != $1 " " $3 " " $4) { print "line " FNR ": " key[FNR] " vs " $1 " " $3 " " $4; bad = 1; exit }
         d = score[FNR] - $5; if (d < 0) d = -d; if (d > 1e-9) { print "line " FNR ": score " score[FNR] " vs " $5; bad = 1; exit } }
       END { if (!bad && FNR != n) { print "line counts " n " vs " FNR; bad = 1 } exit bad }' "$1" "$2"
}
for view in all min-words:10; do
  for set in whole merged; do
    "$tool" run --index "$W/$set" --view "$view" --topics "$W/s/topics.txt" -o "$W/$set.run" 2>"$W/log" \
      || fail "run on $set: $(cat "$W/log")"
  done
  [ "$(grep -vc boilerdex-no-result "$W/whole.run")" -gt 100 ] || fail "too few results to compare"
  same_run "$W/whole.run" "$W/merged.run" || fail "view $view: merged shards rank differently"
done

# Shard 1 served by xapian-tcpsrv on 127.0.0.1, shard 0 read from disk, through one stub.
port=
for _ in 1 2 3 4 5; do
  p=$((20000 + RANDOM % 20001))
  # Its own session: on SIGTERM xapian-tcpsrv kills its whole process group (kill(0)).
  setsid xapian-tcpsrv --interface 127.0.0.1 --port "$p" "$W/shard1/views/all" >"$W/srv.log" 2>&1 &
  srv=$!
  for _ in $(seq 50); do
    grep -q "Listening" "$W/srv.log" && break
    kill -0 "$srv" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$srv" 2>/dev/null && grep -q "Listening" "$W/srv.log"; then port=$p; break; fi
  kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null; srv=
done
[ -n "$port" ] || fail "xapian-tcpsrv did not start: $(cat "$W/srv.log")"
mkdir -p "$W/remote/views"
jq '.views |= map(select(.spec == "all"))' "$W/merged/manifest.json" >"$W/remote/manifest.json"
printf 'auto ../../shard0/views/all\nremote 127.0.0.1:%s\n' "$port" >"$W/remote/views/all"
"$tool" run --index "$W/whole" --view all --topics "$W/s/topics.txt" -o "$W/whole.run" 2>/dev/null || fail "run on whole"
"$tool" run --index "$W/remote" --view all --topics "$W/s/topics.txt" -o "$W/remote.run" 2>"$W/log" \
  || fail "run through xapian-tcpsrv: $(cat "$W/log")"
same_run "$W/whole.run" "$W/remote.run" || fail "a remote shard ranks differently"
echo "shards.sh: all checks passed"
