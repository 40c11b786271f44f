#include "lsp/transport.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

namespace gpulint::lsp {

namespace {

constexpr std::string_view kHeaderEnd = "\r\n\r\n";
constexpr std::string_view kLengthHeader = "content-length";
constexpr size_t kMaxHeaderBytes = 8192;  // real headers are two short lines

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The Content-Length of a header block, or an error message.
std::optional<size_t> parseContentLength(std::string_view header, std::string* error) {
  std::optional<size_t> length;
  while (!header.empty()) {
    size_t eol = header.find("\r\n");
    std::string_view line = header.substr(0, eol);
    header = eol == std::string_view::npos ? std::string_view() : header.substr(eol + 2);
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      *error = "malformed header line (no ':')";
      return std::nullopt;
    }
    if (lower(trim(line.substr(0, colon))) != kLengthHeader) continue;  // Content-Type etc.
    std::string_view value = trim(line.substr(colon + 1));
    size_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size()) {
      *error = "Content-Length is not a non-negative integer";
      return std::nullopt;
    }
    length = n;
  }
  if (!length) *error = "header without Content-Length";
  return length;
}

Frame errorFrame(int code, std::string message) {
  Frame f;
  f.error_code = code;
  f.error = std::move(message);
  return f;
}

}  // namespace

void FrameDecoder::feed(std::string_view bytes) {
  if (skip_remaining_ > 0) {
    // An oversized body is dropped as it arrives instead of being buffered.
    size_t drop = std::min(skip_remaining_, bytes.size());
    skip_remaining_ -= drop;
    bytes.remove_prefix(drop);
  }
  buffer_.append(bytes);
}

void FrameDecoder::compact() {
  // Erasing the consumed prefix only when it dominates keeps feeding linear.
  if (start_ > 4096 && start_ * 2 > buffer_.size()) {
    buffer_.erase(0, start_);
    body_begin_ -= std::min(body_begin_, start_);
    start_ = 0;
  }
}

std::optional<Frame> FrameDecoder::resync(std::string message) {
  // Skip to the next thing that looks like a header; keep a tail that may be
  // the start of one split across reads.
  size_t next = buffer_.find("Content-Length:", start_ + 1);
  if (next == std::string::npos) {
    // Keep only what may begin a header: the last, unterminated, short line.
    next = std::max(start_ + 1, buffer_.size() > 14 ? buffer_.size() - 14 : 0);
    size_t newline = buffer_.rfind('\n');
    if (newline != std::string::npos && newline + 1 > next) next = newline + 1;
  }
  start_ = std::min(next, buffer_.size());
  compact();
  return errorFrame(error_code::kParseError, std::move(message));
}

std::optional<Frame> FrameDecoder::next() {
  if (skip_remaining_ > 0) return std::nullopt;
  if (!body_length_) {
    size_t end = buffer_.find(kHeaderEnd, start_);
    if (end == std::string::npos) {
      if (pending() > kMaxHeaderBytes) return resync("header too long or missing blank line");
      return std::nullopt;
    }
    std::string error;
    std::optional<size_t> length =
        parseContentLength(std::string_view(buffer_).substr(start_, end - start_), &error);
    if (!length) return resync(error);
    body_begin_ = end + kHeaderEnd.size();
    if (*length > kMaxBodyBytes) {
      size_t available = buffer_.size() - body_begin_;
      skip_remaining_ = *length - std::min(*length, available);
      start_ = body_begin_ + std::min(*length, available);
      compact();
      return errorFrame(error_code::kInvalidRequest,
                        "message of " + std::to_string(*length) + " bytes exceeds the 64 MiB limit");
    }
    body_length_ = length;
  }
  if (buffer_.size() - body_begin_ < *body_length_) return std::nullopt;
  std::string_view body = std::string_view(buffer_).substr(body_begin_, *body_length_);
  start_ = body_begin_ + *body_length_;
  body_length_.reset();
  Frame frame;
  json parsed = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded())
    frame = errorFrame(error_code::kParseError, "message body is not valid JSON");
  else
    frame.body = std::move(parsed);
  compact();
  return frame;
}

std::string encodeFrame(const json& message) {
  // Invalid UTF-8 cannot reach here (bodies are validated on parse), but a
  // replacement keeps a stray byte from throwing mid-session.
  std::string body = message.dump(-1, ' ', false, json::error_handler_t::replace);
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

bool FdTransport::fill(int timeout_ms) {
  pollfd p{in_, POLLIN, 0};
  int ready = ::poll(&p, 1, timeout_ms);
  if (ready < 0 && errno == EINTR) return true;
  if (ready <= 0) return false;
  char chunk[1 << 16];
  ssize_t n = ::read(in_, chunk, sizeof chunk);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
  if (n <= 0) {
    eof_ = true;
    return false;
  }
  decoder_.feed(std::string_view(chunk, static_cast<size_t>(n)));
  return true;
}

std::optional<Frame> FdTransport::read() {
  for (;;) {
    if (auto frame = decoder_.next()) return frame;
    if (eof_) return std::nullopt;
    fill(-1);
  }
}

std::optional<Frame> FdTransport::readIfReady() {
  for (;;) {
    if (auto frame = decoder_.next()) return frame;
    if (eof_ || !fill(0)) return std::nullopt;
  }
}

bool FdTransport::write(const json& message) {
  std::string bytes = encodeFrame(message);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(out_, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace gpulint::lsp
