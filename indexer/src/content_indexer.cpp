#include "boilerdex/indexer/content_indexer.hpp"

#include <utility>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::indexer {

namespace {
// Term positions skipped between blocks: more than any phrase or NEAR window in use.
constexpr Xapian::termpos k_block_gap = 100;
}  // namespace

namespace {
ContentIndexerOptions with_extractor(std::string_view extractor) {
  ContentIndexerOptions options;
  options.extractor = extractor;
  return options;
}
}  // namespace

ContentIndexer::ContentIndexer(std::string_view extractor)
    : ContentIndexer(with_extractor(extractor)) {}

ContentIndexer::ContentIndexer(ContentIndexerOptions options)
    : m_options(std::move(options)), m_extractor(plugin::make_extractor(m_options.extractor)) {}

plugin::PageResult ContentIndexer::index(std::string_view page_bytes, Xapian::Document& doc,
                                         Xapian::TermGenerator& termgen,
                                         std::string_view declared_charset) const {
  plugin::PageOptions page_options = m_options.page;
  if (!declared_charset.empty()) page_options.declared_charset = declared_charset;
  page_options.keep_parse_blocks = !m_options.boilerplate_prefix.empty();
  plugin::PageResult page = plugin::extract_page(page_bytes, *m_extractor, page_options);
  index_page(page, doc, termgen);
  return page;
}

void ContentIndexer::index_page(const plugin::PageResult& page, Xapian::Document& doc,
                                Xapian::TermGenerator& termgen) const {
  termgen.set_document(doc);
  const std::string& title = page.document.title;
  if (m_options.index_title && !title.empty()) {
    termgen.index_text(title, m_options.title_wdf);
    termgen.index_text_without_positions(title, 1, m_options.title_prefix);
    termgen.increase_termpos(k_block_gap);
  }
  for (const auto& block : page.document.blocks) {
    if (!block.is_content) continue;
    termgen.index_text(block.text);
    termgen.increase_termpos(k_block_gap);
  }
  if (m_options.boilerplate_prefix.empty()) return;
  if (!page.parse_blocks.empty()) {
    const auto mask = plugin::content_mask(page.document);
    for (std::size_t i = 0; i < page.parse_blocks.size(); ++i) {
      if (i < mask.size() && mask[i]) continue;
      termgen.index_text_without_positions(page.parse_blocks[i].text, 1,
                                           m_options.boilerplate_prefix);
    }
  } else {
    for (const auto& block : page.document.blocks) {
      if (!block.is_content)
        termgen.index_text_without_positions(block.text, 1, m_options.boilerplate_prefix);
    }
  }
}

}  // namespace boilerdex::indexer
