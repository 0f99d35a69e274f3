#pragma once
/// \file
/// Files written through a temporary beside them and renamed into place, so that readers
/// see the old file or the new one, never a part — and so that nothing planted in the
/// output directory can redirect the write. The temporary is created exclusively
/// (O_CREAT | O_EXCL | O_NOFOLLOW) under a fresh name, `.NAME.XXXXXXXX.tmp`: a symlink or
/// file already at any name tried is never opened, followed, truncated or removed, and two
/// writers of one target never share a temporary. rename() then replaces the target's
/// directory entry itself: a symlink at the target is replaced, not written through.
/// (issue #16, item 3: `boilerdex-extract -o DIR` wrote through a planted
/// `DIR/.NAME.txt.tmp` symlink, `boilerdex-index --overwrite` through `manifest.json.tmp`.)

#include <filesystem>
#include <functional>
#include <ostream>
#include <string_view>

namespace boilerdex::plugin {

/// Creates a new empty file `.NAME.XXXXXXXX.tmp` in \p target's directory (NAME: \p target's
/// file name; X: random hex), write-only, close-on-exec, mode 0666 less the umask, retrying
/// other names while one exists. Sets \p temp to its path. \returns the descriptor, or -1
/// with errno set (EEXIST only after 100 names were all taken). Never throws.
[[nodiscard]] int create_temp_beside(const std::filesystem::path& target, std::filesystem::path& temp) noexcept;

/// Writes \p text to \p target: create_temp_beside, write (retrying EINTR and short
/// writes), close, rename over \p target; the temporary is removed on failure.
/// \throws InputError naming \p target and the system's reason.
void write_file_atomically(const std::filesystem::path& target, std::string_view text);

/// As above, with the contents streamed: \p write is called once with a stream into the
/// temporary (buffered, 64 KiB), so a large output is never held in memory. When \p write
/// throws, the temporary is removed and the exception goes on. With \p keep_unchanged, a
/// \p target that already holds exactly the bytes written is left as it is (its time
/// stamp too) and the temporary removed. \returns false when \p target was kept, else true.
/// \throws InputError naming \p target and the system's reason; what \p write throws.
bool write_file_atomically(const std::filesystem::path& target, const std::function<void(std::ostream&)>& write,
                           bool keep_unchanged = false);

}  // namespace boilerdex::plugin
