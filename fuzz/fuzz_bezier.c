/*
** fuzz_bezier.c -- the cubic-bezier solver on arbitrary control points
** (x1, x2 in [0,1], y1, y2 any finite) and inputs.  Checks: finite output
** for finite input (|y| <= 1e300 keeps the polynomial finite; see README),
** exact endpoints b(0) = 0, b(1) = 1; for t in [0,1] the solved u is in
** [0,1] with |x(u) - t| within a few ulp; eval within a few ulp (times the
** size of y's coefficients) of y at that u; monotone output in t when y1,
** y2 are in [0,1]; inverse(eval(p)) close to p for monotone curves.
*/
#include "fuzz_common.h"
#include "easing.h"

/* x(u) in long double, for the residual check. */
static long double xu(const kn_bezier *b, long double u) {
  long double v = 1 - u, x1 = (long double)b->x1, x2 = (long double)b->x2;
  return 3 * v * v * u * x1 + 3 * v * u * u * x2 + u * u * u;
}

#define CURVE "(%.17g %.17g %.17g %.17g)"
#define POINTS(b) (b)->x1, (b)->y1, (b)->x2, (b)->y2

/* For t in [0, 1]: the solved u lies in [0, 1] and |x(u) - t| is a few ulp
   of t, or of the spacing where x'(u) is tiny (long-double residual). */
static void check_solve(const kn_bezier *b, double t) {
  double u = kn_bezier_solve(b, t);
  long double r;
  CHECK(u >= 0 && u <= 1, "u = %.17g for t = %.17g", u, t);
  r = fabsl(xu(b, (long double)u) - (long double)t);
  CHECK(r <= (long double)(8 * 2.220446049250313e-16 * (fabs(t) > 1e-300 ? fabs(t) : 1e-300))
        || r <= 4e-16L, "|x(u) - t| = %Lg at t = %.17g " CURVE, r, t, POINTS(b));
}

/* For t in (0, 1): eval's y (the table's fast path or the general one)
   against y at the exact solver's u, in long double: the fast path's u is
   off by a few ulp / x' where |dy/dx| <= 8, so y by a few ulp; y's own
   rounding grows with its coefficients. */
static void check_eval(const kn_bezier *b, double t, double y) {
  long double u = (long double)kn_bezier_solve(b, t);
  long double yref = ((long double)b->y.a * u + (long double)b->y.b) * u * u
                     + (long double)b->y.c * u;
  double scale = 1 + fabs(b->y.a) + fabs(b->y.b) + fabs(b->y.c);
  CHECK(fabsl((long double)y - yref) <= (long double)(64 * 2.220446049250313e-16 * scale),
        "eval %.17g vs %.17Lg at the exact u, t = %.17g " CURVE, y, yref, t, POINTS(b));
}

/* One fuzzed input t: the solver and eval checks where they apply; never
   NaN for |t| <= 1e300; finite on [0, 1], and within [0, 1] there when
   y1, y2 are (monotone_y). */
static void check_input(const kn_bezier *b, double t, int monotone_y) {
  double y;
  if (t >= 0 && t <= 1) check_solve(b, t);
  y = kn_bezier_eval(b, t);
  if (fabs(t) <= 1e300) CHECK(!isnan(y), "NaN at t = %.17g " CURVE, t, POINTS(b));
  if (t > 0 && t < 1) check_eval(b, t, y);
  if (t >= 0 && t <= 1) {
    CHECK(isfinite(y), "non-finite %.17g at t = %.17g " CURVE, y, t, POINTS(b));
    if (monotone_y)
      CHECK(y >= -1e-15 && y <= 1 + 1e-15, "y = %.17g out of [0,1] at t = %.17g " CURVE,
            y, t, POINTS(b));
  }
  (void)kn_bezier_slope(b, t);
}

/* y1, y2 in [0, 1]: the output is monotone (up to rounding: eval is within
   ~1e-15 of the exact curve, so a decrease of at most 4e-15 is rounding)
   over 17 inputs a few ulp apart around a fuzzed one and on a 65-point
   grid, and inverse maps b(p) back to a point with the same image. */
static void check_monotone(fz_in *in, const kn_bezier *b) {
  double base = fz_unit(in), prev_t = -1, prev_y = -HUGE_VAL;
  int k;
  for (k = -8; k <= 8; k++) {
    double t = base + k * 1.1102230246251565e-16 * (1 + base), y;
    if (t < 0 || t > 1 || t <= prev_t) continue;
    y = kn_bezier_eval(b, t);
    CHECK(y >= prev_y - 4e-15 * (fabs(prev_y) > 1 ? fabs(prev_y) : 1),
          "not monotone: b(%.17g) = %.17g < b(%.17g) = %.17g " CURVE,
          t, y, prev_t, prev_y, POINTS(b));
    prev_t = t; prev_y = y;
  }
  prev_y = -HUGE_VAL;
  for (k = 0; k <= 64; k++) {
    double t = k / 64.0, y = kn_bezier_eval(b, t);
    CHECK(y >= prev_y - 4e-15 * (fabs(prev_y) > 1 ? fabs(prev_y) : 1),
          "not monotone on the grid at %.17g " CURVE, t, POINTS(b));
    prev_y = y;
  }
  if (kn_bezier_monotone(b)) {
    double p = fz_unit(in), y = kn_bezier_eval(b, p), q;
    if (kn_bezier_inverse(b, y, &q)) {
      CHECK(isfinite(q), "inverse not finite");
      /* on flat stretches many p share y: check the image instead */
      CHECK(fabs(kn_bezier_eval(b, q) - y) <= 1e-12, "b(inverse(b(%.17g))) = %.17g != %.17g",
            p, kn_bezier_eval(b, q), y);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  double x1 = fz_unit(&in), y1 = fz_finite(&in), x2 = fz_unit(&in), y2 = fz_finite(&in);
  kn_easing e;
  const kn_bezier *b = &e.u.bezier;
  int monotone_y = y1 >= 0 && y1 <= 1 && y2 >= 0 && y2 <= 1, k;
  if (fabs(y1) > 1e300 || fabs(y2) > 1e300) return 0;
  kn_easing_init_bezier(&e, x1, y1, x2, y2);
  CHECK(kn_bezier_eval(b, 0.0) == 0.0, "b(0) = %.17g " CURVE, kn_bezier_eval(b, 0.0), POINTS(b));
  CHECK(kn_bezier_eval(b, 1.0) == 1.0, "b(1) = %.17g " CURVE, kn_bezier_eval(b, 1.0), POINTS(b));
  for (k = 0; k < 24 && in.n > 0; k++) check_input(b, fz_finite(&in), monotone_y);
  if (monotone_y) check_monotone(&in, b);
  return 0;
}
