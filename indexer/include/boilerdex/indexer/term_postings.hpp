#pragma once
/// \file
/// Tokenize once, add many times: the postings Xapian::TermGenerator makes for a piece of
/// text, kept so they can be added to the documents of several views, each at its own
/// position offset. Adding a text's postings at offset `o` gives exactly what
/// TermGenerator would give for that text indexed when its term position was `o`.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer {

/// The postings of one text (a parse block, or the title).
class TextPostings {
 public:
  struct Term {
    std::string name;
    Xapian::termcount wdf = 0;
    std::uint32_t positions_begin = 0, positions_end = 0;  ///< range in positions()
  };

  /// Terms in sorted order (as a Xapian::Document lists them).
  [[nodiscard]] const std::vector<Term>& terms() const noexcept { return m_terms; }
  /// Positions relative to the text's start (the first word is 1).
  [[nodiscard]] const std::vector<Xapian::termpos>& positions() const noexcept { return m_positions; }
  /// How far the text advances the term position (TermGenerator::get_termpos() after
  /// minus before).
  [[nodiscard]] Xapian::termpos span() const noexcept { return m_span; }
  /// Sum of the wdfs: what the text adds to a document's length.
  [[nodiscard]] std::uint64_t length() const noexcept { return m_length; }
  [[nodiscard]] bool empty() const noexcept { return m_terms.empty(); }

  /// Adds every term to \p doc, positions shifted by \p offset, wdfs as generated; with
  /// \p with_positions false, only the terms and wdfs (what index_text_without_positions
  /// gives), which is much cheaper for Xapian to store.
  /// \throws Xapian::Error (std::bad_alloc) only.
  void add_to(Xapian::Document& doc, Xapian::termpos offset, bool with_positions = true) const;

  void clear() noexcept;

 private:
  friend class TermMaker;
  std::vector<Term> m_terms;
  std::vector<Xapian::termpos> m_positions;
  Xapian::termpos m_span = 0;
  std::uint64_t m_length = 0;
};

/// Runs Xapian::TermGenerator with the index set's TermSettings. One per thread (holds a
/// TermGenerator, a stemmer and a stopper); reuse it for every text.
class TermMaker {
 public:
  /// \throws UsageError for an unknown language or stem strategy.
  explicit TermMaker(const TermSettings& settings);

  /// The postings of \p text (replacing \p out's content), as one
  /// TermGenerator::index_text call from term position 0 gives them (or
  /// index_text_without_positions when positions are off).
  void make(std::string_view text, TextPostings& out);

  /// The title's postings: index_text(title) then index_text_without_positions(title, 1,
  /// "S"), the prefixed copy omindex makes; span() includes title_gap when the title is
  /// not empty, so body text never forms a phrase with the title.
  void make_title(std::string_view title, TextPostings& out);

  /// The terms index_text_without_positions(text, 0, prefix) gives (stems included, as
  /// the settings make them), in sorted order, replacing \p out's content: a field's words
  /// that select documents without weighing (wdf 0; the author, document_layout.hpp). Not
  /// between begin_document and end_document. \throws Xapian::Error (std::bad_alloc) only.
  void make_field_terms(std::string_view text, std::string_view prefix, std::vector<std::string>& out);

  /// Stems (and stops) the texts that follow in the language of \p tag (a page's declared
  /// language, BCP 47), when the settings say stem_per_language: stemmer_for_language(tag)'s
  /// stemmer and its language_stopwords, or the settings' language and stopwords when the
  /// tag names no language Xapian stems. Does nothing otherwise. Call it once per page,
  /// before its texts. \throws Xapian::Error (std::bad_alloc) only.
  void use_language(std::string_view tag);

  /// The term-position gap after a non-empty title.
  static constexpr Xapian::termpos title_gap = 100;

  /// Indexes a document straight into \p doc: begin_document(doc, title, positions), then
  /// add_text(text) for each text in order, then end_document() add exactly what
  /// make_title(title) and make(text) for each text, added with add_to(doc, offset,
  /// positions) at their running offsets, would. For a run with a single view, where
  /// per-text postings would be made only to be copied once. end_document() returns the
  /// term occurrences added (the sum of their wdfs) and must be called before make().
  /// \throws Xapian::Error (std::bad_alloc) only.
  void begin_document(Xapian::Document& doc, std::string_view title, bool positions);
  void add_text(std::string_view text);
  [[nodiscard]] std::uint64_t end_document(const Xapian::Document& doc);

  /// Configures \p tg exactly as make() does (stemmer, strategy, stopper) before any
  /// use_language: the settings' own language and stopwords. For callers and tests that need
  /// a reference TermGenerator. \throws UsageError as the constructor.
  static void configure(Xapian::TermGenerator& tg, const TermSettings& settings);

 private:
  void collect(TextPostings& out, Xapian::termpos span);
  /// A stemmer language's stemmer and stopper (use_language).
  struct LanguageTerms {
    Xapian::Stem stemmer;
    std::unique_ptr<Xapian::SimpleStopper> stopper;  ///< null: no stopwords
  };
  TermSettings m_settings;
  std::map<std::string, LanguageTerms, std::less<>> m_languages;  ///< "" is the settings' own
  std::string m_tag;  ///< the tag use_language last set, so a run of one language costs a compare
  Xapian::TermGenerator m_tg;
  Xapian::Document m_scratch;
  bool m_direct_positions = true;
};

}  // namespace boilerdex::indexer
