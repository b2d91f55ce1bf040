/*
** bezier_ns.c -- C-level cost of the cubic-bezier solver, no Lua involved,
** and a cross-check of the solver against the closed-form cubic formula.
**
**   cc -O2 -std=c99 -Icsrc/core bench/bezier_ns.c csrc/core/bezier.c -lm -o /tmp/bezier_ns && /tmp/bezier_ns
*/
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "bezier.h"

static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

int main(void) {
  static const double curves[][4] = {
    { 0.25, 0.1, 0.25, 1 }, { 0.05, 0.7, 0.1, 1 }, { 0, 1.5, 1, -0.5 }, { 1, 0, 0, 1 },
    { 0.68, -0.55, 0.265, 1.55 }
  };
  const int n = 2000000, m = 997;
  size_t c;
  for (c = 0; c < sizeof curves / sizeof curves[0]; c++) {
    kn_bezier b;
    double t0, t1, s = 0.0, worst = 0.0;
    int i;
    kn_bezier_init(&b, curves[c][0], curves[c][1], curves[c][2], curves[c][3]);
    t0 = now();
    for (i = 0; i < n; i++) s += kn_bezier_eval(&b, (double)(i % m) / m);
    t1 = now();
    for (i = 1; i < m; i++) {
      double t = (double)i / m;
      double d = fabs(kn_bezier_solve(&b, t) - kn_bezier_solve_closed(&b, t));
      if (d > worst) worst = d;
    }
    printf("cubic-bezier(%g, %g, %g, %g): %6.1f ns/eval   |u - u_closed_form| <= %.2g   (checksum %.6f)\n",
           curves[c][0], curves[c][1], curves[c][2], curves[c][3], (t1 - t0) * 1e9 / n, worst, s);
  }
  {
    /* construction (kn_bezier_init builds the fast path's table) */
    const int k = 200000;
    double t0 = now(), s = 0.0;
    int i;
    for (i = 0; i < k; i++) {
      kn_bezier b;
      kn_bezier_init(&b, 0.25, 0.1, 0.25, 1.0 - (i % 7) * 1e-3);
      s += b.g1;
    }
    printf("kn_bezier_init: %6.0f ns (checksum %.3f)\n", (now() - t0) * 1e9 / k, s);
  }
  return 0;
}
