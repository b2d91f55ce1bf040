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
** contract).  The model passes the binding's checks (spring_new).
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const int caps[NPATHS] = { KN_SG_SIMD_AVX512, KN_SG_SIMD_AVX2, KN_SG_SIMD_SSE2,
                                    KN_SG_SIMD_NONE };
  fz_in in = { data, size };
  int n = 1 + fz_byte(&in) % MAXN, clamp = fz_byte(&in) & 1, i, k, p;
  double mass = fz_finite(&in), stiff = fabs(fz_finite(&in)), damp = fabs(fz_finite(&in));
  double rest_delta = fabs(fz_finite(&in)), rest_speed = fabs(fz_finite(&in));
  double from[MAXN], to[MAXN], vel[MAXN];
  kn_spring_model m;
  kn_spring_group *g[NPATHS];
  kn_spring *s[MAXN];
  uint8_t knobs;
  knobs = fz_byte(&in);
  if (knobs & 1) mass = 1;
  if (knobs & 2) stiff = 0;                          /* no spring force */
  if (fz_byte(&in) & 1) { rest_delta = 1e-3; rest_speed = 1e-2; }
  if (!(mass > 0)) return 0;
  kn_spring_model_init(&m, mass, stiff, damp);
  if (!isfinite(m.decay) || !isfinite(m.omega2) || !isfinite(m.disc)) return 0;
  for (i = 0; i < n; i++) {
    uint8_t kind = fz_byte(&in);
    from[i] = fz_finite(&in);
    to[i] = kind & 1 ? from[i] : fz_finite(&in);    /* some start at rest */
    vel[i] = kind & 2 ? 0 : fz_finite(&in);
  }
  for (p = 0; p < NPATHS; p++) {
    g[p] = (kn_spring_group *)calloc(1, kn_spring_group_size(n));
    kn_spring_group_init(g[p], n, &m, clamp, rest_delta, rest_speed, from, to, vel);
    g[p]->simd = kn_spring_group_path_for(caps[p]);
  }
  for (i = 0; i < n; i++) {
    s[i] = (kn_spring *)calloc(1, kn_spring_size(1));
    kn_spring_init(s[i], 1, &m, KN_SPRING_ANALYTIC, clamp, rest_delta, rest_speed,
                   &from[i], &to[i], &vel[i]);
  }
  for (k = 0; k < 12 && in.n > 0; k++) {
    double dt = fabs(fz_finite(&in)), x;
    uint8_t op = fz_byte(&in);
    int j = fz_byte(&in) % n, moving[NPATHS], expect = 0;
    switch (op % 4) {                                /* an interruption first */
      case 1:
        x = fz_finite(&in);
        for (p = 0; p < NPATHS; p++) kn_spring_group_set_target(g[p], j, x);
        (void)kn_spring_set_target(s[j], &x);
        break;
      case 2:
        x = fz_finite(&in);
        for (p = 0; p < NPATHS; p++) kn_spring_group_set(g[p], j, x);
        kn_spring_set_position(s[j], &x);
        break;
      case 3:
        for (i = 0; i < n; i++) {
          to[i] = op & 4 ? fz_finite(&in) : to[i];
          /* a zero target given with the other sign: equal, so unchanged,
             and its bits must stay */
          if ((op & 8) && to[i] == 0) to[i] = -to[i];
        }
        /* in two runs, as the binding does in chunks: the second from j */
        for (p = 0; p < NPATHS; p++) {
          kn_spring_group_set_targets_range(g[p], 0, j, to);
          kn_spring_group_set_targets_range(g[p], j, n - j, to + j);
        }
        for (i = 0; i < n; i++) (void)kn_spring_set_target(s[i], &to[i]);
        break;
      default:
        break;
    }
    for (p = 0; p < NPATHS; p++) {
      moving[p] = kn_spring_group_update(g[p], dt);
      /* a group leaves the doubles only where kn_spring_group_may_overflow
         says it may (spring_group.h: reach); the bindings then reset its
         overflowed springs, as l_spring.c does for one spring (below) */
      for (i = 0; i < n && !kn_spring_group_may_overflow(g[p]); i++)
        CHECK(isfinite(KN_SG_SLOT(g[p], KN_SG_X)[i]) && isfinite(KN_SG_SLOT(g[p], KN_SG_V)[i]),
              "group left the doubles with reach %.17g: spring %d x %.17g v %.17g (k %.17g c %.17g m %.17g)",
              g[p]->reach, i, KN_SG_SLOT(g[p], KN_SG_X)[i], KN_SG_SLOT(g[p], KN_SG_V)[i],
              m.stiffness, m.damping, m.mass);
      if (kn_spring_group_may_overflow(g[p]) && kn_spring_group_reset_overflowed(g[p]) != 0)
        moving[p] = g[p]->moving;
    }
    for (i = 0; i < n; i++) {
      if (kn_spring_update(s[i], dt) & KN_SPRING_OVERFLOW) kn_spring_reset_on_target(s[i]);
      expect += !s[i]->at_rest;
    }
    /* the whole state of each path, the slots the springs do not show
       (scale, from, y) and reach included, is the plain C path's */
    for (p = 0; p + 1 < NPATHS; p++)
      CHECK(same_state(g[p], g[NPATHS - 1]), "path %d: state differs from the plain C loop's "
            "(step %d, reach %.17g vs %.17g)", g[p]->simd, k, g[p]->reach, g[NPATHS - 1]->reach);
    for (p = 0; p < NPATHS; p++) {
      CHECK(moving[p] == expect, "path %d: %d moving, springs say %d (step %d)",
            g[p]->simd, moving[p], expect, k);
      for (i = 0; i < n; i++) {
        const double *sd = s[i]->data;
        CHECK(fz_same(KN_SG_SLOT(g[p], KN_SG_X)[i], sd[KN_SP_X]) &&
              fz_same(KN_SG_SLOT(g[p], KN_SG_V)[i], sd[KN_SP_V]) &&
              fz_same(KN_SG_SLOT(g[p], KN_SG_TARGET)[i], sd[KN_SP_TARGET]) &&
              (KN_SG_SLOT(g[p], KN_SG_REST)[i] != 0.0) == (s[i]->at_rest != 0),
              "path %d, spring %d, step %d (dt %.17g): group x %.17g v %.17g target %.17g "
              "rest %d; spring x %.17g v %.17g target %.17g rest %d", g[p]->simd, i, k, dt,
              KN_SG_SLOT(g[p], KN_SG_X)[i], KN_SG_SLOT(g[p], KN_SG_V)[i],
              KN_SG_SLOT(g[p], KN_SG_TARGET)[i], KN_SG_SLOT(g[p], KN_SG_REST)[i] != 0.0,
              sd[KN_SP_X], sd[KN_SP_V], sd[KN_SP_TARGET], s[i]->at_rest);
      }
    }
  }
  for (p = 0; p < NPATHS; p++) free(g[p]);
  for (i = 0; i < n; i++) free(s[i]);
  return 0;
}
