/*
** fuzz_group.c -- differential harness for kn_spring_group's update loops.
** One fuzzed parameter set, 1..40 springs with fuzzed states, targets and
** rest thresholds, clamp on or off, stiffness sometimes 0; the same group is
** stepped on every path this machine runs (the one C loop built for
** AVX-512F, AVX2, SSE2, and the plain loop: kn_spring_group.simd) and, as
** reference, as that many separate one-component kn_springs.  After every
** step (fuzzed dt, with fuzzed retargets and teleports in between; group
** sizes and the 64-byte alignment of the slots vary, so springs fall
** before, in and after the whole blocks of the vector loops) positions,
** velocities, targets, rest flags and the moving count must be the same
** bits everywhere (NaN equal to NaN: its payload is not part of the
** contract).  The model passes the binding's checks (kinetic.spring's).
*/
#include "fuzz_common.h"
#include "spring.h"
#include "spring_group.h"

enum { MAXN = 40, NPATHS = 4 };

/* Every slot of every spring, the moving count and reach: the same bits. */
static int same_state(const kn_spring_group *a, const kn_spring_group *b) {
  int slot, i;
  if (a->moving != b->moving || !fz_same(a->reach, b->reach)) return 0;
  for (slot = 0; slot < KN_SG_SLOTS; slot++)
    for (i = 0; i < a->count; i++)
      if (!fz_same(KN_SG_SLOT(a, slot)[i], KN_SG_SLOT(b, slot)[i])) return 0;
  return 1;
}

/* One fuzzed case: the same springs as a group on every path and as
   separate one-component springs. */
typedef struct {
  int n;
  double to[MAXN];
  kn_spring_model m;
  kn_spring_group *g[NPATHS];
  kn_spring *s[MAXN];
} group_case;

/* The model, the thresholds and the springs' states from the input; 0 when
   the binding would refuse the model.  Reads the bytes in a fixed order,
   which the corpus depends on. */
static int read_case(fz_in *in, group_case *c) {
  static const int caps[NPATHS] = { KN_SG_SIMD_AVX512, KN_SG_SIMD_AVX2, KN_SG_SIMD_SSE2,
                                    KN_SG_SIMD_NONE };
  int n = 1 + fz_byte(in) % MAXN, clamp = fz_byte(in) & 1, i, p;
  double mass = fz_finite(in), stiff = fabs(fz_finite(in)), damp = fabs(fz_finite(in));
  double rest_delta = fabs(fz_finite(in)), rest_speed = fabs(fz_finite(in));
  double from[MAXN], vel[MAXN];
  uint8_t knobs = fz_byte(in);
  if (knobs & 1) mass = 1;
  if (knobs & 2) stiff = 0;                          /* no spring force */
  if (fz_byte(in) & 1) { rest_delta = 1e-3; rest_speed = 1e-2; }
  if (!(mass > 0)) return 0;
  kn_spring_model_init(&c->m, mass, stiff, damp);
  if (!isfinite(c->m.decay) || !isfinite(c->m.omega2) || !isfinite(c->m.disc)) return 0;
  c->n = n;
  for (i = 0; i < n; i++) {
    uint8_t kind = fz_byte(in);
    from[i] = fz_finite(in);
    c->to[i] = kind & 1 ? from[i] : fz_finite(in);  /* some start at rest */
    vel[i] = kind & 2 ? 0 : fz_finite(in);
  }
  for (p = 0; p < NPATHS; p++) {
    c->g[p] = (kn_spring_group *)calloc(1, kn_spring_group_size(n));
    kn_spring_group_init(c->g[p], n, &c->m, clamp, rest_delta, rest_speed, from, c->to, vel);
    c->g[p]->simd = kn_spring_group_path_for(caps[p]);
  }
  for (i = 0; i < n; i++) {
    c->s[i] = (kn_spring *)calloc(1, kn_spring_size(1));
    kn_spring_init(c->s[i], 1, &c->m, KN_SPRING_ANALYTIC, clamp, rest_delta, rest_speed,
                   &from[i], &c->to[i], &vel[i]);
  }
  return 1;
}

/* An interruption before a step, op % 4: none, a new target or position
   for spring j, or new targets for all (set in two runs split at j, as the
   binding does in chunks). */
static void interrupt(fz_in *in, group_case *c, uint8_t op, int j) {
  int i, p, n = c->n;
  double x;
  switch (op % 4) {
    case 1:
      x = fz_finite(in);
      for (p = 0; p < NPATHS; p++) kn_spring_group_set_target(c->g[p], j, x);
      (void)kn_spring_set_target(c->s[j], &x);
      break;
    case 2:
      x = fz_finite(in);
      for (p = 0; p < NPATHS; p++) kn_spring_group_set(c->g[p], j, x);
      kn_spring_set_position(c->s[j], &x);
      break;
    case 3:
      for (i = 0; i < n; i++) {
        c->to[i] = op & 4 ? fz_finite(in) : c->to[i];
        /* a zero target given with the other sign: equal, so unchanged,
           and its bits must stay */
        if ((op & 8) && c->to[i] == 0) c->to[i] = -c->to[i];
      }
      for (p = 0; p < NPATHS; p++) {
        kn_spring_group_set_targets_range(c->g[p], 0, j, c->to);
        kn_spring_group_set_targets_range(c->g[p], j, n - j, c->to + j);
      }
      for (i = 0; i < n; i++) (void)kn_spring_set_target(c->s[i], &c->to[i]);
      break;
    default:
      break;
  }
}

/* Step every group and every spring dt; moving[p] gets each group's count
   and the springs' count is returned.  A group leaves the doubles only
   where kn_spring_group_may_overflow says it may (spring_group.h: reach);
   the bindings then reset its overflowed springs, as the spring binding
   does for one spring. */
static int step_all(group_case *c, double dt, int *moving) {
  int i, p, expect = 0;
  for (p = 0; p < NPATHS; p++) {
    kn_spring_group *g = c->g[p];
    moving[p] = kn_spring_group_update(g, dt);
    for (i = 0; i < c->n && !kn_spring_group_may_overflow(g); i++)
      CHECK(isfinite(KN_SG_SLOT(g, KN_SG_X)[i]) && isfinite(KN_SG_SLOT(g, KN_SG_V)[i]),
            "group left the doubles with reach %.17g: spring %d x %.17g v %.17g (k %.17g c %.17g m %.17g)",
            g->reach, i, KN_SG_SLOT(g, KN_SG_X)[i], KN_SG_SLOT(g, KN_SG_V)[i],
            c->m.stiffness, c->m.damping, c->m.mass);
    if (kn_spring_group_may_overflow(g) && kn_spring_group_reset_overflowed(g) != 0)
      moving[p] = g->moving;
  }
  for (i = 0; i < c->n; i++) {
    if (kn_spring_update(c->s[i], dt) & KN_SPRING_OVERFLOW) kn_spring_reset_on_target(c->s[i]);
    expect += !c->s[i]->at_rest;
  }
  return expect;
}

/* After step k: every path's whole state (the slots the springs do not
   show -- scale, from, y -- and reach included) is the plain C path's, and
   each group's springs are the separate springs, bit for bit. */
static void compare(const group_case *c, int k, double dt, const int *moving, int expect) {
  int i, p;
  for (p = 0; p + 1 < NPATHS; p++)
    CHECK(same_state(c->g[p], c->g[NPATHS - 1]), "path %d: state differs from the plain C "
          "loop's (step %d, reach %.17g vs %.17g)", c->g[p]->simd, k, c->g[p]->reach,
          c->g[NPATHS - 1]->reach);
  for (p = 0; p < NPATHS; p++) {
    const kn_spring_group *g = c->g[p];
    CHECK(moving[p] == expect, "path %d: %d moving, springs say %d (step %d)",
          g->simd, moving[p], expect, k);
    for (i = 0; i < c->n; i++) {
      const double *sd = c->s[i]->data;
      CHECK(fz_same(KN_SG_SLOT(g, KN_SG_X)[i], sd[KN_SP_X]) &&
            fz_same(KN_SG_SLOT(g, KN_SG_V)[i], sd[KN_SP_V]) &&
            fz_same(KN_SG_SLOT(g, KN_SG_TARGET)[i], sd[KN_SP_TARGET]) &&
            (KN_SG_SLOT(g, KN_SG_REST)[i] != 0.0) == (c->s[i]->at_rest != 0),
            "path %d, spring %d, step %d (dt %.17g): group x %.17g v %.17g target %.17g "
            "rest %d; spring x %.17g v %.17g target %.17g rest %d", g->simd, i, k, dt,
            KN_SG_SLOT(g, KN_SG_X)[i], KN_SG_SLOT(g, KN_SG_V)[i],
            KN_SG_SLOT(g, KN_SG_TARGET)[i], KN_SG_SLOT(g, KN_SG_REST)[i] != 0.0,
            sd[KN_SP_X], sd[KN_SP_V], sd[KN_SP_TARGET], c->s[i]->at_rest);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  group_case c;
  int i, k, p;
  if (!read_case(&in, &c)) return 0;
  for (k = 0; k < 12 && in.n > 0; k++) {
    double dt = fabs(fz_finite(&in));
    uint8_t op = fz_byte(&in);
    int j = fz_byte(&in) % c.n, moving[NPATHS], expect;
    interrupt(&in, &c, op, j);
    expect = step_all(&c, dt, moving);
    compare(&c, k, dt, moving, expect);
  }
  for (p = 0; p < NPATHS; p++) free(c.g[p]);
  for (i = 0; i < c.n; i++) free(c.s[i]);
  return 0;
}
