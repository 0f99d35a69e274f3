#pragma once
/// \file
/// Reading a whole file into memory, gunzipping a ".gz" one: what the model loader
/// (learned_model.hpp) and the data-set readers (gold_standard.hpp) share.

#include <filesystem>
#include <string>

namespace boilerdex::plugin {

/// Reads a whole file; gunzips when \p path ends in ".gz".
/// \throws InputError naming the file (and the zlib message) on failure, and when \p path
/// is a directory.
[[nodiscard]] std::string read_file_bytes(const std::filesystem::path& path);

}  // namespace boilerdex::plugin
