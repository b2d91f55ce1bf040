/*
** fuzz_motion.c -- kinetic.friction and kinetic.gravity (friction.c,
** gravity.c) on arbitrary parameters as the binding accepts them (drag in
** (0, 1), finite position and velocity, constant deceleration, tolerance
** and end distance >= 0) and arbitrary times.  Checks: construction and
** every query terminate (libFuzzer's timeout); at(t), final_position,
** time_at(x) and velocities are never NaN; a friction motion stays between
** its start and its final position and never reverses; time_at(x) is >= 0
** and maps back to x.  The fling kinds (scroll.c, inertia.c, decay.c,
** fling.c) on parameters as the binding accepts them: at(t) is never NaN
** for a start within 1e150, is the final position with velocity 0 from
** the end time on, and a decay or clamping scroll never goes back.
*/
#include "fuzz_common.h"
#include "fling.h"
#include "friction.h"
#include "gravity.h"

/* A finite double >= 0. */
static double fz_nonneg(fz_in *in) {
  return fabs(fz_finite(in));
}

/* Is x between a and b (either order), allowing `slack` beyond? */
static int between(double x, double a, double b, double slack) {
  double lo = a < b ? a : b, hi = a < b ? b : a;
  return x >= lo - slack && x <= hi + slack;
}

static void friction(fz_in *in) {
  kn_friction f;
  double drag = fz_unit(in), x0 = fz_finite(in), v0 = fz_finite(in);
  double cd = (fz_byte(in) & 1) ? fz_nonneg(in) : 0.0, tol = fz_nonneg(in);
  double fin, prev_x, prev_t = 0;
  int k;
  if (!(drag > 0 && drag < 1)) drag = 0.5;        /* the binding's range check */
  kn_friction_init(&f, drag, x0, v0, cd, tol);
  fin = kn_friction_final_position(&f);
  CHECK(!isnan(fin), "final_position NaN (drag %.17g x0 %.17g v0 %.17g cd %.17g)", drag, x0, v0, cd);
  CHECK(f.stop_time >= 0, "stop_time %.17g", f.stop_time);
  prev_x = x0;
  for (k = 0; k < 8 && in->n > 0; k++) {
    double t = fz_nonneg(in), x, v, slack;
    if (fz_byte(in) & 1) t = prev_t + fmod(t, 10.0);  /* also a forward walk */
    kn_friction_at(&f, t, &x, &v);
    CHECK(!isnan(x) && !isnan(v), "at(%.17g) = %.17g, %.17g (drag %.17g x0 %.17g v0 %.17g cd %.17g)",
          t, x, v, drag, x0, v0, cd);
    /* the motion runs from x0 towards fin and stops there: it stays
       between them (rounding: a few ulp of the larger end) */
    slack = 1e-13 * (fabs(x0) + fabs(fin));
    if (isfinite(fin))
      CHECK(between(x, x0, fin, slack), "at(%.17g) = %.17g outside [%.17g, %.17g] (drag %.17g v0 %.17g cd %.17g)",
            t, x, x0, fin, drag, v0, cd);
    /* and never turns back: v keeps the sign of v0 (or is 0) */
    CHECK(v == 0 || (v > 0) == (v0 > 0), "v(%.17g) = %.17g against v0 %.17g", t, v, v0);
    if (t >= prev_t && isfinite(fin))
      CHECK(v0 >= 0 ? x >= prev_x - slack : x <= prev_x + slack,
            "x went back: %.17g at %.17g after %.17g at %.17g (drag %.17g x0 %.17g v0 %.17g cd %.17g)",
            x, t, prev_x, prev_t, drag, x0, v0, cd);
    prev_t = t; prev_x = x;
    (void)kn_friction_done(&f, t);
  }
  for (k = 0; k < 4 && in->n > 0; k++) {
    double x = fz_finite(in), t, xt, vt;
    if (fz_byte(in) & 1 && isfinite(fin)) x = x0 + (fin - x0) * fz_unit(in);  /* one it reaches */
    t = kn_friction_time_at(&f, x);
    CHECK(!isnan(t) && t >= 0, "time_at(%.17g) = %.17g (drag %.17g x0 %.17g v0 %.17g cd %.17g)",
          x, t, drag, x0, v0, cd);
    if (isfinite(t)) {
      kn_friction_at(&f, t, &xt, &vt);
      CHECK(!isnan(xt), "at(time_at(%.17g)) NaN", x);
    }
  }
}

static void gravity(fz_in *in) {
  kn_gravity g;
  double a = fz_finite(in), x0 = fz_finite(in), v0 = fz_finite(in);
  double end = (fz_byte(in) & 1) ? fz_nonneg(in) : HUGE_VAL;
  int k;
  kn_gravity_init(&g, a, x0, v0, end);
  for (k = 0; k < 8 && in->n > 0; k++) {
    double t = fz_nonneg(in), x, v;
    kn_gravity_at(&g, t, &x, &v);
    CHECK(!isnan(x) && !isnan(v), "at(%.17g) = %.17g, %.17g (a %.17g x0 %.17g v0 %.17g)",
          t, x, v, a, x0, v0);
    (void)kn_gravity_done(&g, t);
  }
}

/* A finite double within +-1e150 (positions and velocities the checks
   keep clear of overflow). */
static double fz_moderate(fz_in *in) {
  double x = fz_finite(in);
  return fabs(x) <= 1e150 ? x : fmod(x, 1e150);
}

/* One fling of a fuzzed kind, as anim:fling and the constructors make it. */
static void fling_make(fz_in *in, kn_fling *f) {
  double x0 = fz_moderate(in), v0 = fz_moderate(in), a = fz_moderate(in), b = fz_moderate(in);
  double lo = a < b ? a : b, hi = a < b ? b : a;
  kn_spring_model m;
  f->kind = fz_byte(in) % 4;
  switch (f->kind) {
    case KN_FLING_INERTIA: {
      double power = fz_unit(in) * 2.0, tau = 0.01 + fz_unit(in), target = x0 + power * v0;
      if (fz_byte(in) & 1) target = fz_moderate(in);           /* a snap's choice */
      kn_spring_model_init(&m, 1.0, 1.0 + 1000.0 * fz_unit(in), 50.0 * fz_unit(in));
      kn_inertia_init(&f->u.inertia, x0, v0, target, tau, (fz_byte(in) & 1) ? lo : -HUGE_VAL,
                      (fz_byte(in) & 1) ? hi : HUGE_VAL, fz_unit(in), -1.0, &m);
      break;
    }
    case KN_FLING_BOUNCING:
      kn_spring_model_init(&m, 0.5, 100.0, 1.1 * 2.0 * sqrt(50.0));
      kn_bouncing_init(&f->u.bouncing, x0, v0, lo, hi, &m);
      break;
    case KN_FLING_CLAMPING:
      kn_clamping_init(&f->u.clamping, x0, v0, 0.001 + fz_unit(in));
      break;
    default:
      kn_decay_init(&f->u.decay, x0, v0, 0.01 + 10.0 * fz_unit(in), 1e-3 + fz_unit(in));
      break;
  }
  kn_fling_finish_init(f);
}

static void fling(fz_in *in) {
  kn_fling f;
  double fin, prev_x = 0, t = 0;
  int k;
  fling_make(in, &f);
  fin = kn_fling_final(&f);
  CHECK(!isnan(fin) && !isnan(f.end) && f.end >= 0, "fling %d: final %.17g end %.17g",
        f.kind, fin, f.end);
  for (k = 0; k < 12 && in->n > 0; k++) {
    double x, v;
    t += (fz_byte(in) & 1) ? fz_unit(in) : fz_nonneg(in);
    kn_fling_at(&f, t, &x, &v);
    CHECK(!isnan(x) && !isnan(v), "fling %d NaN at t=%.17g", f.kind, t);
    if (t >= f.end) CHECK(x == fin && v == 0.0, "fling %d not at rest after its end", f.kind);
    if (k > 0 && (f.kind == KN_FLING_DECAY || f.kind == KN_FLING_CLAMPING)) {
      double v0 = f.kind == KN_FLING_DECAY ? f.u.decay.v0 : f.u.clamping.v0;
      CHECK((x - prev_x) * v0 >= 0.0 || fabs(x - prev_x) <= 1e-12 * (1.0 + fabs(x)),
            "fling %d went back at t=%.17g", f.kind, t);
    }
    prev_x = x;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  int which = fz_byte(&in) % 3;
  if (which == 1) gravity(&in);
  else if (which == 2) fling(&in);
  else friction(&in);
  return 0;
}
