/*
** css_calc.c -- math functions over numbers and percentages (css_calc.h),
** by recursive descent on the grammar of CSS Values 4:
**   <calc-sum>     = <calc-product> [ [ '+' | '-' ] <calc-product> ]*
**   <calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*
**   <calc-value>   = <number> | <percentage> | <calc-keyword>
**                  | ( <calc-sum> ) | <math function>
*/
#include "fpcontract.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "css_calc.h"

typedef struct C {
  kn_css_lexer *lx;
  char *err;
  size_t errcap;
  int depth;
} C;

typedef struct V { double x; int type; } V;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(C *c, const char *fmt, ...) {
  va_list ap;
  if (c->errcap == 0) return 0;
  va_start(ap, fmt);
  vsnprintf(c->err, c->errcap, fmt, ap);
  va_end(ap);
  return 0;
}

static void next(C *c, kn_css_token *tk) { kn_css_next(c->lx, tk); }

/* The next token that is not whitespace; *ws: whether whitespace came
   first. */
static void next_nows(C *c, kn_css_token *tk, int *ws) {
  next(c, tk);
  if (ws) *ws = tk->type == KN_TK_WS;
  if (tk->type == KN_TK_WS) next(c, tk);
}

static const char *type_name(int type) {
  return type == KN_CALC_NUMBER ? "number" : "percentage";
}

int kn_css_is_math(const kn_css_token *tk) {
  return tk->type == KN_TK_FUNCTION &&
         (kn_css_name_is(tk, "calc") || kn_css_name_is(tk, "min") ||
          kn_css_name_is(tk, "max") || kn_css_name_is(tk, "clamp"));
}

const char *kn_css_needs_document(const kn_css_token *tk) {
  static const char fns[][16] = { "var", "env", "attr", "sibling-index", "sibling-count" };
  static const char wide[][16] = { "initial", "inherit", "unset", "revert", "revert-layer" };
  size_t i;
  if (tk->type == KN_TK_FUNCTION)
    for (i = 0; i < sizeof fns / sizeof fns[0]; i++)
      if (kn_css_name_is(tk, fns[i])) return "var(), env(), attr(), sibling-index() and "
                                             "sibling-count() need a document";
  if (tk->type == KN_TK_IDENT)
    for (i = 0; i < sizeof wide / sizeof wide[0]; i++)
      if (kn_css_name_is(tk, wide[i])) return "CSS-wide keywords (initial, inherit, unset, "
                                              "revert, revert-layer) need a document";
  return NULL;
}

static int sum(C *c, V *v);
static int function(C *c, const kn_css_token *fn, V *v);

static int keyword(C *c, const kn_css_token *tk, V *v) {
  v->type = KN_CALC_NUMBER;
  if (kn_css_name_is(tk, "e")) v->x = 2.718281828459045;
  else if (kn_css_name_is(tk, "pi")) v->x = 3.141592653589793;
  else if (kn_css_name_is(tk, "infinity")) v->x = HUGE_VAL;
  else if (kn_css_name_is(tk, "-infinity")) v->x = -HUGE_VAL;
  else if (kn_css_name_is(tk, "nan")) v->x = (double)NAN;
  else return fail(c, "'%.*s' in a math function: only numbers, percentages, e, pi, "
                      "infinity and NaN can be computed without a document",
                   (int)tk->len, tk->name);
  return 1;
}

static int value(C *c, V *v) {
  kn_css_token tk;
  next_nows(c, &tk, NULL);
  switch (tk.type) {
    case KN_TK_NUMBER: v->x = tk.value; v->type = KN_CALC_NUMBER; break;
    case KN_TK_PERCENTAGE: v->x = tk.value; v->type = KN_CALC_PERCENTAGE; break;
    case KN_TK_DIMENSION:
      return fail(c, "'%.*s' in a math function: values with units need a document",
                  (int)(tk.end - tk.start), tk.start);
    case KN_TK_IDENT: return keyword(c, &tk, v);
    case KN_TK_LPAREN: case KN_TK_FUNCTION: {
      int ok;
      if (++c->depth > KN_CALC_DEPTH) return fail(c, "math function nested too deeply");
      if (tk.type == KN_TK_FUNCTION) ok = function(c, &tk, v);
      else {
        ok = sum(c, v);
        if (ok) {
          next_nows(c, &tk, NULL);
          if (tk.type != KN_TK_RPAREN) ok = fail(c, "')' expected in a math expression");
        }
      }
      c->depth--;
      return ok;
    }
    case KN_TK_EOF: return fail(c, "math function not closed");
    default:
      return fail(c, "value expected in a math function at '%.*s'",
                  (int)(tk.end - tk.start), tk.start);
  }
  if (tk.too_long) return fail(c, "number too long in a math function");
  return 1;
}

static int product(C *c, V *v) {
  if (!value(c, v)) return 0;
  for (;;) {
    kn_css_lexer save = *c->lx;
    kn_css_token tk;
    V r;
    next_nows(c, &tk, NULL);
    if (tk.type != KN_TK_DELIM || (tk.delim != '*' && tk.delim != '/')) {
      *c->lx = save;
      return 1;
    }
    if (!value(c, &r)) return 0;
    if (tk.delim == '*') {
      if (v->type == KN_CALC_PERCENTAGE && r.type == KN_CALC_PERCENTAGE)
        return fail(c, "percentage * percentage has no type a number or percentage takes");
      v->x *= r.x;
      if (r.type == KN_CALC_PERCENTAGE) v->type = KN_CALC_PERCENTAGE;
    } else {
      if (r.type != KN_CALC_NUMBER) return fail(c, "division by a percentage");
      v->x /= r.x;
    }
  }
}

static int sum(C *c, V *v) {
  if (!product(c, v)) return 0;
  for (;;) {
    kn_css_lexer save = *c->lx;
    kn_css_token tk, after;
    int ws;
    V r;
    next_nows(c, &tk, &ws);
    if (tk.type != KN_TK_DELIM || (tk.delim != '+' && tk.delim != '-')) {
      *c->lx = save;
      return 1;
    }
    {
      kn_css_lexer at = *c->lx;
      next(c, &after);
      *c->lx = at;
    }
    if (!ws || after.type != KN_TK_WS)
      return fail(c, "'%c' in a math function needs whitespace on both sides", tk.delim);
    if (!product(c, &r)) return 0;
    if (r.type != v->type)
      return fail(c, "%s %c %s: a number and a percentage do not add", type_name(v->type),
                  tk.delim, type_name(r.type));
    v->x = tk.delim == '+' ? v->x + r.x : v->x - r.x;
  }
}

/* min / max of a and b, NaN if either is (CSS Values 4). */
static double pick(double a, double b, int want_max) {
  if (isnan(a) || isnan(b)) return (double)NAN;
  return want_max ? (b > a ? b : a) : (b < a ? b : a);
}

static int function(C *c, const kn_css_token *fn, V *v) {
  int want_max = kn_css_name_is(fn, "max"), is_clamp = kn_css_name_is(fn, "clamp");
  int is_calc = kn_css_name_is(fn, "calc"), n = 0;
  V args[3];
  if (kn_css_needs_document(fn) != NULL) return fail(c, "%s", kn_css_needs_document(fn));
  if (!kn_css_is_math(fn))
    return fail(c, "%.*s() in a math function: only calc(), min(), max() and clamp() are "
                   "known", (int)fn->len, fn->name);
  for (;;) {
    kn_css_token tk;
    V a;
    if (!sum(c, &a)) return 0;
    if (n > 0 && a.type != v->type)
      return fail(c, "%.*s() mixes a number and a percentage", (int)fn->len, fn->name);
    if (is_clamp && n < 3) args[n] = a;
    if (n == 0) *v = a;
    else if (!is_clamp) v->x = pick(v->x, a.x, want_max);
    n++;
    next_nows(c, &tk, NULL);
    if (tk.type == KN_TK_RPAREN) break;
    if (tk.type != KN_TK_COMMA || is_calc || (is_clamp && n == 3))
      return fail(c, "%s expected in %.*s()",
                  tk.type == KN_TK_EOF || is_calc || n == 3 ? "')'" : "')' or ','",
                  (int)fn->len, fn->name);
  }
  if (is_clamp) {
    if (n != 3) return fail(c, "clamp() takes 3 arguments, got %d", n);
    v->x = pick(args[0].x, pick(args[1].x, args[2].x, 0), 1);
  }
  return 1;
}

int kn_css_math(kn_css_lexer *lx, const kn_css_token *fn, double *value_out, int *type,
                char *err, size_t errcap) {
  C c;
  V v;
  c.lx = lx; c.err = err; c.errcap = errcap; c.depth = 1;
  if (!function(&c, fn, &v)) return 0;
  *value_out = v.x;
  *type = v.type;
  return 1;
}
