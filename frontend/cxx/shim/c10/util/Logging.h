// gpulint shim of <c10/util/Logging.h>: the glog-style LOG/CHECK macros
// PyTorch provides (and extensions use for host-side messages). Each streams
// into a sink whose operator<< accepts anything; severities are not modelled.
#pragma once
// The log-level flag (C10_DECLARE_int(caffe2_log_level) in PyTorch).
extern int FLAGS_caffe2_log_level;
namespace c10::detail {
struct LogSink {
  template <typename T> LogSink& operator<<(const T&) { return *this; }
};
LogSink& logSink();
// Turns `sink << a << b` into void, so LOG_IF can be one expression.
struct LogVoidify {
  void operator&(LogSink&) {}
};
}  // namespace c10::detail
#define LOG(severity) ::c10::detail::logSink()
#define LOG_IF(severity, condition) !(condition) ? (void)0 : ::c10::detail::LogVoidify() & LOG(severity)
#define VLOG(level) LOG(INFO)
#define VLOG_IF(level, condition) LOG_IF(INFO, condition)
#define LOG_EVERY_N(severity, n) LOG(severity)
#define CHECK(condition) LOG_IF(FATAL, !(condition))
#define CHECK_EQ(a, b) CHECK((a) == (b))
#define CHECK_NE(a, b) CHECK((a) != (b))
#define CHECK_LT(a, b) CHECK((a) < (b))
#define CHECK_LE(a, b) CHECK((a) <= (b))
#define CHECK_GT(a, b) CHECK((a) > (b))
#define CHECK_GE(a, b) CHECK((a) >= (b))
#define CHECK_NOTNULL(value) (value)
#define DCHECK(condition) CHECK(condition)
#define DCHECK_EQ(a, b) CHECK_EQ(a, b)
#define DCHECK_NE(a, b) CHECK_NE(a, b)
#define DCHECK_LT(a, b) CHECK_LT(a, b)
#define DCHECK_LE(a, b) CHECK_LE(a, b)
#define DCHECK_GT(a, b) CHECK_GT(a, b)
#define DCHECK_GE(a, b) CHECK_GE(a, b)
