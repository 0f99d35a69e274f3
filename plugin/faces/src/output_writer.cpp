#include "boilerdex/plugin/output_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <ostream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/block_dump.hpp"
#include "boilerdex/plugin/block_features.hpp"
#include "html_escape_internal.hpp"
#include "page_metadata_json_internal.hpp"

namespace boilerdex::plugin {
namespace {

// Keys stay in the order written: source and title first, the long arrays last.
using json = nlohmann::ordered_json;

std::string_view charset_source_name(CharsetSource source) noexcept {
  switch (source) {
    case CharsetSource::Bom:
      return "bom";
    case CharsetSource::Declared:
      return "declared";
    case CharsetSource::Meta:
      return "meta";
    case CharsetSource::Detected:
      return "detected";
    case CharsetSource::Fallback:
      break;
  }
  return "fallback";
}

// The float's shortest round-trip digits, as the double JSON stores (0.33333334, not
// 0.3333333432674408).
double shortest(float value) {
  if (!std::isfinite(value)) return static_cast<double>(value);
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf - 1, value);
  *end = '\0';
  return ec == std::errc{} ? std::strtod(buf, nullptr) : static_cast<double>(value);
}

json score_json(float score) { return std::isnan(score) ? json(nullptr) : json(shortest(score)); }

json labels_json(LabelSet labels) { return json(labels.names()); }

json features_json(const BlockFeatures& f) {
  json out = json::object();
  for (const auto& [name, value] : named_features(f)) {
    // Counts and positions are integers; everything else (ratios, lengths) a double.
    if (name.starts_with("num_") || name == "position") {
      out[std::string(name)] = static_cast<std::int64_t>(value);
    } else {
      out[std::string(name)] = value;
    }
  }
  out["link_density"] = shortest(f.link_density);
  out["text_density"] = shortest(f.text_density);
  out["enclosing_tag"] = std::string(tag_class_name(f.enclosing_tag));
  return out;
}

// For each parse block, the index of the block after the extractor that holds it, or -1.
std::vector<std::ptrdiff_t> holders(const PageResult& result) {
  std::vector<std::ptrdiff_t> holder(result.num_parse_blocks, -1);
  const auto& blocks = result.document.blocks;
  for (std::size_t j = 0; j < blocks.size(); ++j) {
    for (const auto o : blocks[j].origins) {
      if (o < holder.size() && holder[o] < 0) holder[o] = static_cast<std::ptrdiff_t>(j);
    }
  }
  return holder;
}

// Calls \p each(json) for every parse block's object, in order: one block's JSON at a
// time, so a page of 200,000 blocks never holds them all as a DOM (several KB each).
template <class Each>
void for_each_parse_block_json(const PageResult& result, Each each) {
  const auto features = compute_features(result.parse_blocks);
  const auto holder = holders(result);
  const auto mask = content_mask(result.document);
  for (std::size_t i = 0; i < result.parse_blocks.size(); ++i) {
    const TextBlock& b = result.parse_blocks[i];
    const TextBlock* after = i < holder.size() && holder[i] >= 0
                                 ? &result.document.blocks[static_cast<std::size_t>(holder[i])]
                                 : nullptr;
    each(json{
        {"index", i},
        {"text", b.text},
        {"content", i < mask.size() && mask[i]},
        {"labels", labels_json(after ? after->labels : b.labels)},
        {"score", score_json(after ? after->score : b.score)},
        {"tag_level", b.tag_level},
        {"source_begin", b.source_begin},
        {"source_end", b.source_end},
        {"features", features_json(features[i])},
    });
  }
}

json parse_blocks_json(const PageResult& result) {
  json out = json::array();
  for_each_parse_block_json(result, [&](json&& block) { out.push_back(std::move(block)); });
  return out;
}

// Calls \p each(json) for every block after the extractor, in order (as above).
template <class Each>
void for_each_result_block_json(const TextDocument& doc, Each each) {
  for (const auto& b : doc.blocks) {
    each(json{
        {"text", b.text},
        {"content", b.is_content},
        {"labels", labels_json(b.labels)},
        {"origins", b.origins},
        {"offset_blocks_start", b.offset_blocks_start},
        {"offset_blocks_end", b.offset_blocks_end},
        {"source_begin", b.source_begin},
        {"source_end", b.source_end},
        {"tag_level", b.tag_level},
        {"num_words", b.num_words},
        {"num_words_in_anchor_text", b.num_words_in_anchor_text},
        {"num_words_in_wrapped_lines", b.num_words_in_wrapped_lines},
        {"num_wrapped_lines", b.num_wrapped_lines},
        {"link_density", shortest(b.link_density)},
        {"text_density", shortest(b.text_density)},
        {"score", score_json(b.score)},
    });
  }
}

json result_blocks_json(const TextDocument& doc) {
  json out = json::array();
  for_each_result_block_json(doc, [&](json&& block) { out.push_back(std::move(block)); });
  return out;
}

std::string dump_compact(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// ---- HTML ----

void escape_html(std::ostream& out, std::string_view text) { detail::write_html_escaped(out, text); }

std::string tooltip(std::size_t index, const TextBlock& block, bool content, LabelSet labels,
                    const BlockFeatures& features) {
  std::string t =
      "block " + std::to_string(index) + (content ? " \u00b7 content" : " \u00b7 boilerplate");
  if (!std::isnan(block.score)) t += " \u00b7 score " + std::to_string(block.score);
  for (const auto& [name, value] : named_features(features)) {
    t += '\n';
    t += name;
    t += ": ";
    if (name == "enclosing_tag") {
      t += tag_class_name(features.enclosing_tag);
    } else if (name == "link_density" || name == "text_density") {
      t += java_float_string(static_cast<float>(value));
    } else if (value == std::floor(value) && std::abs(value) < 1e15) {
      t += std::to_string(static_cast<long long>(value));
    } else {
      char buf[32];
      const auto [end, ec] =
          std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 4);
      t.append(buf, ec == std::errc{} ? end : buf);
    }
  }
  for (const auto& name : labels.names()) t += "\nlabel: " + name;
  return t;
}

constexpr std::string_view k_style =
    R"(body{font:15px/1.45 system-ui,sans-serif;max-width:62em;margin:1.5em auto;padding:0 1em;color:#222;background:#fff}
header{border-bottom:1px solid #ddd;margin-bottom:1em}header h1{font-size:1.3em;margin:.2em 0}header p{color:#555;margin:.3em 0}
.b{margin:.2em 0;padding:.15em .5em;border-left:4px solid transparent;white-space:pre-wrap;overflow-wrap:anywhere}
.c{background:#fff4b8;border-left-color:#d9a400}.n{color:#9a9a9a}
.i{font:11px/1 monospace;color:#999;margin-right:.7em;user-select:none}
.legend span{padding:0 .4em;margin-right:.5em}
)";

}  // namespace

OutputFormat parse_output_format(std::string_view name) {
  if (name == "text") return OutputFormat::Text;
  if (name == "json") return OutputFormat::Json;
  if (name == "markdown" || name == "md") return OutputFormat::Markdown;
  if (name == "html") return OutputFormat::Html;
  if (name == "xml") return OutputFormat::Xml;
  if (name == "debug-html") return OutputFormat::DebugHtml;
  if (name == "blocks") return OutputFormat::Blocks;
  if (name == "parse-blocks") return OutputFormat::ParseBlocks;
  throw UsageError("unknown output format '" + std::string(name) +
                   "'; valid: text json markdown html xml debug-html blocks parse-blocks");
}

std::string_view output_extension(OutputFormat format) noexcept {
  switch (format) {
    case OutputFormat::Json:
      return ".json";
    case OutputFormat::Markdown:
      return ".md";
    case OutputFormat::Xml:
      return ".xml";
    case OutputFormat::Html:
    case OutputFormat::DebugHtml:
      return ".html";
    case OutputFormat::Blocks:
    case OutputFormat::ParseBlocks:
      return ".tsv";
    case OutputFormat::Text:
      break;
  }
  return ".txt";
}

bool needs_parse_blocks(OutputFormat format, bool json_blocks) noexcept {
  return (format == OutputFormat::Json && json_blocks) || format == OutputFormat::DebugHtml ||
         format == OutputFormat::ParseBlocks;
}

std::string metadata_json(const PageMetadata& metadata) {
  return dump_compact(detail::metadata_object(metadata));
}

void write_text(std::ostream& out, const PageResult& result) { out << result.document.content(); }

void write_json(std::ostream& out, const PageResult& result, const PageLabel& label, int indent,
                bool blocks) {
  json page = {
      {"source", label.source},
      {"extractor", label.extractor},
      {"title", result.document.title},
      {"metadata", detail::metadata_object(result.metadata)},
      {"charset",
       {{"name", result.decoded.charset},
        {"source", charset_source_name(result.decoded.source)},
        {"replacements", result.decoded.replacements},
        {"double_encoded", result.decoded.double_encoded}}},
      {"segmentation",
       {{"parse_blocks", result.num_parse_blocks},
        {"truncated_input", result.stats.truncated_input},
        {"depth_limited", result.stats.depth_limited},
        {"blocks_limited", result.stats.blocks_limited},
        {"truncated_blocks", result.stats.truncated_blocks}}},
      {"content", result.document.content()},
  };
  const bool with_parse_blocks = !result.parse_blocks.empty() || result.num_parse_blocks == 0;
  if (!blocks) {  // compact: the page's own fields only
    out << page.dump(indent, ' ', false, json::error_handler_t::replace) << '\n';
    return;
  }
  if (indent >= 0) {  // pretty-printed: as one DOM (for people, not for 200,000 blocks)
    if (with_parse_blocks) page["blocks"] = parse_blocks_json(result);
    page["result_blocks"] = result_blocks_json(result.document);
    out << page.dump(indent, ' ', false, json::error_handler_t::replace) << '\n';
    return;
  }
  // One line: the same text as the DOM's dump (the page's own fields, then the two block
  // arrays, streamed a block at a time); memory stays near one block's JSON.
  const auto stream_array = [&](const char* key, auto for_each) {
    out << '"' << key << "\":[";
    bool first = true;
    for_each([&](json&& block) {
      out << (first ? "" : ",") << dump_compact(block);
      first = false;
    });
    out << ']';
  };
  std::string head = dump_compact(page);  // {...}: the arrays go before its closing brace
  head.back() = ',';
  out << head;
  if (with_parse_blocks) {
    stream_array("blocks", [&](auto each) { for_each_parse_block_json(result, each); });
    out << ',';
  }
  stream_array("result_blocks", [&](auto each) { for_each_result_block_json(result.document, each); });
  out << "}\n";
}

void write_html(std::ostream& out, const PageResult& result, const PageLabel& label) {
  const bool parse = !result.parse_blocks.empty();
  const std::vector<TextBlock>& shown = parse ? result.parse_blocks : result.document.blocks;
  const auto features = compute_features(shown);
  const auto mask = content_mask(result.document);
  const auto holder = holders(result);
  std::size_t num_content = 0;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    num_content += (parse ? i < mask.size() && mask[i] : shown[i].is_content) ? 1 : 0;
  }

  out << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>boilerdex: ";
  escape_html(
      out, result.document.title.empty() ? label.source : std::string_view(result.document.title));
  out << "</title>\n<style>" << k_style << "</style></head>\n<body>\n<header><h1>";
  escape_html(out, result.document.title.empty() ? std::string_view("(no title)")
                                                 : std::string_view(result.document.title));
  out << "</h1>\n<p>";
  escape_html(out, label.source);
  out << " \u00b7 extractor <b>";
  escape_html(out, label.extractor);
  out << "</b> \u00b7 charset ";
  escape_html(out, result.decoded.charset);
  out << " (" << charset_source_name(result.decoded.source) << ") \u00b7 " << shown.size()
      << (parse ? " parse blocks, " : " blocks, ") << num_content << " content</p>\n"
      << "<p class=\"legend\"><span class=\"c\">content</span><span class=\"n\">boilerplate</span>"
         "hover a block for its features</p></header>\n<main>\n";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const TextBlock& b = shown[i];
    const TextBlock* after = parse && i < holder.size() && holder[i] >= 0
                                 ? &result.document.blocks[static_cast<std::size_t>(holder[i])]
                                 : nullptr;
    const bool content = parse ? i < mask.size() && mask[i] : b.is_content;
    out << "<div class=\"b " << (content ? 'c' : 'n') << "\" title=\"";
    escape_html(out, tooltip(i, after ? *after : b, content, after ? after->labels : b.labels,
                             features[i]));
    out << "\"><span class=\"i\">" << i << "</span>";
    escape_html(out, b.text);
    out << "</div>\n";
  }
  out << "</main>\n</body></html>\n";
}

void write_page(std::ostream& out, OutputFormat format, const PageResult& result,
                const PageLabel& label, bool json_blocks, const StructureOptions& structure) {
  switch (format) {
    case OutputFormat::Text:
      write_text(out, result);
      return;
    case OutputFormat::Json:
      write_json(out, result, label, -1, json_blocks);
      return;
    case OutputFormat::Markdown:
      out << markdown_of(structured_content(result, structure));
      return;
    case OutputFormat::Html:
      out << clean_html_of(structured_content(result, structure),
                           result.metadata.title.empty() ? result.document.title : result.metadata.title);
      return;
    case OutputFormat::Xml:
      out << xml_of(structured_content(result, structure), result.metadata, result.document.title);
      return;
    case OutputFormat::DebugHtml:
      write_html(out, result, label);
      return;
    case OutputFormat::Blocks:
      write_block_dump(out, result.document);
      return;
    case OutputFormat::ParseBlocks: {
      TextDocument parse;
      parse.title = result.document.title;
      parse.blocks = result.parse_blocks;
      parse.num_parse_blocks = static_cast<std::uint32_t>(result.num_parse_blocks);
      write_block_dump(out, parse);
      return;
    }
  }
}

}  // namespace boilerdex::plugin
