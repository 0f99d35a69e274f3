#include "boilerdex/plugin/text_similarity.hpp"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace boilerdex::plugin {

namespace {

constexpr std::uint32_t k_no_token = std::numeric_limits<std::uint32_t>::max();
constexpr double k_nan = std::numeric_limits<double>::quiet_NaN();

double harmonic_mean(double p, double r) noexcept {
  if (std::isnan(p) || std::isnan(r)) return k_nan;
  return p + r > 0.0 ? 2.0 * p * r / (p + r) : 0.0;
}

// Σ min(count in a, count in b) for two sorted ranges (multiset intersection size).
template <typename T>
std::uint64_t sorted_intersection_size(const std::vector<T>& a, const std::vector<T>& b) {
  std::uint64_t common = 0;
  auto i = a.begin();
  auto j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (*i < *j) {
      ++i;
    } else if (*j < *i) {
      ++j;
    } else {
      ++common;
      ++i;
      ++j;
    }
  }
  return common;
}

OverlapCounts overlap(std::uint64_t common, std::uint64_t gold_size, std::uint64_t pred_size) {
  return {common, pred_size - common, gold_size - common};
}

}  // namespace

bool is_python_word_char(char32_t c) noexcept {
  if (c < 0x80) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') ||
           c == U'_';
  }
  const auto cp = static_cast<UChar32>(c);
  switch (u_charType(cp)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
    case U_DECIMAL_DIGIT_NUMBER:
    case U_LETTER_NUMBER:
    case U_OTHER_NUMBER:
      return true;
    default:
      // Python's str.isnumeric(): any Numeric_Type, whatever the general category.
      return u_getIntPropertyValue(cp, UCHAR_NUMERIC_TYPE) != U_NT_NONE;
  }
}

void word_tokens(std::string_view text, std::vector<std::string_view>& out) {
  out.clear();
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int32_t>(
      std::min<std::size_t>(text.size(), std::numeric_limits<std::int32_t>::max()));
  std::int32_t i = 0;
  std::int32_t start = -1;
  while (i < length) {
    const std::int32_t at = i;
    UChar32 c = 0;
    U8_NEXT(s, i, length, c);
    const bool word = c >= 0 && is_python_word_char(static_cast<char32_t>(c));
    if (word && start < 0) {
      start = at;
    } else if (!word && start >= 0) {
      out.emplace_back(text.data() + start, static_cast<std::size_t>(at - start));
      start = -1;
    }
  }
  if (start >= 0) out.emplace_back(text.data() + start, static_cast<std::size_t>(length - start));
}

PrfScore bow_page_score(const OverlapCounts& c) noexcept {
  const std::uint64_t predicted = c.tp + c.fp;
  const std::uint64_t gold = c.tp + c.fn;
  PrfScore s;
  if (predicted == 0) {
    s.precision = gold == 0 ? 1.0 : 0.0;
  } else {
    s.precision = static_cast<double>(c.tp) / static_cast<double>(predicted);
  }
  s.recall = gold == 0 ? 1.0 : static_cast<double>(c.tp) / static_cast<double>(gold);
  s.f1 = harmonic_mean(s.precision, s.recall);
  return s;
}

NormalisedCounts normalise(const OverlapCounts& c) noexcept {
  const double sum = static_cast<double>(c.tp + c.fp + c.fn);
  if (sum == 0.0) return {};
  return {static_cast<double>(c.tp) / sum, static_cast<double>(c.fp) / sum,
          static_cast<double>(c.fn) / sum};
}

PrfScore sh4_page_score(const OverlapCounts& c) noexcept {
  const NormalisedCounts n = normalise(c);
  PrfScore s;
  // evaluate.py's precision_score/recall_score, applied only where metrics_from_tp_fp_fns
  // keeps the page (tp + fp > 0, resp. tp + fn > 0).
  if (n.tp + n.fp > 0.0) {
    s.precision = (n.fp == 0.0 && n.fn == 0.0) ? 1.0 : n.tp / (n.tp + n.fp);
  } else {
    s.precision = k_nan;
  }
  if (n.tp + n.fn > 0.0) {
    s.recall = (n.fp == 0.0 && n.fn == 0.0) ? 1.0 : n.tp / (n.tp + n.fn);
  } else {
    s.recall = k_nan;
  }
  s.f1 = harmonic_mean(s.precision, s.recall);
  return s;
}

TextAgreement TextComparer::compare(std::string_view gold, std::string_view predicted,
                                    std::size_t shingle_size) {
  if (shingle_size == 0 || shingle_size > std::tuple_size_v<Shingle>) {
    throw std::invalid_argument("TextComparer::compare: shingle size must be 1 to 4");
  }
  word_tokens(gold, m_tokens);
  const std::size_t gold_count = m_tokens.size();
  word_tokens(predicted, m_predicted);
  m_tokens.insert(m_tokens.end(), m_predicted.begin(), m_predicted.end());
  const std::size_t total = m_tokens.size();
  if (total >= k_no_token) throw std::invalid_argument("TextComparer::compare: too many tokens");

  // Dense ids by text, so that bags and shingles compare integers, not strings.
  m_order.resize(total);
  for (std::uint32_t i = 0; i < total; ++i) m_order[i] = i;
  std::sort(m_order.begin(), m_order.end(),
            [this](std::uint32_t a, std::uint32_t b) { return m_tokens[a] < m_tokens[b]; });
  m_ids.resize(total);
  std::uint32_t next_id = 0;
  for (std::size_t k = 0; k < total; ++k) {
    if (k > 0 && m_tokens[m_order[k]] != m_tokens[m_order[k - 1]]) ++next_id;
    m_ids[m_order[k]] = next_id;
  }

  const auto fill = [&](std::size_t begin, std::size_t end, std::vector<std::uint32_t>& bag,
                        std::vector<Shingle>& shingles) {
    bag.assign(m_ids.begin() + static_cast<std::ptrdiff_t>(begin),
               m_ids.begin() + static_cast<std::ptrdiff_t>(end));
    std::sort(bag.begin(), bag.end());
    shingles.clear();
    const std::size_t count = end - begin;
    if (count == 0) return;
    // evaluate.py: range(max(1, len(tokens) - n + 1)), each shingle tokens[i:i+n].
    const std::size_t starts = count >= shingle_size ? count - shingle_size + 1 : 1;
    for (std::size_t i = 0; i < starts; ++i) {
      Shingle s;
      s.fill(k_no_token);
      const std::size_t len = std::min(shingle_size, count - i);
      for (std::size_t k = 0; k < len; ++k) s[k] = m_ids[begin + i + k];
      shingles.push_back(s);
    }
    std::sort(shingles.begin(), shingles.end());
  };
  fill(0, gold_count, m_bag_gold, m_shingles_gold);
  fill(gold_count, total, m_bag_pred, m_shingles_pred);

  TextAgreement result;
  result.gold_tokens = gold_count;
  result.predicted_tokens = total - gold_count;
  result.bow = overlap(sorted_intersection_size(m_bag_gold, m_bag_pred), m_bag_gold.size(),
                       m_bag_pred.size());
  result.sh4 = overlap(sorted_intersection_size(m_shingles_gold, m_shingles_pred),
                       m_shingles_gold.size(), m_shingles_pred.size());
  return result;
}

void BowAggregate::add(const PrfScore& page) noexcept {
  m_precision += page.precision;
  m_recall += page.recall;
  m_f1 += page.f1;
  ++m_pages;
}

PrfScore BowAggregate::mean() const noexcept {
  if (m_pages == 0) return {};
  const auto n = static_cast<double>(m_pages);
  return {m_precision / n, m_recall / n, m_f1 / n};
}

void ShingleAggregate::add(const OverlapCounts& page) noexcept {
  const PrfScore s = sh4_page_score(page);
  if (!std::isnan(s.precision)) {
    m_precision_sum += s.precision;
    ++m_precision_pages;
  }
  if (!std::isnan(s.recall)) {
    m_recall_sum += s.recall;
    ++m_recall_pages;
  }
  ++m_pages;
}

PrfScore ShingleAggregate::result() const noexcept {
  PrfScore s;
  s.precision = m_precision_pages ? m_precision_sum / static_cast<double>(m_precision_pages) : 0.0;
  s.recall = m_recall_pages ? m_recall_sum / static_cast<double>(m_recall_pages) : 0.0;
  s.f1 = harmonic_mean(s.precision, s.recall);
  return s;
}

}  // namespace boilerdex::plugin
