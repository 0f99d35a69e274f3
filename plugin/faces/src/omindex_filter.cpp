#include "boilerdex/plugin/omindex_filter.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"
#include "gumbo_walk_internal.hpp"
#include "html_escape_internal.hpp"

namespace boilerdex::plugin {

namespace {

constexpr std::string_view k_charset_meta = "<meta charset=\"utf-8\">\n";
constexpr std::string_view k_noindex_begin = "<!--htdig_noindex-->";
constexpr std::string_view k_noindex_end = "<!--/htdig_noindex-->";

using detail::write_html_escaped;

std::string_view attribute(const GumboElement& element, const char* name) {
  const GumboAttribute* a = gumbo_get_attribute(&element.attributes, name);
  return a == nullptr ? std::string_view() : std::string_view(a->value);
}

void write_dropped(std::ostream& out, const PageResult& result,
                   const std::vector<MetaElement>& metas) {
  out << "<!DOCTYPE html>\n<html><head>" << k_charset_meta << "<title>";
  write_html_escaped(out, result.document.title);
  out << "</title>\n";
  for (const auto& meta : metas) {
    out << "<meta name=\"";
    write_html_escaped(out, meta.name);
    out << "\" content=\"";
    write_html_escaped(out, meta.content);
    out << "\">\n";
  }
  out << "</head><body>\n";
  const auto paragraph = [&](std::string_view text) {
    out << "<p>";
    write_html_escaped(out, text);
    out << "</p>\n";
  };
  if (result.parse_blocks.empty()) {
    for (const auto& b : result.document.blocks) {
      if (b.is_content) paragraph(b.text);
    }
  } else {
    // One paragraph per kept parse block: the page's own paragraphs, not the extractor's
    // merged blocks (omindex breaks words and snippets at <p>).
    const auto mask = content_mask(result.document);
    for (std::size_t i = 0; i < result.parse_blocks.size(); ++i) {
      if (i < mask.size() && mask[i]) paragraph(result.parse_blocks[i].text);
    }
  }
  out << "</body></html>\n";
}

using Range = std::pair<std::uint32_t, std::uint32_t>;  // [begin, end) in the decoded page

// Sorts and merges \p ranges in place; drops empty ones.
void normalise(std::vector<Range>& ranges) {
  std::erase_if(ranges, [](const Range& r) { return r.first >= r.second; });
  std::sort(ranges.begin(), ranges.end());
  std::size_t out = 0;
  for (const auto& r : ranges) {
    if (out > 0 && r.first <= ranges[out - 1].second) {
      ranges[out - 1].second = std::max(ranges[out - 1].second, r.second);
    } else {
      ranges[out++] = r;
    }
  }
  ranges.resize(out);
}

// The boilerplate ranges minus the content ranges (both normalised): content wins.
std::vector<Range> subtract(const std::vector<Range>& boilerplate,
                            const std::vector<Range>& content) {
  std::vector<Range> out;
  auto c = content.begin();
  for (auto [begin, end] : boilerplate) {
    while (c != content.end() && c->second <= begin) ++c;
    for (auto k = c; k != content.end() && k->first < end; ++k) {
      if (k->first > begin) out.emplace_back(begin, k->first);
      begin = std::max(begin, k->second);
    }
    if (begin < end) out.emplace_back(begin, end);
  }
  return out;
}

void write_noindex(std::ostream& out, const PageResult& result) {
  if (result.parse_blocks.size() != result.num_parse_blocks) {
    throw std::invalid_argument(
        "write_filtered_html: noindex needs the parse blocks (PageOptions::keep_parse_blocks)");
  }
  const std::string_view page = result.decoded.utf8;
  const auto mask = content_mask(result.document);
  std::vector<Range> boilerplate, content;
  for (std::size_t i = 0; i < result.parse_blocks.size(); ++i) {
    const auto& b = result.parse_blocks[i];
    const Range r{b.source_begin,
                  std::min<std::uint32_t>(b.source_end, static_cast<std::uint32_t>(page.size()))};
    (i < mask.size() && mask[i] ? content : boilerplate).push_back(r);
  }
  normalise(boilerplate);
  normalise(content);
  // Runs of boilerplate blocks separated only by markup get one marker pair.
  const std::vector<Range> hidden = subtract(boilerplate, content);
  out << k_charset_meta;
  std::size_t at = 0;
  auto c = content.begin();
  for (std::size_t i = 0; i < hidden.size(); ++i) {
    auto [begin, end] = hidden[i];
    // Extend over the following ranges while no content block lies between them (the gap
    // is then only markup or text outside any block).
    while (i + 1 < hidden.size()) {
      while (c != content.end() && c->second <= end) ++c;
      if (c != content.end() && c->first < hidden[i + 1].first) break;
      end = hidden[++i].second;
    }
    out << page.substr(at, begin - at) << k_noindex_begin << page.substr(begin, end - begin)
        << k_noindex_end;
    at = end;
  }
  out << page.substr(at);
}

}  // namespace

std::vector<MetaElement> head_meta_elements(const PageResult& result) {
  const std::string_view page = result.decoded.utf8;
  // The head ends where the body's first text begins; parse only that much again.
  std::size_t head_end = page.size();
  const auto& blocks = result.parse_blocks.empty() ? result.document.blocks : result.parse_blocks;
  for (const auto& b : blocks) head_end = std::min<std::size_t>(head_end, b.source_begin);
  // A lean parse keeping only <meta>'s attributes: the head of a page can be most of it
  // (inline scripts and styles), which a full parse would walk byte by byte.
  static constexpr std::string_view k_meta[] = {"meta"};
  const detail::ParsedHtml head(page.substr(0, head_end), result.document.budget, "extracting", k_meta);
  std::vector<MetaElement> metas;
  head.walk(
      [&](const GumboNode* node) {
        const GumboElement& e = node->v.element;
        if (e.tag == GUMBO_TAG_META) {
          const auto name = attribute(e, "name");
          if (!name.empty())
            metas.push_back({std::string(name), std::string(attribute(e, "content"))});
          return false;
        }
        return e.tag == GUMBO_TAG_HTML || e.tag == GUMBO_TAG_HEAD || e.tag == GUMBO_TAG_BODY ||
               e.tag == GUMBO_TAG_NOSCRIPT;
      },
      [](const GumboNode*) {}, [](const GumboNode*) {});
  return metas;
}

bool forbids_indexing(const std::vector<MetaElement>& metas) {
  const auto lower = [](std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  return std::any_of(metas.begin(), metas.end(), [&](const MetaElement& meta) {
    if (lower(meta.name) != "robots") return false;
    const std::string content = lower(meta.content);
    return content.find("noindex") != std::string::npos ||
           content.find("none") != std::string::npos;
  });
}

BoilerplateHandling parse_boilerplate_handling(std::string_view name) {
  if (name == "drop") return BoilerplateHandling::Drop;
  if (name == "noindex") return BoilerplateHandling::Noindex;
  throw UsageError("unknown boilerplate handling \"" + std::string(name) +
                   "\" (valid: drop, noindex)");
}

void write_filtered_html(std::ostream& out, const PageResult& result,
                         BoilerplateHandling handling) {
  if (handling == BoilerplateHandling::Drop) {
    write_dropped(out, result, head_meta_elements(result));
  } else {
    write_noindex(out, result);
  }
}

int run_omindex_filter(const std::string& path, const OmindexFilterOptions& options,
                       std::ostream& out, std::ostream& err) {
  const auto extractor = make_extractor(options.extractor);
  std::string bytes;
  try {
    bytes = read_page_bytes(PageSource{path, output_name_for(path)}, std::cin);
  } catch (const std::exception& e) {
    // Corrupt gzip data, a gzip bomb or a page over the size limit. Its raw bytes go to
    // omindex only when they are text (a plain page over the limit); gzip or other binary
    // bytes would be indexed as HTML.
    std::ifstream raw(path, std::ios::binary);
    if (path == "-" || !raw) {
      err << "boilerdex-omindex-filter: " << e.what() << '\n';
      return k_filter_unreadable;
    }
    std::string head(4096, '\0');
    raw.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(raw.gcount()));
    if (looks_binary(head)) {
      err << "boilerdex-omindex-filter: " << e.what() << " (cannot handle: not text; nothing passed to omindex)\n";
      return k_filter_cannot_handle;
    }
    raw.clear();
    raw.seekg(0);
    err << "boilerdex-omindex-filter: " << e.what() << " (passed through unchanged)\n";
    out << raw.rdbuf();
    return k_filter_ok;
  }
  if (const std::optional<BinaryEvidence> evidence = binary_evidence(bytes)) {
    err << "boilerdex-omindex-filter: " << printable_bytes(path) << '@' << evidence->offset
        << ": binary data (" << evidence->what
        << "), not a web page (cannot handle; nothing passed to omindex)\n";
    return k_filter_cannot_handle;
  }
  std::string filtered;
  try {
    PageOptions page_options;
    page_options.declared_charset = options.declared_charset;
    page_options.limits = options.limits;
    // Noindex needs them; Drop finds the end of the head with them (cheaper than parsing
    // more of the page again).
    page_options.keep_parse_blocks = true;
    const PageResult result = extract_page(bytes, *extractor, page_options);
    // The head is parsed once, for robots and for the drop writer.
    std::vector<MetaElement> metas;
    if (options.obey_robots || options.handling == BoilerplateHandling::Drop) {
      metas = head_meta_elements(result);
    }
    if (options.obey_robots && forbids_indexing(metas)) {
      // omindex ignores <meta name=robots> in a filter's output, so the filter obeys it
      // for omindex; a non-zero status makes omindex skip the file.
      err << "boilerdex-omindex-filter: " << path
          << ": not indexed: <meta name=\"robots\"> says noindex (use --robots ignore to index "
             "it)\n";
      return k_filter_excluded;
    }
    std::ostringstream buffer;
    if (options.handling == BoilerplateHandling::Drop) {
      write_dropped(buffer, result, metas);
    } else {
      write_noindex(buffer, result);
    }
    filtered = std::move(buffer).str();
  } catch (const std::exception& e) {
    err << "boilerdex-omindex-filter: " << path << ": " << e.what()
        << " (passed through unchanged)\n";
    out << bytes;
    return k_filter_ok;
  }
  out << filtered;
  return k_filter_ok;
}

}  // namespace boilerdex::plugin
