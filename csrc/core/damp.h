/*
** damp.h -- frame-rate independent smoothing towards a target.
**
** damp: the exact exponential approach
**   x(dt) = target + (current - target) e^{-rate dt},
** so that any split of time into frames gives the same curve (rate =
** ln 2 / half-life).
**
** smooth_damp: Unity's Mathf.SmoothDamp, with the exact exponential in
** place of its approximation 1/(1 + x + 0.48 x^2 + 0.235 x^3).  It is the
** critically damped spring of angular frequency w = 2 / smooth_time
** (smooth_time at least 1e-4, as Unity's), whose exact step over dt from
** offset y = current - target and velocity v is
**   y(dt) = (y + (v + w y) dt) e^{-w dt},
**   v(dt) = (v - w (v + w y) dt) e^{-w dt};
** before the step the offset is clamped to max_speed * smooth_time, and a
** step that passes the (unclamped) target lands on it with velocity 0
** (Unity's test: the target lies ahead of current and out beyond it, or it
** does not and out is not beyond it).  dt = 0 leaves the state as it is.
** Pure C99.
*/
#ifndef KINETIC_DAMP_H
#define KINETIC_DAMP_H

/* The smallest smooth_time smooth_damp uses (Unity's). */
#define KN_SMOOTH_TIME_MIN 1e-4

/* rate >= 0 and dt >= 0, everything finite (the caller checks); the result
   is finite, except that a difference current - target beyond the doubles
   is taken as e current + (1 - e) target. */
double kn_damp(double current, double target, double rate, double dt);

/* smooth_time > 0, dt >= 0, max_speed >= 0 (may be infinite), the rest
   finite (the caller checks).  Returns 0, or 1 when the new state is not
   finite (it overflowed); *x and *v are set either way. */
int kn_smooth_damp(double current, double target, double velocity, double smooth_time,
                   double dt, double max_speed, double *x, double *v);

#endif
