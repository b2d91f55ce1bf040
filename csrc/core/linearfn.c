/*
** linearfn.c -- CSS linear(), evaluated as Blink does:
**   A = the last point with 100 p >= input (the first point if none), moved
**   one back when it is the last point, B = A + 1;
**   equal inputs -> output(B) (right-continuous jumps), otherwise
**   out(A) + (p - in(A)/100) / ((in(B) - in(A))/100) * (out(B) - out(A)).
** So before the first and after the last point the end segments continue.
*/
#include "fpcontract.h"
#include <math.h>

#include "linearfn.h"

#define IN(i)  pts[2 * (i)]
#define OUT(i) pts[2 * (i) + 1]

void kn_linearfn_normalize(double *pts, size_t n) {
  double largest = -HUGE_VAL;
  size_t i, j, k;
  for (i = 0; i < n; i++) {
    if (!isnan(IN(i))) {
      if (IN(i) < largest) IN(i) = largest;
      largest = IN(i);
    } else if (i == 0) {
      IN(i) = 0.0;
      largest = 0.0;
    } else if (i == n - 1) {
      IN(i) = largest > 100.0 ? largest : 100.0;
    }
  }
  /* Runs of missing inputs: evenly spaced between the known neighbours.
     Each point is placed between the point just filled and the next known
     one, in[k] = in[k-1] + (in[j] - in[k-1]) / (j - k + 1): the rounding of
     this form reproduces every filled input Chromium 156 serializes in our
     fixtures (e.g. 54.550000000000004 and 81.8 in the "bounce" example),
     where in[i-1] + (in[j] - in[i-1]) * m / (run + 1) is 1 ulp off. */
  for (i = 1; i < n; i++) {
    if (!isnan(IN(i))) continue;
    for (j = i; isnan(IN(j)); j++) {}         /* IN(n-1) is known */
    for (k = i; k < j; k++)
      IN(k) = IN(k - 1) + (IN(j) - IN(k - 1)) / (double)(j - k + 1);
    i = j;
  }
}

double kn_linearfn_eval(const double *pts, size_t n, double p) {
  double x = 100.0 * p;
  size_t lo = 0, hi = n, a, b;
  while (lo < hi) {                 /* upper bound: first input > 100 p */
    size_t mid = lo + (hi - lo) / 2;
    if (x < IN(mid)) hi = mid; else lo = mid + 1;
  }
  a = lo == 0 ? 0 : lo - 1;
  if (a == n - 1) a--;
  b = a + 1;
  if (IN(a) == IN(b)) return OUT(b);
  return OUT(a) + ((p - IN(a) / 100.0) / ((IN(b) - IN(a)) / 100.0)) * (OUT(b) - OUT(a));
}

double kn_linearfn_next_break(const double *pts, size_t n, double p) {
  size_t lo = 0, hi = n;
  while (lo < hi) {                 /* first input > 100 p */
    size_t mid = lo + (hi - lo) / 2;
    if (100.0 * p < IN(mid)) hi = mid; else lo = mid + 1;
  }
  for (; lo < n; lo++) {
    double x = IN(lo) / 100.0;
    if (x > p) return x < 1.0 ? x : 1.0;
  }
  return 1.0;
}
