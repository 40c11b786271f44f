#include "frontend/source_file.h"

#include <gtest/gtest.h>

namespace gpulint {
namespace {

TEST(SourceFile, PositionsAreOneBasedAndCountUtf16) {
  SourceFile f("a.py", "x = 1\ny = \"é😀\" + z\n", FileKind::Python);
  auto p = f.position(6);
  EXPECT_EQ(p.line, 2u);
  EXPECT_EQ(p.column, 1u);
  // 'z' comes after: y = "é😀" + z ; bytes: é=2, 😀=4; utf16: é=1, 😀=2
  uint32_t z = static_cast<uint32_t>(f.text().find('z'));
  auto pz = f.position(z);
  EXPECT_EQ(pz.column, 16u);
  EXPECT_EQ(pz.column_utf16, 13u);
  EXPECT_EQ(f.offsetFromUtf16(1, 12), z);
  EXPECT_EQ(f.line(2), "y = \"é😀\" + z");
}

TEST(SourceFile, LoneCarriageReturnEndsALineAsInEditors) {
  SourceFile f("a.py", "a = 1  # note\rb = 2\r\nc = 3\n", FileKind::Python);
  EXPECT_EQ(f.lineCount(), 4u);
  EXPECT_EQ(f.position(static_cast<uint32_t>(f.text().find('b'))).line, 2u);
  EXPECT_EQ(f.position(static_cast<uint32_t>(f.text().find('c'))).line, 3u) << "CRLF is one line break";
  EXPECT_EQ(f.line(1), "a = 1  # note");
  EXPECT_EQ(f.line(2), "b = 2");
  EXPECT_EQ(lineStartsOf("x\r"), (std::vector<uint32_t>{0, 2}));
}

TEST(SourceFile, Utf8Validation) {
  size_t bad = 0;
  EXPECT_TRUE(isValidUtf8("plain é 😀"));
  EXPECT_FALSE(isValidUtf8(std::string("ab\xff", 3), &bad));
  EXPECT_EQ(bad, 2u);
  EXPECT_FALSE(isValidUtf8(std::string("\xc3", 1)));
}

TEST(SourceFile, KindFromPath) {
  EXPECT_EQ(kindFromPath("train.py"), FileKind::Python);
  EXPECT_EQ(kindFromPath("job.yml"), FileKind::Yaml);
  EXPECT_EQ(kindFromPath("ds.json"), FileKind::Json);
  EXPECT_EQ(kindFromPath("op.cu"), FileKind::Cxx);
  EXPECT_EQ(kindFromPath("README.md"), FileKind::Unknown);
}

}  // namespace
}  // namespace gpulint
