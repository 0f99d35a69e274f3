// extract_page with every registered extractor family on arbitrary bytes: the first byte
// picks the extractor, an optional "!CHARSET\n" line the declared charset. Never fails,
// content decisions map back onto the parse blocks, output texts stay UTF-8; metadata (read
// on every other input) stays UTF-8 and bounded; the structured writers (Markdown, clean
// HTML and XML, on every other input) write UTF-8.
#include <memory>
#include <string>
#include <vector>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/structured_content.hpp"
#include "boilerdex/plugin/text_document.hpp"
#include "fuzz_support.hpp"

namespace {

/// One instance per registered name; parameterised families with a typical parameter.
const std::vector<std::unique_ptr<boilerdex::plugin::Extractor>>& extractors() {
  static const auto all = [] {
    std::vector<std::unique_ptr<boilerdex::plugin::Extractor>> out;
    for (const std::string& spec : boilerdex::plugin::default_evaluation_extractors())
      out.push_back(boilerdex::plugin::make_extractor(spec));
    out.push_back(boilerdex::plugin::make_extractor("dom-ancestor:article:1"));
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  if (size == 0) return 0;
  const auto& all = extractors();
  const plugin::Extractor& extractor = *all[data[0] % all.size()];
  std::string_view input = fuzz::bytes(data + 1, size - 1);

  plugin::PageOptions options;
  options.declared_charset = std::string(fuzz::take_parameter_line(input));
  options.limits.max_input_bytes = 48 * 1024;
  options.limits.max_depth = 64;
  options.limits.max_blocks = 512;
  options.limits.max_block_bytes = 4096;
  options.keep_parse_blocks = (size & 1) != 0;
  options.read_metadata = (size & 2) != 0;
  const plugin::PageResult page = plugin::extract_page(input, extractor, options);

  // Metadata: read only on request, every field UTF-8 and bounded, the date a real YYYY-MM-DD.
  fuzz::check(options.read_metadata || page.metadata.empty(), "metadata read without being asked");
  for (const std::string_view name : plugin::metadata_field_names()) {
    const std::string value = plugin::metadata_field(page.metadata, name);
    fuzz::check(fuzz::is_valid_utf8(value), "a metadata field is not UTF-8");
    fuzz::check(name == "categories" || name == "tags" || value.size() <= plugin::MetadataLimits{}.max_field_bytes,
                "a metadata field is longer than max_field_bytes");
  }
  fuzz::check(page.metadata.date.empty() || plugin::normalise_date(page.metadata.date) == page.metadata.date,
              "the metadata date is not YYYY-MM-DD");

  fuzz::check(page.document.num_parse_blocks == page.num_parse_blocks, "parse block count differs");
  fuzz::check(!options.keep_parse_blocks || page.parse_blocks.size() == page.num_parse_blocks,
              "kept parse blocks differ from their count");
  fuzz::check(plugin::content_mask(page.document).size() == page.num_parse_blocks,
              "content_mask does not cover the parse blocks");
  for (const plugin::TextBlock& block : page.document.blocks) {
    fuzz::check(fuzz::is_valid_utf8(block.text), "extracted block text is not UTF-8");
    for (const auto origin : block.origins)
      fuzz::check(origin < page.num_parse_blocks, "block origin outside the parse blocks");
  }
  fuzz::check(fuzz::is_valid_utf8(page.document.content()), "content() is not UTF-8");

  // The structured writers: Markdown's escapes and the HTML's and XML's references never
  // split a character.
  if ((size & 4) != 0) {
    plugin::StructureOptions structure;
    structure.links = structure.images = (size & 8) != 0;
    const std::vector<plugin::ContentPart> parts = plugin::structured_content(page, structure);
    fuzz::check(fuzz::is_valid_utf8(plugin::markdown_of(parts)), "the Markdown is not UTF-8");
    fuzz::check(fuzz::is_valid_utf8(plugin::clean_html_of(parts, "t")), "the clean HTML is not UTF-8");
    fuzz::check(fuzz::is_valid_utf8(plugin::xml_of(parts, page.metadata, "t")), "the XML is not UTF-8");
  }
  return 0;
}
