/*
** spring_group.c -- many scalar springs, one model, shared coefficients.
** Every step below mirrors spring.c for n = 1 (kn_spring_restart,
** step_analytic, finish: clamp / rest test / snap), so that a group gives
** the very same doubles as `count` separate kn_springs.
*/
#include <math.h>
#include <string.h>

#include "spring_group.h"

size_t kn_spring_group_size(int count) {
  return sizeof(kn_spring_group) +
         sizeof(double) * (size_t)KN_SG_SLOTS * (size_t)count;
}

/* Time scale that turns a speed into a distance (spring.c: time_scale). */
static double time_scale(const kn_spring_model *m) {
  if (m->stiffness > 0) return 1 / sqrt(m->omega2);
  if (m->damping > 0) return m->mass / m->damping;
  return 1;
}

/* kn_spring_restart for spring i. */
static void restart(kn_spring_group *g, int i) {
  double *x = KN_SG_SLOT(g, KN_SG_X), *v = KN_SG_SLOT(g, KN_SG_V);
  double *tg = KN_SG_SLOT(g, KN_SG_TARGET), *from = KN_SG_SLOT(g, KN_SG_FROM);
  double *scale = KN_SG_SLOT(g, KN_SG_SCALE), *rest = KN_SG_SLOT(g, KN_SG_REST);
  double dist = fabs(tg[i] - x[i]), speed = fabs(v[i]);
  double tau = time_scale(&g->model);
  double vs = speed * tau;
  int was = rest[i] != 0.0, now;
  scale[i] = dist > vs ? dist : vs;
  now = (dist == 0 && speed == 0);
  rest[i] = now ? 1.0 : 0.0;
  from[i] = dist > 0 ? x[i] : tg[i] + v[i] * tau;
  g->moving += was - now;
}

void kn_spring_group_init(kn_spring_group *g, int count, const kn_spring_model *m,
                          int clamp, double rest_delta, double rest_speed,
                          const double *from, const double *to,
                          const double *velocity) {
  int i;
  g->model = *m;
  g->count = count;
  g->clamp = clamp;
  g->rest_delta = rest_delta;
  g->rest_speed = rest_speed;
  g->coefs_dt = -1;
  g->moving = 0;
  for (i = 0; i < count; i++) {
    KN_SG_SLOT(g, KN_SG_X)[i] = from[i];
    KN_SG_SLOT(g, KN_SG_V)[i] = velocity[i];
    KN_SG_SLOT(g, KN_SG_TARGET)[i] = to[i];
    KN_SG_SLOT(g, KN_SG_REST)[i] = 1.0;   /* counted as resting until restart */
    restart(g, i);
  }
}

void kn_spring_group_set(kn_spring_group *g, int i, double x) {
  KN_SG_SLOT(g, KN_SG_X)[i] = x;
  restart(g, i);
}

void kn_spring_group_set_velocity(kn_spring_group *g, int i, double v) {
  KN_SG_SLOT(g, KN_SG_V)[i] = v;
  restart(g, i);
}

void kn_spring_group_set_state(kn_spring_group *g, int i, double x, double v) {
  KN_SG_SLOT(g, KN_SG_X)[i] = x;
  KN_SG_SLOT(g, KN_SG_V)[i] = v;
  restart(g, i);
}

/* As kn_spring_set_target: an unchanged target changes nothing. */
void kn_spring_group_set_target(kn_spring_group *g, int i, double target) {
  double *tg = KN_SG_SLOT(g, KN_SG_TARGET);
  if (tg[i] == target) return;
  tg[i] = target;
  restart(g, i);
}

void kn_spring_group_set_targets(kn_spring_group *g, const double *targets) {
  double *tg = KN_SG_SLOT(g, KN_SG_TARGET);
  int i;
  for (i = 0; i < g->count; i++) {
    if (tg[i] == targets[i]) continue;
    tg[i] = targets[i];
    restart(g, i);
  }
}

int kn_spring_group_update(kn_spring_group *g, double dt) {
  const int n = g->count;
  double *restrict x = KN_SG_SLOT(g, KN_SG_X), *restrict v = KN_SG_SLOT(g, KN_SG_V);
  double *restrict tg = KN_SG_SLOT(g, KN_SG_TARGET);
  const double *restrict from = KN_SG_SLOT(g, KN_SG_FROM);
  const double *restrict scale = KN_SG_SLOT(g, KN_SG_SCALE);
  double *restrict rest = KN_SG_SLOT(g, KN_SG_REST);
  const double k = g->model.stiffness;
  const double rd = g->rest_delta, rs = g->rest_speed;
  const int clampk = g->clamp && k != 0;
  double pp, pv, vp, vv;
  int i, moving = 0;
  if (g->moving == 0) return 0;
  if (dt != g->coefs_dt) {
    kn_spring_coefs_compute(&g->model, dt, &g->coefs);
    g->coefs_dt = dt;
  }
  pp = g->coefs.pos_pos; pv = g->coefs.pos_vel;
  vp = g->coefs.vel_pos; vv = g->coefs.vel_vel;
  /* kn_spring_coefs_apply, then spring.c's finish() for n = 1 (update_scalar):
     the same operations in the same order, so the same doubles */
  for (i = 0; i < n; i++) {
    double t, y, v0, xi, vi, sc;
    if (rest[i] != 0.0) continue;
    t = tg[i];
    y = x[i] - t;
    v0 = v[i];
    xi = t + (pp * y + pv * v0);
    vi = vp * y + vv * v0;
    sc = scale[i];
    if ((clampk && (xi - t) * (t - from[i]) > 0) ||
        (fabs(vi) <= rs * sc && (k == 0 || fabs(xi - t) <= rd * sc))) {
      if (k > 0) xi = t; else tg[i] = xi;   /* snap */
      vi = 0;
      rest[i] = 1.0;
    } else {
      moving++;
    }
    x[i] = xi; v[i] = vi;
  }
  g->moving = moving;
  return moving;
}

void kn_spring_group_positions(const kn_spring_group *g, double *out) {
  memcpy(out, g->data, sizeof(double) * (size_t)g->count);
}
