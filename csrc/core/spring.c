/*
** spring.c -- exact damped spring (analytic), Rebound's RK4 and
** react-spring's semi-implicit Euler, rest detection, settle time.
** Notation and the closed form: see spring.h.
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kmath.h"
#include "names.h"
#include "spring.h"

#define KN_PI 3.14159265358979323846264338327950

void kn_spring_model_init(kn_spring_model *m, double mass, double stiffness,
                          double damping) {
  double w0;
  m->mass = mass;
  m->stiffness = stiffness;
  m->damping = damping;
  m->decay = damping / (2 * mass);
  m->omega2 = stiffness / mass;
  w0 = sqrt(m->omega2);
  /* a^2 - w0^2 without the cancellation of squaring first */
  m->disc = (m->decay - w0) * (m->decay + w0);
}

/*
** Juckett's coefficients (Ryan Juckett, "Damped Springs", 2012) for one dt,
** in three regimes that overlap smoothly:
**  |d| t^2 <= 1: Taylor series of C = sum u^n/(2n)!, S/t = sum u^n/(2n+1)!
**      (u = d t^2), exact through critical damping and as w0 -> 0;
**  d < 0: C = cos(beta t), S = sin(beta t)/beta (under-damped);
**  d > 0: with beta = sqrt(d), the slow root rs = -(a - beta) = -w0^2/(a + beta)
**      (no cancellation) and E = e^{-2 beta t} (expm1), so that
**      e^{-at} C = e^{rs t} (1 + E)/2 and e^{-at} S = e^{rs t} (1 - E)/(2 beta):
**      no inf * 0 for huge dt or huge damping ratios (over-damped).
**  posPos = e^{-at}(C + aS), posVel = e^{-at} S, velPos = -w0^2 e^{-at} S,
**  velVel = e^{-at}(C - aS).
*/
void kn_spring_coefs_compute(const kn_spring_model *m, double dt,
                             kn_spring_coefs *out) {
  double a = m->decay, w2 = m->omega2, d = m->disc;
  double u = d * dt * dt;
  if (fabs(u) <= 1.0) {
    double c = 1, s = 1, tc = 1, ts = 1, e, ec, es;
    int k;
    for (k = 1; k <= 11; k++) {            /* 1/22! ~ 9e-22: converged */
      tc *= u / ((2.0 * k - 1) * (2.0 * k));
      ts *= u / ((2.0 * k) * (2.0 * k + 1));
      c += tc;
      s += ts;
    }
    e = exp(-a * dt);
    ec = e * c;
    es = e * s * dt;
    out->pos_pos = ec + a * es;
    out->pos_vel = es;
    out->vel_pos = -w2 * es;
    out->vel_vel = ec - a * es;
  } else if (d < 0) {
    double beta = sqrt(-d), e = exp(-a * dt), ph = beta * dt;
    double ec, es;
    if (isinf(ph)) ph = beta * fmod(dt, 2 * KN_PI / beta);   /* huge dt: no cos(inf) */
    ec = e * cos(ph); es = e * sin(ph) / beta;
    out->pos_pos = ec + a * es;
    out->pos_vel = es;
    out->vel_pos = -w2 * es;
    out->vel_vel = ec - a * es;
  } else {
    double beta = sqrt(d), apb = a + beta;
    double rs = -w2 / apb;                  /* slow root, <= 0 */
    double es0 = exp(rs * dt);
    double mm = kn_expm1(-2 * beta * dt);      /* E - 1, in [-1, 0) */
    double E = 1 + mm;
    double inv2b = 1 / (2 * beta);
    double es = es0 * (-mm) * inv2b;
    out->pos_pos = es0 * (apb + rs * E) * inv2b;     /* = e^{-at}(C + aS) */
    out->pos_vel = es;
    out->vel_pos = -w2 * es;
    out->vel_vel = es0 * (rs + apb * E) * inv2b;     /* = e^{-at}(C - aS) */
  }
}

const char *kn_spring_integrator_name(int integrator) {
  static const char names[3][9] = { "analytic", "rk4", "euler" };
  return integrator >= 0 && integrator <= KN_SPRING_EULER ? names[integrator] : NULL;
}

size_t kn_spring_size(int n) {
  return sizeof(kn_spring) + sizeof(double) * (size_t)KN_SP_SLOTS * (size_t)n;
}

/* Euclidean norm of a - b (b may be NULL), scaled against overflow; NaN
   when a component is (as fabs gives for n = 1: a NaN state is never
   "within" a threshold). */
static double norm_diff(const double *a, const double *b, int n) {
  double mx = 0, sum = 0;
  int i;
  if (n == 1) return fabs(b ? a[0] - b[0] : a[0]);
  for (i = 0; i < n; i++) {
    double z = fabs(b ? a[i] - b[i] : a[i]);
    if (z != z) return z;
    if (z > mx) mx = z;
  }
  if (mx == 0 || isinf(mx)) return mx;
  for (i = 0; i < n; i++) {
    double z = (b ? a[i] - b[i] : a[i]) / mx;
    sum += z * z;
  }
  return mx * sqrt(sum);
}

/* |x| <= DBL_MAX: 0 for an infinity or a NaN. */
static inline int in_range(double x) {
  return fabs(x) <= DBL_MAX;
}

/* Time scale that turns a speed into a distance: 1/w0, else m/c, else 1 s. */
static double time_scale(const kn_spring_model *m) {
  if (m->stiffness > 0) return 1 / sqrt(m->omega2);
  if (m->damping > 0) return m->mass / m->damping;
  return 1;
}

void kn_spring_restart(kn_spring *s) {
  int i, n = s->n;
  double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V);
  double *tg = KN_SPRING_SLOT(s, KN_SP_TARGET), *from = KN_SPRING_SLOT(s, KN_SP_FROM);
  double *y = KN_SPRING_SLOT(s, KN_SP_Y);
  double dist = norm_diff(tg, x, n), speed = norm_diff(v, NULL, n);
  double tau = time_scale(&s->model);
  double vs = speed * tau;
  s->scale = dist > vs ? dist : vs;
  s->at_rest = (dist == 0 && speed == 0);
  for (i = 0; i < n; i++) {
    from[i] = dist > 0 ? x[i] : tg[i] + v[i] * tau;   /* a kick from the target: virtual start */
    y[i] = x[i] - tg[i];
  }
}

void kn_spring_init(kn_spring *s, int n, const kn_spring_model *m, int integrator,
                    int clamp, double rest_delta, double rest_speed,
                    const double *from, const double *to, const double *velocity) {
  int i;
  s->model = *m;
  s->n = n;
  s->integrator = integrator;
  s->clamp = clamp;
  s->rest_delta = rest_delta;
  s->rest_speed = rest_speed;
  s->accum = 0;
  s->coefs_dt = -1;
  for (i = 0; i < n; i++) {
    KN_SPRING_SLOT(s, KN_SP_X)[i] = from[i];
    KN_SPRING_SLOT(s, KN_SP_V)[i] = velocity[i];
    KN_SPRING_SLOT(s, KN_SP_TARGET)[i] = to[i];
    KN_SPRING_SLOT(s, KN_SP_PREV_X)[i] = from[i];
    KN_SPRING_SLOT(s, KN_SP_PREV_V)[i] = velocity[i];
    KN_SPRING_SLOT(s, KN_SP_TEMP_X)[i] = from[i];   /* Rebound: setAtRest */
  }
  kn_spring_restart(s);
}

void kn_spring_copy(kn_spring *dst, const kn_spring *src) {
  memcpy(dst, src, kn_spring_size(src->n));
}

int kn_spring_set_target(kn_spring *s, const double *target) {
  double *tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
  int i, n = s->n;
  for (i = 0; i < n; i++) if (tg[i] != target[i]) break;
  if (i == n) return 0;          /* the same target: the motion goes on as it is */
  memcpy(tg, target, sizeof(double) * (size_t)n);
  kn_spring_restart(s);
  return 1;
}

void kn_spring_set_position(kn_spring *s, const double *x) {
  memcpy(KN_SPRING_SLOT(s, KN_SP_X), x, sizeof(double) * (size_t)s->n);
  memcpy(KN_SPRING_SLOT(s, KN_SP_TEMP_X), x, sizeof(double) * (size_t)s->n);
  kn_spring_restart(s);
}

void kn_spring_set_velocity(kn_spring *s, const double *v) {
  memcpy(KN_SPRING_SLOT(s, KN_SP_V), v, sizeof(double) * (size_t)s->n);
  kn_spring_restart(s);
}

/* The decision of norm_le(a, NULL, n, thr) for n >= 2 given s2, the sum of
   a[i]^2 in index order (update_vector gathers it in its one pass). */
static inline int sums_le(const double *a, int n, double thr, double s2) {
  double t2 = thr * thr;
  int i;
  if (thr == 0) {                /* exactly zero or not: no rounding at all */
    for (i = 0; i < n; i++) if (a[i] != 0) return 0;
    return 1;
  }
  if (s2 >= 1e-290 && s2 <= 1e290 && t2 >= 1e-290 && t2 <= 1e290) {
    double tol = (double)(n + 4) * 4.5e-16;
    if (s2 <= t2 * (1 - tol)) return 1;
    if (s2 >= t2 * (1 + tol)) return 0;
  }
  return norm_diff(a, NULL, n) <= thr;
}

/* 1 when sums_le(a, n, thr, s2) is 0 by its band test alone (the norm is
   clearly above thr), without reading a. */
static inline int sums_above(int n, double thr, double s2) {
  double t2 = thr * thr;
  return thr != 0 && s2 >= 1e-290 && s2 <= 1e290 && t2 >= 1e-290 && t2 <= 1e290 &&
         s2 >= t2 * (1 + (double)(n + 4) * 4.5e-16);
}

/* norm_diff(a, b, n) <= thr, the very same decision, cheaply: the sum of
   squares against thr^2 decides whenever both are comfortably inside the
   range of doubles and differ by more than the rounding of either side
   (a relative band of (n + 4) * 4 ulps, far wider than the error of the
   sum, of thr^2 and of norm_diff); otherwise -- huge or tiny values, or a
   norm within the band around thr -- the overflow-safe norm_diff decides. */
static int norm_le(const double *a, const double *b, int n, double thr) {
  double s2 = 0, t2 = thr * thr;
  int i;
  if (n == 1) return fabs(b ? a[0] - b[0] : a[0]) <= thr;
  if (thr == 0) {                /* exactly zero or not: no rounding at all */
    for (i = 0; i < n; i++) if ((b ? a[i] - b[i] : a[i]) != 0) return 0;
    return 1;
  }
  if (b) {
    for (i = 0; i < n; i++) { double z = a[i] - b[i]; s2 += z * z; }
  } else {
    for (i = 0; i < n; i++) s2 += a[i] * a[i];
    return sums_le(a, n, thr, s2);
  }
  if (s2 >= 1e-290 && s2 <= 1e290 && t2 >= 1e-290 && t2 <= 1e290) {
    double tol = (double)(n + 4) * 4.5e-16;
    if (s2 <= t2 * (1 - tol)) return 1;
    if (s2 >= t2 * (1 + tol)) return 0;
  }
  return norm_diff(a, b, n) <= thr;
}

int kn_spring_is_settled(const kn_spring *s) {
  int n = s->n;
  const double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V), *tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
  if (!norm_le(v, NULL, n, s->rest_speed * s->scale)) return 0;
  if (s->model.stiffness == 0) return 1;   /* coasting: stops where it is */
  if (s->integrator == KN_SPRING_ANALYTIC)
    return norm_le(KN_SPRING_SLOT(s, KN_SP_Y), NULL, n, s->rest_delta * s->scale);
  return norm_le(x, tg, n, s->rest_delta * s->scale);
}

/* Has the position passed the target, seen from where the motion started? */
static int overshooting(const kn_spring *s) {
  int i, n = s->n;
  const double *x = KN_SPRING_SLOT(s, KN_SP_X), *tg = KN_SPRING_SLOT(s, KN_SP_TARGET), *from = KN_SPRING_SLOT(s, KN_SP_FROM);
  const double *y = KN_SPRING_SLOT(s, KN_SP_Y);
  int analytic = s->integrator == KN_SPRING_ANALYTIC;
  double dot = 0;
  if (s->model.stiffness == 0) return 0;
  for (i = 0; i < n; i++) dot += (analytic ? y[i] : x[i] - tg[i]) * (tg[i] - from[i]);
  return dot > 0;
}

static void snap(kn_spring *s) {
  int i, n = s->n;
  double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V), *tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
  double *y = KN_SPRING_SLOT(s, KN_SP_Y);
  for (i = 0; i < n; i++) {
    if (s->model.stiffness > 0) x[i] = tg[i];
    else if (in_range(x[i])) tg[i] = x[i];   /* else: reset on it */
    v[i] = 0;
    y[i] = 0;
  }
  s->at_rest = 1;
}

static int finish(kn_spring *s) {
  if ((s->clamp && overshooting(s)) || kn_spring_is_settled(s)) {
    snap(s);
    return KN_SPRING_MOVED | KN_SPRING_RESTED;
  }
  return KN_SPRING_MOVED;
}

/* s->coefs for this dt: computed only when dt differs from the last one
   (a fixed frame rate computes them once). */
static inline void coefs_for(kn_spring *s, double dt) {
  if (dt != s->coefs_dt) {
    kn_spring_coefs_compute(&s->model, dt, &s->coefs);
    s->coefs_dt = dt;
  }
}

/* finish()'s decision for several components, analytic, from the sums a
   pass gathered -- the clamp dot product, the squared norms of v and y in
   index order, and nf (0, or NaN once an x or v is not finite) -- by
   sums_le, the same decision kn_spring_is_settled and overshooting make;
   then the overflow check. */
static inline int vector_finish(kn_spring *s, int n, double dot, double sv2, double sy2,
                                double nf) {
  double k = s->model.stiffness;
  int finite = nf == 0, flags = KN_SPRING_MOVED;
  if ((s->clamp && k != 0 && dot > 0) ||
      (sums_le(KN_SPRING_SLOT(s, KN_SP_V), n, s->rest_speed * s->scale, sv2) &&
       (k == 0 || sums_le(KN_SPRING_SLOT(s, KN_SP_Y), n, s->rest_delta * s->scale, sy2)))) {
    snap(s);
    flags |= KN_SPRING_RESTED;
    finite = !kn_spring_overflowed(s);
  }
  return finite ? flags : flags | KN_SPRING_OVERFLOW;
}

/* Several components, analytic, in one pass: kn_spring_coefs_apply on each
   displacement, x = target + y, and the sums vector_finish needs. */
static int update_vector(kn_spring *s, double dt) {
  int i, n = s->n;
  double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V);
  double *tg = KN_SPRING_SLOT(s, KN_SP_TARGET), *y = KN_SPRING_SLOT(s, KN_SP_Y);
  const double *from = KN_SPRING_SLOT(s, KN_SP_FROM);
  double sv2 = 0, sy2 = 0, dot = 0, nf = 0;
  kn_spring_coefs c;
  coefs_for(s, dt);
  c = s->coefs;                  /* a local copy: no reload after each store */
  for (i = 0; i < n; i++) {
    double y0 = y[i], v0 = v[i], t = tg[i];
    double yi = c.pos_pos * y0 + c.pos_vel * v0, vi = c.vel_pos * y0 + c.vel_vel * v0;
    double xi = t + yi;
    y[i] = yi; v[i] = vi; x[i] = xi;
    dot += yi * (t - from[i]);
    sv2 += vi * vi;
    sy2 += yi * yi;
    nf += xi * 0.0 + vi * 0.0;   /* 0, or NaN once an x or v is not finite */
  }
  return vector_finish(s, n, dot, sv2, sy2, nf);
}

#if defined(__SSE2__) && (defined(__x86_64__) || defined(_M_X64))
#include <emmintrin.h>
#define KN_SPRING_VEC2 1
/* vector_finish for n = 2 after update_vec2's stores, the clamp dot product,
   |y|^2 and the finiteness sum taken from them (the loop's operations, lane
   0 then lane 1).  Out of line: the usual frame never comes here. */
__attribute__((noinline)) static int vec2_finish(kn_spring *s, double sv2) {
  const double *y = s->data + 2 * KN_SP_Y, *tg = s->data + 2 * KN_SP_TARGET;
  const double *x = s->data + 2 * KN_SP_X, *v = s->data + 2 * KN_SP_V;
  const double *from = s->data + 2 * KN_SP_FROM;
  double dot = y[0] * (tg[0] - from[0]) + y[1] * (tg[1] - from[1]);
  double nf = (x[0] * 0.0 + v[0] * 0.0) + (x[1] * 0.0 + v[1] * 0.0);
  return vector_finish(s, 2, dot, sv2, y[0] * y[0] + y[1] * y[1], nf);
}

/* update_vector for n = 2 with both components in one SSE2 register (part
   of every x86-64 CPU): each lane does the loop's IEEE operations, and the
   sums add lane 0 then lane 1 -- what the loop's 0 + a + b gives (0 + a is
   a but for the sign of a zero, which no test looks at) -- so the result is
   the loop's, bit for bit.  The rare decisions (rest, clamp, overflow) are
   out of line. */
static inline int update_vec2(kn_spring *s, double dt) {
  double *x = s->data + 2 * KN_SP_X, *v = s->data + 2 * KN_SP_V;   /* n = 2 */
  double *tg = s->data + 2 * KN_SP_TARGET, *y = s->data + 2 * KN_SP_Y;
  __m128d y0, v0, yi, vi, xi, sv, nf, zero = _mm_setzero_pd();
  double sv2, thr;
  coefs_for(s, dt);
  y0 = _mm_loadu_pd(y);
  v0 = _mm_loadu_pd(v);
  yi = _mm_add_pd(_mm_mul_pd(_mm_set1_pd(s->coefs.pos_pos), y0),
                  _mm_mul_pd(_mm_set1_pd(s->coefs.pos_vel), v0));
  vi = _mm_add_pd(_mm_mul_pd(_mm_set1_pd(s->coefs.vel_pos), y0),
                  _mm_mul_pd(_mm_set1_pd(s->coefs.vel_vel), v0));
  xi = _mm_add_pd(_mm_loadu_pd(tg), yi);
  _mm_storeu_pd(y, yi);
  _mm_storeu_pd(v, vi);
  _mm_storeu_pd(x, xi);
  sv = _mm_mul_pd(vi, vi);
  sv2 = _mm_cvtsd_f64(sv) + _mm_cvtsd_f64(_mm_unpackhi_pd(sv, sv));
  nf = _mm_add_pd(_mm_mul_pd(xi, zero), _mm_mul_pd(vi, zero));   /* 0, or NaN */
  /* the usual frame -- no clamp, x and v finite, |v| clearly above its
     threshold (for a threshold of 0: v not 0) -- ends here, where
     vector_finish would find the spring moving */
  thr = s->rest_speed * s->scale;
  if (!s->clamp && _mm_movemask_pd(_mm_cmpord_pd(nf, nf)) == 3 &&
      (thr == 0 ? _mm_movemask_pd(_mm_cmpneq_pd(vi, zero)) != 0 : sums_above(2, thr, sv2)))
    return KN_SPRING_MOVED;
  return vec2_finish(s, sv2);
}
#endif

/* The analytic step of a spring of n >= 2 components. */
static inline int update_components(kn_spring *s, double dt) {
#ifdef KN_SPRING_VEC2
  if (s->n == 2) return update_vec2(s, dt);
#endif
  return update_vector(s, dt);
}

/* The common case -- one component, analytic -- as update_vector for
   n = 1, with finish()'s rest test written out (|v|, |y| against the
   thresholds: norm_le's n = 1 case), the same operations in the same
   order as spring_group.c's per-spring step. */
static inline int update_scalar(kn_spring *s, double dt) {
  double *d = s->data;           /* n = 1: slot k at d[k] */
  double t = d[KN_SP_TARGET], y0, v0, y, x, v, k = s->model.stiffness;
  coefs_for(s, dt);
  y0 = d[KN_SP_Y];
  v0 = d[KN_SP_V];
  y = s->coefs.pos_pos * y0 + s->coefs.pos_vel * v0;
  v = s->coefs.vel_pos * y0 + s->coefs.vel_vel * v0;
  x = t + y;
  if ((s->clamp && k != 0 && y * (t - d[KN_SP_FROM]) > 0) ||
      (fabs(v) <= s->rest_speed * s->scale &&
       (k == 0 || fabs(y) <= s->rest_delta * s->scale))) {
    if (k > 0) x = t; else if (in_range(x)) d[KN_SP_TARGET] = x;
    s->at_rest = 1;
    d[KN_SP_X] = x;
    d[KN_SP_V] = 0;
    d[KN_SP_Y] = 0;
    return in_range(x) ? KN_SPRING_MOVED | KN_SPRING_RESTED
           : KN_SPRING_MOVED | KN_SPRING_RESTED | KN_SPRING_OVERFLOW;
  }
  d[KN_SP_X] = x;
  d[KN_SP_V] = v;
  d[KN_SP_Y] = y;
  if (!(in_range(x) && in_range(v)))
    return KN_SPRING_MOVED | KN_SPRING_OVERFLOW;
  return KN_SPRING_MOVED;
}

/* One of Rebound's 1 ms substeps for one component (k, c per unit mass),
   its operations in its order -- shared by step_rk4 and the stability test
   of kn_spring_step_check. */
static inline void rebound_substep(double k, double c, double end, double *pos_,
                                   double *vel_, double *tpos_) {
  const double h = KN_SPRING_SUBSTEP;
  double pos = *pos_, vel = *vel_, tpos = *tpos_, tvel;
  double av, aa, bv, ba, cv, ca, dv, da, dxdt, dvdt;
  av = vel;
  aa = k * (end - tpos) - c * vel;
  tpos = pos + av * h * 0.5;
  tvel = vel + aa * h * 0.5;
  bv = tvel;
  ba = k * (end - tpos) - c * tvel;
  tpos = pos + bv * h * 0.5;
  tvel = vel + ba * h * 0.5;
  cv = tvel;
  ca = k * (end - tpos) - c * tvel;
  tpos = pos + cv * h;
  tvel = vel + ca * h;
  dv = tvel;
  da = k * (end - tpos) - c * tvel;
  dxdt = 1.0 / 6.0 * (av + 2.0 * (bv + cv) + dv);
  dvdt = 1.0 / 6.0 * (aa + 2.0 * (ba + ca) + da);
  *pos_ = pos + dxdt * h;
  *vel_ = vel + dvdt * h;
  *tpos_ = tpos;
}

/* step_rk4 for one component, the state in registers (the substep is
   inline): the same substeps, the same rest test after each --
   kn_spring_is_settled for n = 1: |v| <= rest_speed scale, then k = 0 or
   |x - target| <= rest_delta scale -- and the same interpolation, so the
   same doubles, stored once at the end. */
static int step_rk4_1(kn_spring *s, double dt) {
  const double h = KN_SPRING_SUBSTEP;
  const double k = s->model.omega2, c = 2 * s->model.decay;
  const double rs = s->rest_speed * s->scale, rd = s->rest_delta * s->scale;
  const int coasting = s->model.stiffness == 0;
  double *d = s->data;           /* n = 1: slot k at d[k] */
  double x = d[KN_SP_X], v = d[KN_SP_V], tx = d[KN_SP_TEMP_X], t = d[KN_SP_TARGET];
  double px = d[KN_SP_PREV_X], pv = d[KN_SP_PREV_V], acc = s->accum + dt;
  int rested = 0;
  while (acc >= h) {
    acc -= h;
    if (acc < h) { px = x; pv = v; }
    rebound_substep(k, c, t, &x, &v, &tx);
    if (fabs(v) <= rs && (coasting || fabs(x - t) <= rd)) { acc = 0; rested = 1; break; }
  }
  if (!rested && acc > 0) {
    double alpha = acc / h;
    x = x * alpha + px * (1 - alpha);
    v = v * alpha + pv * (1 - alpha);
  }
  d[KN_SP_X] = x; d[KN_SP_V] = v; d[KN_SP_TEMP_X] = tx;
  d[KN_SP_PREV_X] = px; d[KN_SP_PREV_V] = pv;
  s->accum = acc;
  return rested;
}

/* What the fixed-step integrators (Rebound's RK4, semi-implicit Euler)
   work on.  Their accelerations come from the rates per unit mass, k/m and
   c/m (= 2a): the same doubles as (k y - c v) / m for m = 1 (Rebound has
   no mass), and no force underflowing into subnormals for a tiny mass. */
typedef struct stepped {
  double k, c;              /* k/m and c/m */
  int n;                    /* components */
  double *x, *v, *tg;       /* the position, velocity and target slots */
} stepped;

static stepped stepped_of(kn_spring *s) {
  stepped st;
  st.k = s->model.omega2;
  st.c = 2 * s->model.decay;
  st.n = s->n;
  st.x = KN_SPRING_SLOT(s, KN_SP_X);
  st.v = KN_SPRING_SLOT(s, KN_SP_V);
  st.tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
  return st;
}

/* Rebound's Spring.advance, substep for substep (its order of operations,
   its quirk of starting each substep's first stage from the previous
   substep's last trial position, the previous state recorded before the
   last full substep and the linear interpolation of the leftover written
   back as the state).  Returns 1 when it came to rest between substeps. */
static int step_rk4(kn_spring *s, double dt) {
  const double h = KN_SPRING_SUBSTEP;
  const stepped st = stepped_of(s);
  double *x = st.x, *v = st.v;
  double *px = KN_SPRING_SLOT(s, KN_SP_PREV_X), *pv = KN_SPRING_SLOT(s, KN_SP_PREV_V);
  double *tx = KN_SPRING_SLOT(s, KN_SP_TEMP_X);
  int i;
  s->accum += dt;
  while (s->accum >= h) {
    int last;
    s->accum -= h;
    last = s->accum < h;
    for (i = 0; i < st.n; i++) {
      if (last) { px[i] = x[i]; pv[i] = v[i]; }
      rebound_substep(st.k, st.c, st.tg[i], &x[i], &v[i], &tx[i]);
    }
    if (kn_spring_is_settled(s)) { s->accum = 0; return 1; }
  }
  if (s->accum > 0) {
    double alpha = s->accum / h;
    for (i = 0; i < st.n; i++) {
      x[i] = x[i] * alpha + px[i] * (1 - alpha);
      v[i] = v[i] * alpha + pv[i] * (1 - alpha);
    }
  }
  return 0;
}

/* Semi-implicit (symplectic) Euler as react-spring: v += a h, then x += v h,
   with 1 ms substeps and one shorter substep for the remainder (so the
   time integrated is exactly dt).  Returns 1 when it came to rest. */
static int step_euler(kn_spring *s, double dt) {
  const double h = KN_SPRING_SUBSTEP;
  const stepped st = stepped_of(s);
  double *x = st.x, *v = st.v;
  double full = floor(dt / h), rem = dt - full * h, j;
  int i;
  if (rem < 0) rem = 0;
  for (j = 0; j <= full; j++) {
    double hh = j < full ? h : rem;
    if (hh <= 0) break;
    for (i = 0; i < st.n; i++) {
      double acc = -st.k * (x[i] - st.tg[i]) - st.c * v[i];
      v[i] += acc * hh;
      x[i] += v[i] * hh;
    }
    if (kn_spring_is_settled(s)) return 1;
  }
  return 0;
}

/* Rebound's substep is linear in (y, v, ty) = (x, v, trial x) - target:
   its matrix M, column by column from the substep itself, and Jury's test
   that every root of det(zI - M) = z^3 + b z^2 + c z + d lies inside the
   circle |z| < R (the roots of p(R z) / R^3 inside the unit circle):
   p(1) > 0, -p(-1) > 0, |d| < 1, 1 - d^2 > |c - b d|. */
static int rebound_contracts(const kn_spring_model *m, double R) {
  double M[3][3], b, c, d;
  int j;
  for (j = 0; j < 3; j++) {
    double st[3] = { 0, 0, 0 };
    st[j] = 1;
    rebound_substep(m->omega2, 2 * m->decay, 0, &st[0], &st[1], &st[2]);
    M[0][j] = st[0]; M[1][j] = st[1]; M[2][j] = st[2];
  }
  b = -(M[0][0] + M[1][1] + M[2][2]);
  c = (M[0][0] * M[1][1] - M[0][1] * M[1][0]) + (M[0][0] * M[2][2] - M[0][2] * M[2][0]) +
      (M[1][1] * M[2][2] - M[1][2] * M[2][1]);
  d = -(M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) -
        M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
        M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]));
  b /= R; c /= R * R; d /= R * R * R;
  return 1 + b + c + d > 0 && 1 - b + c - d > 0 && fabs(d) < 1 && 1 - d * d > fabs(c - b * d);
}

double kn_spring_fastest_rate(const kn_spring_model *m) {
  double rate = m->decay + sqrt(fabs(m->disc)), w0 = sqrt(m->omega2);
  return w0 > rate ? w0 : rate;
}

int kn_spring_step_check(const kn_spring_model *m, int integrator) {
  const double h = KN_SPRING_SUBSTEP;
  double A;
  int ok;
  if (integrator == KN_SPRING_ANALYTIC) return KN_STEP_STABLE;
  if (!(kn_spring_fastest_rate(m) * h <= 1.8)) return KN_STEP_TOO_FAST;
  if (integrator == KN_SPRING_RK4) {
    ok = rebound_contracts(m, 1 + 1e-6);
  } else {
    A = m->decay * h;
    ok = A <= 0.9 && sqrt(m->omega2) * h <= 1.8 * sqrt(1 - A);
  }
  return ok ? KN_STEP_STABLE : KN_STEP_GROWS;
}

int kn_spring_dt_check(const kn_spring *s, double dt, char *why, size_t cap) {
  char a[KN_NAMES_NUM_MAX], b[KN_NAMES_NUM_MAX];
  if (s->integrator == KN_SPRING_ANALYTIC || !(dt > KN_SPRING_STEPPED_DT_MAX)) return 1;
  snprintf(why, cap, "at most %s seconds expected with integrator '%s' (1 ms substeps), got %s",
           kn_names_num(a, KN_SPRING_STEPPED_DT_MAX), kn_spring_integrator_name(s->integrator),
           kn_names_num(b, dt));
  return 0;
}

int kn_spring_step_why(const kn_spring_model *m, int integrator, char *why, size_t cap) {
  char a[KN_NAMES_NUM_MAX], b[KN_NAMES_NUM_MAX];
  switch (kn_spring_step_check(m, integrator)) {
  case KN_STEP_STABLE:
    return 1;
  case KN_STEP_TOO_FAST:
    snprintf(why, cap, "field 'integrator': '%s' is unstable for this spring at its fixed 1 ms "
             "step (rate %s/s, at most 1800): use 'analytic'",
             kn_spring_integrator_name(integrator), kn_names_num(a, kn_spring_fastest_rate(m)));
    return 0;
  default:
    if (integrator == KN_SPRING_RK4)
      snprintf(why, cap, "field 'integrator': 'rk4' is unstable for this spring at its fixed "
               "1 ms step (Rebound's substep lets the motion grow by more than 0.1%% a "
               "second): use 'analytic'");
    else
      snprintf(why, cap, "field 'integrator': 'euler' is unstable for this spring at its fixed "
               "1 ms step (c/2m = %s/s, w0 = %s/s; semi-implicit Euler needs c/2m <= 900/s "
               "and w0 <= 1800/s * sqrt(1 - c/2m * 1 ms)): use 'analytic'",
               kn_names_num(a, m->decay), kn_names_num(b, sqrt(m->omega2)));
    return 0;
  }
}

const char *kn_spring_model_error(const kn_spring_model *m) {
  if (isfinite(m->decay) && isfinite(m->omega2) && isfinite(m->disc)) return NULL;
  return "parameters out of range (stiffness/mass or damping/mass overflows)";
}

int kn_spring_overflowed(const kn_spring *s) {
  int i, n = s->n;
  const double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V);
  for (i = 0; i < n; i++)
    if (!(in_range(x[i]) && in_range(v[i])))
      return 1;
  return 0;
}

void kn_spring_reset_on_target(kn_spring *s) {
  int i, n = s->n;
  double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V);
  memcpy(x, KN_SPRING_SLOT(s, KN_SP_TARGET), sizeof(double) * (size_t)n);
  memcpy(KN_SPRING_SLOT(s, KN_SP_TEMP_X), x, sizeof(double) * (size_t)n);
  for (i = 0; i < n; i++) v[i] = 0;
  s->accum = 0;
  kn_spring_restart(s);
}

int kn_spring_update(kn_spring *s, double dt) {
  int flags;
  if (s->at_rest) return 0;
  switch (s->integrator) {
    case KN_SPRING_RK4:
      if (s->n == 1 ? step_rk4_1(s, dt) : step_rk4(s, dt)) {
        snap(s);
        flags = KN_SPRING_MOVED | KN_SPRING_RESTED;
        goto done;
      }
      break;
    case KN_SPRING_EULER:
      if (step_euler(s, dt)) { snap(s); flags = KN_SPRING_MOVED | KN_SPRING_RESTED; goto done; }
      break;
    default:
      return s->n == 1 ? update_scalar(s, dt) : update_components(s, dt);
  }
  flags = finish(s);
done:
  if (kn_spring_overflowed(s)) flags |= KN_SPRING_OVERFLOW;
  return flags;
}

double kn_spring_step(kn_spring *s, double dt) {
  int flags;
  if (s->at_rest) return s->data[KN_SP_X];
  if (s->integrator != KN_SPRING_ANALYTIC) flags = kn_spring_update(s, dt);
  else if (s->n == 1) flags = update_scalar(s, dt);
  else flags = update_components(s, dt);
  if (flags & KN_SPRING_OVERFLOW) {
    kn_spring_reset_on_target(s);
    return (double)NAN;
  }
  return s->data[KN_SP_X];
}

/* ---- settle time ---------------------------------------------------------
** f(t) = |y(t)|^2 with y(t) = posPos(t) Y0 + posVel(t) V0, i.e. the quadratic
** form a11 p^2 + 2 a12 p q + a22 q^2 (a11 = Y0.Y0, a12 = Y0.V0, a22 = V0.V0).
** Writing y = e^{-at} C (Y0 + B tau), v = e^{-at} C (V0 - D tau) with
** tau = S/C, B = V0 + a Y0, D = a V0 + w0^2 Y0, the extrema of f (y.v = 0)
** are the roots of  -(B.D) tau^2 + (B.V0 - Y0.D) tau + Y0.V0 = 0.
** tau = tanh(beta t)/beta (d > 0), t (d = 0), tan(beta t)/beta (d < 0, two
** families of period pi/beta along which f shrinks by e^{-2 a pi/beta}).
** Between consecutive extrema f is monotone: the settle time is the root of
** f = eps^2 after the last extremum (or t = 0) where f > eps^2, found by
** bisection on the exact solution.
*/
typedef struct settle_ctx {
  const kn_spring_model *m;
  double a11, a12, a22;    /* the form of the state divided by the scale sc */
  double L, lnL;           /* eps^2 in those units, (eps/sc)^2, and its log */
} settle_ctx;

static double settle_f(const settle_ctx *q, double t) {
  kn_spring_coefs c;
  double p, r;
  kn_spring_coefs_compute(q->m, t, &c);
  p = c.pos_pos;
  r = c.pos_vel;
  return p * p * q->a11 + 2 * p * r * q->a12 + r * r * q->a22;
}

/* Real roots of A x^2 + B x + C = 0 (stable form); returns how many. */
static int quad_roots(double A, double B, double C, double r[2]) {
  double disc, q;
  if (A == 0) {
    if (B == 0) return 0;
    r[0] = -C / B;
    return 1;
  }
  disc = B * B - 4 * A * C;
  if (disc < 0) return 0;
  q = -0.5 * (B + (B >= 0 ? sqrt(disc) : -sqrt(disc)));
  if (q == 0) { r[0] = 0; return 1; }
  r[0] = q / A;
  r[1] = C / q;
  return 2;
}

static double bisect_down(const settle_ctx *q, double lo, double hi, double L) {
  int it;
  for (it = 0; it < 200; it++) {
    double mid = lo + (hi - lo) * 0.5;
    if (mid <= lo || mid >= hi) break;
    if (settle_f(q, mid) > L) lo = mid; else hi = mid;
  }
  return hi;
}

/* The scale sc = max(eps, |x_i - target_i|, |v_i|) of the problem, and,
   unless it is 0, into *q: the form of the state divided by sc (so no
   square overflows or underflows) and the level eps^2 in those units.
   Returns sc. */
static double settle_setup(const kn_spring *s, double eps, settle_ctx *q) {
  int i, n = s->n;
  const double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V);
  const double *tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
  double sc = eps;
  for (i = 0; i < n; i++) {
    if (fabs(x[i] - tg[i]) > sc) sc = fabs(x[i] - tg[i]);
    if (fabs(v[i]) > sc) sc = fabs(v[i]);
  }
  if (sc == 0) return 0;
  q->m = &s->model;
  q->a11 = q->a12 = q->a22 = 0;
  for (i = 0; i < n; i++) {
    double y = (x[i] - tg[i]) / sc, u = v[i] / sc;
    q->a11 += y * y;
    q->a12 += y * u;
    q->a22 += u * u;
  }
  q->L = (eps / sc) * (eps / sc);
  q->lnL = 2 * (log(eps) - log(sc));
  return sc;
}

/* The springs whose answer needs no search: without stiffness the motion
   tends to a limit, which must lie within eps (else never; and without
   damping either it never moves on: now or never); without damping the
   amplitude is constant (now or never).  Returns 1 with the answer in *t,
   or 0 where the search decides (a damped coasting spring ending inside). */
static int settle_direct(const settle_ctx *q, double *t) {
  const kn_spring_model *m = q->m;
  double a = m->decay, w2 = m->omega2;
  if (m->stiffness == 0) {
    double lim;
    if (m->damping == 0) {
      *t = (q->a22 == 0 && q->a11 <= q->L) ? 0 : HUGE_VAL;
      return 1;
    }
    lim = q->a11 + q->a12 / a + q->a22 / (4 * a * a);
    if (lim < q->L) return 0;
    *t = HUGE_VAL;
    return 1;
  }
  if (a == 0) {
    double b2 = q->a22 / w2, ab = q->a12 / sqrt(w2);
    double P = 0.5 * (q->a11 + b2), hd = 0.5 * (q->a11 - b2);
    *t = P + sqrt(hd * hd + ab * ab) <= q->L ? 0 : HUGE_VAL;
    return 1;
  }
  return 0;
}

/* d >= 0 (critically or over-damped): tau = tanh(beta t)/beta, so each
   positive root tau < 1/beta of the extremum equation is one extremum
   t = atanh(beta tau)/beta.  H, the last of them where f > eps^2 (0 when
   f(0) > eps^2, -1 when none), then the next extremum after it or a
   doubling bracket, where f <= eps^2: the root lies between. */
static double settle_monotone(const settle_ctx *q, const double roots[2], int nr, double H) {
  const kn_spring_model *m = q->m;
  double beta = sqrt(m->disc), E, ext[2];
  int i, nfam = 0;
  for (i = 0; i < nr; i++) {
    double tau = roots[i], z = beta * tau, t;
    if (!(tau > 0) || !(z < 1)) continue;
    t = z < 1e-4 ? tau * (1 + z * z / 3 + z * z * z * z / 5) : kn_atanh(z) / beta;
    ext[nfam++] = t;
    if (settle_f(q, t) > q->L && t > H) H = t;
  }
  if (H < 0) return 0;
  E = HUGE_VAL;
  for (i = 0; i < nfam; i++) if (ext[i] > H && ext[i] < E) E = ext[i];
  if (E == HUGE_VAL) {                 /* monotone after H: bracket */
    double hstep = 1 / (m->decay + sqrt(m->omega2));
    int it = 0;
    E = H + hstep;
    while (settle_f(q, E) > q->L) {
      if (++it > 2000 || isinf(E)) return HUGE_VAL;
      hstep *= 2;
      E = H + hstep;
    }
  }
  return bisect_down(q, H, E, q->L);
}

/* d < 0: the extrema lie in nfam families t0 + k P (P = pi/beta), along
   which f shrinks by e^{-2 a P} a period.  The last extremum above eps^2,
   from H on: in each family the last k with f(t0 + k P) > eps^2, first
   estimated from that rate, then corrected by evaluation. */
static double last_peak(const settle_ctx *q, const double *ext, int nfam, double P,
                        double H) {
  double lam = 2 * q->m->decay * P;
  int j, guard;
  for (j = 0; j < nfam; j++) {
    double t0 = ext[j], f0 = settle_f(q, t0), kk;
    if (!(f0 > q->L)) continue;
    kk = floor((log(f0) - q->lnL) / lam);   /* not log(f0 / L): L may underflow to 0 */
    if (kk < 0) kk = 0;
    for (guard = 0; guard < 64 && kk > 0 && !(settle_f(q, t0 + kk * P) > q->L); guard++) kk--;
    for (guard = 0; guard < 64 && settle_f(q, t0 + (kk + 1) * P) > q->L; guard++) kk++;
    if (t0 + kk * P > H) H = t0 + kk * P;
  }
  return H;
}

/* The first extremum of the families t0 + k P after H (HUGE_VAL if none). */
static double next_extremum(const double *ext, int nfam, double P, double H) {
  double E = HUGE_VAL;
  int j;
  for (j = 0; j < nfam; j++) {
    double kk = floor((H - ext[j]) / P) + 1, t;
    if (kk < 0) kk = 0;
    t = ext[j] + kk * P;
    while (t <= H) { kk++; t = ext[j] + kk * P; }
    while (kk > 0 && ext[j] + (kk - 1) * P > H) { kk--; t = ext[j] + kk * P; }
    if (t < E) E = t;
  }
  return E;
}

/* d < 0 (under-damped): tau = tan(beta t)/beta, so each root gives a
   family of extrema (and, when the quadratic degenerates, C = 0 at half a
   period gives one more).  The root lies between the last extremum above
   eps^2 and the next extremum. */
static double settle_oscillating(const settle_ctx *q, const double roots[2], int nr,
                                 double delta, double gamma, double H) {
  double beta = sqrt(-q->m->disc), P = KN_PI / beta, E = HUGE_VAL, ext[3];
  int i, guard, nfam = 0;
  for (i = 0; i < nr; i++) {
    double phi = atan(beta * roots[i]);
    if (phi < 0) phi += KN_PI;
    ext[nfam++] = phi / beta;
  }
  if (delta == 0 && gamma != 0) ext[nfam++] = 0.5 * P;   /* C = 0 */
  H = last_peak(q, ext, nfam, P, H);
  if (H < 0) return 0;
  if (!(H < HUGE_VAL)) return HUGE_VAL;  /* t <= H below would never end */
  if (H / P >= 4503599627370496.0) return H;   /* 2^52: a period is below an ulp of H */
  for (guard = 0; guard < 8; guard++) {
    E = next_extremum(ext, nfam, P, H);
    if (E == HUGE_VAL) return HUGE_VAL;
    if (!(settle_f(q, E) > q->L)) break;
    H = E;                               /* rounding: step one further */
  }
  return bisect_down(q, H, E, q->L);
}

int kn_spring_settle_eps(const kn_spring *s, double eps, char *why, size_t cap) {
  const double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V),
               *tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
  char a[KN_NAMES_NUM_MAX], b[KN_NAMES_NUM_MAX];
  double size = 0;
  int i;
  if (!(eps > 0)) {
    snprintf(why, cap, "positive number expected, got %s", kn_names_num(a, eps));
    return 0;
  }
  if (s->at_rest) return 1;
  for (i = 0; i < s->n; i++) {
    if (fabs(x[i] - tg[i]) > size) size = fabs(x[i] - tg[i]);
    if (fabs(v[i]) > size) size = fabs(v[i]);
  }
  if (!(eps < size * 1e-150)) return 1;
  snprintf(why, cap, "epsilon of at least 1e-150 times the distance (%s) expected, got %s",
           kn_names_num(a, size), kn_names_num(b, eps));
  return 0;
}

double kn_spring_settle_time(const kn_spring *s, double eps) {
  const kn_spring_model *m = &s->model;
  double a = m->decay, w2 = m->omega2, alpha, gamma, delta, roots[2], H, t;
  int nr;
  settle_ctx q;
  if (s->at_rest) return 0;
  if (settle_setup(s, eps, &q) == 0) return 0;
  if (q.a11 == 0 && q.a22 == 0) return 0;
  if (settle_direct(&q, &t)) return t;
  /* the extremum equation -(B.D) tau^2 + (B.V0 - Y0.D) tau + Y0.V0 = 0 */
  alpha = q.a12;
  gamma = q.a22 - w2 * q.a11;
  delta = -(a * q.a22 + (w2 + a * a) * q.a12 + a * w2 * q.a11);
  nr = quad_roots(delta, gamma, alpha, roots);
  H = settle_f(&q, 0) > q.L ? 0 : -1;
  if (m->disc >= 0) return settle_monotone(&q, roots, nr, H);
  return settle_oscillating(&q, roots, nr, delta, gamma, H);
}

/* ---- rest of a free spring ----------------------------------------------- */

static double settle_of(const kn_spring_model *m, double y0, double v0, double eps) {
  union { kn_spring s; double room[sizeof(kn_spring) / sizeof(double) + KN_SP_SLOTS + 1]; } u;
  double zero = 0.0;
  memset(&u, 0, sizeof u);
  kn_spring_init(&u.s, 1, m, KN_SPRING_ANALYTIC, 0, 0.0, 0.0, &y0, &zero, &v0);
  return kn_spring_settle_time(&u.s, eps);
}

double kn_spring_rest_time(const kn_spring_model *m, double y0, double v0, double eps_y,
                           double eps_v) {
  double ty = settle_of(m, y0, v0, eps_y);
  double tv = settle_of(m, v0, -m->omega2 * y0 - 2.0 * m->decay * v0, eps_v);
  return ty > tv ? ty : tv;
}
