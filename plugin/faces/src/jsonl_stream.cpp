#include "boilerdex/plugin/jsonl_stream.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string_view>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/block_features.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"
#include "page_metadata_json_internal.hpp"

namespace boilerdex::plugin {
namespace {

// Keys stay in the order written: identifiers first, the long arrays last.
using json = nlohmann::ordered_json;

// The keys copied from a record to its answer, in this order.
constexpr std::array<const char*, 3> k_echoed_keys{"url", "docno", "id"};

// A float as the double with its shortest round-trip digits (0.33333334, not 0.3333333432674408).
json float_json(float value) {
  if (std::isnan(value)) return nullptr;
  if (!std::isfinite(value)) return static_cast<double>(value);
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf - 1, value);
  *end = '\0';
  return ec == std::errc{} ? std::strtod(buf, nullptr) : static_cast<double>(value);
}

json echoed(const json& record) {
  json answer = json::object();
  if (!record.is_object()) return answer;
  for (const char* key : k_echoed_keys) {
    if (const auto it = record.find(key); it != record.end()) answer[key] = *it;
  }
  return answer;
}

// Calls \p each(json) with each parse block's object in turn: one at a time, so a page of
// 200,000 blocks with features never stands as one DOM (issue #16, item 5).
template <class Each>
void for_each_block_json(const PageResult& result, const JsonlOptions& options, Each each) {
  const auto mask = content_mask(result.document);
  // A parse block's score is that of the first block after the extractor that holds it.
  std::vector<float> scores(result.parse_blocks.size(), std::nanf(""));
  for (auto it = result.document.blocks.rbegin(); it != result.document.blocks.rend(); ++it) {
    for (const auto origin : it->origins) {
      if (origin < scores.size()) scores[origin] = it->score;
    }
  }
  std::vector<BlockFeatures> features;
  if (options.features) features = compute_features(result.parse_blocks);
  for (std::size_t i = 0; i < result.parse_blocks.size(); ++i) {
    const TextBlock& b = result.parse_blocks[i];
    json block = {
        {"index", i},
        {"content", i < mask.size() && mask[i]},
        {"score", float_json(scores[i])},
        {"num_words", b.num_words},
        {"link_density", float_json(b.link_density)},
        {"text_density", float_json(b.text_density)},
        {"source_begin", b.source_begin},
        {"source_end", b.source_end},
    };
    if (options.block_text) block["text"] = b.text;
    if (options.features) {
      json f = json::object();
      for (const auto& named : named_features(features[i]))
        f[std::string(named.name)] = named.value;
      block["features"] = std::move(f);
    }
    each(std::move(block));
  }
}

// The answer to one record, without its "blocks" (written from \p page, which receives the
// extracted page). \throws Error (InputError for bad base64 and for binary bytes) for a
// record that cannot be used.
json answer(const json& record, const Extractor& extractor, const JsonlOptions& options,
            std::optional<PageResult>& page, std::size_t& page_bytes) {
  if (!record.is_object()) throw Error("the record is not a JSON object");
  std::string bytes;
  if (const auto it = record.find("html"); it != record.end()) {
    if (!it->is_string()) throw Error("\"html\" is not a string");
    bytes = it->get<std::string>();
  } else if (const auto b64 = record.find("html_base64"); b64 != record.end()) {
    if (!b64->is_string()) throw Error("\"html_base64\" is not a string");
    bytes = decode_base64(b64->get_ref<const std::string&>());
  } else {
    throw Error("the record has neither \"html\" nor \"html_base64\"");
  }
  require_text(bytes, record.contains("html") ? "html" : "html_base64");
  PageOptions page_options;
  page_options.limits = options.limits;
  page_options.keep_parse_blocks = options.blocks;
  page_options.read_metadata = true;
  if (const auto it = record.find("charset"); it != record.end()) {
    if (!it->is_string()) throw Error("\"charset\" is not a string");
    page_options.declared_charset = it->get<std::string>();
  }
  // A record's "url" is the page's address; null is none, and another type a mistake that
  // would leave the metadata's addresses unresolved without a word.
  if (const auto it = record.find("url"); it != record.end() && !it->is_null()) {
    if (!it->is_string()) throw Error("\"url\" is not a string");
    page_options.page_url = it->get<std::string>();
  }
  page_bytes = bytes.size();
  const PageResult& result = page.emplace(extract_page(bytes, extractor, page_options));
  json out = echoed(record);
  out["title"] = result.document.title;
  out["metadata"] = detail::metadata_object(result.metadata);
  out["text"] = result.document.content();
  out["charset"] = result.decoded.charset;
  out["extractor"] = extractor.name();
  return out;
}

std::string dump_line(const json& j) {
  // Invalid UTF-8 in page text becomes U+FFFD rather than an exception mid-stream.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

int base64_value(char c) noexcept {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::string decode_base64(std::string_view text) {
  std::string out;
  out.reserve(text.size() / 4 * 3);
  std::uint32_t bits = 0;
  int num_bits = 0;
  std::size_t padding_at = std::string_view::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '=') {
      if (padding_at == std::string_view::npos) padding_at = i;
      continue;
    }
    const int v = base64_value(c);
    if (v < 0 || padding_at != std::string_view::npos) {
      throw InputError("base64", i, std::string("invalid base64 character '") + c + "'");
    }
    bits = (bits << 6) | static_cast<std::uint32_t>(v);
    num_bits += 6;
    if (num_bits >= 8) {
      num_bits -= 8;
      out.push_back(static_cast<char>((bits >> num_bits) & 0xFFu));
    }
  }
  if (num_bits >= 6)
    throw InputError("base64", text.size(), "truncated base64 (a lone final character)");
  return out;
}

namespace {

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1,
// column N: " preamble (library text, not the user's concern): "invalid JSON at byte N
// of the line: syntax error while parsing value - ...".
std::string json_error_text(const json::exception& e) {
  std::string_view what = e.what();
  if (what.starts_with("[json.exception.")) {
    const std::size_t close = what.find("] ");
    if (close != std::string_view::npos) what.remove_prefix(close + 2);
  }
  if (const auto* parse = dynamic_cast<const json::parse_error*>(&e)) {
    const std::size_t colon = what.find(": ");
    if (colon != std::string_view::npos) what.remove_prefix(colon + 2);
    return "invalid JSON at byte " + std::to_string(parse->byte) + " of the line: " + std::string(what);
  }
  return std::string(what);
}

}  // namespace

JsonlSummary run_jsonl_stream(std::istream& in, std::ostream& out, std::ostream& err,
                              const JsonlOptions& options) {
  const auto extractor = make_extractor(options.extractor);
  JsonlSummary summary;
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++summary.records;
    json record;
    json reply;
    std::optional<PageResult> page;
    std::size_t page_bytes = 0;
    try {
      record = json::parse(line);
      reply = answer(record, *extractor, options, page, page_bytes);
    } catch (const std::exception& e) {
      const auto* library = dynamic_cast<const json::exception*>(&e);
      const std::string message = options.source_name + ":" + std::to_string(line_number) + ": " +
                                  (library ? json_error_text(*library) : std::string(e.what()));
      err << message << '\n';
      reply = echoed(record);
      reply["error"] = message;
      page.reset();
      ++summary.failed;
    }
    if (page) {  // a page cut at a limit says so, as boilerdex-extract's other formats do
      const std::string notice = limits_notice(options.source_name + ":" + std::to_string(line_number), page_bytes,
                                               page->stats, options.limits);
      if (!notice.empty()) {
        err << notice << '\n';
        reply["limits"] = notice;
        ++summary.truncated;
      }
    }
    if (page && options.blocks) {  // "blocks" last, as the DOM had it, streamed
      std::string head = dump_line(reply);
      head.back() = ',';
      out << head << "\"blocks\":[";
      bool first = true;
      for_each_block_json(*page, options, [&](json&& block) {
        out << (first ? "" : ",") << dump_line(block);
        first = false;
      });
      out << "]}\n";
    } else {
      out << dump_line(reply) << '\n';
    }
    out.flush();
  }
  return summary;
}

}  // namespace boilerdex::plugin
