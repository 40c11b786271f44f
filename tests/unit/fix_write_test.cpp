// Writing fixed files: nothing planted, linked, read-only or edited meanwhile
// is lost or redirected (hardening issue, data-safety items).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixits/apply.h"

namespace gpulint::fixits {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class FixWrite : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("gpulint-fix-write-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    file = dir / "t.py";
    std::ofstream(file) << "old\n";
  }
  void TearDown() override {
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(dir);
  }
  fs::path dir, file;
};

TEST_F(FixWrite, APlantedSymlinkAtTheOldTemporaryNameIsNotFollowed) {
  fs::path victim = dir / "victim";
  std::ofstream(victim) << "precious\n";
  fs::create_symlink(victim, file.string() + ".gpulint-tmp-" + std::to_string(::getpid()));
  ASSERT_EQ(writeFileAtomically(file.string(), "new\n"), "");
  EXPECT_EQ(slurp(victim), "precious\n");
  EXPECT_EQ(slurp(file), "new\n");
}

TEST_F(FixWrite, ASymlinkStaysALinkAndItsTargetIsFixed) {
  fs::path link = dir / "link.py";
  fs::create_symlink(file, link);
  ASSERT_EQ(writeFileAtomically(link.string(), "new\n"), "");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(slurp(file), "new\n");
}

TEST_F(FixWrite, HardLinksKeepSharingTheFixedText) {
  fs::path other = dir / "other.py";
  fs::create_hard_link(file, other);
  ASSERT_EQ(writeFileAtomically(file.string(), "new\n"), "");
  EXPECT_EQ(slurp(other), "new\n");
  EXPECT_EQ(fs::hard_link_count(file), 2u);
}

TEST_F(FixWrite, OwnerAndGroupAreKeptWhenWeMayKeepThem) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can hand a file to another owner";
  ASSERT_EQ(::chown(file.c_str(), 4321, 4322), 0);
  ASSERT_EQ(writeFileAtomically(file.string(), "new\n"), "");
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 4321u);
  EXPECT_EQ(st.st_gid, 4322u);
}

TEST_F(FixWrite, AReadOnlyFileIsSkippedWithAReason) {
  fs::permissions(file, fs::perms::owner_read | fs::perms::group_read);
  std::string err = writeFileAtomically(file.string(), "new\n");
  EXPECT_NE(err.find("read-only"), std::string::npos) << err;
  EXPECT_EQ(slurp(file), "old\n");
}

TEST_F(FixWrite, AFileEditedWhileGpulintRanIsNotOverwritten) {
  std::ofstream(file) << "the user's edit\n";
  std::string err = writeFileAtomically(file.string(), "new\n", std::string("old\n"));
  EXPECT_NE(err.find("changed on disk"), std::string::npos) << err;
  EXPECT_EQ(slurp(file), "the user's edit\n");
  EXPECT_EQ(writeFileAtomically(file.string(), "new\n", std::string("the user's edit\n")), "");
}

// Runs `body` as the unprivileged user 65534 in a child process when the
// test runs as root (root writes through folder permissions, so the check
// would prove nothing); returns the child's answer, or the body's directly.
bool asUnprivilegedUser(const fs::path& owned, bool (*body)(const fs::path&), const fs::path& arg) {
  if (::geteuid() != 0) return body(arg);
  for (const auto& p : {owned, arg})
    if (::chown(p.c_str(), 65534, 65534) != 0) return false;
  pid_t pid = ::fork();
  if (pid == 0) {
    bool ok = ::setgid(65534) == 0 && ::setuid(65534) == 0 && body(arg);
    ::_exit(ok ? 0 : 1);
  }
  int status = 0;
  return pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

TEST_F(FixWrite, AnUnwritableFolderIsReportedAndNothingIsLeft) {
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
  auto refused = [](const fs::path& f) { return !writeFileAtomically(f.string(), "new\n").empty(); };
  EXPECT_TRUE(asUnprivilegedUser(dir, refused, file));
  EXPECT_EQ(slurp(file), "old\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), {}), 1);
}

TEST_F(FixWrite, NoTemporaryFileIsLeftBehind) {
  ASSERT_EQ(writeFileAtomically(file.string(), "new\n"), "");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), {}), 1);
}

}  // namespace
}  // namespace gpulint::fixits
