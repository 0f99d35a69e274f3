// JSON-LD for read_page_metadata: each <script type=application/ld+json> body is parsed
// (nlohmann-json, no exceptions), its objects gathered from top-level arrays and @graph,
// and the first Article-like object's fields taken before any other object's.
// Malformed or too deeply nested bodies are skipped: they never fail the page.
#include <nlohmann/json.hpp>

#include "markup_lexer_internal.hpp"
#include "page_metadata_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

using json = nlohmann::json;

constexpr std::size_t k_max_entities = 64;

// The deepest nesting of {} and [] in \p text outside strings; stops counting at \p cap.
std::size_t nesting_depth(std::string_view text, std::size_t cap) noexcept {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') {
      deepest = std::max(deepest, ++depth);
      if (deepest > cap) return deepest;
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

// Body without the wrappers some sites put around JSON-LD (HTML comments, CDATA).
std::string_view unwrap(std::string_view body) noexcept {
  const auto trim = [](std::string_view s) {
    while (!s.empty() && (is_html_space(s.front()) || s.front() == ';')) s.remove_prefix(1);
    while (!s.empty() && (is_html_space(s.back()) || s.back() == ';')) s.remove_suffix(1);
    return s;
  };
  body = trim(body);
  for (const std::string_view open : {"<!--", "//<![CDATA[", "<![CDATA["}) {
    if (body.starts_with(open)) body = trim(body.substr(open.size()));
  }
  for (const std::string_view close : {"-->", "//]]>", "]]>"}) {
    if (body.ends_with(close)) body = trim(body.substr(0, body.size() - close.size()));
  }
  return body;
}

std::vector<std::string> types_of(const json& entity) {
  std::vector<std::string> out;
  const auto it = entity.find("@type");
  if (it == entity.end()) return out;
  if (it->is_string()) out.push_back(it->get<std::string>());
  if (it->is_array()) {
    for (const auto& t : *it) {
      if (t.is_string()) out.push_back(t.get<std::string>());
    }
  }
  return out;
}

// The page type a schema.org type names; empty when it names none.
std::string_view page_type_of(std::string_view type) noexcept {
  if (type == "TechArticle" || type == "APIReference" || type == "HowTo") return "documentation";
  if (type.ends_with("Article") || type == "BlogPosting" || type == "Report" ||
      type == "LiveBlogPosting" || type == "Review" || type == "Recipe")
    return "article";
  if (type == "DiscussionForumPosting" || type == "QAPage" || type == "Question" ||
      type == "SocialMediaPosting")
    return "forum";
  if (type == "Product" || type == "ProductGroup" || type == "IndividualProduct") return "product";
  if (type == "CollectionPage") return "collection";
  if (type == "ItemList" || type == "SearchResultsPage" || type == "OfferCatalog") return "listing";
  if (type == "Service" || type == "FinancialProduct" || type == "ProfessionalService")
    return "service";
  return {};
}

// Gathers the objects of \p node: itself, the items of arrays, the members of @graph.
void gather(const json& node, std::vector<const json*>& out, int depth = 0) {
  if (out.size() >= k_max_entities || depth > 4) return;
  if (node.is_array()) {
    for (const auto& item : node) gather(item, out, depth + 1);
    return;
  }
  if (!node.is_object()) return;
  out.push_back(&node);
  const auto graph = node.find("@graph");
  if (graph != node.end()) gather(*graph, out, depth + 1);
}

class Reader {
 public:
  Reader(JsonLdFacts& facts, const MetadataLimits& limits) : m_facts(facts), m_limits(limits) {}

  void read(const std::vector<const json*>& entities) {
    m_entities = &entities;
    // Article-like objects first, so their fields win; then everything else.
    for (const bool main_pass : {true, false}) {
      for (const json* e : entities) {
        const auto types = types_of(*e);
        bool is_main = false;
        for (const auto& t : types) {
          const std::string_view pt = page_type_of(t);
          if (!pt.empty() && pt != "listing" && pt != "collection") is_main = true;
          if (!pt.empty() && m_facts.page_type.empty() && main_pass == !(pt == "listing" || pt == "collection"))
            m_facts.page_type = std::string(pt);
        }
        if (is_main != main_pass) continue;
        if (is_main) m_facts.article = true;
        read_entity(*e, types, is_main);
      }
    }
  }

 private:
  std::string text(const json& v) const {
    if (v.is_string()) return clean_text(v.get_ref<const std::string&>(), m_limits.max_field_bytes);
    if (v.is_array() && !v.empty()) return text(v.front());
    return {};
  }

  // A name: a string, an object's "name" (or its @id resolved in the page's objects).
  std::string name_of(const json& v) const {
    if (v.is_string()) return text(v);
    if (!v.is_object()) return {};
    if (const auto it = v.find("name"); it != v.end()) return text(*it);
    if (const auto id = v.find("@id"); id != v.end() && id->is_string() && m_entities != nullptr) {
      for (const json* e : *m_entities) {
        const auto eid = e->find("@id");
        if (eid != e->end() && *eid == *id && e != &v) {
          if (const auto it = e->find("name"); it != e->end()) return text(*it);
        }
      }
    }
    return {};
  }

  std::string url_of(const json& v) const {
    if (v.is_string()) return text(v);
    if (v.is_array() && !v.empty()) return url_of(v.front());
    if (v.is_object()) {
      for (const char* key : {"url", "contentUrl", "@id"}) {
        if (const auto it = v.find(key); it != v.end() && it->is_string()) return text(*it);
      }
    }
    return {};
  }

  void list_of(const json& v, std::vector<std::string>& out) const {
    if (v.is_array()) {
      for (const auto& item : v) {
        if (out.size() >= m_limits.max_list_items) return;
        list_of(item, out);
      }
      return;
    }
    const std::string s = v.is_object() ? name_of(v) : text(v);
    if (!s.empty() && out.size() < m_limits.max_list_items) out.push_back(s);
  }

  // The words of a section name at most: a longer part makes a string a sentence, kept whole.
  static constexpr std::size_t k_max_section_words = 6;

  // The comma-separated parts of \p all (a text()), cleaned, into \p out (the empty ones left
  // out), when none has more than \p max_words words; else \p all whole.
  void comma_list(const std::string& all, std::size_t max_words,
                  std::vector<std::string>& out) const {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start < all.size() && out.size() + parts.size() < m_limits.max_list_items) {
      std::size_t comma = all.find(',', start);
      if (comma == std::string::npos) comma = all.size();
      std::string part =
          clean_text(std::string_view(all).substr(start, comma - start), m_limits.max_field_bytes);
      if (max_words != std::string::npos && detail::word_count(part) > max_words) {
        if (out.size() < m_limits.max_list_items) out.push_back(all);
        return;
      }
      if (!part.empty()) parts.push_back(std::move(part));
      start = comma + 1;
    }
    for (std::string& part : parts) out.push_back(std::move(part));
  }

  static void set(std::string& field, std::string value) {
    if (field.empty()) field = std::move(value);
  }

  void read_entity(const json& e, const std::vector<std::string>& types, bool is_main) {
    const auto get = [&](const char* key) -> const json* {
      const auto it = e.find(key);
      return it == e.end() ? nullptr : &*it;
    };
    const bool site = std::find(types.begin(), types.end(), "WebSite") != types.end();
    const bool organization = std::find(types.begin(), types.end(), "Organization") != types.end() ||
                              std::find(types.begin(), types.end(), "NewsMediaOrganization") != types.end();
    if (site || organization) {
      if (const json* n = get("name")) set(m_facts.publisher, text(*n));
      return;
    }
    if (std::find(types.begin(), types.end(), "Person") != types.end() ||
        std::find(types.begin(), types.end(), "BreadcrumbList") != types.end())
      return;  // a Person's fields are not the page's; breadcrumbs hold no page field
    if (const json* v = get("headline")) set(m_facts.headline, text(*v));
    if (const json* v = get("name"); v != nullptr && is_main) set(m_facts.name, text(*v));
    if (const json* v = get("author"); v != nullptr && m_facts.authors.empty()) {
      // People only: an organisation named as author is the publisher, not a byline.
      const auto add = [&](const json& a) {
        if (a.is_object() && types_of(a) == std::vector<std::string>{"Organization"}) return;
        std::string n = name_of(a);
        if (!n.empty() && m_facts.authors.size() < 8) m_facts.authors.push_back(std::move(n));
      };
      if (v->is_array()) {
        for (const auto& a : *v) add(a);
      } else {
        add(*v);
      }
    }
    std::string& published = is_main ? m_facts.date_published : m_facts.page_date_published;
    if (const json* v = get("datePublished")) set(published, text(*v));
    if (const json* v = get("dateCreated")) set(published, text(*v));
    if (const json* v = get("dateModified")) set(m_facts.date_modified, text(*v));
    if (const json* v = get("publisher")) set(m_facts.publisher, name_of(*v));
    if (const json* v = get("description")) set(m_facts.description, text(*v));
    if (const json* v = get("url"); v != nullptr && is_main) set(m_facts.url, url_of(*v));
    if (const json* v = get("image")) set(m_facts.image, url_of(*v));
    if (const json* v = get("inLanguage")) set(m_facts.language, name_of(*v));
    // A string of sections joined by commas is a list of them (WordPress SEO plugins write
    // "Best Accessories, News, The Best"), not a sentence: its parts are short.
    if (const json* v = get("articleSection"); v != nullptr && m_facts.sections.empty()) {
      if (v->is_string()) comma_list(text(*v), k_max_section_words, m_facts.sections);
      else list_of(*v, m_facts.sections);
    }
    if (const json* v = get("keywords"); v != nullptr && m_facts.keywords.empty()) {
      if (v->is_string()) comma_list(text(*v), std::string::npos, m_facts.keywords);
      else list_of(*v, m_facts.keywords);
    }
  }

  JsonLdFacts& m_facts;
  const MetadataLimits& m_limits;
  const std::vector<const json*>* m_entities = nullptr;
};

}  // namespace

JsonLdFacts read_json_ld(const std::vector<std::string>& scripts, const MetadataLimits& limits) {
  JsonLdFacts facts;
  std::vector<json> documents;
  documents.reserve(scripts.size());
  std::size_t budget = limits.max_json_ld_bytes;
  for (const auto& script : scripts) {
    const std::string_view body = unwrap(script);
    if (body.empty() || body.size() > budget) continue;
    budget -= body.size();
    if (nesting_depth(body, limits.max_json_depth) > limits.max_json_depth) continue;
    json doc = json::parse(body, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/true);
    if (!doc.is_discarded()) documents.push_back(std::move(doc));
  }
  std::vector<const json*> entities;
  for (const auto& doc : documents) gather(doc, entities);
  Reader(facts, limits).read(entities);
  return facts;
}

}  // namespace boilerdex::plugin::detail
