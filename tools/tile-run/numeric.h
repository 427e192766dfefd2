//===- numeric.h - Host f16/bf16 conversion and random data -----*- C++ -*-===//
//
// Inputs are generated and rounded on the host so a run is reproducible from
// its seed alone, whatever GPU or library version executes it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_NUMERIC_H
#define TILE_RUN_NUMERIC_H

#include "tile_runtime.h"

#include <cstdint>
#include <cstring>

namespace tilerun {

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

// IEEE binary16, round to nearest even, with subnormals, overflow to
// infinity and quiet NaNs.
inline uint16_t floatToHalf(float value) {
  uint32_t f = floatBits(value);
  const uint32_t sign = f & 0x80000000u;
  f ^= sign;
  uint16_t h;
  if (f >= (127u + 16u) << 23) {
    // |value| >= 65536 (or Inf/NaN): nothing finite is left.
    h = f > 0x7F800000u ? 0x7E00 : 0x7C00;
  } else if (f < 113u << 23) {
    // Below the smallest normal half: adding a magic constant makes the FPU
    // shift the mantissa into place and round it to nearest even for us.
    const uint32_t magic = ((127u - 15u) + (23u - 10u) + 1u) << 23;
    h = static_cast<uint16_t>(floatBits(bitsFloat(f) + bitsFloat(magic)) -
                              magic);
  } else {
    // Rebias the exponent and round the 13 dropped bits to nearest even;
    // a carry out of the mantissa correctly bumps the exponent (to Inf for
    // values in [65520, 65536)).
    const uint32_t mantissaOdd = (f >> 13) & 1u;
    f += (static_cast<uint32_t>(15 - 127) << 23) + 0xFFFu + mantissaOdd;
    h = static_cast<uint16_t>(f >> 13);
  }
  return static_cast<uint16_t>(h | (sign >> 16));
}

inline float halfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu;
  const uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0) {
    // Zero or subnormal: mantissa * 2^-24, exact in float.
    float v = static_cast<float>(mantissa) * (1.0f / 16777216.0f);
    return sign ? -v : v;
  }
  if (exponent == 31)
    return bitsFloat(sign | 0x7F800000u | (mantissa << 13));
  return bitsFloat(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

// bfloat16 is the top half of a float; round the dropped half to nearest
// even and keep NaNs quiet (a plain carry could turn a NaN into Inf).
inline uint16_t floatToBf16(float value) {
  uint32_t f = floatBits(value);
  if ((f & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((f >> 16) | 0x0040u);
  f += 0x7FFFu + ((f >> 16) & 1u);
  return static_cast<uint16_t>(f >> 16);
}

inline float bf16ToFloat(uint16_t b) {
  return bitsFloat(static_cast<uint32_t>(b) << 16);
}

// A 16-bit element of `type` (f16, else bf16) and back.
inline float toFloat(tile_rt_dtype type, uint16_t bits) {
  return type == TILE_RT_F16 ? halfToFloat(bits) : bf16ToFloat(bits);
}
inline uint16_t toBits(tile_rt_dtype type, float value) {
  return type == TILE_RT_F16 ? floatToHalf(value) : floatToBf16(value);
}

// splitmix64: tiny, fast, and good enough for test matrices.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [-1, 1) on a 2^-23 grid.
  float uniformSigned() {
    return static_cast<float>(next() >> 40) * (1.0f / 8388608.0f) - 1.0f;
  }

private:
  uint64_t state_;
};

} // namespace tilerun

#endif // TILE_RUN_NUMERIC_H
