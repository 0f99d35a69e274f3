#include "boilerdex/plugin/text_model_stats.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"

namespace boilerdex::plugin {

// ----- the statistics run ---------------------------------------------------------------

std::string_view l3s_class_name(L3sClass label) noexcept {
  switch (label) {
    case L3sClass::NotContent:
      return "not content";
    case L3sClass::Headline:
      return "headline";
    case L3sClass::FullText:
      return "full text";
    case L3sClass::Supplemental:
      return "supplemental";
    case L3sClass::RelatedContent:
      return "related content";
    case L3sClass::Comments:
      return "comments";
    case L3sClass::Unlabelled:
      break;
  }
  return "unlabelled";
}

namespace {

constexpr std::size_t k_l3s_classes = 7;
constexpr std::size_t k_max_notes = 10;

// The class of each block: the L3S-GN1 class holding most of its text bytes.
L3sClass majority_class(const TextBlock& block, const AnnotatedPage& page) {
  std::array<std::size_t, k_l3s_classes> bytes{};
  const std::size_t end = std::min<std::size_t>(block.source_end, page.byte_class.size());
  for (std::size_t i = block.source_begin; i < end; ++i) {
    if (const std::uint8_t c = page.byte_class[i]; c < bytes.size()) ++bytes[c];
  }
  const auto best = std::max_element(bytes.begin(), bytes.end());
  return *best == 0 ? L3sClass::Unlabelled : static_cast<L3sClass>(best - bytes.begin());
}

void count_blocks(const TextDocument& doc, const AnnotatedPage* annotated, TextModelReport& r) {
  for (const auto& block : doc.blocks) {
    r.words.add(block.num_words);
    if (block.num_words <= 0) continue;  // no text, no density
    std::size_t klass = 0;
    if (annotated != nullptr) {
      klass = static_cast<std::size_t>(majority_class(block, *annotated));
      r.by_class[klass].add(block.num_words);
    }
    r.density.add(klass, block.text_density);
  }
}

void note_failure(TextModelReport& r, const std::string& what) {
  ++r.failed;
  if (r.notes.size() < k_max_notes) r.notes.push_back(what);
}

void collect_dataset(const DatasetSpec& spec, std::size_t limit, TextModelReport& r,
                     std::ostream* log) {
  const Dataset dataset = open_dataset(spec);
  r.collection = dataset.name;
  const std::size_t pages =
      limit == 0 ? dataset.pages.size() : std::min(limit, dataset.pages.size());
  for (std::size_t i = 0; i < pages; ++i) {
    const GoldPage& page = dataset.pages[i];
    try {
      if (r.labelled) {
        const AnnotatedPage annotated = parse_l3s_annotated(
            decode_to_utf8(read_file_bytes(l3s_annotated_path(dataset, page)), "UTF-8").utf8);
        count_blocks(segment_html(annotated.html), &annotated, r);
      } else {
        count_blocks(segment_html(load_page_html(dataset, page)), nullptr, r);
      }
      ++r.pages;
    } catch (const std::exception& e) {
      note_failure(r, e.what());
    }
    if (log != nullptr && (i + 1) % 100 == 0)
      *log << "stats: " << r.collection << ": " << (i + 1) << '/' << pages << " pages\n";
  }
}

void collect_inputs(const std::vector<std::string>& inputs, std::size_t limit, std::istream& in,
                    TextModelReport& r) {
  std::vector<std::string> problems;
  const std::vector<PageSource> sources = expand_inputs(inputs, problems);
  for (const auto& p : problems) note_failure(r, p);
  r.collection = std::to_string(inputs.size()) + " input(s)";
  const std::size_t pages = limit == 0 ? sources.size() : std::min(limit, sources.size());
  for (std::size_t i = 0; i < pages; ++i) {
    try {
      count_blocks(segment_html(decode_to_utf8(read_page_bytes(sources[i], in)).utf8), nullptr, r);
      ++r.pages;
    } catch (const std::exception& e) {
      note_failure(r, e.what());
    }
  }
}

std::string percent(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(2) << 100.0 * x << '%';
  return s.str();
}

}  // namespace

TextModelReport collect_text_model(const TextModelOptions& options, std::istream& in,
                                   std::ostream* log) {
  if (options.dataset.has_value() == !options.inputs.empty())
    throw UsageError("give a data set (--dataset FORMAT:DIR) or page inputs: one of the two");
  TextModelReport r;
  r.labelled = options.dataset && options.dataset->format == DatasetFormat::L3sGn1;
  if (r.labelled) {
    std::vector<std::string> names;
    for (std::size_t c = 0; c < k_l3s_classes; ++c)
      names.emplace_back(l3s_class_name(static_cast<L3sClass>(c)));
    r.density = TextDensityHistogram(std::move(names), options.density_bins);
    r.by_class.resize(k_l3s_classes);
  } else {
    r.density = TextDensityHistogram({"all blocks"}, options.density_bins);
  }
  if (options.dataset)
    collect_dataset(*options.dataset, options.limit, r, log);
  else
    collect_inputs(options.inputs, options.limit, in, r);
  return r;
}

void write_text_model_report(const TextModelReport& r, std::ostream& out) {
  const GeometricFit geometric = fit_geometric(r.words);
  const MixtureFit mixture = fit_mixture(r.words);
  const GoodnessOfFit g1 = goodness_of_fit(r.words, geometric);
  const GoodnessOfFit g2 = goodness_of_fit(r.words, mixture);
  const std::optional<int> threshold = long_text_threshold(mixture);
  const auto old_flags = out.flags();
  const auto old_precision = out.precision();

  out << "# Stochastic text model: " << r.collection << "\n\n"
      << r.pages << " page(s), " << r.failed << " failed; " << r.words.blocks()
      << " block(s) with words (" << r.words.zero_word_blocks() << " without), " << r.words.words()
      << " words, mean " << std::fixed << std::setprecision(2) << r.words.mean()
      << " words per block, longest " << r.words.max_words() << ".\n\n"
      << "Words per block N, fitted by maximum likelihood over n = 1.." << r.words.max_words()
      << " (R² and RMSE against the empirical frequencies):\n\n"
      << "| model | P_N(S) | P_S(N) | P_L(N) | log-likelihood | R² | R²-adj | RMSE |\n"
      << "|---|---:|---:|---:|---:|---:|---:|---:|\n"
      << std::setprecision(4) << "| 1-displaced geometric | | " << geometric.p << " | | "
      << std::setprecision(1) << geometric.log_likelihood << " | " << percent(g1.r_squared) << " | "
      << percent(g1.r_squared_adjusted) << " | " << std::scientific << std::setprecision(3)
      << g1.rmse << " |\n"
      << std::fixed << std::setprecision(4) << "| mixture of two | " << mixture.weight_short
      << " | " << mixture.p_short << " | " << mixture.p_long << " | " << std::setprecision(1)
      << mixture.log_likelihood << " | " << percent(g2.r_squared) << " | "
      << percent(g2.r_squared_adjusted) << " | " << std::scientific << std::setprecision(3)
      << g2.rmse << " |\n\n"
      << std::fixed << "EM: " << mixture.iterations << " iteration(s)"
      << (mixture.converged ? "" : " (not converged)") << ". Mean words: short class "
      << std::setprecision(2) << 1.0 / mixture.p_short << ", long class " << 1.0 / mixture.p_long
      << ".\n\n";
  if (threshold)
    out << "Minimum-words threshold: **" << *threshold << "** (from " << *threshold
        << " words on, a block is more likely long text than short).\n\n";
  else
    out << "Minimum-words threshold: none (the two classes do not separate).\n\n";

  if (r.labelled) {
    out << "By class (L3S-GN1 labels):\n\n"
        << "| class | blocks | mean words | blocks ≥ threshold | words in blocks ≥ threshold |\n"
        << "|---|---:|---:|---:|---:|\n";
    for (std::size_t c = 0; c < r.by_class.size(); ++c) {
      const WordCountHistogram& h = r.by_class[c];
      if (h.blocks() == 0) continue;
      std::uint64_t long_blocks = 0, long_words = 0;
      for (int n = threshold.value_or(h.max_words() + 1); n <= h.max_words(); ++n) {
        long_blocks += h.count(n);
        long_words += h.count(n) * static_cast<std::uint64_t>(n);
      }
      out << "| " << r.density.classes()[c] << " | " << h.blocks() << " | " << std::setprecision(2)
          << h.mean() << " | "
          << percent(static_cast<double>(long_blocks) / static_cast<double>(h.blocks())) << " | "
          << percent(static_cast<double>(long_words) / static_cast<double>(h.words())) << " |\n";
    }
    out << '\n';
  }

  out << "Text density (words per 80-column line), blocks per bin:\n\n| density |";
  for (const auto& name : r.density.classes()) out << ' ' << name << " |";
  out << "\n|---|";
  for (std::size_t c = 0; c < r.density.classes().size(); ++c) out << "---:|";
  out << '\n';
  for (std::size_t b = 0; b < r.density.bins(); ++b) {
    out << "| "
        << (b + 1 == r.density.bins() ? "≥ " + std::to_string(b)
                                      : std::to_string(b) + "–" + std::to_string(b + 1))
        << " |";
    for (std::size_t c = 0; c < r.density.classes().size(); ++c)
      out << ' ' << r.density.count(c, b) << " |";
    out << '\n';
  }
  out.flags(old_flags);
  out.precision(old_precision);
}

int run_text_model(const TextModelOptions& options, std::istream& in, std::ostream& out,
                   std::ostream& log) {
  const TextModelReport report = collect_text_model(options, in, &log);
  for (const auto& note : report.notes) log << "stats: " << note << '\n';
  if (report.failed > report.notes.size())
    log << "stats: … and " << (report.failed - report.notes.size()) << " more failure(s)\n";
  write_text_model_report(report, out);
  if (!options.svg.empty()) {
    std::ofstream svg(options.svg, std::ios::binary);
    if (svg) write_density_svg(report.density, "Text density by class: " + report.collection, svg);
    if (!svg || !svg.flush())
      throw InputError(options.svg.string(), InputError::npos, "cannot write the SVG file");
  }
  return report.failed > 0 ? 1 : 0;
}

}  // namespace boilerdex::plugin
