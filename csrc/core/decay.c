/*
** decay.c -- Compose's exponential decay (decay.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "decay.h"
#include "kmath.h"

void kn_decay_init(kn_decay *d, double position, double velocity, double friction_multiplier,
                   double threshold) {
  d->friction_multiplier = friction_multiplier;
  d->threshold = threshold;
  d->x0 = position;
  d->v0 = velocity;
  d->rate = -KN_DECAY_FRICTION * friction_multiplier;
  d->time = 0;
  /* ln(threshold / |v0|) / f, as ln(threshold) - ln|v0|: no overflow of the
     ratio for a tiny threshold or a huge velocity */
  d->duration = fabs(velocity) > threshold ? (log(threshold) - log(fabs(velocity))) / d->rate
                                           : 0.0;
}

/* x(t) = x0 + v0 expm1(f t) / f: no cancellation for small t. */
static void state(const kn_decay *d, double t, double *x, double *v) {
  double ft = d->rate * t;
  *x = d->x0 + d->v0 * (kn_expm1(ft) / d->rate);
  *v = d->v0 * exp(ft);
}

void kn_decay_at(const kn_decay *d, double t, double *x, double *v) {
  if (t >= d->duration) {
    *x = kn_decay_final_position(d);
    *v = 0.0;
    return;
  }
  state(d, t, x, v);
}

double kn_decay_final_position(const kn_decay *d) {
  double x, v;
  state(d, d->duration, &x, &v);
  return x;
}

int kn_decay_done(const kn_decay *d, double t) { return t >= d->duration; }
