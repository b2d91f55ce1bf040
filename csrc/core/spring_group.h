/*
** spring_group.h -- `count` scalar damped springs sharing one model, in one
** block (pure C99).  Each spring behaves exactly -- bit for bit -- as a
** one-component kn_spring with the analytic integrator and the same model,
** rest thresholds and clamp flag (spring.c): the group only shares Juckett's
** coefficients (kn_spring_coefs_compute once per distinct dt, applied with
** kn_spring_coefs_apply to every moving spring).
**
** The struct is the Lua userdata payload itself (FFI-friendly: plain
** doubles and ints, the per-spring arrays in the trailing `data`).
*/
#ifndef KINETIC_SPRING_GROUP_H
#define KINETIC_SPRING_GROUP_H

#include <float.h>
#include <stddef.h>

#include "spring.h"

/* Slots of kn_spring_group.data, each `count` doubles long. */
enum {
  KN_SG_X, KN_SG_V, KN_SG_TARGET, KN_SG_FROM,
  KN_SG_SCALE,        /* distance of the current motion of each spring */
  KN_SG_REST,         /* 1.0 at rest, 0.0 moving */
  KN_SG_Y,            /* x - target, carried from update to update (spring.h) */
  KN_SG_SLOTS
};

typedef struct kn_spring_group {
  kn_spring_model model;
  double rest_delta, rest_speed;  /* relative to each spring's distance */
  double coefs_dt;                /* dt of `coefs` (-1: none yet) */
  double reach;                   /* bound on every |x| and |v| to come (see below) */
  double quiet;                   /* seconds in which no spring can come to rest */
  kn_spring_coefs coefs;
  int count;                      /* springs (>= 1) */
  int clamp;                      /* stop at the target instead of overshooting */
  int moving;                     /* springs not at rest */
  int simd;                       /* the update loop's path (KN_SG_SIMD_AVX512 ..) */
  int recheck;                    /* updates to go before quiet is worked out again */
  int backoff;                    /* recheck after a quiet time cut short: 8 .. 256 */
  int skipped;                    /* updates without rest test in this quiet time (up to 4) */
  int reserved;                   /* (an even count of ints: lua/kinetic/ffi.lua mirrors this) */
  double data[];                  /* KN_SG_SLOTS slots of KN_SG_STRIDE(count) */
} kn_spring_group;

/* Each slot is `count` doubles rounded up to a multiple of 8 (64 bytes), so
   that every slot has the same alignment and the vector loop, once past a
   few springs, reads and writes whole cache lines. */
#define KN_SG_STRIDE(count) (((size_t)(count) + 7u) & ~(size_t)7u)
#define KN_SG_SLOT(g, slot) ((g)->data + (size_t)(slot) * KN_SG_STRIDE((g)->count))

/* The update and set_targets loops run through the widest vector unit the
   CPU has (x86-64: AVX-512F, AVX2, else SSE2; the plain loop elsewhere),
   found once by kn_spring_group_init and kept in kn_spring_group.simd.
   Every path gives the same doubles.  The values are those of the names
   "best", "avx512", "avx" (the 256-bit path, which needs AVX2), "sse2",
   "scalar" of the binding's test hook g:_simd. */
enum {
  KN_SG_SIMD_BEST = 0, KN_SG_SIMD_AVX512 = 1, KN_SG_SIMD_AVX2 = 2,
  KN_SG_SIMD_SSE2 = 3, KN_SG_SIMD_NONE = 4
};
/* The path to use when at most `cap` is wanted (KN_SG_SIMD_BEST: the widest
   this machine runs); a test may store it in g->simd to run every path. */
int kn_spring_group_path_for(int cap);

size_t kn_spring_group_size(int count);

/* Initialise a zeroed block of kn_spring_group_size(count) bytes; from, to,
   velocity are arrays of count. */
void kn_spring_group_init(kn_spring_group *g, int count, const kn_spring_model *m,
                          int clamp, double rest_delta, double rest_speed,
                          const double *from, const double *to,
                          const double *velocity);

/* Setters of spring i (0-based); each restarts that spring's motion as the
   kn_spring setters do. */
void kn_spring_group_set(kn_spring_group *g, int i, double x);
void kn_spring_group_set_velocity(kn_spring_group *g, int i, double v);
void kn_spring_group_set_state(kn_spring_group *g, int i, double x, double v);
void kn_spring_group_set_target(kn_spring_group *g, int i, double target);
/* All targets at once (array of count, outside the group's block).  As
   kn_spring_set_target, a target equal to the current one changes nothing
   for that spring. */
void kn_spring_group_set_targets(kn_spring_group *g, const double *targets);
/* The same for springs first .. first + k - 1 (targets: array of k). */
void kn_spring_group_set_targets_range(kn_spring_group *g, int first, int k,
                                       const double *targets);

/* Advance every spring dt >= 0 seconds; returns how many are still moving. */
int kn_spring_group_update(kn_spring_group *g, double dt);

/* Can an update take a spring's x or v out of the doubles?  With damping
   >= 0 the energy v^2 + w0^2 y^2 never grows, so a motion of distance scale
   S (kn_spring_restart's, with tau its time scale) keeps |y| <= 2 S and
   |v| <= 2 S / tau; g->reach, the largest |target| + 2 S max(1, 1/tau) any
   motion has had, bounds every |x| and |v|.  Only when it is above
   DBL_MAX / 2, or the group coasts (no spring force and no damping left
   in its model: x += v dt grows without bound), do the bindings call
   kn_spring_group_reset_overflowed after an update: it puts every spring
   whose x or v is no longer finite to rest on its target, as the kn_spring
   binding does for one spring, and returns 1 + the index of the first, or
   0. */
#define KN_SPRING_GROUP_REACH_MAX (0.5 * DBL_MAX)
int kn_spring_group_may_overflow(const kn_spring_group *g);
int kn_spring_group_reset_overflowed(kn_spring_group *g);

/* out[0..count) = positions. */
void kn_spring_group_positions(const kn_spring_group *g, double *out);

#endif
