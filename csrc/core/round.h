/*
** round.h -- rounding what an animation writes (the `round` option).
**
** A rounding is a step q > 0, v -> q floor(v / q + 1/2) (multiples of q,
** halves up; whole numbers are q = 1), or a set of allowed values, v ->
** the nearest member (on a tie the one listed first).  Only the values
** written and returned are rounded: the motion that makes them stays
** exact.  Pure C99.
*/
#ifndef KINETIC_ROUND_H
#define KINETIC_ROUND_H

typedef struct kn_round {
  double q;            /* step > 0, or 0: a set, or none (nset 0) */
  const double *set;   /* nset allowed values, in the caller's order */
  int nset;
} kn_round;

/* No rounding: v unchanged. */
#define KN_ROUND_NONE { 0.0, 0, 0 }

/* Whether r rounds at all. */
int kn_round_active(const kn_round *r);

/* v rounded by r (v itself when r rounds nothing). */
double kn_round_value(const kn_round *r, double v);

/* n values rounded in place. */
void kn_round_values(const kn_round *r, double *v, int n);

#endif
