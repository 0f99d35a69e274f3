#include "features.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "boilerdex/plugin/text_similarity.hpp"
#include "gumbo_walk_internal.hpp"

namespace boilerdex::plugin::boilernet {

namespace {

// Interns strings of one page: views into `strings` (a deque, so they stay put).
class Interner {
 public:
  explicit Interner(std::deque<std::string>& strings) : m_strings(strings) {}

  std::uint32_t id(std::string_view s) {
    if (const auto it = m_ids.find(s); it != m_ids.end()) return it->second;
    const auto id = static_cast<std::uint32_t>(m_strings.size());
    m_strings.emplace_back(s);
    m_ids.emplace(m_strings.back(), id);
    return id;
  }

 private:
  std::deque<std::string>& m_strings;
  std::unordered_map<std::string_view, std::uint32_t> m_ids;
};

// An element of the page's tree, as a node of the ancestor chains (parent first).
struct PathNode {
  std::uint32_t parent;
  std::uint32_t tag;  // interned name
};
constexpr std::uint32_t k_no_node = ~std::uint32_t{0};

// A text node: its byte range in the page and the element that holds it.
struct TextSpan {
  std::uint32_t begin;
  std::uint32_t end;
  std::uint32_t element;
};

// The element's tag name, lower case: Gumbo's for the tags it knows, else the name as
// written (custom elements, "fb:like").
std::string_view tag_name(const GumboElement& element, std::string& scratch) {
  if (element.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(element.tag);
  GumboStringPiece piece = element.original_tag;
  if (piece.data == nullptr || piece.length == 0) return "#unknown";
  gumbo_tag_from_original_text(&piece);
  scratch.assign(piece.data, piece.length);
  for (char& c : scratch) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return scratch;
}

void lower_ascii(std::string_view in, std::string& out) {
  out.assign(in);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
}

}  // namespace

PageFeatures extract_features(const TextDocument& doc, std::string_view utf8_html) {
  PageFeatures page;
  Interner intern(page.strings);

  // The tree once: every element a PathNode, every non-blank text node a TextSpan.
  std::vector<PathNode> nodes;
  std::vector<TextSpan> spans;
  {
    const detail::ParsedHtml parsed(utf8_html, doc.budget, "extracting");
    std::vector<std::uint32_t> open;  // PathNode ids of the open elements
    std::string scratch;
    parsed.walk(
        [&](const GumboNode* element) {
          const std::uint32_t parent = open.empty() ? k_no_node : open.back();
          open.push_back(static_cast<std::uint32_t>(nodes.size()));
          nodes.push_back({parent, intern.id(tag_name(element->v.element, scratch))});
          return true;
        },
        [&](const GumboNode*) { open.pop_back(); },
        [&](const GumboNode* text) {
          if (text->type == GUMBO_NODE_WHITESPACE || open.empty()) return;
          const GumboText& t = text->v.text;
          const std::size_t begin = t.start_pos.offset;
          if (begin >= utf8_html.size()) return;  // synthesised by the parser
          const std::size_t end = std::min(begin + std::max<std::size_t>(t.original_text.length, 1),
                                           utf8_html.size());
          spans.push_back({static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end),
                           open.back()});
        });
  }
  // Tree order is not source order where the parser moved text (foster parenting).
  std::sort(spans.begin(), spans.end(),
            [](const TextSpan& a, const TextSpan& b) { return a.begin < b.begin; });

  page.tag_end.reserve(doc.blocks.size());
  page.word_end.reserve(doc.blocks.size());
  std::vector<std::uint32_t> chain;
  std::vector<std::string_view> tokens;
  std::string lowered;
  for (const TextBlock& block : doc.blocks) {
    // The first text node ending after the block's first byte holds it (or follows it).
    const auto span = std::partition_point(spans.begin(), spans.end(), [&](const TextSpan& s) {
      return s.end <= block.source_begin;
    });
    if (span != spans.end() && span->begin < std::max(block.source_end, block.source_begin + 1)) {
      chain.clear();
      for (std::uint32_t n = span->element; n != k_no_node; n = nodes[n].parent)
        chain.push_back(nodes[n].tag);
      page.tags.insert(page.tags.end(), chain.rbegin(), chain.rend());
    }
    page.tag_end.push_back(static_cast<std::uint32_t>(page.tags.size()));

    word_tokens(block.text, tokens);
    for (const std::string_view token : tokens) {
      lower_ascii(token, lowered);
      page.words.push_back(intern.id(lowered));
    }
    page.word_end.push_back(static_cast<std::uint32_t>(page.words.size()));
  }
  return page;
}

// ----- vocabulary -----------------------------------------------------------------------

Vocabulary::Vocabulary(std::vector<std::string> tags, std::vector<std::string> words)
    : m_tags(std::move(tags)), m_words(std::move(words)) {
  for (std::uint32_t i = 0; i < m_tags.size(); ++i) {
    if (!m_tag_ids.emplace(m_tags[i], i).second)
      throw std::invalid_argument("duplicate tag '" + m_tags[i] + "' in the vocabulary");
  }
  for (std::uint32_t i = 0; i < m_words.size(); ++i) {
    if (!m_word_ids.emplace(m_words[i], i).second)
      throw std::invalid_argument("duplicate word '" + m_words[i] + "' in the vocabulary");
  }
}

std::uint32_t Vocabulary::tag_id(std::string_view tag) const noexcept {
  const auto it = m_tag_ids.find(tag);
  return it == m_tag_ids.end() ? tag_oov() : it->second;
}

std::uint32_t Vocabulary::word_id(std::string_view word) const noexcept {
  const auto it = m_word_ids.find(word);
  return it == m_word_ids.end() ? word_oov()
                                : static_cast<std::uint32_t>(m_tags.size() + 1 + it->second);
}

namespace {

void count_into(const PageFeatures& page, const std::vector<std::uint32_t>& ids,
                StringIdMap& index, std::vector<std::uint64_t>& counts) {
  std::vector<std::uint32_t> page_counts(page.strings.size(), 0);
  for (const auto id : ids) ++page_counts[id];
  for (std::size_t s = 0; s < page_counts.size(); ++s) {
    if (page_counts[s] == 0) continue;
    const std::string& str = page.strings[s];
    auto it = index.find(str);
    if (it == index.end()) {
      it = index.emplace(str, static_cast<std::uint32_t>(counts.size())).first;
      counts.push_back(0);
    }
    counts[it->second] += page_counts[s];
  }
}

std::vector<std::string> most_frequent(const StringIdMap& index,
                                       const std::vector<std::uint64_t>& counts, std::size_t k) {
  std::vector<std::pair<std::uint64_t, std::string_view>> ranked;
  ranked.reserve(index.size());
  for (const auto& [s, id] : index) ranked.emplace_back(counts[id], s);
  const auto by_count = [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  k = std::min(k, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(k), ranked.end(),
                    by_count);
  std::vector<std::string> out;
  out.reserve(k);
  for (std::size_t i = 0; i < k; ++i) out.emplace_back(ranked[i].second);
  return out;
}

}  // namespace

void VocabularyBuilder::add(const PageFeatures& page) {
  count_into(page, page.tags, m_tag_index, m_tag_counts);
  count_into(page, page.words, m_word_index, m_word_counts);
}

Vocabulary VocabularyBuilder::build(std::size_t max_tags, std::size_t max_words) const {
  return Vocabulary(most_frequent(m_tag_index, m_tag_counts, max_tags),
                    most_frequent(m_word_index, m_word_counts, max_words));
}

// ----- bags -----------------------------------------------------------------------------

PageBags encode(const PageFeatures& page, const Vocabulary& vocabulary) {
  // Each distinct string of the page is looked up once per role.
  constexpr std::uint32_t k_unknown = ~std::uint32_t{0};
  std::vector<std::uint32_t> as_tag(page.strings.size(), k_unknown);
  std::vector<std::uint32_t> as_word(page.strings.size(), k_unknown);
  PageBags bags;
  bags.offsets.reserve(page.blocks() + 1);
  bags.indices.reserve(page.tags.size() + page.words.size());
  bags.weights.reserve(page.tags.size() + page.words.size());
  std::vector<std::uint32_t> slots;
  std::uint32_t tag_begin = 0;
  std::uint32_t word_begin = 0;
  for (std::size_t b = 0; b < page.blocks(); ++b) {
    slots.clear();
    for (std::uint32_t i = tag_begin; i < page.tag_end[b]; ++i) {
      auto& slot = as_tag[page.tags[i]];
      if (slot == k_unknown) slot = vocabulary.tag_id(page.strings[page.tags[i]]);
      slots.push_back(slot);
    }
    for (std::uint32_t i = word_begin; i < page.word_end[b]; ++i) {
      auto& slot = as_word[page.words[i]];
      if (slot == k_unknown) slot = vocabulary.word_id(page.strings[page.words[i]]);
      slots.push_back(slot);
    }
    tag_begin = page.tag_end[b];
    word_begin = page.word_end[b];
    std::sort(slots.begin(), slots.end());
    for (std::size_t i = 0; i < slots.size();) {
      std::size_t j = i;
      while (j < slots.size() && slots[j] == slots[i]) ++j;
      bags.indices.push_back(slots[i]);
      bags.weights.push_back(std::log1p(static_cast<float>(j - i)));
      i = j;
    }
    bags.offsets.push_back(static_cast<std::int64_t>(bags.indices.size()));
  }
  return bags;
}

}  // namespace boilerdex::plugin::boilernet
