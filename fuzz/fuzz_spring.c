/*
** fuzz_spring.c -- spring parameter conversion and update with arbitrary
** finite parameters, state and dt.  The harness applies exactly the checks
** of the binding (l_spring.c: range checks of each family, then
** check_result on the triple); for every accepted parameter set
** the model must be finite and updates from a finite state must stay
** finite while the motion's scale is representable (|y0| + |v0|/w0 and
** w0 |y0| + |v0| below 1e300; a spring without stiffness and damping coasts
** without bound and may overflow: see README).
*/
#include "fuzz_common.h"
#include "spring.h"
#include "spring_params.h"

enum { F_PHYSICAL, F_FREQUENCY, F_RESPONSE, F_DURATION, F_REBOUND, F_ORIGAMI,
       F_BOUNCY, F_PRESET, F_COUNT };

/* The binding's verdict on a triple (l_spring.c check_result). */
static int accepts(const kn_spring_triple *p) {
  return isfinite(p->stiffness) && p->stiffness >= 0 && isfinite(p->damping) && p->damping >= 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  int fam = fz_byte(&in) % F_COUNT, n = 1 + fz_byte(&in) % 2, i, k;
  int integrator = fz_byte(&in) % 3, clamp = fz_byte(&in) & 1;
  double a = fz_finite(&in), b = fz_finite(&in), mass = fz_finite(&in);
  kn_spring_triple p;
  kn_spring_model m;
  kn_spring *s, *s3 = NULL;
  double from[2], to[2], vel[2], rest_delta, rest_speed;
  int flags;
  if (fz_byte(&in) & 1) mass = 1;            /* the default, often */
  if (!(mass > 0)) return 0;                 /* binding: positive number */
  switch (fam) {
    case F_PHYSICAL:
      if (!(a >= 0 && b >= 0)) return 0;
      p.mass = mass; p.stiffness = a; p.damping = b;
      break;
    case F_FREQUENCY:
      if (!(a > 0 && b >= 0)) return 0;
      kn_spring_from_frequency(mass, a, b, &p);
      break;
    case F_RESPONSE:
      if (!(a > 0 && b >= 0)) return 0;
      kn_spring_from_response(mass, a, b, &p);
      break;
    case F_DURATION:
      if (!(a > 0 && b > -1 && b <= 1)) return 0;
      kn_spring_from_duration(mass, a, b, &p);
      break;
    case F_REBOUND:
      if (!(a >= 0 && b >= 0)) return 0;
      p.mass = 1; p.stiffness = a; p.damping = b;
      break;
    case F_ORIGAMI:
      kn_spring_from_origami(a, b, &p);
      break;
    case F_BOUNCY:
      if (!(a >= 0 && b >= 0)) return 0;
      kn_spring_from_bouncy(a, b, &p);
      break;
    default: {
      static const char names[][10] = { "default", "gentle", "wobbly", "stiff", "slow",
                                        "molasses", "nope", "" };
      if (!kn_spring_from_preset(names[fz_byte(&in) % 8], &p)) return 0;
      p.mass = mass;
      break;
    }
  }
  if (!accepts(&p)) return 0;
  kn_spring_model_init(&m, p.mass, p.stiffness, p.damping);
  /* the binding (l_spring.c spring_new) refuses an overflowing model and
     rk4/euler when the fixed 1 ms step is unstable */
  if (!isfinite(m.decay) || !isfinite(m.omega2) || !isfinite(m.disc)) return 0;
  if (kn_spring_step_check(&m, integrator) != KN_STEP_STABLE) return 0;
  CHECK(isfinite(m.decay) && isfinite(m.omega2) && isfinite(m.disc) && m.omega2 >= 0
        && m.decay >= 0, "accepted triple gives a non-finite model: m=%.17g k=%.17g c=%.17g "
        "(decay %.17g omega2 %.17g disc %.17g)", p.mass, p.stiffness, p.damping,
        m.decay, m.omega2, m.disc);
  {
    kn_spring_derived d;
    kn_spring_derive(&p, &d);
    CHECK(!isnan(d.omega) && !isnan(d.damping_ratio) && !isnan(d.bounce),
          "derived NaN: m=%.17g k=%.17g c=%.17g", p.mass, p.stiffness, p.damping);
  }
  for (i = 0; i < n; i++) { from[i] = fz_finite(&in); to[i] = fz_finite(&in); vel[i] = fz_finite(&in); }
  rest_delta = fabs(fz_finite(&in)); rest_speed = fabs(fz_finite(&in));
  if (fz_byte(&in) & 1) { rest_delta = 1e-3; rest_speed = 1e-2; }
  s = (kn_spring *)calloc(1, kn_spring_size(n));
  kn_spring_init(s, n, &m, integrator, clamp, rest_delta, rest_speed, from, to, vel);
  /* differential: an analytic 2-vector (spring.c's two-lane step) against
     the general loop's 3-vector whose third component is 0 -- bit for bit */
  if (n == 2 && integrator == KN_SPRING_ANALYTIC) {
    double f3[3] = { from[0], from[1], 0 }, t3[3] = { to[0], to[1], 0 }, v3[3] = { vel[0], vel[1], 0 };
    s3 = (kn_spring *)calloc(1, kn_spring_size(3));
    kn_spring_init(s3, 3, &m, integrator, clamp, rest_delta, rest_speed, f3, t3, v3);
  }
  /* and a scalar spring (update_scalar, step_rk4_1, or step_euler's n = 1)
     against a 2-vector whose second component is 0 (update_vec2, the
     general loops) */
  if (n == 1) {
    double f2[2] = { from[0], 0 }, t2[2] = { to[0], 0 }, v2[2] = { vel[0], 0 };
    s3 = (kn_spring *)calloc(1, kn_spring_size(2));
    kn_spring_init(s3, 2, &m, integrator, clamp, rest_delta, rest_speed, f2, t2, v2);
  }
  {
    /* is the motion's scale representable?  w0 |y0| + |v0| and |y0| + |v0| tau */
    double w0 = sqrt(m.omega2), big = 0;
    int ok = 1;
    for (i = 0; i < n; i++) {
      double y = fabs(from[i] - to[i]), v = fabs(vel[i]);
      double e1 = w0 * y + v, e2 = y + (w0 > 0 ? v / w0 : (m.decay > 0 ? v / m.decay : v * 1e300));
      if (!(e1 <= 1e300 && e2 <= 1e300 && fabs(to[i]) <= 1e300)) ok = 0;
      /* rk4 and euler form the acceleration (k/m) y + (c/m) v: it must be
         representable too */
      if (integrator != KN_SPRING_ANALYTIC && !(m.omega2 * e2 + 2 * m.decay * (v + w0 * e2) <= 1e300)) ok = 0;
      if (e2 > big) big = e2;
    }
    for (k = 0; k < 8 && in.n > 0; k++) {
      double dt = fabs(fz_finite(&in));
      /* the binding refuses dt > 3600 s for the 1 ms-substep integrators;
         the harness keeps them to 10 s (fuzzing speed) */
      if (integrator != KN_SPRING_ANALYTIC && dt > 10) dt = fmod(dt, 10.0);
      flags = kn_spring_update(s, dt);
      if (s3) {
        int flags3 = kn_spring_update(s3, dt), c;
        CHECK(flags == flags3 && s->at_rest == s3->at_rest,
              "%d- and %d-vector flags %d %d rest %d %d after dt=%.17g (k=%.17g c=%.17g m=%.17g "
              "from %.17g to %.17g v %.17g, rest %.17g %.17g, clamp %d)",
              n, s3->n, flags, flags3, s->at_rest, s3->at_rest, dt, p.stiffness, p.damping,
              p.mass, from[0], to[0], vel[0], rest_delta, rest_speed, clamp);
        for (c = 0; c < n; c++)
          CHECK(fz_same(KN_SPRING_SLOT(s, KN_SP_X)[c], KN_SPRING_SLOT(s3, KN_SP_X)[c]) &&
                fz_same(KN_SPRING_SLOT(s, KN_SP_V)[c], KN_SPRING_SLOT(s3, KN_SP_V)[c]),
                "%d- and %d-vector differ in component %d after dt=%.17g: x %.17g %.17g v %.17g %.17g",
                n, s3->n, c, dt, KN_SPRING_SLOT(s, KN_SP_X)[c], KN_SPRING_SLOT(s3, KN_SP_X)[c],
                KN_SPRING_SLOT(s, KN_SP_V)[c], KN_SPRING_SLOT(s3, KN_SP_V)[c]);
      }
      if (p.stiffness == 0 && p.damping == 0 && integrator == KN_SPRING_ANALYTIC) {
        if (kn_spring_overflowed(s)) break;      /* the binding raises here (coasting past 1.8e308) */
      }
      for (i = 0; i < 2 * n; i++) {
        double x = i < n ? KN_SPRING_SLOT(s, KN_SP_X)[i] : KN_SPRING_SLOT(s, KN_SP_V)[i - n];
        CHECK(!isnan(x) || !ok, "NaN state after dt=%.17g (fam %d int %d m=%.17g k=%.17g c=%.17g)",
              dt, fam, integrator, p.mass, p.stiffness, p.damping);
        /* without stiffness and damping it coasts without bound: the
           binding raises when x + v dt overflows (check_overflow) */
        if (ok && integrator == KN_SPRING_ANALYTIC && (p.stiffness > 0 || p.damping > 0))
          CHECK(isfinite(x), "inf state after dt=%.17g (m=%.17g k=%.17g c=%.17g)",
                dt, p.mass, p.stiffness, p.damping);
      }
    }
    if (ok) {
      double st = kn_spring_settle_time(s, fabs(fz_finite(&in)));
      CHECK(!isnan(st) && st >= 0, "settle_time %.17g", st);
    }
    (void)big;
  }
  free(s);
  free(s3);
  return 0;
}
