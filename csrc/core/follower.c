/*
** follower.c -- the least-time motion to rest at a target (follower.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "follower.h"

/* Append a phase of acceleration a and duration d from the plan's state at
   its end so far (x, v). */
static void add(kn_follower *f, double *x, double *v, double a, double d) {
  int k = f->n++;
  if (!(d > 0.0)) d = 0.0;               /* (a rounding below 0: none) */
  f->x[k] = *x;
  f->v[k] = *v;
  f->a[k] = a;
  f->t[k + 1] = f->t[k] + d;
  *x = *x + *v * d + 0.5 * a * d * d;
  *v = *v + a * d;
}

/* The plan from (x0, v0) to rest at the target (follower.h); 1 when it
   leaves the doubles. */
static int plan(kn_follower *f) {
  double A = f->max_acceleration, V = f->max_speed;
  double x = f->x0, v = f->v0, D, s, sgn, u, p;
  f->n = 0;
  f->t[0] = 0.0;
  if (fabs(v) > V) {                     /* too fast: brake down to V first */
    sgn = v > 0 ? 1.0 : -1.0;
    add(f, &x, &v, -sgn * A, (fabs(v) - V) / A);
    v = sgn * V;
  }
  D = f->target - x;
  s = v * fabs(v) / (2.0 * A);
  if (D == s) {                          /* braking now lands on it */
    if (v != 0.0) add(f, &x, &v, v > 0 ? -A : A, fabs(v) / A);
  } else {
    sgn = D > s ? 1.0 : -1.0;
    u = sgn * v;
    p = sqrt(A * (sgn * D) + v * v / 2.0);
    if (p <= V) {
      add(f, &x, &v, sgn * A, (p - u) / A);
      v = sgn * p;
      add(f, &x, &v, -sgn * A, p / A);
    } else {
      add(f, &x, &v, sgn * A, (V - u) / A);
      v = sgn * V;
      add(f, &x, &v, 0.0, (sgn * D - (V * V - u * u) / (2.0 * A) - V * V / (2.0 * A)) / V);
      add(f, &x, &v, -sgn * A, V / A);
    }
  }
  return !(isfinite(D) && isfinite(f->t[f->n]) && isfinite(x));
}

int kn_follower_init(kn_follower *f, double max_acceleration, double max_speed,
                     double position, double velocity, double target) {
  f->max_acceleration = max_acceleration;
  f->max_speed = max_speed;
  f->target = target;
  f->x0 = position;
  f->v0 = velocity;
  f->start = 0.0;
  f->time = 0.0;
  return plan(f);
}

int kn_follower_set_target(kn_follower *f, double target) {
  kn_follower old = *f;
  double x, v;
  kn_follower_at(f, f->time, &x, &v);
  f->x0 = x;
  f->v0 = v;
  f->start = f->time;
  f->target = target;
  if (plan(f)) {
    *f = old;
    return 1;
  }
  return 0;
}

void kn_follower_at(const kn_follower *f, double t, double *x, double *v) {
  double tau = t - f->start;
  int k;
  if (!(tau > 0.0)) {                    /* the plan's start (or before it) */
    *x = f->x0;
    *v = f->v0;
    return;
  }
  if (tau >= f->t[f->n]) {               /* at rest on the target */
    *x = f->target;
    *v = 0.0;
    return;
  }
  for (k = f->n - 1; k > 0 && tau < f->t[k]; k--) {}
  tau -= f->t[k];
  *x = f->x[k] + f->v[k] * tau + 0.5 * f->a[k] * tau * tau;
  *v = f->v[k] + f->a[k] * tau;
}

int kn_follower_done(const kn_follower *f, double t) {
  return t - f->start >= f->t[f->n];
}

double kn_follower_final_position(const kn_follower *f) {
  return f->target;
}

double kn_follower_remaining_time(const kn_follower *f) {
  double left = f->t[f->n] - (f->time - f->start);
  return left > 0.0 ? left : 0.0;
}
