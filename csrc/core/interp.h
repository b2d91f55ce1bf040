/*
** interp.h -- how one segment moves its components from one keyframe to
** the next: linear, shortest/longest angle (angle.h), or polar about a
** pivot (distance and angle interpolated).
**
** A segment is prepared once (kn_interp_prepare: raw keyframes a, b into
** the endpoints A, B that are interpolated linearly) and then evaluated
** for any eased progress f (kn_interp_eval).
*/
#ifndef KINETIC_INTERP_H
#define KINETIC_INTERP_H

#include <math.h>

enum kn_interp_mode {
  KN_INTERP_LINEAR = 0,
  KN_INTERP_SHORTEST = 1,   /* angles, shortest way round */
  KN_INTERP_LONGEST = 2,    /* angles, the other way round */
  KN_INTERP_POLAR = 3       /* 2-vectors: distance and angle about a pivot */
};

/* The option name of a mode ("linear", "shortest-angle", "longest-angle",
   "polar"), NULL past the last (a kn_name_fn, names.h). */
const char *kn_interp_mode_name(int mode);

/* x = x1 + F*(x2 - x1), F the eased progress; F == 1 returns x2 itself,
   so keyframes are hit exactly.  The linear mode of kn_interp_eval, per
   component. */
static inline double kn_lerp(double x1, double x2, double f) {
  double d;
  if (f == 1.0) return x2;
  d = x2 - x1;
  if (isinf(d)) return x1 * (1.0 - f) + x2 * f;   /* |x2 - x1| overflows: no inf */
  return x1 + f * d;
}

/* Prepare n components.  `turn` is the full turn of angle modes (360 or
   2*pi); `pivot` (2 numbers) is used by polar mode only, for which n is 2
   and A, B receive {distance, angle in radians}. */
void kn_interp_prepare(int mode, int n, const double *a, const double *b,
                       double turn, const double *pivot, double *A, double *B);

/* out = the state at eased progress f.  f == 0 and f == 1 give the
   prepared endpoints exactly (for polar: the raw keyframes a and b). */
void kn_interp_eval(int mode, int n, const double *A, const double *B,
                    const double *a, const double *b, const double *pivot,
                    double f, double *out);

#endif
