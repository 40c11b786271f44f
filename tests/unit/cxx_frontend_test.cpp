// The C++/CUDA front end's model: roles, loops, streams, launch configs and
// parse-error summaries (tests skip in a build without libTooling).
#include <gtest/gtest.h>

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

TEST(CxxFrontend, RecognisesTorchIncludes) {
  EXPECT_TRUE(includesTorch("#include <torch/extension.h>\n"));
  EXPECT_TRUE(includesTorch("#  include \"ATen/ATen.h\"\n"));
  EXPECT_FALSE(includesTorch("#include <cuda_runtime.h>\n// torch/extension.h\n"));
}

}  // namespace
}  // namespace gpulint::cxx
