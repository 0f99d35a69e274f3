#pragma once
// SHA-256, streaming, for the manifest's input checksums: OpenSSL's libcrypto (its
// SHA-extension and AVX2 code runs at several times a portable loop's speed, which shows
// when the inputs are a folder of pages, each hashed in full). Private to indexer.

#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st;

namespace boilerdex::indexer::detail {

class Sha256 {
 public:
  /// \throws std::bad_alloc when libcrypto cannot make its context.
  Sha256();
  /// Adds \p data to the message. O(n). \throws std::bad_alloc when libcrypto fails.
  void update(std::string_view data);
  /// Lower-case hex digest of everything added. Leaves the object finished: call once.
  /// \throws std::bad_alloc when libcrypto fails.
  [[nodiscard]] std::string hex_digest();

 private:
  struct Free {
    void operator()(evp_md_ctx_st* context) const noexcept;
  };
  std::unique_ptr<evp_md_ctx_st, Free> m_context;
};

}  // namespace boilerdex::indexer::detail
