// segment_html on decoded arbitrary bytes under small limits (so that every limit is
// reached often): blocks stay inside the input, texts stay UTF-8, limits hold; and the page
// segments the same when Gumbo is given it whole instead of its lean copy (script, style and
// comment bodies emptied: lean_html_internal.hpp), so the pre-pass never changes a block.
#include "../../plugin/page/internal/html_segmenter_internal.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "fuzz_support.hpp"

namespace {

bool same_blocks(const boilerdex::plugin::TextDocument& a, const boilerdex::plugin::TextDocument& b) {
  if (a.title != b.title || a.blocks.size() != b.blocks.size()) return false;
  for (std::size_t i = 0; i < a.blocks.size(); ++i) {
    const auto& x = a.blocks[i];
    const auto& y = b.blocks[i];
    if (x.text != y.text || x.num_words != y.num_words ||
        x.num_words_in_anchor_text != y.num_words_in_anchor_text ||
        x.num_wrapped_lines != y.num_wrapped_lines || x.tag_level != y.tag_level ||
        x.source_begin != y.source_begin || x.source_end != y.source_end ||
        x.enclosing_tag != y.enclosing_tag || x.labels.bits() != y.labels.bits() ||
        a.containers.chain(i).to_vector() != b.containers.chain(i).to_vector())
      return false;
  }
  return true;
}

}  // namespace

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

  plugin::SegmentStats whole_stats;
  const plugin::TextDocument whole = plugin::detail::segment_html_before(
      decoded.utf8, limits, &whole_stats, plugin::PageDeadline(limits.max_page_millis), false);
  fuzz::check(same_blocks(doc, whole), "the lean parse gives other blocks than the whole page");
  fuzz::check(stats.truncated_input == whole_stats.truncated_input &&
                  stats.depth_limited == whole_stats.depth_limited &&
                  stats.blocks_limited == whole_stats.blocks_limited &&
                  stats.noscript_unwrapped == whole_stats.noscript_unwrapped,
              "the lean parse gives other stats than the whole page");
  return 0;
}
