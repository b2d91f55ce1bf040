/*
** kmath.h -- kinetic's own versions of the math functions whose results
** differ between libms (or that Lua's `math` lacks).
**
** The inexact functions are computed by kinetic's own algorithms, written
** with + - * /, sqrt, floor and exact power-of-two scaling (frexp, ldexp)
** only, so they give the same bits under every C library, and the Lua
** backend (lua/kinetic/pure/kmath.lua) repeats the same operations in the
** same order.  Measured against mpmath (spec/kmath_spec.lua): every result
** within 1 ulp.
*/
#ifndef KINETIC_KMATH_H
#define KINETIC_KMATH_H

double kn_expm1(double x);            /* e^x - 1 */
double kn_log1p(double x);            /* ln(1 + x) */
double kn_cbrt(double x);             /* the real cube root */
double kn_hypot(double x, double y);  /* sqrt(x^2 + y^2) without overflow */
double kn_exp2(double x);             /* 2^x */
double kn_tanh(double x);
double kn_atanh(double x);

/* pow(x, y), except that y == 2 gives x*x (as Lua 5.4's x^y does). */
double kn_pow(double x, double y);

/* fmin/fmax with one answer for signed zeros: the first argument when the
   two compare equal (fmin(+0, -0) = +0), the other one beside a NaN (what
   glibc does; musl returns -0 there). */
double kn_fmin(double x, double y);
double kn_fmax(double x, double y);

#endif
