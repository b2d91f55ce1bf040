/*
** bezier.c -- cubic-bezier() solved to the last bits.
**
** x(u) = 3(1-u)^2 u x1 + 3(1-u) u^2 x2 + u^3, written in power form
**   x(u) = c u + b u^2 + a u^3,  c = 3 x1, b = 3 x2 - 6 x1, a = 1 + 3 x1 - 3 x2
** (the same for y).  For t in (0,1) we find the u with x(u) = t in two
** passes of a safeguarded Newton iteration (Newton inside a bracket that
** every residual sign shrinks, bisection whenever Newton leaves the bracket
** or stops halving the step -- "rtsafe"):
**   1. plain double arithmetic, from u = t, until the step vanishes;
**   2. the same iteration with the residual x(u) - t evaluated in
**      double-double arithmetic (error-free products and sums), from
**      [0,1] again, starting at the pass-1 root.
** Pass 2 makes the residual correct to ~1e-32, so u is resolved to the
** last bit even where x'(u) = 0 (vertical tangents at the ends, the
** flat inflection of cubic-bezier(1,0,0,1) at 0.5), where plain double
** residuals are pure rounding noise.  It usually costs 2 evaluations.
**
** The fast path (kn_bezier_eval): a table built at init holds, for each
** of KN_BEZIER_N intervals of t, the cubic Hermite interpolant of the
** inverse u(t) (nodes and du/dt = 1/x' at both ends) and whether the
** interval is well conditioned throughout (x' >= 1/16, |dy/dx| <= 8).
** There eval is one polynomial guess and usually one third-order step in
** double; everywhere else the path above.
*/
#include "fpcontract.h"
#include <math.h>
#include <stddef.h>

#include "bezier.h"
#include "kmath.h"

/* ---- error-free transformations (Dekker / Knuth) ---------------------- */

static void two_sum(double a, double b, double *s, double *e) {
  double bb;
  *s = a + b;
  bb = *s - a;
  *e = (a - (*s - bb)) + (b - bb);
}

static void split(double a, double *hi, double *lo) {
  double t;
  if (fabs(a) > 6.69692879491417e+299) {   /* 2^996: (2^27 + 1) a would overflow */
    double s = a * 3.7252902984619140625e-09;   /* 2^-28, exact */
    t = 134217729.0 * s;
    *hi = (t - (t - s)) * 268435456.0;
    *lo = a - *hi;
    return;
  }
  t = 134217729.0 * a;                 /* 2^27 + 1 */
  *hi = t - (t - a);
  *lo = a - *hi;
}
static void two_prod(double a, double b, double *p, double *e) {
  double ah, al, bh, bl;
  *p = a * b;
  split(a, &ah, &al);
  split(b, &bh, &bl);
  *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

/* (h,l) = (ah,al) + (bh,bl), renormalized */
static void dd_add(double ah, double al, double bh, double bl,
                   double *h, double *l) {
  double s, e;
  two_sum(ah, bh, &s, &e);
  e += al + bl;
  *h = s + e;
  *l = e - (*h - s);
}

/* ---- one coordinate ------------------------------------------------------ */

static void cubic_init(kn_cubic *k, double p1, double p2) {
  double c3h, c3l, p3h, p3l, h, l;
  two_prod(3.0, p1, &c3h, &c3l);                   /* 3 p1, exactly */
  two_prod(3.0, p2, &p3h, &p3l);                   /* 3 p2, exactly */
  k->c = c3h; k->cl = c3l;
  dd_add(p3h, p3l, -2.0 * c3h, -2.0 * c3l, &k->b, &k->bl);
  dd_add(1.0, 0.0, c3h, c3l, &h, &l);
  dd_add(h, l, -p3h, -p3l, &k->a, &k->al);
}

static double cubic_d(const kn_cubic *k, double u) {
  return ((k->a * u + k->b) * u + k->c) * u;
}

static double cubic_deriv(const kn_cubic *k, double u) {
  return (3.0 * k->a * u + 2.0 * k->b) * u + k->c;
}

/* ((a u + b) u + c) u - t in double-double (compensated Horner), rounded
   once at the end. */
static double cubic_dd(const kn_cubic *k, double u, double t) {
  double h = k->a, l = k->al, p, e, s, f;
  two_prod(h, u, &p, &e); e += l * u;
  two_sum(p, k->b, &s, &f); f += e + k->bl;
  h = s + f; l = f - (h - s);
  two_prod(h, u, &p, &e); e += l * u;
  two_sum(p, k->c, &s, &f); f += e + k->cl;
  h = s + f; l = f - (h - s);
  two_prod(h, u, &p, &e); e += l * u;
  two_sum(p, -t, &s, &f); f += e;
  return s + f;
}

/* Safeguarded Newton for k(u) = t on [lo,hi] within [0,1], k non-decreasing,
   k(lo) <= t <= k(hi).  Stops when the Newton step is below one ulp of u,
   returning the better of the two neighbours; `exact` selects the
   double-double residual. */
static double rtsafe(const kn_cubic *k, double t, double u, double lo, double hi,
                     int exact) {
  double dx = hi - lo, dxold = hi - lo;
  double best = u, bestr = HUGE_VAL;
  int i;
  for (i = 0; i < 200; i++) {
    double r = exact ? cubic_dd(k, u, t) : cubic_d(k, u) - t;
    double d, un;
    if (fabs(r) < bestr) { bestr = fabs(r); best = u; }
    if (r == 0.0) break;
    if (r < 0.0) lo = u; else hi = u;
    d = cubic_deriv(k, u);
    un = u - r / d;
    if (d > 0.0 && fabs(un - u) <= 2.3e-16 * fabs(u)) {
      /* converged to the last bit: keep whichever neighbour is closer */
      if (un != u) {
        double rn = exact ? cubic_dd(k, un, t) : cubic_d(k, un) - t;
        if (fabs(rn) < bestr) best = un;
      }
      break;
    }
    if (!(d > 0.0) || !(un > lo && un < hi) || fabs(2.0 * r) > fabs(dxold * d)) {
      un = lo + 0.5 * (hi - lo);                     /* bisection */
      if (!(un > lo && un < hi)) break;              /* lo, hi adjacent */
    }
    dxold = dx;
    dx = un - u;
    u = un;
  }
  return best;
}

/* Pass 1: Newton in double from the table guess, inside [lo,hi]; once a
   step is below 1e-9 the next iterate is already correct to ~1e-18 (the
   error squares), so that step is the last.  Returns -1 when Newton leaves
   the bracket or meets x' <= 0: the caller then runs the safeguarded
   iteration. */
static double newton_fast(const kn_cubic *k, double t, double u, double lo, double hi) {
  int i;
  for (i = 0; i < 8; i++) {
    double r = cubic_d(k, u) - t;
    double d = cubic_deriv(k, u);
    double un;
    if (!(d > 0.0)) return -1.0;
    un = u - r / d;
    if (!(un >= lo && un <= hi)) return -1.0;
    if (fabs(un - u) < 1e-9) return un;
    u = un;
  }
  return -1.0;
}

static double table_guess(const double *samples, double t, double *lo, double *hi) {
  int i = (int)(t * 10.0);
  if (i > 9) i = 9;
  while (i > 0 && samples[i] > t) i--;
  while (i < 9 && samples[i + 1] <= t) i++;
  *lo = i / 10.0;
  *hi = (i + 1) / 10.0;
  return samples[i + 1] > samples[i]
    ? *lo + (t - samples[i]) / (samples[i + 1] - samples[i]) * 0.1 : *lo;
}

/* Exact pass: safeguarded iterations, then the double-double polish. */
static double solve_exact(const kn_cubic *k, double t, double u, double lo, double hi) {
  u = rtsafe(k, t, u, lo, hi, 0);
  /* pass 2 from the whole [0,1]: pass 1's bracket came from signs of
     residuals that may be rounding noise */
  return rtsafe(k, t, u, 0.0, 1.0, 1);
}

static double solve_cubic(const kn_cubic *k, const double *samples, double t) {
  double lo = 0.0, hi = 1.0, u = t;
  if (samples != NULL) u = table_guess(samples, t, &lo, &hi);
  return solve_exact(k, t, u, lo, hi);
}

/* ---- the inverse table -------------------------------------------------- */

/* min and max of the quadratic k'(u) = 3a u^2 + 2b u + c on [u0,u1] */
static void deriv_range(const kn_cubic *k, double u0, double u1, double *mn, double *mx) {
  double d0 = cubic_deriv(k, u0), d1 = cubic_deriv(k, u1);
  *mn = d0 < d1 ? d0 : d1;
  *mx = d0 < d1 ? d1 : d0;
  if (k->a != 0.0) {
    double v = -k->b / (3.0 * k->a);
    if (v > u0 && v < u1) {
      double dv = cubic_deriv(k, v);
      if (dv < *mn) *mn = dv;
      if (dv > *mx) *mx = dv;
    }
  }
}

/* The table: nodes u(i/N) with their scaled slopes du/dt / N = 1/(N x'(u)),
   the Hermite cubic of each interval, and which intervals are well
   conditioned throughout: x' >= 1/16 and |y'| <= 8 x' on the whole
   u-interval (with a margin, so every t there would also pass
   eval_general's test at its root).  A node is Newton's root in double
   from the previous node's tangent where x' >= 1/16 there (what
   eval_general computes: exact to rounding), else the exact solver's. */
static void table_init(kn_bezier *b) {
  double node[2 * (KN_BEZIER_N + 1)];
  int i;
  for (i = 0; i <= KN_BEZIER_N; i++) {
    double t = (double)i / KN_BEZIER_N, u, d;
    if (i == 0) {
      u = 0.0;
    } else if (i == KN_BEZIER_N) {
      u = 1.0;
    } else {
      double prev = node[2 * i - 2], g = prev + node[2 * i - 1];
      u = newton_fast(&b->x, t, g > prev && g < 1.0 ? g : prev, prev, 1.0);
      if (!(u >= 0.0 && cubic_deriv(&b->x, u) >= 0.0625)) u = solve_cubic(&b->x, b->xs, t);
    }
    d = cubic_deriv(&b->x, u);
    node[2 * i] = u;
    node[2 * i + 1] = d > 0.0 ? 1.0 / (KN_BEZIER_N * d) : 0.0;
  }
  for (i = 0; i < KN_BEZIER_N; i++) {
    double u0 = node[2 * i], m0 = node[2 * i + 1], u1 = node[2 * i + 2], m1 = node[2 * i + 3];
    double du = u1 - u0, xmn, xmx, ymn, ymx;
    b->poly[4 * i] = u0;
    b->poly[4 * i + 1] = m0;
    b->poly[4 * i + 2] = 3.0 * du - 2.0 * m0 - m1;
    b->poly[4 * i + 3] = m0 + m1 - 2.0 * du;
    deriv_range(&b->x, u0, u1, &xmn, &xmx);
    deriv_range(&b->y, u0, u1, &ymn, &ymx);
    b->step[i] = 0.0;
    if (!b->identity && u1 > u0 && xmn >= 0.0625 * (1.0 + 1e-6) &&
        fabs(ymn) <= 8.0 * (1.0 - 1e-6) * xmn && fabs(ymx) <= 8.0 * (1.0 - 1e-6) * xmn) {
      /* A third-order step of length dl leaves an error of about
         |2 c2^2 - c3| dl^3, c2 = x''/2x', c3 = x'''/6x' = a/x' (Taylor's
         series of the cubic x ends at x''').  Here x' >= xmn and x'' is
         linear in u, so at most its larger end value X2:
         K = X2^2 / 2xmn^2 + |a| / xmn, doubled for the iterate straying a
         little outside the interval.  K dl^3 <= 2e-17 gives the longest
         accepted step.  The next terms are about c2 dl times this one;
         c2 <= sqrt(K)/2 and c2 <= 96 (|x''| <= 12, x' >= 1/16), so for an
         accepted step c2 dl <= min(96 dl, sqrt(2e-17/dl)/2) <= 1e-5.  The
         cap at 1e-5 on dl is a further guard. */
      double x2 = kn_fmax(fabs(6.0 * b->x.a * u0 + 2.0 * b->x.b),
                       fabs(6.0 * b->x.a * u1 + 2.0 * b->x.b));
      double K = 2.0 * (x2 * x2 / (2.0 * xmn * xmn) + fabs(b->x.a) / xmn);
      double d = K > 0.0 ? kn_cbrt(2e-17 / K) : 1e-5;
      b->step[i] = d < 1e-5 ? d : 1e-5;
    }
  }
}

/* ---- the curve ----------------------------------------------------------- */

void kn_bezier_init(kn_bezier *b, double x1, double y1, double x2, double y2) {
  b->x1 = x1; b->y1 = y1; b->x2 = x2; b->y2 = y2;
  cubic_init(&b->x, x1, x2);
  cubic_init(&b->y, y1, y2);
  {
    int i;
    for (i = 0; i <= 10; i++) b->xs[i] = cubic_d(&b->x, i / 10.0);
  }
  b->identity = (x1 == y1 && x2 == y2);
  /* large y coefficients: evaluate y(u) in double-double as well */
  b->ybig = fabs(b->y.a) + fabs(b->y.b) + fabs(b->y.c) > 8.0;
  table_init(b);
  /* Extrapolation gradients as Blink/WebKit/Servo compute them (and WPT
     asserts): the tangent at the end point, through the near control point
     unless it coincides with the end point; a vertical tangent gives 0. */
  if (x1 > 0.0) b->g0 = y1 / x1;
  else if (y1 == 0.0 && x2 > 0.0) b->g0 = y2 / x2;
  else if (y1 == 0.0 && y2 == 0.0) b->g0 = 1.0;
  else b->g0 = 0.0;
  if (x2 < 1.0) b->g1 = (y2 - 1.0) / (x2 - 1.0);
  else if (y2 == 1.0 && x1 < 1.0) b->g1 = (y1 - 1.0) / (x1 - 1.0);
  else if (y2 == 1.0 && y1 == 1.0) b->g1 = 1.0;
  else b->g1 = 0.0;
}

double kn_bezier_solve(const kn_bezier *b, double t) {
  if (t <= 0.0) return 0.0;
  if (t >= 1.0) return 1.0;
  return solve_cubic(&b->x, b->xs, t);
}

/* The general path: table guess, Newton in double, and where the curve is
   ill conditioned the exact double-double pass.  t in (0,1), not identity. */
static double eval_general(const kn_bezier *b, double t) {
  /* Where the curve is well conditioned (x' >= 1/16 and |dy/dx| <= 8) the
     plain-double root is off by ~1e-16/x' in u, which moves y by <= ~1e-15;
     elsewhere (vertical tangents, flat spots) the exact double-double pass
     resolves u to the last bit. */
  double lo, hi, u = table_guess(b->xs, t, &lo, &hi);
  double v = newton_fast(&b->x, t, u, lo, hi);
  if (v >= 0.0) {
    double dx = cubic_deriv(&b->x, v), dy = cubic_deriv(&b->y, v);
    if (dx >= 0.0625 && fabs(dy) <= 8.0 * dx)
      return b->ybig ? cubic_dd(&b->y, v, 0.0) : cubic_d(&b->y, v);
    u = v;
  }
  return cubic_dd(&b->y, solve_exact(&b->x, t, u, 0.0, 1.0), 0.0);
}

double kn_bezier_eval(const kn_bezier *b, double t) {
  if (t > 0.0 && t < 1.0) {
    /* t * N and s - i are exact (N is a power of two); i <= N - 1 */
    double s = t * KN_BEZIER_N;
    int i = (int)s;
    double dmax = b->step[i];
    if (dmax > 0.0) {
      /* The interval's Hermite cubic as first guess (error ~1e-6 for ease,
         up to ~1e-4 on steep curves), then third-order (Chebyshev) steps
         in double: with dl = r / x', u - dl - (x''/2x') dl^2 leaves an
         error of about |2 c2^2 - c3| dl^3, which a step no longer than
         step[i] (table_init) keeps below 2e-17 -- tighter than
         eval_general's Newton stop (1e-9, ~1e-16) -- so it is the last.
         Not converged in 3 steps: the general path. */
      const double *q = b->poly + 4 * i;
      const kn_cubic *x = &b->x;
      double f = s - (double)i, f2 = f * f;
      /* Estrin's split of the cubics on the critical path (two independent
         halves, then one product): this is one dependency chain, and under
         a Lua call its latency, not throughput, is what counts */
      double u = (q[0] + f * q[1]) + f2 * (q[2] + f * q[3]);
      int k;
      for (k = 0; k < 3; k++) {
        double u2 = u * u;
        double r = cubic_d(x, u) - t;   /* Horner: off the critical path, and
                                           exact where u is a node like 1/2 */
        double inv = 1.0 / ((x->c + 2.0 * x->b * u) + u2 * (3.0 * x->a));  /* 1/x'(u) */
        double dl = r * inv;
        double c2 = (x->b + 3.0 * x->a * u) * inv;                      /* x''/2x' */
        double un = (u - dl) - c2 * (dl * dl);
        if (fabs(dl) <= dmax) {
          /* near t = 1 (or 0) the step may land a few ulp outside [0,1]:
             y(u) would then leave the curve (1 + 1e-15 for y in [0,1]) */
          if (un > 1.0) un = 1.0;
          if (un < 0.0) un = 0.0;
          if (b->ybig) return cubic_dd(&b->y, un, 0.0);
          u2 = un * un;
          return un * (b->y.c + b->y.b * un) + u2 * (b->y.a * un);
        }
        u = un;
      }
    }
    if (b->identity) return t;
    return eval_general(b, t);
  }
  if (t <= 0.0) return t == 0.0 ? 0.0 : b->g0 * t;
  if (t >= 1.0) return t == 1.0 ? 1.0 : 1.0 + b->g1 * (t - 1.0);
  return t;   /* NaN: not reached from the bindings (they reject it) */
}

/* Derivatives 1..3 of 3(1-u)^2 u p1 + 3(1-u) u^2 p2 + u^3 in Bernstein
   form, so that they are exactly 0 where the control polygon says so
   (x'(1) = 3(1 - x2) = 0 for x2 = 1, not a rounding residue):
   d1 = 3[(1-u)^2 p1 + 2(1-u)u (p2 - p1) + u^2 (1 - p2)],
   d2 = 6[(1-u)(p2 - 2 p1) + u (1 - 2 p2 + p1)],  d3 = 6(1 - 3 p2 + 3 p1). */
static void bernstein_derivs(double p1, double p2, double u, double d[3]) {
  double v = 1.0 - u;
  d[0] = 3.0 * (v * v * p1 + 2.0 * v * u * (p2 - p1) + u * u * (1.0 - p2));
  d[1] = 6.0 * (v * (p2 - 2.0 * p1) + u * (1.0 - 2.0 * p2 + p1));
  d[2] = 6.0 * (1.0 - 3.0 * p2 + 3.0 * p1);
}

double kn_bezier_slope(const kn_bezier *b, double t) {
  double u, dx[3], dy[3];
  int i;
  if (t < 0.0) return b->g0;
  if (t > 1.0) return b->g1;
  if (b->identity) return 1.0;
  u = kn_bezier_solve(b, t);
  /* derivatives 1..3 of both coordinates at u; where dx/du vanishes the
     slope is the ratio of the first non-zero derivatives (l'Hopital). */
  bernstein_derivs(b->x1, b->x2, u, dx);
  bernstein_derivs(b->y1, b->y2, u, dy);
  for (i = 0; i < 3; i++) {
    if (dy[i] != 0.0 && dx[i] == 0.0) return dy[i] > 0.0 ? HUGE_VAL : -HUGE_VAL;
    if (dx[i] != 0.0) return dy[i] / dx[i];
  }
  return 1.0;   /* not reached: x''' = 6 a = 0 only if x is quadratic at most */
}

int kn_bezier_monotone(const kn_bezier *b) {
  /* y'(u)/3 = A(1-u)^2 + 2B(1-u)u + Cu^2 with A = y1, B = y2 - y1,
     C = 1 - y2; a Bernstein quadratic is >= 0 on [0,1] iff A >= 0, C >= 0
     and (B >= 0 or B^2 <= AC). */
  double A = b->y1, B = b->y2 - b->y1, C = 1.0 - b->y2;
  return A >= 0.0 && C >= 0.0 && (B >= 0.0 || B * B <= A * C);
}

int kn_bezier_inverse(const kn_bezier *b, double y, double *t) {
  if (y < 0.0) {
    if (!(b->g0 > 0.0)) return 0;
    *t = y / b->g0;
    return 1;
  }
  if (y > 1.0) {
    if (!(b->g1 > 0.0)) return 0;
    *t = 1.0 + (y - 1.0) / b->g1;
    return 1;
  }
  if (y == 0.0 || y == 1.0 || b->identity) { *t = y + 0.0; return 1; }
  *t = cubic_dd(&b->x, solve_cubic(&b->y, NULL, y), 0.0);
  return 1;
}

/* ---- closed form (cross-check only) --------------------------------------
   a u^3 + b u^2 + c u - t = 0.  With u = z - b/(3a): z^3 + p z + q = 0,
   p = (3ac - b^2)/(3a^2), q = (2b^3 - 9abc)/(27a^3) - t/a.  One real root
   (4p^3 + 27q^2 > 0): Cardano z = cbrt(-q/2 + s) + cbrt(-q/2 - s),
   s = sqrt(q^2/4 + p^3/27); three: z_k = 2 sqrt(-p/3)
   cos(acos(3q/(2p) sqrt(-3/p))/3 - 2 pi k/3).  Pick the root in [0,1]. */
static double pick(double r, double best) {
  double d = r < 0.0 ? -r : (r > 1.0 ? r - 1.0 : 0.0);
  double db = best < 0.0 ? -best : (best > 1.0 ? best - 1.0 : 0.0);
  return d < db ? r : best;
}

double kn_bezier_solve_closed(const kn_bezier *bz, double t) {
  const double pi = 3.14159265358979323846;
  double a = bz->x.a, b = bz->x.b, c = bz->x.c, u = HUGE_VAL;
  if (t <= 0.0) return 0.0;
  if (t >= 1.0) return 1.0;
  if (fabs(a) < 1e-12) {
    if (fabs(b) < 1e-12) return t / c;
    {
      double disc = c * c + 4.0 * b * t, sq = sqrt(disc > 0.0 ? disc : 0.0);
      /* the root of the stable quadratic formula 2t/(c + sqrt(.)) */
      return (c >= 0.0) ? 2.0 * t / (c + sq) : (-c + sq) / (2.0 * b);
    }
  } else {
    double p = (3.0 * a * c - b * b) / (3.0 * a * a);
    double q = (2.0 * b * b * b - 9.0 * a * b * c) / (27.0 * a * a * a) - t / a;
    double shift = -b / (3.0 * a);
    double disc = q * q / 4.0 + p * p * p / 27.0;
    if (disc >= 0.0) {
      double s = sqrt(disc);
      u = pick(kn_cbrt(-q / 2.0 + s) + kn_cbrt(-q / 2.0 - s) + shift, u);
    } else {
      double m = 2.0 * sqrt(-p / 3.0);
      double arg = 3.0 * q / (2.0 * p) * sqrt(-3.0 / p);
      double th;
      int k;
      if (arg > 1.0) arg = 1.0;
      if (arg < -1.0) arg = -1.0;
      th = acos(arg) / 3.0;
      for (k = 0; k < 3; k++) u = pick(m * cos(th - 2.0 * pi * k / 3.0) + shift, u);
    }
  }
  return u < 0.0 ? 0.0 : (u > 1.0 ? 1.0 : u);
}

/* ---- monotone pieces ------------------------------------------------------ */

/* y is a function of u and u of t is increasing, so the output changes
   direction only where y'(u) = 3a u^2 + 2b u + c changes sign: the roots
   of that quadratic inside (0, 1), mapped to t = x(u). */
double kn_bezier_next_break(const kn_bezier *b, double t) {
  const kn_cubic *k = &b->y;
  double r[2], next = 1.0, A = 3.0 * k->a, B = 2.0 * k->b, C = k->c;
  int n = 0, i;
  if (A == 0.0) {
    if (B != 0.0) r[n++] = -C / B;
  } else {
    double disc = B * B - 4.0 * A * C;
    if (disc > 0.0) {
      double q = -0.5 * (B + (B < 0.0 ? -sqrt(disc) : sqrt(disc)));
      r[n++] = q / A;
      if (q != 0.0) r[n++] = C / q;
    }
  }
  for (i = 0; i < n; i++) {
    double x;
    if (!(r[i] > 0.0 && r[i] < 1.0)) continue;
    x = cubic_d(&b->x, r[i]);
    if (x > t && x < next) next = x;
  }
  return next;
}
