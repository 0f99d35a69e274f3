// decode_to_utf8 on arbitrary bytes, with an optional declared charset ("!NAME\n" first
// line): never throws, always valid UTF-8, names the charset it used.
#include "boilerdex/plugin/charset.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  std::string_view input = fuzz::bytes(data, size);
  const std::string_view declared = fuzz::take_parameter_line(input);

  const plugin::DecodedText decoded = plugin::decode_to_utf8(input, declared);
  fuzz::check(fuzz::is_valid_utf8(decoded.utf8), "decode_to_utf8 returned invalid UTF-8");
  fuzz::check(!decoded.charset.empty(), "decode_to_utf8 named no charset");
  // Only a byte-order mark alone (at most 4 bytes) decodes to nothing.
  fuzz::check(input.size() <= 4 || !decoded.utf8.empty(), "non-empty input decoded to nothing");

  // The Content-Type parser sees the same bytes as a header value.
  const std::string charset = plugin::charset_from_content_type(input);
  fuzz::check(charset.size() <= input.size(), "charset_from_content_type invented bytes");
  return 0;
}
