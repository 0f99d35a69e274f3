#pragma once
// min-words:auto's K for an index-set build (index_builder.hpp, IndexOptions::
// auto_sample_documents). Private to indexer.

#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

namespace boilerdex::indexer::detail {

/// Fits the stochastic text model on the words per block of the first
/// options.auto_sample_documents documents of the whole input list (not of this shard, so
/// every shard finds the same K), decoded and segmented with \p limits as the run will, on
/// \p threads threads; pages that fail are left out (the run reports them). Returns K with
/// the fit. \throws IndexError when the sample has no block with words or does not
/// separate; InputError as the collection readers.
[[nodiscard]] AutoThresholdFit fit_auto_threshold(const IndexOptions& options, const plugin::SegmentLimits& limits,
                                                  unsigned threads);

}  // namespace boilerdex::indexer::detail
