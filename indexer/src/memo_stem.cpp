#include "memo_stem_internal.hpp"

#include <functional>
#include <vector>

namespace boilerdex::indexer::detail {
namespace {

class MemoStem final : public Xapian::StemImplementation {
 public:
  explicit MemoStem(const std::string& language) : m_stem(language), m_slots(slot_count) {}

  std::string operator()(const std::string& word) override {
    // An unused slot holds "" and its stem "", which is what the stemmer gives "".
    Slot& slot = m_slots[std::hash<std::string>{}(word) & (slot_count - 1)];
    if (slot.word != word) {
      // Assigned, not constructed: a slot keeps its strings' capacity, so a miss
      // allocates only for a word longer than any the slot held before.
      slot.stem = m_stem(word);
      slot.word = word;
    }
    return slot.stem;
  }

  std::string get_description() const override { return m_stem.get_description(); }

 private:
  static constexpr std::size_t slot_count = std::size_t{1} << 14;
  struct Slot {
    std::string word, stem;
  };
  Xapian::Stem m_stem;
  std::vector<Slot> m_slots;
};

}  // namespace

Xapian::Stem memo_stem(const std::string& language) {
  if (language.empty() || language == "none") return Xapian::Stem();
  return Xapian::Stem(new MemoStem(language));
}

}  // namespace boilerdex::indexer::detail
