#include "boilerdex/plugin/page_extractor.hpp"

namespace boilerdex::plugin {

PageResult extract_page(std::string_view bytes, const Extractor& extractor,
                        const PageOptions& options) {
  PageResult result;
  result.decoded = decode_to_utf8(bytes, options.declared_charset);
  result.document = segment_html(result.decoded.utf8, options.limits, &result.stats);
  result.num_parse_blocks = result.document.blocks.size();
  if (options.keep_parse_blocks) result.parse_blocks = result.document.blocks;
  extractor.process(result.document, result.decoded.utf8);
  return result;
}

}  // namespace boilerdex::plugin
