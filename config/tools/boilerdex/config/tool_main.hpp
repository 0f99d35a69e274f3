#pragma once
/// \file
/// The shared shape of every boilerdex tool's main(): run a body, map exceptions to the
/// exit codes of the house (0 ok, 1 runtime error, 2 usage or configuration error) and
/// print one line on stderr naming the tool and, through what(), the file and position
/// (bytes of what() that are not UTF-8, and control bytes, shown as `\xNN`: file names and
/// DOCNOs are bytes).

#include <functional>
#include <string_view>

namespace boilerdex::config {

/// Runs \p body and maps what escapes it to an exit status:
/// body's own return value; 2 for UsageError, ConfigError and CLI11 parse errors
/// (which \p body must translate with CLI::App::exit before rethrowing, or let run_tool
/// print); 1 for any other Error or std::exception. Never throws.
[[nodiscard]] int run_tool(std::string_view tool_name, const std::function<int()>& body) noexcept;

}  // namespace boilerdex::config
