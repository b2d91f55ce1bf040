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

void kn_gravity_at(const kn_gravity *g, double t, double *x, double *v) {
  *x = g->x0 + g->v0 * t + 0.5 * g->acceleration * t * t;
  *v = g->v0 + g->acceleration * t;
}

int kn_gravity_done(const kn_gravity *g, double t) {
  double x, v;
  kn_gravity_at(g, t, &x, &v);
  return fabs(x) >= g->end_distance;
}
