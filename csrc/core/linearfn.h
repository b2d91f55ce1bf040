/*
** linearfn.h -- CSS linear(<stops>) piecewise-linear easing.
**
** Points are stored as n pairs {input, output}, input in PERCENT (as the
** CSS text and Blink store it), in a caller-provided array of 2n doubles.
*/
#ifndef KINETIC_LINEARFN_H
#define KINETIC_LINEARFN_H

#include <stddef.h>

/* Turn parsed stops into points, in place.  On entry each input is either
   a percentage or NaN (stop without one).  CSS Easing 2 "create a linear
   easing function": inputs never decrease (each is max(itself, the largest
   so far)); a missing first input is 0, a missing last one max(100, largest);
   runs of missing inputs are spaced evenly between their neighbours. */
void kn_linearfn_normalize(double *pts, size_t n);

/* Output at progress p (n >= 2). */
double kn_linearfn_eval(const double *pts, size_t n, double p);

/* The first stop input after p (as a fraction, below 1), or 1: the
   easing is linear, so monotone, between two stops. */
double kn_linearfn_next_break(const double *pts, size_t n, double p);

#endif
