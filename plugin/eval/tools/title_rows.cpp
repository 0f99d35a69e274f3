// boilerdex-title-rows: the title ranker's training rows (page_metadata_internal.hpp), one
// per candidate title of each page of a WCXB set (the gold `title`) or of an L3S-GN1 set (the
// text its assessors marked as the headline, x-nc-sel1), with that gold title, as a TSV on
// standard output; pages without one are left out. Read by
// plugin/scripts/train_title_model.py; not installed.
//
//     boilerdex-title-rows wcxb:../shared/data/extraction/wcxb-dev > rows.tsv
//     boilerdex-title-rows l3s-gn1:../shared/data/extraction/l3s-gn1-dev > l3s-rows.tsv
#include <exception>
#include <iostream>
#include <optional>
#include <string>

#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/file_bytes.hpp"
#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/page_metadata.hpp"
#include "page_metadata_internal.hpp"
#include "utf8_internal.hpp"

namespace {

// \p s with tabs and line breaks as spaces: one TSV cell.
std::string cell(std::string s) {
  for (char& ch : s) {
    if (ch == '\t' || ch == '\n' || ch == '\r') ch = ' ';
  }
  return s;
}

namespace bp = boilerdex::plugin;

// The page's gold title: WCXB's `title`, or the headline L3S-GN1's assessors marked (read
// from the annotated copy); none when the gold has none. Throws InputError naming the
// annotated file when it cannot be read.
std::optional<std::string> gold_title(const bp::Dataset& dataset, const bp::GoldPage& page) {
  if (dataset.format == bp::DatasetFormat::Wcxb)
    return page.wcxb && page.wcxb->title ? page.wcxb->title : std::nullopt;
  if (dataset.format != bp::DatasetFormat::L3sGn1) return std::nullopt;
  const std::string bytes = bp::read_file_bytes(bp::l3s_annotated_path(dataset, page));
  std::string headline = bp::parse_l3s_annotated(bp::decode_to_utf8(bytes, "UTF-8").utf8).headline;
  if (headline.find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
  return headline;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: boilerdex-title-rows wcxb:DIR|l3s-gn1:DIR > rows.tsv\n";
    return 2;
  }
  try {
    const bp::Dataset dataset = bp::open_dataset(bp::parse_dataset_spec(argv[1]));
    std::cout << "page\tgold\tcandidate\ttext";
    for (const std::string_view name : bp::detail::title_feature_names()) std::cout << '\t' << name;
    std::cout << '\n';
    const bp::MetadataLimits limits;
    for (const auto& page : dataset.pages) {
      std::optional<std::string> gold;
      std::string html;
      try {
        gold = gold_title(dataset, page);
        if (!gold) continue;
        html = bp::load_page_html(dataset, page);
      } catch (const std::exception& e) {
        std::cerr << page.html_path.string() << ": " << e.what() << " (left out)\n";
        continue;
      }
      // As read_page_metadata reads the page: its fields give the site name and URL.
      const bp::PageMetadata m = bp::read_page_metadata(html, limits);
      const std::string_view cut = bp::detail::truncate_utf8(html, limits.max_scan_bytes);
      const auto c = bp::detail::scan_metadata_markup(cut, limits);
      const auto ld = bp::detail::read_json_ld(c.json_ld, limits);
      const auto candidates = bp::detail::title_candidates(c, ld, m.sitename, m.url);
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        std::cout << cell(page.id) << '\t' << cell(*gold) << '\t' << i << '\t'
                  << cell(candidates[i].text);
        for (const double f : candidates[i].features) std::cout << '\t' << f;
        std::cout << '\n';
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "boilerdex-title-rows: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
