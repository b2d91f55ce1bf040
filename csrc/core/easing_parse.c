/*
** easing_parse.c -- strict parser for easing spec strings.
**
** CSS <easing-function> syntax (CSS Easing 2) with CSS tokens: ASCII
** case-insensitive keywords and function names, a function name directly
** followed by '(', <number> = [+-]? (d+ (. d+)? | . d+) (e [+-]? d+)?,
** <percentage> = <number>%, <integer> = [+-]? d+, whitespace = space, tab,
** LF, CR, FF.  Anything a browser rejects is rejected (steps(0), steps(1.5),
** steps(1, jump-none), x outside [0,1], linear() with fewer than two stops,
** units, trailing text ...).  Not supported: calc(), comments, escapes.
** Penner names are camelCase (case-sensitive), kebab-case (any case), or
** flux's and hump.timer's names (the table `aliases`).
*/
#include "fpcontract.h"
#include <ctype.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "easing_parse.h"
#include "accel.h"

typedef struct {
  const char *s, *end;   /* cursor and end of input */
  const char *start;     /* whole input, for messages */
  char *err;
  size_t errcap;
} P;

/* Write the message to p->err (printf format) and return 0. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(P *p, const char *fmt, ...) {
  va_list ap;
  if (p->errcap == 0) return 0;
  va_start(ap, fmt);
  vsnprintf(p->err, p->errcap, fmt, ap);
  va_end(ap);
  return 0;
}

static int is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
static void skip_ws(P *p) { while (p->s < p->end && is_ws((unsigned char)*p->s)) p->s++; }
static int is_namech(int c) { return isalnum(c) || c == '-' || c == '_'; }
static int at(P *p, char c) { return p->s < p->end && *p->s == c; }

/* Up to 24 characters of the input from q, for messages. */
static const char *excerpt(const char *q, const char *end, char *buf) {
  size_t n = (size_t)(end - q);
  if (n > 24) n = 24;
  memcpy(buf, q, n);
  buf[n] = '\0';
  if ((size_t)(end - q) > 24) strcpy(buf + 24, "...");
  return buf;
}

static int eq_ci(const char *a, size_t n, const char *b) {
  size_t i;
  if (strlen(b) != n) return 0;
  for (i = 0; i < n; i++)
    if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i])) return 0;
  return 1;
}

/* A CSS number token at the cursor.  *is_int: no fraction, no exponent.
   *pct: followed by '%' (consumed).  Returns 0 (with a message) if there
   is none, if a unit follows, or if it overflows. */
static int number(P *p, double *x, int *is_int, int *pct, const char *what) {
  const char *q = p->s, *b = p->s;
  char buf[512], ex[32];
  char dp = localeconv()->decimal_point[0];
  size_t n, i;
  int digits = 0;
  *is_int = 1;
  if (q < p->end && (*q == '+' || *q == '-')) q++;
  while (q < p->end && isdigit((unsigned char)*q)) { q++; digits++; }
  if (q + 1 < p->end && *q == '.' && isdigit((unsigned char)q[1])) {
    *is_int = 0; q++;
    while (q < p->end && isdigit((unsigned char)*q)) { q++; digits++; }
  }
  if (digits == 0)
    return fail(p, "%s expected at '%s'", what, excerpt(b, p->end, ex));
  if (q < p->end && (*q == 'e' || *q == 'E')) {
    const char *r = q + 1;
    if (r < p->end && (*r == '+' || *r == '-')) r++;
    if (r < p->end && isdigit((unsigned char)*r)) {
      *is_int = 0; q = r;
      while (q < p->end && isdigit((unsigned char)*q)) q++;
    }
  }
  n = (size_t)(q - b);
  if (n >= sizeof buf) return fail(p, "number too long at '%s'", excerpt(b, p->end, ex));
  memcpy(buf, b, n);
  buf[n] = '\0';
  for (i = 0; i < n; i++) if (buf[i] == '.') buf[i] = dp;
  *x = strtod(buf, NULL);
  if (!isfinite(*x)) return fail(p, "finite number expected, got '%s'", excerpt(b, q, ex));
  *pct = 0;
  if (q < p->end && *q == '%') { *pct = 1; q++; }
  else if (q < p->end && (is_namech((unsigned char)*q) || *q == '.'))
    return fail(p, "%s expected, got '%s'", what, excerpt(b, p->end, ex));
  p->s = q;
  return 1;
}

/* A plain number argument (no percentage). */
static int num_arg(P *p, double *x, const char *what) {
  int is_int, pct;
  const char *b = p->s;
  char ex[32];
  if (!number(p, x, &is_int, &pct, what)) return 0;
  if (pct) return fail(p, "%s expected, got '%s'", what, excerpt(b, p->s, ex));
  return 1;
}

/* After an argument: ',' (returns 1) or ')' (returns 2); 0 on error. */
static int sep(P *p, const char *fname) {
  char ex[32];
  skip_ws(p);
  if (at(p, ',')) { p->s++; skip_ws(p); return 1; }
  if (at(p, ')')) { p->s++; return 2; }
  if (p->s >= p->end) return fail(p, "missing ')' after %s(", fname);
  return fail(p, "',' or ')' expected in %s() at '%s'", fname, excerpt(p->s, p->end, ex));
}

/* Reads up to max numbers "a, b, c)" into v; at least min. */
static int num_list(P *p, const char *fname, double *v, int min, int max, int *count) {
  int k = 0, r;
  char what[64];
  skip_ws(p);
  for (;;) {
    if (k == max) return fail(p, "%s() takes at most %d argument%s", fname, max, max == 1 ? "" : "s");
    snprintf(what, sizeof what, "number (argument %d of %s())", k + 1, fname);
    if (!num_arg(p, &v[k], what)) return 0;
    k++;
    r = sep(p, fname);
    if (r == 0) return 0;
    if (r == 2) break;
  }
  if (k < min) return fail(p, "%s() needs %d numbers, got %d", fname, min, k);
  *count = k;
  return 1;
}

static int parse_bezier(P *p, kn_easing *e) {
  double v[4];
  int k;
  char b1[32];
  if (!num_list(p, "cubic-bezier", v, 4, 4, &k)) return 0;
  if (v[0] < 0.0 || v[0] > 1.0)
    return fail(p, "cubic-bezier() x1 must lie in [0, 1], got %s", (kn_fmtnum(b1, v[0]), b1));
  if (v[2] < 0.0 || v[2] > 1.0)
    return fail(p, "cubic-bezier() x2 must lie in [0, 1], got %s", (kn_fmtnum(b1, v[2]), b1));
  if (!(fabs(v[1]) <= KN_BEZIER_YMAX) || !(fabs(v[3]) <= KN_BEZIER_YMAX))
    return fail(p, "cubic-bezier() y1 and y2 must lie in [-1e300, 1e300], got %s",
                (kn_fmtnum(b1, fabs(v[1]) > KN_BEZIER_YMAX ? v[1] : v[3]), b1));
  kn_easing_init_bezier(e, v[0], v[1], v[2], v[3]);
  return 1;
}

static int position_of(const char *s, size_t n) {
  int i;
  for (i = KN_JUMP_START; i <= KN_END; i++)
    if (eq_ci(s, n, kn_steps_position_name(i))) return i;
  return -1;
}

static int parse_steps(P *p, kn_easing *e) {
  double x;
  int is_int, pct, r, pos = KN_END;
  const char *b;
  char ex[32];
  skip_ws(p);
  b = p->s;
  if (!number(p, &x, &is_int, &pct, "integer step count")) return 0;
  if (!is_int || pct)
    return fail(p, "steps() count must be an integer, got '%s'", excerpt(b, p->s, ex));
  r = sep(p, "steps");
  if (r == 0) return 0;
  if (r == 1) {
    const char *q = p->s;
    while (p->s < p->end && is_namech((unsigned char)*p->s)) p->s++;
    pos = position_of(q, (size_t)(p->s - q));
    if (pos < 0)
      return fail(p, "steps() position must be one of jump-start, jump-end, jump-none, "
                     "jump-both, start, end; got '%s'", excerpt(q, p->end, ex));
    skip_ws(p);
    if (!at(p, ')')) {
      if (p->s >= p->end) return fail(p, "missing ')' after steps(");
      return fail(p, "')' expected after the steps() position, got '%s'", excerpt(p->s, p->end, ex));
    }
    p->s++;
  }
  if (pos == KN_JUMP_NONE ? !(x >= 2.0) : !(x >= 1.0))
    return fail(p, "steps() count must be an integer >= %d%s, got %s",
                pos == KN_JUMP_NONE ? 2 : 1, pos == KN_JUMP_NONE ? " for jump-none" : "",
                (kn_fmtnum(ex, x), ex));
  if (x > (double)(INT_MAX - 1))
    return fail(p, "steps() count must be at most %d, got %s", INT_MAX - 1, (kn_fmtnum(ex, x), ex));
  kn_easing_init_steps(e, (int)x, pos);
  return 1;
}

/* One stop: <number> && <percentage>{1,2}?, in either order. */
static int parse_linear(P *p, kn_easing *e, size_t cap) {
  size_t n = 0, nstops = 0;
  char ex[32];
  skip_ws(p);
  for (;;) {
    double v[3];
    int is_int, pct[3], k = 0, r, numat = -1, i;
    const char *b = p->s;
    while (k < 3 && p->s < p->end && *p->s != ',' && *p->s != ')') {
      if (!number(p, &v[k], &is_int, &pct[k], "number or percentage in linear()")) return 0;
      if (!pct[k]) {
        if (numat >= 0) return fail(p, "linear() stop with two outputs: '%s'", excerpt(b, p->s, ex));
        numat = k;
      }
      k++;
      skip_ws(p);
    }
    if (k == 0) {
      if (at(p, ')') && nstops == 0) return fail(p, "linear() needs at least 2 stops, got 0");
      return fail(p, "linear() stop expected at '%s'", excerpt(p->s, p->end, ex));
    }
    if (numat < 0) return fail(p, "linear() stop without an output number: '%s'", excerpt(b, p->s, ex));
    if (k == 3 && numat == 1)
      return fail(p, "linear() stop with the output between its percentages: '%s'", excerpt(b, p->s, ex));
    if (p->s < p->end && *p->s != ',' && *p->s != ')')
      return fail(p, "linear() stop with too many values: '%s'", excerpt(b, p->end, ex));
    /* points: output v[numat], inputs the others in order (or none) */
    if (n + (k == 1 ? 1 : (size_t)(k - 1)) > cap) return fail(p, "linear(): too many stops");
    if (k == 1) {
      e->points[2 * n] = (double)NAN; e->points[2 * n + 1] = v[numat]; n++;
    }
    for (i = 0; i < k; i++) {
      if (i == numat) continue;
      e->points[2 * n] = v[i]; e->points[2 * n + 1] = v[numat]; n++;
    }
    nstops++;
    r = sep(p, "linear");
    if (r == 0) return 0;
    if (r == 2) break;
  }
  if (nstops < 2) return fail(p, "linear() needs at least 2 stops, got %d", (int)nstops);
  {
    /* A missing input is 0 for the first STOP and >= 100 for the last:
       with a lone output as first/last stop that is the first/last point. */
    kn_easing_init_linearfn(e, n);
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
  double v[2];
  int k, np = kn_penner_nparams(pn->family);
  char b1[32];
  if (np == 0) return fail(p, "%s takes no parameters", name);
  if (!num_list(p, name, v, 1, np, &k)) return 0;
  if (pn->family == KN_ELASTIC && k > 1 && !(v[1] > 0.0))
    return fail(p, "%s() period must be > 0, got %s", name, (kn_fmtnum(b1, v[1]), b1));
  kn_penner_set(pn, v[0], pn->family == KN_ELASTIC && k > 1 ? v[1] : pn->b);
  return 1;
}

static int parse_accel(P *p, kn_easing *e, int kind, int has_args, const char *name) {
  double v;
  int k;
  kn_easing_init_accel(e, kind, 0.0);
  if (!has_args) return 1;
  if (!num_list(p, name, &v, 1, 1, &k)) return 0;
  if (!(fabs(v) <= KN_ACCEL_V0MAX)) {
    char b1[32];
    return fail(p, "%s() v0 must lie in [-1e300, 1e300], got %s", name, (kn_fmtnum(b1, v), b1));
  }
  e->u.v0 = v;
  return 1;
}

/* A CSS keyword (written without parentheses), in any case, into e:
   1, or 0 when s[0..n) is none. */
static int keyword(const char *s, size_t n, kn_easing *e) {
  static const char bezier_kw[][12] = { "ease", "ease-in", "ease-out", "ease-in-out" };
  int i;
  if (eq_ci(s, n, "linear")) { kn_easing_init_linear(e); return 1; }
  for (i = 0; i < 4; i++)
    if (eq_ci(s, n, bezier_kw[i])) { kn_easing_init_keyword(e, KN_KW_EASE + i); return 1; }
  if (eq_ci(s, n, "step-start")) { kn_easing_init_steps(e, 1, KN_START); return 1; }
  if (eq_ci(s, n, "step-end")) { kn_easing_init_steps(e, 1, KN_END); return 1; }
  return 0;
}

size_t kn_easing_parse_maxpoints(const char *s, size_t len) {
  size_t i, commas = 0;
  for (i = 0; i < len; i++) if (s[i] == ',') commas++;
  return 2 * (commas + 1);
}

int kn_easing_parse(const char *s, size_t len, kn_easing *e, size_t cap,
                    char *err, size_t errcap) {
  P p;
  const char *name;
  size_t n;
  int fn, family, mode, ok;
  char ex[32], nm[40];
  p.s = s; p.end = s + len; p.start = s; p.err = err; p.errcap = errcap;
  if (errcap > 0) err[0] = '\0';
  if (memchr(s, '\0', len) != NULL) return fail(&p, "embedded zero byte in the spec");
  skip_ws(&p);
  if (p.s >= p.end) return fail(&p, "empty easing spec");
  name = p.s;
  while (p.s < p.end && is_namech((unsigned char)*p.s)) p.s++;
  n = (size_t)(p.s - name);
  if (n == 0) return fail(&p, "easing name expected at '%s'", excerpt(name, p.end, ex));
  fn = at(&p, '(');
  if (fn) p.s++;
  snprintf(nm, sizeof nm, "%.*s", (int)(n < 30 ? n : 30), name);
  if (fn && eq_ci(name, n, "cubic-bezier")) ok = parse_bezier(&p, e);
  else if (fn && eq_ci(name, n, "steps")) ok = parse_steps(&p, e);
  else if (fn && eq_ci(name, n, "linear")) {
    if (cap < 2) return fail(&p, "linear(): too many stops");
    ok = parse_linear(&p, e, cap);
  }
  else if (!fn && keyword(name, n, e)) ok = 1;
  else if (eq_ci(name, n, "accelerate")) ok = parse_accel(&p, e, KN_E_ACCEL, fn, "accelerate");
  else if (eq_ci(name, n, "accelerate-decelerate"))
    ok = parse_accel(&p, e, KN_E_ACCELDECEL, fn, "accelerate-decelerate");
  else if (penner_name(name, n, &family, &mode)) {
    if (family == LINEAR_ALIAS) {
      if (fn) return fail(&p, "%s takes no parameters", nm);
      kn_easing_init_linear(e);
      ok = 1;
    } else {
      kn_easing_init_penner(e, family, mode);
      ok = fn ? parse_penner_args(&p, e, nm) : 1;
    }
  }
  else if (fn) return fail(&p, "unknown easing function '%s()'", nm);
  else return fail(&p, "unknown easing name '%s'", nm);
  if (!ok) return 0;
  skip_ws(&p);
  if (p.s < p.end) return fail(&p, "unexpected '%s' after the easing", excerpt(p.s, p.end, ex));
  return 1;
}
