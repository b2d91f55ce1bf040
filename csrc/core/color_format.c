/*
** color_format.c -- the CSS text of a colour in its own space (CSS Color 4
** section 15), the form tostring gives:
**
**   srgb          rgb(R, G, B) or rgba(R, G, B, A), the legacy form CSS
**                 serializes sRGB colours in (section 15.2), R, G and B on
**                 the 0-255 scale, not rounded; a colour outside the sRGB
**                 cube or with a missing component, which that form cannot
**                 hold, as color(srgb r g b [/ A])
**   hsl, hwb      hsl(H S% L% [/ A]), hwb(H W% B% [/ A]): the modern
**                 syntax, so that the colour keeps its space (CSS itself
**                 serializes these as rgb())
**   lab ... oklch lab(L a b [/ A]) (section 15.3): every component a number,
**                 L on the scale of the space (0-100, or 0-1 for OKLab and
**                 OKLCH), hues in degrees
**   the others    color(<space> r g b [/ A]), xyz as xyz-d65 (section 15.4)
**
** Numbers are written in their shortest form with at most 6 decimals
** (kn_css_fmtnum); a missing component as `none`; alpha left out when it
** is 1.
*/
#include "fpcontract.h"
#include <string.h>

#include "color.h"
#include "easing.h"

static void put_num(kn_text *o, double x) {
  char b[64];
  kn_css_fmtnum(b, x);
  kn_text_put(o, b);
}

/* Component i of c, `none` when missing, times `scale`, then `unit`. */
static void put_comp(kn_text *o, const kn_color *c, int i, double scale, const char *unit) {
  if (c->none & (1u << i)) { kn_text_put(o, "none"); return; }
  put_num(o, c->c[i] * scale);
  kn_text_put(o, unit);
}

static void put_alpha(kn_text *o, const kn_color *c) {
  if (c->none & KN_COLOR_NONE_ALPHA) kn_text_put(o, " / none");
  else if (c->alpha != 1) { kn_text_put(o, " / "); put_num(o, c->alpha); }
}

/* rgb()/rgba() when c can be written so (section 15.2); 0 otherwise */
static int put_legacy_rgb(kn_text *o, const kn_color *c) {
  int i;
  if (c->none != 0) return 0;
  for (i = 0; i < 3; i++)
    if (!(c->c[i] >= 0 && c->c[i] <= 1)) return 0;
  kn_text_put(o, c->alpha == 1 ? "rgb(" : "rgba(");
  for (i = 0; i < 3; i++) {
    if (i > 0) kn_text_put(o, ", ");
    put_num(o, c->c[i] * 255);
  }
  if (c->alpha != 1) { kn_text_put(o, ", "); put_num(o, c->alpha); }
  kn_text_put(o, ")");
  return 1;
}

size_t kn_color_format(const kn_color *c, char *buf, size_t len) {
  static const char fn[KN_CS_COUNT][8] = {
    "", "", "", "", "", "", "", "", "lab(", "lch(", "oklab(", "oklch(", "hsl(", "hwb("
  };
  kn_text o;
  const char *pct = c->space == KN_CS_HSL || c->space == KN_CS_HWB ? "%" : "";
  int i;
  o.buf = buf;
  o.cap = len > 0 ? len - 1 : 0;
  o.len = 0;
  if (c->space == KN_CS_SRGB && put_legacy_rgb(&o, c)) {
    /* done */
  } else {
    if (fn[c->space][0] != '\0') kn_text_put(&o, fn[c->space]);
    else {
      kn_text_put(&o, "color(");
      kn_text_put(&o, kn_color_space_name(c->space));
      kn_text_put(&o, " ");
    }
    for (i = 0; i < 3; i++) {
      if (i > 0) kn_text_put(&o, " ");
      put_comp(&o, c, i, 1, i > 0 ? pct : "");
    }
    put_alpha(&o, c);
    kn_text_put(&o, ")");
  }
  if (len == 0) return 0;
  if (o.len > o.cap) o.len = o.cap;
  buf[o.len] = '\0';
  return o.len;
}
