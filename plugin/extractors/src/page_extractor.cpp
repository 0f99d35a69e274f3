#include "boilerdex/plugin/page_extractor.hpp"

#include "html_segmenter_internal.hpp"

namespace boilerdex::plugin {

PageResult extract_page(std::string_view bytes, const Extractor& extractor,
                        const PageOptions& options) {
  // The page's time runs from here, through decoding, segmentation and the extractor.
  const PageDeadline deadline(options.limits.max_page_millis);
  PageResult result;
  result.decoded =
      decode_to_utf8(bytes, options.declared_charset, options.read_back_double_encoding);
  deadline.check("decoding");
  result.document = detail::segment_html_before(result.decoded.utf8, options.limits, &result.stats,
                                                deadline, true, extractor.reads_token_counts());
  result.num_parse_blocks = result.document.blocks.size();
  if (options.keep_parse_blocks) result.parse_blocks = result.document.blocks;
  // The document carries the deadline (TextDocument::budget): the extractor spends what is
  // left, and one that overran without looking is reported all the same.
  extractor.process(result.document, result.decoded.utf8);
  // From the decoded page alone, after the extractor: metadata never moves a block decision.
  if (options.read_metadata) result.metadata = read_page_metadata(result.decoded.utf8, {}, options.page_url);
  deadline.check("extracting");
  return result;
}

}  // namespace boilerdex::plugin
