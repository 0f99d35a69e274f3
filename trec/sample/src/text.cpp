#include "text_internal.hpp"

namespace boilerdex::trec::sample {

void capitalise_first(std::string& s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
}

std::string capitalised(std::string_view s) {
  std::string out(s);
  capitalise_first(out);
  return out;
}

std::string fill(std::string_view pattern, std::string_view key, std::string_view value) {
  std::string out;
  out.reserve(pattern.size() + value.size());
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern.compare(i, key.size(), key) == 0) {
      out += value;
      i += key.size();
    } else {
      out += pattern[i++];
    }
  }
  return out;
}

std::string zero_padded(std::uint64_t value, int width) {
  std::string digits = std::to_string(value);
  if (static_cast<int>(digits.size()) < width) digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
  return digits;
}

}  // namespace boilerdex::trec::sample
