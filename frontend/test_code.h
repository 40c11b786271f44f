#pragma once
// What makes a Python file test code rather than a script, judged the same
// way by discovery (which files a folder run checks) and by the project
// model (whose calls may bind the project's parameters).
#include <string_view>

namespace gpulint {

// `test_*.py` / `*_test.py`: pytest's file names, but also the names of
// entry scripts that evaluate a trained model (SlowFast's and detectron's
// `tools/test_net.py`).
[[nodiscard]] bool namedLikeTestModule(std::string_view file_name);

// A module's text defines or runs tests: `def test_`, `class Test`, an
// import of pytest or unittest, absltest. A test-named module without any
// is a script.
[[nodiscard]] bool textDefinesTests(std::string_view text);

}  // namespace gpulint
