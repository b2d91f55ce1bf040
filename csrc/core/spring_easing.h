/*
** spring_easing.h -- a spring's exact motion as an easing, and its
** piecewise-linear (CSS linear()) approximation.
**
** A spring leaving `from` with velocity v0 towards `to` has the normalized
** displacement z(t) = (x(t) - to) / (from - to): z(0) = 1, z'(0) = -w with
** w = v0 / (to - from), and z'' + 2a z' + w0^2 z = 0 (a = c/2m, w0^2 = k/m).
** As an easing over `duration` D seconds:
**   E(p) = 1 - z(p D)          for p >= 0 (E(0) = 0; E -> 1 as p grows),
**   E(p) = w D p               for p < 0 (the tangent at 0, as CSS extends
**                               cubic-bezier() before its start).
** Every derivative of z solves the same equation, so each one is
** f(t) = e^{-at} [f(0) C(t) + (f'(0) + a f(0)) S(t)] with the C and S of
** spring.h; its zeros have closed forms (kn_spring_curve_next_zero).
*/
#ifndef KINETIC_SPRING_EASING_H
#define KINETIC_SPRING_EASING_H

#include <stddef.h>

#include "spring.h"

typedef struct kn_spring_curve {
  kn_spring_model model;
  double w;          /* initial velocity in distances per second, v0 / (to - from) */
  double duration;   /* D: seconds at p = 1 (> 0, finite) */
} kn_spring_curve;

void kn_spring_curve_init(kn_spring_curve *c, const kn_spring_model *m, double w,
                          double duration);

/* The curve of a spring's motion from its current state (s:easing,
   s:linear), in two steps around the binding's reading of a duration.
   kn_spring_curve_self: the spring gives one -- it has one component and
   is away from its target, whose distance normalizes the curve.
   kn_spring_curve_from: the curve over D seconds (given: D > 0; not
   given: the settle time within the rest threshold, which must be finite
   and > 0), its velocity over its distance finite.  Each returns
   KN_CURVE_OK or the kind of failure with the reason in why[cap]: the
   self (KN_CURVE_BAD_SELF), the duration given (KN_CURVE_BAD_DURATION),
   the duration missing (KN_CURVE_NO_DURATION). */
enum { KN_CURVE_OK, KN_CURVE_BAD_SELF, KN_CURVE_BAD_DURATION, KN_CURVE_NO_DURATION };
int kn_spring_curve_self(const kn_spring *s, char *why, size_t cap);
int kn_spring_curve_from(const kn_spring *s, double D, int given, kn_spring_curve *c,
                         char *why, size_t cap);

/* E(p), and its derivatives dE/dp and d2E/dp2, at any finite p. */
double kn_spring_curve_eval(const kn_spring_curve *c, double p);
double kn_spring_curve_slope(const kn_spring_curve *c, double p);
double kn_spring_curve_curvature(const kn_spring_curve *c, double p);

/* The first p > p0 where dE/dp (order 1) or d2E/dp2 (order 2) changes
   sign, or HUGE_VAL when it never does again. */
double kn_spring_curve_next_zero(const kn_spring_curve *c, int order, double p0);

/* Largest |E(p) - L(p)| over p in [a, b], L the chord of E from a to b.
   Between consecutive zeros of E'' the curve is convex or concave, so E' is
   monotone there and E - L has at most one stationary point (E' = slope of
   the chord): the maximum over each such piece is at its ends or at that
   point, which is found by bracketed Newton on E'.  The result is the true
   maximum up to the rounding of E (a few 1e-16).  The pieces are taken
   from a on, and the walk stops at the first piece that exceeds limit
   (the result is then above limit, and a lower bound). */
double kn_spring_curve_chord_error(const kn_spring_curve *c, double a, double b, double limit);

/* A bound on |E(p)| for p >= 0: E = 1 - z, and the energy z'^2 + w0^2 z^2
   never grows (damping >= 0), so |z| <= sqrt(1 + (w / w0)^2); without
   stiffness z = 1 - w (1 - e^{-2at}) / (2a), |z| <= 1 + |w| min(D, 1/(2a)). */
double kn_spring_curve_size(const kn_spring_curve *c);

/* Stops {input in percent, output} of a linear() easing within max_error of
   E on the whole of [0, 1] (max_error >= 1e-10): greedy farthest reach,
   each stop as far from the previous one as the chord error allows
   (bisection on the next stop's position, kept only where
   kn_spring_curve_chord_error says the chord is within the bound), on a
   decimal grid so that the numbers are short (see the .c file).  Writes at
   most cap stops to pts (2 doubles each) and returns how many the fit
   needs (more than cap: call again with room), or KN_SPRING_FIT_MAX + 1
   when it needs more than that, or when not even one step of the grid
   stays within max_error (a spring that rings for hundreds of periods
   within the duration, or a tiny max_error): it stops there.  Returns 0
   when max_error is within the rounding of a curve of this size
   (kn_spring_curve_size: a velocity millions of times the distance). */
#define KN_SPRING_FIT_MAX 10000
size_t kn_spring_curve_fit(const kn_spring_curve *c, double max_error, double *pts,
                           size_t cap);

/* The checks of s:linear(max_error): max_error >= 1e-7 (kn_spring_fit_tol),
   and a fit of n stops (kn_spring_curve_fit's count) within 1 ..
   KN_SPRING_FIT_MAX (kn_spring_fit_count); each 1, else 0 with the reason
   in why[cap]. */
int kn_spring_fit_tol(double max_error, char *why, size_t cap);
int kn_spring_fit_count(const kn_spring_curve *c, double max_error, size_t n, char *why,
                        size_t cap);

#endif
