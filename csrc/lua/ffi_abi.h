/*
** ffi_abi.h -- everything the LuaJIT FFI fast path (lua/kinetic/ffi.lua)
** knows of the C side, in one place.  ffi.c expands the lists below into
** the table core._ffi_abi:
**
**   version    KN_FFI_ABI_VERSION: which functions the table holds and
**              what each returns; ffi.lua names the version it is written for
**   api        a light userdata: the static const kn_ffi_api of ffi.c
**   cdef       the text ffi.lua hands to ffi.cdef: the payload structs
**              (KN_FFI_TYPES under the prefix kn_) and kn_ffi_api
**              (KN_FFI_API_TYPE), stringified from the macros C compiles
**   sizes      { type = sizeof } for every struct of the cdef
**   offsets    { type = { field = offsetof } } for every field ffi.lua
**              reads (KN_FFI_FIELDS) and every function of kn_ffi_api
**   constants  { name = value } for every limit and `user` bit field
**              ffi.lua tests (KN_FFI_CONSTANTS)
**   spring_overflowed, timeline_step, timeline_fire, animator_rest
**              classic C functions for what the FFI calls leave to C: the
**              fast spring update's overflow error (ffi.c),
**              update_timelines' two phases for the timelines ffi.lua's
**              loop does not move itself (timeline.c), and the rest of an
**              animator's frame after its FFI step (animator.c)
**
** The payloads are the core's structs (spring.h, spring_group.h,
** timeline.h); KN_FFI_TYPES spells them for the cdef.  Two checks keep the
** spelling honest: ffi.c compiles the same text under the prefix kn_ffi_
** and refuses to build unless every struct and every field of
** KN_FFI_FIELDS has the core's size and offset; ffi.lua, before it
** replaces anything, compares ffi.sizeof and ffi.offsetof of the declared
** cdef with sizes and offsets, and on any difference stays off and says
** which field differs.
**
** A field ffi.lua reads belongs in KN_FFI_FIELDS; a limit or bit it tests
** belongs in KN_FFI_CONSTANTS (spec/ffi_contract_spec.lua checks both
** against ffi.lua's source).
*/
#ifndef KINETIC_FFI_ABI_H
#define KINETIC_FFI_ABI_H

/* Bumped when a function is added, removed or returns something else. */
#define KN_FFI_ABI_VERSION 7

/* The payload structs, field for field as the core declares them (only
   sizes and offsets matter: `const void **` stands for the timeline's
   `const struct kn_easing **`).  P is the prefix of every type name. */
#define KN_FFI_TYPES(P)                                                      \
  typedef struct P##spring_model {                                           \
    double mass, stiffness, damping, decay, omega2, disc;                    \
  } P##spring_model;                                                         \
  typedef struct P##spring_coefs {                                           \
    double pos_pos, pos_vel, vel_pos, vel_vel;                               \
  } P##spring_coefs;                                                         \
  typedef struct P##spring {                                                 \
    P##spring_model model;                                                   \
    double rest_delta, rest_speed, scale, accum, coefs_dt;                   \
    P##spring_coefs coefs;                                                   \
    int n, integrator, clamp, at_rest;                                       \
    unsigned user;                                                           \
    int reserved;                                                            \
    double data[];                                                           \
  } P##spring;                                                               \
  typedef struct P##spring_group {                                           \
    P##spring_model model;                                                   \
    double rest_delta, rest_speed, coefs_dt, reach, quiet;                   \
    P##spring_coefs coefs;                                                   \
    int count, clamp, moving, simd, recheck, backoff, skipped, reserved;     \
    double data[];                                                           \
  } P##spring_group;                                                         \
  typedef struct P##timeline {                                               \
    int nseg, ncomp, mode, after;                                            \
    double duration, iterations, delay, total, clock, turn;                  \
    double pivot[2];                                                         \
    double hint_pass;                                                        \
    int hint_seg;                                                            \
    unsigned long gen;                                                       \
    unsigned user;                                                           \
    double *cum, *dur, *keys, *A, *B, *scratch;                              \
    const void **easing;                                                     \
    double data[];                                                           \
  } P##timeline;

/* X(name) for each struct of KN_FFI_TYPES: kn_<name> in the core. */
#define KN_FFI_STRUCTS(X) \
  X(spring_model) X(spring_coefs) X(spring) X(spring_group) X(timeline)

/* X(struct, field) for every field of a payload that ffi.lua reads. */
#define KN_FFI_FIELDS(X)                                                     \
  X(spring, n) X(spring, integrator) X(spring, user) X(spring, data)         \
  X(spring_group, count) X(spring_group, data)                               \
  X(timeline, ncomp) X(timeline, total) X(timeline, clock)                   \
  X(timeline, user) X(timeline, scratch)

/* X(return type, name, parameters): the functions of kn_ffi_api.  None
   checks its arguments: ffi.lua calls them only with objects it has
   recognised (metatable identity) and plain finite numbers.
     easing_eval        e:eval(p, before_flag)
     spring_step        s:update(dt) of a spring without callbacks, dt in
                        range: the first component, or NaN when the state
                        overflowed (then reset to rest on its target, as
                        the classic update leaves it before it raises)
     group_update       g:update(dt), dt finite >= 0: the springs moving, or
                        -1 (nothing done) where a state may overflow
                        (kn_spring_group_may_overflow): the classic update's
     timeline_at        tl:at(t), t finite: the state into tl->scratch, and
                        its first component
     timeline_update    tl:update(dt) of a timeline without callbacks, the
                        clock + dt finite: as timeline_at at the new clock
     spring_set         s:set_target / set_position / set_velocity (what =
                        0, 1, 2) of n <= 4 finite values a, b, c, d
     group_set_targets  g:set_targets(array of count finite numbers)
     animator_step      anim:update(dt)'s first part, dt finite >= 0: the
                        animations that need no Lua advanced, their writes
                        listed for ffi.lua's loop (lk_anim_ffi_step)
     path_at            p:at(u), u finite: x; y and the angle kept in the
                        path's out[1] and out[2] for
     path_out           the kept value i (1: y, 2: the angle).  Every
                        result is a return value: a trace may forward loads
                        of memory a C call wrote from one call's results to
                        the next call's */
#define KN_FFI_FUNCTIONS(X)                                                  \
  X(double, easing_eval, (const struct kn_easing *e, double p, int before_flag)) \
  X(double, spring_step, (kn_spring *s, double dt))                          \
  X(int, group_update, (kn_spring_group *g, double dt))                      \
  X(double, timeline_at, (kn_timeline *tl, double t))                        \
  X(double, timeline_update, (kn_timeline *tl, double dt))                   \
  X(void, spring_set, (kn_spring *s, int what, double a, double b, double c, double d)) \
  X(void, group_set_targets, (kn_spring_group *g, const double *targets)) \
  X(int, animator_step, (void *anim, double dt, int *counts, int *ids,     \
                         double *vals, int cap))                            \
  X(double, path_at, (void *path, double u))                               \
  X(double, path_out, (const void *path, int i))

#define KN_FFI_API_MEMBER(ret, name, params) ret (*name) params;
#define KN_FFI_API_TYPE                                                      \
  struct kn_easing;                                                          \
  typedef struct kn_ffi_api {                                                \
    KN_FFI_FUNCTIONS(KN_FFI_API_MEMBER)                                      \
  } kn_ffi_api;

/* X(name, value): the numbers ffi.lua's tests use (lkinetic.h, spring.h). */
#define KN_FFI_CONSTANTS(X)                                                  \
  X(spring_analytic, KN_SPRING_ANALYTIC)                                     \
  X(spring_stepped_dt_max, KN_SPRING_STEPPED_DT_MAX)                         \
  X(spring_callbacks, HAS_ON_UPDATE | HAS_ON_REST)                           \
  X(timeline_shape_mask, SHAPE_MASK)                                         \
  X(timeline_shape_number, SHAPE_NUMBER)                                     \
  X(timeline_shape_vector, SHAPE_VECTOR)                                     \
  X(timeline_shape_named, SHAPE_NAMED)                                       \
  X(timeline_events_shift, EVENTS_SHIFT)                                     \
  X(animator_uv_targets, UV_TARGETS)                                         \
  X(animator_uv_keys, UV_KEYS)

/* The text of the arguments, after macro expansion. */
#define KN_FFI_STRING_(...) #__VA_ARGS__
#define KN_FFI_STRING(...) KN_FFI_STRING_(__VA_ARGS__)

#endif
