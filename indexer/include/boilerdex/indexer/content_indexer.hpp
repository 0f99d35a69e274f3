#pragma once
/// \file
/// boilerdex for an existing Xapian indexer: index a page's main-content blocks into a
/// Xapian::Document with the caller's own TermGenerator, the way Xapian users already index.
///
///     Xapian::WritableDatabase db(path, Xapian::DB_CREATE_OR_OPEN);
///     Xapian::TermGenerator termgen;
///     termgen.set_stemmer(Xapian::Stem("en"));
///     const boilerdex::indexer::ContentIndexer content;  // the default extractor, "best"
///     Xapian::Document doc;
///     const auto page = content.index(html_bytes, doc, termgen);  // was:
///     termgen.index_text(all_text) doc.set_data(page.document.title); db.add_document(doc);

#include <xapian.h>

#include <memory>
#include <string>
#include <string_view>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/page_extractor.hpp"

namespace boilerdex::indexer {

/// How ContentIndexer turns a page into terms.
struct ContentIndexerOptions {
  std::string extractor{config::k_default_extractor};  ///< a make_extractor spec
  plugin::PageOptions page;  ///< charset, limits (keep_parse_blocks is ignored)
  /// Index the <title>: its words unprefixed (with positions, wdf increment title_wdf)
  /// and under title_prefix (no positions), as document_layout.hpp does.
  bool index_title = true;
  Xapian::termcount title_wdf = 1;
  std::string title_prefix = "S";  ///< omindex's and boilerdex's title prefix
  /// Non-empty: also index boilerplate blocks under this prefix (no positions), so a
  /// query can still reach navigation text on purpose ("XBOILER"); empty: drop it.
  std::string boilerplate_prefix;
};

/// Indexes pages' main content into Xapian documents. Immutable after construction:
/// one instance may serve many threads, each with its own TermGenerator and Document.
class ContentIndexer {
 public:
  /// An indexer with the extractor called \p extractor (default: config::k_default_extractor)
  /// and default options. \throws UsageError for an unknown extractor name.
  explicit ContentIndexer(std::string_view extractor = config::k_default_extractor);

  /// An indexer with \p options. \throws UsageError for an unknown options.extractor.
  explicit ContentIndexer(ContentIndexerOptions options);

  /// Extracts \p page_bytes (any charset; \p declared_charset as HTTP would declare it,
  /// empty: options' charset) and indexes it into \p doc through \p termgen (index_page).
  /// Returns the extraction, for the caller's document data, values or logs.
  /// \throws std::bad_alloc; Xapian::Error from \p termgen.
  plugin::PageResult index(std::string_view page_bytes, Xapian::Document& doc,
                           Xapian::TermGenerator& termgen,
                           std::string_view declared_charset = {}) const;

  /// Indexes an already extracted \p page into \p doc: calls termgen.set_document(doc),
  /// then indexes the title (see ContentIndexerOptions), then each content block's text
  /// with termgen.index_text, with a term position gap (increase_termpos(100)) between
  /// blocks so phrase and NEAR queries never match across blocks; the termgen's stemmer,
  /// stopper, flags and stemming strategy apply as usual. With a boilerplate_prefix, the
  /// boilerplate is indexed too, from page.parse_blocks when present (the extractor may
  /// have removed boilerplate blocks from page.document), else from page.document's
  /// non-content blocks. Terms already in \p doc stay.
  /// \throws Xapian::Error from \p termgen.
  void index_page(const plugin::PageResult& page, Xapian::Document& doc,
                  Xapian::TermGenerator& termgen) const;

  [[nodiscard]] const ContentIndexerOptions& options() const noexcept { return m_options; }

 private:
  ContentIndexerOptions m_options;
  std::shared_ptr<const plugin::Extractor> m_extractor;
};

}  // namespace boilerdex::indexer
