#include "boilerdex/plugin/page_extractor.hpp"

#include "gumbo_guard_internal.hpp"

namespace boilerdex::plugin {

PageResult extract_page(std::string_view bytes, const Extractor& extractor,
                        const PageOptions& options) {
  // The page's time runs from here: decoding spends part of what segment_html may use.
  const detail::PageDeadline deadline(options.limits.max_page_millis);
  PageResult result;
  result.decoded = decode_to_utf8(bytes, options.declared_charset);
  SegmentLimits limits = options.limits;
  if (deadline.bounded()) {
    limits.max_page_millis = deadline.millis_left();
    if (limits.max_page_millis == 0) deadline.fail("decoding");  // 0 would mean "no bound"
  }
  try {
    result.document = segment_html(result.decoded.utf8, limits, &result.stats);
  } catch (const PageTimeLimitError& e) {
    throw PageTimeLimitError(options.limits.max_page_millis, e.stage());  // the bound the caller set
  }
  result.num_parse_blocks = result.document.blocks.size();
  if (options.keep_parse_blocks) result.parse_blocks = result.document.blocks;
  extractor.process(result.document, result.decoded.utf8);
  return result;
}

}  // namespace boilerdex::plugin
