// The C ABI (boilerdex.h) over the C++ library: every entry point converts exceptions to a
// bdx_status and a thread-local message, so none ever crosses into C.
#include <charconv>
#include <cmath>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/boilerdex.h"
#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/block_features.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/page_extractor.hpp"

namespace bp = boilerdex::plugin;

struct bdx_extractor {
  std::unique_ptr<bp::Extractor> extractor;
  std::string name;
  bp::PageOptions options;  // declared_charset is the "charset" option
  bool blocks = true;
  bool metadata = true;
};

struct bdx_result {
  bp::PageResult page;
  std::string content;
  std::vector<std::string> metadata;  // per bp::metadata_field_names(): the field as one string
  std::vector<bool> mask;        // per parse block: kept by the extractor
  std::vector<float> scores;     // per parse block: its holder's score
  std::vector<double> features;  // parse blocks × k_num_named_features
};

namespace {

thread_local std::string t_last_error;

// What a registry listing gives bdx_extractor_info: stable strings for the process.
const std::vector<bp::ExtractorInfo>& extractor_infos() {
  static const std::vector<bp::ExtractorInfo> infos = bp::list_extractors();
  return infos;
}

bdx_status fail(bdx_status status, std::string_view message) noexcept {
  try {
    t_last_error.assign(message);
  } catch (...) {
    t_last_error.clear();  // out of memory for the message itself: the status says it
  }
  return status;
}

bdx_status succeed() noexcept {
  t_last_error.clear();
  return BDX_OK;
}

// Runs body; maps every exception to a status and message. The catch-all of the ABI.
template <class Body>
bdx_status guarded(std::string_view function, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(BDX_ERROR_OUT_OF_MEMORY, std::string(function) + ": out of memory");
  } catch (const boilerdex::UsageError& e) {
    return fail(BDX_ERROR_INVALID_ARGUMENT, std::string(function) + ": " + e.what());
  } catch (const boilerdex::InputError& e) {
    return fail(BDX_ERROR_INPUT, std::string(function) + ": " + e.what());
  } catch (const boilerdex::plugin::PageTimeLimitError& e) {  // the page, not a bug
    return fail(BDX_ERROR_INPUT, std::string(function) + ": " + e.what());
  } catch (const std::exception& e) {
    return fail(BDX_ERROR_INTERNAL, std::string(function) + ": " + e.what());
  } catch (...) {
    return fail(BDX_ERROR_INTERNAL, std::string(function) + ": unknown exception");
  }
}

std::unique_ptr<bp::Extractor> make_named(std::string_view name) {
  try {
    return bp::make_extractor(name.empty() ? boilerdex::config::k_default_extractor : name);
  } catch (const boilerdex::UsageError& e) {
    // Distinguish "no such extractor" from other invalid arguments for C callers.
    throw std::invalid_argument(e.what());
  }
}

bool parse_size(std::string_view text, std::size_t& out) noexcept {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value == 0) return false;
  out = value;
  return true;
}

const char* view_out(const std::string& s, std::size_t* size) noexcept {
  if (size != nullptr) *size = s.size();
  return s.c_str();
}

}  // namespace

extern "C" {

const char* bdx_version(void) { return BDX_VERSION_STRING; }

const char* bdx_status_string(bdx_status status) {
  switch (status) {
    case BDX_OK:
      return "ok";
    case BDX_ERROR_INVALID_ARGUMENT:
      return "invalid argument";
    case BDX_ERROR_UNKNOWN_EXTRACTOR:
      return "unknown extractor";
    case BDX_ERROR_UNKNOWN_OPTION:
      return "unknown option";
    case BDX_ERROR_OUT_OF_RANGE:
      return "out of range";
    case BDX_ERROR_OUT_OF_MEMORY:
      return "out of memory";
    case BDX_ERROR_INPUT:
      return "input error";
    case BDX_ERROR_INTERNAL:
      return "internal error";
    case BDX_STATUS_RANGE_MIN_:
      break;
  }
  return "unknown status";
}

const char* bdx_last_error(void) { return t_last_error.c_str(); }

size_t bdx_extractor_count(void) {
  try {
    return extractor_infos().size();
  } catch (...) {
    return 0;
  }
}

bdx_status bdx_extractor_info(size_t index, const char** name, const char** description) {
  return guarded("bdx_extractor_info", [&] {
    if (name != nullptr) *name = nullptr;
    if (description != nullptr) *description = nullptr;
    const auto& infos = extractor_infos();
    if (index >= infos.size()) {
      return fail(BDX_ERROR_OUT_OF_RANGE, "bdx_extractor_info: index " + std::to_string(index) +
                                              " >= " + std::to_string(infos.size()) +
                                              " extractors");
    }
    if (name != nullptr) *name = infos[index].name.c_str();
    if (description != nullptr) *description = infos[index].description.c_str();
    return succeed();
  });
}

bdx_status bdx_extractor_create(const char* name, bdx_extractor** extractor) {
  return guarded("bdx_extractor_create", [&] {
    if (extractor == nullptr)
      return fail(BDX_ERROR_INVALID_ARGUMENT, "bdx_extractor_create: extractor is NULL");
    *extractor = nullptr;
    auto handle = std::make_unique<bdx_extractor>();
    try {
      handle->extractor = make_named(name == nullptr ? "" : name);
    } catch (const std::invalid_argument& e) {
      return fail(BDX_ERROR_UNKNOWN_EXTRACTOR, std::string("bdx_extractor_create: ") + e.what());
    }
    handle->name = handle->extractor->name();
    *extractor = handle.release();
    return succeed();
  });
}

const char* bdx_extractor_name(const bdx_extractor* extractor) {
  return extractor == nullptr ? nullptr : extractor->name.c_str();
}

bdx_status bdx_extractor_set_option(bdx_extractor* extractor, const char* key, const char* value) {
  return guarded("bdx_extractor_set_option", [&] {
    if (extractor == nullptr || key == nullptr || value == nullptr) {
      return fail(BDX_ERROR_INVALID_ARGUMENT,
                  "bdx_extractor_set_option: extractor, key and value must not be NULL");
    }
    const std::string_view k = key;
    const std::string_view v = value;
    const auto bad_value = [&](std::string_view expected) {
      return fail(BDX_ERROR_INVALID_ARGUMENT, "bdx_extractor_set_option: " + std::string(k) +
                                                  " = \"" + std::string(v) + "\": expected " +
                                                  std::string(expected));
    };
    if (k == "extractor") {
      std::unique_ptr<bp::Extractor> made;
      try {
        made = make_named(v);
      } catch (const std::invalid_argument& e) {
        return fail(BDX_ERROR_UNKNOWN_EXTRACTOR,
                    std::string("bdx_extractor_set_option: ") + e.what());
      }
      std::string name = made->name();
      extractor->extractor = std::move(made);
      extractor->name = std::move(name);
    } else if (k == "charset") {
      extractor->options.declared_charset = v;
    } else if (k == "blocks") {
      if (v != "0" && v != "1") return bad_value("0 or 1");
      extractor->blocks = v == "1";
    } else if (k == "metadata") {
      if (v != "0" && v != "1") return bad_value("0 or 1");
      extractor->metadata = v == "1";
    } else {
      std::size_t* limit = k == "max_input_bytes"   ? &extractor->options.limits.max_input_bytes
                           : k == "max_depth"       ? &extractor->options.limits.max_depth
                           : k == "max_blocks"      ? &extractor->options.limits.max_blocks
                           : k == "max_block_bytes" ? &extractor->options.limits.max_block_bytes
                           : k == "max_page_millis" ? &extractor->options.limits.max_page_millis
                                                    : nullptr;
      if (limit == nullptr) {
        return fail(BDX_ERROR_UNKNOWN_OPTION,
                    "bdx_extractor_set_option: unknown option \"" + std::string(k) +
                        "\" (extractor, charset, blocks, metadata, max_input_bytes, max_depth, max_blocks, "
                        "max_block_bytes, max_page_millis)");
      }
      if (!parse_size(v, *limit)) return bad_value("a positive decimal integer");
    }
    return succeed();
  });
}

void bdx_extractor_free(bdx_extractor* extractor) { delete extractor; }

bdx_status bdx_extract(const bdx_extractor* extractor, const char* data, size_t size,
                       const char* charset_hint, bdx_result** result) {
  return guarded("bdx_extract", [&] {
    if (result == nullptr) return fail(BDX_ERROR_INVALID_ARGUMENT, "bdx_extract: result is NULL");
    *result = nullptr;
    if (extractor == nullptr)
      return fail(BDX_ERROR_INVALID_ARGUMENT, "bdx_extract: extractor is NULL");
    if (data == nullptr && size != 0)
      return fail(BDX_ERROR_INVALID_ARGUMENT, "bdx_extract: data is NULL");

    bp::PageOptions options = extractor->options;
    if (charset_hint != nullptr && *charset_hint != '\0') options.declared_charset = charset_hint;
    options.keep_parse_blocks = extractor->blocks;
    options.read_metadata = extractor->metadata;
    auto out = std::make_unique<bdx_result>();
    out->page = bp::extract_page(std::string_view(data == nullptr ? "" : data, size),
                                 *extractor->extractor, options);
    out->content = out->page.document.content();
    for (const auto name : bp::metadata_field_names())
      out->metadata.push_back(bp::metadata_field(out->page.metadata, name));
    if (extractor->blocks) {
      const auto& parse_blocks = out->page.parse_blocks;
      out->mask = bp::content_mask(out->page.document);
      out->mask.resize(parse_blocks.size(), false);
      // A parse block's score is that of the block after the extractor that holds it.
      out->scores.assign(parse_blocks.size(), std::nanf(""));
      for (auto it = out->page.document.blocks.rbegin(); it != out->page.document.blocks.rend();
           ++it) {
        for (const auto origin : it->origins) {
          if (origin < out->scores.size()) out->scores[origin] = it->score;
        }
      }
      const auto features = bp::compute_features(parse_blocks);
      out->features.reserve(features.size() * bp::k_num_named_features);
      for (const auto& f : features) {
        for (const auto& named : bp::named_features(f)) out->features.push_back(named.value);
      }
    }
    *result = out.release();
    return succeed();
  });
}

const char* bdx_result_text(const bdx_result* result, size_t* size) {
  if (result == nullptr) {
    if (size != nullptr) *size = 0;
    return nullptr;
  }
  return view_out(result->content, size);
}

const char* bdx_result_title(const bdx_result* result, size_t* size) {
  if (result == nullptr) {
    if (size != nullptr) *size = 0;
    return nullptr;
  }
  return view_out(result->page.document.title, size);
}

size_t bdx_metadata_field_count(void) { return bp::metadata_field_names().size(); }

const char* bdx_metadata_field_name(size_t index) {
  const auto& names = bp::metadata_field_names();
  return index < names.size() ? names[index].data() : nullptr;  // static, NUL-terminated literals
}

const char* bdx_result_metadata(const bdx_result* result, const char* key, size_t* size) {
  if (size != nullptr) *size = 0;
  if (result == nullptr || key == nullptr) return nullptr;
  const auto& names = bp::metadata_field_names();
  for (std::size_t i = 0; i < names.size() && i < result->metadata.size(); ++i) {
    if (names[i] == key) return view_out(result->metadata[i], size);
  }
  return nullptr;
}

const char* bdx_result_charset(const bdx_result* result) {
  return result == nullptr ? nullptr : result->page.decoded.charset.c_str();
}

const char* bdx_result_html(const bdx_result* result, size_t* size) {
  if (result == nullptr) {
    if (size != nullptr) *size = 0;
    return nullptr;
  }
  return view_out(result->page.decoded.utf8, size);
}

size_t bdx_result_block_count(const bdx_result* result) {
  return result == nullptr ? 0 : result->page.parse_blocks.size();
}

bdx_status bdx_result_block(const bdx_result* result, size_t index, bdx_block* block) {
  return guarded("bdx_result_block", [&] {
    if (result == nullptr || block == nullptr) {
      return fail(BDX_ERROR_INVALID_ARGUMENT,
                  "bdx_result_block: result and block must not be NULL");
    }
    const auto& blocks = result->page.parse_blocks;
    if (index >= blocks.size()) {
      return fail(BDX_ERROR_OUT_OF_RANGE, "bdx_result_block: index " + std::to_string(index) +
                                              " >= " + std::to_string(blocks.size()) + " blocks");
    }
    const bp::TextBlock& b = blocks[index];
    block->text = b.text.c_str();
    block->text_size = b.text.size();
    block->is_content = result->mask[index] ? 1 : 0;
    block->score = result->scores[index];
    block->num_words = b.num_words;
    block->num_words_in_anchor_text = b.num_words_in_anchor_text;
    block->text_density = b.text_density;
    block->link_density = b.link_density;
    block->tag_level = b.tag_level;
    block->source_begin = b.source_begin;
    block->source_end = b.source_end;
    return succeed();
  });
}

size_t bdx_feature_count(void) { return bp::k_num_named_features; }

const char* bdx_feature_name(size_t index) {
  try {
    // named_features' names are fixed; copy them once into NUL-terminated storage.
    static const auto names = [] {
      std::vector<std::string> out;
      for (const auto& named : bp::named_features(bp::empty_start_features()))
        out.emplace_back(named.name);
      return out;
    }();
    return index < names.size() ? names[index].c_str() : nullptr;
  } catch (...) {
    return nullptr;  // out of memory on first use
  }
}

bdx_status bdx_result_block_features(const bdx_result* result, size_t index,
                                     const double** features) {
  return guarded("bdx_result_block_features", [&] {
    if (result == nullptr || features == nullptr) {
      return fail(BDX_ERROR_INVALID_ARGUMENT,
                  "bdx_result_block_features: result and features must not be NULL");
    }
    *features = nullptr;
    const std::size_t count = result->page.parse_blocks.size();
    if (index >= count) {
      return fail(BDX_ERROR_OUT_OF_RANGE, "bdx_result_block_features: index " +
                                              std::to_string(index) +
                                              " >= " + std::to_string(count) + " blocks");
    }
    *features = result->features.data() + index * bp::k_num_named_features;
    return succeed();
  });
}

void bdx_result_free(bdx_result* result) { delete result; }

}  // extern "C"
