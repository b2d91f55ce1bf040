/*
** fuzz_path.c -- kinetic.path (csrc/core/path.c) on fuzzed definitions as
** the binding accepts them: a kind, closed (not for bezier), alpha in
** [0, 1] (catmull-rom), 2..40 points with finite coordinates within 1e6
** (often exact duplicates, collinear points, repeats of an earlier point,
** axis-parallel runs, tiny and subnormal magnitudes), the count rules of
** each kind, no coincident neighbours for catmull-rom with alpha > 0; built
** in the binding's steps (kn_path_nseg, _degree, _control, _count, _size,
** _init) and refused, as the binding refuses it, when its length is not a
** positive finite number.
**
** Checks: no crash, undefined behaviour or leak.  The length is finite,
** > 0 and at most the control polygon's (x (1 + 1e-12)).  kn_path_at at up
** to 16 fuzzed u and at u = k/64: finite x, y, angle in [-pi, pi], the
** point inside the control points' bounding box (convex hull property) to
** (4 d + 8) ulp of the largest coordinate (the evaluation's rounding; every
** tolerance also allows 64 subnormal ulps, for paths of tiny coordinates);
** arc length is monotone: for u1 < u2 in [0, 1], |P(u2) - P(u1)| <= (u2 -
** u1) L (1 + 1e-9) + 1e-12 L + twice that rounding; at(0) is the first
** point exactly, bit for bit (for L >= 2^-900: in a path of subnormal
** scale the first interval's length may underflow to 0, and at(0) then
** starts after it, within the rounding); at(1) is the last (the first, closed) within
** nsub ulp(L) (+ the rounding): the cumulative lengths are sums, and the
** intervals of a tail too short to change L in its last bit (a high-order
** contact at the end, as n - 1 equal last points make) have no length of
** their own, so at(1) stops where that tail starts; outside [0, 1] an open
** path gives at(0), or at(1) to that bound.  kn_path_point at the
** same parameters: finite and in the box, point(0) and point(1) exactly the
** ends.  kn_path_at with d != NULL: the same x, y and angle bits; d[0..1] =
** L (cos, sin) of the angle, finite, of length L; d[2] (L times the
** curvature) finite.
*/
#include "fpcontract.h"
#include <float.h>

#include "fuzz_common.h"
#include "path.h"

#define NMAX 40
#define NU (16 + 65)
/* 64 subnormal ulps: the absolute floor of every tolerance (a path of
   subnormal coordinates rounds in units of 2^-1074) */
#define TINY 0x1p-1068
#define PI_D 3.141592653589793   /* pi rounded to a double, as atan2 returns it */

/* A coordinate: a raw double (selector below 96, as fz_finite reads it),
   reduced to within 1e6; small integers and eighths often (duplicates and
   exact collinearity); or a tiny, subnormal or extreme value. */
static double coord(fz_in *in) {
  static const double odd[8] = { 0, 1e-300, 5e-324, 1e6, -1e6, 2.2250738585072014e-308, 1e-9,
                                 999999.99999999988 };
  uint8_t sel = fz_byte(in);
  double x;
  if (sel < 96) {
    x = fz_raw(in);
    if (!isfinite(x)) return 0.0;
    return fabs(x) <= 1e6 ? x : fmod(x, 1e6);
  }
  if (sel < 176) return (double)(int8_t)fz_byte(in);
  if (sel < 224) return (double)(int8_t)fz_byte(in) / 8.0;
  return odd[fz_byte(in) % 8];
}

static void read_points(fz_in *in, int n, double *pts) {
  static const double lambda[8] = { 1, 2, 0.5, -1, -0.5, 3, 0.25, -2 };
  int i;
  for (i = 0; i < n; i++) {
    double *p = pts + 2 * i;
    uint8_t sel = fz_byte(in);
    switch (sel % 8) {
      case 0:                                       /* the previous point again */
        if (i > 0) { p[0] = p[-2]; p[1] = p[-1]; continue; }
        break;
      case 1:                                       /* on the line of the last two */
        if (i > 1) {
          double l = lambda[(sel >> 3) % 8];
          p[0] = p[-2] + l * (p[-2] - p[-4]);
          p[1] = p[-1] + l * (p[-1] - p[-3]);
          if (fabs(p[0]) <= 1e6 && fabs(p[1]) <= 1e6) continue;
        }
        break;
      case 2:                                       /* an earlier point again */
        if (i > 0) {
          int j = fz_byte(in) % i;
          p[0] = pts[2 * j]; p[1] = pts[2 * j + 1];
          continue;
        }
        break;
      case 3:                                       /* the same x or y as before */
        if (i > 0) {
          if (sel & 8) { p[0] = p[-2]; p[1] = coord(in); }
          else { p[0] = coord(in); p[1] = p[-1]; }
          continue;
        }
        break;
      default:
        break;
    }
    p[0] = coord(in);
    p[1] = coord(in);
  }
}

/* The binding's refusals (csrc/lua/path.c): 1 when it accepts. */
static int binding_accepts(int kind, int closed, double alpha, const double *pts, int n) {
  int i, m = closed ? n : n - 1;
  if (kind == KN_PATH_BEZIER && closed) return 0;
  if (n < 2) return 0;
  if (kind == KN_PATH_BEZIER && n > KN_PATH_DEGREE_MAX + 1) return 0;
  if (kind == KN_PATH_BEZIER_SPLINE && !closed && (n - 1) % 3 != 0) return 0;
  if (kind == KN_PATH_BEZIER_SPLINE && closed && n % 3 != 0) return 0;
  if (!(alpha >= 0.0 && alpha <= 1.0)) return 0;
  for (i = 0; i < 2 * n; i++)
    if (!isfinite(pts[i])) return 0;
  if (kind == KN_PATH_CATMULL_ROM && alpha > 0.0)
    for (i = 0; i < m; i++) {
      int j = (i + 1) % n;
      if (pts[2 * i] == pts[2 * j] && pts[2 * i + 1] == pts[2 * j + 1]) return 0;
    }
  return 1;
}

typedef struct sample { double u, x, y; } sample;

static int by_u(const void *a, const void *b) {
  double x = ((const sample *)a)->u, y = ((const sample *)b)->u;
  return (x > y) - (x < y);
}

/* One path under test and what its checks need. */
typedef struct run {
  int kind, closed, n, nseg, degree, nsub;
  double pts[2 * NMAX], *ctrl;
  double minx, maxx, miny, maxy, M, L, slack, end[2];
  kn_path *p;
} run;

/* Build the path as csrc/lua/path.c builds it; 0 where the binding
   refuses it (non-finite control points, a length not positive and
   finite). */
static int build(run *R, double alpha) {
  size_t nctrl, i;
  R->nseg = kn_path_nseg(R->kind, R->closed, R->n);
  R->degree = kn_path_degree(R->kind, R->n);
  nctrl = (size_t)R->nseg * (size_t)(R->degree + 1);
  R->ctrl = (double *)malloc(nctrl * 2 * sizeof(double));
  CHECK(R->ctrl != NULL, "malloc");
  kn_path_control(R->kind, R->closed, alpha, R->pts, R->n, R->ctrl);
  for (i = 0; i < 2 * nctrl; i++)                  /* the binding's knot check */
    if (!isfinite(R->ctrl[i])) { free(R->ctrl); return 0; }
  R->nsub = kn_path_count(R->ctrl, R->nseg, R->degree);
  CHECK(R->nsub >= R->nseg, "nsub %d < nseg %d", R->nsub, R->nseg);
  R->p = (kn_path *)malloc(kn_path_size(R->nseg, R->degree, R->nsub));
  CHECK(R->p != NULL, "malloc");
  kn_path_init(R->p, R->kind, R->closed, R->nseg, R->degree, R->nsub, R->ctrl);
  R->L = R->p->length;
  if (!(R->L > 0.0) || !isfinite(R->L)) { free(R->p); free(R->ctrl); return 0; }
  return 1;
}

/* The control points' box and polygon: the length is at most the
   polygon's; the slack of the box checks and the path's end. */
static void check_polygon(run *R) {
  size_t nctrl = (size_t)R->nseg * (size_t)(R->degree + 1), i;
  double poly = 0;
  int k, j;
  R->minx = R->maxx = R->ctrl[0];
  R->miny = R->maxy = R->ctrl[1];
  R->M = 0;
  for (i = 0; i < nctrl; i++) {
    double x = R->ctrl[2 * i], y = R->ctrl[2 * i + 1];
    if (x < R->minx) R->minx = x;
    if (x > R->maxx) R->maxx = x;
    if (y < R->miny) R->miny = y;
    if (y > R->maxy) R->maxy = y;
    if (fabs(x) > R->M) R->M = fabs(x);
    if (fabs(y) > R->M) R->M = fabs(y);
  }
  for (k = 0; k < R->nseg; k++)
    for (j = 0; j < R->degree; j++) {
      const double *b = R->ctrl + 2 * ((size_t)k * (size_t)(R->degree + 1) + (size_t)j);
      poly += hypot(b[2] - b[0], b[3] - b[1]);
    }
  /* at subnormal scale each interval's 15 products round in subnormal
     units: the floor grows with the intervals */
  CHECK(R->L <= poly * (1 + 1e-12) + TINY * (1 + R->nsub), "length %.17g above the control "
        "polygon's %.17g (kind %d, %d intervals)", R->L, poly, R->kind, R->nsub);
  R->slack = (4.0 * R->degree + 8.0) * DBL_EPSILON * R->M + TINY;
  if (R->closed) { R->end[0] = R->pts[0]; R->end[1] = R->pts[1]; }
  else { R->end[0] = R->pts[2 * R->n - 2]; R->end[1] = R->pts[2 * R->n - 1]; }
}

static int in_box(const run *R, double x, double y) {
  return x >= R->minx - R->slack && x <= R->maxx + R->slack &&
         y >= R->miny - R->slack && y <= R->maxy + R->slack;
}

/* at(u) and point(u); an at(u) with u in [0, 1] is kept in *s. */
static int check_u(const run *R, double u, sample *s) {
  double x, y, a, x2, y2, a2, d[3];
  kn_path_at(R->p, u, &x, &y, &a, NULL);
  CHECK(isfinite(x) && isfinite(y) && a >= -PI_D && a <= PI_D,
        "at(%.17g) = %.17g, %.17g, angle %.17g (kind %d closed %d n %d)", u, x, y, a,
        R->kind, R->closed, R->n);
  CHECK(in_box(R, x, y), "at(%.17g) = (%.17g, %.17g) outside [%.17g, %.17g] x [%.17g, %.17g] "
        "(kind %d)", u, x, y, R->minx, R->maxx, R->miny, R->maxy, R->kind);
  if (u == 0.0 || (!R->closed && u < 0.0))     /* exact, but where lengths underflow */
    CHECK((x == R->pts[0] && y == R->pts[1]) ||
          (R->L < 0x1p-900 && hypot(x - R->pts[0], y - R->pts[1]) <= R->slack),
          "at(%.17g) = (%.17g, %.17g), first point (%.17g, %.17g)", u, x, y, R->pts[0], R->pts[1]);
  if (u == 1.0 || (!R->closed && u > 1.0))     /* the end, but for a tail lost in L's rounding */
    CHECK(hypot(x - R->end[0], y - R->end[1]) <= R->nsub * DBL_EPSILON * R->L + R->slack,
          "at(%.17g) = (%.17g, %.17g), end (%.17g, %.17g), L %.17g", u, x, y, R->end[0],
          R->end[1], R->L);
  kn_path_at(R->p, u, &x2, &y2, &a2, d);
  CHECK(fz_same(x, x2) && fz_same(y, y2) && fz_same(a, a2), "at(%.17g) differs with d", u);
  CHECK(isfinite(d[0]) && isfinite(d[1]) && fabs(hypot(d[0], d[1]) - R->L) <= 4 * DBL_EPSILON * R->L + TINY,
        "at(%.17g): d = %.17g, %.17g for L %.17g", u, d[0], d[1], R->L);
  CHECK(isfinite(d[2]), "at(%.17g): dangle/du = %.17g (kind %d closed %d n %d L %.17g)", u,
        d[2], R->kind, R->closed, R->n, R->L);
  s->u = u; s->x = x; s->y = y;
  kn_path_point(R->p, u, &x, &y);
  CHECK(isfinite(x) && isfinite(y), "point(%.17g) = %.17g, %.17g", u, x, y);
  CHECK(in_box(R, x, y), "point(%.17g) = (%.17g, %.17g) outside the box (kind %d)", u, x, y,
        R->kind);
  if (u == 0.0) CHECK(x == R->pts[0] && y == R->pts[1], "point(0) = (%.17g, %.17g)", x, y);
  if (u == 1.0) CHECK(x == R->end[0] && y == R->end[1], "point(1) = (%.17g, %.17g)", x, y);
  return u >= 0.0 && u <= 1.0;
}

/* Arc length is monotone: no chord longer than the arc between. */
static void check_chords(const run *R, sample *s, int ns) {
  int i, j;
  qsort(s, (size_t)ns, sizeof s[0], by_u);
  for (i = 0; i < ns; i++)
    for (j = i + 1; j < ns; j++) {
      double chord = hypot(s[j].x - s[i].x, s[j].y - s[i].y);
      double arc = (s[j].u - s[i].u) * R->L;
      CHECK(chord <= arc * (1 + 1e-9) + 1e-12 * R->L + 2 * R->slack,
            "chord %.17g from u=%.17g to %.17g, arc %.17g (L %.17g, kind %d closed %d n %d)",
            chord, s[i].u, s[j].u, arc, R->L, R->kind, R->closed, R->n);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  uint8_t head = fz_byte(&in), asel;
  int i, nu = 0, ns = 0;
  double alpha = 0.5, u[NU];
  sample s[NU];
  run R;

  R.kind = head & 3;
  R.closed = R.kind == KN_PATH_BEZIER ? 0 : (head >> 2) & 1;   /* no closed bezier */
  asel = fz_byte(&in);
  if (R.kind == KN_PATH_CATMULL_ROM)
    alpha = asel < 64 ? 0.5 : asel < 96 ? 0.0 : asel < 128 ? 1.0 : fz_unit(&in);
  R.n = 2 + fz_byte(&in) % (NMAX - 1);
  if (R.kind == KN_PATH_BEZIER_SPLINE)
    R.n = R.closed ? 3 * (R.n / 3 > 0 ? R.n / 3 : 1) : 3 * ((R.n - 1) / 3 > 0 ? (R.n - 1) / 3 : 1) + 1;
  read_points(&in, R.n, R.pts);
  if (!binding_accepts(R.kind, R.closed, alpha, R.pts, R.n) || !build(&R, alpha)) return 0;
  check_polygon(&R);
  while (nu < 16 && in.n > 0) {                  /* fuzzed parameters, then a grid */
    uint8_t sel = fz_byte(&in);
    u[nu++] = sel < 160 ? fz_unit(&in) : fz_finite(&in);
  }
  for (i = 0; i <= 64; i++) u[nu++] = i / 64.0;
  for (i = 0; i < nu; i++)
    if (check_u(&R, u[i], &s[ns])) ns++;
  check_chords(&R, s, ns);
  free(R.p);
  free(R.ctrl);
  return 0;
}
