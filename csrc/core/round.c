/*
** round.c -- rounding what an animation writes (round.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "round.h"

int kn_round_active(const kn_round *r) {
  return r->q > 0.0 || r->nset > 0;
}

/* The member of set nearest v: |v - s_i| smallest, the first on a tie. */
static double nearest(const double *set, int n, double v) {
  double best = set[0], dist = fabs(v - set[0]);
  int i;
  for (i = 1; i < n; i++) {
    double d = fabs(v - set[i]);
    if (d < dist) { dist = d; best = set[i]; }
  }
  return best;
}

double kn_round_value(const kn_round *r, double v) {
  if (r->q > 0.0) return r->q * floor(v / r->q + 0.5);
  if (r->nset > 0) return nearest(r->set, r->nset, v);
  return v;
}

void kn_round_values(const kn_round *r, double *v, int n) {
  int i;
  if (!kn_round_active(r)) return;
  for (i = 0; i < n; i++) v[i] = kn_round_value(r, v[i]);
}
