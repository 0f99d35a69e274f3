#include "auto_threshold_internal.hpp"

#include <optional>
#include <string>
#include <vector>

#include "analysed_page_internal.hpp"
#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/text_model.hpp"
#include "parallel_for_internal.hpp"

namespace boilerdex::indexer::detail {

AutoThresholdFit fit_auto_threshold(const IndexOptions& options, const plugin::SegmentLimits& limits,
                                    unsigned threads) {
  const std::uint64_t wanted = options.auto_sample_documents;
  std::vector<plugin::WordCountHistogram> histograms(threads);
  std::vector<std::uint8_t> parsed_ok;
  std::vector<RawDocument> pages;
  std::uint64_t read = 0, segmented = 0;
  const auto segment_pages = [&] {
    parsed_ok.assign(pages.size(), 0);
    parallel_for(threads, pages.size(), [&](unsigned w, std::size_t i) {
      try {
        const plugin::DecodedText decoded = plugin::decode_to_utf8(pages[i].body, pages[i].declared_charset);
        const plugin::TextDocument parsed = plugin::segment_html(decoded.utf8, limits);
        for (const plugin::TextBlock& b : parsed.blocks) histograms[w].add(static_cast<int>(b.num_words));
        parsed_ok[i] = 1;
      } catch (const std::bad_alloc&) {
        throw;
      } catch (const std::exception&) {  // the indexing pass reports it
      }
    });
    for (const std::uint8_t ok : parsed_ok) segmented += ok;
    pages.clear();
  };
  InputFileWalker walker(options.inputs, options.format);  // the whole list: every shard fits on the same documents
  for (InputFile file; read < wanted && walker.next(file);) {
    const auto reader = open_collection_file(file.path, options.format, options.max_page_bytes, file.docno);
    ReadItem item;
    while (read < wanted && reader->next(item)) {
      if (item.kind != ReadItem::Kind::Document) continue;
      pages.push_back(std::move(item.document));
      ++read;
      if (pages.size() == threads * batch_per_thread) segment_pages();
    }
  }
  segment_pages();
  plugin::WordCountHistogram words;
  for (const auto& h : histograms) words.merge(h);
  const std::string what = "min-words:auto: the first " + std::to_string(segmented) + " documents";
  if (words.blocks() == 0) throw IndexError(what + " have no block with words; use min-words:K");
  const plugin::MixtureFit fit = plugin::fit_mixture(words);
  const std::optional<int> k = plugin::long_text_threshold(fit);
  if (!k)
    throw IndexError(what + " do not separate into short and long text (P_N(S) = " +
                     std::to_string(fit.weight_short) + ", P_S(N) = " + std::to_string(fit.p_short) +
                     ", P_L(N) = " + std::to_string(fit.p_long) + "); use min-words:K");
  const plugin::GoodnessOfFit gof = plugin::goodness_of_fit(words, fit);
  return AutoThresholdFit{segmented,    words.blocks(), fit.weight_short,        fit.p_short,
                          fit.p_long,   gof.r_squared_adjusted, gof.rmse, *k};
}

}  // namespace boilerdex::indexer::detail
