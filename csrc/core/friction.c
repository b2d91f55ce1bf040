/*
** friction.c -- exact drag motion with optional constant deceleration.
*/
#include "fpcontract.h"
#include <math.h>

#include "friction.h"
#include "kmath.h"

static double vel(const kn_friction *f, double t) {
  return f->v0 * kn_pow(f->drag, t) - f->cd * t;    /* pow: 400*0.3^1 == 120 exactly */
}

/* (drag^t - 1)/ln drag, the distance factor: with expm1, no cancellation
   for small t; for t ln drag below 1e-300 (so small that it underflows
   towards 0, and expm1(y)/y = 1 + y/2 + ... is 1 in double) it is t. */
static double dist(const kn_friction *f, double t) {
  double tl = t * f->log_drag;
  return fabs(tl) < 1e-300 ? t : kn_expm1(tl) / f->log_drag;
}

static double pos(const kn_friction *f, double t) {
  double x = f->x0 + f->v0 * dist(f, t) - 0.5 * f->cd * t * t;
  if (!isfinite(x) && t > 0) {
    /* both terms overflowed (inf - inf = NaN for a huge v0 and cd): the
       same distance as t (v0 q - cd t/2), q = dist/t = (drag^t - 1)/(t ln
       drag) in (0, 1].  Before the stop, cd t <= v0 drag^t <= |v0|, so the
       bracket is finite and the product is the distance or its infinity */
    x = f->x0 + t * (f->v0 * (dist(f, t) / t) - 0.5 * f->cd * t);
  }
  return x;
}

void kn_friction_init(kn_friction *f, double drag, double position, double velocity,
                      double constant_deceleration, double tolerance) {
  f->drag = drag;
  f->log_drag = log(drag);
  f->x0 = position;
  f->v0 = velocity;
  f->cd = velocity > 0 ? constant_deceleration : velocity < 0 ? -constant_deceleration : 0;
  f->tolerance = tolerance;
  f->time = 0;
  if (f->cd == 0) {
    f->stop_time = velocity == 0 ? 0 : HUGE_VAL;
  } else {
    /* g(t) = v0 drag^t - cd t is monotone and convex (or concave, sign of
       v0): Newton from 0 approaches the root from one side; finish with
       bisection against rounding. */
    double t = 0, lo = 0, hi;
    int i;
    for (i = 0; i < 100; i++) {
      double g = vel(f, t), dg = f->v0 * kn_pow(f->drag, t) * f->log_drag - f->cd;
      double nt = t - g / dg;
      if (!(nt > t)) break;
      t = nt;
    }
    hi = t;
    while (vel(f, hi) * f->v0 > 0) hi = hi * 2 + 1e-300;
    lo = hi;
    while (lo > 0 && vel(f, lo) * f->v0 <= 0) lo *= 0.5;
    if (vel(f, lo) * f->v0 <= 0) lo = 0;
    for (i = 0; i < 200; i++) {
      double mid = lo + (hi - lo) * 0.5;
      if (mid <= lo || mid >= hi) break;
      if (vel(f, mid) * f->v0 > 0) lo = mid; else hi = mid;
    }
    f->stop_time = hi;
  }
}

void kn_friction_at(const kn_friction *f, double t, double *x, double *v) {
  if (t >= f->stop_time) {
    *x = kn_friction_final_position(f);
    *v = 0;
    return;
  }
  *x = pos(f, t);
  *v = vel(f, t);
}

double kn_friction_final_position(const kn_friction *f) {
  if (f->stop_time == HUGE_VAL) return f->x0 - f->v0 / f->log_drag;
  return pos(f, f->stop_time);
}

double kn_friction_time_at(const kn_friction *f, double x) {
  double fin, lo, hi;
  int i;
  if (x == f->x0) return 0;
  fin = kn_friction_final_position(f);
  /* x must lie strictly between x0 and the final position (cd = 0: never
     reached) or on it (cd > 0: reached at stop_time) */
  if (f->v0 == 0) return HUGE_VAL;
  if (f->v0 > 0 ? (x < f->x0 || x > fin) : (x > f->x0 || x < fin)) return HUGE_VAL;
  if (f->cd == 0) {
    double r;
    if (x == fin) return HUGE_VAL;
    /* drag^t = 1 + r, r = (x - x0) ln(drag) / v0 in (-1, 0] between x0 and
       the final position; where x - x0 or the product overflows, the same
       r from x/v0 - x0/v0; at or past -1 (rounding next to the final
       position, or no such r) the position is never reached */
    r = (x - f->x0) * f->log_drag / f->v0;
    if (!isfinite(r)) r = (x / f->v0 - f->x0 / f->v0) * f->log_drag;
    if (!(r > -1)) return HUGE_VAL;
    return kn_log1p(r) / f->log_drag;
  }
  if (x == fin) return f->stop_time;
  lo = 0; hi = f->stop_time;                 /* x(t) monotone on [0, stop] */
  for (i = 0; i < 200; i++) {
    double mid = lo + (hi - lo) * 0.5;
    if (mid <= lo || mid >= hi) break;
    if ((pos(f, mid) - x) * f->v0 < 0) lo = mid; else hi = mid;
  }
  return (fabs(pos(f, lo) - x) < fabs(pos(f, hi) - x)) ? lo : hi;
}

int kn_friction_done(const kn_friction *f, double t) {
  double x, v;
  if (t >= f->stop_time) return 1;
  kn_friction_at(f, t, &x, &v);
  return fabs(v) < f->tolerance;
}
