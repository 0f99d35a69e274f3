#pragma once
/// \file
/// A synthetic BLOGS06-style collection with topics and graded qrels, made here so that the
/// demo and the benchmarks need no licensed data, and so that relevance is known by
/// construction.
///
/// Every document is a blog post page from one of several generated blogs ("sites"), each
/// with its own template (Movable Type, WordPress Kubrick, Blogger Minima, TypePad tables, a
/// 2006 magazine theme) and the boilerplate such pages carry: navigation bars, recent- and
/// popular-post sidebars that repeat other posts' titles, tag clouds, category and archive
/// lists, blogrolls, share links, comment threads and footers. Post bodies are paragraphs
/// of English-like text over a topical vocabulary (twelve themes), into which topic phrases
/// are placed on purpose. Some blogs are served in windows-1252 (some declaring it only in a
/// <meta>, some mislabelled ISO-8859-1), the rest in UTF-8 with or without entities.
///
/// Judgments follow the rule of ../shared/data/blogs-dev: a document is judged for a topic
/// when every query term (compared as Xapian English stems, as the index sees them) occurs
/// somewhere in the page text; its label is 2 when every term occurs at least twice in the
/// post itself (title and body), 1 when every term occurs at least once there, and 0 when the
/// page matches only through boilerplate (sidebars, tags, comments, ...). The labels are
/// computed from the text actually written, so they are exact, not intended.
///
/// Output layout (write_sample_collection):
///   DIR/collection/YYYYMMDD/permalinks-NNN.gz   BLOGS06 <DOC> records, gzip
///   DIR/topics.txt                              Blog06 <top> records (numbers from 9001)
///   DIR/qrels.txt                               `qid 0 docno label`, by qid then docno
///   DIR/gold/DOCNO.txt                          the post text, UTF-8 (only with write_gold)
///
/// Deterministic: the same options give byte-identical output on every platform (the
/// generator draws from trec::Random, never from <random>).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/topics.hpp"

namespace boilerdex::trec {

/// What to generate.
struct SampleOptions {
  std::uint64_t documents = 2000;          ///< pages (>= 1)
  std::size_t topics = 30;                 ///< 1 .. sample_topic_capacity()
  std::uint64_t seed = 20060202;
  std::uint64_t documents_per_file = 250;  ///< records per permalinks-NNN.gz (>= 1)
  /// Blogs the pages come from; 0 chooses documents / 250 clamped to [8, 400].
  std::size_t sites = 0;
  bool write_gold = false;  ///< also write DIR/gold/DOCNO.txt (one file per document)
};

/// The number of distinct topics the generator can make (the curated topic phrases).
[[nodiscard]] std::size_t sample_topic_capacity() noexcept;

/// One judgment of a generated document.
struct SampleJudgment {
  std::size_t topic = 0;  ///< index into SampleGenerator::topics()
  Label label = 0;        ///< 0, 1 or 2 (see the file comment)
};

/// One generated page.
struct SampleDocument {
  std::string docno;      ///< BLOG06-YYYYMMDD-NNN-NNNNNNNNNN, unique, increasing
  std::string file;       ///< relative path of the .gz it belongs in ("20051206/permalinks-000.gz")
  std::string record;     ///< the whole <DOC>…</DOC> record, page bytes in `charset`
  std::string charset;    ///< the encoding of the page bytes ("UTF-8" or "windows-1252")
  std::string gold_text;  ///< the post (title line, then one line per paragraph), UTF-8
  std::vector<SampleJudgment> judgments;  ///< by topic index, ascending
};

/// Generates the collection one document at a time; memory stays bounded (a few titles
/// per site) whatever the number of documents.
/// Not thread-safe; distinct generators are independent.
class SampleGenerator {
 public:
  /// \throws UsageError when documents, documents_per_file or topics is 0, or topics
  ///         exceeds sample_topic_capacity().
  explicit SampleGenerator(const SampleOptions& options);
  ~SampleGenerator();
  SampleGenerator(SampleGenerator&&) noexcept;
  SampleGenerator& operator=(SampleGenerator&&) noexcept;

  /// The topics, in number order (known before any document is generated).
  [[nodiscard]] const std::vector<Topic>& topics() const noexcept;
  /// The query terms of topics()[i] as the generator matches them: lowercase words of the
  /// title, in order.
  [[nodiscard]] const std::vector<std::vector<std::string>>& topic_terms() const noexcept;

  /// Documents generated so far.
  [[nodiscard]] std::uint64_t generated() const noexcept;
  /// True when options.documents have been generated.
  [[nodiscard]] bool done() const noexcept;

  /// The next document. Precondition: !done(). \throws UsageError when done().
  [[nodiscard]] SampleDocument next();

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

/// Totals of a written collection.
struct SampleSummary {
  std::uint64_t documents = 0;
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;             ///< uncompressed record bytes
  std::uint64_t windows_1252 = 0;      ///< pages encoded in windows-1252
  std::size_t topics = 0;
  std::uint64_t judged = 0;            ///< qrels lines
  std::uint64_t label2 = 0, label1 = 0, label0 = 0;
  std::size_t topics_without_relevant = 0;  ///< topics with no label >= 1
};

/// Progress of write_sample_collection: documents written, documents wanted.
using SampleProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

/// Generates the collection described by \p options into \p out_dir (created; files of an
/// earlier sample there are overwritten). \p progress, when set, is called every 500
/// documents and at the end. Qrels are held as (document ordinal, label) per topic until
/// the end, 16 bytes per judgment.
/// \throws UsageError as SampleGenerator; Error naming the path when a file cannot be
///         created or written.
SampleSummary write_sample_collection(const std::filesystem::path& out_dir, const SampleOptions& options,
                                      const SampleProgress& progress = {});

/// Writes \p topics in the Blog06 format (`<num> Number: N`, `<title>`, `<desc>
/// Description:`, `<narr> Narrative:`). \throws nothing but the stream's own errors.
void write_topics(std::ostream& out, const std::vector<Topic>& topics);

}  // namespace boilerdex::trec
