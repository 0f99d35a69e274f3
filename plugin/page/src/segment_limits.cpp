#include "boilerdex/plugin/segment_limits.hpp"

namespace boilerdex::plugin {

SegmentLimits segment_limits_from_config(const config::Config& config) noexcept {
  SegmentLimits limits;
  limits.max_depth = config.extraction.max_depth;
  limits.max_blocks = config.extraction.max_blocks;
  limits.max_block_bytes = config.extraction.max_block_bytes;
  limits.max_page_millis = config.extraction.max_page_millis;
  return limits;
}

}  // namespace boilerdex::plugin
