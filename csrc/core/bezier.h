/*
** bezier.h -- CSS cubic-bezier(x1, y1, x2, y2) timing functions.
**
** The curve runs from (0,0) to (1,1) with control points (x1,y1), (x2,y2),
** x1 and x2 in [0,1] (the caller checks).  For an input t in [0,1] the
** output is y(u) where x(u) = t; outside [0,1] it follows the end tangents
** with the rule the browser engines use (see docs/easing.md).
*/
#ifndef KINETIC_BEZIER_H
#define KINETIC_BEZIER_H

/* One coordinate in power form c*u + b*u^2 + a*u^3, each coefficient also
   kept as an unevaluated sum hi + lo (double-double) so that residuals can
   be computed far below one ulp. */
typedef struct kn_cubic {
  double a, b, c;
  double al, bl, cl;
} kn_cubic;

/* Intervals of the inverse table: a power of two, so that t * N and its
   fractional part are exact. */
#define KN_BEZIER_N 32

typedef struct kn_bezier {
  double x1, y1, x2, y2;
  kn_cubic x, y;
  double g0, g1;        /* end gradients used for t < 0 and t > 1 */
  double xs[11];        /* x(i/10): initial guesses for the safeguarded solver */
  /* The inverse u(t) on [i/N, (i+1)/N] as a cubic in f = N t - i: the
     Hermite interpolant of the exact u and du/dt at both ends, coefficients
     of f^0..f^3 at poly[4i..4i+3] (the fast path's first guess). */
  double poly[4 * KN_BEZIER_N];
  /* step[i] > 0: on that interval x' >= 1/16 and |dy/dx| <= 8 throughout,
     so the fast path's iteration in plain double is exact to rounding, and
     a third-order step no longer than step[i] leaves an error below 2e-17
     in u.  0: the interval takes the general path. */
  double step[KN_BEZIER_N];
  int identity;         /* x1 == y1 && x2 == y2: the curve is y = x */
  int ybig;             /* |coefficients of y| sum > 8: y(u) in double-double */
} kn_bezier;

/* Largest |y1|, |y2| accepted (by kinetic.bezier and the spec parser): the
   power-form coefficients 3 y and the double-double products stay finite. */
#define KN_BEZIER_YMAX 1e300

void kn_bezier_init(kn_bezier *b, double x1, double y1, double x2, double y2);

/* The eased value at t (any finite t). */
double kn_bezier_eval(const kn_bezier *b, double t);

/* Parameter u in [0,1] with x(u) = t, for t in [0,1]. */
double kn_bezier_solve(const kn_bezier *b, double t);

/* dy/dx at t; +-HUGE_VAL at a vertical tangent. */
double kn_bezier_slope(const kn_bezier *b, double t);

/* 1 when y(u) is non-decreasing on [0,1] (so the easing is invertible). */
int kn_bezier_monotone(const kn_bezier *b);

/* The t with eval(t) = y, for a monotone curve; stores it in *t and
   returns 1, or returns 0 when no finite t reaches y. */
int kn_bezier_inverse(const kn_bezier *b, double y, double *t);

/* The first t' > t in (0, 1) where the output may change direction (a
   root of dy/du mapped to t), or 1 when there is none: between two such
   points the easing is monotone. */
double kn_bezier_next_break(const kn_bezier *b, double t);
/* The same x(u) = t root by the closed-form (Cardano / trigonometric)
   cubic formula, plain double arithmetic: a cross-check for tests and the
   C benchmark, not used by eval. */
double kn_bezier_solve_closed(const kn_bezier *b, double t);

#endif
