#pragma once
/// \file
/// The C++ face of the C ABI (boilerdex.h): RAII handles, std::string_view results and
/// exceptions. Header-only over the C functions, so a program built against it depends
/// only on libboilerdex's C ABI (stable for a SONAME), not on the library's C++ internals.
///
///     boilerdex::api::Extractor extractor;  // the default, "best"; or by name: ("article")
///     const boilerdex::api::Page page = extractor.extract(html);
///     std::cout << page.metadata("title") << '\n' << page.text();
///     for (const boilerdex::api::Block& b : page.blocks()) { ... b.is_content ... }
///
/// (Programs that want the whole C++ library — every extractor stage, features, writers —
/// include boilerdex/plugin/*.hpp instead.)

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/boilerdex.h"
#include "boilerdex/config/error.hpp"

namespace boilerdex::api {

/// A failed C ABI call: what() is bdx_last_error()'s message, status() the code.
class ApiError : public boilerdex::Error {
 public:
  ApiError(bdx_status status, const std::string& message)
      : boilerdex::Error(message), m_status(status) {}
  [[nodiscard]] bdx_status status() const noexcept { return m_status; }

 private:
  bdx_status m_status;
};

namespace detail {
/// Throws ApiError for a failed \p status. \throws ApiError unless status is BDX_OK.
inline void check(bdx_status status) {
  if (status != BDX_OK) throw ApiError(status, bdx_last_error());
}
}  // namespace detail

/// One block of a page: a view of bdx_block whose strings live as long as their Page.
struct Block {
  std::string_view text;
  bool is_content = false;
  float score = 0.0f;  ///< NaN when the extractor gives none
  int num_words = 0;
  int num_words_in_anchor_text = 0;
  float text_density = 0.0f;
  float link_density = 0.0f;
  int tag_level = 0;
  std::uint32_t source_begin = 0;  ///< byte range in Page::html()
  std::uint32_t source_end = 0;
  std::span<const double> features;  ///< feature_names() order
};

/// The extraction of one page (owns a bdx_result). Move-only.
class Page {
 public:
  /// Takes ownership of \p result (non-null). Never throws.
  explicit Page(bdx_result* result) noexcept : m_result(result) {}
  Page(Page&& other) noexcept : m_result(std::exchange(other.m_result, nullptr)) {}
  Page& operator=(Page&& other) noexcept {
    std::swap(m_result, other.m_result);
    return *this;
  }
  Page(const Page&) = delete;
  Page& operator=(const Page&) = delete;
  ~Page() { bdx_result_free(m_result); }

  /// The main text (content blocks, each followed by '\n'). Lives as long as the Page.
  [[nodiscard]] std::string_view text() const noexcept { return view(bdx_result_text, m_result); }
  /// The <title> text. Lives as long as the Page.
  [[nodiscard]] std::string_view title() const noexcept { return view(bdx_result_title, m_result); }
  /// Metadata field \p key ("title", "author", "date", ... : metadata_field_names()); empty
  /// when the page does not give it, or for an unknown key. Lives as long as the Page.
  [[nodiscard]] std::string_view metadata(const std::string& key) const noexcept {
    std::size_t size = 0;
    const char* p = bdx_result_metadata(m_result, key.c_str(), &size);
    return p == nullptr ? std::string_view() : std::string_view(p, size);
  }
  /// The page decoded to UTF-8 (what Block source offsets index). Lives as long as the Page.
  [[nodiscard]] std::string_view html() const noexcept { return view(bdx_result_html, m_result); }
  /// The charset the page was decoded from. Never throws.
  [[nodiscard]] std::string_view charset() const noexcept {
    const char* c = bdx_result_charset(m_result);
    return c == nullptr ? std::string_view() : std::string_view(c);
  }
  /// Number of blocks (0 when the extractor's "blocks" option is off). Never throws.
  [[nodiscard]] std::size_t block_count() const noexcept {
    return bdx_result_block_count(m_result);
  }
  /// Block \p index. \throws ApiError (BDX_ERROR_OUT_OF_RANGE) past the end.
  [[nodiscard]] Block block(std::size_t index) const {
    bdx_block b{};
    detail::check(bdx_result_block(m_result, index, &b));
    const double* f = nullptr;
    detail::check(bdx_result_block_features(m_result, index, &f));
    return Block{std::string_view(b.text, b.text_size),
                 b.is_content != 0,
                 b.score,
                 b.num_words,
                 b.num_words_in_anchor_text,
                 b.text_density,
                 b.link_density,
                 b.tag_level,
                 b.source_begin,
                 b.source_end,
                 std::span<const double>(f, bdx_feature_count())};
  }
  /// Every block, in page order. \throws std::bad_alloc.
  [[nodiscard]] std::vector<Block> blocks() const {
    std::vector<Block> out;
    out.reserve(block_count());
    for (std::size_t i = 0; i < block_count(); ++i) out.push_back(block(i));
    return out;
  }

 private:
  static std::string_view view(const char* (*get)(const bdx_result*, std::size_t*),
                               const bdx_result* r) noexcept {
    std::size_t size = 0;
    const char* p = get(r, &size);
    return p == nullptr ? std::string_view() : std::string_view(p, size);
  }

  bdx_result* m_result;
};

/// A configured extractor (owns a bdx_extractor). Move-only. extract() is const and may
/// be called from many threads at once; set_option() must not race with it.
class Extractor {
 public:
  /// The extractor called \p name (see extractor_names()); empty: the library's default
  /// extractor ("best"), chosen by bdx_extractor_create, so a program gets the default of the
  /// libboilerdex it runs with.
  /// \throws ApiError (BDX_ERROR_UNKNOWN_EXTRACTOR) for an unknown name.
  explicit Extractor(const std::string& name = {}) {
    detail::check(bdx_extractor_create(name.c_str(), &m_handle));
  }
  Extractor(Extractor&& other) noexcept : m_handle(std::exchange(other.m_handle, nullptr)) {}
  Extractor& operator=(Extractor&& other) noexcept {
    std::swap(m_handle, other.m_handle);
    return *this;
  }
  Extractor(const Extractor&) = delete;
  Extractor& operator=(const Extractor&) = delete;
  ~Extractor() { bdx_extractor_free(m_handle); }

  /// The canonical name ("best", "min-words:10"). Never throws.
  [[nodiscard]] std::string_view name() const noexcept {
    const char* n = bdx_extractor_name(m_handle);
    return n == nullptr ? std::string_view() : std::string_view(n);  // moved-from: empty
  }

  /// Sets an option of bdx_extractor_set_option ("charset", "blocks", "max_depth", ...).
  /// \throws ApiError for an unknown key or a bad value; the extractor is then unchanged.
  Extractor& set_option(const std::string& key, const std::string& value) {
    detail::check(bdx_extractor_set_option(m_handle, key.c_str(), value.c_str()));
    return *this;
  }

  /// Extracts the page \p bytes (any charset; \p charset_hint as an HTTP header would
  /// declare it, empty for none). \p bytes need not outlive the call.
  /// \throws ApiError (BDX_ERROR_OUT_OF_MEMORY, BDX_ERROR_INTERNAL).
  [[nodiscard]] Page extract(std::string_view bytes, const std::string& charset_hint = {}) const {
    bdx_result* result = nullptr;
    detail::check(bdx_extract(m_handle, bytes.data(), bytes.size(), charset_hint.c_str(), &result));
    return Page(result);
  }

 private:
  bdx_extractor* m_handle = nullptr;
};

/// The names bdx_extractor_create accepts, with one-line descriptions. \throws std::bad_alloc.
[[nodiscard]] inline std::vector<std::pair<std::string, std::string>> extractor_names() {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < bdx_extractor_count(); ++i) {
    const char* name = nullptr;
    const char* description = nullptr;
    detail::check(bdx_extractor_info(i, &name, &description));
    out.emplace_back(name, description);
  }
  return out;
}

/// The names Page::metadata takes, in bdx_metadata_field_name order. \throws std::bad_alloc.
[[nodiscard]] inline std::vector<std::string_view> metadata_field_names() {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < bdx_metadata_field_count(); ++i) out.emplace_back(bdx_metadata_field_name(i));
  return out;
}

/// The names of the per-block features, in Block::features order. \throws std::bad_alloc.
[[nodiscard]] inline std::vector<std::string_view> feature_names() {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < bdx_feature_count(); ++i) out.emplace_back(bdx_feature_name(i));
  return out;
}

}  // namespace boilerdex::api
