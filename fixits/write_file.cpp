// Writing a fixed file without losing anyone's data: the user's concurrent
// edit, a symlink, a hard link, ownership, a read-only mode, or a file that a
// planted symlink at a predictable temporary name would redirect.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "fixits/apply.h"

namespace gpulint::fixits {

namespace {

std::string errnoText() { return std::strerror(errno); }

// The whole content of an open file, or nullopt on a read error.
std::optional<std::string> readAll(int fd) {
  std::string out;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::nullopt;
    if (n == 0) return out;
    out.append(buffer, static_cast<size_t>(n));
  }
}

std::optional<std::string> readFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  auto text = readAll(fd);
  ::close(fd);
  return text;
}

bool writeAll(int fd, const std::string& text) {
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    written += static_cast<size_t>(n);
  }
  return true;
}

// A file with more than one name: renaming over one name would split it
// from the others, so it is rewritten where it is.
std::string writeInPlace(const std::string& target, const std::string& text) {
  int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return "cannot open " + target + ": " + errnoText();
  bool ok = writeAll(fd, text) && ::fsync(fd) == 0;
  std::string err = ok ? "" : "cannot write " + target + ": " + errnoText();
  if (::close(fd) != 0 && ok) err = "cannot flush " + target;
  return err;
}

std::string replaceThroughTemporary(const std::string& target, const struct stat& st, const std::string& text,
                                    const std::optional<std::string>& expected) {
  std::filesystem::path p(target);
  // mkstemp: a random name created with O_EXCL, so nothing planted can be followed.
  std::string tmp = (p.parent_path() / ("." + p.filename().string() + ".gpulint-XXXXXX")).string();
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) return "cannot create a temporary file beside " + target + ": " + errnoText();
  auto fail = [&](const std::string& why) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return why;
  };
  if (!writeAll(fd, text)) return fail("cannot write " + tmp + ": " + errnoText());
  ::fchmod(fd, st.st_mode & 07777);
  // Keep owner and group where we may (root fixing a user's file); a plain
  // user cannot give a file away, and then the file is theirs already.
  if (::fchown(fd, st.st_uid, st.st_gid) != 0 && ::fchown(fd, static_cast<uid_t>(-1), st.st_gid) != 0) {
    // Not ours to give away: the fixed file stays the writer's, as any new file would.
  }
  if (::fsync(fd) != 0) return fail("cannot flush " + tmp);
  // The last moment to notice an edit made while gpulint ran.
  if (expected && readFile(target) != *expected) return fail(target + " changed on disk while gpulint ran: not fixed");
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return "cannot flush " + tmp;
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    std::string err = errnoText();
    ::unlink(tmp.c_str());
    return "cannot replace " + target + ": " + err;
  }
  return "";
}

}  // namespace

std::string writeFileAtomically(const std::string& path, const std::string& text,
                                const std::optional<std::string>& expected) {
  // A symlink stays a symlink: the file it points at is the one fixed.
  std::string target = path;
  struct stat link {};
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    char resolved[PATH_MAX];
    if (!::realpath(path.c_str(), resolved)) return "cannot resolve the symlink " + path + ": " + errnoText();
    target = resolved;
  }
  struct stat st {};
  if (::stat(target.c_str(), &st) != 0) {
    if (errno != ENOENT) return "cannot read " + target + ": " + errnoText();
    st.st_mode = S_IFREG | 0644;
    st.st_uid = ::getuid();
    st.st_gid = ::getgid();
    st.st_nlink = 1;
  } else {
    if (!S_ISREG(st.st_mode)) return path + " is not a regular file: not fixed";
    if ((st.st_mode & 0222) == 0 || ::access(target.c_str(), W_OK) != 0)
      return path + " is read-only: not fixed (make it writable to apply the fixes)";
    if (expected && readFile(target) != *expected) return path + " changed on disk while gpulint ran: not fixed";
  }
  if (st.st_nlink > 1) return writeInPlace(target, text);
  return replaceThroughTemporary(target, st, text, expected);
}

}  // namespace gpulint::fixits
