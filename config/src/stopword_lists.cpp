#include "boilerdex/config/stopword_lists.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "boilerdex/config/error.hpp"

// Set by config/CMakeLists.txt; defaults keep the file compilable on its own.
#ifndef BOILERDEX_STOPWORDS_LIB_TO_DATA
#define BOILERDEX_STOPWORDS_LIB_TO_DATA "../share/boilerdex/stopwords"
#endif
#ifndef BOILERDEX_STOPWORDS_INSTALL_DIR
#define BOILERDEX_STOPWORDS_INSTALL_DIR ""
#endif
#ifndef BOILERDEX_STOPWORDS_SOURCE_DIR
#define BOILERDEX_STOPWORDS_SOURCE_DIR ""
#endif

namespace boilerdex::config {
namespace fs = std::filesystem;

namespace {

/// The places the shipped lists may be, in the order they are tried.
std::vector<fs::path> candidate_dirs() {
  std::vector<fs::path> out;
  if (const char* env = std::getenv("BOILERDEX_STOPWORDS_DIR"); env != nullptr && *env != '\0') out.emplace_back(env);
  Dl_info info{};
  // The object this function is compiled into: libboilerdex, or a program linking it statically.
  if (dladdr(reinterpret_cast<void*>(&candidate_dirs), &info) != 0 && info.dli_fname != nullptr) {
    std::error_code ec;
    const fs::path self = fs::canonical(info.dli_fname, ec);
    if (!ec) out.push_back((self.parent_path() / BOILERDEX_STOPWORDS_LIB_TO_DATA).lexically_normal());
  }
  for (const char* dir : {BOILERDEX_STOPWORDS_INSTALL_DIR, BOILERDEX_STOPWORDS_SOURCE_DIR})
    if (*dir != '\0') out.emplace_back(dir);
  return out;
}

}  // namespace

std::vector<std::string> read_stopword_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path.string(), 0, 0, "", "cannot open stopword list");
  std::vector<std::string> words;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    const std::size_t b = line.find_first_not_of(" \t\r");
    const std::size_t e = line.find_last_not_of(" \t\r");
    if (b != std::string::npos) words.push_back(line.substr(b, e - b + 1));
  }
  if (in.bad()) throw ConfigError(path.string(), 0, 0, "", "cannot read stopword list");
  return words;
}

fs::path builtin_stopwords_dir() {
  std::string looked;
  for (const fs::path& dir : candidate_dirs()) {
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir;
    looked += (looked.empty() ? "" : ", ") + dir.string();
  }
  throw ConfigError("", 0, 0, "indexing.stopwords",
                    "the built-in stopword lists are not installed (looked in: " + looked +
                        "; set BOILERDEX_STOPWORDS_DIR)");
}

std::vector<std::string> builtin_stopword_languages() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(builtin_stopwords_dir(), ec))
    if (e.path().extension() == ".txt") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> builtin_stopwords(std::string_view language) {
  const fs::path dir = builtin_stopwords_dir();
  const fs::path file = dir / (std::string(language) + ".txt");
  std::error_code ec;
  if (language.empty() || language.find('/') != std::string_view::npos || !fs::exists(file, ec)) {
    std::string known;
    for (const std::string& l : builtin_stopword_languages()) known += (known.empty() ? "" : ", ") + l;
    throw ConfigError(file.string(), 0, 0, "indexing.stopwords",
                      "no built-in stopword list for '" + std::string(language) + "' (there are: " + known + ")");
  }
  return read_stopword_file(file);
}

}  // namespace boilerdex::config
