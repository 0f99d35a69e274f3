#include "sha256.hpp"

#include <openssl/evp.h>

#include <new>

namespace boilerdex::indexer::detail {

void Sha256::Free::operator()(evp_md_ctx_st* context) const noexcept { EVP_MD_CTX_free(context); }

Sha256::Sha256() : m_context(EVP_MD_CTX_new()) {
  if (!m_context || EVP_DigestInit_ex(m_context.get(), EVP_sha256(), nullptr) != 1) throw std::bad_alloc();
}

void Sha256::update(std::string_view data) {
  if (EVP_DigestUpdate(m_context.get(), data.data(), data.size()) != 1) throw std::bad_alloc();
}

std::string Sha256::hex_digest() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_DigestFinal_ex(m_context.get(), digest, &size) != 1) throw std::bad_alloc();
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * size);
  for (unsigned int i = 0; i < size; ++i) {
    out += digits[digest[i] >> 4];
    out += digits[digest[i] & 0xF];
  }
  return out;
}

}  // namespace boilerdex::indexer::detail
