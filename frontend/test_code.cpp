#include "frontend/test_code.h"

namespace gpulint {

bool namedLikeTestModule(std::string_view name) {
  if (!name.ends_with(".py") || name.size() <= 8) return false;
  return name.starts_with("test_") || name.ends_with("_test.py");
}

bool textDefinesTests(std::string_view text) {
  // Code, not prose: a comment that mentions pytest does not make a test.
  for (std::string_view mark : {"def test_", "class Test", "import pytest", "from pytest", "@pytest", "import unittest",
                                "from unittest", "unittest.main", "absltest"})
    if (text.find(mark) != std::string_view::npos) return true;
  return false;
}

}  // namespace gpulint
