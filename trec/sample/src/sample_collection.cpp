#include "boilerdex/trec/sample_collection.hpp"

#include <zlib.h>

#include <xapian.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <fstream>
#include <optional>
#include <ostream>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/experiment_random.hpp"
#include "blog_internal.hpp"
#include "calendar_internal.hpp"
#include "document_position_internal.hpp"
#include "encoding_internal.hpp"
#include "page_writer_internal.hpp"
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

  // -- words --

  std::string_view theme_noun(std::size_t theme) { return pick(random, sample::themes()[theme].nouns); }

  std::string_view word_for(char code, std::size_t theme) {
    const auto& lex = sample::lexicon();
    const Theme& t = sample::themes()[theme];
    switch (code) {
      case 'D': return pick(random, lex.determiners);
      case 'S': return pick(random, lex.subjects);
      case 'V': return pick(random, lex.verbs);
      case 'A': return random.chance(0.3) ? pick(random, t.adjectives) : pick(random, lex.adjectives);
      case 'N': return random.chance(0.35) ? pick(random, t.nouns) : pick(random, lex.nouns);
      case 'P': return pick(random, lex.prepositions);
      case 'R': return pick(random, lex.adverbs);
      case 'C': return pick(random, lex.conjunctions);
      default: return {};
    }
  }

  /// One English-like sentence of the theme.
  std::string sentence(std::size_t theme) {
    static constexpr std::array<std::string_view, 12> patterns = {
        "SVDANPDN", "DNVRPDN", "CSVDN,SVDAN", "SRVPDAN",  "DANVDNPDN", "PDN,SVDNR",
        "SVDNPDAN", "SVRDAN",  "SVDN,CSVDAN", "RSVDNPDN", "DAN,DAN,PDN", "SVDNPDNPDN"};
    const std::string_view pattern = pick(random, patterns);
    std::string out;
    std::string_view previous;
    for (const char code : pattern) {
      if (code == ',') {
        out += ',';
        continue;
      }
      std::string_view word = word_for(code, theme);
      if (previous == "a" && !word.empty() && std::string_view("aeiou").find(word[0]) != std::string_view::npos) {
        out += 'n';  // "a" -> "an"
      }
      if (!out.empty()) out += ' ';
      out += word;
      previous = word;
    }
    capitalise_first(out);
    const double end = random.unit();
    out += end < 0.85 ? "." : end < 0.93 ? "!" : "?";
    return out;
  }

  std::string paragraph(std::size_t theme, int sentences) {
    std::string out;
    for (int i = 0; i < sentences; ++i) {
      if (!out.empty()) out += ' ';
      out += sentence(theme);
    }
    if (random.chance(0.08)) {
      out += ' ';
      out += pick(random, sample::lexicon().flourishes);
    }
    return out;
  }

  std::string generic_title(std::size_t theme) {
    std::string title(pick(random, sample::lexicon().generic_titles));
    title = fill(title, "{A}", word_for('A', theme));
    title = fill(title, "{N}", pick(random, sample::lexicon().nouns));
    title = fill(title, "{X}", theme_noun(theme));
    capitalise_first(title);
    return title;
  }

  std::string phrase_text(std::string_view pattern, const std::string& phrase) {
    return fill(fill(pattern, "{P}", capitalised(phrase)), "{p}", phrase);
  }

  std::string person() {
    const auto& lex = sample::lexicon();
    return std::string(pick(random, lex.first_names)) + (random.chance(0.5) ? " " + std::string(pick(random, lex.last_names)) : "");
  }

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
      s.author = person();
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
    post.title = phrase_in_title ? phrase_text(pick(random, lex.phrase_titles), *phrase) : generic_title(theme);

    const auto paragraphs = static_cast<std::size_t>(random.between(3, 8));
    for (std::size_t i = 0; i < paragraphs; ++i) {
      post.body.push_back({paragraph(theme, static_cast<int>(random.between(2, 6))), false});
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
        items += capitalised(std::string(word_for('A', theme)) + ' ' + std::string(theme_noun(theme)));
      }
      post.body.insert(post.body.begin() + static_cast<std::ptrdiff_t>(random.index(post.body.size()) + 1), {items, true});
    }

    // Tags of the post: its subject's words and a couple of theme words.
    if (phrase != nullptr) {
      for (const auto& w : topic_terms[*focus]) post.tags.push_back(w);
    }
    for (int k = 0; k < 2; ++k) {
      std::string tag(theme_noun(theme));
      if (std::find(post.tags.begin(), post.tags.end(), tag) == post.tags.end()) post.tags.push_back(std::move(tag));
    }

    // Comments: short praise, longer replies, some on the subject, some asking about others.
    const auto comment_count = random.chance(0.25) ? 0 : random.between(1, 7);
    for (std::int64_t k = 0; k < comment_count; ++k) {
      Comment c;
      c.author = person();
      const std::int64_t day = post.day + random.between(0, 4);
      const auto hour = static_cast<int>(random.between(day == post.day ? post.hour : 0, 23));  // after the post
      c.when = long_date(day) + " at " + clock_time(hour, static_cast<int>(random.between(0, 59)));
      const double kind = random.unit();
      if (kind < 0.3) {
        c.text = std::string(pick(random, lex.short_comments));
      } else if (kind < 0.45 && phrase != nullptr) {
        c.text = paragraph(theme, 1) + ' ' + phrase_text(pick(random, lex.phrase_sentences), *phrase);
      } else if (kind < 0.55 && !topics.empty()) {
        c.text = phrase_text(pick(random, lex.comment_mentions), topic_phrases[random.index(topics.size())]);
      } else {
        c.text = paragraph(theme, static_cast<int>(random.between(1, 3)));
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

  // -- widgets shared by the layouts --

  /// A titled list of links: <h2>Title</h2><ul><li>...</li></ul> in the layout's markup.
  void link_list(PageWriter& w, std::string_view heading_tag, std::string_view heading,
                 const std::vector<std::string>& items, const Site& site, std::string_view suffix = {}) {
    w.element(heading_tag, heading);
    w.open("ul");
    for (const auto& item : items) {
      w.open("li");
      w.link("http://" + site.host + "/?s=" + std::to_string(item.size()), item);
      if (!suffix.empty()) w.text(suffix, Part::Other);
      w.close("li");
    }
    w.close("ul");
  }

  std::vector<std::string> recent_titles(const Site& site, std::size_t limit) const {
    std::vector<std::string> out;
    for (const auto& t : site.recent) {
      if (out.size() == limit) break;
      out.push_back(t);
    }
    return out;
  }

  std::vector<std::string> archive_months(std::int64_t day) const {
    std::vector<std::string> out;
    for (int k = 0; k < 8; ++k) out.push_back(month_year(day - 30L * k));
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  std::vector<std::string> category_items(const Site& site) {
    std::vector<std::string> out;
    for (const std::size_t t : site.themes) {
      out.push_back(std::string(sample::themes()[t].category) + " (" + std::to_string(5 + random.below(60)) + ')');
    }
    out.push_back("Uncategorized (" + std::to_string(1 + random.below(9)) + ')');
    return out;
  }

  void tag_cloud(PageWriter& w, const Site& site) {
    if (site.list_tag_cloud) {
      w.open("ul class=\"tag-cloud\"");
      for (const auto& tag : site.tags) {
        w.open("li");
        w.link("http://" + site.host + "/tag/" + tag, tag);
        w.close("li");
      }
      w.close("ul");
      return;
    }
    w.open("div class=\"tagcloud\"");
    for (std::size_t i = 0; i < site.tags.size(); ++i) {
      w.raw("<a href=\"http://" + site.host + "/tag/" + site.tags[i] + "\" style=\"font-size: " +
            std::to_string(8 + (i * 7) % 15) + "pt;\">");
      w.text(site.tags[i], Part::Other);
      w.raw("</a>\n");
    }
    w.close("div");
  }

  void post_tags(PageWriter& w, const Site& site, const Post& post, std::string_view label) {
    w.text(label, Part::Other);
    for (std::size_t i = 0; i < post.tags.size(); ++i) {
      if (i > 0) w.text(", ", Part::Other);
      w.raw("<a rel=\"tag\" href=\"http://" + site.host + "/tag/" + post.tags[i] + "\">");
      w.text(post.tags[i], Part::Other);
      w.raw("</a>");
    }
  }

  /// The post itself: gold text. Paragraphs as <p>, lists as <ul>, or Blogger's <br /><br />.
  void post_body(PageWriter& w, const Post& post, bool br_paragraphs) {
    for (std::size_t i = 0; i < post.body.size(); ++i) {
      const auto& block = post.body[i];
      if (block.list) {
        w.open("ul");
        std::size_t begin = 0;
        while (begin <= block.text.size()) {
          const std::size_t end = std::min(block.text.find('\n', begin), block.text.size());
          w.open("li");
          w.text(std::string_view(block.text).substr(begin, end - begin), Part::Gold);
          w.close("li");
          w.gold_break();
          begin = end + 1;
        }
        w.close("ul");
      } else if (br_paragraphs) {
        if (i > 0) w.raw("<br /><br />");
        w.text(block.text, Part::Gold);
        w.gold_break();
      } else {
        w.element("p", block.text, Part::Gold);
        w.gold_break();
      }
      w.raw("\n");
    }
  }

  void title_element(PageWriter& w, std::string_view open, const Post& post) {
    w.element(open, post.title, Part::Gold);
    w.gold_break();
  }

  // -- the five layouts --

  void head(PageWriter& w, const Site& site, const Post& post) {
    w.raw("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" "
          "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n");
    switch (site.encoding) {
      case Encoding::Utf8:
      case Encoding::Utf8Entities:
        w.raw("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />\n");
        break;
      case Encoding::Windows1252:
      case Encoding::Windows1252MetaOnly:
        w.raw("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\" />\n");
        break;
      case Encoding::Latin1Mislabelled:
        w.raw("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\" />\n");
        break;
    }
    w.element("title", site.name + (site.layout == Layout::Blogger ? ": " : " \u00BB ") + post.title);
    w.raw("\n<link rel=\"stylesheet\" href=\"http://" + site.host + "/style.css\" type=\"text/css\" />\n");
    w.raw("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS\" href=\"http://" + site.host + "/feed/\" />\n");
    w.raw("<script type=\"text/javascript\">\nvar disqus_shortname = 'blog" + std::to_string(site.feed_number) +
          "';\nfunction toggleComments(id) { var e = document.getElementById(id); if (e) { e.style.display = "
          "(e.style.display == 'none') ? 'block' : 'none'; } }\n</script>\n");
    w.raw("<style type=\"text/css\">body { font-family: Georgia, serif; } .hidden { display: none; }</style>\n</head>\n");
  }

  void comment_form(PageWriter& w, std::string_view heading_tag, std::string_view heading) {
    w.element(heading_tag, heading);
    w.raw("<form action=\"/comments-post\" method=\"post\"><p>");
    w.element("label for=\"author\"", "Name (required)");
    w.raw("<input type=\"text\" name=\"author\" /></p><p>");
    w.element("label for=\"email\"", "Mail (will not be published)");
    w.raw("<input type=\"text\" name=\"email\" /></p><p>");
    w.element("label for=\"url\"", "Website");
    w.raw("<input type=\"text\" name=\"url\" /></p><p><textarea name=\"comment\" cols=\"60\" rows=\"8\"></textarea></p>"
          "<p><input type=\"submit\" value=\"Submit Comment\" /></p></form>\n");
  }

  void render_movable_type(PageWriter& w, const Site& site, const Post& post) {
    w.raw("<body>\n<div id=\"container\">\n<div id=\"banner\"><h1>");
    w.link("http://" + site.host + "/", site.name);
    w.raw("</h1>");
    w.element("h2", site.tagline);
    w.raw("</div>\n<div id=\"center\"><div class=\"content\">\n<p align=\"right\">");
    w.link("http://" + site.host + "/prev.html", "\u00AB " + post.previous_title);
    w.text(" | ", Part::Other);
    w.link("http://" + site.host + "/", "Main");
    w.raw("</p>\n");
    w.element("h2", long_date(post.day));
    w.raw("\n<div class=\"blogbody\">\n");
    title_element(w, "h3 class=\"title\"", post);
    w.raw("\n");
    post_body(w, post, false);
    w.raw("<span class=\"posted\">");
    w.text("Posted by " + site.author + " at " + clock_time(post.hour, post.minute), Part::Other);
    w.raw("<br /></span>\n</div>\n");
    if (!post.comments.empty()) {
      w.element("div class=\"comments-head\"", "Comments");
      for (const auto& c : post.comments) {
        w.raw("<div class=\"comments-body\">");
        w.element("p", c.text);
        w.element("span class=\"comments-post\"", "Posted by: " + c.author + " at " + c.when);
        w.raw("</div>\n");
      }
    }
    comment_form(w, "div class=\"comments-head\"", "Post a comment");
    w.raw("</div></div>\n<div id=\"right\">\n");
    w.element("div class=\"sidetitle\"", "Search");
    w.raw("<div class=\"side\"><form method=\"get\" action=\"/search\">");
    w.element("label for=\"search\"", "Search this site:");
    w.raw("<input id=\"search\" name=\"q\" /></form></div>\n");
    w.element("div class=\"sidetitle\"", "Recent Entries");
    w.raw("<div class=\"side\">");
    for (const auto& t : recent_titles(site, 10)) {
      w.link("http://" + site.host + "/archives/" + std::to_string(t.size()) + ".html", t);
      w.raw("<br />\n");
    }
    w.raw("</div>\n");
    if (site.show_popular && !site.popular.empty()) {
      w.element("div class=\"sidetitle\"", "Most Read");
      w.raw("<div class=\"side\">");
      for (const auto& t : site.popular) {
        w.link("http://" + site.host + "/archives/popular.html", t);
        w.raw("<br />\n");
      }
      w.raw("</div>\n");
    }
    w.element("div class=\"sidetitle\"", "Archives");
    w.raw("<div class=\"side\">");
    for (const auto& m : archive_months(post.day)) {
      w.link("http://" + site.host + "/archives/", m);
      w.raw("<br />\n");
    }
    w.raw("</div>\n");
    w.element("div class=\"sidetitle\"", "Links");
    w.raw("<div class=\"side\">");
    for (const auto& b : site.blogroll) {
      w.link("http://example.org/", b);
      w.raw("<br />\n");
    }
    w.raw("</div>\n<div class=\"powered\">");
    w.text("Powered by", Part::Other);
    w.raw("<br />");
    w.link("http://www.movabletype.org", site.engine);
    w.raw("</div>\n</div>\n</div>\n</body>\n</html>\n");
  }

  void render_kubrick(PageWriter& w, const Site& site, const Post& post) {
    w.raw("<body>\n<div id=\"page\">\n<div id=\"header\"><div id=\"headerimg\"><h1>");
    w.link("http://" + site.host + "/", site.name);
    w.raw("</h1>");
    w.element("div class=\"description\"", site.tagline);
    w.raw("</div></div>\n<hr />\n<div id=\"content\" class=\"narrowcolumn\">\n<div class=\"navigation\"><div class=\"alignleft\">");
    w.link("http://" + site.host + "/prev/", "\u00AB " + post.previous_title);
    w.raw("</div></div>\n<div class=\"post\">\n");
    w.raw("<h2>");
    w.raw("<a href=\"" + post.url + "\" rel=\"bookmark\">");
    title_element(w, "span", post);
    w.raw("</a></h2>\n<div class=\"entry\">\n");
    post_body(w, post, false);
    w.raw("</div>\n<p class=\"postmetadata alt\"><small>");
    w.text("This entry was posted on " + long_date(post.day) + " at " + clock_time(post.hour, post.minute) +
               " and is filed under ",
           Part::Other);
    w.link("http://" + site.host + "/category/", post.category);
    w.text(". You can follow any responses to this entry through the RSS 2.0 feed. You can leave a response, or "
           "trackback from your own site.",
           Part::Other);
    w.raw("</small></p>\n</div>\n");
    if (!post.comments.empty()) {
      w.element("h3 id=\"comments\"", std::to_string(post.comments.size()) + (post.comments.size() == 1 ? " Response" : " Responses") +
                                          " to \u201C" + post.title + "\u201D");
      w.raw("<ol class=\"commentlist\">\n");
      for (std::size_t i = 0; i < post.comments.size(); ++i) {
        const auto& c = post.comments[i];
        w.raw(i % 2 == 0 ? "<li class=\"alt\">" : "<li>");
        w.element("cite", c.author);
        w.text(" Says:", Part::Other);
        w.raw("<br /><small class=\"commentmetadata\">");
        w.link("#comment", c.when);
        w.raw("</small>");
        w.element("p", c.text);
        w.raw("</li>\n");
      }
      w.raw("</ol>\n");
    }
    comment_form(w, "h3 id=\"respond\"", "Leave a Reply");
    w.raw("</div>\n<div id=\"sidebar\"><ul>\n<li><form method=\"get\" action=\"/\">");
    w.element("label class=\"hidden\" for=\"s\"", "Search for:");
    w.raw("<input type=\"text\" name=\"s\" id=\"s\" /><input type=\"submit\" value=\"Search\" /></form></li>\n<li>");
    w.element("h2", "Author");
    w.element("p", "A little something about " + site.author + ", who writes here when time allows.");
    w.raw("</li>\n<li>");
    link_list(w, "h2", "Recent Posts", recent_titles(site, 5), site);
    w.raw("</li>\n");
    if (site.show_popular && !site.popular.empty()) {
      w.raw("<li>");
      link_list(w, "h2", "Popular Posts", site.popular, site);
      w.raw("</li>\n");
    }
    w.raw("<li>");
    link_list(w, "h2", "Archives", archive_months(post.day), site);
    w.raw("</li>\n<li class=\"categories\">");
    link_list(w, "h2", "Categories", category_items(site), site);
    w.raw("</li>\n<li class=\"linkcat\">");
    link_list(w, "h2", "Blogroll", site.blogroll, site);
    w.raw("</li>\n<li>");
    link_list(w, "h2", "Meta", {"Log in", "Valid XHTML", "XFN", "WordPress"}, site);
    w.raw("</li>\n</ul></div>\n<hr />\n<div id=\"footer\"><p>");
    w.text(site.name + " is proudly powered by ", Part::Other);
    w.link("http://wordpress.org/", "WordPress");
    w.raw("<br />");
    w.link("http://" + site.host + "/feed/", "Entries (RSS)");
    w.text(" and ", Part::Other);
    w.link("http://" + site.host + "/comments/feed/", "Comments (RSS)");
    w.text(".", Part::Other);
    w.raw("</p></div>\n</div>\n</body>\n</html>\n");
  }

  void render_blogger(PageWriter& w, const Site& site, const Post& post) {
    w.raw("<body>\n<div id=\"outer-wrapper\">\n<div id=\"header-wrapper\"><div id=\"header\"><h1 class=\"title\">");
    w.link("http://" + site.host + "/", site.name);
    w.raw("</h1>");
    w.element("p class=\"description\"", site.tagline);
    w.raw("</div></div>\n<div id=\"content-wrapper\">\n<div id=\"main-wrapper\">\n");
    w.element("h2 class=\"date-header\"", long_date(post.day));
    w.raw("\n<div class=\"post\">\n");
    title_element(w, "h3 class=\"post-title\"", post);
    w.raw("\n<div class=\"post-body\">\n");
    post_body(w, post, true);
    w.raw("<div style=\"clear:both;\"></div></div>\n<p class=\"post-footer\"><em>");
    w.text("posted by " + site.author + " at " + clock_time(post.hour, post.minute), Part::Other);
    w.raw("</em></p>\n<p class=\"post-labels\">");
    post_tags(w, site, post, "Labels: ");
    w.raw("</p>\n</div>\n<div id=\"comments\">\n");
    w.element("h4", std::to_string(post.comments.size()) + " Comments:");
    w.raw("<dl id=\"comments-block\">\n");
    for (const auto& c : post.comments) {
      w.raw("<dt class=\"comment-poster\">");
      w.link("http://www.blogger.example.com/profile/", c.author);
      w.text(" said...", Part::Other);
      w.raw("</dt>\n");
      w.element("dd class=\"comment-body\"", c.text);
      w.element("dd class=\"comment-footer\"", c.when);
      w.raw("\n");
    }
    w.raw("</dl>\n<p class=\"comment-timestamp\">");
    w.link("http://www.blogger.example.com/comment", "Post a Comment");
    w.raw("</p>\n<p class=\"comment-timestamp\">");
    w.link("http://" + site.host + "/", "<< Home");
    w.raw("</p>\n</div>\n</div>\n<div id=\"sidebar-wrapper\">\n<div id=\"profile-container\">");
    w.element("h2 class=\"sidebar-title\"", "About Me");
    w.raw("<dl class=\"profile-datablock\"><dd class=\"profile-data\"><strong>");
    w.text("Name:", Part::Other);
    w.raw("</strong> ");
    w.text(site.author, Part::Other);
    w.raw("</dd></dl>");
    w.element("p class=\"profile-textblock\"", "Reader, walker, occasional writer. Usually found somewhere near a kettle.");
    w.raw("<p class=\"profile-link\">");
    w.link("http://www.blogger.example.com/profile/", "View my complete profile");
    w.raw("</p></div>\n");
    link_list(w, "h2 class=\"sidebar-title\"", "Previous Posts", recent_titles(site, 10), site);
    if (site.show_popular && !site.popular.empty()) {
      link_list(w, "h2 class=\"sidebar-title\"", "Popular Posts", site.popular, site);
    }
    link_list(w, "h2 class=\"sidebar-title\"", "Archives", archive_months(post.day), site);
    link_list(w, "h2 class=\"sidebar-title\"", "Links", site.blogroll, site);
    w.raw("<p id=\"powered-by\"><a href=\"http://www.blogger.com\"><img src=\"http://buttons.blogger.com/bloggerbutton1.gif\" "
          "alt=\"Powered by Blogger\" /></a></p>\n</div>\n</div>\n</div>\n</body>\n</html>\n");
  }

  void render_typepad(PageWriter& w, const Site& site, const Post& post) {
    w.raw("<body>\n<table width=\"100%\" cellpadding=\"4\">\n<tr><td class=\"nav\" colspan=\"2\">");
    w.link("http://" + site.host + "/", "Home");
    w.text(" | ", Part::Other);
    w.link("http://" + site.host + "/archives/", "Archives");
    w.text(" | ", Part::Other);
    w.link("http://" + site.host + "/profile/", "Profile");
    w.text(" | ", Part::Other);
    w.link("http://" + site.host + "/index.rdf", "Subscribe");
    w.raw("</td></tr>\n<tr><td valign=\"top\" class=\"sidebar\" width=\"200\">\n<div class=\"module\">");
    w.element("h2", site.name);
    w.element("p", site.tagline);
    w.raw("</div>\n<div class=\"module\">");
    w.element("h2", "Tags");
    tag_cloud(w, site);
    w.raw("</div>\n<div class=\"module\">");
    link_list(w, "h2", "Recent Posts", recent_titles(site, 8), site);
    w.raw("</div>\n<div class=\"module\">");
    if (site.show_popular && !site.popular.empty()) {
      link_list(w, "h2", "Popular", site.popular, site);
      w.raw("</div>\n<div class=\"module\">");
    }
    link_list(w, "h2", "Categories", category_items(site), site);
    w.raw("</div>\n<div class=\"module\">");
    link_list(w, "h2", "Friends", site.blogroll, site);
    w.raw("</div>\n</td>\n<td valign=\"top\" class=\"main\">\n<div class=\"entry\">");
    title_element(w, "h3 class=\"entry-header\"", post);
    w.raw("\n<div class=\"entry-content\"><div class=\"entry-body\">\n");
    post_body(w, post, false);
    w.raw("</div></div>\n<p class=\"entry-footer\"><span class=\"post-footers\">");
    w.text("Posted by " + site.author + " on " + long_date(post.day) + " at " + clock_time(post.hour, post.minute) + " in ",
           Part::Other);
    w.link("http://" + site.host + "/category/", post.category);
    w.raw("</span> <span class=\"separator\">|</span> ");
    w.link(post.url, "Permalink");
    w.raw("</p>\n<div class=\"entry-tags\">");
    w.element("h4", "Tags");
    w.open("ul");
    for (const auto& t : post.tags) {
      w.open("li");
      w.link("http://" + site.host + "/tag/" + t, t);
      w.close("li");
    }
    w.close("ul");
    w.raw("</div>\n</div>\n");
    if (!post.comments.empty()) {
      w.raw("<div class=\"comments\">");
      w.element("h3", "Comments");
      w.raw("<div class=\"comments-content\">\n");
      for (const auto& c : post.comments) {
        w.raw("<div class=\"comment\"><div class=\"comment-content\">");
        w.element("p", c.text);
        w.raw("</div><p class=\"comment-footer\">");
        w.text("Posted by: ", Part::Other);
        w.link("http://example.org/", c.author);
        w.text(" | " + c.when, Part::Other);
        w.raw("</p></div>\n");
      }
      w.raw("</div></div>\n");
    }
    w.raw("<div class=\"comments-open\">");
    comment_form(w, "h2", "Post a comment");
    w.raw("</div>\n</td></tr>\n<tr><td colspan=\"2\" class=\"footer\">");
    w.text("\u00A9 2006 " + site.name + " \u00B7 Powered by " + site.engine, Part::Other);
    w.raw("</td></tr>\n</table>\n</body>\n</html>\n");
  }

  void render_magazine(PageWriter& w, const Site& site, const Post& post) {
    w.raw("<body>\n<div id=\"wrapper\">\n<div id=\"masthead\"><div class=\"site-title\">");
    w.link("http://" + site.host + "/", site.name);
    w.raw("</div>\n<ul id=\"nav\">");
    for (const std::string_view item : {"Home", "About", "Contact", "Archives"}) {
      w.open("li");
      w.link("http://" + site.host + "/", item);
      w.close("li");
    }
    w.raw("</ul></div>\n<div id=\"main\">\n<div class=\"hentry\">\n");
    title_element(w, "h1 class=\"entry-title\"", post);
    w.raw("\n<div class=\"entry-meta\">");
    w.text("By ", Part::Other);
    w.element("span class=\"author\"", site.author);
    w.text(" \u00B7 ", Part::Other);
    w.element("abbr class=\"published\"", long_date(post.day));
    w.text(" \u00B7 ", Part::Other);
    w.link("#comments", std::to_string(post.comments.size()) + " comments");
    w.raw("</div>\n<div class=\"entry-content\">\n");
    post_body(w, post, false);
    w.raw("</div>\n<div class=\"share\">");
    w.text("Share this: ", Part::Other);
    for (const std::string_view s : {"Digg", "del.icio.us", "Technorati", "Email"}) {
      w.link("http://example.com/share", s);
      w.text(" ", Part::Other);
    }
    w.raw("</div>\n<div class=\"tags\">");
    post_tags(w, site, post, "Tags: ");
    w.raw("</div>\n<div class=\"related\">");
    link_list(w, "h3", "Related posts", recent_titles(site, 3), site);
    w.raw("</div>\n</div>\n<div id=\"comments\">\n");
    for (const auto& c : post.comments) {
      w.raw("<div class=\"comment\">");
      w.element("div class=\"comment-author\"", c.author);
      w.element("div class=\"comment-date\"", c.when);
      w.raw("<div class=\"comment-text\">");
      w.element("p", c.text);
      w.raw("</div></div>\n");
    }
    comment_form(w, "h3", "Leave a comment");
    w.raw("</div>\n</div>\n<div id=\"sidebar\">\n");
    if (!site.popular.empty()) {
      w.raw("<div class=\"widget\">");
      link_list(w, "h3", "Popular posts", site.popular, site);
      w.raw("</div>\n");
    }
    w.raw("<div class=\"widget\">");
    w.element("h3", "Tag cloud");
    tag_cloud(w, site);
    w.raw("</div>\n<div class=\"widget\">");
    w.element("h3", "Recent comments");
    w.open("ul");
    for (const auto& t : recent_titles(site, 4)) {
      w.open("li");
      w.text(person() + " on ", Part::Other);
      w.link("http://" + site.host + "/", t);
      w.close("li");
    }
    w.close("ul");
    w.raw("</div>\n<div class=\"widget\">");
    link_list(w, "h3", "Archives", archive_months(post.day), site);
    w.raw("</div>\n</div>\n<div id=\"footer\">");
    w.element("p", "Copyright \u00A9 2006 " + site.name + ". All rights reserved. Powered by " + site.engine + '.');
    w.raw("</div>\n</div>\n</body>\n</html>\n");
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
    head(w, site, post);
    switch (site.layout) {
      case Layout::MovableType: render_movable_type(w, site, post); break;
      case Layout::Kubrick: render_kubrick(w, site, post); break;
      case Layout::Blogger: render_blogger(w, site, post); break;
      case Layout::TypePad: render_typepad(w, site, post); break;
      case Layout::Magazine: render_magazine(w, site, post); break;
    }

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

void write_topics(std::ostream& out, const std::vector<Topic>& topics) {
  for (const auto& t : topics) {
    out << "<top>\n\n<num> Number: " << t.number << "\n\n<title> " << t.title << "\n\n<desc> Description:\n"
        << t.description << "\n\n<narr> Narrative:\n"
        << t.narrative << "\n\n</top>\n\n";
  }
}

namespace {

/// One gzip output file; closes (and checks) on destruction or close().
class GzipFile {
 public:
  explicit GzipFile(const std::filesystem::path& path) : m_path(path) {
    m_file = gzopen(path.c_str(), "wb6");
    if (m_file == nullptr) throw Error(path.string() + ": cannot create");
    gzbuffer(m_file, 1U << 17U);
  }
  GzipFile(const GzipFile&) = delete;
  GzipFile& operator=(const GzipFile&) = delete;
  ~GzipFile() {
    if (m_file != nullptr) gzclose(m_file);
  }

  void write(std::string_view bytes) {
    while (!bytes.empty()) {
      const auto chunk = static_cast<unsigned>(std::min<std::size_t>(bytes.size(), 1U << 30U));
      if (gzwrite(m_file, bytes.data(), chunk) != static_cast<int>(chunk)) {
        int code = 0;
        throw Error(m_path.string() + ": write failed: " + gzerror(m_file, &code));
      }
      bytes.remove_prefix(chunk);
    }
  }

  void close() {
    gzFile f = std::exchange(m_file, nullptr);
    if (f != nullptr && gzclose(f) != Z_OK) throw Error(m_path.string() + ": cannot finish the gzip stream");
  }

 private:
  std::filesystem::path m_path;
  gzFile m_file = nullptr;
};

void write_text_file(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw Error(path.string() + ": cannot write");
}

}  // namespace

SampleSummary write_sample_collection(const std::filesystem::path& out_dir, const SampleOptions& options,
                                      const SampleProgress& progress) {
  SampleGenerator generator(options);
  SampleSummary summary;
  summary.topics = generator.topics().size();
  std::error_code ec;
  std::filesystem::create_directories(out_dir / "collection", ec);
  if (ec) throw Error((out_dir / "collection").string() + ": cannot create: " + ec.message());
  if (options.write_gold) {
    std::filesystem::create_directories(out_dir / "gold", ec);
    if (ec) throw Error((out_dir / "gold").string() + ": cannot create: " + ec.message());
  }
  {
    std::ofstream topics_out(out_dir / "topics.txt", std::ios::binary | std::ios::trunc);
    write_topics(topics_out, generator.topics());
    topics_out.close();
    if (!topics_out) throw Error((out_dir / "topics.txt").string() + ": cannot write");
  }

  struct Judged {
    std::uint64_t ordinal;
    Label label;
  };
  std::vector<std::vector<Judged>> qrels(generator.topics().size());
  std::unique_ptr<GzipFile> file;
  std::string current_file;
  while (!generator.done()) {
    const std::uint64_t ordinal = generator.generated();
    SampleDocument doc = generator.next();
    if (doc.file != current_file) {
      if (file) file->close();
      const auto path = out_dir / "collection" / doc.file;
      std::filesystem::create_directories(path.parent_path(), ec);
      if (ec) throw Error(path.parent_path().string() + ": cannot create: " + ec.message());
      file = std::make_unique<GzipFile>(path);
      current_file = doc.file;
      ++summary.files;
    }
    file->write(doc.record);
    if (options.write_gold) write_text_file(out_dir / "gold" / (doc.docno + ".txt"), doc.gold_text);
    ++summary.documents;
    summary.bytes += doc.record.size();
    if (doc.charset == "windows-1252") ++summary.windows_1252;
    for (const auto& j : doc.judgments) qrels[j.topic].push_back({ordinal, j.label});
    if (progress && (summary.documents % 500 == 0)) progress(summary.documents, options.documents);
  }
  if (file) file->close();
  if (progress && summary.documents % 500 != 0) progress(summary.documents, options.documents);

  // Qrels by qid (topics are numbered in order), then docno (docnos increase with ordinal).
  std::string text;
  const std::uint64_t files_per_day = files_per_day_for(options);
  for (std::size_t t = 0; t < qrels.size(); ++t) {
    bool any_relevant = false;
    for (const auto& j : qrels[t]) {
      text += generator.topics()[t].number;
      text += " 0 ";
      text += docno_and_file(j.ordinal, options.documents_per_file, files_per_day).first;
      text += ' ';
      text += std::to_string(j.label);
      text += '\n';
      ++summary.judged;
      (j.label == 2 ? summary.label2 : j.label == 1 ? summary.label1 : summary.label0) += 1;
      any_relevant = any_relevant || j.label >= 1;
    }
    if (!any_relevant) ++summary.topics_without_relevant;
  }
  write_text_file(out_dir / "qrels.txt", text);
  return summary;
}

}  // namespace boilerdex::trec

