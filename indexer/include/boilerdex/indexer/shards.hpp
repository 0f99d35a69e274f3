#pragma once
/// \file
/// Scaling out: an index set built as S shards (`boilerdex-index --shard I/S`, one per
/// machine or process) and merged into one index set made of Xapian stub databases.
///
/// Shard I of S holds the documents of the input files whose position in the input file
/// list (list_input_files: command-line order, directories expanded in sorted order) is
/// I mod S, i.e. round-robin over that list. Every worker must be given the same inputs in
/// the same order. A shard is an ordinary index set whose manifest also records
/// "shard": {"index": I, "count": S}.
///
/// merge_shards writes DIR/views/<view directory_name> as a stub database file, one line
/// `auto PATH` per shard (PATH relative to DIR/views, shards in index order), and
/// DIR/manifest.json pointing at the stubs, so Xapian::Database(DIR/views/NAME) searches
/// all shards as one: collection statistics combine, so BM25 scores equal those of a
/// single database. Docids interleave (docid d lives in shard (d − 1) mod S as local
/// docid (d − 1) div S + 1); DOCNOs, unique across shards, identify documents.

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer {

/// Which part of the input file list one build takes.
struct ShardSpec {
  std::uint32_t index = 0;  ///< 0 ≤ index < count
  std::uint32_t count = 1;  ///< 1: the whole collection
};

/// Parses "I/S" (0 ≤ I < S). \throws UsageError naming the text otherwise.
[[nodiscard]] ShardSpec parse_shard_spec(std::string_view text);

/// The shards' views combined into \p out_dir: stub databases and a manifest (file
/// comment). The shards must be complete, all built with --shard ·/S for one S, together
/// cover 0..S−1 once each, and agree on format, term settings and views; no DOCNO may
/// occur in two shards. The merged manifest's counts are the shards' sums, its inputs the
/// shards' inputs back in list order (streamed from the shards' manifests to the merged
/// one, one at a time, so memory does not grow with the number of inputs), and its
/// "shards" the shard directories relative to \p out_dir. Returns that manifest without its
/// inputs (read_manifest(out_dir) has them). \p existing: Refuse (out_dir must be absent or empty) or Overwrite (an old
/// index set there is deleted first); Resume is a UsageError.
/// \throws UsageError (no shards, Resume); IndexError naming the directory for a shard
/// that is missing, incomplete or inconsistent, a duplicate DOCNO, an existing output, or
/// any Xapian or file error.
Manifest merge_shards(const std::vector<std::filesystem::path>& shard_dirs, const std::filesystem::path& out_dir,
                      ExistingOutput existing);

}  // namespace boilerdex::indexer
