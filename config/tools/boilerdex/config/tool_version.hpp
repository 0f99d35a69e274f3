#pragma once
/// \file
/// `--version` for every tool, from one place: each main calls add_version_flag() on its
/// CLI::App, and help2man reads the same text to write the man pages.

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "boilerdex/config/tool_versions.h"

namespace boilerdex::config {

/// What `TOOL --version` prints: "TOOL (boilerdex) 0.1.0", then the Xapian and Gumbo
/// versions the tool was built against, one a line (GNU's layout, which help2man reads).
[[nodiscard]] inline std::string tool_version_text(std::string_view tool_name) {
  return std::string(tool_name) + " (boilerdex) " BDX_TOOL_VERSION "\nXapian " BDX_TOOL_XAPIAN_VERSION
         "\nGumbo " BDX_TOOL_GUMBO_VERSION;
}

/// Adds `--version` to \p app: it prints tool_version_text() on stdout and ends parsing with
/// CLI::CallForVersion, which the tools' `app.exit(e)` turns into exit status 0.
inline void add_version_flag(CLI::App& app, std::string_view tool_name) {
  app.set_version_flag("--version", tool_version_text(tool_name), "print the boilerdex, Xapian and Gumbo versions");
}

}  // namespace boilerdex::config
