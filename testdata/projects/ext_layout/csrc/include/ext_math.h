// Found through the extension's csrc/include root (an angled include).
#pragma once
inline int ext_ceil_div(int a, int b) { return (a + b - 1) / b; }
