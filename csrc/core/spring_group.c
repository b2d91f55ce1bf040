/*
** spring_group.c -- many scalar springs, one model, shared coefficients.
** Every step below mirrors spring.c for n = 1 (kn_spring_restart,
** step_analytic, finish: clamp / rest test / snap), so that a group gives
** the very same doubles as `count` separate kn_springs.
**
** The two loops over springs -- the update step (step_one) and the
** restart that set_targets runs on each spring (restart_lane) -- are each
** written once, in plain C, and compiled several times: on x86-64 once per
** instruction set through the target attribute (AVX-512F, AVX2 and the
** baseline, SSE2), the widest one the CPU runs picked at run time
** (kn_spring_group_init); everywhere as the plain loop.  A vectorizer puts
** springs side by side in the lanes of a register, but without -ffast-math
** it may not reorder, fuse or drop an operation: each lane performs the
** plain loop's IEEE operations in the plain loop's order, and fpcontract.h
** (included first: it covers every function here, those with a target
** attribute too) forbids fusing a*b + c into one FMA.  The branches are
** selects on bits (sel), which pick the very doubles the branches would.
** So every path gives the same bits.
*/
#include "fpcontract.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "spring_group.h"

/* ---- how the loops are compiled ------------------------------------------
** KN_SG_INLINE: a body inlined into every caller, so that each instance
** compiles it for its own instruction set, and constant arguments fold
** the choices that hold for a whole update away.  KN_SG_X86: x86-64 with
** a GNU C compiler (gcc, clang; Linux, macOS, mingw-w64; not the classic
** Intel compiler, whose default floating-point model reassociates), where
** the instances exist.  KN_SG_VECTORIZE: GCC runs its vectorizer at -O2
** only from GCC 12 on; the instances ask for it at any -O level above 0. */
#if defined(__GNUC__)
#define KN_SG_INLINE static inline __attribute__((always_inline))
#else
#define KN_SG_INLINE static inline
#endif

#if defined(__GNUC__) && !defined(__INTEL_COMPILER) && (defined(__x86_64__) || defined(_M_X64))
#define KN_SG_X86 1
#include <cpuid.h>
#if defined(__clang__)
#define KN_SG_VECTORIZE
#else
#define KN_SG_VECTORIZE __attribute__((optimize("tree-vectorize")))
#endif
#define KN_SG_ISA(isa) __attribute__((target(isa))) KN_SG_VECTORIZE
#endif

/* KN_SG_LANES, before a loop over the springs of one block: clang unrolls
   it whole, and its SLP vectorizer packs the copies into vectors (its loop
   vectorizer turns down the bodies here); GCC's loop vectorizer takes the
   loop as it is. */
#if defined(__clang__)
#define KN_SG_LANES _Pragma("clang loop unroll(full)")
#else
#define KN_SG_LANES
#endif

/* Springs per block of the vector loops: a multiple of every vector width
   (2, 4 or 8 doubles), and one 64-byte line of each slot (KN_SG_STRIDE). */
enum { BLOCK = 8 };

/* ---- selects --------------------------------------------------------------
** A condition as a mask -- all 64 bits set, or none -- and m ? a : b as
** the bits of a where m is set, of b elsewhere: a vectorizer makes a
** compare and an and/andnot/or (or a blend) of each, lane by lane, with no
** branch to convert and no operation skipped or moved.  (Written as ?:, a
** slot that keeps its old value where the condition fails becomes a
** conditional store, and the arithmetic feeding it conditional, which
** GCC's vectorizer turns down.)  The double picked is bit for bit the one
** the branch would give (a double and a uint64_t have the same size: the
** check below). */
typedef char kn_sg_double_is_64_bits[sizeof(double) == sizeof(uint64_t) ? 1 : -1];

KN_SG_INLINE uint64_t mask_if(int c) { return (uint64_t)0 - (uint64_t)(c != 0); }

KN_SG_INLINE double sel(uint64_t m, double a, double b) {
  uint64_t ua, ub;
  memcpy(&ua, &a, sizeof ua);
  memcpy(&ub, &b, sizeof ub);
  ua = (ua & m) | (ub & ~m);
  memcpy(&a, &ua, sizeof a);
  return a;
}

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

/* The slots of a group. */
typedef struct group_slots {
  double *x, *v, *tg, *from, *scale, *rest, *y;
} group_slots;

static void slots_of(kn_spring_group *g, group_slots *s) {
  s->x = KN_SG_SLOT(g, KN_SG_X); s->v = KN_SG_SLOT(g, KN_SG_V);
  s->tg = KN_SG_SLOT(g, KN_SG_TARGET); s->from = KN_SG_SLOT(g, KN_SG_FROM);
  s->scale = KN_SG_SLOT(g, KN_SG_SCALE); s->rest = KN_SG_SLOT(g, KN_SG_REST);
  s->y = KN_SG_SLOT(g, KN_SG_Y);
}

/* The slots as restrict parameters: declared so on the function of each
   instance (which the loops are inlined into), they tell the compiler
   that no slot overlaps another, so that a store to one reloads no other
   and a vectorizer needs no run-time overlap test.  SLOTS_AT(i): the
   same parameters from spring i on; SLOTS_OF(s): those of a group_slots. */
#define SLOT_PARAMS double *restrict x, double *restrict v, double *restrict tg, \
  double *restrict from, double *restrict scale, double *restrict rest, double *restrict y
#define SLOTS_AT(i) x + (i), v + (i), tg + (i), from + (i), scale + (i), rest + (i), y + (i)
#define SLOTS_OF(s) (s)->x, (s)->v, (s)->tg, (s)->from, (s)->scale, (s)->rest, (s)->y

/* ---- restart -------------------------------------------------------------
** What a run of restarts reads and updates besides the slots: the time
** scale, and the group's count of moving springs and reach, kept in
** locals until restart_end (through g, every store to a slot would reload
** them). */
typedef struct restart_state {
  group_slots s;
  double tau, grow;             /* time_scale(&g->model); max(1, 1/tau) */
  double reach;
  int moving;
  int restarted;                /* some spring restarted: g->quiet no longer holds */
} restart_state;

static void restart_begin(kn_spring_group *g, restart_state *s) {
  slots_of(g, &s->s);
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

/* kn_spring_restart of spring j, its target set to t, where ch is set;
   elsewhere every slot keeps its bits.  Scale S = max(|t - x|, |v| tau);
   at rest iff x = t and v = 0; `from` is x, or where the speed alone
   would carry the spring; y = x - t.  *r gets the bound |t| + 2 S
   max(1, 1/tau) on the new motion (spring_group.h: reach; NaN counts as
   +inf, so that reach, which only grows, stays comparable), or 0 where
   ch is clear (reach >= 0 already).  Returns the change of the moving
   count.  The one restart of the file: one spring at a time with ch set
   (restart_one), whole blocks of lanes for set_targets. */
KN_SG_INLINE int64_t restart_lane(SLOT_PARAMS, size_t j, double tau, double grow,
                                  double t, uint64_t ch, double *r) {
  const double xj = x[j], vj = v[j];
  const double dist = fabs(t - xj), speed = fabs(vj);
  const double vs = speed * tau;
  const double sc = sel(mask_if(dist > vs), dist, vs);
  const uint64_t was = mask_if(rest[j] != 0.0);
  const uint64_t now = mask_if(dist == 0) & mask_if(speed == 0);
  const double bound = fabs(t) + 2 * sc * grow;
  tg[j] = sel(ch, t, tg[j]);
  scale[j] = sel(ch, sc, scale[j]);
  rest[j] = sel(ch, sel(now, 1.0, 0.0), rest[j]);
  from[j] = sel(ch, sel(mask_if(dist > 0), xj, t + vj * tau), from[j]);
  y[j] = sel(ch, xj - t, y[j]);
  *r = sel(ch, sel(mask_if(bound != bound), HUGE_VAL, bound), 0.0);
  return (int64_t)(ch & ((was & 1) - (now & 1)));
}

/* restart_lane for spring i, its target as it is. */
static void restart_one(restart_state *s, int i) {
  double r;
  s->moving += (int)restart_lane(SLOTS_OF(&s->s), (size_t)i, s->tau, s->grow,
                                 s->s.tg[i], mask_if(1), &r);
  s->restarted = 1;
  if (r > s->reach) s->reach = r;
}

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

/* ---- set_targets ----------------------------------------------------------
** One block of springs to targets t[0 .. BLOCK): restart_lane on every
** lane, ch set where the target changes (a NaN target always does, as in
** kn_spring_group_set_target); `every`: the caller knows every lane to
** change.  Lane j of the accumulators, over the blocks: top[j] the largest
** r (the largest of r's that are never NaN does not depend on the order
** they come in, so reach ends as the plain loop leaves it) and dm[j] the
** change of the moving count. */
#ifdef KN_SG_X86
KN_SG_INLINE void retarget_lanes(SLOT_PARAMS, double tau, double grow,
                                 const double *restrict t, double *restrict top,
                                 int64_t *restrict dm, int every) {
  int j;
  KN_SG_LANES
  for (j = 0; j < BLOCK; j++) {
    const uint64_t ch = mask_if(every) | mask_if(!(tg[j] == t[j]));
    double r;
    dm[j] += restart_lane(SLOTS_AT(0), (size_t)j, tau, grow, t[j], ch, &r);
    top[j] = sel(mask_if(r > top[j]), r, top[j]);
  }
}

/* retarget_lanes on one block: skipped where no target changes, without
   the per-lane selects where every one does.  Returns 1 if some did. */
KN_SG_INLINE int retarget_block(SLOT_PARAMS, double tau, double grow,
                                const double *restrict t, double *restrict top,
                                int64_t *restrict dm) {
  uint64_t changed = 0;
  int j;
  KN_SG_LANES
  for (j = 0; j < BLOCK; j++) changed += mask_if(!(tg[j] == t[j])) & 1;
  if (changed == BLOCK) retarget_lanes(SLOTS_AT(0), tau, grow, t, top, dm, 1);
  else if (changed > 0) retarget_lanes(SLOTS_AT(0), tau, grow, t, top, dm, 0);
  return changed > 0;
}

/* Springs first .. n-1 to targets[i - first], whole blocks only; returns
   where it stopped.  Inlined into one function per instruction set. */
KN_SG_INLINE int retarget_blocks(restart_state *s, SLOT_PARAMS, const double *restrict targets,
                                 int first, int n) {
  const double tau = s->tau, grow = s->grow;
  double top[BLOCK];
  int64_t dm[BLOCK];
  int i, j, changed = 0;
  for (j = 0; j < BLOCK; j++) {
    top[j] = s->reach;
    dm[j] = 0;
  }
  for (i = first; i + BLOCK <= n; i += BLOCK)
    changed |= retarget_block(SLOTS_AT(i), tau, grow, targets + (i - first), top, dm);
  for (j = 0; j < BLOCK; j++) {
    if (top[j] > s->reach) s->reach = top[j];
    s->moving += (int)dm[j];
  }
  if (changed) s->restarted = 1;
  return i;
}

KN_SG_ISA("avx512f")
static int retarget_avx512(restart_state *s, SLOT_PARAMS, const double *restrict targets,
                           int first, int n) {
  return retarget_blocks(s, SLOTS_AT(0), targets, first, n);
}
KN_SG_ISA("avx2")
static int retarget_avx2(restart_state *s, SLOT_PARAMS, const double *restrict targets,
                         int first, int n) {
  return retarget_blocks(s, SLOTS_AT(0), targets, first, n);
}
KN_SG_VECTORIZE
static int retarget_sse2(restart_state *s, SLOT_PARAMS, const double *restrict targets,
                         int first, int n) {
  return retarget_blocks(s, SLOTS_AT(0), targets, first, n);
}
#endif

/* The instance of retarget_blocks for path `simd` (the plain loop,
   kn_spring_group_set_targets_range, takes the springs it leaves). */
static int retarget_vector(restart_state *s, int simd, const double *targets, int first, int n) {
  switch (simd) {
#ifdef KN_SG_X86
    case KN_SG_SIMD_AVX512: return retarget_avx512(s, SLOTS_OF(&s->s), targets, first, n);
    case KN_SG_SIMD_AVX2: return retarget_avx2(s, SLOTS_OF(&s->s), targets, first, n);
    case KN_SG_SIMD_SSE2: return retarget_sse2(s, SLOTS_OF(&s->s), targets, first, n);
#endif
    default: (void)s; (void)targets; (void)n; return first;
  }
}

void kn_spring_group_set_targets_range(kn_spring_group *g, int first, int k,
                                       const double *targets) {
  restart_state s;
  int i;
  restart_begin(g, &s);
  i = retarget_vector(&s, g->simd, targets, first, first + k);
  for (; i < first + k; i++) {
    double t = targets[i - first];
    if (s.s.tg[i] == t) continue;
    s.s.tg[i] = t;
    restart_one(&s, i);
  }
  restart_end(g, &s);
}

void kn_spring_group_set_targets(kn_spring_group *g, const double *targets) {
  kn_spring_group_set_targets_range(g, 0, g->count, targets);
}

/* ---- update --------------------------------------------------------------- */

typedef struct group_step {
  double pp, pv, vp, vv;        /* Juckett's coefficients of this dt */
  double rd, rs;                /* rest thresholds (relative to each scale) */
  int stiff;                    /* stiffness > 0 (else 0: no spring force) */
  int clamp;                    /* clamp on and stiff */
  int test;                     /* 0: no spring can come to rest (g->quiet) */
  int all;                      /* every spring is moving (g->moving == count) */
} group_step;

/* The step of spring j: spring.c's update_scalar (kn_spring_coefs_apply on
   the displacement y, x = target + y, then clamp / rest test / snap) --
   the same operations in the same order, so the same doubles -- with its
   branches as selects.  A spring at rest (rest != 0) keeps its bits: its
   lane is worked out and dropped.  A spring that comes to rest snaps: onto
   its target with stiffness; without, it stops where it is, which becomes
   its target -- unless that is beyond the doubles: the target stays, for
   the reset.  test, clamp, stiff: constants where the block loop inlines
   it; all: the caller knows every spring here to be moving.  Returns 1
   while the spring moves. */
KN_SG_INLINE uint64_t step_one(const group_step *c, SLOT_PARAMS, size_t j,
                               int test, int clamp, int stiff, int all) {
  const double r = rest[j], t = tg[j], y0 = y[j], v0 = v[j], x0 = x[j];
  const double yn = c->pp * y0 + c->pv * v0;
  const double vn = c->vp * y0 + c->vv * v0;
  const double xn = t + yn;
  const uint64_t live = mask_if(all) | mask_if(r == 0.0);
  uint64_t snap = 0;
  if (test) {
    const double sc = scale[j];
    const uint64_t slow = mask_if(fabs(vn) <= c->rs * sc);
    const uint64_t near = mask_if(!stiff) | mask_if(fabs(yn) <= c->rd * sc);
    const uint64_t over = mask_if(clamp) & mask_if(yn * (t - from[j]) > 0);
    snap = live & ((slow & near) | over);
    rest[j] = sel(snap, 1.0, all ? 0.0 : r);   /* a flag is 1.0 or +0.0 */
    if (!stiff) tg[j] = sel(snap & mask_if(fabs(xn) <= DBL_MAX), xn, t);
  }
  x[j] = sel(live, sel(mask_if(stiff) & snap, t, xn), x0);
  y[j] = sel(live, sel(snap, 0.0, yn), y0);
  v[j] = sel(live, sel(snap, 0.0, vn), v0);
  return live & ~snap & 1;
}

/* Springs i .. n-1 one after the other: the plain loop. */
KN_SG_INLINE uint64_t step_lanes(const group_step *c, SLOT_PARAMS, int i, int n,
                                 int test, int clamp, int stiff, int all) {
  uint64_t moving = 0;
  for (; i < n; i++) moving += step_one(c, SLOTS_AT(0), (size_t)i, test, clamp, stiff, all);
  return moving;
}

/* step_one on one block.  `all`: the caller knows every spring of the
   group to be moving; else a block at rest is skipped, and a block all
   moving runs without the per-lane rest flags.  With the rest test,
   moving[j] counts lane j's springs still moving; without, none comes to
   rest: returns how many of the block move. */
KN_SG_INLINE uint64_t step_block(const group_step *c, SLOT_PARAMS, uint64_t *restrict moving,
                                 int test, int clamp, int stiff, int all) {
  uint64_t live = BLOCK, m;
  int j;
  if (!all) {
    live = 0;
    KN_SG_LANES
    for (j = 0; j < BLOCK; j++) live += mask_if(rest[j] == 0.0) & 1;
  }
  if (live == BLOCK) {
    KN_SG_LANES
    for (j = 0; j < BLOCK; j++) {
      m = step_one(c, SLOTS_AT(0), (size_t)j, test, clamp, stiff, 1);
      if (test) moving[j] += m;
    }
  } else if (live > 0) {
    KN_SG_LANES
    for (j = 0; j < BLOCK; j++) {
      m = step_one(c, SLOTS_AT(0), (size_t)j, test, clamp, stiff, 0);
      if (test) moving[j] += m;
    }
  }
  return test ? 0 : live;
}

/* All n springs, the choices that hold for the whole update constants.
   Without `blocks`, the plain loop.  With, one by one up to a 64-byte
   boundary of x (every slot has the same alignment: KN_SG_STRIDE), whole
   blocks from there (moving[j]: lane j's count), the rest one by one. */
KN_SG_INLINE int step_run(const group_step *c, SLOT_PARAMS, int n, int test, int clamp,
                          int stiff, int all, int blocks) {
  uint64_t moving[BLOCK] = { 0 }, sum;
  int head = (int)((64 - (uintptr_t)x % 64) % 64 / sizeof(double)), i, j;
  if (!blocks) return (int)step_lanes(c, SLOTS_AT(0), 0, n, test, clamp, stiff, all);
  if (head > n) head = n;
  sum = step_lanes(c, SLOTS_AT(0), 0, head, test, clamp, stiff, all);
  for (i = head; i + BLOCK <= n; i += BLOCK)
    sum += step_block(c, SLOTS_AT(i), moving, test, clamp, stiff, all);
  for (j = 0; j < BLOCK; j++) sum += moving[j];
  return (int)(sum + step_lanes(c, SLOTS_AT(0), i, n, test, clamp, stiff, all));
}

/* step_run in eight copies, one for each set of the update's choices:
   rest test, stiffness, clamp, every spring moving.  Inlined into one
   function per path, with the step's constants copied there (a local
   that no slot can overlap). */
KN_SG_INLINE int step_all(const group_step *step, SLOT_PARAMS, int n, int blocks) {
  const group_step k = *step, *c = &k;
  switch ((c->all ? 4 : 0) + (!c->test ? 0 : !c->stiff ? 1 : !c->clamp ? 2 : 3)) {
    case 0: return step_run(c, SLOTS_AT(0), n, 0, 0, 1, 0, blocks);
    case 1: return step_run(c, SLOTS_AT(0), n, 1, 0, 0, 0, blocks);
    case 2: return step_run(c, SLOTS_AT(0), n, 1, 0, 1, 0, blocks);
    case 3: return step_run(c, SLOTS_AT(0), n, 1, 1, 1, 0, blocks);
    case 4: return step_run(c, SLOTS_AT(0), n, 0, 0, 1, 1, blocks);
    case 5: return step_run(c, SLOTS_AT(0), n, 1, 0, 0, 1, blocks);
    case 6: return step_run(c, SLOTS_AT(0), n, 1, 0, 1, 1, blocks);
    default: return step_run(c, SLOTS_AT(0), n, 1, 1, 1, 1, blocks);
  }
}

/* The paths: the plain loop everywhere, the blocks once per x86-64
   instruction set. */
static int step_plain(const group_step *c, SLOT_PARAMS, int n) {
  return step_all(c, SLOTS_AT(0), n, 0);
}
#ifdef KN_SG_X86
KN_SG_ISA("avx512f")
static int step_avx512(const group_step *c, SLOT_PARAMS, int n) {
  return step_all(c, SLOTS_AT(0), n, 1);
}
KN_SG_ISA("avx2")
static int step_avx2(const group_step *c, SLOT_PARAMS, int n) {
  return step_all(c, SLOTS_AT(0), n, 1);
}
KN_SG_VECTORIZE
static int step_sse2(const group_step *c, SLOT_PARAMS, int n) {
  return step_all(c, SLOTS_AT(0), n, 1);
}
#endif

/* The update loop of path `simd`. */
static int step_path(const group_step *c, const group_slots *s, int n, int simd) {
  switch (simd) {
#ifdef KN_SG_X86
    case KN_SG_SIMD_AVX512: return step_avx512(c, SLOTS_OF(s), n);
    case KN_SG_SIMD_AVX2: return step_avx2(c, SLOTS_OF(s), n);
    case KN_SG_SIMD_SSE2: return step_sse2(c, SLOTS_OF(s), n);
#endif
    default: return step_plain(c, SLOTS_OF(s), n);
  }
}

/* ---- the path ------------------------------------------------------------ */

/* The widest path this CPU and OS support: CPUID for the instruction sets
   (AVX and OSXSAVE in leaf 1, AVX2 and AVX-512F in leaf 7), XGETBV for the
   OS saving the wider registers (YMM for AVX2; opmask and ZMM too for
   AVX-512).  Asked once per group (kn_spring_group_init) and kept nowhere
   else: the compiler's __builtin_cpu_supports would link its writable CPU
   table into the library. */
static int best_path(void) {
#ifdef KN_SG_X86
  unsigned a, b, c, d, xlo = 0, xhi = 0, leaf7 = 0;
  int ymm = 0, zmm = 0;
  if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 27)) && (c & (1u << 28))) {
    __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));   /* OSXSAVE is set */
    ymm = (xlo & 0x6u) == 0x6u;                           /* XMM and YMM state */
    zmm = ymm && (xlo & 0xe0u) == 0xe0u;                  /* opmask, ZMM state */
    if (ymm && __get_cpuid_max(0, NULL) >= 7) {
      __cpuid_count(7, 0, a, b, c, d);
      leaf7 = b;
    }
  }
  (void)xhi;
  if (zmm && (leaf7 & (1u << 16))) return KN_SG_SIMD_AVX512;   /* AVX512F */
  if (ymm && (leaf7 & (1u << 5))) return KN_SG_SIMD_AVX2;       /* AVX2 */
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
      bad |= !(e <= DBL_MAX) | !(scale[i] <= DBL_MAX);
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
  group_slots s;
  group_step c;
  int moving, may_quiet;
  if (g->moving == 0) return 0;
  if (dt != g->coefs_dt) {
    kn_spring_coefs_compute(&g->model, dt, &g->coefs);
    g->coefs_dt = dt;
  }
  c.pp = g->coefs.pos_pos; c.pv = g->coefs.pos_vel;
  c.vp = g->coefs.vel_pos; c.vv = g->coefs.vel_vel;
  c.rd = g->rest_delta; c.rs = g->rest_speed;
  c.stiff = g->model.stiffness > 0;
  c.clamp = g->clamp && c.stiff;
  /* a quiet time is kept for groups with stiffness and without clamp (the
     clamp's stop is no rest test) whose states stay far from overflow */
  may_quiet = c.stiff && !c.clamp && !kn_spring_group_may_overflow(g);
  c.test = !(may_quiet && dt < g->quiet);
  c.all = g->moving == g->count;
  slots_of(g, &s);
  moving = step_path(&c, &s, g->count, g->simd);
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

/* A group coasts where its model has neither spring force nor damping
   left: no stiffness and no damping, or ratios to the mass that underflow
   to 0 (damping 1e308 on mass 1e308: decay = c / 2m is 0), and then the
   exact step is x += v dt. */
int kn_spring_group_may_overflow(const kn_spring_group *g) {
  return (g->model.omega2 == 0 && g->model.decay == 0) ||
         !(g->reach <= KN_SPRING_GROUP_REACH_MAX);
}

/* As kn_spring_reset_on_target for each spring whose x or v left the
   doubles (|.| <= DBL_MAX: false for inf and NaN). */
int kn_spring_group_reset_overflowed(kn_spring_group *g) {
  restart_state s;
  int i, first = 0;
  restart_begin(g, &s);
  for (i = 0; i < g->count; i++)
    if (!(fabs(s.s.x[i]) <= DBL_MAX && fabs(s.s.v[i]) <= DBL_MAX)) {
      s.s.x[i] = s.s.tg[i];
      s.s.v[i] = 0;
      restart_one(&s, i);
      if (first == 0) first = i + 1;
    }
  restart_end(g, &s);
  return first;
}

void kn_spring_group_positions(const kn_spring_group *g, double *out) {
  memcpy(out, g->data, sizeof(double) * (size_t)g->count);
}
