#pragma once
/// \file
/// The text of plugin/extractors/models/best-blocks.json, compiled into the library by CMake
/// (plugin/extractors/src/best_model_data.cpp.in → best_model_data.cpp in the build tree); empty when
/// the source tree has no model file.

#include <string_view>

namespace boilerdex::plugin::detail {

extern const std::string_view k_best_model_json;

}  // namespace boilerdex::plugin::detail
