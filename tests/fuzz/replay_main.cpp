// Replays fuzz inputs without libFuzzer (the normal test build): each file
// named on the command line, or each file in a named folder, goes through
// the target's LLVMFuzzerTestOneInput once. A crash fails the ctest.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

int replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  std::string data = bytes.str();
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  int replayed = 0;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path p(argv[i]);
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p, ec))
        if (e.is_regular_file()) replayed += replay(e.path());
    } else if (std::filesystem::is_regular_file(p, ec)) {
      replayed += replay(p);
    }
  }
  std::printf("replayed %d input(s)\n", replayed);
  return replayed > 0 ? 0 : 1;
}
