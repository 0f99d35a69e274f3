// Titles by hand rules: the <title> cleaned of its site name (clean_title), or the page's
// <h1> when that is the headline (title_by_rules, one candidate of the title ranker in
// page_metadata_title_ranker.cpp, which chooses the title field).
#include <algorithm>
#include <array>
#include <initializer_list>

#include "markup_lexer_internal.hpp"
#include "page_metadata_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::ascii_lower;
using detail::host_of;
using detail::lower;
using detail::meta_value;
using detail::squeeze;
using detail::word_count;
using detail::JsonLdFacts;
using detail::MetadataCandidates;
using detail::k_title_separators;

std::string clean_title_once(std::string_view title, std::string_view sitename);

// Whether the squeezed h1 \p h is the headline some title candidate names: equal, or the
// candidate starts with it (adding a subtitle or site name), or holds it (a site name first).
bool h1_matches(const std::string& h, std::initializer_list<std::string_view> titles) {
  for (const std::string_view t : titles) {
    const std::string s = squeeze(t);
    if (s.empty()) continue;
    if (s == h) return true;
    if (s.starts_with(h) && h.size() * 2 >= s.size()) return true;
    if (h.starts_with(s) && s.size() * 3 >= h.size() * 2) return true;
    if (s.find(h) != std::string::npos && h.size() * 3 >= s.size()) return true;
  }
  return false;
}

}  // namespace

namespace detail {

std::vector<std::string> word_set(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char ch = i < s.size() ? s[i] : ' ';
    if (detail::is_ascii_alnum(ch) || static_cast<unsigned char>(ch) >= 0x80) {
      w.push_back(ascii_lower(ch));
    } else if (!w.empty()) {
      if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
      w.clear();
    }
  }
  return out;
}

double word_overlap(std::string_view a, std::string_view b) { return word_overlap(word_set(a), word_set(b)); }

double word_overlap(const std::vector<std::string>& wa, const std::vector<std::string>& wb) {
  std::size_t shared = 0;
  for (const auto& w : wa) shared += std::find(wb.begin(), wb.end(), w) != wb.end() ? 1 : 0;
  const std::size_t all = wa.size() + wb.size() - shared;
  return all == 0 ? 0.0 : static_cast<double>(shared) / static_cast<double>(all);
}

bool names_the_site(const std::string& h, const MetadataCandidates& c, std::string_view sitename,
                    std::string_view url, const std::string& title) {
  if (!sitename.empty() && squeeze(sitename) == h) return true;
  const std::string host = squeeze(host_of(url));
  if (!host.empty() && host.find(h) != std::string::npos) return true;
  const std::string raw = squeeze(c.title_tag);
  const std::size_t at = title.empty() ? std::string::npos : raw.find(title);
  if (at == std::string::npos) return false;
  const std::string cut = raw.substr(0, at) + "\n" + raw.substr(at + title.size());
  return cut.find(h) != std::string::npos;
}


// The title by rules: the <title> (else og:title, JSON-LD headline, the first <h1>) cleaned of its
// site name; replaced by an <h1> that is the same headline without the title's additions,
// or by the page's one <h1> when it words the same subject differently (a fifth of its and
// the title's words shared) and does not name the site: the <title> is then a search
// engine's wording ("Using Machine Learning To Personalize Shopping Experiences" for the
// headline "How Machine Learning Personalizes Ecommerce Shopping Experiences").
std::string title_by_rules(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view sitename,
                         std::string_view url) {
  const std::string_view og = meta_value(c, {"og:title", "twitter:title", "dc.title", "title"});
  std::string_view base = !c.title_tag.empty() ? std::string_view(c.title_tag)
                          : !og.empty()        ? og
                                               : std::string_view(ld.headline);
  if (base.empty() && !c.h1.empty()) base = c.h1.front();
  // An <h1> that links home names the site (a blog's name above its posts): it is the part
  // of the title to drop when the page names no site otherwise, and never the headline.
  std::string title = clean_title(base, !sitename.empty() ? sitename : std::string_view(c.home_h1));
  const std::string t = squeeze(title);
  for (const auto& h1 : c.h1) {
    const std::string h = squeeze(h1);
    if (h.size() < 4 || (!c.home_h1.empty() && h1 == c.home_h1)) continue;
    if (!t.empty() && h.starts_with(t)) break;  // the h1 adds a subtitle to the title
    if (h1_matches(h, {title, c.title_tag, og, ld.headline})) return h1;
  }
  const std::string* only = nullptr;
  std::size_t headings = 0;
  for (const auto& h1 : c.h1) {
    if (squeeze(h1).size() < 4 || (!c.home_h1.empty() && h1 == c.home_h1)) continue;
    ++headings;
    only = &h1;
  }
  // (Not one that puts something before the whole title: "Dec 18 2025 Title", "Blog: Title".)
  const std::size_t holds = headings == 1 ? squeeze(*only).find(t) : 0;
  if (headings == 1 && squeeze(*only) != t && (t.empty() || holds == 0 || holds == std::string::npos) &&
      !names_the_site(squeeze(*only), c, sitename, url, t) && word_overlap(*only, title) >= 0.2)
    return *only;
  return title;
}

}  // namespace detail

std::string clean_title(std::string_view title, std::string_view sitename) {
  std::string out(title);
  for (int round = 0; round < 3; ++round) {  // "Post / Board / Forum": one suffix at a time
    std::string shorter = clean_title_once(out, sitename);
    if (shorter.size() == out.size()) break;
    out = std::move(shorter);
  }
  return out;
}

namespace {
std::string clean_title_once(std::string_view title, std::string_view sitename) {
  const std::string site = squeeze(sitename);
  // The site's name first: "Site: Headline", "Site | Headline".
  if (!sitename.empty() && detail::starts_with_lower(title, lower(sitename))) {
    std::string_view rest = title.substr(sitename.size());
    const std::size_t lead = rest.find_first_not_of(' ');
    if (lead != std::string_view::npos && std::string_view(":|-/\u00B7\u2022\u00BB\u2013\u2014").find(rest[lead]) != std::string_view::npos) {
      rest = rest.substr(lead);
      while (!rest.empty() && (rest.front() == ' ' || std::string_view(":|-/").find(rest.front()) != std::string_view::npos ||
                               static_cast<unsigned char>(rest.front()) >= 0x80))
        rest.remove_prefix(1);
      if (!rest.empty()) return std::string(rest);
    }
  }
  for (const std::string_view sep : k_title_separators) {
    const std::size_t last = title.rfind(sep);
    if (last == std::string_view::npos) continue;
    const std::string_view head = title.substr(0, last);
    const std::string_view tail = title.substr(last + sep.size());
    if (!site.empty() && squeeze(tail) == site) return std::string(head);
    const std::size_t first = title.find(sep);
    if (!site.empty() && squeeze(title.substr(0, first)) == site) return std::string(title.substr(first + sep.size()));
    if (sep == " : ") continue;  // a colon splits titles as often as it adds a site
    // A short tail is the site's name: after " | " whatever its length against the
    // headline's, after other separators only when the headline is the longer part.
    if (word_count(tail) <= 6 && !head.empty() && (sep == " | " || head.size() >= tail.size()))
      return std::string(head);
  }
  return std::string(title);
}
}  // namespace

}  // namespace boilerdex::plugin
