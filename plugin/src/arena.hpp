#pragma once
/// \file
/// A bump allocator for Gumbo (private to libboilerdex). Gumbo allocates every token,
/// string buffer and node separately and frees them one by one; with an arena those
/// thousands of malloc/free pairs become pointer bumps, and the whole tree goes at once.

#include <cstddef>

namespace boilerdex::plugin::detail {

/// Hands out 16-byte-aligned memory from large chunks; frees everything on destruction.
/// deallocate() only reclaims the most recent allocation (the common grow-a-buffer
/// pattern in Gumbo: allocate new, copy, free old). Not thread-safe: one per parse.
class Arena {
 public:
  /// \param first_chunk size of the first chunk in bytes (later chunks double, capped)
  explicit Arena(std::size_t first_chunk = 64u << 10) noexcept;
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  /// \p size bytes, aligned to 16. \throws std::bad_alloc when the system is out of memory.
  [[nodiscard]] void* allocate(std::size_t size);

  /// Gives \p p back when it is the latest allocation; otherwise a no-op. Never throws.
  void deallocate(void* p) noexcept;

  /// Total bytes obtained from the system so far.
  [[nodiscard]] std::size_t reserved() const noexcept { return m_reserved; }

  /// Gumbo's GumboAllocatorFunction / GumboDeallocatorFunction, with the arena as userdata.
  /// gumbo_allocate aborts the process on exhaustion (Gumbo cannot unwind C++ exceptions).
  static void* gumbo_allocate(void* arena, std::size_t size) noexcept;
  static void gumbo_deallocate(void* arena, void* p) noexcept;

 private:
  struct Chunk {
    Chunk* next;
    std::size_t size;
  };
  void* allocate_slow(std::size_t size);

  Chunk* m_chunks = nullptr;
  char* m_cursor = nullptr;
  char* m_limit = nullptr;
  char* m_last = nullptr;  // start of the latest allocation, for deallocate()
  std::size_t m_next_chunk;
  std::size_t m_reserved = 0;
};

}  // namespace boilerdex::plugin::detail
