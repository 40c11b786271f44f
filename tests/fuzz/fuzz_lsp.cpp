// libFuzzer target: any bytes as what a client writes to `gpulint lsp`: the
// frame decoder, JSON-RPC dispatch, documents and every feature.
#include <cstddef>
#include <cstdint>
#include <string>

#include "lsp/server.h"
#include "lsp/transport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulint::lsp;
  Server server([](const json&) {});
  FrameDecoder decoder;
  decoder.feed(std::string_view(reinterpret_cast<const char*>(data), size));
  for (int frames = 0; frames < 64 && !server.exited(); ++frames) {
    auto frame = decoder.next();
    if (!frame) break;
    server.receive(std::move(*frame));
    server.process();
  }
  return 0;
}
