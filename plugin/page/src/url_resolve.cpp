#include "url_resolve_internal.hpp"

#include <uriparser/Uri.h>

#include <vector>

#include "markup_lexer_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// A parsed URI that frees itself.
class Uri {
 public:
  explicit Uri(const std::string& text) {
    const char* error = nullptr;
    m_ok = uriParseSingleUriA(&m_uri, text.c_str(), &error) == URI_SUCCESS;
  }
  Uri() = default;
  Uri(const Uri&) = delete;
  Uri& operator=(const Uri&) = delete;
  ~Uri() {
    if (m_ok) uriFreeUriMembersA(&m_uri);
  }
  [[nodiscard]] bool ok() const noexcept { return m_ok; }
  UriUriA* get() noexcept { return &m_uri; }
  void set_ok() noexcept { m_ok = true; }

 private:
  UriUriA m_uri{};
  bool m_ok = false;
};

}  // namespace

bool is_absolute_url(std::string_view url) noexcept {
  const std::size_t colon = url.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  if (!is_ascii_alnum(url[0]) || (url[0] >= '0' && url[0] <= '9')) return false;  // a letter first
  for (std::size_t k = 1; k < colon; ++k) {
    const char c = url[k];
    if (!is_ascii_alnum(c) && c != '+' && c != '-' && c != '.') return false;
  }
  return true;
}

std::string resolve_url(std::string_view base, std::string_view reference) {
  const std::string ref(trim(reference));
  const std::string absolute(trim(base));
  if (absolute.empty() || ref.empty() || ref.find('\0') != std::string::npos ||
      absolute.find('\0') != std::string::npos)
    return ref;
  Uri b(absolute), r(ref);
  if (!b.ok() || !r.ok() || b.get()->scheme.first == nullptr) return ref;
  Uri out;
  if (uriAddBaseUriA(out.get(), r.get(), b.get()) != URI_SUCCESS) return ref;
  out.set_ok();
  int chars = 0;
  if (uriToStringCharsRequiredA(out.get(), &chars) != URI_SUCCESS || chars < 0) return ref;
  std::vector<char> text(static_cast<std::size_t>(chars) + 1);
  if (uriToStringA(text.data(), out.get(), chars + 1, nullptr) != URI_SUCCESS) return ref;
  return std::string(text.data());
}

}  // namespace boilerdex::plugin::detail
