/*
** follower.h -- the least-time motion to rest at a target under an
** acceleration limit A and a speed limit V (the double integrator's
** time-optimal control, bang-bang): accelerate at +-A, coast at V where it
** is reached, brake at A, arriving with velocity 0.
**
** The plan from position x, velocity v (|v| <= V, else first a braking
** phase at A down to |v| = V): D = target - x, s = v |v| / (2A) the
** displacement of braking now.  D = s: brake (nothing when v = 0).
** Otherwise go towards sgn = sign(D - s): the peak speed p along sgn of
** accelerate-then-brake solves (p^2 - v^2)/(2A) + p^2/(2A) = sgn D, so
**   p^2 = A sgn D + v^2 / 2   (p >= sgn v there);
** p <= V: accelerate (p - sgn v)/A, brake p/A; otherwise accelerate to V
** in (V - sgn v)/A, coast (sgn D - (V^2 - v^2)/(2A) - V^2/(2A)) / V, brake
** V/A.  Each phase has a constant acceleration, so the state at any time is
** a closed form: x_k + v_k tau + a_k tau^2 / 2.
**
** The clock starts at 0 when the follower is made; set_target re-plans
** from the state at the clock, and the plan then starts there (`start`):
** before it, at(t) gives the state the plan starts from.  Pure C99.
*/
#ifndef KINETIC_FOLLOWER_H
#define KINETIC_FOLLOWER_H

#define KN_FOLLOWER_PHASES 4

typedef struct kn_follower {
  double max_acceleration, max_speed, target;
  double x0, v0;          /* the state the plan starts from */
  double start;           /* the clock when it does */
  double time;            /* the clock update advances */
  int n;                  /* phases */
  double t[KN_FOLLOWER_PHASES + 1];   /* phase k runs from t[k] to t[k+1] (plan time) */
  double x[KN_FOLLOWER_PHASES], v[KN_FOLLOWER_PHASES], a[KN_FOLLOWER_PHASES];
} kn_follower;

/* max_acceleration > 0 finite, max_speed > 0 (may be infinite), the rest
   finite (the caller checks).  Returns 0, or 1 when the plan leaves the
   doubles (the follower is then unusable). */
int kn_follower_init(kn_follower *f, double max_acceleration, double max_speed,
                     double position, double velocity, double target);
/* Re-plan from the state at the clock towards target; 1 on overflow (the
   follower keeps its old plan). */
int kn_follower_set_target(kn_follower *f, double target);
void kn_follower_at(const kn_follower *f, double t, double *x, double *v);
int kn_follower_done(const kn_follower *f, double t);
double kn_follower_final_position(const kn_follower *f);
/* The time left from the clock until it is at rest on the target. */
double kn_follower_remaining_time(const kn_follower *f);

#endif
