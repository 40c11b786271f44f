// The C++/CUDA front end's model: roles, loops, streams, launch configs and
// parse-error summaries (tests skip in a build without libTooling).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "frontend/cxx/cxx_frontend.h"

namespace gpulint::cxx {
namespace {

std::unique_ptr<CxxModel> build(const std::string& name, const std::string& text) {
  auto source = std::make_shared<SourceFile>(name, text, FileKind::Cxx);
  BuildResult r = buildCxxModel(source);
  EXPECT_TRUE(r.error.empty()) << r.error;
  return std::move(r.model);
}

#define REQUIRE_CLANG() \
  if (!available()) GTEST_SKIP() << "built without libTooling"

TEST(CxxFrontend, ClassifiesFunctionRoles) {
  REQUIRE_CLANG();
  auto m = build("unit_roles.cu",
                 "struct S { S(); ~S(); };\nS::S() {}\nS::~S() {}\n__global__ void k() {}\n__device__ int d() { return 1; }\n"
                 "void setup_buffers() {}\nvoid op() {}\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->parse_errors, 0) << m->first_error;
  std::map<std::string, FunctionRole> roles;
  for (const auto& f : m->functions) roles[f.name] = f.role;
  EXPECT_EQ(roles["S"], FunctionRole::OnceOnly);
  EXPECT_EQ(roles["~S"], FunctionRole::OnceOnly);
  EXPECT_EQ(roles["k"], FunctionRole::Kernel);
  EXPECT_EQ(roles["d"], FunctionRole::Device);
  EXPECT_EQ(roles["setup_buffers"], FunctionRole::OnceOnly);
  EXPECT_EQ(roles["op"], FunctionRole::PerCall);
}

TEST(CxxFrontend, LoopsWithConstantTripCountsAreNotDataDependent) {
  REQUIRE_CLANG();
  auto m = build("unit_loops.cpp",
                 "const int kN = 4;\nvoid f(int n) {\n  for (int i = 0; i < kN; ++i) {}\n  for (int i = 0; i < n; ++i) {}\n"
                 "  int a[3] = {1, 2, 3};\n  for (int v : a) (void)v;\n  while (n--) {}\n}\n");
  ASSERT_TRUE(m);
  ASSERT_EQ(m->loops.size(), 4u);
  EXPECT_FALSE(m->loops[0].data_dependent);
  EXPECT_TRUE(m->loops[1].data_dependent);
  EXPECT_EQ(m->loops[1].bound, "n");
  EXPECT_EQ(m->loops[1].induction, "i");
  EXPECT_FALSE(m->loops[2].data_dependent);
  EXPECT_TRUE(m->loops[3].data_dependent);
}

TEST(CxxFrontend, LaunchConfigAndStreamsInScope) {
  REQUIRE_CLANG();
  std::string text =
      "__global__ void k(int) {}\nvoid f(cudaStream_t s, int n) {\n  dim3 b(8, 4);\n"
      "  k<<<n, b, 0, s>>>(n);\n  k<<<1, 64>>>(n);\n}\n";
  auto m = build("unit_launch.cu", text);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->parse_errors, 0) << m->first_error;
  ASSERT_EQ(m->launches.size(), 2u);
  const Launch& first = m->launches[0];
  ASSERT_EQ(first.config.size(), 4u);
  EXPECT_EQ(first.kernel, "k");
  EXPECT_EQ(first.config[1].value.value_or(-1), 32);
  EXPECT_FALSE(first.config[0].value.has_value());
  EXPECT_NE(first.config[1].origin.find("`b` at line 3"), std::string::npos);
  ASSERT_EQ(m->launches[1].config.size(), 2u);
  EXPECT_TRUE(m->launches[1].config[1].range.editable);
  const StreamVar* s = m->streamAt(static_cast<uint32_t>(text.find("k<<<1")));
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->name, "s");
  EXPECT_EQ(m->streamAt(0), nullptr);
}

TEST(CxxFrontend, ParseErrorsAreCountedAndTheModelIsStillBuilt) {
  REQUIRE_CLANG();
  auto m = build("unit_broken.cpp", "void f() { Nope x; }\nvoid g() { cudaDeviceSynchronize(); }\n");
  ASSERT_TRUE(m);
  EXPECT_GE(m->parse_errors, 1);
  EXPECT_NE(m->first_error.find("Nope"), std::string::npos) << m->first_error;
  EXPECT_EQ(m->functions.size(), 2u);
}

TEST(CxxFrontend, AnIncludeFoundNowhereIsSkippedAndTheRestIsParsed) {
  REQUIRE_CLANG();
  auto m = build("unit_missing.cu",
                 "#include <no_such_vendor/missing.cuh>\n#include \"also_missing.h\"\n"
                 "void g() { cudaDeviceSynchronize(); }\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->parse_errors, 0) << m->first_error;
  EXPECT_EQ(m->missing_headers, (std::vector<std::string>{"also_missing.h", "no_such_vendor/missing.cuh"}));
  ASSERT_EQ(m->functions.size(), 1u);
  ASSERT_FALSE(m->calls.empty());
}

TEST(CxxFrontend, UsingAMissingHeaderIsAnErrorButLaterCodeIsStillSeen) {
  REQUIRE_CLANG();
  auto m = build("unit_missing_used.cu",
                 "#include <no_such_vendor/missing.cuh>\nvoid f() { vendor_call(); }\n"
                 "void g() { cudaDeviceSynchronize(); }\n");
  ASSERT_TRUE(m);
  EXPECT_GE(m->parse_errors, 1);
  EXPECT_EQ(m->functions.size(), 2u);
}

// A temporary project (marked by .git) that removes itself.
class TempProject {
 public:
  TempProject() : root_(std::filesystem::temp_directory_path() / ("gpulint_cxx_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(root_ / ".git");
  }
  ~TempProject() { std::filesystem::remove_all(root_); }
  std::string write(const std::string& rel, const std::string& text) const {
    std::filesystem::path p = root_ / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

TEST(CxxFrontend, ProjectRelativeIncludesResolveFromFoldersAboveTheFile) {
  REQUIRE_CLANG();
  TempProject project;
  project.write("csrc/utils/helpers.h", "#pragma once\nstruct Helper { int n; };\n");
  project.write("csrc/include/shape.h", "#pragma once\nstruct Shape { int d; };\n");
  std::string text = "#include \"utils/helpers.h\"\n#include <shape.h>\nint f(Helper h, Shape s) { return h.n + s.d; }\n";
  auto m = build(project.write("csrc/ops/deep/op.cpp", text), text);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->parse_errors, 0) << m->first_error;
  EXPECT_TRUE(m->missing_headers.empty());
}

TEST(CxxFrontend, ProjectRelativeIncludesStayInsideTheProject) {
  REQUIRE_CLANG();
  TempProject outside;
  outside.write("utils/outside_helpers.h", "#pragma once\nstruct Outside { int n; };\n");
  // A project nested in another folder: the folders above its root are not searched.
  std::filesystem::create_directories(outside.root() / "inner" / ".git");
  std::string text = "#include \"utils/outside_helpers.h\"\nvoid f() {}\n";
  auto m = build(outside.write("inner/csrc/op.cpp", text), text);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->missing_headers, std::vector<std::string>{"utils/outside_helpers.h"});
}

TEST(CxxFrontend, RecognisesTorchIncludes) {
  EXPECT_TRUE(includesTorch("#include <torch/extension.h>\n"));
  EXPECT_TRUE(includesTorch("#  include \"ATen/ATen.h\"\n"));
  EXPECT_FALSE(includesTorch("#include <cuda_runtime.h>\n// torch/extension.h\n"));
}

}  // namespace
}  // namespace gpulint::cxx
