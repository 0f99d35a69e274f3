#pragma once
/// \file
/// The BoilerNet sequence labeller as a boilerdex extractor: "boilernet:MODEL" runs the
/// model file MODEL (written by `boilerdex-boilernet train`) on a page's blocks. This
/// header includes no torch header; link boilerdex::boilernet (which defines
/// BOILERDEX_WITH_BOILERNET=1) and guard the call with
/// `#if defined(BOILERDEX_WITH_BOILERNET)` where libtorch is optional.

#include <memory>
#include <string>
#include <string_view>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"

namespace boilerdex::plugin::boilernet {

/// Registers the extractor family "boilernet:MODEL" with plugin::register_extractor, so
/// make_extractor, list_extractors and every tool built on them know it. A block is kept
/// when the model's probability of main content is at least 0.5; TextBlock::score is that
/// probability. The extractor needs the page (Extractor::process(doc, utf8_html)); the
/// overload without it throws UsageError. The model file is read when the extractor is
/// built (make_extractor throws InputError naming it when it is missing or unusable).
/// Idempotent: calls after the first do nothing. Thread-safe.
/// \throws UsageError only if another module already registered the name "boilernet".
void register_boilernet_extractor();

/// Builds the extractor for the model file \p model_path directly (what "boilernet:PATH"
/// does). The extractor may be used from several threads at once. Building it sets torch's
/// intra-op threads to one for the process: boilerdex parallelises over pages instead.
/// \throws InputError naming the file when it cannot be read or is not a BoilerNet model.
[[nodiscard]] std::unique_ptr<Extractor> make_boilernet_extractor(const std::string& model_path);

/// The family's line in list_extractors.
inline constexpr std::string_view extractor_description =
    "BoilerNet sequence labeller (BiLSTM over blocks' tags and words) from MODEL";

/// The library's extern "C" entry for plugin::register_extractor_module: builds
/// "boilernet:ARGUMENT" as register_boilernet_extractor's family does.
inline constexpr std::string_view module_entry = "boilerdex_boilernet_make_extractor";

/// Offers "boilernet:MODEL" in a tool that does not link this library: the library file
/// \p library (CMake: boilerdex_offer_boilernet(TARGET) passes its SONAME file name, found
/// beside libboilerdex) is loaded, and libtorch with it, only when a boilernet extractor is
/// built; other runs neither load it nor pay its memory (≈ 150 MB) and start-up. Call at
/// most once per process, instead of register_boilernet_extractor.
/// \throws UsageError if the name "boilernet" is already registered.
inline void register_boilernet_module(std::string library) {
  register_extractor_module({"boilernet", std::string(extractor_description), ":MODEL", std::move(library),
                             std::string(module_entry)});
}

}  // namespace boilerdex::plugin::boilernet
