/*
** easing.c -- the easing tagged union: dispatch, sampling, canonical text.
*/
#include "fpcontract.h"
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "easing.h"
#include "accel.h"
#include "linearfn.h"

double kn_easing_eval(const kn_easing *e, double p, int before_flag) {
  switch (e->kind) {
    case KN_E_BEZIER:     return kn_bezier_eval(&e->u.bezier, p);
    case KN_E_STEPS:      return kn_steps_eval(&e->u.steps, p, before_flag);
    case KN_E_LINEARFN:   return kn_linearfn_eval(e->points, e->npoints, p);
    case KN_E_PENNER:     return kn_penner_eval(&e->u.penner, p);
    case KN_E_ACCEL:      return kn_accel1_eval(e->u.v0, p);
    case KN_E_ACCELDECEL: return kn_accel2_eval(e->u.v0, p);
    case KN_E_CALLBACK:   return e->u.callback.fn(e->u.callback.ctx, p);
    case KN_E_SPRING:     return kn_spring_curve_eval(&e->u.spring, p);
    default:              return p;
  }
}

double kn_easing_next_break(const kn_easing *e, double p) {
  switch (e->kind) {
    case KN_E_BEZIER:     return kn_bezier_next_break(&e->u.bezier, p);
    case KN_E_LINEARFN:   return kn_linearfn_next_break(e->points, e->npoints, p);
    case KN_E_PENNER:     return kn_penner_next_break(&e->u.penner, p);
    case KN_E_ACCEL:      return kn_accel_next_break(1, e->u.v0, p);
    case KN_E_ACCELDECEL: return kn_accel_next_break(2, e->u.v0, p);
    case KN_E_SPRING: {
      double b = kn_spring_curve_next_zero(&e->u.spring, 1, p);
      return b < 1.0 ? b : 1.0;
    }
    default:              return 1.0;
  }
}

double kn_easing_max_breaks(const kn_easing *e) {
  switch (e->kind) {
    case KN_E_PENNER:
      return e->u.penner.family == KN_ELASTIC ? 4.0 / e->u.penner.b + 16.0 : 16.0;
    case KN_E_LINEARFN:
      return (double)e->npoints + 16.0;
    case KN_E_SPRING: {
      const kn_spring_curve *c = &e->u.spring;
      if (c->model.disc >= 0.0) return 16.0;
      return 2.0 * (sqrt(-c->model.disc) * c->duration / 3.141592653589793 + 2.0) + 16.0;
    }
    default:
      return 16.0;
  }
}

void kn_easing_sample(const kn_easing *e, size_t n, double *out) {
  size_t i;
  for (i = 0; i < n; i++) out[i] = kn_easing_eval(e, (double)i / (double)n, 0);
  out[n] = kn_easing_eval(e, 1.0, 0);
}

static void clear(kn_easing *e, int kind) {
  e->kind = kind;
  e->keyword = KN_KW_NONE;
  e->npoints = 0;
  e->speclen = 0;
  memset(&e->u, 0, sizeof e->u);
}

void kn_easing_init_linear(kn_easing *e) { clear(e, KN_E_LINEAR); }

void kn_easing_init_bezier(kn_easing *e, double x1, double y1, double x2, double y2) {
  clear(e, KN_E_BEZIER);
  kn_bezier_init(&e->u.bezier, x1, y1, x2, y2);
}

void kn_easing_init_keyword(kn_easing *e, int keyword) {
  static const double cp[5][4] = {
    { 0, 0, 1, 1 }, { 0.25, 0.1, 0.25, 1 }, { 0.42, 0, 1, 1 }, { 0, 0, 0.58, 1 },
    { 0.42, 0, 0.58, 1 }
  };
  kn_easing_init_bezier(e, cp[keyword][0], cp[keyword][1], cp[keyword][2], cp[keyword][3]);
  e->keyword = keyword;
}

void kn_easing_init_steps(kn_easing *e, int n, int position) {
  clear(e, KN_E_STEPS);
  e->u.steps.n = n;
  e->u.steps.position = position;
}

void kn_easing_init_penner(kn_easing *e, int family, int mode) {
  clear(e, KN_E_PENNER);
  kn_penner_init(&e->u.penner, family, mode);
}

void kn_easing_init_accel(kn_easing *e, int kind, double v0) {
  clear(e, kind);
  e->u.v0 = v0;
}

int kn_easing_check_bezier(const double *v, int *bad, char *why, size_t cap) {
  char b[32];
  int i;
  for (i = 0; i <= 2; i += 2)
    if (v[i] < 0.0 || v[i] > 1.0) {
      kn_fmtnum(b, v[i]);
      snprintf(why, cap, "x%d in [0, 1] expected, got %s", i / 2 + 1, b);
      *bad = i;
      return 0;
    }
  for (i = 1; i <= 3; i += 2)
    if (!(fabs(v[i]) <= KN_BEZIER_YMAX)) {
      kn_fmtnum(b, v[i]);
      snprintf(why, cap, "y%d in [-1e300, 1e300] expected, got %s", i / 2 + 1, b);
      *bad = i;
      return 0;
    }
  return 1;
}

int kn_easing_check_steps(double n, int position, char *why, size_t cap) {
  char b[32];
  if (n == floor(n) && n >= (position == KN_JUMP_NONE ? 2.0 : 1.0) && n <= 2147483646.0)
    return 1;
  kn_fmtnum(b, n);
  snprintf(why, cap, "integer %s expected, got %s",
           position == KN_JUMP_NONE ? ">= 2 (jump-none)" : ">= 1", b);
  return 0;
}

int kn_easing_check_accel(double v0, char *why, size_t cap) {
  char b[32];
  if (fabs(v0) <= KN_ACCEL_V0MAX) return 1;
  kn_fmtnum(b, v0);
  snprintf(why, cap, "v0 in [-1e300, 1e300] expected, got %s", b);
  return 0;
}

void kn_easing_init_callback(kn_easing *e, kn_easing_fn fn, void *ctx) {
  clear(e, KN_E_CALLBACK);
  e->u.callback.fn = fn;
  e->u.callback.ctx = ctx;
}

void kn_easing_init_spring(kn_easing *e, const kn_spring_curve *c) {
  clear(e, KN_E_SPRING);
  e->u.spring = *c;
}

void kn_easing_init_linearfn(kn_easing *e, size_t npoints) {
  clear(e, KN_E_LINEARFN);
  e->npoints = npoints;
  kn_linearfn_normalize(e->points, npoints);
}

/* ---- text ------------------------------------------------------------- */

size_t kn_fmtnum(char *buf, double x) {
  char dp = localeconv()->decimal_point[0];
  int prec;
  char *c;
  if (x == 0.0) { strcpy(buf, signbit(x) ? "-0" : "0"); return strlen(buf); }
  for (prec = 15; prec <= 17; prec++) {
    snprintf(buf, 32, "%.*g", prec, x);
    if (strtod(buf, NULL) == x) break;
  }
  if (dp != '.') for (c = buf; *c; c++) if (*c == dp) *c = '.';
  return strlen(buf);
}

size_t kn_css_fmtnum(char *buf, double x) {
  char dp = localeconv()->decimal_point[0], *c;
  size_t n;
  if (fabs(x) >= 1e21) return kn_fmtnum(buf, x);
  snprintf(buf, 48, "%.6f", x);
  for (c = buf; *c; c++) if (*c == dp) *c = '.';
  n = strlen(buf);
  while (n > 0 && buf[n - 1] == '0') n--;
  if (n > 0 && buf[n - 1] == '.') n--;
  buf[n] = '\0';
  if (strcmp(buf, "-0") == 0) { strcpy(buf, "0"); n = 1; }
  return n;
}

void kn_text_put(kn_text *o, const char *s) {
  size_t n = strlen(s);
  if (o->len < o->cap) {
    size_t room = o->cap - o->len;
    memcpy(o->buf + o->len, s, n < room ? n : room);
  }
  o->len += n;
}

static void putnum(kn_text *o, double x) {
  char b[32];
  kn_fmtnum(b, x);
  kn_text_put(o, b);
}

size_t kn_easing_tostring(const kn_easing *e, char *buf, size_t cap) {
  static const char kw[][12] = { "", "ease", "ease-in", "ease-out", "ease-in-out" };
  kn_text o;
  o.buf = buf; o.cap = cap > 0 ? cap - 1 : 0; o.len = 0;
  switch (e->kind) {
    case KN_E_BEZIER:
      if (e->keyword != KN_KW_NONE) { kn_text_put(&o, kw[e->keyword]); break; }
      kn_text_put(&o, "cubic-bezier(");
      putnum(&o, e->u.bezier.x1); kn_text_put(&o, ", ");
      putnum(&o, e->u.bezier.y1); kn_text_put(&o, ", ");
      putnum(&o, e->u.bezier.x2); kn_text_put(&o, ", ");
      putnum(&o, e->u.bezier.y2); kn_text_put(&o, ")");
      break;
    case KN_E_STEPS: {
      char b[32];
      snprintf(b, sizeof b, "steps(%d", e->u.steps.n);
      kn_text_put(&o, b);
      if (e->u.steps.position != KN_JUMP_END && e->u.steps.position != KN_END) {
        kn_text_put(&o, ", ");
        kn_text_put(&o, kn_steps_position_name(e->u.steps.position));
      }
      kn_text_put(&o, ")");
      break;
    }
    case KN_E_LINEARFN: {
      size_t i;
      kn_text_put(&o, "linear(");
      for (i = 0; i < e->npoints; i++) {
        if (i > 0) kn_text_put(&o, ", ");
        putnum(&o, e->points[2 * i + 1]);
        kn_text_put(&o, " ");
        putnum(&o, e->points[2 * i]);
        kn_text_put(&o, "%");
      }
      kn_text_put(&o, ")");
      break;
    }
    case KN_E_PENNER: {
      const kn_penner *pn = &e->u.penner;
      char b[32];
      kn_penner_name(pn, b, sizeof b);
      kn_text_put(&o, b);
      if (pn->family == KN_BACK || pn->family == KN_ELASTIC) {
        kn_text_put(&o, "(");
        putnum(&o, pn->a);
        if (pn->family == KN_ELASTIC) { kn_text_put(&o, ", "); putnum(&o, pn->b); }
        kn_text_put(&o, ")");
      }
      break;
    }
    case KN_E_ACCEL:
    case KN_E_ACCELDECEL:
      kn_text_put(&o, e->kind == KN_E_ACCEL ? "accelerate(" : "accelerate-decelerate(");
      putnum(&o, e->u.v0);
      kn_text_put(&o, ")");
      break;
    case KN_E_CALLBACK:       /* no text reads back as a caller's function */
      kn_text_put(&o, "function");
      break;
    case KN_E_SPRING: {       /* a description; no spec string makes one */
      const kn_spring_curve *c = &e->u.spring;
      kn_text_put(&o, "spring(mass "); putnum(&o, c->model.mass);
      kn_text_put(&o, ", stiffness "); putnum(&o, c->model.stiffness);
      kn_text_put(&o, ", damping "); putnum(&o, c->model.damping);
      kn_text_put(&o, ", velocity "); putnum(&o, c->w);
      kn_text_put(&o, ", duration "); putnum(&o, c->duration); kn_text_put(&o, ")");
      break;
    }
    default:
      kn_text_put(&o, "linear");
  }
  if (cap > 0) buf[o.len < o.cap ? o.len : o.cap] = '\0';
  return o.len;
}

static void putcss(kn_text *o, double x) {
  char b[48];
  kn_css_fmtnum(b, x);
  kn_text_put(o, b);
}

void kn_easing_keep_source(kn_easing *e, size_t len) {
  e->speclen = kn_easing_css(e, NULL, 0) > 0 ? len : 0;
}

void kn_easing_store(kn_easing *o, const kn_easing *e, const char *s) {
  memcpy(o, e, kn_easing_size(e->npoints));
  if (o->speclen > 0) {
    memcpy((char *)(o->points + 2 * o->npoints), s, o->speclen);
    ((char *)(o->points + 2 * o->npoints))[o->speclen] = '\0';
  }
}

size_t kn_easing_css(const kn_easing *e, char *buf, size_t cap) {
  static const char kw[][12] = { "", "ease", "ease-in", "ease-out", "ease-in-out" };
  kn_text o;
  size_t i;
  o.buf = buf; o.cap = cap > 0 ? cap - 1 : 0; o.len = 0;
  switch (e->kind) {
    case KN_E_LINEAR: kn_text_put(&o, "linear"); break;
    case KN_E_BEZIER:
      if (e->keyword != KN_KW_NONE) { kn_text_put(&o, kw[e->keyword]); break; }
      kn_text_put(&o, "cubic-bezier(");
      putcss(&o, e->u.bezier.x1); kn_text_put(&o, ", ");
      putcss(&o, e->u.bezier.y1); kn_text_put(&o, ", ");
      putcss(&o, e->u.bezier.x2); kn_text_put(&o, ", ");
      putcss(&o, e->u.bezier.y2); kn_text_put(&o, ")");
      break;
    case KN_E_STEPS:
      kn_text_put(&o, "steps(");
      putcss(&o, (double)e->u.steps.n);
      if (e->u.steps.position != KN_JUMP_END && e->u.steps.position != KN_END) {
        kn_text_put(&o, ", ");
        kn_text_put(&o, kn_steps_position_name(e->u.steps.position));
      }
      kn_text_put(&o, ")");
      break;
    case KN_E_LINEARFN:
      kn_text_put(&o, "linear(");
      for (i = 0; i < e->npoints; i++) {
        if (i > 0) kn_text_put(&o, ", ");
        putcss(&o, e->points[2 * i + 1]);
        kn_text_put(&o, " ");
        putcss(&o, e->points[2 * i]);
        kn_text_put(&o, "%");
      }
      kn_text_put(&o, ")");
      break;
    default:
      return 0;
  }
  if (cap > 0) buf[o.len < o.cap ? o.len : o.cap] = '\0';
  return o.len;
}

int kn_easing_equal(const kn_easing *a, const kn_easing *b) {
  if (a->kind != b->kind) return 0;
  switch (a->kind) {
    case KN_E_BEZIER:
      return a->u.bezier.x1 == b->u.bezier.x1 && a->u.bezier.y1 == b->u.bezier.y1 &&
             a->u.bezier.x2 == b->u.bezier.x2 && a->u.bezier.y2 == b->u.bezier.y2;
    case KN_E_STEPS: {
      /* start == jump-start and end == jump-end in behaviour */
      int pa = a->u.steps.position, pb = b->u.steps.position;
      if (pa == KN_START) pa = KN_JUMP_START;
      if (pa == KN_END) pa = KN_JUMP_END;
      if (pb == KN_START) pb = KN_JUMP_START;
      if (pb == KN_END) pb = KN_JUMP_END;
      return a->u.steps.n == b->u.steps.n && pa == pb;
    }
    case KN_E_LINEARFN: {
      size_t i;
      if (a->npoints != b->npoints) return 0;
      for (i = 0; i < 2 * a->npoints; i++)
        if (a->points[i] != b->points[i]) return 0;
      return 1;
    }
    case KN_E_PENNER:
      return a->u.penner.family == b->u.penner.family &&
             a->u.penner.mode == b->u.penner.mode &&
             a->u.penner.a == b->u.penner.a && a->u.penner.b == b->u.penner.b;
    case KN_E_ACCEL:
    case KN_E_ACCELDECEL:
      return a->u.v0 == b->u.v0;
    case KN_E_CALLBACK:
      return a->u.callback.fn == b->u.callback.fn && a->u.callback.ctx == b->u.callback.ctx;
    case KN_E_SPRING: {
      const kn_spring_curve *p = &a->u.spring, *q = &b->u.spring;
      return p->model.mass == q->model.mass && p->model.stiffness == q->model.stiffness &&
             p->model.damping == q->model.damping && p->w == q->w &&
             p->duration == q->duration;
    }
    default:
      return 1;
  }
}
