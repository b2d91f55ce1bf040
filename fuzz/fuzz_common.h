/*
** fuzz_common.h -- helpers shared by the libFuzzer harnesses: a byte reader
** and a check that aborts (so libFuzzer records the input as a crash).
*/
#ifndef KINETIC_FUZZ_COMMON_H
#define KINETIC_FUZZ_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond, ...) do { if (!(cond)) { \
  fprintf(stderr, "CHECK failed at %s:%d: %s\n  ", __FILE__, __LINE__, #cond); \
  fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); abort(); } } while (0)

/* The same double, bit for bit (NaN equal to NaN: its payload is not part
   of any result). */
static inline int fz_same(double a, double b) {
  return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

typedef struct { const uint8_t *p; size_t n; } fz_in;

static inline uint8_t fz_byte(fz_in *in) {
  uint8_t b = 0;
  if (in->n) { b = *in->p++; in->n--; }
  return b;
}

/* A raw double from 8 bytes (zeros past the end). */
static inline double fz_raw(fz_in *in) {
  uint8_t b[8] = { 0 };
  double x;
  size_t k = in->n < 8 ? in->n : 8;
  memcpy(b, in->p, k);
  in->p += k; in->n -= k;
  memcpy(&x, b, 8);
  return x;
}

/* A finite double: a raw one when finite, otherwise a "nice" one chosen by
   the bytes (0, +-1, small fractions, powers of ten ...). */
static inline double fz_finite(fz_in *in) {
  uint8_t sel = fz_byte(in);
  if (sel < 96) {
    double x = fz_raw(in);
    return isfinite(x) ? x : 0.0;
  }
  if (sel < 192) return (double)(int8_t)fz_byte(in) / (double)(1 + fz_byte(in));
  {
    static const double nice[] = { 0, 1, -1, 0.5, 1e-300, -1e-300, 1e300, -1e300,
      1e-9, 1e9, 0.1, 0.25, 0.75, 2, 1.5, -0.5, 5e-324, 1.7976931348623157e308,
      1 - 1.1102230246251565e-16, 1.0000000000000002, 1e18, 1e-18, 100, 1000 };
    return nice[fz_byte(in) % (sizeof nice / sizeof nice[0])];
  }
}

/* A double in [0, 1]: raw when it falls there, else a byte fraction. */
static inline double fz_unit(fz_in *in) {
  double x = fz_finite(in);
  if (x >= 0 && x <= 1) return x;
  x = fabs(fmod(x, 1.0));
  return isfinite(x) ? x : 0.0;
}

#endif
