/*
** inertia.c -- Motion's inertia (inertia.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "inertia.h"
#include "kmath.h"

static void hand_off(kn_inertia *m, double t, double x, double v, double bound) {
  m->handoff = t;
  m->spring_x0 = x;
  m->spring_v0 = v;
  m->bound = bound;
  /* motion-dom's spring default: 0.01 for a move under 5 units, else 2 */
  if (m->rest_speed < 0.0) m->rest_speed = fabs(bound - x) < 5.0 ? 0.01 : 2.0;
  m->spring_end = kn_spring_rest_time(&m->spring, x - bound, v, m->rest_delta, m->rest_speed);
}

/* The bound nearer x (Motion's nearestBoundary). */
static double nearer(const kn_inertia *m, double x) {
  if (m->min == -HUGE_VAL) return m->max;
  if (m->max == HUGE_VAL) return m->min;
  return fabs(m->min - x) < fabs(m->max - x) ? m->min : m->max;
}

void kn_inertia_init(kn_inertia *m, double position, double velocity, double target,
                     double tau, double min, double max, double rest_delta,
                     double rest_speed, const kn_spring_model *spring) {
  double a = target - position;
  m->x0 = position;
  m->v0 = velocity;
  m->target = target;
  m->amplitude = a;
  m->tau = tau;
  m->min = min;
  m->max = max;
  m->rest_delta = rest_delta;
  m->rest_speed = rest_speed;
  m->spring = *spring;
  m->time = 0.0;
  m->handoff = HUGE_VAL;
  m->bound = target;
  m->spring_end = 0.0;
  /* |A| e^{-t/tau} = rest_delta at tau ln(|A| / rest_delta) */
  m->decay_end = fabs(a) > rest_delta ? tau * (log(fabs(a)) - log(rest_delta)) : 0.0;
  if (position < min || position > max) {
    hand_off(m, 0.0, position, a / tau, nearer(m, position));
  } else if (target < min || target > max) {
    /* the decay reaches the bound b where e^{-t/tau} = (X - b) / A, in (0, 1);
       if it ends first (|X - b| <= rest_delta) it hands off from X */
    double b = target > max ? max : min, r = (target - b) / a;
    double tc = -tau * log(r);
    if (tc <= m->decay_end) hand_off(m, tc, b, (a / tau) * r, b);
    else hand_off(m, m->decay_end, target, (a / tau) * exp(-m->decay_end / tau), b);
  }
}

void kn_inertia_at(const kn_inertia *m, double t, double *x, double *v) {
  if (t >= m->handoff) {
    double tau = t - m->handoff, y0 = m->spring_x0 - m->bound;
    kn_spring_coefs k;
    if (tau >= m->spring_end) { *x = m->bound; *v = 0.0; return; }
    kn_spring_coefs_compute(&m->spring, tau, &k);
    *x = m->bound + (k.pos_pos * y0 + k.pos_vel * m->spring_v0);
    *v = k.vel_pos * y0 + k.vel_vel * m->spring_v0;
    return;
  }
  if (t >= m->decay_end) { *x = m->target; *v = 0.0; return; }
  {
    double e = exp(-t / m->tau);
    /* X - A e^{-t/tau} = x0 + A (1 - e^{-t/tau}): exact at t = 0 */
    *x = m->x0 - m->amplitude * kn_expm1(-t / m->tau);
    *v = (m->amplitude / m->tau) * e;
  }
}

int kn_inertia_done(const kn_inertia *m, double t) {
  if (m->handoff < HUGE_VAL) return t >= m->handoff + m->spring_end;
  return t >= m->decay_end;
}

double kn_inertia_final_position(const kn_inertia *m) { return m->bound; }
