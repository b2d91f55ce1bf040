/*
** gravity.h -- constant acceleration (Gravitas, Flutter GravitySimulation):
**   x(t) = x0 + v0 t + a t^2 / 2,   v(t) = v0 + a t.   Pure C99.
*/
#ifndef KINETIC_GRAVITY_H
#define KINETIC_GRAVITY_H

typedef struct kn_gravity {
  double acceleration, x0, v0;
  double end_distance;   /* done when |x| >= end_distance (Flutter); HUGE_VAL: never */
  double time;           /* simulation clock advanced by update */
} kn_gravity;

void kn_gravity_init(kn_gravity *g, double acceleration, double position,
                     double velocity, double end_distance);
void kn_gravity_at(const kn_gravity *g, double t, double *x, double *v);
int kn_gravity_done(const kn_gravity *g, double t);

#endif
