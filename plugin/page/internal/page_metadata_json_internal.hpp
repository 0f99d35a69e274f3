#pragma once
// PageMetadata as JSON, shared by the JSON writer (output_writer.cpp) and --jsonl
// (jsonl_stream.cpp), so both write the same object. Private to plugin.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "boilerdex/plugin/page_metadata.hpp"

namespace boilerdex::plugin::detail {

/// The keys of metadata_field_names(), in order: strings (null when empty), categories and
/// tags as arrays. \throws std::bad_alloc only.
inline nlohmann::ordered_json metadata_object(const PageMetadata& m) {
  const auto text = [](const std::string& s) {
    return s.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s);
  };
  return {
      {"title", text(m.title)},
      {"author", text(m.author)},
      {"date", text(m.date)},
      {"sitename", text(m.sitename)},
      {"description", text(m.description)},
      {"language", text(m.language)},
      {"url", text(m.url)},
      {"image", text(m.image)},
      {"categories", m.categories},
      {"tags", m.tags},
      {"page_type", text(m.page_type)},
  };
}

}  // namespace boilerdex::plugin::detail
