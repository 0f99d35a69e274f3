#pragma once
// HTML's named character references beyond the few the metadata scan knows by heart
// ("&oacute;", "&pound;", "&para;"): read by Gumbo's tokenizer, which holds the standard's
// whole table. Private to plugin.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace boilerdex::plugin::detail {

/// The named character reference "&NAME;" at \p raw[\p i] ('&'): its text in UTF-8 and its
/// length in \p raw (NAME, 1 to 32 ASCII letters and digits led by a letter, and its ';'), or
/// {"", 0} when HTML has no reference of that name. Each name is looked up once per thread
/// (a small parse) and remembered. \throws std::bad_alloc only.
[[nodiscard]] std::pair<std::string, std::size_t> named_reference_at(std::string_view raw,
                                                                     std::size_t i);

}  // namespace boilerdex::plugin::detail
