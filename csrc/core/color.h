/*
** color.h -- CSS Color 4 colours: the spaces, conversions between them,
** gamut mapping to sRGB and interpolation.  Pure C99.
**
** A colour is a space and three components as CSS writes them (rgb-like
** spaces on the 0-1 scale, hsl s and l and hwb w and b in 0-100, lab and
** lch L in 0-100, oklab and oklch L in 0-1, hues in degrees), an alpha in
** [0, 1], and a mask of the components that are missing (`none`, or
** powerless and so made missing by a conversion; CSS Color 4 section 4.4).
** A missing component holds 0.
**
** Conversions go through CIE XYZ (D65; D50 spaces by the Bradford
** transform), with the matrices of CSS Color 4 section 18.  Gamut mapping
** is CSS Color 4 section 13.2: a binary search on OKLCH chroma, stopping
** when the clipped colour is within deltaEOK 0.02 (the JND) of the
** searched one.  Interpolation is CSS Color 4 section 12: missing
** components carried forward to analogous ones, then taking the other
** colour's value; premultiplied alpha; hues fixed up by the hue mode.
*/
#ifndef KINETIC_COLOR_H
#define KINETIC_COLOR_H

#include <stddef.h>

enum kn_color_space {
  KN_CS_SRGB, KN_CS_SRGB_LINEAR, KN_CS_DISPLAY_P3, KN_CS_A98_RGB,
  KN_CS_PROPHOTO_RGB, KN_CS_REC2020, KN_CS_XYZ_D50, KN_CS_XYZ_D65,
  KN_CS_LAB, KN_CS_LCH, KN_CS_OKLAB, KN_CS_OKLCH, KN_CS_HSL, KN_CS_HWB,
  KN_CS_COUNT
};

enum kn_color_hue { KN_HUE_SHORTER, KN_HUE_LONGER, KN_HUE_INCREASING, KN_HUE_DECREASING };
/* The CSS name of a hue interpolation method ("shorter", "longer",
   "increasing", "decreasing"), NULL past the last (a kn_name_fn, names.h). */
const char *kn_color_hue_name(int hue);

/* Bit i of `none`: component i missing (0-2); KN_COLOR_NONE_ALPHA: alpha. */
#define KN_COLOR_NONE_ALPHA 8u

typedef struct kn_color {
  int space;           /* enum kn_color_space */
  double c[3];         /* components, CSS scales (above) */
  double alpha;        /* [0, 1] */
  unsigned none;       /* missing components */
} kn_color;

/* The largest magnitude of a component (in its CSS scale, hues apart):
   the parser and interpolation clamp to it, so that every conversion of
   every colour stays finite. */
#define KN_COLOR_MAX 1e6

/* The space named `name` (CSS names: "srgb", "srgb-linear", "display-p3",
   "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d50", "xyz-d65", "xyz" (=
   xyz-d65), "lab", "lch", "oklab", "oklch", "hsl", "hwb"; ASCII case
   ignored), or -1. */
int kn_color_space_find(const char *name, size_t len);
const char *kn_color_space_name(int space);

/* Parse a CSS colour (every form that needs no document); 0 on success,
   else -1 with a message in err (at most errlen bytes, NUL-terminated). */
int kn_color_parse(const char *s, size_t len, kn_color *out, char *err, size_t errlen);
/* s[0..len) as an error message quotes it, into buf[KN_COLOR_QUOTE_MAX]:
   whole, or -- when longer than 60 bytes or holding a zero byte -- its
   first bytes up to 60 (and up to the first zero byte) followed by "...". */
#define KN_COLOR_QUOTE_MAX 64
void kn_color_quote(char *buf, const char *s, size_t len);

/* c in `space`, not gamut-mapped; powerless hues become missing, missing
   components carry forward to analogous ones (CSS Color 4 section 12.1;
   with the analogous sets: lab(50% none none) in lch has C and H
   missing).  A colour already in `space` is copied as it is. */
void kn_color_convert(const kn_color *c, int space, kn_color *out);

/* c's components in `space` as CSS computes them outside interpolation
   (CSS Color 4 section 4.4): not gamut-mapped, a missing component of c
   taken as 0, a hue that the conversion finds powerless (an achromatic
   colour, section 4.4.1) as 0.  Nothing is carried forward.  A colour
   already in `space` is returned as it is. */
void kn_color_to(const kn_color *c, int space, double out[3]);

/* The index of the hue among the components of `space` (0 for hsl and
   hwb, 2 for lch and oklch), -1 when it has none. */
int kn_color_hue_index(int space);

/* The named colour `name` (CSS Color 4 section 6.1, lowercase ASCII, len
   bytes) as 0xRRGGBB in *rgb: 1, or 0 when there is no such name. */
int kn_color_named(const char *name, size_t len, unsigned long *rgb);

/* c gamut-mapped to sRGB (CSS Color 4 section 13.2), rgba[0..3] in [0, 1]. */
void kn_color_srgb(const kn_color *c, double rgba[4]);

/* "#rrggbb" (alpha 1) or "#rrggbbaa" of the gamut-mapped colour, lowercase;
   buf holds at least 10 bytes. */
void kn_color_hex(const kn_color *c, char buf[10]);

/* CSS serialization of c in its own space (CSS Color 4 section 15);
   returns the length written (at most len - 1, NUL-terminated).  The forms
   are described in color_format.c; KN_COLOR_TEXT_MAX bytes always hold
   the whole text. */
#define KN_COLOR_TEXT_MAX 128
size_t kn_color_format(const kn_color *c, char *buf, size_t len);

/* Interpolation.  kn_color_mix_ends writes the endpoints a and b in `space`
   as premultiplied tuples p[0..3] = {c0, c1, c2, alpha} (a hue component
   is not premultiplied; hues fixed up for `hue`, enum kn_color_hue; missing
   components resolved), so that the colour at t is kn_color_mix_at of the
   per-component lerp pa + t (pb - pa).  kn_color_mix_at unpremultiplies
   (alpha clamped to [0, 1]; hue reduced to [0, 360)).  Details: a
   component missing in both colours is 0 at both ends, and two missing
   alphas are 1 at both ends (no premultiplication); kn_color_mix then
   marks those components missing in its result (a missing alpha holding
   0).  kn_color_mix_at divides by the interpolated alpha before clamping
   it (extrapolation stays a straight line in premultiplied space), leaves
   the components as they are where that alpha is 0, and keeps them within
   KN_COLOR_MAX. */
void kn_color_mix_ends(const kn_color *a, const kn_color *b, int space, int hue,
                       double pa[4], double pb[4]);
void kn_color_mix_at(const double p[4], int space, kn_color *out);
void kn_color_mix(const kn_color *a, const kn_color *b, double t, int space, int hue,
                  kn_color *out);

#endif
