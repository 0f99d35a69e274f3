#include "boilerdex/plugin/extractor_registry.hpp"

#include <algorithm>
#include <charconv>
#include <mutex>

#include "boilerdex/config/error.hpp"
#include "extractor_registry_internal.hpp"

namespace boilerdex::plugin {
namespace {

// The built-in modules, in listing order. A new module adds its function here.
constexpr std::vector<ExtractorRegistration> (*k_builtin_modules[])() = {
    detail::pipeline_extractors,
    detail::bte_extractors,
    detail::dom_ancestor_extractors,
    detail::best_extractors,
    detail::learned_extractors,
};

std::string display_name(const ExtractorRegistration& r) {
  if (r.argument_factory) return r.name + r.argument_syntax;
  return r.takes_parameter ? r.name + ":K" : r.name;
}

bool valid_name(std::string_view name) noexcept {
  return !name.empty() && name.front() != '-' && name.back() != '-' &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
         });
}

class Registry {
 public:
  Registry() {
    for (const auto module : k_builtin_modules) {
      for (auto& r : module()) add(std::move(r));
    }
  }

  void add(ExtractorRegistration r) {
    std::lock_guard lock(m_mutex);
    if (!valid_name(r.name)) throw UsageError("invalid extractor name '" + r.name + "'");
    if (static_cast<bool>(r.factory) == static_cast<bool>(r.argument_factory)) {
      throw UsageError("extractor '" + r.name +
                       "' must be registered with exactly one of factory and argument_factory");
    }
    if (find(r.name) != nullptr)
      throw UsageError("extractor '" + r.name + "' is already registered");
    m_entries.push_back(std::move(r));
  }

  std::vector<ExtractorInfo> list() const {
    std::lock_guard lock(m_mutex);
    std::vector<ExtractorInfo> out;
    out.reserve(m_entries.size());
    for (const auto& r : m_entries) {
      const bool needs_argument =
          static_cast<bool>(r.argument_factory) && !r.argument_syntax.starts_with('[');
      out.push_back({display_name(r), r.description, needs_argument});
    }
    return out;
  }

  std::unique_ptr<Extractor> make(std::string_view spec) const {
    const auto colon = spec.find(':');
    const std::string_view base = spec.substr(0, colon);
    std::function<std::unique_ptr<Extractor>(int)> factory;
    std::function<std::unique_ptr<Extractor>(std::string_view)> argument_factory;
    bool takes_parameter = false;
    {
      std::lock_guard lock(m_mutex);
      if (const auto* r = find(base)) {
        factory = r->factory;
        argument_factory = r->argument_factory;
        takes_parameter = r->takes_parameter;
      }
    }
    if (argument_factory) {
      auto extractor = argument_factory(colon == std::string_view::npos ? std::string_view{}
                                                                        : spec.substr(colon + 1));
      if (!extractor) throw UsageError("extractor '" + std::string(spec) + "' could not be built");
      return extractor;
    }
    if (!factory) throw UsageError(unknown(spec));
    int k = 0;
    if (takes_parameter) {
      if (colon == std::string_view::npos) {
        throw UsageError("extractor '" + std::string(spec) +
                         "' needs a parameter: " + std::string(base) + ":K");
      }
      const std::string_view digits = spec.substr(colon + 1);
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
      if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || k < 0 ||
          k > k_max_extractor_parameter) {
        throw UsageError("extractor '" + std::string(spec) + "': K must be an integer from 0 to " +
                         std::to_string(k_max_extractor_parameter));
      }
    } else if (colon != std::string_view::npos) {
      throw UsageError("extractor '" + std::string(base) + "' takes no parameter (got '" +
                       std::string(spec) + "')");
    }
    auto extractor = factory(k);
    if (!extractor) throw UsageError("extractor '" + std::string(spec) + "' could not be built");
    return extractor;
  }

 private:
  const ExtractorRegistration* find(std::string_view name) const {
    const auto it = std::find_if(m_entries.begin(), m_entries.end(),
                                 [&](const auto& r) { return r.name == name; });
    return it == m_entries.end() ? nullptr : &*it;
  }

  std::string unknown(std::string_view spec) const {
    std::string message = "unknown extractor '" + std::string(spec) + "'; valid names:";
    std::lock_guard lock(m_mutex);
    for (const auto& r : m_entries) message += ' ' + display_name(r);
    return message;
  }

  mutable std::mutex m_mutex;
  std::vector<ExtractorRegistration> m_entries;
};

Registry& registry() {
  static Registry instance;  // thread-safe initialisation
  return instance;
}

}  // namespace

void register_extractor(ExtractorRegistration registration) {
  registry().add(std::move(registration));
}

std::vector<ExtractorInfo> list_extractors() { return registry().list(); }

std::unique_ptr<Extractor> make_extractor(std::string_view spec) { return registry().make(spec); }

}  // namespace boilerdex::plugin
