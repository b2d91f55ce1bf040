/*
** scroll.c -- Flutter's bouncing and clamping scroll simulations (scroll.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "kmath.h"
#include "scroll.h"

/* ---- bouncing --------------------------------------------------------------- */

static void spring_from(kn_bouncing *b, double t, double x, double v, double end) {
  b->spring_time = t;
  b->spring_x0 = x;
  b->spring_v0 = v;
  b->spring_end = end;
}

void kn_bouncing_init(kn_bouncing *b, double position, double velocity, double leading,
                      double trailing, const kn_spring_model *spring) {
  b->leading = leading;
  b->trailing = trailing;
  b->x0 = position;
  b->v0 = velocity;
  b->spring = *spring;
  b->time = 0;
  kn_friction_init(&b->friction, KN_BOUNCING_DRAG, position, velocity, 0.0,
                   KN_SCROLL_TOLERANCE);
  spring_from(b, HUGE_VAL, position, 0.0, position);
  if (position < leading) {
    spring_from(b, -HUGE_VAL, position, velocity, leading);
  } else if (position > trailing) {
    spring_from(b, -HUGE_VAL, position, velocity, trailing);
  } else {
    double fin = kn_friction_final_position(&b->friction), x, v, edge = 0.0, t;
    if (velocity > 0.0 && fin > trailing) edge = trailing;
    else if (velocity < 0.0 && fin < leading) edge = leading;
    else return;
    t = kn_friction_time_at(&b->friction, edge);
    kn_friction_at(&b->friction, t, &x, &v);
    spring_from(b, t, edge, v < KN_BOUNCING_MAX_TRANSFER ? v : KN_BOUNCING_MAX_TRANSFER, edge);
  }
}

/* The spring phase, tau seconds after the hand-off: displacement y from the
   edge and velocity v on the exact solution. */
static void spring_state(const kn_bouncing *b, double tau, double *y, double *v) {
  kn_spring_coefs k;
  double y0 = b->spring_x0 - b->spring_end;
  kn_spring_coefs_compute(&b->spring, tau, &k);
  *y = k.pos_pos * y0 + k.pos_vel * b->spring_v0;
  *v = k.vel_pos * y0 + k.vel_vel * b->spring_v0;
}

static double spring_tau(const kn_bouncing *b, double t) {
  return isfinite(b->spring_time) ? t - b->spring_time : t;
}

static int near_zero(double y, double v) {
  return fabs(y) < KN_SCROLL_TOLERANCE && fabs(v) < KN_SCROLL_TOLERANCE;
}

void kn_bouncing_at(const kn_bouncing *b, double t, double *x, double *v) {
  if (t > b->spring_time) {
    double y;
    spring_state(b, spring_tau(b, t), &y, v);
    *x = near_zero(y, *v) ? b->spring_end : b->spring_end + y;
    return;
  }
  kn_friction_at(&b->friction, t, x, v);
}

int kn_bouncing_done(const kn_bouncing *b, double t) {
  if (t > b->spring_time) {
    double y, v;
    spring_state(b, spring_tau(b, t), &y, &v);
    return near_zero(y, v);
  }
  return kn_friction_done(&b->friction, t);
}

double kn_bouncing_final_position(const kn_bouncing *b) {
  return b->spring_time < HUGE_VAL ? b->spring_end : kn_friction_final_position(&b->friction);
}

/* ---- clamping --------------------------------------------------------------- */

/* D = ln 0.78 / ln 0.9, Android's DECELERATION_RATE. */
static double decel_rate(void) { return log(0.78) / log(0.9); }

#define INFLEXION 0.35
#define PHYSICAL_COEFF (9.80665 * 39.37 * 160.0 * 0.84)

void kn_clamping_init(kn_clamping *c, double position, double velocity, double friction) {
  double D = decel_rate(), vref = friction * PHYSICAL_COEFF / INFLEXION;
  c->friction = friction;
  c->x0 = position;
  c->v0 = velocity;
  c->time = 0;
  c->duration = D * INFLEXION * kn_pow(fabs(velocity) / vref, 1.0 / (D - 1.0));
  c->distance = velocity * c->duration / D;
}

/* u = 1 - t/T clamped to [0, 1] (T = 0: 0, the end). */
static double remaining(const kn_clamping *c, double t) {
  double u;
  if (!(c->duration > 0.0)) return 0.0;
  u = 1.0 - t / c->duration;
  return u < 0.0 ? 0.0 : (u > 1.0 ? 1.0 : u);
}

void kn_clamping_at(const kn_clamping *c, double t, double *x, double *v) {
  double D = decel_rate(), u = remaining(c, t);
  /* 1 - u^D as -expm1(D ln u): no cancellation while t/T is small */
  *x = c->x0 + c->distance * (u > 0.0 ? -kn_expm1(D * log(u)) : 1.0);
  *v = c->v0 * kn_pow(u, D - 1.0);
}

int kn_clamping_done(const kn_clamping *c, double t) { return t >= c->duration; }

double kn_clamping_final_position(const kn_clamping *c) { return c->x0 + c->distance; }
