/*
** gravity.c -- constant acceleration.
*/
#include "fpcontract.h"
#include <math.h>

#include "gravity.h"

void kn_gravity_init(kn_gravity *g, double acceleration, double position,
                     double velocity, double end_distance) {
  g->acceleration = acceleration;
  g->x0 = position;
  g->v0 = velocity;
  g->end_distance = end_distance;
  g->time = 0;
}

/* x(t) in Flutter's GravitySimulation order.  Where its terms overflow
   with opposite signs (v0 t = +inf, a t^2/2 = -inf: inf - inf = NaN) the
   same polynomial in Horner form x0 + t (v0 + a t/2) cannot give NaN for
   finite inputs -- v0 + a t/2 is finite or the infinity of a's sign, and
   t >= 0 -- and it is taken whenever the first form leaves the doubles. */
void kn_gravity_at(const kn_gravity *g, double t, double *x, double *v) {
  double a = g->acceleration;
  *x = g->x0 + g->v0 * t + 0.5 * a * t * t;
  if (!isfinite(*x)) *x = g->x0 + t * (g->v0 + 0.5 * a * t);
  *v = g->v0 + a * t;
}

int kn_gravity_done(const kn_gravity *g, double t) {
  double x, v;
  kn_gravity_at(g, t, &x, &v);
  return fabs(x) >= g->end_distance;
}
