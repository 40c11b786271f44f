#pragma once
// LSP base protocol: `Content-Length` framed JSON-RPC messages. The decoder is
// a pure byte-buffer state machine (feed any chunking, take whole frames) so
// partial reads, huge messages and garbage are handled in one testable place;
// FdTransport only moves bytes between it and file descriptors.
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpulint::lsp {

using json = nlohmann::json;

// JSON-RPC / LSP error codes used by the server.
namespace error_code {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestCancelled = -32800;
}  // namespace error_code

// One decoded frame: a parsed JSON body, or a framing/JSON error to report.
struct Frame {
  std::optional<json> body;  // empty when the frame was malformed
  int error_code = 0;        // kParseError / kInvalidRequest when body is empty
  std::string error;         // what was wrong, for the error response
};

class FrameDecoder {
 public:
  // Bodies above this are skipped (and reported) instead of buffered.
  static constexpr size_t kMaxBodyBytes = 64u << 20;

  void feed(std::string_view bytes);
  // The next complete frame, or nullopt when more bytes are needed.
  [[nodiscard]] std::optional<Frame> next();
  // Bytes received but not yet part of a returned frame (truncated input).
  [[nodiscard]] size_t pending() const { return buffer_.size() - start_; }

 private:
  [[nodiscard]] std::optional<Frame> resync(std::string message);
  void compact();

  std::string buffer_;
  size_t start_ = 0;          // first unconsumed byte of buffer_
  size_t skip_remaining_ = 0;  // bytes of an oversized body still to drop
  size_t body_begin_ = 0;      // with body_length_: a header parsed, body awaited
  std::optional<size_t> body_length_;
};

// Frames one message for the wire.
[[nodiscard]] std::string encodeFrame(const json& message);

// The transport of `gpulint lsp`: frames from one fd, frames to another.
class FdTransport {
 public:
  FdTransport(int in_fd, int out_fd) : in_(in_fd), out_(out_fd) {}
  // Blocks until a frame is decoded; nullopt at end of input.
  [[nodiscard]] std::optional<Frame> read();
  // A frame only if one is already decodable or the input has bytes ready now;
  // lets the server coalesce queued changes before analysing.
  [[nodiscard]] std::optional<Frame> readIfReady();
  // False when the peer has gone.
  bool write(const json& message);

 private:
  bool fill(int timeout_ms);  // false at EOF/error or on timeout with nothing

  int in_;
  int out_;
  bool eof_ = false;
  FrameDecoder decoder_;
};

}  // namespace gpulint::lsp
