#pragma once
/// \file
/// A bump allocator for Gumbo (private to libboilerdex). Gumbo allocates every token,
/// string buffer and node separately and frees them one by one; with an arena those
/// allocations become pointer bumps, the tree goes at once (no recursive
/// gumbo_destroy_output, which matters for pages nested thousands deep), and the memory
/// is reused for the next page without returning it to the system.

#include <cstddef>
#include <vector>

namespace boilerdex::plugin::detail {

/// Hands out 16-byte-aligned memory from large chunks. deallocate() only reclaims the
/// latest allocation (Gumbo's grow-a-buffer pattern: allocate new, copy, free old), and
/// small ones: requests of at most k_small_size bytes take 8-byte slots from chunks of their
/// own, and a freed slot is handed out again. Gumbo's string buffers start at 5 bytes and
/// most are freed once their token is read: on a page of `<p>w</p>` they are 5 of every 7
/// allocations, 45 MB of a 0.2 GB tree as 16-byte bumps never reused (issue #16, item 5).
/// reset() makes all memory reusable and keeps up to a cap of it for the next document.
/// Not thread-safe: one per thread or per parse.
class Arena {
 public:
  /// \param first_chunk size of the first chunk in bytes (later chunks double, capped)
  explicit Arena(std::size_t first_chunk = 256u << 10) noexcept;
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  /// Requests of at most this many bytes are small: 8-byte slots, aligned to 8.
  static constexpr std::size_t k_small_size = 8;

  /// \p size bytes, aligned to 16 (to 8 when small). \throws std::bad_alloc when the
  /// system is out of memory.
  [[nodiscard]] void* allocate(std::size_t size);

  /// Gives \p p back when it is the latest allocation or a small one (O(small chunks) to
  /// tell, newest first); otherwise a no-op. Never throws.
  void deallocate(void* p) noexcept;

  /// Invalidates every allocation; keeps at most \p keep_bytes of chunks for reuse and
  /// frees the rest. Never throws.
  void reset(std::size_t keep_bytes) noexcept;

  /// Bytes currently obtained from the system.
  [[nodiscard]] std::size_t reserved() const noexcept { return m_reserved; }

  /// Gumbo's GumboAllocatorFunction / GumboDeallocatorFunction, with the arena as userdata.
  /// gumbo_allocate aborts the process on exhaustion (Gumbo cannot unwind C++ exceptions).
  static void* gumbo_allocate(void* arena, std::size_t size) noexcept;
  static void gumbo_deallocate(void* arena, void* p) noexcept;

 private:
  struct Chunk {
    char* base;
    std::size_t size;
  };
  void* allocate_slow(std::size_t size);
  void* allocate_small_slow();
  void use_chunk(std::size_t index) noexcept;
  void use_small_chunk(std::size_t index) noexcept;
  [[nodiscard]] bool is_small(const void* p) const noexcept;

  std::vector<Chunk> m_chunks;  // bump chunks, in use order; m_current is being filled
  std::vector<Chunk> m_large;   // oversized requests, one chunk each
  std::size_t m_current = 0;
  char* m_cursor = nullptr;
  char* m_limit = nullptr;
  char* m_last = nullptr;  // start of the latest allocation, for deallocate()
  std::size_t m_next_chunk;
  std::vector<Chunk> m_small;  // small slots' chunks, in use order
  std::size_t m_small_current = 0;
  char* m_small_cursor = nullptr;
  char* m_small_limit = nullptr;
  void* m_small_free = nullptr;  // freed slots, each holding the next one's address
  std::size_t m_next_small_chunk = 64u << 10;
  std::size_t m_reserved = 0;
};

}  // namespace boilerdex::plugin::detail
