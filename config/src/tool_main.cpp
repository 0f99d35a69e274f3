#include "boilerdex/config/tool_main.hpp"

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include "boilerdex/config/error.hpp"

namespace boilerdex::config {
namespace {

/// \p what as a terminal shows it: messages name files and DOCNOs, which are bytes (a
/// Latin-1 directory name, a DOCNO from a page), so every byte that does not start a
/// well-formed UTF-8 sequence, and every control byte but tab and newline, is written
/// `\xNN` (issue #16). Valid UTF-8 is kept as is.
std::string readable(std::string_view what) {
  std::string out;
  out.reserve(what.size());
  for (std::size_t i = 0; i < what.size();) {
    const auto lead = static_cast<unsigned char>(what[i]);
    const auto at = [&](std::size_t k) { return i + k < what.size() ? static_cast<unsigned char>(what[i + k]) : 0; };
    std::size_t n = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                                   : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    for (std::size_t k = 1; k < n; ++k)
      if ((at(k) & 0xC0) != 0x80) n = 0;
    // No overlong forms, surrogates or values past U+10FFFF (the second byte says).
    if ((lead == 0xE0 && at(1) < 0xA0) || (lead == 0xED && at(1) > 0x9F) || (lead == 0xF0 && at(1) < 0x90) ||
        (lead == 0xF4 && at(1) > 0x8F))
      n = 0;
    if (n == 1 && ((lead < 0x20 && lead != '\n' && lead != '\t') || lead == 0x7F)) n = 0;
    if (n == 0) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", lead);
      out += escaped;
      ++i;
      continue;
    }
    out.append(what.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace

int run_tool(std::string_view tool_name, const std::function<int()>& body) noexcept {
  try {
    return body();
  } catch (const UsageError& e) {
    std::cerr << tool_name << ": usage: " << readable(e.what()) << '\n';
    return 2;
  } catch (const ConfigError& e) {
    std::cerr << tool_name << ": config: " << readable(e.what()) << '\n';
    return 2;
  } catch (const Error& e) {
    std::cerr << tool_name << ": error: " << readable(e.what()) << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << tool_name << ": error: " << readable(e.what()) << '\n';
    return 1;
  } catch (...) {
    std::cerr << tool_name << ": error: unknown exception\n";
    return 1;
  }
}

}  // namespace boilerdex::config
