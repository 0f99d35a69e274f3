// decode_to_utf8 on arbitrary bytes, with an optional declared charset ("!NAME\n" first
// line): never throws, always valid UTF-8, names the charset it used; reading back double
// encoding changes the text only where it counts a replacement.
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

  // Reading back double encoding only ever replaces runs by shorter sequences, and a page
  // where it replaced none is the plain decoding; unless a stale legacy declaration was set
  // aside for UTF-8, which the plain decoding (parity) keeps.
  const plugin::DecodedText plain = plugin::decode_to_utf8(input, declared, false);
  fuzz::check(plain.double_encoded == 0, "double encoding read back when asked not to");
  using Source = plugin::CharsetSource;
  if (decoded.source != plain.source) {
    fuzz::check(decoded.source == Source::Detected && decoded.charset == "UTF-8" &&
                    (plain.source == Source::Declared || plain.source == Source::Meta) && plain.charset != "UTF-8",
                "a declaration set aside other than for UTF-8");
  } else {
    fuzz::check(decoded.charset == plain.charset, "the same source named another charset");
    fuzz::check(decoded.double_encoded == 0 ? decoded.utf8 == plain.utf8
                                            : decoded.utf8.size() < plain.utf8.size(),
                "reading back double encoding did not shorten the text, or changed it unasked");
  }

  // The Content-Type parser sees the same bytes as a header value.
  const std::string charset = plugin::charset_from_content_type(input);
  fuzz::check(charset.size() <= input.size(), "charset_from_content_type invented bytes");
  return 0;
}
