/*
** fuzz_color.c -- the CSS colour parser and the colour operations
** (csrc/core/color*.c) on arbitrary bytes, as kinetic.color and kinetic.mix
** take them (any Lua string, embedded zeros included; mix takes any finite
** t).  The input is parsed whole and, split at its first '|', as two
** colours a and b.
**
** Checks, for every colour the parser accepts: no crash, undefined
** behaviour or leak (ASan + UBSan); a refusal's message is NUL-terminated
** and not empty.  An accepted colour has a known space, finite components
** within KN_COLOR_MAX, hues in [0, 360), missing components (and a missing
** alpha) holding 0, alpha in [0, 1].  kn_color_to and kn_color_convert into
** every space give finite numbers.  kn_color_srgb gives r, g, b in [0, 1]
** and the alpha itself.  kn_color_hex is "#" and 6 lowercase hex digits
** (alpha 1) or 8 (alpha < 1), each byte the double v * 255 rounded half up:
** k with k - 0.5 <= v * 255 < k + 0.5.  kn_color_format's text fits
** KN_COLOR_TEXT_MAX, truncates to a NUL-terminated prefix, and parses again
** to a colour of the same space and missing components whose components are
** the original's rounded to 6 decimals (in the written scale: 0-255 for
** rgb(), hues modulo 360) and whose sRGB is within a bound derived from that
** rounding (below).  kn_color_mix of a and b, at t in [0, 1], -0.5, 1.5 and
** far outside (+-1e6, +-1e300), in every space and hue mode, has finite
** components within KN_COLOR_MAX, hue in [0, 360), alpha in [0, 1], and
** marks missing exactly the components missing in both colours (in that
** space); kn_color_mix_ends, the animator's lerp (kn_lerp: pa + t (pb - pa),
** exactly pb at t = 1, which the plain formula misses by a rounding) and
** kn_color_mix_at give kn_color_mix's result bit for bit, but for the
** components missing in both (+0, and an alpha of 0, in kn_color_mix; the
** lerp of 0s, possibly -0, and an alpha of 1 otherwise; a hue missing in
** both has ends 0 and 360 under `longer`, as fix_hues makes them).
** The mix at t = 0.5 (shorter hue) in each space passes every check above.
**
** The sRGB bound.  The text rounds each component to 6 decimals, an error
** of at most delta_i = 5e-7 in the written scale (plus an ulp of the
** product and of strtod).  The harness measures the conversion's
** sensitivity: S = sum over components of the largest change of any sRGB
** channel (the conversion without gamut mapping, kn_color_to(c, "srgb"))
** when that component alone moves by +-delta_i.  The conversion is smooth
** or piecewise smooth and continuous at that scale, so the parsed-again
** colour is within 2 S (+ 1e-13 of rounding) on every channel.  That is
** checked for kn_color_srgb when neither colour is gamut-mapped (both
** unmapped conversions inside [0, 1]^3); for a gamut-mapped colour only
** the unmapped conversion is held to it (2 S + 1e-13 (1 + |v|)).  The
** mapping (CSS Color 4 section 13.2) is a binary search on OKLCH chroma
** that stops at the first probe within the JND (0.02) and 0.0001 of it:
** two colours a rounding apart can stop at different probes, so their
** mapped sRGB differ by up to that resolution (and, where deltaEOK is not
** monotone in chroma, by more), which no bound tied to the rounding holds.
** The alpha is never mapped: within 5e-7.
*/
#include "fpcontract.h"
#include <float.h>

#include "fuzz_common.h"
#include "color.h"
#include "interp.h"

#define ROUND6 5e-7

/* An error buffer of exactly its capacity, so that a write past it is an
   ASan report; the capacity varies with the input (the binding uses 256
   for kinetic.color and 8 for the colours it only tests). */
static int parse_bytes(const uint8_t *data, size_t size, kn_color *out, size_t errcap) {
  char *s = (char *)malloc(size ? size : 1), *err = (char *)malloc(errcap ? errcap : 1);
  kn_color c;
  int r;
  CHECK(s != NULL && err != NULL, "malloc");
  if (size) memcpy(s, data, size);
  memset(err, 'x', errcap ? errcap : 1);
  r = kn_color_parse(s, size, &c, err, errcap);
  CHECK(r == 0 || r == -1, "kn_color_parse returned %d", r);
  if (r != 0) {
    CHECK(errcap == 0 || memchr(err, '\0', errcap) != NULL, "error message not terminated");
    CHECK(errcap < 2 || err[0] != '\0', "empty error message for '%.*s'", (int)size, s);
  }
  free(s);
  free(err);
  if (r == 0) *out = c;
  return r == 0;
}

static int parse_text(const char *t, size_t n, kn_color *out) {
  return parse_bytes((const uint8_t *)t, n, out, 256);
}

static int in_unit3(const double v[3]) {
  int i;
  for (i = 0; i < 3; i++)
    if (!(v[i] >= 0 && v[i] <= 1)) return 0;
  return 1;
}

/* The invariants of a colour the parser or kn_color_mix makes. */
static void check_valid(const kn_color *c, const char *what) {
  int i, hi;
  CHECK(c->space >= 0 && c->space < KN_CS_COUNT, "%s: space %d", what, c->space);
  CHECK((c->none & ~(7u | KN_COLOR_NONE_ALPHA)) == 0, "%s: none mask %#x", what, c->none);
  hi = kn_color_hue_index(c->space);
  for (i = 0; i < 3; i++) {
    double x = c->c[i];
    CHECK(isfinite(x) && fabs(x) <= KN_COLOR_MAX, "%s: component %d = %.17g (%s)", what, i, x,
          kn_color_space_name(c->space));
    CHECK(i != hi || (x >= 0 && x < 360), "%s: hue %.17g", what, x);
    CHECK(!(c->none & (1u << i)) || x == 0, "%s: missing component %d holds %.17g", what, i, x);
  }
  CHECK(c->alpha >= 0 && c->alpha <= 1, "%s: alpha %.17g", what, c->alpha);
  CHECK(!(c->none & KN_COLOR_NONE_ALPHA) || c->alpha == 0, "%s: missing alpha holds %.17g",
        what, c->alpha);
}

/* kn_color_to and kn_color_convert into every space: finite. */
static void check_conversions(const kn_color *c) {
  int s, i;
  for (s = 0; s < KN_CS_COUNT; s++) {
    double v[3];
    kn_color o;
    kn_color_to(c, s, v);
    for (i = 0; i < 3; i++)
      CHECK(isfinite(v[i]), "to(%s -> %s)[%d] = %.17g (c = %.17g %.17g %.17g)",
            kn_color_space_name(c->space), kn_color_space_name(s), i, v[i], c->c[0], c->c[1],
            c->c[2]);
    kn_color_convert(c, s, &o);
    CHECK(o.space == s && o.alpha == c->alpha, "convert: space or alpha");
    for (i = 0; i < 3; i++)
      CHECK(isfinite(o.c[i]), "convert(%s -> %s)[%d] = %.17g", kn_color_space_name(c->space),
            kn_color_space_name(s), i, o.c[i]);
  }
}

/* kn_color_srgb and kn_color_hex; rgba out. */
static void check_srgb_hex(const kn_color *c, double rgba[4]) {
  static const char digits[] = "0123456789abcdef";
  char hex[10];
  size_t n, i;
  kn_color_srgb(c, rgba);
  for (i = 0; i < 4; i++)
    CHECK(rgba[i] >= 0 && rgba[i] <= 1, "srgb[%d] = %.17g", (int)i, rgba[i]);
  CHECK(rgba[3] == c->alpha, "srgb alpha %.17g, colour's %.17g", rgba[3], c->alpha);
  memset(hex, 'x', sizeof hex);
  kn_color_hex(c, hex);
  CHECK(memchr(hex, '\0', sizeof hex) != NULL, "hex not terminated");
  n = strlen(hex);
  CHECK(hex[0] == '#' && n == (rgba[3] < 1 ? 9u : 7u), "hex '%s' for alpha %.17g", hex, rgba[3]);
  for (i = 0; i < (n - 1) / 2; i++) {
    const char *h1 = strchr(digits, hex[1 + 2 * i]), *h2 = strchr(digits, hex[2 + 2 * i]);
    double k, y = rgba[i] * 255;
    CHECK(h1 != NULL && h2 != NULL && hex[1 + 2 * i] && hex[2 + 2 * i], "hex '%s' digit", hex);
    k = (double)((h1 - digits) * 16 + (h2 - digits));
    CHECK(k - 0.5 <= y && y < k + 0.5, "hex '%s' byte %d: %g for %.17g * 255 = %.17g", hex,
          (int)i, k, rgba[i], y);
  }
}

/* The largest change of an unmapped sRGB channel when one component
   moves by +-delta_i, summed over the components (see the top). */
static double srgb_sensitivity(const kn_color *c, const double delta[3], const double v0[3]) {
  double sum = 0;
  int i, sgn, j;
  for (i = 0; i < 3; i++) {
    double worst = 0;
    if (c->none & (1u << i)) continue;
    for (sgn = -1; sgn <= 1; sgn += 2) {
      kn_color p = *c;
      double v[3];
      p.c[i] += sgn * delta[i];
      kn_color_to(&p, KN_CS_SRGB, v);
      for (j = 0; j < 3; j++) {
        double dv = fabs(v[j] - v0[j]);
        if (!(dv <= worst)) worst = dv;   /* a NaN is kept: it fails below */
      }
    }
    sum += worst;
  }
  return sum;
}

/* kn_color_format: fits, truncates cleanly, parses again (see the top). */
static void check_format(const kn_color *c, const double rgba[4], size_t cut) {
  char big[512], text[KN_COLOR_TEXT_MAX], small[24];
  size_t nb = kn_color_format(c, big, sizeof big), n, ns, i;
  kn_color c2;
  double rgba2[4], delta[3], v1[3], v2[3], sens, scale;
  int legacy, hi = kn_color_hue_index(c->space);
  CHECK(nb == strlen(big), "format length %u, strlen %u", (unsigned)nb, (unsigned)strlen(big));
  CHECK(nb < KN_COLOR_TEXT_MAX, "format '%s' (%u bytes) does not fit KN_COLOR_TEXT_MAX", big,
        (unsigned)nb);
  n = kn_color_format(c, text, sizeof text);
  CHECK(n == nb && strcmp(text, big) == 0, "format differs by buffer size");
  /* a short buffer: the NUL-terminated prefix */
  cut = 1 + cut % sizeof small;
  memset(small, 'x', sizeof small);
  ns = kn_color_format(c, small, cut);
  CHECK(ns == (nb < cut - 1 ? nb : cut - 1) && small[ns] == '\0' &&
        memcmp(small, big, ns) == 0, "format into %u bytes: '%s' of '%s'", (unsigned)cut, small, big);
  CHECK(kn_color_format(c, NULL, 0) == 0, "format into no buffer");

  CHECK(parse_text(text, n, &c2), "format '%s' does not parse", text);
  CHECK(c2.space == c->space && c2.none == c->none, "'%s' parses to space %d none %#x, not %d %#x",
        text, c2.space, c2.none, c->space, c->none);
  legacy = c->space == KN_CS_SRGB && strncmp(text, "rgb", 3) == 0;
  scale = legacy ? 255 : 1;
  for (i = 0; i < 3; i++) {
    double a = c->c[i], b = c2.c[i], e;
    if (i == (size_t)hi) {
      e = fabs(b - a);
      if (e > 180) e = 360 - e;
      delta[i] = ROUND6 + 360 * DBL_EPSILON;
      CHECK(e <= delta[i], "'%s': hue %.17g parses as %.17g", text, a, b);
    } else {
      delta[i] = (ROUND6 + 2 * DBL_EPSILON * fabs(a) * scale) / scale + 2 * DBL_EPSILON * fabs(a);
      CHECK(fabs(b - a) <= delta[i], "'%s': component %d %.17g parses as %.17g", text, (int)i,
            a, b);
    }
  }
  CHECK(fabs(c2.alpha - c->alpha) <= ROUND6 + DBL_EPSILON, "'%s': alpha %.17g parses as %.17g",
        text, c->alpha, c2.alpha);

  /* sRGB within the rounding times the conversion's sensitivity */
  kn_color_to(c, KN_CS_SRGB, v1);
  kn_color_to(&c2, KN_CS_SRGB, v2);
  sens = srgb_sensitivity(c, delta, v1);
  CHECK(!isnan(sens), "sensitivity NaN for '%s'", text);
  for (i = 0; i < 3; i++)
    CHECK(fabs(v2[i] - v1[i]) <= 2 * sens + 1e-13 * (1 + fabs(v1[i])),
          "'%s': unmapped sRGB[%d] %.17g vs %.17g, bound %.3g", text, (int)i, v1[i], v2[i],
          2 * sens + 1e-13 * (1 + fabs(v1[i])));
  kn_color_srgb(&c2, rgba2);
  if (in_unit3(v1) && in_unit3(v2))
    for (i = 0; i < 3; i++)
      CHECK(fabs(rgba2[i] - rgba[i]) <= 2 * sens + 1e-13,
            "'%s': sRGB[%d] %.17g vs %.17g, bound %.3g", text, (int)i, rgba[i], rgba2[i],
            2 * sens + 1e-13);
  CHECK(fabs(rgba2[3] - rgba[3]) <= ROUND6 + DBL_EPSILON, "'%s': alpha", text);
}

/* Is c within the ranges the parser clamps to (color_parse.c), to 1e-9?
   A mix can leave them (lab() of a far-out XYZ colour has L > 100); its
   text then parses to the clamped colour, as CSS would. */
static int parse_range(const kn_color *c) {
  const double m = 1e-9, *v = c->c;
  switch (c->space) {
    case KN_CS_LAB: return v[0] >= -m && v[0] <= 100 + m;
    case KN_CS_LCH: return v[0] >= -m && v[0] <= 100 + m && v[1] >= -m;
    case KN_CS_OKLAB: return v[0] >= -m && v[0] <= 1 + m;
    case KN_CS_OKLCH: return v[0] >= -m && v[0] <= 1 + m && v[1] >= -m;
    case KN_CS_HSL: return v[1] >= -m;
    default: return 1;
  }
}

/* Everything a colour the user can hold must satisfy; round_trip 2: a
   parsed colour (within the parser's ranges), 1: a mix (when within them),
   0: no round trip. */
static void check_color(const kn_color *c, const char *what, int round_trip, size_t cut) {
  double rgba[4];
  check_valid(c, what);
  CHECK(round_trip != 2 || parse_range(c), "%s: outside the parser's ranges", what);
  check_conversions(c);
  check_srgb_hex(c, rgba);
  if (round_trip && parse_range(c)) check_format(c, rgba, cut);
}

/* a and b mixed in every space and hue mode (see the top). */
static void check_mix(const kn_color *a, const kn_color *b, size_t cut) {
  static const double ts[] = { 0, 0.25, 0.5, 0.75, 1, -0.5, 1.5, 1e6, -1e6, 1e300, -1e300 };
  int space, hue, i;
  size_t k;
  for (space = 0; space < KN_CS_COUNT; space++) {
    kn_color ca, cb;
    unsigned both;
    kn_color_convert(a, space, &ca);
    kn_color_convert(b, space, &cb);
    both = ca.none & cb.none;
    for (hue = KN_HUE_SHORTER; hue <= KN_HUE_DECREASING; hue++) {
      double pa[4], pb[4];
      kn_color_mix_ends(a, b, space, hue, pa, pb);
      for (i = 0; i < 4; i++)
        CHECK(isfinite(pa[i]) && isfinite(pb[i]), "mix_ends %s hue %d: [%d] %.17g %.17g",
              kn_color_space_name(space), hue, i, pa[i], pb[i]);
      for (k = 0; k < sizeof ts / sizeof ts[0]; k++) {
        double t = ts[k], p[4];
        kn_color m, m2;
        kn_color_mix(a, b, t, space, hue, &m);
        CHECK(m.space == space, "mix space");
        CHECK(m.none == both, "mix %s t=%g: none %#x, missing in both %#x",
              kn_color_space_name(space), t, m.none, both);
        check_valid(&m, "mix");
        for (i = 0; i < 4; i++) p[i] = kn_lerp(pa[i], pb[i], t);
        kn_color_mix_at(p, space, &m2);
        check_valid(&m2, "mix_at");
        for (i = 0; i < 3; i++) {
          if (both & (1u << i))   /* a hue missing in both: ends 0 and 360 under `longer` */
            CHECK(fz_same(m.c[i], 0.0) && (m2.c[i] == 0 || i == kn_color_hue_index(space)),
                  "both-missing component %d: %.17g %.17g", i, m.c[i], m2.c[i]);
          else
            CHECK(fz_same(m.c[i], m2.c[i]), "mix %s hue %d t=%g: component %d %.17g, "
                  "ends+lerp+at %.17g", kn_color_space_name(space), hue, t, i, m.c[i], m2.c[i]);
        }
        if (both & KN_COLOR_NONE_ALPHA)
          CHECK(fz_same(m.alpha, 0.0) && m2.alpha == 1, "both-missing alpha %.17g %.17g",
                m.alpha, m2.alpha);
        else
          CHECK(fz_same(m.alpha, m2.alpha), "mix %s hue %d t=%g: alpha %.17g vs %.17g",
                kn_color_space_name(space), hue, t, m.alpha, m2.alpha);
        if (t == 0.5 && hue == KN_HUE_SHORTER) check_color(&m, "mix(0.5)", 1, cut);
        else if (t == 1.5 && hue == KN_HUE_LONGER) check_color(&m, "mix(1.5)", 0, cut);
      }
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const size_t errcaps[8] = { 256, 256, 256, 256, 256, 8, 1, 0 };
  const uint8_t *bar = size ? (const uint8_t *)memchr(data, '|', size) : NULL;
  kn_color c, a, b;
  if (parse_bytes(data, size, &c, errcaps[size % 8])) check_color(&c, "parse", 2, size);
  if (bar != NULL) {
    size_t na = (size_t)(bar - data);
    int oka = parse_bytes(data, na, &a, 256);
    int okb = parse_bytes(bar + 1, size - na - 1, &b, 256);
    if (oka) check_color(&a, "parse a", 2, na);
    if (okb) check_color(&b, "parse b", 2, size);
    if (oka && okb) check_mix(&a, &b, size);
  }
  return 0;
}
