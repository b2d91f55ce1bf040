/*
** spring.h -- damped spring state and its integrators (pure C99).
**
**   m x'' = -k (x - target) - c x'      (per component, shared m, k, c)
**
** With a = c/(2m) (decay), w0^2 = k/m and d = a^2 - w0^2, the displacement
** y = x - target evolves exactly as
**   y(t) = e^{-at} [ y0 C(t) + (v0 + a y0) S(t) ]
**   v(t) = e^{-at} [ v0 C(t) - (a v0 + w0^2 y0) S(t) ]
** where C = cosh(sqrt(d) t) and S = sinh(sqrt(d) t)/sqrt(d) (cos and
** sin(beta t)/beta when d = -beta^2 < 0, 1 and t when d = 0).  The four
** numbers in front of y0 and v0 are Juckett's coefficients (posPos, posVel,
** velPos, velVel; Ryan Juckett, "Damped Springs", 2012):
** kn_spring_coefs_compute makes them once for a (model, dt) pair and
** kn_spring_coefs_apply applies them to any number of springs, so a group
** of springs sharing parameters and dt shares one computation.
**
** The kn_spring struct is the Lua userdata payload itself (FFI-friendly:
** plain doubles and ints, the n components in a flexible array).
*/
#ifndef KINETIC_SPRING_H
#define KINETIC_SPRING_H

#include <stddef.h>

typedef struct kn_spring_model {
  double mass, stiffness, damping;
  double decay;     /* a = c / (2m) */
  double omega2;    /* w0^2 = k / m */
  double disc;      /* d = a^2 - w0^2, computed as (a - w0)(a + w0) */
} kn_spring_model;

typedef struct kn_spring_coefs {
  double pos_pos, pos_vel, vel_pos, vel_vel;
} kn_spring_coefs;

enum { KN_SPRING_ANALYTIC = 0, KN_SPRING_RK4 = 1, KN_SPRING_EULER = 2 };
/* The option name of an integrator ("analytic", "rk4", "euler"), NULL
   past the last (a kn_name_fn, names.h). */
const char *kn_spring_integrator_name(int integrator);

/* The stepped integrators (RK4, Euler) advance in 1 ms substeps: one update
   of a spring that uses them covers at most this many seconds, so that a
   call's work stays bounded and `accum -= 1 ms` stays exact. */
#define KN_SPRING_STEPPED_DT_MAX 3600.0

/* Fixed substep of the rk4 and euler integrators (Rebound, react-spring). */
#define KN_SPRING_SUBSTEP 0.001

/* Slots of kn_spring.data, each n doubles long.
   The analytic integrator carries the displacement Y = x - target itself
   from one update to the next (y' = posPos y + posVel v, then x = target +
   y'): no cancellation when |target| >> |y|, and two floating-point
   operations fewer on the frame-to-frame dependency chain, which bounds the
   speed of a single spring (each update waits for the previous one's
   stores).  Every setter recomputes Y from x and the target.
   The target sits between position and velocity on purpose: were x and v
   adjacent, a compiler could merge a one-component update's two stores into
   one 16-byte store, which the next update's 8-byte loads cannot forward
   from on some x86 CPUs (a store-forwarding stall on every frame). */
enum {
  KN_SP_X, KN_SP_TARGET, KN_SP_V, KN_SP_FROM,
  KN_SP_PREV_X, KN_SP_PREV_V, KN_SP_TEMP_X,   /* rk4 (Rebound) state */
  KN_SP_Y,                                    /* analytic: x - target */
  KN_SP_SLOTS
};

typedef struct kn_spring {
  kn_spring_model model;
  double rest_delta;   /* rest when |x - target| <= rest_delta * scale ... */
  double rest_speed;   /* ... and |v| <= rest_speed * scale (per second) */
  double scale;        /* distance of the current motion (set on (re)start) */
  double accum;        /* rk4: time not yet integrated (< 1 ms), as Rebound */
  double coefs_dt;     /* analytic: dt of `coefs` (-1: none yet) */
  kn_spring_coefs coefs;   /* the coefficients of the last dt (fixed frame rates
                              compute them once) */
  int n;               /* components */
  int integrator;      /* KN_SPRING_ANALYTIC / RK4 / EULER */
  int clamp;           /* stop at the target instead of overshooting */
  int at_rest;
  unsigned user;       /* the binding's own bits (callbacks set); never read by the core */
  int reserved;
  double data[];       /* KN_SP_SLOTS * n */
} kn_spring;

#define KN_SPRING_SLOT(s, slot) ((s)->data + (size_t)(slot) * (size_t)(s)->n)

/* Flags returned by kn_spring_update. */
#define KN_SPRING_MOVED    1
#define KN_SPRING_RESTED   2
#define KN_SPRING_OVERFLOW 4   /* a position or velocity is no longer finite */

void kn_spring_model_init(kn_spring_model *m, double mass, double stiffness,
                          double damping);
void kn_spring_coefs_compute(const kn_spring_model *m, double dt,
                             kn_spring_coefs *out);

/* One exact step of a displacement y = x - target and velocity v. */
static inline void kn_spring_coefs_apply(const kn_spring_coefs *c, double *y, double *v) {
  double y0 = *y, v0 = *v;
  *y = c->pos_pos * y0 + c->pos_vel * v0;
  *v = c->vel_pos * y0 + c->vel_vel * v0;
}

size_t kn_spring_size(int n);
/* Initialise a zeroed struct of kn_spring_size(n) bytes: position = from,
   the given velocity and target (arrays of n). */
void kn_spring_init(kn_spring *s, int n, const kn_spring_model *m, int integrator,
                    int clamp, double rest_delta, double rest_speed,
                    const double *from, const double *to, const double *velocity);
/* Copy a spring (dst has room for src->n components). */
void kn_spring_copy(kn_spring *dst, const kn_spring *src);

/* Start a new motion from the current state: records `from`, the distance
   scale and whether it is at rest (exactly on target with zero velocity). */
void kn_spring_restart(kn_spring *s);
/* Setters (arrays of n); each restarts the motion -- except a target equal
   (==, every component) to the current one, which changes nothing at all (no
   restart, no wake: rest state and distance scale kept; a spring re-sent its
   target every frame still comes to rest).  set_target returns 1 when the
   target changed, 0 when it was the same. */
int kn_spring_set_target(kn_spring *s, const double *target);
void kn_spring_set_position(kn_spring *s, const double *x);
void kn_spring_set_velocity(kn_spring *s, const double *v);

/* Advance dt >= 0 seconds; returns KN_SPRING_MOVED (it was moving) ORed
   with KN_SPRING_RESTED (it came to rest during this call) and with
   KN_SPRING_OVERFLOW when the new state is not finite (a coasting spring
   past 1.8e308: see kn_spring_reset_on_target). */
int kn_spring_update(kn_spring *s, double dt);

/* 1 when one update of s may cover dt seconds (at most
   KN_SPRING_STEPPED_DT_MAX with a stepped integrator), else 0 with the
   reason in why[cap]. */
int kn_spring_dt_check(const kn_spring *s, double dt, char *why, size_t cap);

/* kn_spring_update, returning the position of the first component -- or,
   when the new state overflowed, NaN after kn_spring_reset_on_target: one
   call per frame for a binding (the LuaJIT FFI path). */
double kn_spring_step(kn_spring *s, double dt);

/* The spring's fastest rate, max(w0, a + sqrt|a^2 - w0^2|) per second. */
double kn_spring_fastest_rate(const kn_spring_model *m);

/* Whether the fixed 1 ms substep of `integrator` is stable for model m,
   with a margin (the analytic integrator always is):
   KN_STEP_TOO_FAST  the fastest rate is above 1800/s (|lambda h| > 1.8);
   KN_STEP_GROWS     it is not, but the substep's own map still lets the
                     motion grow.  Semi-implicit Euler (v += h acc, then
                     x += h v) is the map with trace 2 - W^2 - 2A and
                     determinant 1 - 2A (A = a h, W = w0 h), stable iff
                     0 <= A < 1 and W^2 < 4 (1 - A) (Jury); kinetic asks
                     A <= 0.9 and W <= 1.8 sqrt(1 - A).  Rebound's RK4
                     substep reads the previous substep's trial position,
                     a map of (y, v, trial y): every root of its
                     characteristic polynomial must lie within 1 + 1e-6
                     (growth below 0.1 % a second; Jury's test). */
enum { KN_STEP_STABLE = 0, KN_STEP_TOO_FAST = 1, KN_STEP_GROWS = 2 };
int kn_spring_step_check(const kn_spring_model *m, int integrator);

/* kn_spring_step_check as a reason: 1 when stable, else 0 with why[cap]
   saying which bound the substep breaks ("field 'integrator': 'euler' is
   unstable ..."); KN_SPRING_WHY_STEP is room for the longest. */
#define KN_SPRING_WHY_STEP 320
int kn_spring_step_why(const kn_spring_model *m, int integrator, char *why, size_t cap);

/* NULL when the rates of m (c/2m, k/m and the discriminant) are finite,
   else the reason: a tiny mass makes no spring with an inf or NaN rate. */
const char *kn_spring_model_error(const kn_spring_model *m);

/* 1 when a position or velocity is not finite. */
int kn_spring_overflowed(const kn_spring *s);
/* Put the spring at rest on its target (x = target, v = 0, rk4 state too):
   what the binding does with a state that overflowed. */
void kn_spring_reset_on_target(kn_spring *s);

/* Rest test on the current state (no change). */
int kn_spring_is_settled(const kn_spring *s);

/* Seconds until |x - target| (Euclidean norm for vectors) stays <= eps for
   good, on the exact solution from the current state; HUGE_VAL when never. */
double kn_spring_settle_time(const kn_spring *s, double eps);
/* The eps kn_spring_settle_time can answer for: > 0, and for a moving
   spring at least 1e-150 times the motion's size (max |x - target|, |v|):
   the settle time compares squared distances with eps^2, which below that
   leaves the double range.  1, else 0 with the reason in why[cap]. */
int kn_spring_settle_eps(const kn_spring *s, double eps, char *why, size_t cap);

/* Seconds until a spring of model m, displaced by y0 from its rest with
   velocity v0, keeps |y| <= eps_y and |v| <= eps_v for good: the later of
   the two settle times, the velocity solving the same equation from v0
   with acceleration -w0^2 y0 - 2a v0 (HUGE_VAL when never). */
double kn_spring_rest_time(const kn_spring_model *m, double y0, double v0, double eps_y,
                           double eps_v);

#endif
