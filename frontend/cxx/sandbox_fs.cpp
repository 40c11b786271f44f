#include "frontend/cxx/sandbox_fs.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace gpulint::cxx {

namespace {
std::error_code refusal() { return std::make_error_code(std::errc::no_such_file_or_directory); }
}  // namespace

SandboxFileSystem::SandboxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> real, IncludePolicy policy)
    : ProxyFileSystem(std::move(real)), policy_(std::move(policy)) {}

std::string SandboxFileSystem::absolute(const llvm::Twine& path) const {
  llvm::SmallString<256> abs;
  path.toVector(abs);
  if (getUnderlyingFS().makeAbsolute(abs)) return "";
  // Only `.` goes: `..` after a symlinked folder (/lib -> usr/lib) is not lexical.
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/false);
  return abs.str().str();
}

bool SandboxFileSystem::mayReadTarget(const std::string& path) const {
  // Judged where the file really is: `..` and symlinks resolved.
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) return false;
  return policy_.mayRead(real.str());
}

bool SandboxFileSystem::pseudo(const std::string& abs) {
  llvm::SmallString<256> lexical(abs);
  llvm::sys::path::remove_dots(lexical, /*remove_dot_dot=*/true);
  return IncludePolicy::isPseudoFileSystem(abs) || IncludePolicy::isPseudoFileSystem(lexical.str());
}

void SandboxFileSystem::noteRefused(const std::string& path) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!recording_) return;
  refused_.insert(path);
}

void SandboxFileSystem::startRecording() {
  std::lock_guard<std::mutex> lock(mutex_);
  recording_ = true;
}

std::set<std::string> SandboxFileSystem::refused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return refused_;
}

llvm::ErrorOr<llvm::vfs::Status> SandboxFileSystem::status(const llvm::Twine& path) {
  // Metadata is not content: the driver probes /usr, /lib and /opt for its
  // toolchain, and may. Pseudo file systems and special files stay absent.
  std::string abs = absolute(path);
  if (abs.empty() || pseudo(abs) || policy_.hidden(abs)) return refusal();
  auto st = getUnderlyingFS().status(abs);
  if (!st) return st;
  // FIFOs, sockets and devices would block or never end: they do not exist here.
  if (!st->isRegularFile() && !st->isDirectory()) {
    noteRefused(abs);
    return refusal();
  }
  return st;
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> SandboxFileSystem::openFileForRead(const llvm::Twine& path) {
  // status() first: opening a FIFO blocks before anything could be checked.
  auto st = status(path);
  if (!st) return st.getError();
  std::string abs = absolute(path);
  if (!st->isRegularFile() || !mayReadTarget(abs)) {
    noteRefused(abs);
    return refusal();
  }
  return getUnderlyingFS().openFileForRead(abs);
}

llvm::vfs::directory_iterator SandboxFileSystem::dir_begin(const llvm::Twine& dir, std::error_code& ec) {
  std::string abs = absolute(dir);
  if (abs.empty() || pseudo(abs) || policy_.hidden(abs)) {
    ec = refusal();
    return {};
  }
  return getUnderlyingFS().dir_begin(abs, ec);
}

}  // namespace gpulint::cxx
