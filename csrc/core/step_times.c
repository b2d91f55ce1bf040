/*
** step_times.c -- the first crossings of the levels k/n (step_times.h).
**
** The easing is walked over its monotone pieces in order
** (kn_easing_next_break).  A piece whose value at its right end is below
** the next level holds no crossing: it is increasing and ends below, or
** decreasing and starts below (a piece is entered only with its left end
** below the level).  Otherwise the level is crossed inside it, once, and
** the crossing is bracketed by doubles a < b with g(a) < L <= g(b)
** (g(t) = E(t / D)): regula falsi with the Illinois modification narrows
** the bracket, then bisection on the bit patterns (ordered like the
** values, all being >= 0) brings it down to two neighbouring doubles, and
** b is the answer.  The levels are non-decreasing, so one walk serves
** them all.
*/
#include "fpcontract.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "names.h"
#include "step_times.h"

static double g(const kn_easing *e, double D, double t) {
  return kn_easing_eval(e, t / D, 0);
}

/* The double halfway between a and b (0 <= a < b) in bit pattern. */
static double bit_mid(double a, double b) {
  uint64_t ia, ib, im;
  double m;
  memcpy(&ia, &a, sizeof a);
  memcpy(&ib, &b, sizeof b);
  im = ia + (ib - ia) / 2;
  memcpy(&m, &im, sizeof m);
  return m;
}

/* A double t in (lo, hi] with g(t) >= L and g below L at the double
   before it, given g(lo) < L <= g(hi): the crossing, where g is monotone
   on [lo, hi]. */
static double crossing(const kn_easing *e, double D, double lo, double hi, double L) {
  double flo = g(e, D, lo) - L, fhi = g(e, D, hi) - L;
  int side = 0, i;
  for (i = 0; i < 40 && nextafter(lo, hi) < hi; i++) {
    double x = lo + (hi - lo) * (flo / (flo - fhi)), f;
    if (!(x > lo && x < hi)) x = bit_mid(lo, hi);
    f = g(e, D, x) - L;
    if (f >= 0.0) {
      hi = x; fhi = f;
      if (side == 1) flo *= 0.5;
      side = 1;
    } else {
      lo = x; flo = f;
      if (side == -1) fhi *= 0.5;
      side = -1;
    }
  }
  while (nextafter(lo, hi) < hi) {
    double m = bit_mid(lo, hi);
    if (g(e, D, m) >= L) hi = m; else lo = m;
  }
  return hi;
}

int kn_step_times(const kn_easing *e, size_t n, double D, double *out) {
  size_t k = 0;
  long pieces = 0;
  double a = 0.0, ga;
  if (!(kn_easing_max_breaks(e) <= KN_STEP_TIMES_MAX_PIECES)) return 0;
  ga = g(e, D, 0.0);
  while (k < n && ga >= (double)(k + 1) / (double)n) out[k++] = 0.0;
  while (k < n && a < D) {
    double p = kn_easing_next_break(e, a / D), b = p < 1.0 ? p * D : D, gb;
    if (b <= a) b = nextafter(a, HUGE_VAL);
    if (b > D) b = D;
    gb = g(e, D, b);
    while (k < n && gb >= (double)(k + 1) / (double)n) {
      a = crossing(e, D, a, b, (double)(k + 1) / (double)n);
      ga = g(e, D, a);
      while (k < n && ga >= (double)(k + 1) / (double)n) out[k++] = a;
    }
    a = b;
    ga = gb;
    if (++pieces > KN_STEP_TIMES_MAX_PIECES) return 0;
  }
  while (k < n) out[k++] = D;
  return 1;
}

int kn_step_times_count(double n, char *why, size_t cap) {
  char b[KN_NAMES_NUM_MAX];
  if (n >= 1.0 && n <= 16777216.0 && n == floor(n)) return 1;
  snprintf(why, cap, "integer in [1, 16777216] expected, got %s", kn_names_num(b, n));
  return 0;
}

int kn_step_times_duration(double duration, char *why, size_t cap) {
  char b[KN_NAMES_NUM_MAX];
  if (duration > 0.0) return 1;
  snprintf(why, cap, "duration > 0 expected, got %s", kn_names_num(b, duration));
  return 0;
}
