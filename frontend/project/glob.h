#pragma once
// The glob language of `exclude` settings and .gitignore files.
#include <string_view>

namespace gpulint {

// gitignore-style glob: `*` any run of characters except '/', `?` one such
// character, `[abc]`/`[a-z]`/`[!x]` a class, `\x` a literal x, `**` as a whole
// path segment any number (0+) of directories. A pattern without a slash (other
// than a trailing one) matches any path component (`build`, `*.ipynb`);
// otherwise it is anchored at the root (a leading '/' is dropped). A pattern
// matching a directory matches everything below it (`tests/**` and `tests/`
// match only what is inside tests/, `tests` also a file named tests).
// `path_is_directory`: the last component of `relative_path` is itself a
// directory, so a directory-only pattern (`build/`) matches it.
[[nodiscard]] bool matchesGlob(std::string_view pattern, std::string_view relative_path,
                               bool path_is_directory = false);

// The same language, but the pattern must match `relative_path` itself, not
// a folder above it (.gitignore: an ignored folder's contents are handled by
// not descending into it, and a later `!*/` must not re-include files).
[[nodiscard]] bool matchesWholePath(std::string_view pattern, std::string_view relative_path,
                                    bool path_is_directory);

}  // namespace gpulint
