/*
** penner.c -- Penner's equations with the formulas of easings.net, in the
** f(t, b = 0, c = 1, d = 1) form of tween.lua for Back and Elastic so that
** their parameters keep tween.lua's meaning:
**   Back (overshoot s):  in(t) = t^2 ((s+1) t - s); inOut scales s by 1.525.
**   Elastic (amplitude A, period P): A < 1 acts as A = 1 with phase
**     s = P/4, otherwise s = P/(2 pi) asin(1/A);
**     out(t) = A 2^(-10 t) sin((t - s) 2 pi / P) + 1,
**     in(t) = -A 2^(10 (t-1)) sin((t - 1 - s) 2 pi / P).
** Every out form is 1 - in(1 - t) (easings.net), inOut joins in and out at
** t = 1/2, outIn joins out and in (tween.lua's outIn).  Expo follows
** easings.net (exact 0 and 1), not tween.lua's 0.001-corrected version.
*/
#include "fpcontract.h"
#include <math.h>
#include <stdio.h>

#include "kmath.h"
#include "penner.h"

/* 2^y as libm's pow(2, y) (kn_pow: pow(2, 2) is 4 = 2*2 exactly): the Lua
   backend calls the same pow, through math.pow or ^, for the same bits. */
static double exp2_(double y) { return kn_pow(2.0, y); }

static const double PI = 3.14159265358979323846;

static double bounce_out(double t) {
  const double n1 = 7.5625, d1 = 2.75;
  if (t < 1.0 / d1) return n1 * t * t;
  if (t < 2.0 / d1) { t -= 1.5 / d1; return n1 * t * t + 0.75; }
  if (t < 2.5 / d1) { t -= 2.25 / d1; return n1 * t * t + 0.9375; }
  t -= 2.625 / d1;
  return n1 * t * t + 0.984375;
}


static double ease_in(const kn_penner *pn, double t) {
  switch (pn->family) {
    case KN_QUAD:  return t * t;
    case KN_CUBIC: return t * t * t;
    case KN_QUART: return (t * t) * (t * t);
    case KN_QUINT: return (t * t) * (t * t) * t;
    case KN_SINE:  return 1.0 - cos(t * PI / 2.0);
    case KN_EXPO:  return t == 0.0 ? 0.0 : exp2_(10.0 * t - 10.0);
    case KN_CIRC:  return 1.0 - sqrt(1.0 - t * t);
    case KN_BACK:  return t * t * ((pn->a + 1.0) * t - pn->a);
    case KN_ELASTIC: {
      double A = pn->amp, P = pn->b, s = pn->phase;
      if (t == 0.0) return 0.0;
      if (t == 1.0) return 1.0;
      t -= 1.0;
      return -(A * exp2_(10.0 * t) * sin((t - s) * (2.0 * PI) / P));
    }
    default:       return 1.0 - bounce_out(1.0 - t);   /* KN_BOUNCE */
  }
}

static double ease_out(const kn_penner *pn, double t) {
  switch (pn->family) {
    case KN_QUAD:  { double u = 1.0 - t; return 1.0 - u * u; }
    case KN_CUBIC: { double u = 1.0 - t; return 1.0 - u * u * u; }
    case KN_QUART: { double u = 1.0 - t; return 1.0 - (u * u) * (u * u); }
    case KN_QUINT: { double u = 1.0 - t; return 1.0 - (u * u) * (u * u) * u; }
    case KN_SINE:  return sin(t * PI / 2.0);
    case KN_EXPO:  return t == 1.0 ? 1.0 : 1.0 - exp2_(-10.0 * t);
    case KN_CIRC:  { double u = t - 1.0; return sqrt(1.0 - u * u); }
    case KN_BACK:  { double u = t - 1.0; return u * u * ((pn->a + 1.0) * u + pn->a) + 1.0; }
    case KN_ELASTIC: {
      double A = pn->amp, P = pn->b, s = pn->phase;
      if (t == 0.0) return 0.0;
      if (t == 1.0) return 1.0;
      return A * exp2_(-10.0 * t) * sin((t - s) * (2.0 * PI) / P) + 1.0;
    }
    default:       return bounce_out(t);
  }
}

static double ease_inout(const kn_penner *pn, double t) {
  switch (pn->family) {
    case KN_QUAD:  if (t < 0.5) return 2.0 * t * t;
                   else { double u = -2.0 * t + 2.0; return 1.0 - u * u / 2.0; }
    case KN_CUBIC: if (t < 0.5) return 4.0 * t * t * t;
                   else { double u = -2.0 * t + 2.0; return 1.0 - u * u * u / 2.0; }
    case KN_QUART: if (t < 0.5) return 8.0 * (t * t) * (t * t);
                   else { double u = -2.0 * t + 2.0; return 1.0 - (u * u) * (u * u) / 2.0; }
    case KN_QUINT: if (t < 0.5) return 16.0 * (t * t) * (t * t) * t;
                   else { double u = -2.0 * t + 2.0; return 1.0 - (u * u) * (u * u) * u / 2.0; }
    case KN_SINE:  return -(cos(PI * t) - 1.0) / 2.0;
    case KN_EXPO:
      if (t == 0.0) return 0.0;
      if (t == 1.0) return 1.0;
      return t < 0.5 ? exp2_(20.0 * t - 10.0) / 2.0
                     : (2.0 - exp2_(-20.0 * t + 10.0)) / 2.0;
    case KN_CIRC:
      if (t < 0.5) { double u = 2.0 * t; return (1.0 - sqrt(1.0 - u * u)) / 2.0; }
      else { double u = -2.0 * t + 2.0; return (sqrt(1.0 - u * u) + 1.0) / 2.0; }
    case KN_BACK: {
      double s = pn->a * 1.525, u = 2.0 * t;
      if (u < 1.0) return 0.5 * (u * u * ((s + 1.0) * u - s));
      u -= 2.0;
      return 0.5 * (u * u * ((s + 1.0) * u + s) + 2.0);
    }
    case KN_ELASTIC: {
      double A = pn->amp, P = pn->b, s = pn->phase, u = 2.0 * t - 1.0;
      if (t == 0.0) return 0.0;
      if (t == 1.0) return 1.0;
      if (u < 0.0) return -0.5 * (A * exp2_(10.0 * u) * sin((u - s) * (2.0 * PI) / P));
      return A * exp2_(-10.0 * u) * sin((u - s) * (2.0 * PI) / P) * 0.5 + 1.0;
    }
    default:
      return t < 0.5 ? (1.0 - bounce_out(1.0 - 2.0 * t)) / 2.0
                     : (1.0 + bounce_out(2.0 * t - 1.0)) / 2.0;
  }
}

double kn_penner_eval(const kn_penner *pn, double t) {
  if (!(t > 0.0)) return 0.0;      /* also the clamp below 0 */
  if (t >= 1.0) return 1.0;
  switch (pn->mode) {
    case KN_IN:    return ease_in(pn, t);
    case KN_OUT:   return ease_out(pn, t);
    case KN_INOUT: return ease_inout(pn, t);
    default:       /* outIn: the out half, then the in half (tween.lua) */
      return t < 0.5 ? 0.5 * ease_out(pn, 2.0 * t)
                     : 0.5 + 0.5 * ease_in(pn, 2.0 * t - 1.0);
  }
}

void kn_penner_init(kn_penner *pn, int family, int mode) {
  pn->family = family;
  pn->mode = mode;
  if (family == KN_BACK) kn_penner_set(pn, KN_BACK_OVERSHOOT, 0.0);
  else if (family == KN_ELASTIC) kn_penner_set(pn, 1.0, mode == KN_INOUT ? 0.45 : 0.3);
  else kn_penner_set(pn, 0.0, 0.0);
}

/* Elastic's effective amplitude and phase s (tween.lua's calculatePAS with
   c = 1): an amplitude below 1 acts as 1 with s = P/4, else
   s = P/(2 pi) asin(1/A).  Computed here once instead of at every eval (an
   asin call per value), with the same operations, so the same bits. */
void kn_penner_set(kn_penner *pn, double a, double b) {
  pn->a = a;
  pn->b = b;
  pn->amp = a;
  pn->phase = 0.0;
  if (pn->family != KN_ELASTIC) return;
  if (a < 1.0) { pn->amp = 1.0; pn->phase = b / 4.0; }
  else pn->phase = b / (2.0 * PI) * asin(1.0 / a);
}

int kn_penner_nparams(int family) {
  return family == KN_BACK ? 1 : (family == KN_ELASTIC ? 2 : 0);
}

const char *kn_penner_family_name(int family) {
  static const char names[][8] = {
    "Quad", "Cubic", "Quart", "Quint", "Sine", "Expo", "Circ", "Back",
    "Elastic", "Bounce"
  };
  return (family >= 0 && family < KN_PENNER_FAMILIES) ? names[family] : NULL;
}

const char *kn_penner_mode_name(int mode) {
  static const char names[][6] = { "in", "out", "inOut", "outIn" };
  return (mode >= 0 && mode < KN_PENNER_MODES) ? names[mode] : NULL;
}

void kn_penner_name(const kn_penner *pn, char *buf, unsigned cap) {
  snprintf(buf, cap, "%s%s", kn_penner_mode_name(pn->mode),
           kn_penner_family_name(pn->family));
}

/* ---- monotone pieces ------------------------------------------------------ */

/* The first point after x, in (x, 1), where the in form (out = 0) or the
   out form (out = 1) changes direction; 1 when none.
     Back, in(t) = t^2 ((s+1) t - s): in' = 0 at t = 2s / (3 (s+1)); the
       out form is its mirror 1 - in(1 - t), turning at 1 - that.
     Bounce: the out form is four parabolas; it turns at each vertex
       (1.5, 2.25, 2.625)/2.75 and at each joint (1, 2, 2.5)/2.75; the in
       form mirrors them.
     Elastic, in(t) = -A 2^(10 q) sin(w (q - s)), q = t - 1, w = 2 pi / P:
       in' = 0 where 10 ln2 sin(th) + w cos(th) = 0, th = w (q - s), i.e.
       th = -atan(w / (10 ln2)) + j pi; out(t) = A 2^(-10 t) sin(w (t - s))
       + 1 turns where th = w (t - s) = atan(w / (10 ln2)) + j pi.  Both
       are the progressions c + j P/2.
   Every other family is monotone. */
static double form_next(const kn_penner *pn, int out, double s, double x) {
  double next = 1.0, c;
  switch (pn->family) {
    case KN_BACK:
      if (s + 1.0 == 0.0) return 1.0;
      c = 2.0 * s / (3.0 * (s + 1.0));
      if (out) c = 1.0 - c;
      return c > x && c < 1.0 ? c : 1.0;
    case KN_BOUNCE: {
      static const double turn[] = { 1.0, 1.5, 2.0, 2.25, 2.5, 2.625 };
      int i;
      for (i = 0; i < 6; i++) {
        c = turn[i] / 2.75;
        if (!out) c = 1.0 - c;
        if (c > x && c < next) next = c;
      }
      return next;
    }
    case KN_ELASTIC: {
      double w = 2.0 * PI / pn->b, h = pn->b / 2.0, j;
      double th = atan(w / (10.0 * 0.69314718055994530942));
      c = out ? pn->phase + th / w : 1.0 + pn->phase - th / w;
      j = floor((x - c) / h) + 1.0;
      next = c + j * h;
      if (next <= x) next = c + (j + 1.0) * h;           /* j rounded low */
      /* turns closer together than the doubles near x: the next double */
      if (!(next > x) || !isfinite(j)) next = nextafter(x, 2.0);
      return next < 1.0 ? next : 1.0;
    }
    default:
      return 1.0;
  }
}

double kn_penner_next_break(const kn_penner *pn, double t) {
  double s = pn->family == KN_BACK && pn->mode == KN_INOUT ? pn->a * 1.525 : pn->a;
  if (t < 0.0) t = 0.0;
  switch (pn->mode) {
    case KN_IN:    return form_next(pn, 0, s, t);
    case KN_OUT:   return form_next(pn, 1, s, t);
    case KN_INOUT: /* in(2t)/2, then 1/2 + out(2t - 1)/2 */
      if (t < 0.5) return form_next(pn, 0, s, 2.0 * t) / 2.0;
      return 0.5 + form_next(pn, 1, s, 2.0 * t - 1.0) / 2.0;
    default:       /* outIn: out(2t)/2, then 1/2 + in(2t - 1)/2 */
      if (t < 0.5) return form_next(pn, 1, s, 2.0 * t) / 2.0;
      return 0.5 + form_next(pn, 0, s, 2.0 * t - 1.0) / 2.0;
  }
}
