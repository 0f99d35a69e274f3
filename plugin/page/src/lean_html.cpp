#include "lean_html_internal.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "lean_html_rules_internal.hpp"
#include "markup_lexer_internal.hpp"

namespace boilerdex::plugin::detail {

namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_space(char c) noexcept { return is_html_space(c); }

// Whether \p s at \p p holds \p lower_name (ASCII case-insensitive).
bool name_at(std::string_view s, std::size_t p, std::string_view lower_name) noexcept {
  return p <= s.size() && starts_with_lower(s.substr(p), lower_name);
}

// Whether an end tag "</name" at \p lt ends an element named \p name as the tokenizer's
// "appropriate end tag" does: the name, then whitespace, '/' or '>'.
bool end_tag_at(std::string_view s, std::size_t lt, std::string_view name) noexcept {
  const std::size_t after = lt + 2 + name.size();
  return after < s.size() && s[lt + 1] == '/' && name_at(s, lt + 2, name) &&
         (is_space(s[after]) || s[after] == '/' || s[after] == '>');
}

// Position of the '<' of the end tag that ends a RAWTEXT or RCDATA element named \p name
// whose content starts at \p from, or npos.
std::size_t raw_text_end(std::string_view s, std::size_t from, std::string_view name) noexcept {
  for (std::size_t lt = s.find("</", from); lt != npos; lt = s.find("</", lt + 1)) {
    if (end_tag_at(s, lt, name)) return lt;
  }
  return npos;
}

// Position of the '<' of the "</script" that ends a script whose content starts at \p from,
// by the tokenizer's script data states (escaped after "<!--", double-escaped after a
// "<script" inside that), or npos.
std::size_t script_end(std::string_view s, std::size_t from) noexcept {
  enum class State { Data, Escaped, DoubleEscaped } state = State::Data;
  int dashes = 0;  // '-' just before, in the escaped states (a "-->" returns to Data)
  std::size_t i = from;
  while (i < s.size()) {
    if (state == State::Data) {
      const std::size_t lt = s.find('<', i);
      if (lt == npos || lt + 1 >= s.size()) return npos;
      if (end_tag_at(s, lt, "script")) return lt;
      if (s.compare(lt, 4, "<!--") == 0) {
        state = State::Escaped;
        // "<!--" leaves the tokenizer in "escaped dash dash": "<!-->" ends it at once.
        dashes = 2;
        i = lt + 4;
      } else {
        i = lt + 1;
      }
      continue;
    }
    const char c = s[i];
    if (c == '-') {
      ++dashes;
      ++i;
      continue;
    }
    if (c == '>' && dashes >= 2) {
      state = State::Data;
      dashes = 0;
      ++i;
      continue;
    }
    dashes = 0;
    if (c != '<') {
      ++i;
      continue;
    }
    if (state == State::Escaped) {
      if (end_tag_at(s, i, "script")) return i;
      // "<script" then whitespace, '/' or '>': double escaped.
      const std::size_t after = i + 7;
      if (after < s.size() && name_at(s, i + 1, "script") &&
          (is_space(s[after]) || s[after] == '/' || s[after] == '>')) {
        state = State::DoubleEscaped;
        i = after + 1;
        continue;
      }
    } else if (end_tag_at(s, i, "script")) {  // double escaped: "</script" ends the double escape
      state = State::Escaped;
      i += 9;
      continue;
    }
    ++i;
  }
  return npos;
}

// Elements whose content the tokenizer reads as text up to their end tag.
enum class RawKind { None, Script, Rawtext, Rcdata, Plaintext };

RawKind raw_kind(std::string_view name) noexcept {
  if (name == "script") return RawKind::Script;
  // Not noscript: Gumbo parses as a browser without scripts, reading its content as markup.
  if (name == "style" || name == "xmp" || name == "iframe" || name == "noembed" ||
      name == "noframes")
    return RawKind::Rawtext;
  if (name == "title" || name == "textarea") return RawKind::Rcdata;
  if (name == "plaintext") return RawKind::Plaintext;
  return RawKind::None;
}

// A quoted attribute value's text: s[begin, end), between its quotes.
struct ValueSpan {
  std::size_t begin, end;
};

// A set of element names (lower-case, each under NameTable::k_max_name bytes) that a start
// tag's name is looked up in: one bucket of one or two names instead of every name in turn,
// for each start tag of the page.
NameTable<bool> name_set(std::initializer_list<std::string_view> names) {
  std::vector<std::pair<std::string_view, bool>> entries;
  for (const std::string_view n : names) entries.emplace_back(n, true);
  return NameTable<bool>(entries);
}

// The attributes the tree builder reads, on the elements it reads them on (lower-case): an
// <input>'s type ("hidden" in a table), an <annotation-xml>'s encoding (whether its content
// is HTML), and <isindex>'s prompt (text it inserts) and action. Every other attribute only
// lands in the tree. Empty for the other elements.
std::span<const std::string_view> tree_builder_reads(std::string_view tag) noexcept {
  static constexpr std::string_view k_input[] = {"type"};
  static constexpr std::string_view k_annotation_xml[] = {"encoding"};
  static constexpr std::string_view k_isindex[] = {"prompt", "action"};
  if (tag == "input") return k_input;
  if (tag == "annotation-xml") return k_annotation_xml;
  if (tag == "isindex") return k_isindex;
  return {};
}

// Whether the tree builder compares the attributes of \p tag (lower-case) with another's:
// the formatting elements, of which the list of active formatting elements keeps no more
// than three alike (same name and attributes, "Noah's Ark"). <font> is one, whose color,
// face and size also break out of foreign content. Not <a>: a new <a> first closes the one
// in the list, so there are never three.
bool tree_builder_compares_attributes(std::string_view tag) noexcept {
  static const NameTable<bool> k_formatting = name_set(
      {"b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"});
  return k_formatting.find(tag) != nullptr;
}

// Whether a start or end tag named \p name (lower-case) closes a <select> that is in a table
// (and is ignored in one that is not).
bool closes_select_in_table(std::string_view name) noexcept {
  return name == "table" || name == "caption" || name == "tbody" || name == "tfoot" ||
         name == "thead" || name == "tr" || name == "td" || name == "th";
}

// A tag's attributes as tag_close reads them.
struct TagAttributes {
  std::size_t end = 0;      // where the attributes end: the tag's closing '>', or the '/' of "/>"
  bool tree_reads = false;  // one of them is an attribute the tree builder reads
  // The quoted values of k_lean_min_body bytes or more of the others.
  std::vector<ValueSpan> long_values;
};

// Position after the '>' ending the start or end tag whose name ends at \p p (the
// attributes' quoted values may hold '>'), or npos; \p self_closing tells whether "/>" ended
// it. Fills \p attributes, \p read naming the attributes the tree builder reads on this tag.
std::size_t tag_close(std::string_view s, std::size_t p, bool& self_closing,
                      TagAttributes& attributes, std::span<const std::string_view> read) {
  self_closing = false;
  attributes.tree_reads = false;
  attributes.long_values.clear();
  while (p < s.size()) {
    const char c = s[p];
    if (c == '>') {
      attributes.end = p;
      return p + 1;
    }
    if (is_space(c)) {
      ++p;
      continue;
    }
    if (c == '/') {
      if (p + 1 < s.size() && s[p + 1] == '>') {
        self_closing = true;
        attributes.end = p;
        return p + 2;
      }
      ++p;
      continue;
    }
    // An attribute name (a quote or '<' in it is part of the name), then maybe "= value".
    const std::size_t name_begin = p;
    ++p;
    while (p < s.size() && !is_space(s[p]) && s[p] != '/' && s[p] != '>' && s[p] != '=') ++p;
    const std::size_t name_end = p;
    const std::string_view name = s.substr(name_begin, name_end - name_begin);
    const bool tree_reads = std::any_of(
        read.begin(), read.end(), [name](std::string_view r) { return equals_lower(name, r); });
    attributes.tree_reads = attributes.tree_reads || tree_reads;
    while (p < s.size() && is_space(s[p])) ++p;
    if (p >= s.size() || s[p] != '=') continue;
    ++p;
    while (p < s.size() && is_space(s[p])) ++p;
    if (p >= s.size()) return npos;
    if (s[p] == '"' || s[p] == '\'') {
      const std::size_t close = s.find(s[p], p + 1);
      if (close == npos) return npos;
      if (close - (p + 1) >= k_lean_min_body && !tree_reads)
        attributes.long_values.push_back({p + 1, close});
      p = close + 1;
    } else {
      while (p < s.size() && !is_space(s[p]) && s[p] != '>') ++p;
    }
  }
  return npos;
}

// Position after the comment starting at \p lt ("<!--"), or npos: "<!-->" and "<!--->" end
// at once, any other at the first "-->" or "--!>".
std::size_t comment_end(std::string_view s, std::size_t lt, std::size_t& body_end) noexcept {
  const std::size_t body = lt + 4;
  if (body < s.size() && s[body] == '>') {
    body_end = body;
    return body + 1;
  }
  if (s.compare(body, 2, "->") == 0) {
    body_end = body;
    return body + 2;
  }
  for (std::size_t d = s.find("--", body); d != npos; d = s.find("--", d + 1)) {
    if (d + 2 < s.size() && s[d + 2] == '>') {
      body_end = d;
      return d + 3;
    }
    if (s.compare(d + 2, 2, "!>") == 0) {
      body_end = d;
      return d + 4;
    }
  }
  return npos;
}

// Whether a start tag named \p name (lower-case) puts a node in the tree wherever it stands
// outside <select>, so that text before it ends its text node and text after it starts a
// new one: every start tag but those the tree builder may ignore (html, body and head
// again, frameset and frame, a second form, isindex when a form is open, table parts
// outside a table).
bool always_inserted(std::string_view name) noexcept {
  static const NameTable<bool> k_may_be_ignored = name_set(
      {"html",     "body",  "head", "frameset", "frame", "form",  "isindex", "caption", "col",
       "colgroup", "tbody", "td",   "tfoot",    "th",    "thead", "tr",      "template"});
  return k_may_be_ignored.find(name) == nullptr;
}

// Whitespace between two pieces of markup (indentation), s[begin, end), waiting for the
// markup after it: it is cut to its first character (or CR LF) when a node of the tree
// starts or ends on either side of it (a comment, or a start tag always_inserted), because
// the whitespace is then at an edge of its text node, which the segmenter reads as one
// space whatever its length. Between two tags the tree builder may ignore, text on both
// sides could join it into one text node, where its length would show: it is left.
struct Indentation {
  std::size_t begin = 0, end = 0;
  bool after_node = false;  // a node of the tree ends just before it
};

// The indentation s[begin, end) would be cut to, when s[text_begin, lt) is whitespace only
// and longer than its first character (or CR LF, which the tokenizer reads as one newline,
// placed at the LF).
std::optional<Indentation> indentation_in(std::string_view s, std::size_t text_begin,
                                          std::size_t lt, bool after_node) noexcept {
  std::size_t p = text_begin;
  while (p < lt && is_space(s[p])) ++p;
  if (p < lt) return std::nullopt;
  const std::size_t kept = text_begin + (s.compare(text_begin, 2, "\r\n") == 0 ? 2 : 1);
  if (lt <= kept) return std::nullopt;
  return Indentation{kept, lt, after_node};
}

// Whether \p s holds the mark's character, as itself or as a numeric character reference
// (&#xE000;, &#57344;, any leading zeros, with or without ';'): a text node's text would
// then hold a U+E000 that no run stands for.
bool holds_mark_character(std::string_view s) noexcept {
  if (s.find(k_lean_text_mark) != npos) return true;
  for (std::size_t p = s.find("&#"); p != npos; p = s.find("&#", p + 2)) {
    std::size_t q = p + 2;
    const bool hex = q < s.size() && (s[q] == 'x' || s[q] == 'X');
    if (hex) ++q;
    std::uint32_t value = 0;
    for (; q < s.size() && value <= 0xE000; ++q) {  // past U+E000 it only grows
      const char c = ascii_lower(s[q]);
      if (c >= '0' && c <= '9') {
        value = value * (hex ? 16 : 10) + static_cast<std::uint32_t>(c - '0');
      } else if (hex && c >= 'a' && c <= 'f') {
        value = value * 16 + static_cast<std::uint32_t>(c - 'a' + 10);
      } else {
        break;
      }
    }
    if (value == 0xE000) return true;
  }
  return false;
}

}  // namespace

std::optional<LeanHtml> LeanHtml::make(std::string_view s, std::span<const std::string_view> keep_attributes_of) {
  LeanHtml lean;
  lean.m_html = s;
  std::size_t copied = 0;  // s[0, copied) is in lean.m_text
  std::size_t removed = 0;
  // Inside <select> the tree builder ignores <style>, <title>, <xmp>, <iframe>, <noembed> and
  // <noframes> start tags, so their content is markup there; <script> still reads as script.
  // Nothing is rewritten until </select> (or a nested <select>, input, keygen or textarea,
  // which close it); at a table tag, which closes it only in a table, the scan stops.
  bool in_select = false;
  // Replaces s[begin, end) (a body) with \p keep, when it is at least \p min_length long.
  const auto cut = [&](std::size_t begin, std::size_t end, std::string_view keep,
                       std::size_t min_length = k_lean_min_body) {
    if (end - begin < min_length || in_select) return;
    if (lean.m_text.empty()) lean.m_text.reserve(s.size());
    lean.m_text.append(s.substr(copied, begin - copied));
    lean.m_text.append(keep);
    removed += end - begin - keep.size();
    lean.m_cuts.push_back({lean.m_text.size(), removed});
    copied = end;
  };
  // Open <svg> and <math> elements (counted apart: "</math>" does not close an <svg>). In
  // foreign content nothing is rewritten, and only SVG's and MathML's own elements are
  // followed; anything else stops the scan (stays_foreign).
  int svg = 0, math = 0;
  TagAttributes attributes;  // the current tag's (reused)
  // Runs of text become marks unless the page holds the mark's character itself, and not
  // while a <template> is open (its column group keeps whitespace and drops other text).
  const bool mark_text = !holds_mark_character(s);
  int templates = 0;
  // Replaces s[begin, end), text without its leading and trailing whitespace, by a mark.
  const auto mark_run = [&](std::size_t begin, std::size_t end) {
    while (begin < end && is_space(s[begin])) ++begin;
    while (end > begin && is_space(s[end - 1])) --end;
    if (end - begin < k_lean_min_text || !plain_text(s.substr(begin, end - begin))) return;
    std::array<char, k_lean_text_mark.size() + 21> mark{};
    std::copy(k_lean_text_mark.begin(), k_lean_text_mark.end(), mark.begin());
    const auto [digits_end, error] = std::to_chars(
        mark.data() + k_lean_text_mark.size(), mark.data() + mark.size() - 1, lean.m_runs.size());
    (void)error;  // 20 digits hold any size_t
    *digits_end = ';';
    cut(begin, end,
        std::string_view(mark.data(), static_cast<std::size_t>(digits_end + 1 - mark.data())),
        k_lean_min_text);
    lean.m_runs.push_back({begin, end - begin});
  };
  // Marks the runs of text in s[begin, end), the data between two pieces of markup: the
  // pieces between character references. A reference ends at its ';' at the latest (a
  // name or number of at most 32 characters), so what follows the ';' is text; without one
  // in reach the rest of the data is left.
  const auto mark_data = [&](std::size_t begin, std::size_t end) {
    const std::string_view data = s.substr(0, end);
    std::size_t p = begin;
    while (p < end) {
      std::size_t amp = data.find('&', p);
      if (amp == npos) amp = end;
      mark_run(p, amp);
      if (amp == end) return;
      std::size_t q = amp + 1;
      while (q < end && q - amp <= 32 && (is_ascii_alnum(s[q]) || s[q] == '#')) ++q;
      if (q >= end || s[q] != ';') return;
      p = q + 1;
    }
  };
  std::size_t i = 0;
  // What ends at s[i - 1]: markup (a tag, comment, doctype or processing instruction, not a
  // '<' that is text), a node of the tree (a comment or an always_inserted start tag), a
  // <pre> or <listing> start tag (the tree builder drops a newline just after it).
  bool after_markup = false, after_node = false, after_pre = false;
  std::optional<Indentation> indentation;
  // Cuts the pending indentation when \p node_follows or a node ends before it.
  const auto squeeze = [&](bool node_follows) {
    if (indentation && (node_follows || indentation->after_node))
      cut(indentation->begin, indentation->end, {}, k_lean_min_whitespace);
    indentation.reset();
  };
  while (true) {
    const std::size_t text_begin = i;
    if ((i = s.find('<', i)) == npos || i + 1 >= s.size()) break;
    const std::size_t lt = i;
    if (mark_text && text_begin > 0 && templates == 0 && svg == 0 && math == 0 && !in_select)
      mark_data(text_begin, lt);
    indentation = after_markup && !after_pre && !in_select
                      ? indentation_in(s, text_begin, lt, after_node)
                      : std::nullopt;
    after_markup = true;
    after_node = false;
    after_pre = false;
    const char next = s[lt + 1];
    if (next == '!') {
      if (s.compare(lt, 4, "<!--") == 0) {
        std::size_t body_end = 0;
        const std::size_t after = comment_end(s, lt, body_end);
        if (after == npos) break;  // the comment runs to the end: nothing more to read
        squeeze(true);
        cut(lt + 4, body_end, {});
        i = after;
        after_node = true;
      } else if ((svg > 0 || math > 0) && s.compare(lt, 9, "<![CDATA[") == 0) {
        const std::size_t end = s.find("]]>", lt + 9);
        if (end == npos) break;
        squeeze(false);
        i = end + 3;
      } else {  // doctype or bogus comment: up to the next '>'
        const std::size_t gt = s.find('>', lt + 2);
        if (gt == npos) break;
        squeeze(false);
        i = gt + 1;
      }
      continue;
    }
    if (next == '?') {
      const std::size_t gt = s.find('>', lt + 2);
      if (gt == npos) break;
      squeeze(false);
      i = gt + 1;
      continue;
    }
    const bool closing = next == '/';
    const std::size_t name_begin = lt + (closing ? 2 : 1);
    if (name_begin >= s.size() || !is_alpha(s[name_begin])) {
      if (closing && name_begin < s.size() && s[name_begin] != '>') {  // "</ x>": bogus comment
        const std::size_t gt = s.find('>', name_begin);
        if (gt == npos) break;
        squeeze(false);
        i = gt + 1;
      } else if (closing && name_begin < s.size()) {  // "</>": nothing at all
        squeeze(false);
        i = name_begin + 1;
      } else {
        squeeze(false);
        i = lt + 1;
        after_markup = false;  // a '<' that is text
      }
      continue;
    }
    std::size_t name_end = name_begin;
    while (name_end < s.size() && !is_space(s[name_end]) && s[name_end] != '/' &&
           s[name_end] != '>')
      ++name_end;
    // The name lower-cased into a buffer (no allocation per tag); longer names are cut,
    // which only makes them match nothing below.
    std::array<char, 16> buffer{};
    const std::size_t length = std::min(name_end - name_begin, buffer.size());
    std::transform(s.begin() + static_cast<std::ptrdiff_t>(name_begin),
                   s.begin() + static_cast<std::ptrdiff_t>(name_begin + length), buffer.begin(),
                   ascii_lower);
    const std::string_view name(buffer.data(), length);
    bool self_closing = false;
    const std::size_t after =
        tag_close(s, name_end, self_closing, attributes, tree_builder_reads(name));
    if (after == npos) break;  // the tag runs to the end
    after_node = !closing && !in_select && always_inserted(name);
    squeeze(after_node);
    // A start tag's attributes go, unless the tree builder reads one of them (then only the
    // long values of the others are emptied) or compares them, or the caller reads them. An
    // end tag's (a parse error) stay: Gumbo matches an end tag in foreign content by its text.
    const bool caller_reads =
        !keep_attributes_of.empty() &&
        std::find(keep_attributes_of.begin(), keep_attributes_of.end(), name) != keep_attributes_of.end();
    if (!closing && !caller_reads && !tree_builder_compares_attributes(name)) {
      if (!attributes.tree_reads) {
        cut(name_end, attributes.end, {}, k_lean_min_attributes);
      } else {
        for (const ValueSpan& v : attributes.long_values) cut(v.begin, v.end, {});
      }
    }
    i = after;
    const bool foreign = svg > 0 || math > 0;
    if (closing) {
      if (name == "svg" && svg > 0) --svg;
      if (name == "math" && math > 0) --math;
      if (foreign && (name == "p" || name == "br")) break;  // these end tags break out
      if (name == "select" && !foreign) in_select = false;
      if (name == "template" && !foreign && templates > 0) --templates;
      if (in_select && closes_select_in_table(name)) break;
      continue;
    }
    if (name == "svg" || name == "math") {
      if (!self_closing) ++(name == "svg" ? svg : math);
      continue;
    }
    if (foreign) {
      // A self-closing tag has no content to follow, but one that is not foreign breaks out
      // all the same (<u/>: what follows is HTML).
      if (self_closing && (stays_foreign(name) || integration_point(name))) continue;
      if (integration_point(name)) {  // HTML inside: followed only when it is plain text
        const std::size_t end = raw_text_end(s, after, name);
        if (end == npos || s.substr(after, end - after).find('<') != npos) break;
        i = end;
        continue;
      }
      if (!stays_foreign(name)) break;
      continue;
    }
    if (name == "frameset") break;  // in a frameset, a <script> start tag is ignored
    if (name == "template") ++templates;
    if (name == "select") {
      in_select = !in_select;  // a <select> inside one closes it
      continue;
    }
    if (in_select && closes_select_in_table(name)) break;
    if (in_select && (name == "input" || name == "keygen" || name == "textarea")) in_select = false;
    after_pre = name == "pre" || name == "listing";
    const RawKind kind = raw_kind(name);
    if (in_select && kind != RawKind::Script && kind != RawKind::Plaintext) continue;
    switch (kind) {
      case RawKind::None:
        break;
      case RawKind::Plaintext:
        i = s.size();
        break;
      case RawKind::Script: {  // "<script/>" is no end in HTML content
        const std::size_t end = script_end(s, after);
        if (end == npos) {
          i = s.size();
          break;
        }
        cut(after, end, " ");
        i = end;
        break;
      }
      case RawKind::Rawtext:
      case RawKind::Rcdata: {
        const std::size_t end = raw_text_end(s, after, name);
        if (end == npos) {
          i = s.size();
          break;
        }
        if (name == "style") cut(after, end, " ");
        i = end;
        break;
      }
    }
  }
  if (lean.m_cuts.empty()) return std::nullopt;
  lean.m_text.append(s.substr(copied));
  return lean;
}

std::size_t LeanHtml::original_offset(std::size_t offset) const noexcept {
  const auto it = std::upper_bound(m_cuts.begin(), m_cuts.end(), offset,
                                   [](std::size_t o, const Cut& c) { return o < c.lean_end; });
  return offset + (it == m_cuts.begin() ? 0 : std::prev(it)->removed);
}

void LeanHtml::restore_text(std::string_view text, std::string& out) const {
  out.clear();
  std::size_t p = 0;
  for (std::size_t m = text.find(k_lean_text_mark); m != npos; m = text.find(k_lean_text_mark, p)) {
    const std::size_t digits = m + k_lean_text_mark.size();
    std::size_t number = 0;
    const auto [end, error] =
        std::from_chars(text.data() + digits, text.data() + text.size(), number);
    out.append(text.substr(p, m - p));
    if (error != std::errc{} || end == text.data() + text.size() || *end != ';' ||
        number >= m_runs.size()) {
      out.append(k_lean_text_mark);  // not a mark of this copy
      p = digits;
      continue;
    }
    out.append(m_html.substr(m_runs[number].begin, m_runs[number].size));
    p = static_cast<std::size_t>(end + 1 - text.data());
  }
  out.append(text.substr(p));
}

std::size_t LeanHtml::removed() const noexcept {
  return m_cuts.empty() ? 0 : m_cuts.back().removed;
}

}  // namespace boilerdex::plugin::detail
