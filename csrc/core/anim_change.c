/*
** anim_change.c -- an animator's next visible change: the smallest dt
** such that update(dt) would make something happen (animator.h).
**
** An update moves a root's clock from t0 to t0 + dt r (r its rate, the
** frame starting at 0), and what it then shows is a function of dt alone:
** a tween's values at that clock (a group's child at the clock the sweep
** gives it), a spring's state after one step of dt r from its state now.
** Events -- a start, an end, a child reached, a child's on_complete -- are
** clock crossings, found by reach: the smallest dt whose clock is at or
** past the mark.  A rounded value's change is found by sample: dt is
** sampled (SAMPLES per pass of a tween, per period of a spring) until a
** sample rounds differently from what was written, or a component turns
** between three samples at a peak that does (the peak located by
** golden-section search); bisection over doubles then gives the smallest
** dt showing a change, the double below it showing none.  Both searches
** bisect a predicate false at lo and true at hi down to adjacent doubles,
** computing dt -> clock -> value exactly as update does.
*/
#include "fpcontract.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "animator.h"
#include "spring.h"
#include "timeline.h"

#define SAMPLES 256.0        /* samples per pass of a tween */
#define SPRING_SAMPLES 32.0  /* samples per period of a spring */
#define MAX_SAMPLES 4096     /* then the search stops at its last sample */
#define GOLDEN_STEPS 48      /* a peak located to 0.618^48 of three samples */
#define TWO_PI 6.283185307179586

/* What a probe follows: a root's clock t0 + dt rate, clamped to its total;
   for a child of a one-pass group (kid >= 0) the sweep's local time of
   that clock within the group (delay d, duration T), then the child's
   own clock from its offset s over its length len. */
typedef struct probe {
  kn_animator *A;
  int node, kid;
  double t0, rate, total, d, T, s, len;
  double limit;          /* the least change found so far: no search goes past it */
  int n;                 /* rounded components */
  double *cur;           /* what was written (n) */
  double *v, *w, *x;     /* three samples (n) */
  double *save;          /* scratch of a tween's outs (n) */
  kn_spring *sp;         /* scratch spring (the largest channel's) */
} probe;

/* ---- clocks ------------------------------------------------------------ */

/* The clock of the root at dt, as advance_root sets it. */
static double root_clock(const probe *p, double dt) {
  double t = p->t0 + dt * p->rate;
  if (!(t <= 1.7976931348623157e308)) t = 1.7976931348623157e308;
  return t > p->total ? p->total : t;
}

/* The group's local time at dt, as sweep_group shows it for one pass. */
static double group_time(const probe *p, double dt) {
  double t = root_clock(p, dt), tau;
  if (t < p->d) t = p->d;
  tau = t - p->d;
  return tau < p->T && t < p->total ? tau : p->T;
}

/* The probe's own clock at dt: the root's, or the child's within it. */
static double clock_at(const probe *p, double dt) {
  double u;
  if (p->kid < 0) return root_clock(p, dt);
  u = group_time(p, dt);
  return u >= p->s + p->len ? p->len : u <= p->s ? 0.0 : u - p->s;
}

/* Bisection over doubles: pred false at lo, true at hi; the smallest dt in
   (lo, hi] the halving reaches with pred true. */
static double bisect(probe *p, int (*pred)(probe *, double, double), double mark, double lo,
                     double hi) {
  for (;;) {
    double mid = lo + (hi - lo) * 0.5;
    if (mid <= lo || mid >= hi) return hi;
    if (pred(p, mid, mark)) hi = mid;
    else lo = mid;
  }
}

/* Whether the root's clock (mark >= 0: the group's local time) at dt is at
   or past mark. */
static int reached(probe *p, double dt, double mark) {
  return (p->kid < 0 ? root_clock(p, dt) : group_time(p, dt)) >= mark;
}

/* The smallest dt at which the clock reaches mark (0 when it has;
   HUGE_VAL when it never will). */
static double reach(probe *p, double mark) {
  double hi, c0;
  if (reached(p, 0.0, mark)) return 0.0;
  if (!(p->rate > 0.0) || !(mark < HUGE_VAL)) return HUGE_VAL;
  c0 = p->kid < 0 ? root_clock(p, 0.0) : group_time(p, 0.0);
  hi = (mark - c0) / p->rate;
  if (!(hi > 0.0)) hi = 4.9406564584124654e-324;
  while (!reached(p, hi, mark)) {
    if (!(hi < HUGE_VAL)) return HUGE_VAL;
    hi *= 2.0;
  }
  return bisect(p, reached, mark, 0.0, hi);
}

/* ---- values ------------------------------------------------------------- */

/* The tween node's values at clock t, unrounded, into v (its outs kept). */
static void tween_values(probe *p, int node, double t, double *v) {
  kn_animator *A = p->A;
  kn_round r = A->nodes[node].round;
  int c, i, j = 0;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    if (ch->object == NULL) continue;
    for (i = 0; i < (ch->n > 0 ? ch->n : 1); i++) p->save[j++] = ch->out[i];
  }
  A->nodes[node].round.q = 0.0;
  A->nodes[node].round.nset = 0;
  kn_anim_tween_eval(A, node, t);
  A->nodes[node].round = r;
  for (j = 0, c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    if (ch->object == NULL) continue;
    for (i = 0; i < (ch->n > 0 ? ch->n : 1); i++, j++) {
      v[j] = ch->out[i];
      ch->out[i] = p->save[j];
    }
  }
}

/* The spring node's positions after a step of dt rate from now, unrounded,
   into v, as spring_step makes them; 1 when every spring then rests. */
static int spring_values(probe *p, double dt, double *v) {
  kn_animator *A = p->A;
  double step = dt * p->rate;
  int c, i, j = 0, rest = 1;
  for (c = A->nodes[p->node].chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    kn_spring *s = p->sp;
    int k = ch->n > 0 ? ch->n : 1, flags = 0;
    double left = step;
    if (ch->object == NULL) continue;
    memcpy(s, ch->spring, kn_spring_size(k));
    if (s->integrator != KN_SPRING_ANALYTIC && left > KN_SPRING_STEPPED_DT_MAX)
      left = KN_SPRING_STEPPED_DT_MAX;
    if (!s->at_rest && left > 0.0) flags = kn_spring_update(s, left);
    if (flags & KN_SPRING_OVERFLOW) kn_spring_reset_on_target(s);
    for (i = 0; i < k; i++) v[j++] = KN_SPRING_SLOT(s, KN_SP_X)[i];
    if (!s->at_rest) rest = 0;
  }
  return rest;
}

/* The probe's values at dt into v; 1 when the node ends there (a spring
   node's springs all rest). */
static int values(probe *p, double dt, double *v) {
  if (p->kid >= 0) {
    tween_values(p, p->kid, clock_at(p, dt), v);
    return 0;
  }
  if (p->A->nodes[p->node].kind == KN_NODE_SPRING) return spring_values(p, dt, v);
  tween_values(p, p->node, clock_at(p, dt), v);
  return 0;
}

/* Whether the values v, rounded, differ from what was written. */
static int differs(const probe *p, const double *v) {
  const kn_round *r = &p->A->nodes[p->kid >= 0 ? p->kid : p->node].round;
  int j;
  for (j = 0; j < p->n; j++)
    if (kn_round_value(r, v[j]) != p->cur[j]) return 1;
  return 0;
}

/* Whether update(dt) makes something happen: a value changes, or the
   node ends. */
static int happens(probe *p, double dt, double mark) {
  (void)mark;
  return values(p, dt, p->x) || differs(p, p->x);
}

/* The dt in [lo, hi] where component j peaks (a maximum when up), by
   golden-section search. */
static double peak(probe *p, int j, double lo, double hi, int up) {
  const double g = 0.6180339887498949;
  double a = lo, b = hi, c = b - (b - a) * g, d = a + (b - a) * g, fc, fd;
  int i;
  values(p, c, p->x); fc = up ? p->x[j] : -p->x[j];
  values(p, d, p->x); fd = up ? p->x[j] : -p->x[j];
  for (i = 0; i < GOLDEN_STEPS; i++) {
    if (fc >= fd) {
      b = d; d = c; fd = fc;
      c = b - (b - a) * g;
      values(p, c, p->x); fc = up ? p->x[j] : -p->x[j];
    } else {
      a = c; c = d; fc = fd;
      d = a + (b - a) * g;
      values(p, d, p->x); fd = up ? p->x[j] : -p->x[j];
    }
  }
  return fc >= fd ? c : d;
}

/* The first dt in (0, horizon) whose update shows a changed value or the
   node's end, sampling every h; horizon when none comes before it. */
static double sample(probe *p, double h, double horizon) {
  double t1 = 0.0, t2 = 0.0, t, *tmp;
  int i, j, two = 0;
  if (happens(p, 0.0, 0.0)) return 0.0;
  (void)values(p, 0.0, p->w);
  for (i = 1; i <= MAX_SAMPLES; i++) {
    int rest;
    t = (double)i * h;
    if (!(t < horizon)) t = horizon;
    rest = values(p, t, p->x);
    for (j = 0; two && j < p->n; j++) {   /* a turn at the middle sample */
      double a = p->w[j] - p->v[j], b = p->x[j] - p->w[j], tp;
      if (!((a > 0.0 && b < 0.0) || (a < 0.0 && b > 0.0))) continue;
      tp = peak(p, j, t2, t, a > 0.0);
      if (happens(p, tp, 0.0)) return bisect(p, happens, 0.0, t2, tp);
      (void)values(p, t, p->x);
    }
    if (rest || differs(p, p->x)) return bisect(p, happens, 0.0, t1, t);
    if (t >= horizon) return horizon;
    tmp = p->v; p->v = p->w; p->w = p->x; p->x = tmp;
    t2 = t1; t1 = t; two = 1;
  }
  return t1;
}

/* ---- nodes ---------------------------------------------------------------- */

/* Whether node's values are rounded by the core, and eased by it. */
static int predictable(const kn_animator *A, int node) {
  const kn_node *nd = &A->nodes[node];
  return kn_round_active(&nd->round) && !(nd->user & (KN_AN_LUA_ROUND | KN_AN_LUA_EASE));
}

/* Components of node's channels that have an object; *big the largest. */
static int components(const kn_animator *A, int node, int *big) {
  int c, n = 0;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    int k = ch->n > 0 ? ch->n : 1;
    if (ch->object == NULL) continue;
    n += k;
    if (k > *big) *big = k;
  }
  return n;
}

/* The probe's buffers for node (its written values in cur); 0 when memory
   runs out. */
static int probe_buffers(probe *p, int node) {
  kn_animator *A = p->A;
  int big = 1, c, i, j = 0;
  p->n = components(A, node, &big);
  p->cur = (double *)malloc((size_t)(5 * p->n + 1) * sizeof(double));
  p->sp = (kn_spring *)calloc(1, kn_spring_size(big));
  if (p->cur == NULL || p->sp == NULL) { free(p->cur); free(p->sp); return 0; }
  p->v = p->cur + p->n; p->w = p->v + p->n; p->x = p->w + p->n; p->save = p->x + p->n;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    if (ch->object == NULL) continue;
    for (i = 0; i < (ch->n > 0 ? ch->n : 1); i++) p->cur[j++] = ch->out[i];
  }
  return 1;
}

/* The first change of the probe's node (or child) before horizon, sampled
   every h; -1 when memory runs out. */
static double search(probe *p, int node, double h, double horizon) {
  double r;
  if (!probe_buffers(p, node)) return -1.0;
  r = sample(p, h, horizon < p->limit ? horizon : p->limit);
  free(p->cur);
  free(p->sp);
  return r;
}

static double mind(double a, double b) { return a < b ? a : b; }

/* A one-pass group's next change: its children reached, their changes and
   callbacks, its end (at `end`). */
static double group_change(probe *p, double end) {
  kn_animator *A = p->A;
  const kn_node *g = &A->nodes[p->node];
  double best = end, u0;
  int i;
  p->d = g->span.delay; p->T = g->span.duration;
  if (g->span.iterations != 1.0 || !(p->T > 0.0) || !(p->T < HUGE_VAL)) return 0.0;
  p->kid = 0;
  u0 = group_time(p, 0.0);
  for (i = 0; i < A->nodes[p->node].nkids; i++) {
    int k = A->nodes[p->node].kids[i];
    const kn_node *kn = &A->nodes[k];
    double r;
    if (kn->state != KN_NODE_LIVE) continue;
    p->s = kn->offset;
    p->len = kn->kind == KN_NODE_CALL ? 0.0 : kn->span.total;
    if (kn->kind != KN_NODE_CALL && kn->kind != KN_NODE_TWEEN) return 0.0;
    if (u0 < p->s || !kn->started) {           /* reached later: it starts (or is called) */
      best = mind(best, reach(p, p->s));
      continue;
    }
    if (u0 >= p->s + p->len) continue;          /* played */
    if (kn->user & KN_AN_ON_COMPLETE) best = mind(best, reach(p, p->s + p->len));
    if (!predictable(A, k) || !(kn->span.duration > 0.0)) return 0.0;
    p->kid = k;
    r = search(p, k, kn->span.duration / SAMPLES / p->rate, mind(best, reach(p, p->s + p->len)));
    p->kid = 0;
    if (r < 0.0) return r;
    best = mind(best, r);
  }
  return best;
}

/* The clock at which the next pass (from the second) of root node begins
   after clock t0, HUGE_VAL when none will: an on_repeat. */
static double next_repeat(const kn_node *nd, double t0) {
  const kn_span *sp = &nd->span;
  double P = sp->duration + sp->gap, last = ceil(sp->iterations) - 1.0, c;
  if (!(P > 0.0) || !(P < HUGE_VAL) || last < 1.0) return HUGE_VAL;
  c = floor((t0 - sp->delay) / P);
  if (!(c < 9007199254740992.0)) return HUGE_VAL;    /* passes past 2^53: not counted */
  if (c < 0.0) c = 0.0;
  while (c > 0.0 && kn_span_mark(sp, c, 0) > t0) c -= 1.0;
  while (kn_span_mark(sp, c, 0) <= t0) c += 1.0;
  if (c < 1.0) c = 1.0;
  return c > last ? HUGE_VAL : kn_span_mark(sp, c, 0);
}

/* Root node's next change, or limit when it comes later; -1 when memory
   runs out. */
static double root_change(kn_animator *A, int id, double limit) {
  const kn_node *nd = &A->nodes[id];
  probe p;
  double end, h;
  int c;
  memset(&p, 0, sizeof p);
  p.A = A; p.node = id; p.kid = -1; p.limit = limit;
  p.t0 = nd->clock; p.rate = nd->scale * A->scale; p.total = nd->span.total;
  if (nd->user & KN_AN_START_DUE) return 0.0;
  if (!nd->started) return nd->clock >= nd->span.delay ? 0.0 : reach(&p, nd->span.delay);
  if (!(p.rate > 0.0)) return HUGE_VAL;
  if (nd->clock >= nd->span.total) return 0.0;   /* it completes with the next update */
  end = reach(&p, nd->span.total);
  if (nd->user & KN_AN_ON_REPEAT) end = mind(end, reach(&p, next_repeat(nd, nd->clock)));
  if (nd->kind == KN_NODE_GROUP) {
    if (nd->user & KN_AN_SPRINGS) return 0.0;
    return group_change(&p, end);
  }
  if (!predictable(A, id)) return 0.0;
  if (nd->kind == KN_NODE_TWEEN) {
    if (!(nd->span.duration > 0.0)) return end;
    return search(&p, id, nd->span.duration / SAMPLES / p.rate, end);
  }
  h = 1.0 / 60.0;                                 /* a spring: its period */
  for (c = nd->chan; c >= 0; c = A->chans[c].next)
    if (A->chans[c].object != NULL && A->chans[c].spring->model.omega2 > 0.0) {
      h = TWO_PI / sqrt(A->chans[c].spring->model.omega2);
      break;
    }
  return search(&p, id, h / SPRING_SAMPLES / p.rate, HUGE_VAL);
}

double kn_anim_next_change(kn_animator *A) {
  double best = HUGE_VAL;
  int i;
  if (A->paused) return HUGE_VAL;
  for (i = 0; i < A->nroots && best > 0.0; i++) {
    const kn_node *nd = &A->nodes[A->roots[i]];
    double r;
    if (nd->state != KN_NODE_LIVE || nd->paused) continue;
    r = root_change(A, A->roots[i], best);
    if (r < 0.0) return r;
    best = mind(best, r);
  }
  return best;
}
