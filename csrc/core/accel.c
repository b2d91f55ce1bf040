/*
** accel.c -- accel1 / accel2 (see accel.h for the derivation summary).
**
** accel1: uniformly accelerated motion F(x) = v0 x + a x^2 / 2 with
**   F(1) = 1 gives a = 2 (1 - v0).
** accel2: the first half is accel1 scaled by 1/2 in both axes,
**   F1(x) = (1/2) F(2x) = v0 x + 2 (1 - v0) x^2; the second half is the
**   parabola through (1/2, 1/2) and (1, 1) with F2'(1) = v0:
**   F2(x) = (2v0 - 2) x^2 + (4 - 3v0) x + (v0 - 1) = 1 - F1(1 - x),
**   evaluated in the latter form (exact symmetry, no cancellation at 1).
** Outside [0,1] the polynomials simply continue.
*/
#include "fpcontract.h"
#include "accel.h"

double kn_accel1_eval(double v0, double x) {
  if (x == 1.0) return 1.0;
  return x * (v0 + (1.0 - v0) * x);
}

static double half1(double v0, double x) {
  return x * (v0 + 2.0 * (1.0 - v0) * x);
}

double kn_accel2_eval(double v0, double x) {
  if (x <= 0.5) return half1(v0, x);
  return 1.0 - half1(v0, 1.0 - x);
}

static double after(double c, double x, double next) {
  return c > x && c < next ? c : next;
}

double kn_accel_next_break(int kind, double v0, double x) {
  double c, next = 1.0;
  if (v0 == 1.0) return 1.0;                       /* F = x */
  c = -v0 / (2.0 * (1.0 - v0));
  if (kind == 1) return after(c, x, next);
  next = after(0.5, x, next);
  next = after(c / 2.0, x, next);
  return after(1.0 - c / 2.0, x, next);
}
