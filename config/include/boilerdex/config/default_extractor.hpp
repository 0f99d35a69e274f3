#pragma once
/// \file
/// The extractor boilerdex uses when a user names none. It is the one source for every face:
/// `[extraction] extractor` (config.hpp), boilerdex-extract and its `--jsonl` mode, the
/// omindex filter, the C ABI (a NULL or empty name) and so the C++ API, the batch extractor
/// (plugin::BatchOptions), indexer::ContentIndexer. It lives in config because every
/// component may depend on config and config on none of them (DESIGN.md's arrows); it is a
/// name plugin::make_extractor accepts, never checked here.
///
/// `best` (plugin/extractors/include/boilerdex/plugin/best_extractor.hpp) is the most accurate
/// extractor on every development set in README; boilerpipe's `article` and the other ports
/// keep their names and stay available with `-e`.

#include <string_view>

namespace boilerdex::config {

/// The default extractor's name.
inline constexpr std::string_view k_default_extractor = "best";

}  // namespace boilerdex::config
