/*
** color_mix.c -- interpolation of colours, CSS Color 4 section 12.
**
** Both colours are converted to the interpolation space, missing
** components carried forward to the analogous ones (section 12.2; the
** conversion then makes the hue of an achromatic result missing).  A
** component missing in one colour takes the other's value; missing in
** both it stays missing (0 until the end).  Hues are reduced to [0, 360)
** and fixed up for the hue interpolation method (section 12.4).  Then
** every component but the hue is premultiplied by alpha (section 12.3),
** interpolated linearly, and divided by the interpolated alpha.  Two
** colours whose alphas are both missing are not premultiplied.
*/
#include "fpcontract.h"
#include <math.h>

#include "color.h"
#include "interp.h"

static double reduce_hue(double h) {
  double r;
  if (!isfinite(h)) return 0;
  r = fmod(h, 360.0);
  if (r < 0) r += 360.0;
  return r >= 360.0 ? 0.0 : r;
}

/* Section 12.4: the two hues, in [0, 360), moved by a turn so that the
   interpolation from h[0] to h[1] takes the arc `hue` names. */
static void fix_hues(double h[2], int hue) {
  double d;
  h[0] = reduce_hue(h[0]);
  h[1] = reduce_hue(h[1]);
  d = h[1] - h[0];
  switch (hue) {
    case KN_HUE_LONGER:
      if (d > 0 && d < 180) h[0] += 360;
      else if (d > -180 && d <= 0) h[1] += 360;
      break;
    case KN_HUE_INCREASING:
      if (d < 0) h[1] += 360;
      break;
    case KN_HUE_DECREASING:
      if (d > 0) h[0] += 360;
      break;
    default:
      if (d > 180) h[0] += 360;
      else if (d < -180) h[1] += 360;
      break;
  }
}

/* a and b in `space`, each missing component of one given the other's
   value; returns the mask of the components missing in both. */
static unsigned resolve(const kn_color *a, const kn_color *b, int space, kn_color *ca,
                        kn_color *cb) {
  int i;
  kn_color_convert(a, space, ca);
  kn_color_convert(b, space, cb);
  for (i = 0; i < 3; i++) {
    unsigned bit = 1u << i;
    if ((ca->none & bit) && !(cb->none & bit)) ca->c[i] = cb->c[i];
    else if ((cb->none & bit) && !(ca->none & bit)) cb->c[i] = ca->c[i];
  }
  if ((ca->none & KN_COLOR_NONE_ALPHA) && !(cb->none & KN_COLOR_NONE_ALPHA))
    ca->alpha = cb->alpha;
  else if ((cb->none & KN_COLOR_NONE_ALPHA) && !(ca->none & KN_COLOR_NONE_ALPHA))
    cb->alpha = ca->alpha;
  return ca->none & cb->none;
}

/* kn_color_mix_ends, returning the mask of the components missing in
   both colours. */
static unsigned ends(const kn_color *a, const kn_color *b, int space, int hue,
                     double pa[4], double pb[4]) {
  kn_color ca, cb;
  unsigned both = resolve(a, b, space, &ca, &cb);
  int hi = kn_color_hue_index(space), i;
  if (both & KN_COLOR_NONE_ALPHA) ca.alpha = cb.alpha = 1;
  for (i = 0; i < 3; i++) {
    pa[i] = i == hi ? ca.c[i] : ca.c[i] * ca.alpha;
    pb[i] = i == hi ? cb.c[i] : cb.c[i] * cb.alpha;
  }
  if (hi >= 0) {
    double h[2];
    h[0] = ca.c[hi];
    h[1] = cb.c[hi];
    fix_hues(h, hue);
    pa[hi] = h[0];
    pb[hi] = h[1];
  }
  pa[3] = ca.alpha;
  pb[3] = cb.alpha;
  return both;
}

void kn_color_mix_ends(const kn_color *a, const kn_color *b, int space, int hue,
                       double pa[4], double pb[4]) {
  (void)ends(a, b, space, hue, pa, pb);
}

/* Unpremultiplied by the interpolated alpha itself (so that extrapolation
   stays the straight line it is in premultiplied space), or by the clamped
   alpha where that is not finite; an alpha of 0 leaves the components as
   they are.  Components are kept within KN_COLOR_MAX. */
void kn_color_mix_at(const double p[4], int space, kn_color *out) {
  double raw = p[3], alpha = raw > 0 ? (raw < 1 ? raw : 1) : 0;
  double div = isfinite(raw) ? raw : alpha;
  int hi = kn_color_hue_index(space), i;
  for (i = 0; i < 3; i++) {
    double x;
    if (i == hi) { out->c[i] = reduce_hue(p[i]); continue; }
    x = div != 0 ? p[i] / div : p[i];
    if (x != x) x = 0;
    out->c[i] = x > KN_COLOR_MAX ? KN_COLOR_MAX : (x < -KN_COLOR_MAX ? -KN_COLOR_MAX : x);
  }
  out->space = space;
  out->alpha = alpha;
  out->none = 0;
}

void kn_color_mix(const kn_color *a, const kn_color *b, double t, int space, int hue,
                  kn_color *out) {
  double pa[4], pb[4], p[4];
  unsigned both = ends(a, b, space, hue, pa, pb);
  int i;
  for (i = 0; i < 4; i++) p[i] = kn_lerp(pa[i], pb[i], t);   /* the animator's lerp */
  kn_color_mix_at(p, space, out);
  for (i = 0; i < 3; i++)
    if (both & (1u << i)) out->c[i] = 0;
  if (both & KN_COLOR_NONE_ALPHA) out->alpha = 0;
  out->none = both;
}
