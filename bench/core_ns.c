/*
** core_ns.c -- C-level cost of the kinetic core (no Lua involved): easing
** eval, Spring update (scalar, 2-vector), spring_group update per spring,
** Timeline update (10 segments, 4 components), spec parsing, step times.
** Run by `make bench`:
**
**   make bench   (or: cc -O2 -std=c99 -Icsrc/core bench/core_ns.c csrc/core/*.c -lm)
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "easing.h"
#include "easing_parse.h"
#include "spring.h"
#include "spring_group.h"
#include "step_times.h"
#include "timeline.h"

static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static volatile double sink;

/* Springs get a new target every RETARGET frames, as in bench_spring.lua
   (left alone they decay into subnormal numbers, slow on every CPU). */
enum { RETARGET = 64 };

static void easing_row(const char *spec) {
  union { kn_easing e; double d[sizeof(kn_easing) / sizeof(double) + 2 * 16 + 1]; } buf;
  char err[128];
  const int n = 4000000, m = 997;
  double t0, s = 0.0;
  int i;
  if (!kn_easing_parse(spec, strlen(spec), &buf.e, 16, NULL, err, sizeof err)) {
    printf("%s: %s\n", spec, err);
    return;
  }
  t0 = now();
  for (i = 0; i < n; i++) s += kn_easing_eval(&buf.e, (double)(i % m) / m, 0);
  sink = s;
  printf("  easing eval %-32s %7.2f ns\n", spec, (now() - t0) * 1e9 / n);
}

static void spring_row(int dims) {
  kn_spring_model model;
  kn_spring *sp = (kn_spring *)calloc(1, kn_spring_size(dims));
  double from[2] = { 0, 0 }, to[2] = { 1, 2 }, v[2] = { 0, 0 };
  const int n = 10000000;
  double t0;
  int i;
  kn_spring_model_init(&model, 1, 180, 12);
  kn_spring_init(sp, dims, &model, KN_SPRING_ANALYTIC, 0, 0, 0, from, to, v);
  t0 = now();
  for (i = 0; i < n; i++) {
    if (i % RETARGET == 0) {     /* as bench_spring.lua: a new target every 64 frames */
      to[0] = -to[0]; to[1] = -to[1];
      kn_spring_set_target(sp, to);
    }
    kn_spring_update(sp, 1.0 / 60);
  }
  sink = sp->data[0];
  printf("  spring update, %d-vector %-22s %7.2f ns\n", dims, "", (now() - t0) * 1e9 / n);
  free(sp);
}

static void group_row(void) {
  enum { N = 10000 };
  kn_spring_model model;
  kn_spring_group *g = (kn_spring_group *)calloc(1, kn_spring_group_size(N));
  double *from = (double *)calloc(4 * N, sizeof(double));
  double *to = from + N, *neg = from + 3 * N;
  const int n = 2000;
  double t0;
  int i;
  for (i = 0; i < N; i++) { to[i] = (double)i / N; neg[i] = -to[i]; }
  kn_spring_model_init(&model, 1, 180, 12);
  kn_spring_group_init(g, N, &model, 0, 0, 0, from, to, from + 2 * N);
  t0 = now();
  for (i = 0; i < n; i++) {
    if (i % RETARGET == 0) kn_spring_group_set_targets(g, (i / RETARGET) % 2 ? to : neg);
    sink = kn_spring_group_update(g, 1.0 / 60);
  }
  printf("  spring_group update, per spring %-15s %7.2f ns\n", "", (now() - t0) * 1e9 / n / N);
  free(g);
  free(from);
}

static void timeline_row(void) {
  enum { NSEG = 10, NC = 4 };
  union { kn_easing e; double d[sizeof(kn_easing) / sizeof(double) + 2 * 16 + 1]; } ease;
  kn_timeline *tl = (kn_timeline *)calloc(1, kn_timeline_size(NSEG, NC));
  char err[128];
  const int n = 5000000;
  double t0;
  int i, j;
  kn_easing_parse("inOutQuad", 9, &ease.e, 16, NULL, err, sizeof err);
  kn_timeline_layout(tl, NSEG, NC);
  for (i = 0; i <= NSEG; i++)
    for (j = 0; j < NC; j++) tl->keys[i * NC + j] = (double)(i * 7 + j * 3);
  for (i = 0; i < NSEG; i++) {
    tl->dur[i] = 0.05 + (i % 3) * 0.04;
    tl->easing[i] = &ease.e;
  }
  tl->mode = 0;
  tl->after = KN_AFTER_RESTART;
  tl->iterations = HUGE_VAL;
  tl->delay = 0;
  tl->turn = 360;
  kn_timeline_finish(tl);
  t0 = now();
  for (i = 0; i < n; i++) {
    kn_timeline_seek(tl, tl->clock + 1.0 / 60);
    kn_timeline_at(tl, tl->clock, tl->scratch);
  }
  sink = tl->scratch[0];
  printf("  timeline update, 10 segments x 4 %-14s %7.2f ns\n", "", (now() - t0) * 1e9 / n);
  free(tl);
}

/* The parse alone (no Lua string, no object, no cache): the spec is the
   same every time, as the parser keeps no state between calls. */
static void parse_row(const char *name, const char *spec) {
  size_t len = strlen(spec), cap = kn_easing_parse_maxpoints(spec, len);
  kn_easing *e = (kn_easing *)malloc(kn_easing_size(cap));
  char err[128];
  const int n = 400000;
  double t0;
  int i, ok = 1;
  t0 = now();
  for (i = 0; i < n; i++) ok &= kn_easing_parse(spec, len, e, cap, NULL, err, sizeof err);
  if (!ok) { printf("%s: %s\n", spec, err); free(e); return; }
  sink = (double)e->kind;
  printf("  parse %-38s %9.1f ns\n", name, (now() - t0) * 1e9 / n);
  free(e);
}

static void step_times_row(const char *spec) {
  union { kn_easing e; double d[sizeof(kn_easing) / sizeof(double) + 2 * 16 + 1]; } buf;
  double out[100], t0;
  char err[128];
  const int n = 20000;
  int i;
  if (!kn_easing_parse(spec, strlen(spec), &buf.e, 16, NULL, err, sizeof err)) {
    printf("%s: %s\n", spec, err);
    return;
  }
  t0 = now();
  for (i = 0; i < n; i++) kn_step_times(&buf.e, 100, 1.0, out);
  sink = out[49];
  printf("  step_times %-33s %9.1f ns\n", spec, (now() - t0) * 1e9 / n);
}

int main(void) {
  printf("C core, no Lua (ns per operation)\n");
  easing_row("ease");
  easing_row("cubic-bezier(0.05, 0.7, 0.1, 1)");
  easing_row("outQuad");
  easing_row("outElastic");
  easing_row("steps(5)");
  spring_row(1);
  spring_row(2);
  group_row();
  timeline_row();
  parse_row("cubic-bezier()", "cubic-bezier(0.25, 0.1, 0.25, 1.5)");
  parse_row("steps(calc())", "steps(calc(7 / 2), jump-both)");
  parse_row("linear() of 10 stops",
            "linear(0, 0.0039, 0.0156, 0.0352, 0.0625 25%, 0.1407, 0.25, 0.5625 75%, 0.7123 90%, 1)");
  step_times_row("ease");
  step_times_row("outBounce");
  return 0;
}
