/*
** angle.c -- angle normalization and the path from one angle to another.
*/
#include "fpcontract.h"
#include <math.h>

#include "angle.h"

/* a mod b = a - b*floor(a/b) */
double kn_fmod_floor(double a, double b) {
  double r = a - b * floor(a / b);
  /* a tiny negative a gives a + b, which rounds to b: that is 0 mod b */
  if (r >= b) r -= b;
  if (r < 0) r += b;           /* a/b rounded up to an integer */
  return r;
}

/* theta_360 = (360 + (theta mod 360)) mod 360; with the floored modulo the
   first mod already lands in [0, 360), the rest is a guard. */
double kn_angle_norm_full(double theta, double turn) {
  return kn_fmod_floor(turn + kn_fmod_floor(theta, turn), turn);
}

/* theta_180 = (theta + 180)_360 - 180 */
double kn_angle_norm_half(double theta, double turn) {
  double half = 0.5 * turn;
  return kn_angle_norm_full(theta + half, turn) - half;
}

void kn_angle_path(double alpha, double beta, double turn, int longest,
                   double *a, double *b) {
  double a360 = kn_angle_norm_full(alpha, turn);
  double b360 = kn_angle_norm_full(beta, turn);
  double a180 = kn_angle_norm_half(alpha, turn);
  double b180 = kn_angle_norm_half(beta, turn);
  double d360 = fabs(b360 - a360), d180 = fabs(b180 - a180);
  double fa, fb;
  if (d360 < d180) { fa = a360; fb = b360; }     /* the shorter way */
  else { fa = a180; fb = b180; }
  if (longest) fa += (fb >= fa) ? turn : -turn;  /* the other way round */
  *a = fa;
  *b = fb;
}
