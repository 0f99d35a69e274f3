#pragma once
/// \file
/// IndexError: a failure of the index set itself (a Xapian error, an unreadable or
/// incomplete manifest, an existing index set that may not be touched), as opposed to
/// one bad input document (InputError), which a batch counts and skips.

#include <string>

#include "boilerdex/config/error.hpp"

namespace boilerdex {

/// An index-set failure. Tools exit with status 1.
class IndexError : public Error {
 public:
  using Error::Error;

  /// Wraps a Xapian::Error's text: what() reads "CONTEXT: XAPIAN_TYPE: message".
  /// \p xapian_type is Xapian::Error::get_type(), \p xapian_message get_msg()
  /// (passed as strings so this header does not include Xapian).
  IndexError(const std::string& context, const std::string& xapian_type, const std::string& xapian_message)
      : Error(context + ": " + xapian_type + ": " + xapian_message) {}
};

}  // namespace boilerdex
