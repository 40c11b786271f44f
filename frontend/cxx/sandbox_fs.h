#pragma once
// A read-only view of the real file system for clang that applies an
// IncludePolicy: files outside the project and the system header folders
// cannot be opened; pseudo file systems (/proc, /dev, ...) and anything that
// is not a regular file or folder (FIFOs, sockets, devices) look absent.
// Reading a FIFO would block forever; reading outside the tree could put a
// secret in a report. Metadata (status, listing folders) stays visible: the
// driver looks for its toolchain that way, and learns no file's content.
#include <llvm/Support/VirtualFileSystem.h>

#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "frontend/cxx/include_policy.h"

namespace gpulint::cxx {

class SandboxFileSystem : public llvm::vfs::ProxyFileSystem {
 public:
  SandboxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> real, IncludePolicy policy);

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override;
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine& dir, std::error_code& ec) override;

  // Refusals are noted from here on (the parse itself, not the driver's
  // probes of /etc for its distribution).
  void startRecording();
  // Files that exist but were refused, for the parse-error note.
  [[nodiscard]] std::set<std::string> refused() const;

 private:
  // The absolute spelling of `path` ("" when it has none).
  [[nodiscard]] std::string absolute(const llvm::Twine& path) const;
  // True when the file behind `path` (symlinks resolved) may be read.
  [[nodiscard]] bool mayReadTarget(const std::string& path) const;
  void noteRefused(const std::string& path) const;
  // Under /proc, /dev, ... as written or with `..` taken lexically.
  [[nodiscard]] static bool pseudo(const std::string& abs);

  IncludePolicy policy_;
  mutable std::mutex mutex_;
  bool recording_ = false;
  mutable std::set<std::string> refused_;
};

}  // namespace gpulint::cxx
