/*
** damp.c -- exponential smoothing and Unity's SmoothDamp (damp.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "damp.h"

double kn_damp(double current, double target, double rate, double dt) {
  double e = exp(-rate * dt);
  double d = current - target;
  if (!isfinite(d)) return e * current + (1.0 - e) * target;   /* each term finite */
  return target + d * e;
}

int kn_smooth_damp(double current, double target, double velocity, double smooth_time,
                   double dt, double max_speed, double *x, double *v) {
  double st = smooth_time < KN_SMOOTH_TIME_MIN ? KN_SMOOTH_TIME_MIN : smooth_time;
  double w = 2.0 / st;
  double e = exp(-w * dt);
  double change = current - target, max_change = max_speed * st;
  double goal = target, temp, out, vel;
  if (dt == 0.0) {                       /* no time: the state as it is */
    *x = current;
    *v = velocity;
    return 0;
  }
  if (change > max_change) change = max_change;          /* within max_speed * st */
  else if (change < -max_change) change = -max_change;
  target = current - change;
  temp = (velocity + w * change) * dt;                    /* (v + w y) dt */
  vel = (velocity - w * temp) * e;
  out = target + (change + temp) * e;
  if ((goal - current > 0.0) == (out > goal)) {           /* passed the target: land on it */
    out = goal;
    vel = 0.0;
  }
  *x = out;
  *v = vel;
  return !(isfinite(out) && isfinite(vel));
}
