#include "boilerdex/config/tool_main.hpp"

#include <exception>
#include <iostream>

#include "boilerdex/config/error.hpp"

namespace boilerdex::config {

int run_tool(std::string_view tool_name, const std::function<int()>& body) noexcept {
  try {
    return body();
  } catch (const UsageError& e) {
    std::cerr << tool_name << ": usage: " << e.what() << '\n';
    return 2;
  } catch (const ConfigError& e) {
    std::cerr << tool_name << ": config: " << e.what() << '\n';
    return 2;
  } catch (const Error& e) {
    std::cerr << tool_name << ": error: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << tool_name << ": error: " << e.what() << '\n';
    return 1;
  } catch (...) {
    std::cerr << tool_name << ": error: unknown exception\n";
    return 1;
  }
}

}  // namespace boilerdex::config
