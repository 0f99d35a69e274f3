// StyleStack and markdown_styles (markdown_emphasis_internal.hpp): where Markdown's emphasis
// delimiters can go.
#include <algorithm>
#include <array>
#include <string_view>

#include "markdown_emphasis_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

// Three-valued truth: whether a character is punctuation may be unknown (the file comment
// of markdown_emphasis_internal.hpp).
enum class Tri : std::uint8_t { No, Yes, Maybe };

Tri negate(Tri a) { return a == Tri::Yes ? Tri::No : a == Tri::No ? Tri::Yes : Tri::Maybe; }
Tri both(Tri a, Tri b) {
  if (a == Tri::No || b == Tri::No) return Tri::No;
  return a == Tri::Yes && b == Tri::Yes ? Tri::Yes : Tri::Maybe;
}
Tri either(Tri a, Tri b) {
  if (a == Tri::Yes || b == Tri::Yes) return Tri::Yes;
  return a == Tri::No && b == Tri::No ? Tri::No : Tri::Maybe;
}

// What the flanking rules ask of a character: a space (Unicode's), punctuation (perhaps).
struct Sort {
  bool space = true;
  Tri punctuation = Tri::No;
};

constexpr Sort k_space{true, Tri::No};
constexpr Sort k_punctuation{false, Tri::Yes};

// Ranges of code points, inclusive.
struct Span {
  char32_t first, last;
};

// Letters and marks of the common scripts (neither punctuation nor a symbol in any version).
constexpr std::array<Span, 21> k_letters{{
    {0x00C0, 0x00D6}, {0x00D8, 0x00F6}, {0x00F8, 0x02AF}, {0x0300, 0x036F}, {0x0386, 0x0386},
    {0x0388, 0x03F5}, {0x0400, 0x0481}, {0x048A, 0x052F}, {0x0531, 0x0556}, {0x0561, 0x0587},
    {0x05D0, 0x05EA}, {0x0620, 0x064A}, {0x0E01, 0x0E30}, {0x1E00, 0x1EFF}, {0x3041, 0x3096},
    {0x30A1, 0x30FA}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0x00B5, 0x00B5},
    {0x00AA, 0x00AA},
}};

// Punctuation (Unicode's P categories, which every version counts).
constexpr std::array<Span, 17> k_punctuation_spans{{
    {0x00A1, 0x00A1}, {0x00A7, 0x00A7}, {0x00AB, 0x00AB}, {0x00B6, 0x00B7}, {0x00BB, 0x00BB},
    {0x00BF, 0x00BF}, {0x2010, 0x2027}, {0x2030, 0x2043}, {0x3001, 0x3003}, {0x3008, 0x3011},
    {0xFF01, 0xFF03}, {0xFF05, 0xFF0A}, {0xFF0C, 0xFF0F}, {0xFF1A, 0xFF1B}, {0xFF1F, 0xFF1F},
    {0x2045, 0x2051}, {0x2053, 0x205E},
}};

// Unicode's spaces (Zs) beyond ASCII's.
constexpr std::array<Span, 6> k_spaces{{
    {0x00A0, 0x00A0}, {0x1680, 0x1680}, {0x2000, 0x200A}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000},
}};

template <std::size_t N>
bool in(const std::array<Span, N>& spans, char32_t c) {
  return std::any_of(spans.begin(), spans.end(), [c](const Span& s) { return c >= s.first && c <= s.last; });
}

Sort sort_of(char32_t c) {
  if (c < 0x80) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return k_space;
    const bool punctuation = (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
                             (c >= '{' && c <= '~');
    return {false, punctuation ? Tri::Yes : Tri::No};
  }
  if (in(k_spaces, c)) return k_space;
  if (in(k_letters, c)) return {false, Tri::No};
  if (in(k_punctuation_spans, c)) return k_punctuation;
  return {false, Tri::Maybe};
}

// The code point of the UTF-8 sequence at \p s's start (a stray byte is itself).
char32_t first_code_point(std::string_view s) {
  const auto b = [&s](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = b(0);
  const std::size_t n = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  if (n == 1 || n > s.size()) return lead;
  char32_t c = lead & (0x7F >> n);
  for (std::size_t i = 1; i < n; ++i) c = (c << 6) | (b(i) & 0x3F);
  return c;
}

// The code point that ends \p s.
char32_t last_code_point(std::string_view s) {
  std::size_t at = s.size() - 1;
  while (at > 0 && s.size() - at < 4 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return first_code_point(s.substr(at));
}

Tri is_space(const Sort& s) { return s.space ? Tri::Yes : Tri::No; }

Tri left_flanking(const Sort& before, const Sort& after) {
  return both(negate(is_space(after)),
              either(negate(after.punctuation), either(is_space(before), before.punctuation)));
}

Tri right_flanking(const Sort& before, const Sort& after) {
  return both(negate(is_space(before)),
              either(negate(before.punctuation), either(is_space(after), after.punctuation)));
}

// Whether the delimiters of one change between two pieces read as written: \p closers then
// (when \p spaced) a space then \p openers, between a character of sort \p before and one of
// sort \p after. Every run of one character in them must close (right-flanking) or open
// (left-flanking and not right-flanking) for certain. A closing run that could also open
// closes the span it ends: the spans inside it are closed already, and the runs' lengths
// (1, 2 or 3 of one character) never meet CommonMark's "multiple of three" rule, which
// would keep them apart. An opening run that could also close might close an outer span
// instead, so it is refused.
bool reads_as_written(const Sort& before, std::string_view closers, bool spaced, std::string_view openers,
                      const Sort& after) {
  const auto check = [](const Sort& outer_before, std::string_view runs, const Sort& outer_after, bool closing) {
    for (std::size_t at = 0; at < runs.size();) {
      std::size_t end = at;
      while (end < runs.size() && runs[end] == runs[at]) ++end;
      const Sort b = at == 0 ? outer_before : k_punctuation;
      const Sort a = end == runs.size() ? outer_after : k_punctuation;
      const Tri left = left_flanking(b, a);
      const Tri right = right_flanking(b, a);
      if (closing ? right != Tri::Yes : left != Tri::Yes || right != Tri::No) return false;
      at = end;
    }
    return true;
  };
  const Sort between = spaced ? k_space : k_punctuation;  // touching runs are refused before this
  return check(before, closers, openers.empty() ? (spaced ? k_space : after) : between, true) &&
         check(closers.empty() ? (spaced ? k_space : before) : between, openers, after, false);
}

constexpr std::array<std::uint8_t, 3> k_styles{InlinePiece::Strong, InlinePiece::Emphasis, InlinePiece::Struck};

std::string_view delimiter(std::uint8_t style) {
  return style == InlinePiece::Strong ? "**" : style == InlinePiece::Emphasis ? "*" : "~~";
}

// One piece as the flanking rules see it: its first and last characters, and its spaces.
struct Edges {
  bool blank = false;     // a text piece of spaces only
  bool lead = false;      // spaces before its words
  bool trail = false;     // spaces after them
  bool delimiter_edge = false;  // its words start or end with '*', '_' or '~'
  bool address_tail = false;    // its last word is a web address (GFM reads it as a link)
  Sort first = k_space, last = k_space;
};

Edges edges_of(const InlinePiece& p, bool hard_breaks) {
  Edges e;
  switch (p.kind) {
    case InlinePiece::Kind::Text: {
      const std::size_t b = p.text.find_first_not_of(' ');
      if (b == std::string::npos) {
        e.blank = true;
        return e;
      }
      const std::size_t last = p.text.find_last_not_of(' ');
      const std::string_view core = std::string_view(p.text).substr(b, last + 1 - b);
      e.lead = b > 0;
      e.trail = last + 1 < p.text.size();
      const auto delimiting = [](char c) { return c == '*' || c == '_' || c == '~'; };
      e.delimiter_edge = delimiting(core.front()) || delimiting(core.back());
      // GitHub's extended autolinks run from "www." or "scheme://" to the next space, taking
      // a closing delimiter with them unless a space or the line's end follows it.
      const std::size_t space = core.rfind(' ');
      const std::string_view word = space == std::string_view::npos ? core : core.substr(space + 1);
      e.address_tail = word.find("://") != std::string_view::npos || word.substr(0, 4) == "www." ||
                       word.substr(0, 4) == "WWW.";
      e.first = sort_of(first_code_point(core));
      e.last = sort_of(last_code_point(core));
      return e;
    }
    case InlinePiece::Kind::Break:
      // A hard break is a backslash at the line's end; the next line starts as a line does.
      e.first = hard_breaks ? k_punctuation : k_space;
      e.last = k_space;
      return e;
    default:  // "[…](…)", "`…`", "![…](…)"
      e.first = e.last = k_punctuation;
      return e;
  }
}

// The bits of a Change's closed or opened styles, together.
std::uint8_t style_bits(std::string_view styles) {
  std::uint8_t bits = 0;
  for (const char s : styles) bits |= static_cast<std::uint8_t>(s);
  return bits;
}

}  // namespace

StyleStack::Change StyleStack::to(std::uint8_t want) {
  Change change;
  std::size_t keep = 0;
  while (keep < m_open.size() && (want & static_cast<std::uint8_t>(m_open[keep])) != 0) ++keep;
  change.closed.assign(m_open.rbegin(), m_open.rend() - static_cast<std::ptrdiff_t>(keep));
  m_open.resize(keep);
  for (const std::uint8_t s : k_styles) {
    if ((want & s) != 0 && m_open.find(static_cast<char>(s)) == std::string::npos) {
      change.opened += static_cast<char>(s);
      m_open += static_cast<char>(s);
    }
  }
  return change;
}

std::string delimiters(std::string_view styles) {
  std::string out;
  for (const char s : styles) out += delimiter(static_cast<std::uint8_t>(s));
  return out;
}

std::vector<std::uint8_t> markdown_styles(const std::vector<InlinePiece>& pieces, bool hard_breaks) {
  const std::size_t n = pieces.size();
  std::vector<std::uint8_t> styles(n, 0);
  if (std::none_of(pieces.begin(), pieces.end(), [](const InlinePiece& p) { return p.style != 0; })) return styles;
  std::vector<Edges> edges;
  edges.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    edges.push_back(edges_of(pieces[i], hard_breaks));
    const bool styled = pieces[i].kind == InlinePiece::Kind::Text || pieces[i].kind == InlinePiece::Kind::Link ||
                        pieces[i].kind == InlinePiece::Kind::Code;
    if (styled && !edges[i].blank) styles[i] = pieces[i].style;
  }
  // Clears \p bits from the run of pieces that holds them from \p at on, in direction \p step.
  const auto clear_run = [&](std::size_t at, std::uint8_t bits, bool forward) {
    for (const std::uint8_t s : k_styles) {
      if ((bits & s) == 0) continue;
      for (std::size_t k = at; k < n; k = forward ? k + 1 : k - 1) {
        if (edges[k].blank) continue;
        if ((styles[k] & s) == 0) break;
        styles[k] &= static_cast<std::uint8_t>(~s);
        if (!forward && k == 0) break;
      }
    }
  };
  // Each round checks every change of style along the line and clears the runs whose
  // delimiters would not read as written; clearing one may move another's neighbours, so
  // rounds go on until one clears nothing (a line that will not settle is written plain).
  constexpr int k_rounds = 16;
  for (int round = 0; round < k_rounds; ++round) {
    bool cleared = false;
    StyleStack stack;
    Sort before = k_space;  // the line's start
    bool before_delimiter_edge = false;
    bool before_address = false;
    bool spaced = false;
    std::size_t previous = n;  // none yet
    for (std::size_t i = 0; i <= n; ++i) {
      if (i < n && edges[i].blank) {
        spaced = true;
        continue;
      }
      const bool gap = spaced || (i < n && edges[i].lead);
      const StyleStack::Change change = stack.to(i < n ? styles[i] : 0);
      if (!change.closed.empty() || !change.opened.empty()) {
        const std::string closers = delimiters(change.closed), openers = delimiters(change.opened);
        const std::uint8_t closing = style_bits(change.closed), opening = style_bits(change.opened);
        const Sort after = i < n ? edges[i].first : k_space;  // or the line's end
        const bool after_delimiter_edge = i < n && edges[i].delimiter_edge;
        std::uint8_t clear_closing = 0, clear_opening = 0;
        if (!closers.empty() && !openers.empty() && !gap) {
          clear_opening = opening;  // the runs would touch
        } else if (!reads_as_written(before, closers, gap, openers, after) ||
                   (!closers.empty() &&
                    (before_delimiter_edge || (!gap && (after_delimiter_edge || (before_address && i < n))))) ||
                   (!openers.empty() && (after_delimiter_edge || (!gap && before_delimiter_edge)))) {
          clear_closing = closing;
          clear_opening = opening;
        }
        if (clear_closing != 0 && previous < n) clear_run(previous, clear_closing, false);
        if (clear_opening != 0 && i < n) clear_run(i, clear_opening, true);
        if ((clear_closing | clear_opening) != 0) {
          cleared = true;
          stack = StyleStack();  // the state it reached no longer holds; rebuilt from here
          if (i < n) stack.to(styles[i]);
        }
      }
      if (i < n) {
        before = edges[i].last;
        before_delimiter_edge = edges[i].delimiter_edge;
        before_address = edges[i].address_tail;
        spaced = edges[i].trail;
        previous = i;
      }
    }
    if (!cleared) return styles;
  }
  std::fill(styles.begin(), styles.end(), 0);
  return styles;
}

}  // namespace boilerdex::plugin::detail
