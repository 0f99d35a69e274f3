#include <dlfcn.h>

#include <cstddef>
#include <filesystem>
#include <mutex>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"

namespace boilerdex::plugin {

namespace {

using EntryFunction = Extractor* (*)(const char* argument, std::size_t size);

/// The directory this library (libboilerdex) was loaded from; empty when unknown.
std::filesystem::path own_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&register_extractor_module), &info) == 0 || info.dli_fname == nullptr) return {};
  return std::filesystem::path(info.dli_fname).parent_path();
}

/// A module's library, loaded on first use.
class LoadedModule {
 public:
  explicit LoadedModule(ExtractorModule module) : m_module(std::move(module)) {}

  std::unique_ptr<Extractor> make(std::string_view argument) {
    std::call_once(m_once, [this] { load(); });
    if (m_entry == nullptr) throw UsageError(m_error);
    return std::unique_ptr<Extractor>(m_entry(argument.data(), argument.size()));
  }

 private:
  void load() {
    std::filesystem::path path = m_module.library;
    if (path.is_relative()) {
      const std::filesystem::path dir = own_directory();
      if (!dir.empty()) path = dir / path;
    }
    // RTLD_LOCAL: the module's dependencies (libtorch) stay out of the global namespace.
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    const std::string prefix = "extractor '" + m_module.name + "' lives in " + path.string() + ", which ";
    if (handle == nullptr) {
      const char* why = dlerror();
      m_error = prefix + "could not be loaded: " + (why ? why : "unknown error");
      return;
    }
    m_entry = reinterpret_cast<EntryFunction>(dlsym(handle, m_module.entry.c_str()));
    if (m_entry == nullptr) m_error = prefix + "has no function " + m_module.entry;
  }

  ExtractorModule m_module;
  std::once_flag m_once;
  EntryFunction m_entry = nullptr;
  std::string m_error;
};

}  // namespace

void register_extractor_module(ExtractorModule module) {
  ExtractorRegistration r;
  r.name = module.name;
  r.description = module.description;
  r.argument_syntax = module.argument_syntax;
  auto loaded = std::make_shared<LoadedModule>(std::move(module));
  r.argument_factory = [loaded](std::string_view argument) { return loaded->make(argument); };
  register_extractor(std::move(r));
}

}  // namespace boilerdex::plugin
