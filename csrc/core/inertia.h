/*
** inertia.h -- Motion's inertia (motion-dom, generators/inertia): a decay
** towards a target that a snap may move, with a spring at the bounds.
**
** With amplitude A = power v0 and target X = x0 + A -- or X = snap(x0 + A)
** and then A = X - x0 -- the decay is
**   x(t) = X - A e^{-t/tau},   v(t) = (A / tau) e^{-t/tau}
** (its velocity at 0 is A / tau, not v0), and it ends on X once
** |A| e^{-t/tau} <= rest_delta.  Where X lies beyond min or max the decay
** crosses that bound: at the crossing instant the motion hands off to a
** spring (mass 1, bounce_stiffness, bounce_damping) resting on the bound,
** starting there with the decay's velocity -- the exact instant, where
** Motion takes the first frame past the bound.  A start outside [min, max]
** is that spring from t = 0, towards the nearer bound (max on a tie), with
** the decay's starting velocity A / tau.  The spring ends on the bound
** once its displacement stays within rest_delta and its velocity within
** rest_speed for good (kn_spring_settle_time on each), where Motion
** tests each frame; rest_speed < 0 asks for motion-dom's default, 0.01
** when the spring starts within 5 units of the bound, else 2.  Pure C99.
*/
#ifndef KINETIC_INERTIA_H
#define KINETIC_INERTIA_H

#include "spring.h"

typedef struct kn_inertia {
  double x0, v0;
  double target, amplitude, tau;   /* the decay */
  double min, max;                 /* -HUGE_VAL / HUGE_VAL when absent */
  double rest_delta, rest_speed;
  double decay_end;                /* the decay ends on its target here */
  kn_spring_model spring;          /* the bound's spring */
  double handoff;                  /* the spring from here, HUGE_VAL: none */
  double spring_x0, spring_v0, bound;
  double spring_end;               /* seconds after the hand-off it rests */
  double time;                     /* the clock update advances */
} kn_inertia;

/* target: the decay's target after the snap (the caller applies it);
   tau > 0, min <= max, rest_delta >= 0, rest_speed >= 0 or < 0 for the
   default, a model the caller accepted. */
void kn_inertia_init(kn_inertia *m, double position, double velocity, double target,
                     double tau, double min, double max, double rest_delta,
                     double rest_speed, const kn_spring_model *spring);
void kn_inertia_at(const kn_inertia *m, double t, double *x, double *v);
int kn_inertia_done(const kn_inertia *m, double t);
/* Where it comes to rest: the bound of its spring, or the target. */
double kn_inertia_final_position(const kn_inertia *m);

#endif
