// SampleGenerator: the topics, the blogs, each post and its page, the judgments read off
// what the page says, and the BLOGS06 record. The page itself is written by layouts.cpp;
// the files by collection_writer.cpp.
#include "boilerdex/trec/sample_collection.hpp"

#include <xapian.h>

#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <string_view>
#include <utility>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/experiment_random.hpp"
#include "blog_internal.hpp"
#include "calendar_internal.hpp"
#include "document_position_internal.hpp"
#include "encoding_internal.hpp"
#include "layouts_internal.hpp"
#include "page_writer_internal.hpp"
#include "prose_internal.hpp"
#include "term_matcher_internal.hpp"
#include "text_internal.hpp"
#include "vocabulary_internal.hpp"

namespace boilerdex::trec {

// The generator's parts (trec/sample/src/*_internal.hpp).
using namespace sample;

// ---- the generator's state ----------------------------------------------------------------

struct SampleGenerator::State {
  SampleOptions options;
  Random random;
  Prose prose{random};  ///< draws from random
  std::vector<Topic> topics;
  std::vector<std::vector<std::string>> topic_terms;
  std::vector<std::vector<std::size_t>> topic_term_ids;   ///< per topic, its term ids
  std::vector<std::vector<std::size_t>> term_topics;      ///< per term id, the topics using it
  std::vector<std::string> topic_phrases;                 ///< the title without quotes
  std::vector<std::vector<std::size_t>> theme_topics;     ///< per theme, its topics
  std::unique_ptr<TermMatcher> matcher;
  TermCounts counts;
  std::vector<Site> sites;
  std::uint64_t generated = 0;
  std::uint64_t files_per_day = 1;

  explicit State(const SampleOptions& o) : options(o), random(o.seed) {}

  // -- setup --

  void make_topics() {
    const auto themes = sample::themes();
    // Shuffle each theme's phrases, then deal them out theme by theme in a shuffled theme
    // order, so that any number of topics spreads over the themes evenly.
    std::vector<std::vector<std::size_t>> order(themes.size());
    for (std::size_t t = 0; t < themes.size(); ++t) {
      order[t].resize(themes[t].phrases.size());
      for (std::size_t i = 0; i < order[t].size(); ++i) order[t][i] = i;
      for (std::size_t i = order[t].size(); i > 1; --i) std::swap(order[t][i - 1], order[t][random.index(i)]);
    }
    std::vector<std::size_t> theme_order(themes.size());
    for (std::size_t i = 0; i < theme_order.size(); ++i) theme_order[i] = i;
    for (std::size_t i = theme_order.size(); i > 1; --i) std::swap(theme_order[i - 1], theme_order[random.index(i)]);

    theme_topics.assign(themes.size(), {});
    std::vector<std::string> term_stems;
    Xapian::Stem stemmer("english");
    for (std::size_t round = 0; topics.size() < options.topics; ++round) {
      for (const std::size_t t : theme_order) {
        if (topics.size() == options.topics) break;
        if (round >= order[t].size()) continue;
        const std::string phrase(themes[t].phrases[order[t][round]]);
        Topic topic;
        topic.number = std::to_string(9001 + topics.size());
        const bool quoted = phrase.find(' ') != std::string::npos && random.chance(0.5);
        topic.title = quoted ? '"' + phrase + '"' : phrase;
        topic.description = "Find blog posts about " + phrase + ".";
        topic.narrative = "Relevant posts discuss " + phrase +
                          " in the post itself. Posts that mention the words only in navigation, sidebars "
                          "(recent or popular posts, blogrolls), tag clouds, category lists, footers or reader "
                          "comments are not relevant. Graded automatically: 2 when every word occurs at least "
                          "twice in the post's title and body, 1 when every word occurs there at least once.";
        std::vector<std::string> words;
        std::vector<std::size_t> ids;
        for (std::size_t begin = 0; begin <= phrase.size();) {
          const std::size_t end = std::min(phrase.find(' ', begin), phrase.size());
          std::string word = phrase.substr(begin, end - begin);
          const std::string stem = stemmer(word);
          auto found = std::find(term_stems.begin(), term_stems.end(), stem);
          if (found == term_stems.end()) {
            term_stems.push_back(stem);
            found = term_stems.end() - 1;
          }
          const auto id = static_cast<std::size_t>(found - term_stems.begin());
          if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
          words.push_back(std::move(word));
          begin = end + 1;
        }
        theme_topics[t].push_back(topics.size());
        topic_phrases.push_back(phrase);
        topic_terms.push_back(std::move(words));
        topic_term_ids.push_back(std::move(ids));
        topics.push_back(std::move(topic));
      }
    }
    term_topics.assign(term_stems.size(), {});
    for (std::size_t i = 0; i < topic_term_ids.size(); ++i) {
      for (const std::size_t id : topic_term_ids[i]) term_topics[id].push_back(i);
    }
    matcher = std::make_unique<TermMatcher>(term_stems);
  }

  void make_sites() {
    const auto& lex = sample::lexicon();
    const auto themes = sample::themes();
    std::size_t n = options.sites;
    if (n == 0) n = static_cast<std::size_t>(std::clamp<std::uint64_t>(options.documents / 250, 8, 400));
    sites.resize(n);
    std::vector<std::size_t> theme_cycle(themes.size());
    for (std::size_t i = 0; i < theme_cycle.size(); ++i) theme_cycle[i] = i;
    for (std::size_t i = theme_cycle.size(); i > 1; --i) std::swap(theme_cycle[i - 1], theme_cycle[random.index(i)]);
    for (std::size_t i = 0; i < theme_cycle.size() % 2; ++i) theme_cycle.push_back(theme_cycle[i]);
    for (std::size_t i = 0; i < n; ++i) {
      Site& s = sites[i];
      s.name = "The " + std::string(pick(random, lex.site_words_a)) + ' ' + std::string(pick(random, lex.site_words_b));
      std::string slug;
      for (const char c : s.name.substr(4)) {
        if (c != ' ') slug += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      }
      s.layout = static_cast<Layout>(i % layout_count);
      static constexpr std::array<std::string_view, layout_count> hosts = {".blogs.example.org", ".wordpress.example.com",
                                                                           ".blogspot.example.com", ".typepad.example.com",
                                                                           ".example.net"};
      s.host = slug + std::to_string(i) + std::string(hosts[i % layout_count]);
      s.author = prose.person();
      s.tagline = std::string(pick(random, lex.taglines));
      static constexpr std::array<std::string_view, layout_count> engines = {"Movable Type 3.2", "WordPress 2.0",
                                                                             "Blogger", "TypePad", "WordPress 2.0.1"};
      s.engine = std::string(engines[i % layout_count]);
      // A fixed cycle, so that busy and quiet blogs alike come in every encoding.
      static constexpr std::array<Encoding, 10> encodings = {
          Encoding::Utf8,        Encoding::Windows1252,         Encoding::Utf8Entities, Encoding::Utf8,
          Encoding::Latin1Mislabelled, Encoding::Utf8,          Encoding::Windows1252MetaOnly,
          Encoding::Utf8Entities, Encoding::Utf8,               Encoding::Windows1252};
      s.encoding = encodings[i % encodings.size()];
      // The first blogs cover every theme between them (8 blogs, 16 slots, 12 themes), so
      // that every topic can have posts; later blogs pick any two.
      if (2 * i + 1 < theme_cycle.size()) {
        s.themes = {theme_cycle[2 * i], theme_cycle[2 * i + 1]};
      } else {
        s.themes[0] = random.index(themes.size());
        do {
          s.themes[1] = random.index(themes.size());
        } while (s.themes[1] == s.themes[0]);
      }
      // Tag clouds: theme words, plus a few words of the blog's topics (boilerplate matches).
      for (const std::size_t t : s.themes) {
        for (int k = 0; k < 6; ++k) {
          std::string tag(pick(random, themes[t].nouns));
          if (std::find(s.tags.begin(), s.tags.end(), tag) == s.tags.end()) s.tags.push_back(std::move(tag));
        }
        if (!theme_topics[t].empty() && random.chance(0.5)) {
          const auto& words = topic_terms[theme_topics[t][random.index(theme_topics[t].size())]];
          std::string tag = words[random.index(words.size())];
          if (std::find(s.tags.begin(), s.tags.end(), tag) == s.tags.end()) s.tags.push_back(std::move(tag));
        }
      }
      std::sort(s.tags.begin(), s.tags.end());
      const auto rolls = random.between(5, 9);
      for (std::int64_t k = 0; k < rolls; ++k) {
        if (random.chance(0.15) && !topics.empty()) {
          const auto& words = topic_terms[random.index(topics.size())];
          s.blogroll.push_back(capitalised(words[random.index(words.size())]) + " Weekly");
        } else {
          s.blogroll.push_back("The " + std::string(pick(random, lex.site_words_a)) + ' ' +
                               std::string(pick(random, lex.site_words_b)));
        }
      }
      s.feed_number = static_cast<std::uint32_t>(10000 + i * 37 + random.below(30));
      s.show_popular = s.layout == Layout::Magazine || s.layout == Layout::Kubrick || random.chance(0.5);
      s.list_tag_cloud = random.chance(0.5);
    }
  }

  void setup() {
    files_per_day = files_per_day_for(options);
    make_topics();
    make_sites();
  }

  // -- one post --

  std::size_t choose_site() {
    // Some blogs post far more than others: half the posts come from the first third.
    const std::size_t busy = std::max<std::size_t>(1, sites.size() / 3);
    return random.chance(0.5) ? random.index(busy) : random.index(sites.size());
  }

  Post make_post(Site& site, std::uint64_t ordinal, std::int64_t crawl_day) {
    const auto& lex = sample::lexicon();
    const auto themes = sample::themes();
    Post post;
    const std::size_t theme = site.themes[random.chance(0.6) ? 0 : 1];
    post.category = std::string(themes[theme].category);
    post.day = crawl_day - random.between(0, 20);
    post.hour = static_cast<int>(random.between(6, 23));
    post.minute = static_cast<int>(random.between(0, 59));
    post.previous_title = site.recent.empty() ? std::string("Hello world") : site.recent.front();

    // What the post is about: one topic of its theme written about on purpose (grade 2 or
    // 1 intended), or nothing in particular with an occasional passing mention.
    const auto& candidates = theme_topics[theme];
    std::optional<std::size_t> focus;
    int intended = 0;
    if (!candidates.empty() && random.chance(0.3)) {
      focus = candidates[random.index(candidates.size())];
      intended = random.chance(0.55) ? 2 : 1;
    }
    const std::string* phrase = focus ? &topic_phrases[*focus] : nullptr;

    const bool phrase_in_title = intended == 2 && random.chance(0.7);
    post.title = phrase_in_title ? phrase_text(pick(random, lex.phrase_titles), *phrase) : prose.generic_title(theme);

    const auto paragraphs = static_cast<std::size_t>(random.between(3, 8));
    for (std::size_t i = 0; i < paragraphs; ++i) {
      post.body.push_back({prose.paragraph(theme, static_cast<int>(random.between(2, 6))), false});
    }
    const auto insert_sentence = [&](const std::string& s) {
      std::string& text = post.body[random.index(post.body.size())].text;
      // Between two sentences, not inside one.
      std::vector<std::size_t> cuts = {0};
      for (std::size_t k = 0; k + 1 < text.size(); ++k) {
        if ((text[k] == '.' || text[k] == '!' || text[k] == '?') && text[k + 1] == ' ') cuts.push_back(k + 2);
      }
      const std::size_t at = cuts[random.index(cuts.size())];
      text.insert(at, at == 0 ? s + ' ' : s + ' ');
    };
    if (phrase != nullptr) {
      if (intended == 2) {
        const auto mentions = phrase_in_title ? random.between(1, 3) : random.between(2, 4);
        for (std::int64_t k = 0; k < mentions; ++k) insert_sentence(phrase_text(pick(random, lex.phrase_sentences), *phrase));
      } else if (random.chance(0.25)) {
        // A one-line update: the only mention sits in a block too short for most cut-offs.
        post.body.push_back({phrase_text(pick(random, lex.short_phrase_lines), *phrase), false});
      } else {
        insert_sentence(phrase_text(pick(random, lex.phrase_sentences), *phrase));
      }
    } else if (!candidates.empty() && random.chance(0.15)) {
      // A passing mention of a topic (all of it, or one of its words).
      const std::size_t other = candidates[random.index(candidates.size())];
      const auto& words = topic_terms[other];
      const std::string mention = random.chance(0.5) ? topic_phrases[other] : words[random.index(words.size())];
      insert_sentence(phrase_text(pick(random, lex.phrase_sentences), mention));
    }
    if (random.chance(0.2)) {  // a short list inside the post
      std::string items;
      const auto n = random.between(3, 5);
      for (std::int64_t k = 0; k < n; ++k) {
        if (!items.empty()) items += '\n';
        items += capitalised(std::string(prose.word_for('A', theme)) + ' ' + std::string(prose.theme_noun(theme)));
      }
      post.body.insert(post.body.begin() + static_cast<std::ptrdiff_t>(random.index(post.body.size()) + 1), {items, true});
    }

    // Tags of the post: its subject's words and a couple of theme words.
    if (phrase != nullptr) {
      for (const auto& w : topic_terms[*focus]) post.tags.push_back(w);
    }
    for (int k = 0; k < 2; ++k) {
      std::string tag(prose.theme_noun(theme));
      if (std::find(post.tags.begin(), post.tags.end(), tag) == post.tags.end()) post.tags.push_back(std::move(tag));
    }

    // Comments: short praise, longer replies, some on the subject, some asking about others.
    const auto comment_count = random.chance(0.25) ? 0 : random.between(1, 7);
    for (std::int64_t k = 0; k < comment_count; ++k) {
      Comment c;
      c.author = prose.person();
      const std::int64_t day = post.day + random.between(0, 4);
      const auto hour = static_cast<int>(random.between(day == post.day ? post.hour : 0, 23));  // after the post
      c.when = long_date(day) + " at " + clock_time(hour, static_cast<int>(random.between(0, 59)));
      const double kind = random.unit();
      if (kind < 0.3) {
        c.text = std::string(pick(random, lex.short_comments));
      } else if (kind < 0.45 && phrase != nullptr) {
        c.text = prose.paragraph(theme, 1) + ' ' + phrase_text(pick(random, lex.phrase_sentences), *phrase);
      } else if (kind < 0.55 && !topics.empty()) {
        c.text = phrase_text(pick(random, lex.comment_mentions), topic_phrases[random.index(topics.size())]);
      } else {
        c.text = prose.paragraph(theme, static_cast<int>(random.between(1, 3)));
      }
      post.comments.push_back(std::move(c));
    }

    // Permalink.
    std::string slug;
    for (const char c : post.title) {
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        slug += c;
      } else if (c >= 'A' && c <= 'Z') {
        slug += static_cast<char>(c - 'A' + 'a');
      } else if (!slug.empty() && slug.back() != '-') {
        slug += '-';
      }
      if (slug.size() >= 40) break;
    }
    while (!slug.empty() && slug.back() == '-') slug.pop_back();
    const Date d = civil_from_days(post.day);
    post.slug = slug + '-' + std::to_string(ordinal % 100000);
    post.url = "http://" + site.host + '/' + std::to_string(d.year) + '/' + zero_padded(static_cast<std::uint64_t>(d.month), 2) +
               '/' + post.slug + ".html";

    return post;
  }

  // -- assembling a record --

  SampleDocument next_document() {
    const std::uint64_t ordinal = generated;
    SampleDocument doc;
    std::tie(doc.docno, doc.file) = docno_and_file(ordinal, options.documents_per_file, files_per_day);
    const std::int64_t crawl_day =
        crawl_first_day + static_cast<std::int64_t>(ordinal / options.documents_per_file / files_per_day);

    Site& site = sites[choose_site()];
    Post post = make_post(site, ordinal, crawl_day);

    counts.reset(term_topics.size());
    PageWriter w(*matcher, counts, site.encoding == Encoding::Utf8Entities);
    render_page(w, site, post, prose);

    // Judgments from what was written.
    std::vector<std::size_t> candidates;
    for (const std::size_t term : counts.touched) {
      candidates.insert(candidates.end(), term_topics[term].begin(), term_topics[term].end());
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    bool on_topic = false;
    for (const std::size_t topic : candidates) {
      bool matched = true;
      std::uint32_t least_in_post = UINT32_MAX;
      for (const std::size_t term : topic_term_ids[topic]) {
        matched = matched && counts.gold[term] + counts.other[term] > 0;
        least_in_post = std::min(least_in_post, counts.gold[term]);
      }
      if (!matched) continue;
      doc.judgments.push_back({topic, least_in_post >= 2 ? 2 : least_in_post >= 1 ? 1 : 0});
      on_topic = on_topic || least_in_post >= 2;
    }
    // A blog's early on-topic posts become its "popular posts", repeated on later pages.
    if (on_topic && site.popular.size() < popular_limit) site.popular.push_back(post.title);

    // The record.
    const bool cp1252 = is_windows_1252(site.encoding);
    doc.charset = cp1252 ? "windows-1252" : "UTF-8";
    std::string page = cp1252 ? to_windows_1252(w.html()) : std::move(w.html());
    doc.gold_text = std::move(w.gold());
    std::string content_type = "text/html";
    if (site.encoding == Encoding::Utf8) content_type += "; charset=UTF-8";
    if (site.encoding == Encoding::Windows1252) content_type += "; charset=windows-1252";
    if (site.encoding == Encoding::Latin1Mislabelled) content_type += "; charset=ISO-8859-1";
    const int fetch_hour = static_cast<int>(random.between(0, 23));
    const int fetch_minute = static_cast<int>(random.between(0, 59));
    const std::string length = std::to_string(page.size());
    std::string& r = doc.record;
    r.reserve(page.size() + 1024);
    r += "<DOC>\n<DOCNO>" + doc.docno + "</DOCNO>\n";
    r += "<DATE_XML>" + iso_date(post.day) + 'T' + zero_padded(static_cast<std::uint64_t>(post.hour), 2) + ':' +
         zero_padded(static_cast<std::uint64_t>(post.minute), 2) + ":00+0000</DATE_XML>\n";
    r += "<FEEDNO>BLOG06-feed-" + zero_padded(site.feed_number, 6) + "</FEEDNO>\n";
    r += "<FEEDURL>http://" + site.host + "/feed/</FEEDURL>\n";
    r += "<BLOGHPNO>BLOG06-bloghp-" + zero_padded(site.feed_number, 6) + "</BLOGHPNO>\n";
    r += "<BLOGHPURL>http://" + site.host + "/</BLOGHPURL>\n";
    r += "<PERMALINK>" + post.url + "</PERMALINK>\n";
    r += "<DOCHDR>\n" + post.url + " 0.0.0.0 " + compact_date(crawl_day) + zero_padded(static_cast<std::uint64_t>(fetch_hour), 2) +
         zero_padded(static_cast<std::uint64_t>(fetch_minute), 2) + ' ' + length + '\n';
    r += "HTTP/1.1 200 OK\nDate: " + http_date(crawl_day, fetch_hour, fetch_minute) + '\n';
    r += "Server: Apache/1.3.34 (Unix) PHP/4.4.1\nConnection: close\n";
    r += "Content-Type: " + content_type + "\nContent-Length: " + length + "\n</DOCHDR>\n";
    r += page;
    r += "</DOC>\n";

    site.recent.push_front(post.title);
    if (site.recent.size() > recent_limit) site.recent.pop_back();
    ++site.posts;
    ++generated;
    return doc;
  }
};

std::size_t sample_topic_capacity() noexcept {
  std::size_t n = 0;
  for (const auto& theme : sample::themes()) n += theme.phrases.size();
  return n;
}

SampleGenerator::SampleGenerator(const SampleOptions& options) {
  if (options.documents == 0) throw UsageError("sample: --docs must be at least 1");
  if (options.documents_per_file == 0) throw UsageError("sample: --docs-per-file must be at least 1");
  if (options.topics == 0 || options.topics > sample_topic_capacity()) {
    throw UsageError("sample: --topics must be between 1 and " + std::to_string(sample_topic_capacity()) + " (got " +
                     std::to_string(options.topics) + ")");
  }
  m_state = std::make_unique<State>(options);
  m_state->setup();
}

SampleGenerator::~SampleGenerator() = default;
SampleGenerator::SampleGenerator(SampleGenerator&&) noexcept = default;
SampleGenerator& SampleGenerator::operator=(SampleGenerator&&) noexcept = default;

const std::vector<Topic>& SampleGenerator::topics() const noexcept { return m_state->topics; }
const std::vector<std::vector<std::string>>& SampleGenerator::topic_terms() const noexcept {
  return m_state->topic_terms;
}
std::uint64_t SampleGenerator::generated() const noexcept { return m_state->generated; }
bool SampleGenerator::done() const noexcept { return m_state->generated >= m_state->options.documents; }

SampleDocument SampleGenerator::next() {
  if (done()) throw UsageError("sample: all " + std::to_string(m_state->options.documents) + " documents generated");
  return m_state->next_document();
}

}  // namespace boilerdex::trec
