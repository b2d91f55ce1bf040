/*
** interp.c -- segment interpolation modes: linear, angles, polar.
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "angle.h"
#include "interp.h"
#include "kmath.h"

#define KN_TWO_PI 6.283185307179586476925286766559


/* The polar mode keeps lengths in quarters: a/4 - p/4 and the radius of
   two such offsets never overflow for finite points, and scaling by a
   power of two is exact, so wherever the unscaled formula stays in the
   normal range the results are its bits.  sqrt(x^2 + y^2) itself, or
   hypot where the squares leave the normal range (a radius below 1e-154
   would square to 0 and put the point on the pivot). */
const char *kn_interp_mode_name(int mode) {
  static const char names[4][16] = { "linear", "shortest-angle", "longest-angle", "polar" };
  return mode >= 0 && mode <= KN_INTERP_POLAR ? names[mode] : NULL;
}

static double radius(double x, double y) {
  double s = x * x + y * y;
  return s >= DBL_MIN && s <= DBL_MAX ? sqrt(s) : kn_hypot(x, y);
}

void kn_interp_prepare(int mode, int n, const double *a, const double *b,
                       double turn, const double *pivot, double *A, double *B) {
  int j;
  switch (mode) {
    case KN_INTERP_SHORTEST:
    case KN_INTERP_LONGEST:
      for (j = 0; j < n; j++)
        kn_angle_path(a[j], b[j], turn, mode == KN_INTERP_LONGEST, &A[j], &B[j]);
      break;
    case KN_INTERP_POLAR: {
      /* (d, theta) from the pivot to each point; a point on the
         pivot has no direction: it takes the other point's, so the motion
         is radial.  Lengths are kept in quarters (see radius). */
      double dx1 = a[0] * 0.25 - pivot[0] * 0.25, dy1 = a[1] * 0.25 - pivot[1] * 0.25;
      double dx2 = b[0] * 0.25 - pivot[0] * 0.25, dy2 = b[1] * 0.25 - pivot[1] * 0.25;
      double d1 = radius(dx1, dy1), d2 = radius(dx2, dy2);
      double t1 = atan2(dy1, dx1), t2 = atan2(dy2, dx2);
      if (d1 == 0.0) t1 = t2;
      if (d2 == 0.0) t2 = t1;
      A[0] = d1;
      B[0] = d2;
      /* theta is an angle: shortest way round (kn_angle_path) */
      kn_angle_path(t1, t2, KN_TWO_PI, 0, &A[1], &B[1]);
      break;
    }
    default:
      for (j = 0; j < n; j++) { A[j] = a[j]; B[j] = b[j]; }
      break;
  }
}

void kn_interp_eval(int mode, int n, const double *A, const double *B,
                    const double *a, const double *b, const double *pivot,
                    double f, double *out) {
  int j;
  if (mode == KN_INTERP_POLAR) {
    double d, th, dx, dy;
    if (f == 0.0) { out[0] = a[0]; out[1] = a[1]; return; }
    if (f == 1.0) { out[0] = b[0]; out[1] = b[1]; return; }
    d = A[0] + f * (B[0] - A[0]);
    th = A[1] + f * (B[1] - A[1]);
    /* x = x_v + d cos(theta), y = y_v + d sin(theta) about the pivot
       (x_v, y_v), d in quarters: 4 (x_v/4 + d/4 cos(theta)) -- inf only
       where x is beyond the doubles.
       An easing far outside [0,1] can take d beyond the doubles; where the
       direction is exactly along an axis (sin 0 = 0) that offset is 0, not
       inf * 0 */
    dx = d * cos(th);
    dy = d * sin(th);
    if (isinf(d) && isfinite(th)) {
      if (isnan(dx)) dx = 0.0;
      if (isnan(dy)) dy = 0.0;
    }
    out[0] = 4.0 * (pivot[0] * 0.25 + dx);
    out[1] = 4.0 * (pivot[1] * 0.25 + dy);
    return;
  }
  for (j = 0; j < n; j++) out[j] = kn_lerp(A[j], B[j], f);
}
