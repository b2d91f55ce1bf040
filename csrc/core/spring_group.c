/*
** spring_group.c -- many scalar springs, one model, shared coefficients.
** Every step below mirrors spring.c for n = 1 (kn_spring_restart,
** step_analytic, finish: clamp / rest test / snap), so that a group gives
** the very same doubles as `count` separate kn_springs.
*/
#include "fpcontract.h"
#include <math.h>
#include <string.h>

#include "spring_group.h"

size_t kn_spring_group_size(int count) {
  return sizeof(kn_spring_group) +
         sizeof(double) * (size_t)KN_SG_SLOTS * KN_SG_STRIDE(count);
}

static int best_path(void);

/* Time scale that turns a speed into a distance (spring.c: time_scale). */
static double time_scale(const kn_spring_model *m) {
  if (m->stiffness > 0) return 1 / sqrt(m->omega2);
  if (m->damping > 0) return m->mass / m->damping;
  return 1;
}

/* What a restart reads and updates: the arrays, and the group's count of
   moving springs and reach kept in locals while a run of springs restarts
   (through g, each store to an array would make the compiler reload them). */
typedef struct restart_state {
  double *restrict x, *restrict v, *restrict tg, *restrict from;
  double *restrict scale, *restrict rest, *restrict y;
  double tau, grow;             /* time_scale(&g->model); max(1, 1/tau) */
  double reach;
  int moving;
  int restarted;                /* some spring restarted: g->quiet no longer holds */
} restart_state;

static void restart_begin(kn_spring_group *g, restart_state *s) {
  s->x = KN_SG_SLOT(g, KN_SG_X); s->v = KN_SG_SLOT(g, KN_SG_V);
  s->tg = KN_SG_SLOT(g, KN_SG_TARGET); s->from = KN_SG_SLOT(g, KN_SG_FROM);
  s->scale = KN_SG_SLOT(g, KN_SG_SCALE); s->rest = KN_SG_SLOT(g, KN_SG_REST);
  s->y = KN_SG_SLOT(g, KN_SG_Y);
  s->tau = time_scale(&g->model);
  s->grow = s->tau < 1 ? 1 / s->tau : 1;
  s->reach = g->reach;
  s->moving = g->moving;
  s->restarted = 0;
}

static void restart_end(kn_spring_group *g, const restart_state *s) {
  g->reach = s->reach;
  g->moving = s->moving;
  if (s->restarted && g->quiet != 0) {
    /* a quiet time cut short: wait some updates before working out the
       next one, the longer the less the last ones were used (a group
       whose targets change every frame would pay for the scan on every
       update and never use it) */
    g->backoff = g->skipped >= 4 ? 8 : g->backoff < 128 ? 2 * g->backoff : 256;
    g->recheck = g->backoff;
    g->quiet = 0;
  }
}

/* kn_spring_restart for spring i. */
static void restart_one(restart_state *s, int i) {
  double dist = fabs(s->tg[i] - s->x[i]), speed = fabs(s->v[i]);
  double vs = speed * s->tau, r;
  int was = s->rest[i] != 0.0, now;
  s->scale[i] = dist > vs ? dist : vs;
  now = (dist == 0 && speed == 0);
  s->rest[i] = now ? 1.0 : 0.0;
  s->from[i] = dist > 0 ? s->x[i] : s->tg[i] + s->v[i] * s->tau;
  s->y[i] = s->x[i] - s->tg[i];
  s->moving += was - now;
  s->restarted = 1;
  r = fabs(s->tg[i]) + 2 * s->scale[i] * s->grow;     /* spring_group.h */
  if (isnan(r)) r = HUGE_VAL;                          /* and it stays: reach only grows */
  if (r > s->reach) s->reach = r;
}

static int retarget_vector(restart_state *s, int simd, const double *targets, int first, int n);

static void restart(kn_spring_group *g, int i) {
  restart_state s;
  restart_begin(g, &s);
  restart_one(&s, i);
  restart_end(g, &s);
}

void kn_spring_group_init(kn_spring_group *g, int count, const kn_spring_model *m,
                          int clamp, double rest_delta, double rest_speed,
                          const double *from, const double *to,
                          const double *velocity) {
  int i;
  g->model = *m;
  g->count = count;
  g->clamp = clamp;
  g->rest_delta = rest_delta;
  g->rest_speed = rest_speed;
  g->coefs_dt = -1;
  g->reach = 0;
  g->moving = 0;
  g->quiet = 0;
  g->recheck = 0;
  g->backoff = 8;
  g->skipped = 0;
  g->simd = best_path();
  for (i = 0; i < count; i++) {
    KN_SG_SLOT(g, KN_SG_X)[i] = from[i];
    KN_SG_SLOT(g, KN_SG_V)[i] = velocity[i];
    KN_SG_SLOT(g, KN_SG_TARGET)[i] = to[i];
    KN_SG_SLOT(g, KN_SG_REST)[i] = 1.0;   /* counted as resting until restart */
  }
  {
    restart_state s;
    restart_begin(g, &s);
    for (i = 0; i < count; i++) restart_one(&s, i);
    restart_end(g, &s);
  }
}

void kn_spring_group_set(kn_spring_group *g, int i, double x) {
  KN_SG_SLOT(g, KN_SG_X)[i] = x;
  restart(g, i);
}

void kn_spring_group_set_velocity(kn_spring_group *g, int i, double v) {
  KN_SG_SLOT(g, KN_SG_V)[i] = v;
  restart(g, i);
}

void kn_spring_group_set_state(kn_spring_group *g, int i, double x, double v) {
  KN_SG_SLOT(g, KN_SG_X)[i] = x;
  KN_SG_SLOT(g, KN_SG_V)[i] = v;
  restart(g, i);
}

/* As kn_spring_set_target: an unchanged target changes nothing. */
void kn_spring_group_set_target(kn_spring_group *g, int i, double target) {
  double *tg = KN_SG_SLOT(g, KN_SG_TARGET);
  if (tg[i] == target) return;
  tg[i] = target;
  restart(g, i);
}

void kn_spring_group_set_targets_range(kn_spring_group *g, int first, int k,
                                       const double *targets) {
  restart_state s;
  int i;
  restart_begin(g, &s);
  i = retarget_vector(&s, g->simd, targets, first, first + k);
  for (; i < first + k; i++) {
    double t = targets[i - first];
    if (s.tg[i] == t) continue;
    s.tg[i] = t;
    restart_one(&s, i);
  }
  restart_end(g, &s);
}

void kn_spring_group_set_targets(kn_spring_group *g, const double *targets) {
  kn_spring_group_set_targets_range(g, 0, g->count, targets);
}

/* The per-spring step, shared by every path below: spring.c's
   update_scalar (kn_spring_coefs_apply on the displacement y, x = target +
   y, then clamp / rest test / snap) -- the same operations in the same
   order, so the same doubles. */
typedef struct group_step {
  double pp, pv, vp, vv;        /* Juckett's coefficients of this dt */
  double k, rd, rs;
  int clampk;                   /* clamp on and stiffness != 0 */
  int test;                     /* 0: no spring can come to rest (g->quiet) */
} group_step;

typedef struct group_arrays {
  double *restrict x, *restrict y, *restrict v, *restrict tg;
  const double *restrict from, *restrict scale;
  double *restrict rest;        /* 1.0 at rest, 0.0 moving */
} group_arrays;

/* The arrays of `a` as restrict locals of a step function: read through
   `a`, every one would be reloaded after each store (20 % of the AVX-512
   loop's time). */
#define GROUP_ARRAYS(a)                                                        \
  double *restrict x = (a)->x, *restrict y = (a)->y, *restrict v = (a)->v;  \
  double *restrict tg = (a)->tg, *restrict rest = (a)->rest;                 \
  const double *restrict from = (a)->from, *restrict scale = (a)->scale

static int step_range(const group_step *c, const group_arrays *a, int i, int n) {
  GROUP_ARRAYS(a);
  int moving = 0;
  for (; i < n; i++) {
    double t, y0, v0, yi, vi, xi, sc;
    if (rest[i] != 0.0) continue;
    t = tg[i];
    y0 = y[i];
    v0 = v[i];
    yi = c->pp * y0 + c->pv * v0;
    vi = c->vp * y0 + c->vv * v0;
    xi = t + yi;
    if (c->test && (sc = scale[i],
                    (c->clampk && yi * (t - from[i]) > 0) ||
                    (fabs(vi) <= c->rs * sc && (c->k == 0 || fabs(yi) <= c->rd * sc)))) {
      /* snap; without stiffness the spring stops where it is -- unless
         that is beyond the doubles: the target stays, for the reset */
      if (c->k > 0) xi = t; else if (fabs(xi) <= 1.7976931348623157e308) tg[i] = xi;
      yi = 0;
      vi = 0;
      rest[i] = 1.0;
    } else {
      moving++;
    }
    x[i] = xi; y[i] = yi; v[i] = vi;
  }
  return moving;
}

#if defined(__SSE2__) && (defined(__x86_64__) || defined(_M_X64))
#define KN_GROUP_X86 1
#include <emmintrin.h>
/*
** Two springs per SSE2 register (SSE2 is part of every x86-64 CPU).  Every
** lane does step_range's arithmetic -- the same IEEE operations in the same
** order (no fused multiply-add: the intrinsics name each operation, and
** fpcontract.h forbids contracting them) -- and the branches become masks:
** a lane at rest keeps its bits, a lane that comes to rest snaps, so the
** result is bit for bit the scalar loop's.  kn_spring_group_update runs
** the vector loops for groups with stiffness only (k > 0): a spring that
** settles snaps onto its target, and |y| counts in the rest test.
*/
static __m128d sel2(__m128d mask, __m128d a, __m128d b) {   /* mask ? a : b */
  return _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b));
}

static int step_sse2(const group_step *c, const group_arrays *a, int n, int *done) {
  const __m128d pp = _mm_set1_pd(c->pp), pv = _mm_set1_pd(c->pv);
  const __m128d vp = _mm_set1_pd(c->vp), vv = _mm_set1_pd(c->vv);
  const __m128d rs = _mm_set1_pd(c->rs), rd = _mm_set1_pd(c->rd);
  const __m128d zero = _mm_setzero_pd(), one = _mm_set1_pd(1.0);
  const __m128d absmask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
  const int clampk = c->clampk, test = c->test;
  GROUP_ARRAYS(a);
  int i, moving = 0;
  for (i = 0; i + 2 <= n; i += 2) {
    __m128d r = _mm_loadu_pd(rest + i);
    __m128d live = _mm_cmpeq_pd(r, zero);
    __m128d t, y0, v0, yi, vi, xi, sc, settle, snapm;
    int lm = _mm_movemask_pd(live), sm;
    if (lm == 0) continue;                        /* both at rest */
    t = _mm_loadu_pd(tg + i);
    y0 = _mm_loadu_pd(y + i);
    v0 = _mm_loadu_pd(v + i);
    yi = _mm_add_pd(_mm_mul_pd(pp, y0), _mm_mul_pd(pv, v0));
    vi = _mm_add_pd(_mm_mul_pd(vp, y0), _mm_mul_pd(vv, v0));
    xi = _mm_add_pd(t, yi);
    sm = 0;
    if (test) {
      sc = _mm_loadu_pd(scale + i);
      settle = _mm_cmple_pd(_mm_and_pd(vi, absmask), _mm_mul_pd(rs, sc));
      settle = _mm_and_pd(settle, _mm_cmple_pd(_mm_and_pd(yi, absmask), _mm_mul_pd(rd, sc)));
      if (clampk) {
        __m128d over = _mm_mul_pd(yi, _mm_sub_pd(t, _mm_loadu_pd(from + i)));
        settle = _mm_or_pd(settle, _mm_cmpgt_pd(over, zero));
      }
      snapm = _mm_and_pd(settle, live);
      sm = _mm_movemask_pd(snapm);
    }
    if (sm) {
      xi = sel2(snapm, t, xi);
      yi = sel2(snapm, zero, yi);
      vi = sel2(snapm, zero, vi);
      _mm_storeu_pd(rest + i, sel2(snapm, one, r));
    }
    _mm_storeu_pd(x + i, sel2(live, xi, _mm_loadu_pd(x + i)));
    _mm_storeu_pd(y + i, sel2(live, yi, y0));
    _mm_storeu_pd(v + i, sel2(live, vi, v0));
    lm &= ~sm;                                    /* still moving */
    moving += (lm & 1) + (lm >> 1);
  }
  *done = i;
  return moving;
}

/*
** The same with four springs per AVX register and eight per AVX-512
** register, on CPUs that have them (kn_spring_group_init asks the CPU once;
** the rest of the library needs nothing beyond SSE2).  AVX and AVX-512 add
** no new rounding: the same add, sub, mul and compares per lane.
*/
#if defined(__GNUC__) && !defined(__INTEL_COMPILER)
#include <cpuid.h>
#include <immintrin.h>
#define KN_GROUP_AVX 1
/* A function compiled for an ISA extension.  AVX-512F brings FMA with it:
   fpcontract.h (included first) keeps a*b + c two roundings here too. */
#define KN_TARGET(isa) __attribute__((target(isa)))

KN_TARGET("avx")
static __m256d sel4(__m256d mask, __m256d a, __m256d b) {   /* mask ? a : b */
  return _mm256_or_pd(_mm256_and_pd(mask, a), _mm256_andnot_pd(mask, b));
}

KN_TARGET("avx")
static int step_avx(const group_step *c, const group_arrays *a, int n, int *done) {
  const __m256d pp = _mm256_set1_pd(c->pp), pv = _mm256_set1_pd(c->pv);
  const __m256d vp = _mm256_set1_pd(c->vp), vv = _mm256_set1_pd(c->vv);
  const __m256d rs = _mm256_set1_pd(c->rs), rd = _mm256_set1_pd(c->rd);
  const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0);
  const __m256d absmask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
  const int clampk = c->clampk, test = c->test;
  static const signed char live_count[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };
  GROUP_ARRAYS(a);
  int i, moving = 0;
  for (i = 0; i + 4 <= n; i += 4) {
    __m256d r = _mm256_loadu_pd(rest + i);
    __m256d live = _mm256_cmp_pd(r, zero, _CMP_EQ_OQ);
    __m256d t, y0, v0, yi, vi, xi, sc, settle, snapm;
    int lm = _mm256_movemask_pd(live), sm;
    if (lm == 0) continue;                        /* all four at rest */
    t = _mm256_loadu_pd(tg + i);
    y0 = _mm256_loadu_pd(y + i);
    v0 = _mm256_loadu_pd(v + i);
    yi = _mm256_add_pd(_mm256_mul_pd(pp, y0), _mm256_mul_pd(pv, v0));
    vi = _mm256_add_pd(_mm256_mul_pd(vp, y0), _mm256_mul_pd(vv, v0));
    xi = _mm256_add_pd(t, yi);
    sm = 0;
    if (test) {
      sc = _mm256_loadu_pd(scale + i);
      settle = _mm256_cmp_pd(_mm256_and_pd(vi, absmask), _mm256_mul_pd(rs, sc), _CMP_LE_OQ);
      settle = _mm256_and_pd(settle, _mm256_cmp_pd(_mm256_and_pd(yi, absmask),
                                                   _mm256_mul_pd(rd, sc), _CMP_LE_OQ));
      if (clampk) {
        __m256d over = _mm256_mul_pd(yi, _mm256_sub_pd(t, _mm256_loadu_pd(from + i)));
        settle = _mm256_or_pd(settle, _mm256_cmp_pd(over, zero, _CMP_GT_OQ));
      }
      snapm = _mm256_and_pd(settle, live);
      sm = _mm256_movemask_pd(snapm);
    }
    if (sm) {
      xi = sel4(snapm, t, xi);
      yi = sel4(snapm, zero, yi);
      vi = sel4(snapm, zero, vi);
      _mm256_storeu_pd(rest + i, sel4(snapm, one, r));
    }
    _mm256_storeu_pd(x + i, sel4(live, xi, _mm256_loadu_pd(x + i)));
    _mm256_storeu_pd(y + i, sel4(live, yi, y0));
    _mm256_storeu_pd(v + i, sel4(live, vi, v0));
    moving += live_count[lm & ~sm];
  }
  *done = i;
  return moving;
}

KN_TARGET("avx512f")
static int step_avx512(const group_step *c, const group_arrays *a, int n, int *done) {
  const __m512d pp = _mm512_set1_pd(c->pp), pv = _mm512_set1_pd(c->pv);
  const __m512d vp = _mm512_set1_pd(c->vp), vv = _mm512_set1_pd(c->vv);
  const __m512d rs = _mm512_set1_pd(c->rs), rd = _mm512_set1_pd(c->rd);
  const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1.0);
  const int clampk = c->clampk, test = c->test;
  GROUP_ARRAYS(a);
  int i, moving = 0;
  for (i = 0; i + 8 <= n; i += 8) {
    __m512d r = _mm512_loadu_pd(rest + i);
    __mmask8 live = _mm512_cmp_pd_mask(r, zero, _CMP_EQ_OQ), settle;
    __m512d t, y0, v0, yi, vi, xi, sc;
    if (live == 0) continue;                      /* all eight at rest */
    t = _mm512_loadu_pd(tg + i);
    y0 = _mm512_loadu_pd(y + i);
    v0 = _mm512_loadu_pd(v + i);
    yi = _mm512_add_pd(_mm512_mul_pd(pp, y0), _mm512_mul_pd(pv, v0));
    vi = _mm512_add_pd(_mm512_mul_pd(vp, y0), _mm512_mul_pd(vv, v0));
    xi = _mm512_add_pd(t, yi);
    settle = 0;
    if (test) {
      sc = _mm512_loadu_pd(scale + i);
      settle = _mm512_cmp_pd_mask(_mm512_abs_pd(vi), _mm512_mul_pd(rs, sc), _CMP_LE_OQ);
      settle &= _mm512_cmp_pd_mask(_mm512_abs_pd(yi), _mm512_mul_pd(rd, sc), _CMP_LE_OQ);
      if (clampk)
        settle |= _mm512_cmp_pd_mask(_mm512_mul_pd(yi, _mm512_sub_pd(t, _mm512_loadu_pd(from + i))),
                                     zero, _CMP_GT_OQ);
      settle &= live;
    }
    if (settle) {
      xi = _mm512_mask_blend_pd(settle, xi, t);
      yi = _mm512_mask_blend_pd(settle, yi, zero);
      vi = _mm512_mask_blend_pd(settle, vi, zero);
      _mm512_storeu_pd(rest + i, _mm512_mask_blend_pd(settle, r, one));
    }
    _mm512_mask_storeu_pd(x + i, live, xi);
    _mm512_mask_storeu_pd(y + i, live, yi);
    _mm512_mask_storeu_pd(v + i, live, vi);
    live &= (__mmask8)~settle;
    moving += __builtin_popcount(live);
  }
  *done = i;
  return moving;
}

/*
** set_targets: restart_one on every spring whose target changes, eight or
** four lanes at a time -- the same IEEE operations per lane, selects for its
** branches.  `moving` counts lanes; `reach` keeps the largest r of the
** changed lanes (max is order-free: neither r nor reach is ever NaN).
** targets[i - first] is spring i's new target; springs first .. n-1, whole
** vectors only; returns where it stopped.
*/
KN_TARGET("avx512f")
static int retarget_avx512(restart_state *s, const double *targets, int first, int n) {
  const __m512d tau = _mm512_set1_pd(s->tau), grow = _mm512_set1_pd(s->grow);
  const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1.0);
  const __m512d two = _mm512_set1_pd(2.0), inf = _mm512_set1_pd(HUGE_VAL);
  double *restrict x = s->x, *restrict v = s->v, *restrict tg = s->tg;
  double *restrict from = s->from, *restrict scale = s->scale;
  double *restrict rest = s->rest, *restrict y = s->y;
  __m512d reach = _mm512_set1_pd(s->reach);
  int i;
  for (i = first; i + 8 <= n; i += 8) {
    __m512d t = _mm512_loadu_pd(targets + (i - first)), xi, vi, dist, speed, vs, sc, r;
    __mmask8 ch = _mm512_cmp_pd_mask(_mm512_loadu_pd(tg + i), t, _CMP_NEQ_UQ), now, was;
    if (ch == 0) continue;
    s->restarted = 1;
    xi = _mm512_loadu_pd(x + i);
    vi = _mm512_loadu_pd(v + i);
    dist = _mm512_abs_pd(_mm512_sub_pd(t, xi));
    speed = _mm512_abs_pd(vi);
    vs = _mm512_mul_pd(speed, tau);
    sc = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(dist, vs, _CMP_GT_OQ), vs, dist);
    now = _mm512_cmp_pd_mask(dist, zero, _CMP_EQ_OQ) & _mm512_cmp_pd_mask(speed, zero, _CMP_EQ_OQ);
    was = _mm512_cmp_pd_mask(_mm512_loadu_pd(rest + i), zero, _CMP_NEQ_UQ);
    s->moving += __builtin_popcount((unsigned)(was & ch)) - __builtin_popcount((unsigned)(now & ch));
    _mm512_mask_storeu_pd(tg + i, ch, t);
    _mm512_mask_storeu_pd(scale + i, ch, sc);
    _mm512_mask_storeu_pd(rest + i, ch, _mm512_mask_blend_pd(now, zero, one));
    _mm512_mask_storeu_pd(from + i, ch,
                          _mm512_mask_blend_pd(_mm512_cmp_pd_mask(dist, zero, _CMP_GT_OQ),
                                               _mm512_add_pd(t, _mm512_mul_pd(vi, tau)), xi));
    _mm512_mask_storeu_pd(y + i, ch, _mm512_sub_pd(xi, t));
    r = _mm512_add_pd(_mm512_abs_pd(t), _mm512_mul_pd(_mm512_mul_pd(two, sc), grow));
    r = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(r, r, _CMP_UNORD_Q), r, inf);
    reach = _mm512_mask_blend_pd(ch & _mm512_cmp_pd_mask(r, reach, _CMP_GT_OQ), reach, r);
  }
  s->reach = _mm512_reduce_max_pd(reach);
  return i;
}

KN_TARGET("avx")
static int retarget_avx(restart_state *s, const double *targets, int first, int n) {
  const __m256d tau = _mm256_set1_pd(s->tau), grow = _mm256_set1_pd(s->grow);
  const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0);
  const __m256d two = _mm256_set1_pd(2.0), inf = _mm256_set1_pd(HUGE_VAL);
  const __m256d absmask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
  static const signed char lanes[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };
  double *restrict x = s->x, *restrict v = s->v, *restrict tg = s->tg;
  double *restrict from = s->from, *restrict scale = s->scale;
  double *restrict rest = s->rest, *restrict y = s->y;
  __m256d reach = _mm256_set1_pd(s->reach);
  double top[4];
  int i, k;
  for (i = first; i + 4 <= n; i += 4) {
    __m256d t = _mm256_loadu_pd(targets + (i - first)), xi, vi, dist, speed, vs, sc, r, now, was;
    __m256d ch = _mm256_cmp_pd(_mm256_loadu_pd(tg + i), t, _CMP_NEQ_UQ);
    __m256i chi = _mm256_castpd_si256(ch);
    int cm = _mm256_movemask_pd(ch);
    if (cm == 0) continue;
    s->restarted = 1;
    xi = _mm256_loadu_pd(x + i);
    vi = _mm256_loadu_pd(v + i);
    dist = _mm256_and_pd(_mm256_sub_pd(t, xi), absmask);
    speed = _mm256_and_pd(vi, absmask);
    vs = _mm256_mul_pd(speed, tau);
    sc = sel4(_mm256_cmp_pd(dist, vs, _CMP_GT_OQ), dist, vs);
    now = _mm256_and_pd(_mm256_cmp_pd(dist, zero, _CMP_EQ_OQ), _mm256_cmp_pd(speed, zero, _CMP_EQ_OQ));
    was = _mm256_cmp_pd(_mm256_loadu_pd(rest + i), zero, _CMP_NEQ_UQ);
    s->moving += lanes[_mm256_movemask_pd(was) & cm] - lanes[_mm256_movemask_pd(now) & cm];
    _mm256_maskstore_pd(tg + i, chi, t);
    _mm256_maskstore_pd(scale + i, chi, sc);
    _mm256_maskstore_pd(rest + i, chi, _mm256_and_pd(now, one));
    _mm256_maskstore_pd(from + i, chi,
                        sel4(_mm256_cmp_pd(dist, zero, _CMP_GT_OQ), xi,
                             _mm256_add_pd(t, _mm256_mul_pd(vi, tau))));
    _mm256_maskstore_pd(y + i, chi, _mm256_sub_pd(xi, t));
    r = _mm256_add_pd(_mm256_and_pd(t, absmask), _mm256_mul_pd(_mm256_mul_pd(two, sc), grow));
    r = sel4(_mm256_cmp_pd(r, r, _CMP_UNORD_Q), inf, r);
    reach = sel4(_mm256_and_pd(ch, _mm256_cmp_pd(r, reach, _CMP_GT_OQ)), r, reach);
  }
  _mm256_storeu_pd(top, reach);
  for (k = 0; k < 4; k++) if (top[k] > s->reach) s->reach = top[k];
  return i;
}
#endif
#endif

static int retarget_vector(restart_state *s, int simd, const double *targets, int first, int n) {
  switch (simd) {
#ifdef KN_GROUP_AVX
    case KN_SG_SIMD_AVX512: return retarget_avx512(s, targets, first, n);
    case KN_SG_SIMD_AVX: return retarget_avx(s, targets, first, n);
#endif
    default: (void)s; (void)targets; (void)n; return first;
  }
}

/* The widest path this CPU and OS support: CPUID for the instruction sets,
   XGETBV for the OS saving the wider registers (YMM for AVX; opmask and
   ZMM for AVX-512).  Asked once per group (kn_spring_group_init), no state
   kept anywhere else. */
static int best_path(void) {
#if defined(KN_GROUP_AVX)
  unsigned a, b, c, d, xlo = 0, xhi = 0;
  int avx = 0, avx512 = 0;
  if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 27)) && (c & (1u << 28))) {
    __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));   /* OSXSAVE is set */
    avx = (xlo & 0x6u) == 0x6u;                           /* XMM and YMM state */
    if (avx && (xlo & 0xe0u) == 0xe0u && __get_cpuid_max(0, NULL) >= 7) {
      __cpuid_count(7, 0, a, b, c, d);
      avx512 = (b & (1u << 16)) != 0;                     /* AVX512F */
    }
  }
  (void)xhi;
  return avx512 ? KN_SG_SIMD_AVX512 : avx ? KN_SG_SIMD_AVX : KN_SG_SIMD_SSE2;
#elif defined(KN_GROUP_X86)
  return KN_SG_SIMD_SSE2;
#else
  return KN_SG_SIMD_NONE;
#endif
}

int kn_spring_group_path_for(int cap) {
  int best = best_path();
  return cap > best ? cap : best;
}

/* The quiet time: how long no moving spring can come to rest.  Per unit
   mass the energy E = v^2 + w0^2 y^2 (w0^2 = k/m) of a damped spring
   obeys dE/dt = -2 (c/m) v^2 >= -2 (c/m) E, so E(t) >= E(0) exp(-2ct/m)
   (Gronwall).  The rest test |v| <= rs S, |y| <= rd S passes only when
   E <= (rs^2 + w0^2 rd^2) S^2 = E_rest, so none passes for
   t < ln(min E / max E_rest) / (2c/m), the springs at rest left out.
   Half of that ratio is given away, far
   beyond the rounding of the steps (the exact update is a contraction in
   the energy norm: each step's rounding moves E by a few ulp).  E_rest is
   taken at least (1e-140 max(1, w0))^2: during a quiet time |v| and w0|y|
   then stay far above the subnormals, where rounding stops being
   relative.  0: no quiet time (a state or threshold out of range). */
static double quiet_time(const kn_spring_group *g) {
  const double w2 = g->model.omega2, rate = 2 * (g->model.damping / g->model.mass);
  const double per_s2 = g->rest_speed * g->rest_speed + w2 * (g->rest_delta * g->rest_delta);
  const double *y = KN_SG_SLOT(g, KN_SG_Y), *v = KN_SG_SLOT(g, KN_SG_V);
  const double *scale = KN_SG_SLOT(g, KN_SG_SCALE), *rest = KN_SG_SLOT(g, KN_SG_REST);
  double e_min = HUGE_VAL, s_max = 0, er, ratio;
  int i, bad = 0;
  /* min E / max E_rest <= every E / E_rest: no division per spring */
  for (i = 0; i < g->count; i++) {
    if (rest[i] == 0.0) {
      double e = v[i] * v[i] + w2 * (y[i] * y[i]);
      bad |= !(e <= 1.7976931348623157e308) | !(scale[i] <= 1.7976931348623157e308);
      if (e < e_min) e_min = e;
      if (scale[i] > s_max) s_max = scale[i];
    }
  }
  er = per_s2 * (s_max * s_max);
  if (!(er >= 1e-280 * (w2 > 1 ? w2 : 1))) er = 1e-280 * (w2 > 1 ? w2 : 1);
  ratio = e_min / er;
  if (bad || !(ratio > 2)) return 0;
  if (ratio > 1e200) ratio = 1e200;         /* the longest quiet time asked for */
  return rate > 0 ? log(ratio / 2) / rate : HUGE_VAL;
}

int kn_spring_group_update(kn_spring_group *g, double dt) {
  const int n = g->count;
  group_arrays a;
  group_step c;
  int i = 0, moving = 0, may_quiet;
  if (g->moving == 0) return 0;
  if (dt != g->coefs_dt) {
    kn_spring_coefs_compute(&g->model, dt, &g->coefs);
    g->coefs_dt = dt;
  }
  c.pp = g->coefs.pos_pos; c.pv = g->coefs.pos_vel;
  c.vp = g->coefs.vel_pos; c.vv = g->coefs.vel_vel;
  c.k = g->model.stiffness;
  c.rd = g->rest_delta; c.rs = g->rest_speed;
  c.clampk = g->clamp && c.k != 0;
  /* a quiet time is kept for groups with stiffness and without clamp (the
     clamp's stop is no rest test) whose states stay far from overflow */
  may_quiet = c.k > 0 && !c.clampk && !kn_spring_group_may_overflow(g);
  c.test = !(may_quiet && dt < g->quiet);
  a.x = KN_SG_SLOT(g, KN_SG_X); a.y = KN_SG_SLOT(g, KN_SG_Y);
  a.v = KN_SG_SLOT(g, KN_SG_V); a.tg = KN_SG_SLOT(g, KN_SG_TARGET);
  a.from = KN_SG_SLOT(g, KN_SG_FROM); a.scale = KN_SG_SLOT(g, KN_SG_SCALE);
  a.rest = KN_SG_SLOT(g, KN_SG_REST);
  /* a group without stiffness takes the plain loop: its snap moves a
     target only to a finite stop (step_range), and such groups are rare */
  if (g->simd != KN_SG_SIMD_NONE && c.k > 0) {
    /* springs one by one up to a 64-byte boundary of x (every slot has the
       same alignment: KN_SG_STRIDE), then whole vectors from there */
    int head = (int)((64 - (size_t)a.x % 64) % 64 / sizeof(double));
    group_arrays b = a;
    if (head > n) head = n;
    moving = step_range(&c, &a, 0, head);
    b.x += head; b.y += head; b.v += head; b.tg += head;
    b.from += head; b.scale += head; b.rest += head;
    switch (g->simd) {
#ifdef KN_GROUP_X86
#ifdef KN_GROUP_AVX
      case KN_SG_SIMD_AVX512: moving += step_avx512(&c, &b, n - head, &i); break;
      case KN_SG_SIMD_AVX: moving += step_avx(&c, &b, n - head, &i); break;
#endif
      case KN_SG_SIMD_SSE2: moving += step_sse2(&c, &b, n - head, &i); break;
#endif
      default: break;
    }
    i += head;
  }
  moving += step_range(&c, &a, i, n);
  g->moving = moving;
  if (!c.test) {
    g->quiet -= dt;                 /* the quiet time left */
    if (g->skipped < 4) g->skipped++;   /* only "4 or more" counts (restart_end) */
  } else {
    g->quiet = 0;                   /* spent, or too short for this dt */
    if (may_quiet && moving > 0) {
      if (g->recheck > 0) {
        g->recheck--;
      } else {
        g->quiet = quiet_time(g);
        g->skipped = 0;
        if (!(g->quiet > 4 * dt)) g->recheck = 16;   /* too short to pay for the scan */
      }
    }
  }
  return moving;
}

int kn_spring_group_may_overflow(const kn_spring_group *g) {
  return (g->model.stiffness == 0 && g->model.damping == 0) ||
         !(g->reach <= KN_SPRING_GROUP_REACH_MAX);
}

/* As kn_spring_reset_on_target for each spring whose x or v left the
   doubles (|.| <= DBL_MAX, without <float.h>: false for inf and NaN). */
int kn_spring_group_reset_overflowed(kn_spring_group *g) {
  restart_state s;
  int i, first = 0;
  restart_begin(g, &s);
  for (i = 0; i < g->count; i++)
    if (!(fabs(s.x[i]) <= 1.7976931348623157e308 && fabs(s.v[i]) <= 1.7976931348623157e308)) {
      s.x[i] = s.tg[i];
      s.v[i] = 0;
      restart_one(&s, i);
      if (first == 0) first = i + 1;
    }
  restart_end(g, &s);
  return first;
}

void kn_spring_group_positions(const kn_spring_group *g, double *out) {
  memcpy(out, g->data, sizeof(double) * (size_t)g->count);
}
