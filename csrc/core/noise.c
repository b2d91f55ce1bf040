/*
** noise.c -- gradient noise (noise.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "noise.h"

#define M 2147483647.0                   /* 2^31 - 1, prime */

/* a mod M in [0, M), for an integer a with |a| < 2^53: q = floor(a / M) may
   be one off (a / M rounded), so the remainder a - q M (exact: q M < 2^53)
   is put back into range. */
static double mod_m(double a) {
  double r = a - floor(a / M) * M;
  if (r < 0.0) r += M;
  else if (r >= M) r -= M;
  return r;
}

/* x y mod M for integers 0 <= x, y < 2^31 + 2^17: y split as y1 2^16 + y0,
   each partial product below 2^48. */
static double mul_m(double x, double y) {
  double y1 = floor(y / 65536.0), y0 = y - y1 * 65536.0;
  double t = mod_m(mod_m(x * y1) * 65536.0);
  return mod_m(t + x * y0);
}

/* The gradient at integer i (|i| < 2^53) for seed: a multiplicative mix
   with the seed, two nonlinear rounds (squarings), in [-1, 1). */
static double gradient(double i, double seed) {
  double a = mod_m(i);
  double h = mod_m(a * 16807.0 + mod_m(seed));
  h = mul_m(h + 12345.0, h + 67890.0);
  h = mod_m(h * 48271.0 + a);
  h = mul_m(h + 3.0, h + 7.0);
  return h / M * 2.0 - 1.0;
}

double kn_noise(double x, double seed) {
  double i, f, a, b, s;
  if (!(fabs(x) < 4503599627370496.0)) return 0.0;     /* 2^52: an integer */
  i = floor(x);
  f = x - i;                                           /* exact */
  if (f == 0.0) return 0.0;
  a = gradient(i, seed) * f;
  b = gradient(i + 1.0, seed) * (f - 1.0);
  s = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  return 2.0 * (a + s * (b - a));
}
