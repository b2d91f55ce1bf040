/*
** accel.h -- accelerate(v0) and accelerate-decelerate(v0): constant
** acceleration from an initial speed v0 (normalized units: progress per
** unit of normalized time).
**   accel1: F(x) = v0 x + (1 - v0) x^2          (constant acceleration)
**   accel2: F1(x) = v0 x + 2 (1 - v0) x^2 for x <= 1/2 and
**           F2(x) = 1 - F1(1 - x) for x > 1/2   (symmetric accel./decel.)
** Both give F(0) = 0, F(1) = 1, F'(0) = v0; accel2 passes through
** (1/2, 1/2) and ends with speed v0.  Monotone for 0 <= v0 <= 2.
*/
#ifndef KINETIC_ACCEL_H
#define KINETIC_ACCEL_H

/* |v0| beyond this is refused (the bindings, the spec parser): above it
   2 (1 - v0) overflows in accel2.  The same bound as cubic-bezier's y. */
#define KN_ACCEL_V0MAX 1e300

double kn_accel1_eval(double v0, double x);
double kn_accel2_eval(double v0, double x);

/* The first point after x in (x, 1) where accel1 (kind 1) or accel2
   (kind 2) turns, or 1: F1' = v0 + 2 (1 - v0) x = 0 at x = -v0 / (2 (1 - v0));
   accel2's halves turn at half of that and at its mirror, and may change
   direction at 1/2. */
double kn_accel_next_break(int kind, double v0, double x);

#endif
