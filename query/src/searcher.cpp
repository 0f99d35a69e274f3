#include "boilerdex/query/searcher.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/stem_language.hpp"
#include "document_fields_internal.hpp"

namespace boilerdex::query {

namespace {

bool parse_number(std::string_view text, double& value) noexcept {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc{} && end == text.data() + text.size() && std::isfinite(value);
}

Xapian::Stem make_stemmer(const std::string& language) {
  if (language.empty() || language == "none") return Xapian::Stem();
  try {
    return Xapian::Stem(language);
  } catch (const Xapian::InvalidArgumentError&) {
    throw UsageError("the manifest's stemmer language '" + language + "' is unknown to Xapian");
  }
}

// The same strategy names the indexer's TermSettings uses for Xapian::TermGenerator.
Xapian::QueryParser::stem_strategy make_stem_strategy(const std::string& name) {
  if (name == "none") return Xapian::QueryParser::STEM_NONE;
  if (name == "some") return Xapian::QueryParser::STEM_SOME;
  if (name == "all") return Xapian::QueryParser::STEM_ALL;
  if (name == "all_z") return Xapian::QueryParser::STEM_ALL_Z;
  if (name == "some_full_pos") return Xapian::QueryParser::STEM_SOME_FULL_POS;
  throw UsageError("the manifest's stem strategy '" + name + "' is unknown (none, some, all, all_z, some_full_pos)");
}

/// \p text (YYYY-MM-DD, option \p option) as the stored date value, YYYYMMDD.
std::string filter_date(const std::string& text, std::string_view option) {
  const std::string value = indexer::date_value(text);
  if (value.empty())
    throw UsageError(std::string(option) + " '" + text + "': expected a date YYYY-MM-DD (e.g. 2021-03-05)");
  return value;
}

/// The boolean terms prefix + filter_key(value) of \p values, ORed.
Xapian::Query any_term(std::string_view prefix, const std::vector<std::string>& values) {
  std::vector<Xapian::Query> terms;
  for (const std::string& value : values) terms.emplace_back(std::string(prefix) + indexer::filter_key(value));
  return Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end());
}

/// Refuses a filter on \p field when \p view's documents do not carry it.
void require_field(const indexer::ManifestView& view, std::string_view field, std::string_view option) {
  if (std::find(view.fields.begin(), view.fields.end(), field) != view.fields.end()) return;
  throw UsageError(std::string(option) + ": view " + view.view.spec() + " stores no " + std::string(field) +
                   " (the index set was built before boilerdex-index stored page metadata; rebuild it)");
}

/// The query that admits what \p f allows in \p view (an empty query when \p f is empty).
Xapian::Query filter_query(const SearchFilters& f, const indexer::ManifestView& view) {
  std::vector<Xapian::Query> parts;
  if (!f.after.empty() || !f.before.empty()) {
    require_field(view, "date", !f.after.empty() ? "--after" : "--before");
    const unsigned slot = indexer::value_date;
    if (f.before.empty()) parts.emplace_back(Xapian::Query::OP_VALUE_GE, slot, filter_date(f.after, "--after"));
    else if (f.after.empty()) parts.emplace_back(Xapian::Query::OP_VALUE_LE, slot, filter_date(f.before, "--before"));
    else parts.emplace_back(Xapian::Query::OP_VALUE_RANGE, slot, filter_date(f.after, "--after"),
                            filter_date(f.before, "--before"));
  }
  const auto add = [&](const std::vector<std::string>& values, std::string_view prefix, std::string_view field,
                       std::string_view option) {
    if (values.empty()) return;
    require_field(view, field, option);
    parts.push_back(any_term(prefix, values));
  };
  add(f.languages, indexer::language_prefix, "language", "--lang");
  add(f.page_types, indexer::page_type_prefix, "page_type", "--type");
  add(f.sites, indexer::sitename_prefix, "sitename", "--site");
  return Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end());
}

}  // namespace

Bm25Parameters Bm25Parameters::parse(std::string_view text) {
  const std::size_t comma = text.find(',');
  Bm25Parameters parameters;
  if (comma == std::string_view::npos || !parse_number(text.substr(0, comma), parameters.k1) ||
      !parse_number(text.substr(comma + 1), parameters.b) || parameters.k1 < 0 || parameters.b < 0 ||
      parameters.b > 1) {
    throw UsageError("--bm25 '" + std::string(text) + "': expected k1,b with k1 >= 0 and 0 <= b <= 1 (e.g. 0.9,0.4)");
  }
  return parameters;
}

Searcher::Searcher(const IndexSet& index_set, const indexer::ManifestView& view)
    : m_view(view),
      m_database(index_set.open_database(view)),
      m_terms(index_set.manifest().terms),
      m_enquire(m_database) {
  const indexer::TermSettings& terms = m_terms;
  const Xapian::QueryParser::stem_strategy strategy = make_stem_strategy(terms.stem_strategy);
  (void)query_language({});  // an unknown manifest language fails here, not at the first query
  for (Xapian::QueryParser* parser : {&m_full_parser, &m_plain_parser}) {
    parser->set_database(m_database);
    parser->set_stemming_strategy(strategy);
    parser->set_default_op(Xapian::Query::OP_OR);
  }
  // Queries split CJK text as the views were indexed (TermSettings::cjk_ngram).
  m_cjk_flag = terms.cjk_ngram ? static_cast<unsigned>(Xapian::QueryParser::FLAG_CJK_NGRAM) : 0u;
  if (terms.index_title) m_full_parser.add_prefix("title", std::string(indexer::title_prefix));
  m_full_parser.add_prefix("author", std::string(indexer::author_prefix));
  m_full_parser.add_boolean_prefix("lang", std::string(indexer::language_prefix));
  m_full_parser.add_boolean_prefix("type", std::string(indexer::page_type_prefix));
  // Documents are ranked by BM25 alone; equal weights come in docid order (ascending),
  // which is the indexing order and the same in every view.
  m_enquire.set_docid_order(Xapian::Enquire::ASCENDING);
}

const Searcher::QueryLanguage& Searcher::query_language(const SearchFilters& filters) const {
  std::string language;  // "": the manifest's language and stopwords
  if (m_terms.stem_per_language)
    for (const std::string& tag : filters.languages)
      if (!(language = indexer::stemmer_for_language(tag)).empty()) break;
  auto it = m_languages.find(language);
  if (it != m_languages.end()) return *it->second;
  auto made = std::make_unique<QueryLanguage>();
  made->stemmer = make_stemmer(language.empty() ? m_terms.language : language);
  const std::vector<std::string>& stopwords = indexer::stopwords_for(m_terms, language);  // as the indexer chose
  if (!stopwords.empty()) made->stopper = std::make_unique<Xapian::SimpleStopper>(stopwords.begin(), stopwords.end());
  return *m_languages.emplace(language, std::move(made)).first->second;
}

SearchResult Searcher::search(std::string_view query_text, const SearchOptions& options) const {
  SearchResult result;
  try {
    const std::string text(query_text);
    Xapian::Query query;
    const QueryLanguage& language = query_language(options.filters);
    for (Xapian::QueryParser* parser : {&m_full_parser, &m_plain_parser}) {
      parser->set_stemmer(language.stemmer);
      parser->set_stopper(language.stopper.get());
    }
    try {
      // Plain: no operator, phrase, +/- or wildcard syntax; every word is a term, ORed.
      query = options.syntax == QuerySyntax::Full
                  ? m_full_parser.parse_query(text, Xapian::QueryParser::FLAG_DEFAULT | m_cjk_flag)
                  : m_plain_parser.parse_query(text, m_cjk_flag);
    } catch (const Xapian::QueryParserError& e) {
      throw UsageError("cannot parse query '" + text + "': " + e.get_msg());
    }
    // Checked before an empty query returns, so a bad filter is reported either way.
    const Xapian::Query filter = filter_query(options.filters, m_view);
    if (options.sort == SortOrder::Date) require_field(m_view, "date", "--sort date");
    if (!query.empty() && !filter.empty()) query = Xapian::Query(Xapian::Query::OP_FILTER, query, filter);
    result.query_description = query.get_description();
    if (query.empty() || options.k == 0) return result;
    const Bm25Parameters& p = options.bm25;
    m_enquire.set_weighting_scheme(Xapian::BM25Weight(p.k1, p.k2, p.k3, p.b, p.min_normlen));
    m_enquire.set_query(query);
    if (options.sort == SortOrder::Date) m_enquire.set_sort_by_value_then_relevance(indexer::value_date, true);
    else m_enquire.set_sort_by_relevance();
    const Xapian::MSet mset = m_enquire.get_mset(static_cast<Xapian::doccount>(options.offset),
                                                 static_cast<Xapian::doccount>(options.k));
    result.matches_estimated = mset.get_matches_estimated();
    result.hits.reserve(mset.size());
    for (Xapian::MSetIterator it = mset.begin(); it != mset.end(); ++it) {
      SearchHit hit;
      hit.docid = *it;
      hit.rank = static_cast<std::size_t>(it.get_rank()) + 1;  // get_rank() counts the offset
      hit.score = it.get_weight();
      const Xapian::Document document = it.get_document();
      if (options.snippets) {
        detail::DocumentFields fields = detail::document_fields(document);
        hit.docno = std::move(fields.docno);
        hit.url = std::move(fields.url);
        hit.title = std::move(fields.title);
        hit.date = std::move(fields.date);
        hit.author = std::move(fields.author);
        hit.site = std::move(fields.sitename);
        hit.language = std::move(fields.language);
        hit.page_type = std::move(fields.page_type);
        // From the text the view indexed when the index stores it (value_text), else
        // from the title (indexes built with snippet_bytes = 0, or empty views).
        const bool from_text = !fields.text.empty();
        const std::string& source = from_text ? fields.text : hit.title;
        if (!source.empty()) {
          hit.snippet = mset.snippet(source, options.snippet_length, language.stemmer,
                                     Xapian::MSet::SNIPPET_BACKGROUND_MODEL | Xapian::MSet::SNIPPET_EXHAUSTIVE,
                                     options.highlight_begin, options.highlight_end, "...");
          // No unprefixed query term in the title (a title: or boolean-only query): Xapian
          // then returns an arbitrary cut; the whole title, when it fits, reads better.
          if (!from_text && hit.snippet.find(options.highlight_begin) == std::string::npos &&
              hit.title.size() <= options.snippet_length) {
            hit.snippet = hit.title;
          }
          // Blocks are stored one per line; a snippet is one line of a result.
          std::replace(hit.snippet.begin(), hit.snippet.end(), '\n', ' ');
        }
      } else {
        hit.docno = detail::document_docno(document);
      }
      result.hits.push_back(std::move(hit));
    }
  } catch (const Xapian::Error& e) {
    throw IndexError("searching view " + m_view.view.spec(), e.get_type(), e.get_msg());
  }
  return result;
}

}  // namespace boilerdex::query
