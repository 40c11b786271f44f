// ok: GPU400
// The project's own (vendored) copy of the library: it, not gpulint's
// stand-in, is what the extension's sources include.
#pragma once
namespace glm {
struct vec3 {
  float x, y, z;
};
inline float vendored_only_sum(const vec3& v) { return v.x + v.y + v.z; }
}  // namespace glm
