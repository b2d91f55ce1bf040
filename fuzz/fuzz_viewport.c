/*
** fuzz_viewport.c -- the world-to-screen transform (csrc/core/viewport.c) on
** arbitrary finite parameters and points, as kinetic.viewport accepts them.
** Checks: to_screen and to_world never give NaN; where the forward map and
** its inverse stay well inside the doubles, to_world(to_screen(p)) gives p
** back to a few ulp of the terms involved.
*/
#include <float.h>

#include "fuzz_common.h"
#include "viewport.h"

/* b within e of a; an infinity when a + e reaches past the doubles (the
   inverse of a point at DBL_MAX may round beyond it). */
static int near(double b, double a, double e) {
  if (isinf(b)) return fabs(a) + e >= 1.7976931348623157e308 && (b > 0) == (a > 0);
  return fabs(b - a) <= e + 1e-300;
}

#if LDBL_MAX_EXP >= 16384
#define EPS 2.2204460492503131e-16L

/* got within tol of ref; where ref is beyond the doubles by more than tol,
   the infinity of its sign (between the two, either). */
static int agrees(double got, long double ref, long double tol) {
  if (fabsl(ref) + tol < 1.7976931348623157e308L) return fabsl((long double)got - ref) <= tol;
  if (fabsl(ref) - tol > 1.7976931348623157e308L) return isinf(got) && (got > 0) == (ref > 0);
  return 1;
}

/* to_world's v = (s - w o) / (u k) against long double: a few ulp of the
   terms over |u k|, plus w o rounded in the subnormals, over |u k| */
static int inverse_agrees(double got, double s, double w, double o, double u, double k) {
  long double t1 = (long double)w * (long double)o, f = (long double)u * (long double)k;
  long double ref = ((long double)s - t1) / f;
  long double tol = 8 * EPS * ((fabsl(t1) + fabsl((long double)s)) / fabsl(f) + fabsl(ref))
                    + 1e-300L + 1e-323L / fabsl(f);
  return agrees(got, ref, tol);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  kn_viewport vp;
  int k;
  vp.width = fz_finite(&in); vp.height = fz_finite(&in);
  vp.origin_x = fz_finite(&in); vp.origin_y = fz_finite(&in);
  vp.unit_x = fz_finite(&in); vp.unit_y = fz_finite(&in);
  vp.scale_x = fz_finite(&in); vp.scale_y = fz_finite(&in);
  for (k = 0; k < 8 && in.n > 0; k++) {
    double x = fz_finite(&in), y = fz_finite(&in), sx, sy, bx, by;
    kn_viewport_to_screen(&vp, x, y, &sx, &sy);
    CHECK(!isnan(sx) && !isnan(sy), "to_screen(%.17g, %.17g) = %.17g, %.17g "
          "(w %.17g h %.17g O %.17g %.17g U %.17g %.17g K %.17g %.17g)", x, y, sx, sy,
          vp.width, vp.height, vp.origin_x, vp.origin_y, vp.unit_x, vp.unit_y, vp.scale_x, vp.scale_y);
#if LDBL_MAX_EXP >= 16384
    /* against x87 / quad long double, whose range holds every product
       here: within a few ulp of the terms' magnitude, or an infinity of
       the right sign where the sum is beyond the doubles */
    {
      long double t1 = (long double)vp.width * (long double)vp.origin_x;
      long double t2 = (long double)vp.unit_x * (long double)vp.scale_x * (long double)x;
      long double u1 = (long double)vp.height * (long double)vp.origin_y;
      long double u2 = (long double)vp.unit_y * (long double)vp.scale_y * (long double)y;
      CHECK(agrees(sx, t1 + t2, 8 * EPS * (fabsl(t1) + fabsl(t2)) + 1e-300L) &&
            agrees(sy, u1 + u2, 8 * EPS * (fabsl(u1) + fabsl(u2)) + 1e-300L),
            "to_screen(%.17g, %.17g) = %.17g, %.17g against %.17Lg, %.17Lg "
            "(w %.17g h %.17g O %.17g %.17g U %.17g %.17g K %.17g %.17g)", x, y, sx, sy, t1 + t2, u1 + u2,
            vp.width, vp.height, vp.origin_x, vp.origin_y, vp.unit_x, vp.unit_y, vp.scale_x, vp.scale_y);
    }
#endif
    if (!isfinite(sx) || !isfinite(sy)) continue;   /* beyond the doubles: inf, the right sign */
    if (!kn_viewport_to_world(&vp, sx, sy, &bx, &by)) {
      CHECK(vp.unit_x == 0 || vp.scale_x == 0 || vp.unit_y == 0 || vp.scale_y == 0,
            "to_world refused with non-zero unit and scale");
      continue;
    }
    CHECK(!isnan(bx) && !isnan(by), "to_world(%.17g, %.17g) = %.17g, %.17g", sx, sy, bx, by);
#if LDBL_MAX_EXP >= 16384
    CHECK(inverse_agrees(bx, sx, vp.width, vp.origin_x, vp.unit_x, vp.scale_x) &&
          inverse_agrees(by, sy, vp.height, vp.origin_y, vp.unit_y, vp.scale_y),
          "to_world(%.17g, %.17g) = %.17g, %.17g (w %.17g h %.17g O %.17g %.17g U %.17g %.17g K %.17g %.17g)",
          sx, sy, bx, by, vp.width, vp.height, vp.origin_x, vp.origin_y, vp.unit_x, vp.unit_y,
          vp.scale_x, vp.scale_y);
#endif
    {
      /* the round trip: x = (S - w O)/(U K); its error is a few ulp of the
         largest term (w O, U K x), divided by |U K| */
      double fx = vp.unit_x * vp.scale_x, fy = vp.unit_y * vp.scale_y;
      double ex = 8 * 2.2204460492503131e-16 * (fabs(vp.width * vp.origin_x) + fabs(fx * x)) / fabs(fx);
      double ey = 8 * 2.2204460492503131e-16 * (fabs(vp.height * vp.origin_y) + fabs(fy * y)) / fabs(fy);
      if (isfinite(ex) && isfinite(ey) && fabs(fx) > 1e-290 && fabs(fy) > 1e-290 &&
          fabs(fx * x) > 1e-290 && fabs(fy * y) > 1e-290)
        CHECK(near(bx, x, ex) && near(by, y, ey),
              "round trip (%.17g, %.17g) -> (%.17g, %.17g) -> (%.17g, %.17g) "
              "(w %.17g h %.17g O %.17g %.17g U %.17g %.17g K %.17g %.17g)", x, y, sx, sy, bx, by,
              vp.width, vp.height, vp.origin_x, vp.origin_y, vp.unit_x, vp.unit_y, vp.scale_x, vp.scale_y);
    }
  }
  return 0;
}
