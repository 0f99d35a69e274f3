// segment_html on decoded arbitrary bytes under small limits (so that every limit is
// reached often): blocks stay inside the input, texts stay UTF-8, limits hold.
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  const plugin::DecodedText decoded = plugin::decode_to_utf8(fuzz::bytes(data, size));

  plugin::SegmentLimits limits;
  limits.max_input_bytes = 48 * 1024;
  limits.max_depth = 48;
  limits.max_blocks = 256;
  limits.max_block_bytes = 2048;
  plugin::SegmentStats stats;
  const plugin::TextDocument doc = plugin::segment_html(decoded.utf8, limits, &stats);

  fuzz::check(doc.blocks.size() <= limits.max_blocks, "more blocks than max_blocks");
  fuzz::check(doc.num_parse_blocks == doc.blocks.size(), "num_parse_blocks differs from blocks");
  fuzz::check(fuzz::is_valid_utf8(doc.title), "title is not UTF-8");
  const std::size_t input_bytes = std::min(decoded.utf8.size(), limits.max_input_bytes);
  for (const plugin::TextBlock& block : doc.blocks) {
    fuzz::check(fuzz::is_valid_utf8(block.text), "block text is not UTF-8");
    fuzz::check(block.text.size() <= limits.max_block_bytes, "block longer than max_block_bytes");
    fuzz::check(block.source_begin <= block.source_end && block.source_end <= input_bytes,
                "block source range outside the input");
  }
  fuzz::check(stats.truncated_input == (decoded.utf8.size() > limits.max_input_bytes),
              "truncated_input disagrees with the input's size");
  return 0;
}
