/*
** spring_easing.c -- a spring's exact motion as an easing (spring_easing.h).
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "kmath.h"
#include "names.h"
#include "spring_easing.h"

#define KN_PI 3.14159265358979323846264338327950

void kn_spring_curve_init(kn_spring_curve *c, const kn_spring_model *m, double w,
                          double duration) {
  c->model = *m;
  c->w = w;
  c->duration = duration;
}

/* z(t) and z'(t) for t >= 0: Juckett's coefficients applied to (1, -w). */
static void curve_state(const kn_spring_curve *c, double t, double *z, double *dz) {
  kn_spring_coefs k;
  kn_spring_coefs_compute(&c->model, t, &k);
  *z = k.pos_pos - k.pos_vel * c->w;
  *dz = k.vel_pos - k.vel_vel * c->w;
}

double kn_spring_curve_eval(const kn_spring_curve *c, double p) {
  double z, dz;
  if (p < 0.0) return c->w * c->duration * p;
  curve_state(c, p * c->duration, &z, &dz);
  return 1.0 - z;
}

double kn_spring_curve_slope(const kn_spring_curve *c, double p) {
  double z, dz;
  if (p < 0.0) return c->w * c->duration;
  curve_state(c, p * c->duration, &z, &dz);
  return -dz * c->duration;
}

/* E'' = -D^2 z'' with z'' = -w0^2 z - 2a z' (the equation of motion). */
double kn_spring_curve_curvature(const kn_spring_curve *c, double p) {
  double z, dz, D = c->duration;
  if (p < 0.0) return 0.0;
  curve_state(c, p * D, &z, &dz);
  return (c->model.omega2 * z + 2.0 * c->model.decay * dz) * D * D;
}

/* The first zero t > t0 of f(t) = e^{-at} [A C(t) + B S(t)], with
   A = f(0) and B = f'(0) + a f(0), or HUGE_VAL, when d <= 0, given A and
   Bb = B / beta (d < 0) or B (d = 0) up to one common positive factor:
     d < 0 (beta^2 = -d): A cos(beta t) + Bb sin(beta t)
                          = R cos(beta t - phi), phi = atan2(Bb, A),
                          zero at beta t = phi + pi/2 + j pi;
     d = 0:               A + B t, zero at t = -A / B. */
static double next_zero_osc(const kn_spring_model *m, double A, double Bb, double t0) {
  double d = m->disc, t = HUGE_VAL;
  if (A == 0.0 && Bb == 0.0) return HUGE_VAL;     /* f == 0: no sign change */
  if (d < 0.0) {
    double beta = sqrt(-d), phi = atan2(Bb, A), base = phi + KN_PI / 2.0;
    double j = ceil((beta * t0 - base) / KN_PI);
    if (!isfinite(j)) return HUGE_VAL;
    t = (base + j * KN_PI) / beta;
    if (t <= t0) t = (base + (j + 1.0) * KN_PI) / beta;   /* j rounded low */
    /* zeros closer together than the doubles near t0: the next double */
    return t > t0 ? t : nextafter(t0, HUGE_VAL);
  }
  if (Bb != 0.0) t = -A / Bb;
  return t > t0 ? t : HUGE_VAL;
}

/* d > 0: z = S e^{r1 t} + F e^{r2 t} with the slow root r1 = -w0^2 / (a + g)
   and the fast one r2 = -(a + g) (g^2 = d), each computed without
   cancellation; (D - r2) z = (r1 - r2) S e^{r1 t} and (D - r1) z likewise,
   so with S0 = z'(0) - r2 z(0) and F0 = z'(0) - r1 z(0) -- each the one
   mode alone, again without the cancellation of f'(0) + a f(0) -- the
   k-th derivative is
     z^(k) = [r1^k S0 e^{r1 t} - r2^k F0 e^{r2 t}] / (r1 - r2),
   zero where e^{(r1 - r2) t} = (r2 / r1)^k F0 / S0: at
   t = (k ln(r2 / r1) + ln(F0 / S0)) / (2 g), when that ratio exceeds 1.
   A spring without stiffness (r1 = 0) has no zero for k >= 1. */
static double next_zero_over(const kn_spring_model *m, double w, int k, double t0) {
  double g = sqrt(m->disc), r2 = -(m->decay + g), r1 = -m->omega2 / (m->decay + g);
  double S0 = -w - r2, F0 = -w - r1, t;
  if (r1 == 0.0 || F0 == 0.0 || S0 == 0.0 || (F0 < 0.0) != (S0 < 0.0)) return HUGE_VAL;
  /* logarithms apart: r2 / r1 alone can overflow (k = 1e-279, c = 5e25) */
  t = ((double)k * (log(-r2) - log(-r1)) + (log(fabs(F0)) - log(fabs(S0)))) / (2.0 * g);
  return t > t0 ? t : HUGE_VAL;
}

/* d <= 0: the derivatives in units of sc = max(w0, |w|), g_k = z^(k)(0) / sc^k,
   so that none overflows (|g_k| <= 3^k, as a <= w0 here):
     g0 = 1, g1 = -w / sc, g_{k+2} = -(w0 / sc)^2 g_k - 2 (a / sc) g_{k+1}.
   For f = z^(k), A = sc^k g_k and B = sc^k (sc g_{k+1} + a g_k): the
   common sc^k drops out of the zeros. */
static double next_zero_damped(const kn_spring_curve *c, int order, double t0) {
  double a = c->model.decay, w0 = sqrt(c->model.omega2), w = c->w;
  double sc = w0 > fabs(w) ? w0 : fabs(w), r = w0 / sc, za = a / sc;
  double g1 = -w / sc, g2 = -r * r - 2.0 * za * g1, g3 = -r * r * g1 - 2.0 * za * g2;
  double f0 = order == 1 ? g1 : g2, f1 = order == 1 ? g2 : g3;
  if (sc == 0.0) return HUGE_VAL;                  /* at rest */
  if (c->model.disc < 0.0)
    return next_zero_osc(&c->model, f0, (f1 + za * f0) * (sc / sqrt(-c->model.disc)), t0);
  return next_zero_osc(&c->model, f0, sc * (f1 + za * f0), t0);
}

double kn_spring_curve_next_zero(const kn_spring_curve *c, int order, double p0) {
  double D = c->duration, t0 = p0 > 0.0 ? p0 * D : 0.0, p;
  double t = c->model.disc > 0.0 ? next_zero_over(&c->model, c->w, order, t0)
                                 : next_zero_damped(c, order, t0);
  p = t / D;
  if (p <= p0) p = nextafter(p0, HUGE_VAL);
  return p;
}

/* The p in [lo, hi] where E'(p) = s, given that E' - s changes sign there
   and E' is monotone: the bracket shrinks by the sign of E' - s at every
   step, a Newton step on E' is taken only where it lands inside the
   bracket and moves less than half the step before it (Numerical
   Recipes' rtsafe), else the bracket is halved -- so it converges even
   where E'' is inaccurate (a strongly overdamped curve computes it as the
   difference of two nearly equal terms). */
static double slope_root(const kn_spring_curve *c, double s, double lo, double hi) {
  double flo = kn_spring_curve_slope(c, lo) - s, p = 0.5 * (lo + hi), step = hi - lo;
  int i;
  for (i = 0; i < 200 && lo < p && p < hi; i++) {
    double f = kn_spring_curve_slope(c, p) - s, q;
    if (f == 0.0) return p;
    if ((f < 0.0) == (flo < 0.0)) { lo = p; flo = f; } else hi = p;
    q = p - f / kn_spring_curve_curvature(c, p);
    if (q > lo && q < hi && fabs(q - p) < 0.5 * step) {
      step = fabs(q - p);
      p = q;
    } else {
      step = 0.5 * (hi - lo);
      p = lo + step;
    }
    if (hi - lo < 1e-15 * (1.0 + fabs(p))) break;
  }
  return p;
}

double kn_spring_curve_chord_error(const kn_spring_curve *c, double a, double b, double limit) {
  double Ea = kn_spring_curve_eval(c, a), Eb = kn_spring_curve_eval(c, b);
  double s = (Eb - Ea) / (b - a), worst = 0.0, lo = a;
  while (lo < b) {
    double hi = kn_spring_curve_next_zero(c, 2, lo), flo, fhi, e;
    if (hi > b) hi = b;
    flo = kn_spring_curve_slope(c, lo) - s;
    fhi = kn_spring_curve_slope(c, hi) - s;
    e = fabs(kn_spring_curve_eval(c, hi) - (Ea + s * (hi - a)));
    if (e > worst) worst = e;
    if ((flo < 0.0) != (fhi < 0.0)) {
      double p = slope_root(c, s, lo, hi);
      e = fabs(kn_spring_curve_eval(c, p) - (Ea + s * (p - a)));
      if (e > worst) worst = e;
    }
    if (worst > limit) return worst;
    lo = hi;
  }
  return worst;
}

/* The stops lie on a decimal grid: inputs at multiples of 10^-d, outputs
   rounded to 10^-d, with d the number of decimals of max_error plus two,
   so that the CSS text stays short.  Rounding moves each end of a chord by
   at most 10^-d / 2, and the chord between the rounded ends by no more
   (it is their convex combination): the exact chord is held within
   max_error less that, less 1e-12 for the rounding of linear()'s own
   evaluation, (p - in_a/100) / ((in_b - in_a)/100).

   From grid index a, the farthest index b whose chord passes: bisection
   on the grid, every candidate checked, so the bound holds whatever the
   shape; where the chord error grows with b (it does but near a zero of
   E'') this is the farthest such b. */
static double farthest(const kn_spring_curve *c, double a, double steps, double tol) {
  double lo = a, hi = steps;
  if (kn_spring_curve_chord_error(c, a / steps, 1.0, tol) <= tol) return steps;
  while (hi - lo > 1.0) {
    double m = floor(0.5 * (lo + hi));
    if (kn_spring_curve_chord_error(c, a / steps, m / steps, tol) <= tol) lo = m; else hi = m;
  }
  return lo;          /* a itself: not even one grid step stays within tol */
}

double kn_spring_curve_size(const kn_spring_curve *c) {
  double w0 = sqrt(c->model.omega2), a = c->model.decay, w = fabs(c->w), t;
  if (w0 > 0.0) return 1.0 + kn_hypot(1.0, w / w0);
  t = a > 0.0 ? 0.5 / a : c->duration;
  if (t > c->duration) t = c->duration;
  return 2.0 + w * t;
}

size_t kn_spring_curve_fit(const kn_spring_curve *c, double max_error, double *pts,
                           size_t cap) {
  int d = 2;
  double steps, half, tol, a = 0.0, b;
  size_t n = 0;
  while (d < 12 && 0.5 * kn_pow(10.0, -(d - 2)) > max_error) d++;
  steps = kn_pow(10.0, d);
  half = 0.5 / steps;
  /* the roundings of E, the chord and linear()'s evaluation: a few ulps of
     the curve's size */
  tol = max_error - half - (1e-12 + 16.0 * DBL_EPSILON * kn_spring_curve_size(c));
  if (!(tol > 0.0)) return 0;
  for (;;) {
    if (n < cap) {
      pts[2 * n] = a / kn_pow(10.0, d - 2);                                   /* percent */
      pts[2 * n + 1] = nearbyint(kn_spring_curve_eval(c, a / steps) * steps) / steps;
    }
    n++;
    if (a >= steps || n > KN_SPRING_FIT_MAX) return n;
    b = farthest(c, a, steps, tol);
    if (b <= a) return KN_SPRING_FIT_MAX + 1;
    a = b;
  }
}

/* ---- checks --------------------------------------------------------------- */

int kn_spring_curve_self(const kn_spring *s, char *why, size_t cap) {
  double d;
  if (s->n != 1) {
    snprintf(why, cap, "one-component kinetic.Spring expected, got %d components", s->n);
    return KN_CURVE_BAD_SELF;
  }
  d = KN_SPRING_SLOT(s, KN_SP_TARGET)[0] - KN_SPRING_SLOT(s, KN_SP_X)[0];
  if (!(d != 0.0) || !isfinite(d)) {
    snprintf(why, cap, "a spring away from its target expected: its distance normalizes "
             "the easing");
    return KN_CURVE_BAD_SELF;
  }
  return KN_CURVE_OK;
}

int kn_spring_curve_from(const kn_spring *s, double D, int given, kn_spring_curve *c,
                         char *why, size_t cap) {
  double d = KN_SPRING_SLOT(s, KN_SP_TARGET)[0] - KN_SPRING_SLOT(s, KN_SP_X)[0];
  char b[KN_NAMES_NUM_MAX];
  if (given && !(D > 0)) {
    snprintf(why, cap, "duration > 0 expected, got %s", kn_names_num(b, D));
    return KN_CURVE_BAD_DURATION;
  }
  if (!given) {
    D = kn_spring_settle_time(s, s->rest_delta * s->scale);
    if (!(D > 0) || !isfinite(D)) {
      snprintf(why, cap, "duration expected: this spring never settles within its rest "
               "threshold");
      return KN_CURVE_NO_DURATION;
    }
  }
  if (!isfinite(KN_SPRING_SLOT(s, KN_SP_V)[0] / d)) {
    snprintf(why, cap, "its velocity over its distance to the target overflows");
    return KN_CURVE_BAD_SELF;
  }
  kn_spring_curve_init(c, &s->model, KN_SPRING_SLOT(s, KN_SP_V)[0] / d, D);
  return KN_CURVE_OK;
}

int kn_spring_fit_tol(double max_error, char *why, size_t cap) {
  char b[KN_NAMES_NUM_MAX];
  if (max_error >= 1e-7) return 1;
  snprintf(why, cap, "max_error >= 1e-7 expected, got %s", kn_names_num(b, max_error));
  return 0;
}

int kn_spring_fit_count(const kn_spring_curve *c, double max_error, size_t n, char *why,
                        size_t cap) {
  char a[KN_NAMES_NUM_MAX], b[KN_NAMES_NUM_MAX];
  if (n == 0)
    snprintf(why, cap, "max_error %s is within the rounding of a motion %s times its distance",
             kn_names_num(a, max_error), kn_names_num(b, kn_spring_curve_size(c)));
  else if (n > KN_SPRING_FIT_MAX)
    snprintf(why, cap, "a fit within %s needs more than %d stops: raise max_error or damp "
             "the spring", kn_names_num(a, max_error), KN_SPRING_FIT_MAX);
  else
    return 1;
  return 0;
}
