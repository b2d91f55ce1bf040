/*
** friction.h -- motion under drag (Gravitas, Flutter FrictionSimulation):
**   v(t) = v0 drag^t - cd t,  x(t) = x0 + v0 (drag^t - 1)/ln(drag) - cd t^2/2
** with cd = constant_deceleration * sign(v0) (a magnitude opposing the
** motion).  With cd > 0 the motion stops for good when v reaches 0 (at
** stop_time); afterwards x = final position, v = 0.  Pure C99.
*/
#ifndef KINETIC_FRICTION_H
#define KINETIC_FRICTION_H

typedef struct kn_friction {
  double drag;        /* in (0, 1): fraction of velocity kept per second */
  double log_drag;    /* ln(drag) < 0 */
  double x0, v0;      /* state at simulation time 0 */
  double cd;          /* signed constant deceleration: magnitude * sign(v0) */
  double stop_time;   /* v = 0 from here on (HUGE_VAL when cd = 0) */
  double tolerance;   /* done when |v| < tolerance (Flutter: 1e-3) */
  double time;        /* simulation clock advanced by update */
} kn_friction;

void kn_friction_init(kn_friction *f, double drag, double position, double velocity,
                      double constant_deceleration, double tolerance);
/* State at simulation time t >= 0. */
void kn_friction_at(const kn_friction *f, double t, double *x, double *v);
double kn_friction_final_position(const kn_friction *f);
/* First time x is reached (0 when x == x0; HUGE_VAL when never). */
double kn_friction_time_at(const kn_friction *f, double x);
int kn_friction_done(const kn_friction *f, double t);

#endif
