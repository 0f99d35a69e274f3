// parse_config on arbitrary TOML: a Config or a ConfigError, nothing else; and to_toml of
// what it read parses back to the same configuration (compared through to_toml).
#include <string>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  config::Config parsed;
  try {
    parsed = config::parse_config(fuzz::bytes(data, size), "fuzz.toml");
  } catch (const ConfigError&) {
    return 0;
  }
  const std::string written = config::to_toml(parsed);
  config::Config reread;
  try {
    reread = config::parse_config(written, "fuzz-roundtrip.toml");
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "%s\n--- to_toml wrote ---\n%s\n", e.what(), written.c_str());
    fuzz::check(false, "to_toml wrote a configuration parse_config rejects");
  }
  fuzz::check(config::to_toml(reread) == written, "to_toml/parse_config round trip changed the configuration");
  return 0;
}
