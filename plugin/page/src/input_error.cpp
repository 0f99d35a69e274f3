#include "boilerdex/plugin/input_error.hpp"

#include "boilerdex/plugin/byte_text.hpp"

namespace boilerdex {
namespace {
std::string format_input_error(const std::string& source, std::uint64_t offset,
                               const std::string& message) {
  // A file name or DOCNO is bytes: shown with bad bytes and controls as \xNN (source()
  // keeps them exact).
  std::string out = source.empty() ? std::string("<input>") : plugin::printable_bytes(source);
  if (offset != InputError::npos) out += '@' + std::to_string(offset);
  return out + ": " + message;
}
}  // namespace

InputError::InputError(std::string source, std::uint64_t offset, const std::string& message)
    : Error(format_input_error(source, offset, message)), m_source(std::move(source)), m_offset(offset) {}

}  // namespace boilerdex
