#pragma once
/// \file
/// Stopword lists: the files a configuration names, and the lists shipped with boilerdex
/// (config/stopwords/<language>.txt, one per Snowball language, named as Xapian::Stem
/// names the language: english.txt, french.txt, ...; written for boilerdex). Installed under
/// <prefix>/share/boilerdex/stopwords.
///
/// The folder of the shipped lists is, the first that exists: $BOILERDEX_STOPWORDS_DIR;
/// share/boilerdex/stopwords beside the installed libboilerdex (found from the library's own
/// path, so an installed tree can be moved); the install prefix the build was configured
/// with; the source tree the build came from (so tests and uninstalled builds find them).

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::config {

/// The words of a stopword file: one per line, '#' starts a comment, blank lines and
/// surrounding spaces and tabs ignored; words as written (lower case, UTF-8).
/// \throws ConfigError naming \p path when it cannot be opened or read.
[[nodiscard]] std::vector<std::string> read_stopword_file(const std::filesystem::path& path);

/// The folder of the shipped lists (see above).
/// \throws ConfigError naming every place looked in when none exists.
[[nodiscard]] std::filesystem::path builtin_stopwords_dir();

/// The languages with a shipped list (the files' names without .txt), sorted.
/// \throws ConfigError as builtin_stopwords_dir.
[[nodiscard]] std::vector<std::string> builtin_stopword_languages();

/// The shipped list of \p language (a Xapian::Stem name, "english"): read_stopword_file
/// of builtin_stopwords_dir()/language.txt.
/// \throws ConfigError naming the file when there is no list for \p language or it cannot
/// be read (the message lists the languages that have one).
[[nodiscard]] std::vector<std::string> builtin_stopwords(std::string_view language);

}  // namespace boilerdex::config
