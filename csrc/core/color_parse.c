/*
** color_parse.c -- kn_color_parse: every <color> of CSS Color 4 that needs
** no document, on the tokens of CSS Syntax 3 (css_token.h): comments,
** escapes, ASCII case-insensitive names.
**
**   #rgb #rgba #rrggbb #rrggbbaa                      (section 5.2)
**   the named colours, transparent                    (sections 6.1, 6.2)
**   rgb() rgba() hsl() hsla()   modern or legacy      (sections 5.1, 7)
**   hwb() lab() lch() oklab() oklch()   modern only   (sections 8, 9)
**   color(<predefined space> c1 c2 c3 [/ alpha])      (section 10)
**
** The modern syntax separates the components by whitespace and the alpha
** by '/', and takes `none` (a missing component, section 4.4) anywhere;
** the legacy syntax separates everything by commas, with no `none`, and
** rgb() then takes three numbers or three percentages, hsl() a hue and two
** percentages.  A hue is a number (degrees) or an angle (deg, grad, rad,
** turn).  Math functions over numbers and percentages (css_calc.h) stand
** for any number or percentage; a NaN they give is 0, an infinity the
** largest value allowed (CSS Values 4 section 10.9).
**
** What CSS Color 4 clamps at parsed-value time is clamped: rgb() channels
** to [0, 255], hsl() saturation below 0% to 0% (section 7.1; saturation
** above 100%, lightness and hwb() whiteness and blackness are kept), Lab
** and LCH lightness to [0, 100], OKLab and OKLCH lightness to [0, 1],
** chroma below 0 to 0, alpha to [0, 1].  Hues are normalized to [0, 360)
** (section 4.3).  Everything else is kept within KN_COLOR_MAX.  As CSS
** Syntax 3 closes every block at the end of the input, a function left
** open there ("rgb(1 2 3") is complete.  Percentages map to the reference ranges of each space:
** 100% is 255 in rgb(), 100 for L and 125 for a and b in lab(), 150 for
** LCH chroma, 1 for OKLab L, 0.4 for OKLab a and b and OKLCH chroma, 1 in
** color().
*/
#include "fpcontract.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "color.h"
#include "css_calc.h"
#include "css_token.h"

typedef struct P {
  kn_css_lexer lx;
  char *err;
  size_t errcap;
  const char *fname;     /* the function being read, for messages */
} P;

/* What a component may be. */
enum { T_NUM = 1, T_PCT = 2, T_ANGLE = 4, T_NONE = 8 };

typedef struct comp { double v; int type; } comp;

/* How a component of a space is read: the factor for a number and for a
   percentage, and the clamp range; hue: a number or an angle, in degrees. */
typedef struct cspec { double num, pct, lo, hi; int hue; } cspec;

#define M KN_COLOR_MAX
static const cspec spec_rgb = { 1.0 / 255, 0.01, 0, 1, 0 };
static const cspec spec_hsl_s = { 1, 1, 0, M, 0 };
static const cspec spec_pct = { 1, 1, -M, M, 0 };        /* hsl l, hwb w b */
static const cspec spec_hue = { 1, 0, 0, 360, 1 };
static const cspec spec_lab_l = { 1, 1, 0, 100, 0 };
static const cspec spec_lab_ab = { 1, 1.25, -M, M, 0 };
static const cspec spec_lch_c = { 1, 1.5, 0, M, 0 };
static const cspec spec_ok_l = { 1, 0.01, 0, 1, 0 };
static const cspec spec_ok_ab = { 1, 0.004, -M, M, 0 };
static const cspec spec_ok_c = { 1, 0.004, 0, M, 0 };
static const cspec spec_pred = { 1, 0.01, -M, M, 0 };
#undef M

/* A failure with its message (kn_css_error), for a parser state p. */
#define fail(p, ...) kn_css_error((p)->err, (p)->errcap, __VA_ARGS__)

/* The next token that is not whitespace. */
static void next_tok(P *p, kn_css_token *tk) {
  kn_css_next(&p->lx, tk);
  if (tk->type == KN_TK_WS) kn_css_next(&p->lx, tk);
}

/* The next token that is not whitespace, left unread. */
static void peek_tok(P *p, kn_css_token *tk) {
  kn_css_lexer save = p->lx;
  next_tok(p, tk);
  p->lx = save;
}

static int is_slash(const kn_css_token *tk) {
  return tk->type == KN_TK_DELIM && tk->delim == '/';
}

/* "number, percentage or none" for the types in `allowed` */
static const char *type_list(int allowed, char *buf) {
  static const char names[4][12] = { "number", "percentage", "angle", "none" };
  int i, n = 0, k = 0;
  for (i = 0; i < 4; i++) n += (allowed >> i) & 1;
  buf[0] = '\0';
  for (i = 0; i < 4; i++) {
    if (!((allowed >> i) & 1)) continue;
    if (k > 0) strcat(buf, k == n - 1 ? " or " : ", ");
    strcat(buf, names[i]);
    k++;
  }
  return buf;
}

/* Degrees per unit of an angle dimension, 0 for another unit. */
static double angle_unit(const kn_css_token *tk) {
  if (kn_css_name_is(tk, "deg")) return 1;
  if (kn_css_name_is(tk, "grad")) return 0.9;
  if (kn_css_name_is(tk, "rad")) return 180 / 3.14159265358979323846264338327950;
  if (kn_css_name_is(tk, "turn")) return 360;
  return 0;
}

/* A math function at tk: its number or percentage into c. */
static int read_math(P *p, const kn_css_token *tk, comp *c) {
  int type;
  if (!kn_css_math(&p->lx, tk, &c->v, &type, p->err, p->errcap)) return 0;
  c->type = type == KN_CALC_NUMBER ? T_NUM : T_PCT;
  return 1;
}

/* Component `index` (from 1; 4 for alpha) of fname(): one of `allowed`. */
static int read_comp(P *p, int allowed, int index, comp *c) {
  kn_css_token tk;
  char ex[32], tl[48];
  const char *why;
  next_tok(p, &tk);
  c->type = 0;
  if (tk.type == KN_TK_NUMBER) { c->type = T_NUM; c->v = tk.value; }
  else if (tk.type == KN_TK_PERCENTAGE) { c->type = T_PCT; c->v = tk.value; }
  else if (tk.type == KN_TK_DIMENSION && angle_unit(&tk) != 0) {
    c->type = T_ANGLE;
    c->v = tk.value * angle_unit(&tk);
  } else if (tk.type == KN_TK_IDENT && kn_css_name_is(&tk, "none")) c->type = T_NONE;
  else if (kn_css_is_math(&tk)) {
    if (!read_math(p, &tk, c)) return 0;
  } else if ((why = kn_css_needs_document(&tk)) != NULL) {
    return fail(p, "%s", why);
  }
  if (tk.too_long) return fail(p, "number too long in %s()", p->fname);
  if (c->type != 0 && (c->type & allowed)) return 1;
  type_list(allowed, tl);
  if (tk.type == KN_TK_EOF)
    return index == 4 ? fail(p, "%s() alpha: %s expected at the end", p->fname, tl)
                      : fail(p, "%s() component %d: %s expected at the end", p->fname, index, tl);
  if (index == 4)
    return fail(p, "%s() alpha: %s expected, got '%s'", p->fname, tl,
                kn_css_excerpt(tk.start, tk.end, ex));
  return fail(p, "%s() component %d: %s expected, got '%s'", p->fname, index, tl,
              kn_css_excerpt(tk.start, tk.end, ex));
}

/* A component's value in its space's scale: `none` as 0, clamped as the
   file's comment says. */
static double comp_value(const comp *c, const cspec *s) {
  double x;
  if (c->type == T_NONE) return 0;
  if (s->hue) {
    if (!isfinite(c->v)) return 0;
    x = fmod(c->v, 360.0);
    if (x < 0) x += 360.0;
    return x >= 360.0 ? 0.0 : x;
  }
  x = c->v * (c->type == T_PCT ? s->pct : s->num);
  if (x != x) return 0;
  return x < s->lo ? s->lo : (x > s->hi ? s->hi : x);
}

static double alpha_value(const comp *c) {
  double x = c->type == T_PCT ? c->v / 100 : c->v;
  if (c->type == T_NONE || x != x) return 0;
  return x < 0 ? 0 : (x > 1 ? 1 : x);
}

/* ---- functions -------------------------------------------------------------- */

typedef struct fdesc {
  char name[8];
  int space;                  /* -1: color(), whose first argument names it */
  int legacy;                 /* 1: rgb() and rgba(), 2: hsl() and hsla() */
  const cspec *spec[3];
} fdesc;

static const fdesc functions[] = {
  { "rgb", KN_CS_SRGB, 1, { &spec_rgb, &spec_rgb, &spec_rgb } },
  { "rgba", KN_CS_SRGB, 1, { &spec_rgb, &spec_rgb, &spec_rgb } },
  { "hsl", KN_CS_HSL, 2, { &spec_hue, &spec_hsl_s, &spec_pct } },
  { "hsla", KN_CS_HSL, 2, { &spec_hue, &spec_hsl_s, &spec_pct } },
  { "hwb", KN_CS_HWB, 0, { &spec_hue, &spec_pct, &spec_pct } },
  { "lab", KN_CS_LAB, 0, { &spec_lab_l, &spec_lab_ab, &spec_lab_ab } },
  { "lch", KN_CS_LCH, 0, { &spec_lab_l, &spec_lch_c, &spec_hue } },
  { "oklab", KN_CS_OKLAB, 0, { &spec_ok_l, &spec_ok_ab, &spec_ok_ab } },
  { "oklch", KN_CS_OKLCH, 0, { &spec_ok_l, &spec_ok_c, &spec_hue } },
  { "color", -1, 0, { &spec_pred, &spec_pred, &spec_pred } },
};

static int allowed_of(const cspec *s) {
  return s->hue ? T_NUM | T_ANGLE | T_NONE : T_NUM | T_PCT | T_NONE;
}

/* color()'s space: one of the predefined RGB and XYZ spaces (section 10) */
static int read_space(P *p, int *space) {
  kn_css_token tk;
  char low[KN_CSS_NAME_MAX + 1], ex[32];
  size_t i;
  next_tok(p, &tk);
  if (tk.type != KN_TK_IDENT || tk.long_name) {
    if (tk.type == KN_TK_EOF) return fail(p, "color(): a colour space expected at the end");
    return fail(p, "color(): a colour space expected, got '%s'", kn_css_excerpt(tk.start, tk.end, ex));
  }
  for (i = 0; i <= tk.len; i++) {
    char ch = tk.name[i];
    low[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch + 'a' - 'A') : ch;
  }
  *space = kn_color_space_find(low, tk.len);
  if (*space < 0 || *space > KN_CS_XYZ_D65)
    return fail(p, "color(): unknown colour space '%s' (srgb, srgb-linear, display-p3, "
                   "a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65)",
                kn_css_excerpt(tk.start, tk.end, ex));
  return 1;
}

/* After the first component: " c2 c3 [/ alpha])" */
static int read_modern(P *p, const fdesc *d, const cspec *const *spec, comp c[4], int *alpha) {
  kn_css_token tk;
  char ex[32];
  int i;
  for (i = 1; i < 3; i++) {
    peek_tok(p, &tk);
    if (tk.type == KN_TK_RPAREN || tk.type == KN_TK_EOF || is_slash(&tk))
      return fail(p, "%s() takes 3 components, got %d", p->fname, i);
    if (tk.type == KN_TK_COMMA)
      return fail(p, d->legacy ? "%s(): ',' after a component in the modern syntax (use "
                                 "spaces, or commas everywhere)"
                               : "%s() separates its components by spaces, not commas",
                  p->fname);
    if (!read_comp(p, allowed_of(spec[i]), i + 1, &c[i])) return 0;
  }
  next_tok(p, &tk);
  if (is_slash(&tk)) {
    if (!read_comp(p, T_NUM | T_PCT | T_NONE, 4, &c[3])) return 0;
    *alpha = 1;
    next_tok(p, &tk);
  }
  if (tk.type == KN_TK_RPAREN || tk.type == KN_TK_EOF) return 1;
  if (!*alpha && tk.type != KN_TK_COMMA)
    return fail(p, "%s() takes 3 components and '/' alpha, got '%s' after them", p->fname,
                kn_css_excerpt(tk.start, tk.end, ex));
  return fail(p, "')' expected to close %s(), got '%s'", p->fname,
              kn_css_excerpt(tk.start, tk.end, ex));
}

/* After the first component: ", c2, c3 [, alpha])"; rgb() takes three
   numbers or three percentages, hsl() percentages after the hue. */
static int read_legacy(P *p, const fdesc *d, comp c[4], int *alpha) {
  kn_css_token tk;
  char ex[32];
  int i, want = d->legacy == 1 ? T_NUM | T_PCT : T_PCT;
  if (c[0].type == T_NONE)
    return fail(p, "%s(): none is not allowed in the legacy comma syntax", p->fname);
  for (i = 1; i < 3; i++) {
    next_tok(p, &tk);
    if (tk.type == KN_TK_RPAREN || tk.type == KN_TK_EOF)
      return fail(p, "%s() takes 3 components, got %d", p->fname, i);
    if (tk.type != KN_TK_COMMA)
      return fail(p, "%s(): ',' expected in the legacy syntax, got '%s'", p->fname,
                  kn_css_excerpt(tk.start, tk.end, ex));
    if (!read_comp(p, want, i + 1, &c[i])) return 0;
  }
  if (d->legacy == 1 && (c[0].type != c[1].type || c[1].type != c[2].type))
    return fail(p, "%s(): the legacy syntax takes three numbers or three percentages",
                p->fname);
  next_tok(p, &tk);
  if (tk.type == KN_TK_COMMA) {
    if (!read_comp(p, T_NUM | T_PCT, 4, &c[3])) return 0;
    *alpha = 1;
    next_tok(p, &tk);
  }
  if (tk.type == KN_TK_RPAREN || tk.type == KN_TK_EOF) return 1;
  return fail(p, "')' expected to close %s(), got '%s'", p->fname,
              kn_css_excerpt(tk.start, tk.end, ex));
}

static const fdesc *find_function(const kn_css_token *fn) {
  size_t i;
  for (i = 0; i < sizeof functions / sizeof functions[0]; i++)
    if (kn_css_name_is(fn, functions[i].name)) return &functions[i];
  return NULL;
}

static int parse_function(P *p, const kn_css_token *fn, kn_color *out) {
  const fdesc *d = find_function(fn);
  comp c[4];
  kn_css_token tk;
  int space, alpha = 0, i;
  if (d == NULL) {
    const char *why = kn_css_needs_document(fn);
    if (why != NULL) return fail(p, "%s", why);
    return fail(p, "unknown colour function '%.*s()'", (int)fn->len, fn->name);
  }
  p->fname = d->name;
  space = d->space;
  if (space < 0 && !read_space(p, &space)) return 0;
  if (!read_comp(p, allowed_of(d->spec[0]), 1, &c[0])) return 0;
  peek_tok(p, &tk);
  if (tk.type == KN_TK_COMMA && d->legacy) {
    if (!read_legacy(p, d, c, &alpha)) return 0;
  } else if (!read_modern(p, d, d->spec, c, &alpha)) {
    return 0;
  }
  out->space = space;
  out->none = 0;
  for (i = 0; i < 3; i++) {
    out->c[i] = comp_value(&c[i], d->spec[i]);
    if (c[i].type == T_NONE) out->none |= 1u << i;
  }
  out->alpha = alpha ? alpha_value(&c[3]) : 1;
  if (alpha && c[3].type == T_NONE) out->none |= KN_COLOR_NONE_ALPHA;
  return 1;
}

/* ---- keywords and hex colours ------------------------------------------------ */

static void set_rgb(kn_color *out, unsigned long rgb, double alpha) {
  out->space = KN_CS_SRGB;
  out->c[0] = (double)((rgb >> 16) & 255) / 255;
  out->c[1] = (double)((rgb >> 8) & 255) / 255;
  out->c[2] = (double)(rgb & 255) / 255;
  out->alpha = alpha;
  out->none = 0;
}

/* The system colours of CSS Color 4 section 6.2, which need a document. */
static int is_system_color(const char *low, size_t len) {
  static const char sys[][18] = {
    "accentcolor", "accentcolortext", "activetext", "buttonborder", "buttonface",
    "buttontext", "canvas", "canvastext", "field", "fieldtext", "graytext", "highlight",
    "highlighttext", "linktext", "mark", "marktext", "selecteditem", "selecteditemtext",
    "visitedtext"
  };
  size_t i;
  for (i = 0; i < sizeof sys / sizeof sys[0]; i++)
    if (strlen(sys[i]) == len && memcmp(sys[i], low, len) == 0) return 1;
  return 0;
}

static int parse_ident(P *p, const kn_css_token *tk, kn_color *out) {
  char low[KN_CSS_NAME_MAX + 1], ex[32];
  unsigned long rgb;
  const char *why;
  size_t i;
  for (i = 0; i <= tk->len; i++) {
    char ch = tk->name[i];
    low[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch + 'a' - 'A') : ch;
  }
  if (!tk->long_name) {
    if (kn_css_name_is(tk, "transparent")) { set_rgb(out, 0, 0); return 1; }
    if (kn_color_named(low, tk->len, &rgb)) { set_rgb(out, rgb, 1); return 1; }
    if (kn_css_name_is(tk, "currentcolor"))
      return fail(p, "currentcolor needs a document");
    if (is_system_color(low, tk->len))
      return fail(p, "system colours (%s) need a document", low);
  }
  if ((why = kn_css_needs_document(tk)) != NULL) return fail(p, "%s", why);
  return fail(p, "unknown colour name '%s'", kn_css_excerpt(tk->start, tk->end, ex));
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* After '#': 3, 4, 6 or 8 hex digits (section 5.2), read as the hash
   token's name (every name code point up to the next other one). */
static int parse_hex(P *p, kn_color *out) {
  const unsigned char *q = (const unsigned char *)p->lx.s;
  size_t n = 0, avail = (size_t)(p->lx.end - p->lx.s), i;
  unsigned v[8];
  char ex[32];
  while (n < avail && (q[n] == '-' || q[n] == '_' || q[n] >= 0x80 || hexval(q[n]) >= 0 ||
                       (q[n] >= 'a' && q[n] <= 'z') || (q[n] >= 'A' && q[n] <= 'Z')))
    n++;
  p->lx.s += n;
  for (i = 0; i < n && i < 8; i++) v[i] = (unsigned)hexval(q[i]);
  for (i = 0; i < n; i++)
    if (hexval(q[i]) < 0)
      return fail(p, "a hex colour takes only the digits 0-9 and a-f, got '%s'",
                  kn_css_excerpt((const char *)q - 1, p->lx.s, ex));
  if (n != 3 && n != 4 && n != 6 && n != 8)
    return fail(p, "a hex colour has 3, 4, 6 or 8 digits, got %u", (unsigned)n);
  if (n <= 4)
    for (i = n; i-- > 0;) { v[2 * i] = v[i]; v[2 * i + 1] = v[i]; }
  set_rgb(out, (unsigned long)(v[0] * 16 + v[1]) << 16 | (unsigned long)(v[2] * 16 + v[3]) << 8 |
               (unsigned long)(v[4] * 16 + v[5]), 1);
  if (n == 4 || n == 8) out->alpha = (double)(v[6] * 16 + v[7]) / 255;
  return 1;
}

int kn_color_parse(const char *s, size_t len, kn_color *out, char *err, size_t errlen) {
  P p;
  kn_css_token tk;
  kn_color c;
  char ex[32];
  int ok;
  kn_css_lexer_init(&p.lx, s, len);
  p.err = err;
  p.errcap = errlen;
  p.fname = "";
  if (errlen > 0) err[0] = '\0';
  next_tok(&p, &tk);
  switch (tk.type) {
    case KN_TK_EOF: return fail(&p, "empty colour"), -1;
    case KN_TK_IDENT: ok = parse_ident(&p, &tk, &c); break;
    case KN_TK_FUNCTION: ok = parse_function(&p, &tk, &c); break;
    default:
      if (tk.type == KN_TK_BAD && tk.delim == '#') { ok = parse_hex(&p, &c); break; }
      return fail(&p, "colour expected at '%s'", kn_css_excerpt(tk.start, p.lx.end, ex)), -1;
  }
  if (!ok) return -1;
  next_tok(&p, &tk);
  if (tk.type != KN_TK_EOF)
    return fail(&p, "unexpected '%s' after the colour", kn_css_excerpt(tk.start, p.lx.end, ex)), -1;
  *out = c;
  return 0;
}

void kn_color_quote(char *buf, const char *s, size_t len) {
  size_t n = strlen(s);   /* up to the first zero byte */
  if (len <= KN_COLOR_QUOTE_MAX - 4 && n == len) {
    memcpy(buf, s, n + 1);
    return;
  }
  if (n > KN_COLOR_QUOTE_MAX - 4) n = KN_COLOR_QUOTE_MAX - 4;
  memcpy(buf, s, n);
  memcpy(buf + n, "...", 4);
}
