// The manifest's input checksums: SHA-256 (FIPS 180-2's test vectors), the same whether the
// message comes whole or in pieces.
#include <boost/test/unit_test.hpp>
#include <string>

#include "../../indexer/src/sha256.hpp"

using boilerdex::indexer::detail::Sha256;

namespace {

std::string digest(const std::string& message, std::size_t piece) {
  Sha256 sha;
  for (std::size_t i = 0; i < message.size(); i += piece)
    sha.update(std::string_view(message).substr(i, piece));
  return sha.hex_digest();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(sha256)

BOOST_AUTO_TEST_CASE(known_digests_whole_or_in_pieces) {
  const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  for (const std::size_t piece :
       {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{1} << 20}) {
    BOOST_TEST(digest("", piece) ==
               "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    BOOST_TEST(digest("abc", piece) ==
               "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    BOOST_TEST(digest(two_blocks, piece) ==
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  }
  BOOST_TEST(digest(std::string(1000000, 'a'), 4096) ==
             "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_SUITE_END()
