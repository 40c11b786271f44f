// Replays recorded JSON-RPC sessions (testdata/lsp/*.jsonl) against the
// server in-process. One JSON object per line ('#' lines are comments):
//   {"send": message}        framed and fed through the decoder (queued)
//   {"sendRaw": "bytes"}     fed to the decoder as is (malformed input)
//   {"expect": message}      the next outgoing message; queued input is
//                            processed first. Objects match when every
//                            expected key matches; arrays element-wise with
//                            equal length; "$ANY" matches anything and
//                            "$CONTAINS:text" a string containing text.
//   {"exitCode": n}          the server has exited with n
// Strings have "$ROOT" replaced by the source directory, and a string
// "$FILE(path)" becomes that file's text. Every outgoing message must be
// expected: the session fails on any left over.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lsp/server.h"

namespace fs = std::filesystem;
using gpulint::lsp::json;

namespace {

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void substitute(json& j) {
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    if (s.rfind("$FILE(", 0) == 0 && s.back() == ')') {
      j = readText(fs::path(GPULINT_SOURCE_DIR) / s.substr(6, s.size() - 7));
      return;
    }
    for (size_t at; (at = s.find("$ROOT")) != std::string::npos;) s.replace(at, 5, GPULINT_SOURCE_DIR);
    j = s;
  } else if (j.is_object()) {
    json copy = json::object();
    for (auto& [key, value] : j.items()) {
      json k = key;
      substitute(k);
      copy[k.get<std::string>()] = value;
      substitute(copy[k.get<std::string>()]);
    }
    j = std::move(copy);
  } else if (j.is_array()) {
    for (auto& child : j) substitute(child);
  }
}

// Empty when `actual` matches `expected`, else where it differs.
std::string whereDiffers(const json& expected, const json& actual, const std::string& at) {
  if (expected == "$ANY") return "";
  if (expected.is_string() && expected.get<std::string>().rfind("$CONTAINS:", 0) == 0) {
    std::string needle = expected.get<std::string>().substr(10);
    if (actual.is_string() && actual.get<std::string>().find(needle) != std::string::npos) return "";
    return at + ": expected a string containing '" + needle + "', got " + actual.dump();
  }
  if (expected.is_object()) {
    if (!actual.is_object()) return at + ": expected an object, got " + actual.dump();
    for (const auto& [key, value] : expected.items()) {
      if (!actual.contains(key)) return at + ": missing key '" + key + "' in " + actual.dump();
      std::string why = whereDiffers(value, actual[key], at + "." + key);
      if (!why.empty()) return why;
    }
    return "";
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size())
      return at + ": expected " + std::to_string(expected.size()) + " elements, got " + actual.dump();
    for (size_t i = 0; i < expected.size(); ++i) {
      std::string why = whereDiffers(expected[i], actual[i], at + "[" + std::to_string(i) + "]");
      if (!why.empty()) return why;
    }
    return "";
  }
  return expected == actual ? "" : at + ": expected " + expected.dump() + ", got " + actual.dump();
}

class LspReplay : public testing::TestWithParam<fs::path> {};

TEST_P(LspReplay, EveryMessageAsRecorded) {
  std::deque<json> outgoing;
  gpulint::lsp::Server server([&](const json& m) { outgoing.push_back(m); });
  gpulint::lsp::FrameDecoder decoder;
  auto pump = [&] {
    while (auto frame = decoder.next()) server.receive(std::move(*frame));
    server.process();
  };
  std::ifstream in(GetParam());
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    json step = json::parse(line, nullptr, false);
    ASSERT_FALSE(step.is_discarded()) << "line " << number << " is not JSON";
    substitute(step);
    std::string where = GetParam().filename().string() + ":" + std::to_string(number);
    if (step.contains("send")) {
      decoder.feed(gpulint::lsp::encodeFrame(step["send"]));
    } else if (step.contains("sendRaw")) {
      decoder.feed(step["sendRaw"].get<std::string>());
    } else if (step.contains("expect")) {
      pump();
      ASSERT_FALSE(outgoing.empty()) << where << ": no message for " << step["expect"].dump();
      std::string why = whereDiffers(step["expect"], outgoing.front(), "message");
      ASSERT_EQ(why, "") << where;
      outgoing.pop_front();
    } else if (step.contains("exitCode")) {
      pump();
      EXPECT_TRUE(server.exited()) << where;
      EXPECT_EQ(server.exitCode(), step["exitCode"].get<int>()) << where;
    } else {
      FAIL() << where << ": unknown step";
    }
  }
  pump();
  for (const auto& m : outgoing) ADD_FAILURE() << "unexpected message: " << m.dump().substr(0, 400);
}

std::vector<fs::path> sessions() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata" / "lsp"))
    if (e.path().extension() == ".jsonl") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

INSTANTIATE_TEST_SUITE_P(Sessions, LspReplay, testing::ValuesIn(sessions()),
                         [](const testing::TestParamInfo<fs::path>& info) {
                           std::string name = info.param.stem().string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
