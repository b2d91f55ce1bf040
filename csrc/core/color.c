/*
** color.c -- the colour spaces of CSS Color 4, the conversions between
** them, and gamut mapping to sRGB (color.h).
**
** The spaces form a tree rooted at CIE XYZ (D65), each space defined by
** its conversion to and from its parent (its "base"):
**
**   xyz-d65 -+- srgb-linear - srgb -+- hsl
**            |                      +- hwb
**            +- display-p3-linear - display-p3
**            +- a98-rgb-linear - a98-rgb
**            +- rec2020-linear - rec2020
**            +- oklab - oklch
**            +- xyz-d50 -+- prophoto-rgb-linear - prophoto-rgb
**                        +- lab - lch
**
** A conversion climbs from the source to the lowest common ancestor of the
** two spaces and descends to the target, so that, say, hsl to srgb is the
** direct formula and lab to lch never passes through XYZ.  The matrices
** and transfer functions are those of CSS Color 4 section 18 ("Sample code
** for color conversions"), written as colorjs.io writes them (the rational
** matrices of the spec, evaluated to doubles).
*/
#include "fpcontract.h"
#include <math.h>
#include <string.h>

#include "color.h"
#include "kmath.h"

#define KN_PI 3.14159265358979323846264338327950

/* The intermediate spaces, after the public ones. */
enum {
  N_P3_LIN = KN_CS_COUNT, N_A98_LIN, N_PROPHOTO_LIN, N_REC2020_LIN, N_COUNT
};

/* Each space's parent in the tree above; -1 for the root. */
static const signed char parent[N_COUNT] = {
  KN_CS_SRGB_LINEAR,   /* srgb */
  KN_CS_XYZ_D65,       /* srgb-linear */
  N_P3_LIN,            /* display-p3 */
  N_A98_LIN,           /* a98-rgb */
  N_PROPHOTO_LIN,      /* prophoto-rgb */
  N_REC2020_LIN,       /* rec2020 */
  KN_CS_XYZ_D65,       /* xyz-d50 */
  -1,                  /* xyz-d65 */
  KN_CS_XYZ_D50,       /* lab */
  KN_CS_LAB,           /* lch */
  KN_CS_XYZ_D65,       /* oklab */
  KN_CS_OKLAB,         /* oklch */
  KN_CS_SRGB,          /* hsl */
  KN_CS_SRGB,          /* hwb */
  KN_CS_XYZ_D65,       /* display-p3-linear */
  KN_CS_XYZ_D65,       /* a98-rgb-linear */
  KN_CS_XYZ_D50,       /* prophoto-rgb-linear */
  KN_CS_XYZ_D65        /* rec2020-linear */
};

static const char space_names[KN_CS_COUNT][16] = {
  "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020",
  "xyz-d50", "xyz-d65", "lab", "lch", "oklab", "oklch", "hsl", "hwb"
};

/* 1 when name[0..len) is `lower` ignoring ASCII case (CSS identifiers). */
static int same_ident(const char *name, size_t len, const char *lower) {
  size_t i;
  if (strlen(lower) != len) return 0;
  for (i = 0; i < len; i++) {
    char c = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] + 'a' - 'A') : name[i];
    if (c != lower[i]) return 0;
  }
  return 1;
}

int kn_color_space_find(const char *name, size_t len) {
  int i;
  if (same_ident(name, len, "xyz")) return KN_CS_XYZ_D65;
  for (i = 0; i < KN_CS_COUNT; i++)
    if (same_ident(name, len, space_names[i])) return i;
  return -1;
}

const char *kn_color_hue_name(int hue) {
  static const char names[4][11] = { "shorter", "longer", "increasing", "decreasing" };
  return hue >= 0 && hue <= KN_HUE_DECREASING ? names[hue] : NULL;
}

const char *kn_color_space_name(int space) {
  return space >= 0 && space < KN_CS_COUNT ? space_names[space] : NULL;
}

int kn_color_hue_index(int space) {
  switch (space) {
    case KN_CS_HSL: case KN_CS_HWB: return 0;
    case KN_CS_LCH: case KN_CS_OKLCH: return 2;
    default: return -1;
  }
}

/* ---- matrices (CSS Color 4 section 18) ------------------------------------ */

typedef double mat3[3][3];

/* linear-light RGB to XYZ (D65; D50 for ProPhoto) and back */
static const mat3 srgb_to_xyz = {
  { 0.41239079926595934, 0.357584339383878, 0.1804807884018343 },
  { 0.21263900587151027, 0.715168678767756, 0.07219231536073371 },
  { 0.01933081871559182, 0.11919477979462598, 0.9505321522496607 } };
static const mat3 xyz_to_srgb = {
  { 3.2409699419045226, -1.537383177570094, -0.4986107602930034 },
  { -0.9692436362808796, 1.8759675015077202, 0.04155505740717559 },
  { 0.05563007969699366, -0.20397695888897652, 1.0569715142428786 } };
static const mat3 p3_to_xyz = {
  { 0.4865709486482162, 0.26566769316909306, 0.1982172852343625 },
  { 0.2289745640697488, 0.6917385218365064, 0.079286914093745 },
  { 0.0, 0.04511338185890264, 1.043944368900976 } };
static const mat3 xyz_to_p3 = {
  { 2.493496911941425, -0.9313836179191239, -0.40271078445071684 },
  { -0.8294889695615747, 1.7626640603183463, 0.023624685841943577 },
  { 0.03584583024378447, -0.07617238926804182, 0.9568845240076872 } };
static const mat3 a98_to_xyz = {
  { 0.5766690429101305, 0.1855582379065463, 0.1882286462349947 },
  { 0.29734497525053605, 0.6273635662554661, 0.07529145849399788 },
  { 0.02703136138641234, 0.07068885253582723, 0.9913375368376388 } };
static const mat3 xyz_to_a98 = {
  { 2.0415879038107465, -0.5650069742788596, -0.34473135077832956 },
  { -0.9692436362808795, 1.8759675015077202, 0.04155505740717557 },
  { 0.013444280632031142, -0.11836239223101838, 1.0151749943912054 } };
static const mat3 rec2020_to_xyz = {
  { 0.6369580483012914, 0.14461690358620832, 0.1688809751641721 },
  { 0.2627002120112671, 0.6779980715188708, 0.05930171646986196 },
  { 0.0, 0.028072693049087428, 1.060985057710791 } };
static const mat3 xyz_to_rec2020 = {
  { 1.716651187971268, -0.355670783776392, -0.253366281373660 },
  { -0.666684351832489, 1.616481236634939, 0.0157685458139111 },
  { 0.017639857445311, -0.042770613257809, 0.942103121235474 } };
static const mat3 prophoto_to_xyz = {
  { 0.79776664490064230, 0.13518129740053308, 0.03134773412839220 },
  { 0.28807482881940130, 0.71183523424187300, 0.00008993693872564 },
  { 0.0, 0.0, 0.82510460251046020 } };
static const mat3 xyz_to_prophoto = {
  { 1.34578688164715830, -0.25557208737979464, -0.05110186497554526 },
  { -0.54463070512490190, 1.50824774284514680, 0.02052744743642139 },
  { 0.0, 0.0, 1.21196754563894520 } };

/* Bradford chromatic adaptation between the D65 and D50 whites */
static const mat3 d65_to_d50 = {
  { 1.0479297925449969, 0.022946870601609652, -0.05019226628920524 },
  { 0.02962780877005599, 0.9904344267538799, -0.017073799063418826 },
  { -0.009243040646204504, 0.015055191490298152, 0.7518742814281371 } };
static const mat3 d50_to_d65 = {
  { 0.955473421488075, -0.02309845494876471, 0.06325924320057072 },
  { -0.0283697093338637, 1.0099953980813041, 0.021041441191917323 },
  { 0.012314014864481998, -0.020507649298898964, 1.330365926242124 } };

/* OKLab (Ottosson), with the XYZ-LMS matrix recomputed for the D65 white
   CSS uses */
static const mat3 xyz_to_lms = {
  { 0.8190224379967030, 0.3619062600528904, -0.1288737815209879 },
  { 0.0329836539323885, 0.9292868615863434, 0.0361446663506424 },
  { 0.0481771893596242, 0.2642395317527308, 0.6335478284694309 } };
static const mat3 lms_to_xyz = {
  { 1.2268798758459243, -0.5578149944602171, 0.2813910456659647 },
  { -0.0405757452148008, 1.1122868032803170, -0.0717110580655164 },
  { -0.0763729366746601, -0.4214933324022432, 1.5869240198367816 } };
static const mat3 lms_to_oklab = {
  { 0.2104542683093140, 0.7936177747023054, -0.0040720430116193 },
  { 1.9779985324311684, -2.4285922420485799, 0.4505937096174110 },
  { 0.0259040424655478, 0.7827717124575296, -0.8086757549230774 } };
static const mat3 oklab_to_lms = {
  { 1.0, 0.3963377773761749, 0.2158037573099136 },
  { 1.0, -0.1055613458156586, -0.0638541728258133 },
  { 1.0, -0.0894841775298119, -1.2914855480194092 } };

/* v = m v */
static void mul3(const mat3 m, double v[3]) {
  double x = v[0] * m[0][0] + v[1] * m[0][1] + v[2] * m[0][2];
  double y = v[0] * m[1][0] + v[1] * m[1][1] + v[2] * m[1][2];
  double z = v[0] * m[2][0] + v[1] * m[2][1] + v[2] * m[2][2];
  v[0] = x; v[1] = y; v[2] = z;
}

/* ---- transfer functions, extended to negative values by symmetry -------- */

static double srgb_decode(double v) {
  double a = fabs(v);
  if (a <= 0.04045) return v / 12.92;
  return (v < 0 ? -1.0 : 1.0) * kn_pow((a + 0.055) / 1.055, 2.4);
}

static double srgb_encode(double v) {
  double a = fabs(v);
  if (a > 0.0031308) return (v < 0 ? -1.0 : 1.0) * (1.055 * kn_pow(a, 1 / 2.4) - 0.055);
  return 12.92 * v;
}

/* a98-rgb: a pure gamma of 563/256 */
static double a98_decode(double v) { return (v < 0 ? -1.0 : 1.0) * kn_pow(fabs(v), 563.0 / 256); }
static double a98_encode(double v) { return (v < 0 ? -1.0 : 1.0) * kn_pow(fabs(v), 256.0 / 563); }

/* prophoto-rgb: gamma 1.8 with a linear part below 16/512 (encoded) */
static double prophoto_decode(double v) {
  double a = fabs(v);
  if (a < 16.0 / 512) return v / 16;
  return (v < 0 ? -1.0 : 1.0) * kn_pow(a, 1.8);
}

static double prophoto_encode(double v) {
  double a = fabs(v);
  if (a >= 1.0 / 512) return (v < 0 ? -1.0 : 1.0) * kn_pow(a, 1 / 1.8);
  return 16 * v;
}

/* rec2020: the display-referred transfer of ITU-R BT.1886 (gamma 2.4) */
static double rec2020_decode(double v) { return (v < 0 ? -1.0 : 1.0) * kn_pow(fabs(v), 2.4); }
static double rec2020_encode(double v) { return (v < 0 ? -1.0 : 1.0) * kn_pow(fabs(v), 1 / 2.4); }

static void map3(double (*f)(double), double v[3]) {
  v[0] = f(v[0]); v[1] = f(v[1]); v[2] = f(v[2]);
}

/* ---- cylindrical spaces ----------------------------------------------------- */

/* An angle reduced to [0, 360). */
static double constrain_hue(double h) {
  double r = fmod(h, 360.0);
  if (r < 0) r += 360.0;
  return r >= 360.0 ? 0.0 : r;
}

/* HSL from sRGB (CSS Color 4 section 7.3, "better-rgbToHsl"): the hue is
   missing for a grey; a negative saturation (far out of gamut) turns the
   hue half a turn. */
static int hsl_from_srgb(double v[3]) {
  double r = v[0], g = v[1], b = v[2];
  double max = kn_fmax(kn_fmax(r, g), b), min = kn_fmin(kn_fmin(r, g), b);
  double l = (min + max) / 2, d = max - min, h = 0, s = 0;
  int none = d == 0;
  if (!none) {
    s = l == 0 || l == 1 ? 0 : (max - l) / kn_fmin(l, 1 - l);
    if (max == r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max == g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  if (s < 0) { h += 180; s = fabs(s); }
  if (h >= 360) h -= 360;
  v[0] = h; v[1] = s * 100; v[2] = l * 100;
  return none;
}

/* sRGB from HSL (CSS Color 4 section 7.1) */
static void hsl_to_srgb(double v[3]) {
  double h = fmod(v[0], 360), s = v[1] / 100, l = v[2] / 100, a;
  int i;
  static const double n[3] = { 0, 8, 4 };
  if (h < 0) h += 360;
  a = s * kn_fmin(l, 1 - l);
  for (i = 0; i < 3; i++) {
    double k = fmod(n[i] + h / 30, 12);
    v[i] = l - a * kn_fmax(-1, kn_fmin(kn_fmin(k - 3, 9 - k), 1));
  }
}

/* HWB from sRGB (CSS Color 4 section 8): the hue of HSL (missing for a
   grey), whiteness the least channel, blackness 1 - the greatest.  This is
   HSV's w = v (1 - s), b = 1 - v with v (1 - s) = min written out, which
   stays finite where s = (max - min) / max does not. */
static int hwb_from_srgb(double v[3]) {
  double r = v[0], g = v[1], b = v[2];
  double max = kn_fmax(kn_fmax(r, g), b), min = kn_fmin(kn_fmin(r, g), b), d = max - min, h = 0;
  int none = d == 0;
  if (!none) {
    if (max == r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max == g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  if (h >= 360) h -= 360;
  v[0] = h; v[1] = min * 100; v[2] = 100 - max * 100;
  return none;
}

/* sRGB from HSV (h in degrees, s and v in 0-100) */
static void hsv_to_srgb(double v[3]) {
  double h = fmod(v[0], 360), s = v[1] / 100, val = v[2] / 100;
  int i;
  static const double n[3] = { 5, 3, 1 };
  if (h < 0) h += 360;
  for (i = 0; i < 3; i++) {
    double k = fmod(n[i] + h / 60, 6);
    v[i] = val - val * s * kn_fmax(0, kn_fmin(kn_fmin(k, 4 - k), 1));
  }
}

/* sRGB from HWB (CSS Color 4 section 8) through HSV: whiteness plus
   blackness of 100% or more is the grey w / (w + b) */
static void hwb_to_srgb(double v[3]) {
  double w = v[1] / 100, b = v[2] / 100, sum = w + b, val = 1 - b, s;
  if (sum >= 1) {
    v[1] = 0;
    v[2] = w / sum * 100;
  } else {
    s = val == 0 ? 0 : 1 - w / val;
    v[1] = s * 100;
    v[2] = val * 100;
  }
  hsv_to_srgb(v);
}

/* LCH from Lab, OKLCH from OKLab (CSS Color 4 sections 9.3 and 9.4): a
   colour whose a and b are both under eps (1/100000 of the reference range
   of a: 250 for Lab, 0.8 for OKLab) is achromatic, with chroma 0 and a
   missing hue. */
static int polar_from_rect(double v[3], double eps) {
  double a = v[1], b = v[2];
  if (fabs(a) < eps && fabs(b) < eps) { v[1] = 0; v[2] = 0; return 1; }
  v[1] = sqrt(a * a + b * b);
  v[2] = constrain_hue(atan2(b, a) * 180 / KN_PI);
  return 0;
}

static void polar_to_rect(double v[3]) {
  double c = v[1] < 0 ? 0 : v[1], h = v[2];
  v[1] = c * cos(h * KN_PI / 180);
  v[2] = c * sin(h * KN_PI / 180);
}

/* ---- CIE Lab (D50) and OKLab ---------------------------------------------- */

#define LAB_EPS (216.0 / 24389)   /* (6/29)^3 */
#define LAB_EPS3 (24.0 / 116)     /* 6/29 */
#define LAB_KAPPA (24389.0 / 27)  /* (29/3)^3 */

static const double white_d50[3] = {
  0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585
};

/* CIE 15.3 section 8.2.1.1 */
static void lab_from_xyz50(double v[3]) {
  double f[3];
  int i;
  for (i = 0; i < 3; i++) {
    double x = v[i] / white_d50[i];
    f[i] = x > LAB_EPS ? kn_cbrt(x) : (LAB_KAPPA * x + 16) / 116;
  }
  v[0] = 116 * f[1] - 16;
  v[1] = 500 * (f[0] - f[1]);
  v[2] = 200 * (f[1] - f[2]);
}

static void lab_to_xyz50(double v[3]) {
  double L = v[0], f1 = (L + 16) / 116, f0 = v[1] / 500 + f1, f2 = f1 - v[2] / 200;
  v[0] = (f0 > LAB_EPS3 ? f0 * f0 * f0 : (116 * f0 - 16) / LAB_KAPPA) * white_d50[0];
  v[1] = (L > 8 ? f1 * f1 * f1 : L / LAB_KAPPA) * white_d50[1];
  v[2] = (f2 > LAB_EPS3 ? f2 * f2 * f2 : (116 * f2 - 16) / LAB_KAPPA) * white_d50[2];
}

static void oklab_from_xyz(double v[3]) {
  mul3(xyz_to_lms, v);
  v[0] = kn_cbrt(v[0]); v[1] = kn_cbrt(v[1]); v[2] = kn_cbrt(v[2]);
  mul3(lms_to_oklab, v);
}

static void oklab_to_xyz(double v[3]) {
  mul3(oklab_to_lms, v);
  v[0] = v[0] * v[0] * v[0]; v[1] = v[1] * v[1] * v[1]; v[2] = v[2] * v[2] * v[2];
  mul3(lms_to_xyz, v);
}

/* ---- one step of the tree -------------------------------------------------- */

/* v in space s to its parent's coordinates */
static void to_base(int s, double v[3]) {
  switch (s) {
    case KN_CS_SRGB: case KN_CS_DISPLAY_P3: map3(srgb_decode, v); break;
    case KN_CS_A98_RGB: map3(a98_decode, v); break;
    case KN_CS_PROPHOTO_RGB: map3(prophoto_decode, v); break;
    case KN_CS_REC2020: map3(rec2020_decode, v); break;
    case KN_CS_SRGB_LINEAR: mul3(srgb_to_xyz, v); break;
    case N_P3_LIN: mul3(p3_to_xyz, v); break;
    case N_A98_LIN: mul3(a98_to_xyz, v); break;
    case N_PROPHOTO_LIN: mul3(prophoto_to_xyz, v); break;
    case N_REC2020_LIN: mul3(rec2020_to_xyz, v); break;
    case KN_CS_XYZ_D50: mul3(d50_to_d65, v); break;
    case KN_CS_LAB: lab_to_xyz50(v); break;
    case KN_CS_LCH: case KN_CS_OKLCH: polar_to_rect(v); break;
    case KN_CS_OKLAB: oklab_to_xyz(v); break;
    case KN_CS_HSL: hsl_to_srgb(v); break;
    case KN_CS_HWB: hwb_to_srgb(v); break;
    default: break;
  }
}

/* v in the parent of space s to s's coordinates; *hue_none set when the
   step finds the hue missing (a grey) */
static void from_base(int s, double v[3], int *hue_none) {
  switch (s) {
    case KN_CS_SRGB: case KN_CS_DISPLAY_P3: map3(srgb_encode, v); break;
    case KN_CS_A98_RGB: map3(a98_encode, v); break;
    case KN_CS_PROPHOTO_RGB: map3(prophoto_encode, v); break;
    case KN_CS_REC2020: map3(rec2020_encode, v); break;
    case KN_CS_SRGB_LINEAR: mul3(xyz_to_srgb, v); break;
    case N_P3_LIN: mul3(xyz_to_p3, v); break;
    case N_A98_LIN: mul3(xyz_to_a98, v); break;
    case N_PROPHOTO_LIN: mul3(xyz_to_prophoto, v); break;
    case N_REC2020_LIN: mul3(xyz_to_rec2020, v); break;
    case KN_CS_XYZ_D50: mul3(d65_to_d50, v); break;
    case KN_CS_LAB: lab_from_xyz50(v); break;
    case KN_CS_LCH: *hue_none = polar_from_rect(v, 250.0 / 100000); break;
    case KN_CS_OKLCH: *hue_none = polar_from_rect(v, 0.8 / 100000); break;
    case KN_CS_OKLAB: oklab_from_xyz(v); break;
    case KN_CS_HSL: *hue_none = hsl_from_srgb(v); break;
    case KN_CS_HWB: *hue_none = hwb_from_srgb(v); break;
    default: break;
  }
}

/* The path from the root to s: path[0] = the root, path[n - 1] = s. */
static int root_path(int s, int path[8]) {
  int chain[8], n = 0, i;
  for (; s >= 0; s = parent[s]) chain[n++] = s;
  for (i = 0; i < n; i++) path[i] = chain[n - 1 - i];
  return n;
}

/* v (in space `from`) converted to space `to`, through the lowest common
   ancestor; returns 1 when the last polar step found the hue missing. */
static int convert_raw(int from, const double in[3], int to, double v[3]) {
  int pf[8], pt[8], nf, nt, k, i, hue_none = 0;
  memcpy(v, in, 3 * sizeof(double));
  if (from == to) return 0;
  nf = root_path(from, pf);
  nt = root_path(to, pt);
  for (k = 0; k < nf && k < nt && pf[k] == pt[k]; k++) {}
  for (i = nf - 1; i >= k; i--) to_base(pf[i], v);
  for (i = k; i < nt; i++) from_base(pt[i], v, &hue_none);
  return hue_none;
}

/* ---- conversions of colours --------------------------------------------- */

/* CSS Color 4 section 4.4.1: the hue of a converted colour is powerless
   when its chroma (lch, oklch) or saturation (hsl) is 0, or whiteness plus
   blackness 100% (hwb), within the epsilons of the section 19 sample code
   (lch C 0.0015, oklch C 0.000004, hsl s 0.001%, hwb w + b 99.999%), the
   component then set to that exact value; this is in addition to the
   conversion's own test (an exact grey, or OKLab/Lab a and b both tiny). */
static int css_powerless(int space, double v[3]) {
  switch (space) {
    case KN_CS_LCH: if (v[1] > 0.0015) return 0; v[1] = 0; return 1;
    case KN_CS_OKLCH: if (v[1] > 0.000004) return 0; v[1] = 0; return 1;
    case KN_CS_HSL: if (v[1] > 0.001) return 0; v[1] = 0; return 1;
    case KN_CS_HWB:
      if (v[1] + v[2] < 99.999) return 0;
      if (v[1] + v[2] < 100) v[2] = 100 - v[1];
      return 1;
    default: return 0;
  }
}

/* c converted to `space` for CSS: the conversion, then powerless hues as 0
   (the colour itself when it is in `space` already); returns 1 when the
   hue is powerless. */
static int convert_css(const kn_color *c, int space, double v[3]) {
  int hue_none, hi = kn_color_hue_index(space);
  if (space == c->space) { memcpy(v, c->c, 3 * sizeof(double)); return 0; }
  hue_none = convert_raw(c->space, c->c, space, v);
  if (css_powerless(space, v)) hue_none = 1;
  if (hue_none && hi >= 0) v[hi] = 0;
  return hue_none && hi >= 0;
}

void kn_color_to(const kn_color *c, int space, double out[3]) {
  convert_css(c, space, out);
}

/* The analogous-component categories of CSS Color 4 section 12.2: reds
   (r, x), greens (g, y), blues (b, z), lightness (L), colourfulness (C,
   S), hue (H), opponent a, opponent b; 0 for whiteness and blackness,
   which have no analogue. */
enum { CAT_NONE, CAT_RED, CAT_GREEN, CAT_BLUE, CAT_L, CAT_CHROMA, CAT_HUE, CAT_A, CAT_B };

static int category(int space, int i) {
  static const unsigned char lab[3] = { CAT_L, CAT_A, CAT_B };
  static const unsigned char lch[3] = { CAT_L, CAT_CHROMA, CAT_HUE };
  static const unsigned char hsl[3] = { CAT_HUE, CAT_CHROMA, CAT_L };
  switch (space) {
    case KN_CS_LAB: case KN_CS_OKLAB: return lab[i];
    case KN_CS_LCH: case KN_CS_OKLCH: return lch[i];
    case KN_CS_HSL: return hsl[i];
    case KN_CS_HWB: return i == 0 ? CAT_HUE : CAT_NONE;
    default: return CAT_RED + i;
  }
}

/* The components of `space` that carry forward the missing components of
   c (section 12.2): the analogue of each missing component and, when every
   component of c that is not missing has an analogue in `space`, all the
   components of `space` that are not such an analogue (the analogous sets:
   lab(50% none none) in lch has C and H missing). */
static unsigned carried(const kn_color *c, int space) {
  unsigned missing = c->none & 7u, none = 0, kept = 0;
  int i, j, covered = 1;
  for (i = 0; i < 3; i++) {
    int cat = category(c->space, i), found = 0;
    for (j = 0; j < 3; j++) {
      if (cat == CAT_NONE || category(space, j) != cat) continue;
      found = 1;
      if (missing & (1u << i)) none |= 1u << j;
      else kept |= 1u << j;
    }
    if (!found && !(missing & (1u << i))) covered = 0;
  }
  if (missing != 0 && covered) none |= 7u & ~kept;
  return none;
}

void kn_color_convert(const kn_color *c, int space, kn_color *out) {
  unsigned none;
  int j, hue_none;
  kn_color r;
  if (space == c->space) { *out = *c; return; }
  hue_none = convert_css(c, space, r.c);
  none = (c->none & KN_COLOR_NONE_ALPHA) | carried(c, space);
  if (hue_none) none |= 1u << kn_color_hue_index(space);
  for (j = 0; j < 3; j++)
    if (none & (1u << j)) r.c[j] = 0;
  r.space = space;
  r.alpha = c->alpha;
  r.none = none;
  *out = r;
}

/* ---- gamut mapping (CSS Color 4 section 13.2) ------------------------------ */

#define GMAP_JND 0.02
#define GMAP_EPS 0.0001

static int in_unit(const double v[3]) {
  return v[0] >= 0 && v[0] <= 1 && v[1] >= 0 && v[1] <= 1 && v[2] >= 0 && v[2] <= 1;
}

static double clamp01(double x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

/* the OKLCH colour lch in sRGB, clipped to [0, 1] */
static void clip_oklch(const double lch[3], double rgb[3]) {
  convert_raw(KN_CS_OKLCH, lch, KN_CS_SRGB, rgb);
  rgb[0] = clamp01(rgb[0]); rgb[1] = clamp01(rgb[1]); rgb[2] = clamp01(rgb[2]);
}

/* deltaEOK: the Euclidean distance in OKLab of an sRGB and an OKLCH colour */
static double delta_eok(const double rgb[3], const double lch[3]) {
  double p[3], q[3], dl, da, db;
  convert_raw(KN_CS_SRGB, rgb, KN_CS_OKLAB, p);
  convert_raw(KN_CS_OKLCH, lch, KN_CS_OKLAB, q);
  dl = p[0] - q[0]; da = p[1] - q[1]; db = p[2] - q[2];
  return sqrt(dl * dl + da * da + db * db);
}

/* The CSS gamut mapping of the OKLCH colour lch into sRGB: white or black
   when its lightness is out of [0, 1]; else a binary search on chroma for
   the colour whose clipped form is within the JND of it, as close to the
   JND as GMAP_EPS (each probe still in gamut raises the lower bound without
   clipping, until one is out of gamut). */
static void gamut_map(const double origin[3], double rgb[3]) {
  double cur[3], lo = 0, hi = origin[1], e;
  int lo_in_gamut = 1;
  if (origin[0] >= 1 || origin[0] <= 0) {
    double lab[3];
    lab[0] = origin[0] >= 1 ? 1 : 0; lab[1] = 0; lab[2] = 0;
    convert_raw(KN_CS_OKLAB, lab, KN_CS_SRGB, rgb);
    return;
  }
  convert_raw(KN_CS_OKLCH, origin, KN_CS_SRGB, rgb);
  if (in_unit(rgb)) return;
  memcpy(cur, origin, sizeof cur);
  clip_oklch(cur, rgb);
  if (delta_eok(rgb, cur) < GMAP_JND) return;
  while (hi - lo > GMAP_EPS) {
    double probe[3];
    cur[1] = (lo + hi) / 2;
    convert_raw(KN_CS_OKLCH, cur, KN_CS_SRGB, probe);
    if (lo_in_gamut && in_unit(probe)) { lo = cur[1]; continue; }
    clip_oklch(cur, rgb);
    e = delta_eok(rgb, cur);
    if (e < GMAP_JND) {
      if (GMAP_JND - e < GMAP_EPS) break;
      lo_in_gamut = 0;
      lo = cur[1];
    } else {
      hi = cur[1];
    }
  }
}

void kn_color_srgb(const kn_color *c, double rgba[4]) {
  double v[3];
  convert_raw(c->space, c->c, KN_CS_SRGB, v);
  if (!in_unit(v)) {
    double lch[3];
    convert_raw(c->space, c->c, KN_CS_OKLCH, lch);
    gamut_map(lch, v);
  }
  rgba[0] = clamp01(v[0]);
  rgba[1] = clamp01(v[1]);
  rgba[2] = clamp01(v[2]);
  rgba[3] = clamp01(c->alpha);
}

/* x * 255 rounded half up, as JavaScript's Math.round */
static unsigned byte_of(double x) {
  double y = x * 255, f = floor(y);
  return (unsigned)(y - f >= 0.5 ? f + 1 : f);
}

void kn_color_hex(const kn_color *c, char buf[10]) {
  static const char digits[] = "0123456789abcdef";
  double rgba[4];
  unsigned b[4];
  int i, n;
  kn_color_srgb(c, rgba);
  for (i = 0; i < 4; i++) b[i] = byte_of(rgba[i]);
  n = rgba[3] < 1 ? 4 : 3;
  buf[0] = '#';
  for (i = 0; i < n; i++) {
    buf[1 + 2 * i] = digits[b[i] >> 4];
    buf[2 + 2 * i] = digits[b[i] & 15];
  }
  buf[1 + 2 * n] = '\0';
}
