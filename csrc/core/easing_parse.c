/*
** easing_parse.c -- the parser behind kinetic.easing(spec).
**
** CSS <easing-function> values exactly as the browser engines parse them
** (CSS Easing 2, on the tokens of CSS Syntax 3: comments, escapes, ASCII
** case-insensitive keywords; and math functions over numbers and
** percentages, css_calc.h), checked against the Web Platform Tests.  A
** literal out of range is an error (cubic-bezier(1.1, ...), steps(0));
** a math function out of range is clamped at computed-value time, as CSS
** Values 4 says: cubic-bezier x into [0, 1], a steps() count rounded to
** the nearest integer (halves up) and raised to 1 (2 for jump-none), NaN
** to 0 (a NaN steps() count is an error).  Kinetic's own names are
** extensions: Penner's equations in camelCase (case-sensitive), kebab-case
** (any case), flux's and hump.timer's spellings, accelerate().
**
** Besides the easing the parser writes the value's specified
** serialization, as the browsers give it: keywords in lowercase, numbers
** in their shortest form with at most 6 decimals, a math function as
** calc(<its value>), step-start as steps(1, start), an end position left
** out, a linear() stop list as written.  What needs a document (var(),
** lengths, sibling-index(), CSS-wide keywords, lists) is rejected with a
** message that says so.
*/
#include "fpcontract.h"
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "easing_parse.h"
#include "accel.h"
#include "css_calc.h"
#include "css_token.h"

/* The largest magnitude a math function gives where the context has no
   bound of its own (infinity is clamped to it, as CSS Values 4 clamps to
   the largest value the implementation supports). */
#define CALC_MAX KN_BEZIER_YMAX

typedef struct P {
  kn_css_lexer lx;
  char *err;
  size_t errcap;
  kn_easing_text *sp;    /* the specified serialization, or NULL */
  int nan_seen;          /* a math function gave NaN */
} P;

/* One argument: a literal or a math function. */
typedef struct arg {
  double x;
  int type;              /* KN_CALC_NUMBER / KN_CALC_PERCENTAGE */
  int is_int;            /* a literal written as an integer */
  int calc;              /* it came from a math function */
  const char *start, *end;
} arg;

/* A failure with its message (kn_css_error), for a parser state p. */
#define fail(p, ...) kn_css_error((p)->err, (p)->errcap, __VA_ARGS__)

static int eq_ci(const char *a, size_t n, const char *b) {
  size_t i;
  if (strlen(b) != n) return 0;
  for (i = 0; i < n; i++) {
    int x = (unsigned char)a[i], y = (unsigned char)b[i];
    if (x >= 'A' && x <= 'Z') x += 'a' - 'A';
    if (y >= 'A' && y <= 'Z') y += 'a' - 'A';
    if (x != y) return 0;
  }
  return 1;
}

/* ---- the specified text ----------------------------------------------------- */

static void sp_put(P *p, const char *s) {
  kn_easing_text *t = p->sp;
  size_t n = strlen(s);
  if (t == NULL) return;
  if (t->len < t->cap) {
    size_t room = t->cap - t->len;
    memcpy(t->buf + t->len, s, n < room ? n : room);
  }
  t->len += n;
}

static void sp_arg(P *p, const arg *a) {
  char b[48];
  if (p->sp == NULL) return;
  if (a->calc) sp_put(p, "calc(");
  if (isnan(a->x)) sp_put(p, "NaN");
  else if (isinf(a->x)) sp_put(p, a->x > 0 ? "infinity" : "-infinity");
  else { kn_css_fmtnum(b, a->x); sp_put(p, b); }
  if (a->type == KN_CALC_PERCENTAGE) sp_put(p, "%");
  if (a->calc) sp_put(p, ")");
}

/* ---- tokens and arguments ------------------------------------------------- */

/* The next token that is not whitespace. */
static void next_tok(P *p, kn_css_token *tk) {
  kn_css_next(&p->lx, tk);
  if (tk->type == KN_TK_WS) kn_css_next(&p->lx, tk);
}

/* The type of the next non-whitespace token, without reading it. */
static int peek_tok(P *p) {
  kn_css_lexer save = p->lx;
  kn_css_token tk;
  next_tok(p, &tk);
  p->lx = save;
  return tk.type;
}

/* What argument `index` (from 1) of fname() is, for messages: "number
   (argument 2 of cubic-bezier())"; `what` itself when fname is NULL. */
static const char *arg_name(const char *what, const char *fname, int index, char *buf,
                            size_t cap) {
  if (fname == NULL) return what;
  snprintf(buf, cap, "%s (argument %d of %s())", what, index, fname);
  return buf;
}

/* A number or percentage argument: a literal or a math function.  Named
   in messages as arg_name(what, fname, index) says. */
static int read_arg(P *p, arg *a, const char *what_, const char *fname, int index) {
  kn_css_token tk;
  char ex[32], wb[64];
  const char *why, *what;
  next_tok(p, &tk);
  a->start = tk.start;
  a->calc = 0;
  a->is_int = tk.is_integer;
  if (tk.type == KN_TK_NUMBER || tk.type == KN_TK_PERCENTAGE) {
    if (tk.too_long) return fail(p, "number too long at '%s'", kn_css_excerpt(tk.start, p->lx.end, ex));
    if (!isfinite(tk.value))
      return fail(p, "finite number expected, got '%s'", kn_css_excerpt(tk.start, tk.end, ex));
    a->x = tk.value;
    a->type = tk.type == KN_TK_NUMBER ? KN_CALC_NUMBER : KN_CALC_PERCENTAGE;
  } else if (kn_css_is_math(&tk)) {
    if (!kn_css_math(&p->lx, &tk, &a->x, &a->type, p->err, p->errcap)) return 0;
    a->calc = 1;
    a->is_int = 0;
    if (isnan(a->x)) p->nan_seen = 1;
  } else if ((why = kn_css_needs_document(&tk)) != NULL) {
    return fail(p, "%s", why);
  } else {
    what = arg_name(what_, fname, index, wb, sizeof wb);
    if (tk.type == KN_TK_DIMENSION)
      return fail(p, "%s expected, got '%s' (values with units need a document)", what,
                  kn_css_excerpt(tk.start, tk.end, ex));
    if (tk.type == KN_TK_EOF) return fail(p, "%s expected at the end of the spec", what);
    return fail(p, "%s expected at '%s'", what, kn_css_excerpt(tk.start, p->lx.end, ex));
  }
  a->end = p->lx.s;
  return 1;
}

/* An argument where the context is unbounded: a literal as written; a
   math function with NaN as 0 and the infinities (and anything beyond)
   as the largest magnitude kinetic takes. */
static double calc_unbounded(const arg *a) {
  if (!a->calc) return a->x;
  if (isnan(a->x)) return 0.0;
  return a->x > CALC_MAX ? CALC_MAX : (a->x < -CALC_MAX ? -CALC_MAX : a->x);
}

/* After an argument: ',' (returns 1) or ')' (returns 2); 0 on error. */
static int sep(P *p, const char *fname) {
  kn_css_token tk;
  char ex[32];
  next_tok(p, &tk);
  if (tk.type == KN_TK_COMMA) return 1;
  if (tk.type == KN_TK_RPAREN) return 2;
  if (tk.type == KN_TK_EOF) return fail(p, "missing ')' after %s(", fname);
  return fail(p, "',' or ')' expected in %s() at '%s'", fname, kn_css_excerpt(tk.start, p->lx.end, ex));
}

/* Up to max number arguments "a, b, c)" into v; at least min. */
static int num_list(P *p, const char *fname, arg *v, int min, int max, int *count) {
  int k = 0, r;
  for (;;) {
    if (k == max) return fail(p, "%s() takes at most %d argument%s", fname, max, max == 1 ? "" : "s");
    if (!read_arg(p, &v[k], "number", fname, k + 1)) return 0;
    if (v[k].type != KN_CALC_NUMBER) {
      char ex[32], wb[64];
      return fail(p, "%s expected, got '%s'", arg_name("number", fname, k + 1, wb, sizeof wb),
                  kn_css_excerpt(v[k].start, v[k].end, ex));
    }
    k++;
    r = sep(p, fname);
    if (r == 0) return 0;
    if (r == 2) break;
  }
  if (k < min) return fail(p, "%s() needs %d numbers, got %d", fname, min, k);
  *count = k;
  return 1;
}

/* ---- CSS functions ---------------------------------------------------------- */

/* An x of cubic-bezier(): a literal must lie in [0, 1], a math function is
   clamped into it. */
static int bezier_x(P *p, const arg *a, double *x, const char *name) {
  char b1[32];
  if (a->calc) { *x = isnan(a->x) ? 0.0 : (a->x < 0.0 ? 0.0 : (a->x > 1.0 ? 1.0 : a->x)); return 1; }
  if (a->x < 0.0 || a->x > 1.0)
    return fail(p, "cubic-bezier() %s must lie in [0, 1], got %s", name, (kn_fmtnum(b1, a->x), b1));
  *x = a->x;
  return 1;
}

static int bezier_y(P *p, const arg *a, double *y) {
  char b1[32];
  if (a->calc) { *y = calc_unbounded(a); return 1; }
  if (!(fabs(a->x) <= KN_BEZIER_YMAX))
    return fail(p, "cubic-bezier() y1 and y2 must lie in [-1e300, 1e300], got %s",
                (kn_fmtnum(b1, a->x), b1));
  *y = a->x;
  return 1;
}

static int parse_bezier(P *p, kn_easing *e) {
  arg v[4];
  double c[4];
  int k, i;
  if (!num_list(p, "cubic-bezier", v, 4, 4, &k)) return 0;
  if (!bezier_x(p, &v[0], &c[0], "x1") || !bezier_y(p, &v[1], &c[1]) ||
      !bezier_x(p, &v[2], &c[2], "x2") || !bezier_y(p, &v[3], &c[3])) return 0;
  sp_put(p, "cubic-bezier(");
  for (i = 0; i < 4; i++) { if (i > 0) sp_put(p, ", "); sp_arg(p, &v[i]); }
  sp_put(p, ")");
  kn_easing_init_bezier(e, c[0], c[1], c[2], c[3]);
  return 1;
}

static int position_of(const kn_css_token *tk) {
  int i;
  if (tk->type != KN_TK_IDENT) return -1;
  for (i = KN_JUMP_START; i <= KN_END; i++)
    if (kn_css_name_is(tk, kn_steps_position_name(i))) return i;
  return -1;
}

/* The step count: a literal integer >= min; a math function rounded to the
   nearest integer (halves up) and raised to min. */
static int step_count(P *p, const arg *a, int min, int *n) {
  char ex[32];
  double x = a->x;
  if (a->type != KN_CALC_NUMBER)
    return fail(p, "steps() count must be an integer, got '%s'", kn_css_excerpt(a->start, a->end, ex));
  if (a->calc) {
    if (isnan(x)) return fail(p, "steps() count is NaN");
    x = floor(x + 0.5);
    if (x < min) x = min;
  } else {
    if (!a->is_int)
      return fail(p, "steps() count must be an integer, got '%s'", kn_css_excerpt(a->start, a->end, ex));
    if (!(x >= min))
      return fail(p, "steps() count must be an integer >= %d%s, got %s", min,
                  min == 2 ? " for jump-none" : "", (kn_fmtnum(ex, x), ex));
  }
  if (x > (double)(INT_MAX - 1))
    return fail(p, "steps() count must be at most %d, got %s", INT_MAX - 1, (kn_fmtnum(ex, x), ex));
  *n = (int)x;
  return 1;
}

static int parse_steps(P *p, kn_easing *e) {
  arg a;
  kn_css_token tk;
  int r, pos = KN_END, n = 0;
  char ex[32];
  if (!read_arg(p, &a, "integer step count", NULL, 0)) return 0;
  r = sep(p, "steps");
  if (r == 0) return 0;
  if (r == 1) {
    next_tok(p, &tk);
    pos = position_of(&tk);
    if (pos < 0)
      return fail(p, "steps() position must be one of jump-start, jump-end, jump-none, "
                     "jump-both, start, end; got '%s'", kn_css_excerpt(tk.start, p->lx.end, ex));
    next_tok(p, &tk);
    if (tk.type != KN_TK_RPAREN) {
      if (tk.type == KN_TK_EOF) return fail(p, "missing ')' after steps(");
      return fail(p, "')' expected after the steps() position, got '%s'",
                  kn_css_excerpt(tk.start, p->lx.end, ex));
    }
  }
  if (!step_count(p, &a, pos == KN_JUMP_NONE ? 2 : 1, &n)) return 0;
  sp_put(p, "steps(");
  sp_arg(p, &a);
  if (pos != KN_END && pos != KN_JUMP_END) {
    sp_put(p, ", ");
    sp_put(p, kn_steps_position_name(pos));
  }
  sp_put(p, ")");
  kn_easing_init_steps(e, n, pos);
  return 1;
}

/* One stop of linear(): <number> <percentage>{0,2}, the output first (the
   order the Web Platform Tests accept).  Appends its points to e. */
static int linear_stop(P *p, kn_easing *e, size_t cap, size_t *n, int first) {
  arg v[3];
  int k = 0, i;
  char ex[32];
  if (!read_arg(p, &v[0], "linear() stop (a number)", NULL, 0)) return 0;
  if (v[0].type != KN_CALC_NUMBER)
    return fail(p, "linear() stop without an output number first: '%s'",
                kn_css_excerpt(v[0].start, p->lx.end, ex));
  for (k = 1; k < 4; k++) {
    int t = peek_tok(p);
    if (t == KN_TK_COMMA || t == KN_TK_RPAREN || t == KN_TK_EOF) break;
    if (k == 3) return fail(p, "linear() stop with too many values: '%s'",
                            kn_css_excerpt(v[0].start, p->lx.end, ex));
    if (!read_arg(p, &v[k], "percentage in linear()", NULL, 0)) return 0;
    if (v[k].type != KN_CALC_PERCENTAGE)
      return fail(p, "linear() stop with two outputs: '%s'", kn_css_excerpt(v[0].start, v[k].end, ex));
  }
  if (*n + (k == 1 ? 1 : (size_t)(k - 1)) > cap) return fail(p, "linear(): too many stops");
  if (!first) sp_put(p, ", ");
  for (i = 0; i < k; i++) { if (i > 0) sp_put(p, " "); sp_arg(p, &v[i]); }
  if (k == 1) {
    e->points[2 * *n] = (double)NAN; e->points[2 * *n + 1] = calc_unbounded(&v[0]); (*n)++;
  }
  for (i = 1; i < k; i++) {
    e->points[2 * *n] = calc_unbounded(&v[i]); e->points[2 * *n + 1] = calc_unbounded(&v[0]);
    (*n)++;
  }
  return 1;
}

static int parse_linear(P *p, kn_easing *e, size_t cap) {
  size_t n = 0, nstops = 0;
  size_t mark = p->sp ? p->sp->len : 0;
  if (peek_tok(p) == KN_TK_RPAREN) return fail(p, "linear() needs at least 2 stops, got 0");
  sp_put(p, "linear(");
  for (;;) {
    int r;
    if (!linear_stop(p, e, cap, &n, nstops == 0)) return 0;
    nstops++;
    r = sep(p, "linear");
    if (r == 0) return 0;
    if (r == 2) break;
  }
  if (nstops < 2) return fail(p, "linear() needs at least 2 stops, got %d", (int)nstops);
  sp_put(p, ")");
  kn_easing_init_linearfn(e, n);
  /* A NaN stop is specified as the computed list (the browsers' form). */
  if (p->nan_seen && p->sp != NULL) {
    p->sp->len = mark;
    if (p->sp->cap > mark)
      p->sp->len += kn_easing_css(e, p->sp->buf + mark, p->sp->cap - mark);
    else
      p->sp->len += kn_easing_css(e, NULL, 0);
  }
  return 1;
}

/* ---- names ------------------------------------------------------------ */

/* family value of an alias that names linear (hump.timer's in-linear ...) */
#define LINEAR_ALIAS KN_PENNER_FAMILIES

/* The other spellings of Penner's equations and of linear.  Each names
   one of kinetic's own functions, with Penner's constants: flux's
   `backout` is outBack(1.70158), not flux's formula with 1.7, and
   `elasticinout` is inOutElastic with its 0.45 period.  Spellings with a
   '-' match in any ASCII case (as kebab-case names always did), the
   one-word names of flux and hump.timer exactly as those libraries spell
   them.  Char arrays, not pointers: no relocated data in the object. */
typedef struct alias {
  char name[16];
  unsigned char family, mode;     /* enum kn_penner_family or LINEAR_ALIAS */
} alias;

#define KEBAB(f, F) { "in-" f, F, KN_IN }, { "out-" f, F, KN_OUT }, \
                    { "in-out-" f, F, KN_INOUT }, { "out-in-" f, F, KN_OUTIN }
#define FLUX(f, F) { f "in", F, KN_IN }, { f "out", F, KN_OUT }, { f "inout", F, KN_INOUT }
static const alias aliases[] = {
  /* kebab-case, also hump.timer's spelling (in-linear ... included) */
  KEBAB("quad", KN_QUAD), KEBAB("cubic", KN_CUBIC), KEBAB("quart", KN_QUART),
  KEBAB("quint", KN_QUINT), KEBAB("sine", KN_SINE), KEBAB("expo", KN_EXPO),
  KEBAB("circ", KN_CIRC), KEBAB("back", KN_BACK), KEBAB("elastic", KN_ELASTIC),
  KEBAB("bounce", KN_BOUNCE), KEBAB("linear", LINEAR_ALIAS),
  /* hump.timer: a bare family name is its in form */
  { "quad", KN_QUAD, KN_IN }, { "cubic", KN_CUBIC, KN_IN }, { "quart", KN_QUART, KN_IN },
  { "quint", KN_QUINT, KN_IN }, { "sine", KN_SINE, KN_IN }, { "expo", KN_EXPO, KN_IN },
  { "circ", KN_CIRC, KN_IN }, { "back", KN_BACK, KN_IN }, { "elastic", KN_ELASTIC, KN_IN },
  { "bounce", KN_BOUNCE, KN_IN },
  /* flux: <family>in, <family>out, <family>inout (flux has no bounce) */
  FLUX("quad", KN_QUAD), FLUX("cubic", KN_CUBIC), FLUX("quart", KN_QUART),
  FLUX("quint", KN_QUINT), FLUX("expo", KN_EXPO), FLUX("sine", KN_SINE),
  FLUX("circ", KN_CIRC), FLUX("back", KN_BACK), FLUX("elastic", KN_ELASTIC)
};
#undef KEBAB
#undef FLUX

#define NALIASES (sizeof aliases / sizeof aliases[0])

/* The names kinetic's own functions go by (tostring gives these). */
static const char canonical[][24] = {
  "linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end",
  "inQuad", "outQuad", "inOutQuad", "outInQuad",
  "inCubic", "outCubic", "inOutCubic", "outInCubic",
  "inQuart", "outQuart", "inOutQuart", "outInQuart",
  "inQuint", "outQuint", "inOutQuint", "outInQuint",
  "inSine", "outSine", "inOutSine", "outInSine",
  "inExpo", "outExpo", "inOutExpo", "outInExpo",
  "inCirc", "outCirc", "inOutCirc", "outInCirc",
  "inBack", "outBack", "inOutBack", "outInBack",
  "inElastic", "outElastic", "inOutElastic", "outInElastic",
  "inBounce", "outBounce", "inOutBounce", "outInBounce",
  "accelerate", "accelerate-decelerate"
};

#define NCANONICAL (sizeof canonical / sizeof canonical[0])

const char *kn_easing_name(size_t i) {
  if (i < NCANONICAL) return canonical[i];
  return i - NCANONICAL < NALIASES ? aliases[i - NCANONICAL].name : NULL;
}

/* s[0..n) == b exactly. */
static int eq(const char *s, size_t n, const char *b) {
  return strlen(b) == n && memcmp(s, b, n) == 0;
}

/* A camelCase Penner name: a mode (in, out, inOut, outIn) then a family
   (Quad ... Bounce), both exactly; or an alias.  *family is LINEAR_ALIAS
   for an alias of linear.  Plain comparisons, no formatting: a name is
   looked up in well under a microsecond. */
static int penner_name(const char *s, size_t n, int *family, int *mode) {
  size_t i;
  int m, f;
  for (m = 0; m < KN_PENNER_MODES; m++) {
    const char *mn = kn_penner_mode_name(m);
    size_t ml = strlen(mn);
    if (n <= ml || memcmp(s, mn, ml) != 0) continue;
    for (f = 0; f < KN_PENNER_FAMILIES; f++)
      if (eq(s + ml, n - ml, kn_penner_family_name(f))) {
        *family = f; *mode = m;
        return 1;
      }
  }
  for (i = 0; i < NALIASES; i++) {
    const char *a = aliases[i].name;
    if (strchr(a, '-') != NULL ? eq_ci(s, n, a) : eq(s, n, a)) {
      *family = aliases[i].family; *mode = aliases[i].mode;
      return 1;
    }
  }
  return 0;
}


static int parse_penner_args(P *p, kn_easing *e, const char *name) {
  kn_penner *pn = &e->u.penner;
  arg v[2];
  double a, b;
  int k, np = kn_penner_nparams(pn->family);
  char b1[32];
  if (np == 0) return fail(p, "%s takes no parameters", name);
  if (!num_list(p, name, v, 1, np, &k)) return 0;
  a = calc_unbounded(&v[0]);
  b = k > 1 ? calc_unbounded(&v[1]) : pn->b;
  if (pn->family == KN_ELASTIC && k > 1 && !(b > 0.0))
    return fail(p, "%s() period must be > 0, got %s", name, (kn_fmtnum(b1, b), b1));
  kn_penner_set(pn, a, pn->family == KN_ELASTIC ? b : pn->b);
  return 1;
}

static int parse_accel(P *p, kn_easing *e, int kind, int has_args, const char *name) {
  arg v;
  double x;
  int k;
  kn_easing_init_accel(e, kind, 0.0);
  if (!has_args) return 1;
  if (!num_list(p, name, &v, 1, 1, &k)) return 0;
  x = calc_unbounded(&v);
  if (!(fabs(x) <= KN_ACCEL_V0MAX)) {
    char b1[32];
    return fail(p, "%s() v0 must lie in [-1e300, 1e300], got %s", name, (kn_fmtnum(b1, x), b1));
  }
  e->u.v0 = x;
  return 1;
}

/* A CSS keyword (an identifier, any ASCII case) into e: 1, or 0 when the
   token is none. */
static int keyword(P *p, const kn_css_token *tk, kn_easing *e) {
  static const char bezier_kw[][12] = { "ease", "ease-in", "ease-out", "ease-in-out" };
  int i;
  if (kn_css_name_is(tk, "linear")) { kn_easing_init_linear(e); sp_put(p, "linear"); return 1; }
  for (i = 0; i < 4; i++)
    if (kn_css_name_is(tk, bezier_kw[i])) {
      kn_easing_init_keyword(e, KN_KW_EASE + i);
      sp_put(p, bezier_kw[i]);
      return 1;
    }
  if (kn_css_name_is(tk, "step-start")) {
    kn_easing_init_steps(e, 1, KN_START);
    sp_put(p, "steps(1, start)");
    return 1;
  }
  if (kn_css_name_is(tk, "step-end")) {
    kn_easing_init_steps(e, 1, KN_END);
    sp_put(p, "steps(1)");
    return 1;
  }
  return 0;
}

size_t kn_easing_parse_maxpoints(const char *s, size_t len) {
  size_t i, commas = 0;
  for (i = 0; i < len; i++) if (s[i] == ',') commas++;
  return 2 * (commas + 1);
}

/* Kinetic's own names, with or without arguments; *css = 0 (no CSS form). */
static int own_name(P *p, const kn_css_token *tk, kn_easing *e, int fn) {
  const char *name = tk->name;
  size_t n = tk->len;
  int family, mode;
  char nm[40];
  snprintf(nm, sizeof nm, "%.*s", (int)(n < 30 ? n : 30), name);
  if (tk->long_name) return fail(p, "unknown easing %s '%s...'", fn ? "function" : "name", nm);
  if (eq_ci(name, n, "accelerate")) return parse_accel(p, e, KN_E_ACCEL, fn, "accelerate");
  if (eq_ci(name, n, "accelerate-decelerate"))
    return parse_accel(p, e, KN_E_ACCELDECEL, fn, "accelerate-decelerate");
  if (penner_name(name, n, &family, &mode)) {
    if (family == LINEAR_ALIAS) {
      if (fn) return fail(p, "%s takes no parameters", nm);
      kn_easing_init_linear(e);
      return 1;
    }
    kn_easing_init_penner(e, family, mode);
    return fn ? parse_penner_args(p, e, nm) : 1;
  }
  if (fn) return fail(p, "unknown easing function '%s()'", nm);
  return fail(p, "unknown easing name '%s'", nm);
}

/* The one easing of the spec, from its first token. */
static int parse_value(P *p, kn_easing *e, size_t cap, int *css) {
  kn_css_token tk;
  char ex[32];
  const char *why;
  next_tok(p, &tk);
  *css = 1;
  if (tk.type == KN_TK_EOF) return fail(p, "empty easing spec");
  if ((why = kn_css_needs_document(&tk)) != NULL) return fail(p, "%s", why);
  if (tk.type == KN_TK_FUNCTION) {
    if (kn_css_name_is(&tk, "cubic-bezier")) return parse_bezier(p, e);
    if (kn_css_name_is(&tk, "steps")) return parse_steps(p, e);
    if (kn_css_name_is(&tk, "linear")) {
      if (cap < 2) return fail(p, "linear(): too many stops");
      return parse_linear(p, e, cap);
    }
  } else if (tk.type == KN_TK_IDENT) {
    if (keyword(p, &tk, e)) return 1;
  } else {
    return fail(p, "easing name expected at '%s'", kn_css_excerpt(tk.start, p->lx.end, ex));
  }
  *css = 0;
  return own_name(p, &tk, e, tk.type == KN_TK_FUNCTION);
}

int kn_easing_parse(const char *s, size_t len, kn_easing *e, size_t cap,
                    kn_easing_text *specified, char *err, size_t errcap) {
  P p;
  kn_css_token tk;
  char ex[32];
  int css;
  kn_css_lexer_init(&p.lx, s, len);
  p.err = err; p.errcap = errcap; p.sp = specified; p.nan_seen = 0;
  if (specified != NULL) specified->len = 0;
  if (errcap > 0) err[0] = '\0';
  if (memchr(s, '\0', len) != NULL) return fail(&p, "embedded zero byte in the spec");
  if (!parse_value(&p, e, cap, &css)) return 0;
  next_tok(&p, &tk);
  if (tk.type == KN_TK_COMMA)
    return fail(&p, "a list of easings: kinetic.easing takes one (lists need a document)");
  if (tk.type != KN_TK_EOF)
    return fail(&p, "unexpected '%s' after the easing", kn_css_excerpt(tk.start, p.lx.end, ex));
  if (!css && specified != NULL) specified->len = 0;
  return 1;
}

size_t kn_easing_specified_points(const kn_easing *e) {
  size_t cap = kn_easing_parse_maxpoints(kn_easing_specified(e), e->speclen);
  return cap < 2 ? 2 : cap;
}

void kn_easing_specified_text(const kn_easing *e, kn_easing *tmp, kn_easing_text *out) {
  char err[256];
  kn_easing_parse(kn_easing_specified(e), e->speclen, tmp, kn_easing_specified_points(e), out,
                  err, sizeof err);
}
