/*
** viewport.c -- the world-to-screen transform of viewport.h, its inverse,
** and the parameters by name.
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "viewport.h"

/* A product or sum kept as m 2^e (m from frexp, |m| in [1/8, 1), or 0) so
   that no intermediate overflows or underflows: used only where the plain
   formula leaves the doubles (U K = inf times x = 0 is NaN; w O = inf plus
   U K x = -inf is NaN) or U K falls below the normal range (U K = 0 times
   a huge x), so ordinary results keep the formula's bits. */
typedef struct { double m; int e; } scaled;

static scaled product(double a, double b, double c) {
  int ea, eb, ec;
  scaled r;
  r.m = frexp(a, &ea) * frexp(b, &eb) * frexp(c, &ec);
  r.e = ea + eb + ec;
  return r;
}

static scaled sum(scaled p, scaled q) {
  scaled r;
  if (p.m == 0) return q;
  if (q.m == 0) return p;
  if (p.e < q.e) { r = p; p = q; q = r; }
  r.m = frexp(p.m + ldexp(q.m, q.e - p.e), &r.e);   /* the smaller one may vanish */
  r.e += p.e;
  return r;
}

static double value(scaled p) {
  return ldexp(p.m, p.e);                            /* +-inf only beyond the doubles */
}

/* U K out of the normal range while neither factor is 0 */
static int off_range(double u, double k, double f) {
  return !(fabs(f) >= DBL_MIN && fabs(f) <= DBL_MAX) && u != 0 && k != 0;
}

/* S = w O + (U K) v, by the formula, or scaled where it would lose the
   value. */
static double forward(double w, double o, double u, double k, double v) {
  double f = u * k, s = w * o + f * v;
  if (!isfinite(s) || (off_range(u, k, f) && v != 0))
    s = value(sum(product(w, o, 1.0), product(u, k, v)));
  return s;
}

/* v = (S - w O) / (U K), likewise (U, K != 0: checked). */
static double inverse(double w, double o, double u, double k, double s) {
  double f = u * k, n = s - w * o, v = n / f;
  if (off_range(u, k, f) || !isfinite(n) || !isfinite(v)) {
    scaled num = sum(product(s, 1.0, 1.0), product(-w, o, 1.0)), den = product(u, k, 1.0);
    v = ldexp(num.m / den.m, num.e - den.e);
  }
  return v;
}

void kn_viewport_to_screen(const kn_viewport *vp, double x, double y,
                           double *sx, double *sy) {
  *sx = forward(vp->width, vp->origin_x, vp->unit_x, vp->scale_x, x);
  *sy = forward(vp->height, vp->origin_y, vp->unit_y, vp->scale_y, y);
}

int kn_viewport_to_world(const kn_viewport *vp, double sx, double sy,
                         double *x, double *y) {
  if (vp->unit_x == 0.0 || vp->scale_x == 0.0 || vp->unit_y == 0.0 || vp->scale_y == 0.0)
    return 0;
  *x = inverse(vp->width, vp->origin_x, vp->unit_x, vp->scale_x, sx);
  *y = inverse(vp->height, vp->origin_y, vp->unit_y, vp->scale_y, sy);
  return 1;
}

/* ---- parameters by name ---------------------------------------------------- */

void kn_viewport_defaults(kn_viewport *vp) {
  vp->origin_x = 0.0; vp->origin_y = 0.0;
  vp->unit_x = 1.0;   vp->unit_y = 1.0;
  vp->scale_x = 1.0;  vp->scale_y = 1.0;
}

/* char arrays, not pointers: nothing to relocate; the pairs last */
static const struct { char name[12]; unsigned char count; size_t offset; } params[] = {
  { "width",    1, offsetof(kn_viewport, width) },
  { "height",   1, offsetof(kn_viewport, height) },
  { "origin_x", 1, offsetof(kn_viewport, origin_x) },
  { "origin_y", 1, offsetof(kn_viewport, origin_y) },
  { "unit_x",   1, offsetof(kn_viewport, unit_x) },
  { "unit_y",   1, offsetof(kn_viewport, unit_y) },
  { "scale_x",  1, offsetof(kn_viewport, scale_x) },
  { "scale_y",  1, offsetof(kn_viewport, scale_y) },
  { "origin",   2, offsetof(kn_viewport, origin_x) },
  { "unit",     2, offsetof(kn_viewport, unit_x) },
  { "scale",    2, offsetof(kn_viewport, scale_x) }
};
#define NPARAMS (sizeof params / sizeof params[0])
#define FIRST_PAIR 8

double *kn_viewport_param(kn_viewport *vp, const char *name, int *count) {
  size_t i;
  for (i = 0; i < NPARAMS; i++)
    if (strcmp(params[i].name, name) == 0) {
      *count = params[i].count;
      return (double *)(void *)((char *)vp + params[i].offset);
    }
  return NULL;
}

const char *kn_viewport_pair_name(int i) {
  return i >= 0 && i < (int)NPARAMS - FIRST_PAIR ? params[FIRST_PAIR + i].name : NULL;
}
