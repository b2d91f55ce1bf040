/*
** fuzz_spring.c -- spring parameter conversion and update with arbitrary
** finite parameters, state and dt.  The harness applies exactly the checks
** of the binding (csrc/lua/spring.c: range checks of each family, then
** check_result on the triple, then lk_spring_model and check_stable); for
** every accepted parameter set the model must be finite and updates from a
** finite state must stay finite while the motion's scale is representable
** (|y0| + |v0|/w0 and w0 |y0| + |v0| below 1e300; a spring without
** stiffness and damping coasts without bound and may overflow: see README).
** A scalar spring's motion as an easing (what s:easing() and s:linear()
** build) must never give NaN, its step schedule must be exact, and its
** linear() fit must stay within max_error at every checked point.
*/
#include "fuzz_common.h"
#include "easing.h"
#include "spring.h"
#include "spring_easing.h"
#include "spring_params.h"
#include "step_times.h"

enum { F_PHYSICAL, F_FREQUENCY, F_RESPONSE, F_DURATION, F_REBOUND, F_ORIGAMI,
       F_BOUNCY, F_PRESET, F_COUNT };

/* One fuzzed spring: what the input chose and what the binding made of it. */
typedef struct spring_case {
  int fam, n, integrator, clamp;
  kn_spring_triple p;
  kn_spring_model m;
  double from[2], to[2], vel[2], rest_delta, rest_speed;
} spring_case;

/* The binding's verdict on a triple (csrc/lua/spring.c check_result). */
static int accepts(const kn_spring_triple *p) {
  return isfinite(p->stiffness) && p->stiffness >= 0 && isfinite(p->damping) && p->damping >= 0;
}

/* The triple of family c->fam from the fuzzed parameters a, b and mass, as
   the binding computes it (a preset takes its name from the next byte);
   0 where the binding refuses the parameters. */
static int read_triple(fz_in *in, spring_case *c, double a, double b, double mass) {
  kn_spring_triple *p = &c->p;
  switch (c->fam) {
    case F_PHYSICAL:
      if (!(a >= 0 && b >= 0)) return 0;
      p->mass = mass; p->stiffness = a; p->damping = b;
      return 1;
    case F_FREQUENCY:
      if (!(a > 0 && b >= 0)) return 0;
      kn_spring_from_frequency(mass, a, b, p);
      return 1;
    case F_RESPONSE:
      if (!(a > 0 && b >= 0)) return 0;
      kn_spring_from_response(mass, a, b, p);
      return 1;
    case F_DURATION:
      if (!(a > 0 && b > -1 && b <= 1)) return 0;
      kn_spring_from_duration(mass, a, b, p);
      return 1;
    case F_REBOUND:
      if (!(a >= 0 && b >= 0)) return 0;
      p->mass = 1; p->stiffness = a; p->damping = b;
      return 1;
    case F_ORIGAMI:
      kn_spring_from_origami(a, b, p);
      return 1;
    case F_BOUNCY:
      if (!(a >= 0 && b >= 0)) return 0;
      kn_spring_from_bouncy(a, b, p);
      return 1;
    default: {
      static const char names[][10] = { "default", "gentle", "wobbly", "stiff", "slow",
                                        "molasses", "nope", "" };
      if (!kn_spring_from_preset(names[fz_byte(in) % 8], p)) return 0;
      p->mass = mass;
      return 1;
    }
  }
}

/* The parameters: family, components, integrator, clamp, a, b and mass
   into *c, then the triple and the model.  0 where the binding refuses
   them (check_result, an overflowing model, an unstable 1 ms step); what
   it accepts must give a finite model and finite derived values. */
static int read_params(fz_in *in, spring_case *c) {
  double a, b, mass;
  c->fam = fz_byte(in) % F_COUNT;
  c->n = 1 + fz_byte(in) % 2;
  c->integrator = fz_byte(in) % 3;
  c->clamp = fz_byte(in) & 1;
  a = fz_finite(in);
  b = fz_finite(in);
  mass = fz_finite(in);
  if (fz_byte(in) & 1) mass = 1;             /* the default, often */
  if (!(mass > 0)) return 0;                 /* binding: positive number */
  if (!read_triple(in, c, a, b, mass) || !accepts(&c->p)) return 0;
  kn_spring_model_init(&c->m, c->p.mass, c->p.stiffness, c->p.damping);
  if (!isfinite(c->m.decay) || !isfinite(c->m.omega2) || !isfinite(c->m.disc)) return 0;
  if (kn_spring_step_check(&c->m, c->integrator) != KN_STEP_STABLE) return 0;
  CHECK(isfinite(c->m.decay) && isfinite(c->m.omega2) && isfinite(c->m.disc) &&
        c->m.omega2 >= 0 && c->m.decay >= 0,
        "accepted triple gives a non-finite model: m=%.17g k=%.17g c=%.17g "
        "(decay %.17g omega2 %.17g disc %.17g)", c->p.mass, c->p.stiffness, c->p.damping,
        c->m.decay, c->m.omega2, c->m.disc);
  {
    kn_spring_derived d;
    kn_spring_derive(&c->p, &d);
    CHECK(!isnan(d.omega) && !isnan(d.damping_ratio) && !isnan(d.bounce),
          "derived NaN: m=%.17g k=%.17g c=%.17g", c->p.mass, c->p.stiffness, c->p.damping);
  }
  return 1;
}

/* The state (from, to, velocity per component) and the rest thresholds. */
static void read_state(fz_in *in, spring_case *c) {
  int i;
  for (i = 0; i < c->n; i++) {
    c->from[i] = fz_finite(in); c->to[i] = fz_finite(in); c->vel[i] = fz_finite(in);
  }
  c->rest_delta = fabs(fz_finite(in)); c->rest_speed = fabs(fz_finite(in));
  if (fz_byte(in) & 1) { c->rest_delta = 1e-3; c->rest_speed = 1e-2; }
}

static kn_spring *new_spring(const spring_case *c, int n, const double *from,
                             const double *to, const double *vel) {
  kn_spring *s = (kn_spring *)calloc(1, kn_spring_size(n));
  kn_spring_init(s, n, &c->m, c->integrator, c->clamp, c->rest_delta, c->rest_speed,
                 from, to, vel);
  return s;
}

/* The spring's twin for the differential checks, or NULL: an analytic
   2-vector (spring.c's two-lane step) against the general loop's 3-vector
   whose third component is 0; a scalar spring (update_scalar, step_rk4_1,
   or step_euler's n = 1) against a 2-vector whose second component is 0
   (update_vec2, the general loops).  Both must agree bit for bit. */
static kn_spring *new_twin(const spring_case *c) {
  if (c->n == 2 && c->integrator == KN_SPRING_ANALYTIC) {
    double f3[3], t3[3], v3[3];
    f3[0] = c->from[0]; f3[1] = c->from[1]; f3[2] = 0;
    t3[0] = c->to[0]; t3[1] = c->to[1]; t3[2] = 0;
    v3[0] = c->vel[0]; v3[1] = c->vel[1]; v3[2] = 0;
    return new_spring(c, 3, f3, t3, v3);
  }
  if (c->n == 1) {
    double f2[2], t2[2], v2[2];
    f2[0] = c->from[0]; f2[1] = 0;
    t2[0] = c->to[0]; t2[1] = 0;
    v2[0] = c->vel[0]; v2[1] = 0;
    return new_spring(c, 2, f2, t2, v2);
  }
  return NULL;
}

/* Is the motion's scale representable?  w0 |y0| + |v0| and |y0| + |v0| tau
   (tau = 1/w0, else 1/a) at most 1e300 for every component, the targets
   too, and for rk4 and euler also the acceleration (k/m) y + (c/m) v they
   form. */
static int representable(const spring_case *c) {
  double w0 = sqrt(c->m.omega2);
  int i, ok = 1;
  for (i = 0; i < c->n; i++) {
    double y = fabs(c->from[i] - c->to[i]), v = fabs(c->vel[i]);
    double e1 = w0 * y + v;
    double e2 = y + (w0 > 0 ? v / w0 : (c->m.decay > 0 ? v / c->m.decay : v * 1e300));
    if (!(e1 <= 1e300 && e2 <= 1e300 && fabs(c->to[i]) <= 1e300)) ok = 0;
    if (c->integrator != KN_SPRING_ANALYTIC &&
        !(c->m.omega2 * e2 + 2 * c->m.decay * (v + w0 * e2) <= 1e300)) ok = 0;
  }
  return ok;
}

/* Update the twin s3 by the dt that gave the spring s `flags`: it must
   have the same flags, rest state, positions and velocities, bit for bit. */
static void check_twin(const spring_case *c, const kn_spring *s, kn_spring *s3,
                       double dt, int flags) {
  int flags3 = kn_spring_update(s3, dt), i;
  CHECK(flags == flags3 && s->at_rest == s3->at_rest,
        "%d- and %d-vector flags %d %d rest %d %d after dt=%.17g (k=%.17g c=%.17g m=%.17g "
        "from %.17g to %.17g v %.17g, rest %.17g %.17g, clamp %d)",
        c->n, s3->n, flags, flags3, s->at_rest, s3->at_rest, dt, c->p.stiffness, c->p.damping,
        c->p.mass, c->from[0], c->to[0], c->vel[0], c->rest_delta, c->rest_speed, c->clamp);
  for (i = 0; i < c->n; i++)
    CHECK(fz_same(KN_SPRING_SLOT(s, KN_SP_X)[i], KN_SPRING_SLOT(s3, KN_SP_X)[i]) &&
          fz_same(KN_SPRING_SLOT(s, KN_SP_V)[i], KN_SPRING_SLOT(s3, KN_SP_V)[i]),
          "%d- and %d-vector differ in component %d after dt=%.17g: x %.17g %.17g v %.17g %.17g",
          c->n, s3->n, i, dt, KN_SPRING_SLOT(s, KN_SP_X)[i], KN_SPRING_SLOT(s3, KN_SP_X)[i],
          KN_SPRING_SLOT(s, KN_SP_V)[i], KN_SPRING_SLOT(s3, KN_SP_V)[i]);
}

/* After an update of dt: no NaN while the scale is representable (ok),
   and for the analytic integrator no inf either, unless the spring has
   neither stiffness nor damping (it coasts without bound: the binding
   raises when x + v dt overflows). */
static void check_finite(const spring_case *c, const kn_spring *s, int ok, double dt) {
  int i;
  for (i = 0; i < 2 * c->n; i++) {
    double x = i < c->n ? KN_SPRING_SLOT(s, KN_SP_X)[i] : KN_SPRING_SLOT(s, KN_SP_V)[i - c->n];
    CHECK(!isnan(x) || !ok, "NaN state after dt=%.17g (fam %d int %d m=%.17g k=%.17g c=%.17g)",
          dt, c->fam, c->integrator, c->p.mass, c->p.stiffness, c->p.damping);
    if (ok && c->integrator == KN_SPRING_ANALYTIC && (c->p.stiffness > 0 || c->p.damping > 0))
      CHECK(isfinite(x), "inf state after dt=%.17g (m=%.17g k=%.17g c=%.17g)",
            dt, c->p.mass, c->p.stiffness, c->p.damping);
  }
}

/* Up to 8 updates of fuzzed dt, each checked against the twin and for
   finiteness; then settle_time, never NaN or negative, when the scale is
   representable. */
static void run_updates(fz_in *in, const spring_case *c, kn_spring *s, kn_spring *s3) {
  int ok = representable(c), k;
  for (k = 0; k < 8 && in->n > 0; k++) {
    double dt = fabs(fz_finite(in));
    int flags;
    /* the binding refuses dt > 3600 s for the 1 ms-substep integrators;
       the harness keeps them to 10 s (fuzzing speed) */
    if (c->integrator != KN_SPRING_ANALYTIC && dt > 10) dt = fmod(dt, 10.0);
    flags = kn_spring_update(s, dt);
    if (s3) check_twin(c, s, s3, dt, flags);
    if (c->p.stiffness == 0 && c->p.damping == 0 && c->integrator == KN_SPRING_ANALYTIC &&
        kn_spring_overflowed(s))
      break;                                 /* the binding raises here (coasting past 1.8e308) */
    check_finite(c, s, ok, dt);
  }
  if (ok) {
    double st = kn_spring_settle_time(s, fabs(fz_finite(in)));
    CHECK(!isnan(st) && st >= 0, "settle_time %.17g", st);
  }
}

/* The step schedule of e: exact and in order (step_times.h). */
static void check_schedule(const kn_easing *e, size_t n) {
  double t[8];
  size_t k;
  if (!kn_step_times(e, n, 1.0, t)) return;
  for (k = 0; k < n; k++) {
    double L = (double)(k + 1) / (double)n;
    CHECK(t[k] >= 0.0 && t[k] <= 1.0 && (k == 0 || t[k] >= t[k - 1]), "step times out of order");
    if (t[k] < 1.0 || kn_easing_eval(e, 1.0, 0) >= L) {
      CHECK(kn_easing_eval(e, t[k], 0) >= L, "E(t_%d) below %g", (int)k + 1, L);
      CHECK(t[k] == 0.0 || kn_easing_eval(e, nextafter(t[k], -1.0), 0) < L,
            "E reaches %g before t_%d = %.17g", L, (int)k + 1, t[k]);
    }
  }
}

/* s:easing() and s:linear() on a scalar spring, as the binding makes them
   (csrc/lua/spring.c read_curve): the settle time as duration, when it is
   finite and the normalized velocity is. */
static void check_curve(fz_in *in, const spring_case *c, const kn_spring *s) {
  double x = KN_SPRING_SLOT(s, KN_SP_X)[0], to = KN_SPRING_SLOT(s, KN_SP_TARGET)[0];
  double v = KN_SPRING_SLOT(s, KN_SP_V)[0], D, w, tol = (fz_byte(in) & 1) ? 1e-2 : 1e-3;
  double *pts;
  kn_spring_curve curve;
  kn_easing e, *l;
  size_t n, j;
  if (c->n != 1 || !representable(c) || !(to - x != 0.0) || !isfinite(to - x)) return;
  w = v / (to - x);
  D = kn_spring_settle_time(s, s->rest_delta * s->scale);
  if (!isfinite(w) || !(D > 0) || !isfinite(D)) return;
  kn_spring_curve_init(&curve, &c->m, w, D);
  kn_easing_init_spring(&e, &curve);
  for (j = 0; j <= 16; j++)
    CHECK(!isnan(kn_easing_eval(&e, (double)j / 16.0 - 0.25, 0)), "spring easing NaN");
  check_schedule(&e, 1 + fz_byte(in) % 8);
  n = kn_spring_curve_fit(&curve, tol, NULL, 0);
  if (n == 0 || n > KN_SPRING_FIT_MAX) return;
  l = (kn_easing *)malloc(kn_easing_size(n));
  pts = l->points;
  CHECK(kn_spring_curve_fit(&curve, tol, pts, n) == n, "fit count changed");
  kn_easing_init_linearfn(l, n);
  for (j = 0; j <= 97; j++) {
    double p = (double)j / 97.0, a = kn_easing_eval(l, p, 0), b = kn_easing_eval(&e, p, 0);
    CHECK(fabs(a - b) <= tol, "linear() fit off by %.3g at p=%g (max_error %g, %d stops)",
          fabs(a - b), p, tol, (int)n);
  }
  free(l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  spring_case c;
  kn_spring *s, *s3;
  if (!read_params(&in, &c)) return 0;
  read_state(&in, &c);
  s = new_spring(&c, c.n, c.from, c.to, c.vel);
  s3 = new_twin(&c);
  run_updates(&in, &c, s, s3);
  check_curve(&in, &c, s);
  free(s);
  free(s3);
  return 0;
}
