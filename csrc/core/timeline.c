/*
** timeline.c -- keyframe timelines: the state over consecutive segments
** under an after-end strategy, per component, with the interpolation
** modes of interp.c; the next change of what a timeline shows (the
** model: timeline.h).
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <string.h>

#include "easing.h"
#include "interp.h"
#include "timeline.h"

const char *kn_timeline_after_name(int after) {
  static const char names[3][8] = { "stop", "restart", "reverse" };
  return after >= 0 && after <= KN_AFTER_REVERSE ? names[after] : NULL;
}

const char *kn_timeline_unit_name(int unit) {
  static const char names[2][8] = { "degrees", "radians" };
  return unit >= 0 && unit <= KN_UNIT_RADIANS ? names[unit] : NULL;
}

double kn_timeline_default_iterations(int after) {
  return after == KN_AFTER_STOP ? 1.0 : HUGE_VAL;
}

double kn_timeline_turn(int unit) {
  return unit == KN_UNIT_DEGREES ? 360.0 : 6.283185307179586476925286766559;
}

/* The doubles the extra takes, after scratch (its pointer and int fit:
   the block is aligned for doubles and pointers). */
#define EXTRA_DOUBLES ((sizeof(kn_tl_extra) + sizeof(double) - 1) / sizeof(double))

/* kn_timeline_next_change's work space, after the extra: the values shown
   at the clock and at a probe (ncomp, or KN_TL_MAP_MAX when mapped, each)
   and the state a map reads. */
#define WORK_DOUBLES(c) (3 * (c) + 2 * KN_TL_MAP_MAX)

size_t kn_timeline_size(int nseg, int ncomp) {
  size_t n = (size_t)nseg, c = (size_t)ncomp;
  size_t doubles = (n + 1) + n + (n + 1) * c + 2 * n * c + c + EXTRA_DOUBLES
                   + WORK_DOUBLES(c);
  return sizeof(kn_timeline) + doubles * sizeof(double)
         + n * sizeof(const struct kn_easing *) + c * sizeof(const char *) + sizeof(void *);
}

void kn_timeline_layout(kn_timeline *tl, int nseg, int ncomp) {
  size_t n = (size_t)nseg, c = (size_t)ncomp;
  double *d = tl->data;
  tl->nseg = nseg;
  tl->ncomp = ncomp;
  tl->cum = d;      d += n + 1;
  tl->dur = d;      d += n;
  tl->keys = d;     d += (n + 1) * c;
  tl->A = d;        d += n * c;
  tl->B = d;        d += n * c;
  tl->scratch = d;  d += c;
  d += EXTRA_DOUBLES + WORK_DOUBLES(c);   /* the extra, the work space */
  tl->easing = (const struct kn_easing **)(void *)d;
}

kn_tl_extra *kn_timeline_extra(kn_timeline *tl) {
  return (kn_tl_extra *)(void *)(tl->scratch + tl->ncomp);
}

/* The extra of a timeline only read. */
static const kn_tl_extra *extra_of(const kn_timeline *tl) {
  return (const kn_tl_extra *)(const void *)(tl->scratch + tl->ncomp);
}

/* The work space: 3 ncomp + 2 KN_TL_MAP_MAX doubles. */
static double *work_of(kn_timeline *tl) {
  return tl->scratch + tl->ncomp + EXTRA_DOUBLES;
}

const char **kn_timeline_names(kn_timeline *tl) {
  return (const char **)(void *)(tl->easing + tl->nseg);
}

void **kn_timeline_slot(kn_timeline *tl) {
  return (void **)(void *)(kn_timeline_names(tl) + tl->ncomp);
}

/* 0-based index of the last pass (HUGE_VAL when endless). */
static double last_pass(const kn_timeline *tl) {
  return isinf(tl->iterations) ? HUGE_VAL : ceil(tl->iterations) - 1.0;
}

/* How far into its pass the active end falls: (0, t_max]. */
static double end_offset(const kn_timeline *tl) {
  double f = tl->iterations - last_pass(tl);
  return f == 1.0 ? tl->duration : f * tl->duration;
}

/* Period, span and total (timeline.h): without a wait the span is
   iterations x t_max and the total delay + iterations x t_max, computed as
   they always were; with one, the last pass starts at c_L P and plays to
   its active end. */
static void set_totals(kn_timeline *tl) {
  kn_tl_extra *x = kn_timeline_extra(tl);
  x->period = tl->duration + x->repeat_delay;
  if (x->repeat_delay == 0.0) {
    x->span = tl->iterations * tl->duration;
    tl->total = isinf(tl->iterations) ? HUGE_VAL
                : tl->delay + tl->iterations * tl->duration;
  } else if (isinf(tl->iterations)) {
    x->span = HUGE_VAL;
    tl->total = HUGE_VAL;
  } else {
    x->span = last_pass(tl) * x->period + end_offset(tl);
    tl->total = tl->delay + x->span;
  }
}

int kn_timeline_finish(kn_timeline *tl) {
  int i, n = tl->nseg, c = tl->ncomp;
  /* segment i starts at the sum of the durations before it, and t_max is
     the sum of them all */
  tl->cum[0] = 0.0;
  for (i = 0; i < n; i++) tl->cum[i + 1] = tl->cum[i] + tl->dur[i];
  tl->duration = tl->cum[n];
  for (i = 0; i < n; i++)
    kn_interp_prepare(tl->mode, c, tl->keys + (size_t)i * c,
                      tl->keys + (size_t)(i + 1) * c, tl->turn, tl->pivot,
                      tl->A + (size_t)i * c, tl->B + (size_t)i * c);
  set_totals(tl);
  tl->clock = 0.0;
  tl->hint_pass = -1.0;
  tl->hint_seg = -1;
  return tl->duration > 0.0 && isfinite(tl->duration) && tl->total >= 0.0
         && isfinite(kn_timeline_extra(tl)->period);
}

static int odd(double c) { return fmod(c, 2.0) == 1.0; }

/* The strategy (timeline.h) for a time tau past the delay, with pass guess
   g (< 0: none).  The full computation is c = floor(tau / P),
   w = tau - c P with a one-step fix for rounding.  The guess is taken when
   w = tau - g P lies at least m = 8 (g + 2) 2^-53 P inside [0, P): then
   fl(tau / P) is in [g, g + 1) despite the roundings of g P, w and the
   quotient (each within (g + 1) 2^-53 P of exact, or 2^-1074 where a
   result is subnormal: m >= DBL_MIN covers that, and keeps m from
   underflowing to 0 for a subnormal P), so the full computation would pick
   c = g and compute this same w -- equal bit for bit, without its
   division.  The pass shows min(w, T): with r = 0, P = T and w < T, so
   nothing changes. */
static double local_time(const kn_timeline *tl, double t, double g,
                         double *iteration, int *before) {
  const kn_tl_extra *x = extra_of(tl);
  double T = tl->duration, P = x->period, tau = t - tl->delay, c, u;
  *before = 0;
  if (tau < 0.0) {                       /* delay: the start state */
    *before = 1;
    *iteration = 0.0;
    return 0.0;
  }
  if (t >= tl->total || tau >= x->span) {
    c = last_pass(tl);                   /* done: hold the active end */
    u = end_offset(tl);
  } else {
    double m = P * (g + 2.0) * 0x1p-50;
    c = g;
    u = tau - g * P;
    if (!(g >= 0.0 && m >= DBL_MIN && u >= m && P - u >= m)) {
      c = floor(tau / P);                /* c = floor(tau / P) */
      u = tau - c * P;                   /* w = tau - c P */
      if (u < 0.0) { c -= 1.0; u += P; }
      else if (u >= P) { c += 1.0; u -= P; }
      if (u < 0.0) u = 0.0;
    }
    if (u > T) u = T;                    /* the wait holds the pass's end */
  }
  *iteration = c;
  switch (tl->after) {
    case KN_AFTER_STOP:                  /* pass 0, then its end */
      if (c >= 1.0) u = T;
      break;
    case KN_AFTER_REVERSE:               /* T - w', c odd */
      if (odd(c)) u = T - u;
      break;
    default:                             /* restart: w' */
      break;
  }
  return u;
}

double kn_timeline_local(const kn_timeline *tl, double t, double *iteration,
                         int *before) {
  return local_time(tl, t, -1.0, iteration, before);
}

/* Segment s with cum[s] <= u < cum[s+1], by binary search. */
static int find_segment(const double *cum, int n, double u) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (cum[mid] <= u) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/* The state at local time u (pass c, before flag) from segment s, which
   holds u (or is the last when u >= t_max). */
static void state_at(const kn_timeline *tl, double u, int before, int s, double *out) {
  size_t k = (size_t)tl->ncomp;
  double p, f;
  if (u >= tl->duration) {
    p = 1.0;
  } else {
    p = (u - tl->cum[s]) / tl->dur[s];   /* t' = t - sum t_j, over t_i */
    if (p > 1.0) p = 1.0;
    if (p < 0.0) p = 0.0;
  }
  f = tl->easing[s] != NULL ? kn_easing_eval(tl->easing[s], p, before) : p;
  kn_interp_eval(tl->mode, tl->ncomp, tl->A + s * k, tl->B + s * k,
                 tl->keys + s * k, tl->keys + (s + 1) * k, tl->pivot, f, out);
}

void kn_timeline_at(const kn_timeline *tl, double t, double *out) {
  double c;
  int before;
  double u = kn_timeline_local(tl, t, &c, &before);
  int s = u >= tl->duration ? tl->nseg - 1 : find_segment(tl->cum, tl->nseg, u);
  state_at(tl, u, before, s, out);
}

/* find_segment's answer is the one s with cum[s] <= u < cum[s+1] (u below
   t_max), so a hint that passes that test is it. */
void kn_timeline_at_hinted(kn_timeline *tl, double t, double *out) {
  double c;
  int before, s = tl->hint_seg;
  double u = local_time(tl, t, tl->hint_pass, &c, &before);
  if (u >= tl->duration) {
    s = tl->nseg - 1;
  } else if (!(s >= 0 && s < tl->nseg && tl->cum[s] <= u && u < tl->cum[s + 1])) {
    s = find_segment(tl->cum, tl->nseg, u);
  }
  tl->hint_pass = c;
  tl->hint_seg = s;
  state_at(tl, u, before, s, out);
}

double kn_timeline_seek(kn_timeline *tl, double t) {
  if (t < 0.0) t = 0.0;
  if (t > tl->total) t = tl->total;
  tl->clock = t;
  tl->gen++;
  return t;
}

int kn_timeline_done(const kn_timeline *tl) {
  return tl->clock >= tl->total;
}

/* ---- events --------------------------------------------------------- */

/* Slot of the first keyframe of `pass` after time t0, by binary search (one
   slot early: the exact comparisons happen in kn_timeline_next_event). */
static int first_keyframe(const kn_timeline *tl, double pass, double t0) {
  int lo = 0, hi = tl->nseg, n = tl->nseg;
  int backward = tl->after == KN_AFTER_REVERSE && odd(pass);
  double u = t0 - (tl->delay + pass * extra_of(tl)->period);
  while (lo < hi) {                      /* first slot whose time > u */
    int mid = lo + (hi - lo) / 2;
    double lp = backward ? tl->duration - tl->cum[n - 1 - mid] : tl->cum[mid + 1];
    if (lp > u) hi = mid; else lo = mid + 1;
  }
  return lo > 0 ? lo - 1 : 0;
}

void kn_timeline_events(const kn_timeline *tl, kn_tl_cursor *cur, double t0,
                        double t1, unsigned mask) {
  double pass = 0.0, last = last_pass(tl), P = extra_of(tl)->period;
  cur->t0 = t0;
  cur->t1 = t1;
  cur->mask = mask;
  cur->k = 0;
  cur->finished = !(t1 > t0) || t0 >= tl->total || mask == 0;
  if (t0 > tl->delay) {
    /* one pass early: rounding of floor() must not skip an event */
    pass = floor((t0 - tl->delay) / P) - 1.0;
    if (pass < 0.0) pass = 0.0;
    if (pass > last) pass = last;
  }
  /* at most the last KN_TL_EVENT_PASSES passes before t1 report their
     events: one move of the clock stays bounded work however short a pass
     is (their iteration counts stay exact) */
  if (t1 > tl->delay) {
    double end = floor((t1 - tl->delay) / P);
    if (end > last) end = last;
    if (end - pass > KN_TL_EVENT_PASSES) {
      cur->pass = end - KN_TL_EVENT_PASSES;
      return;                            /* t0 is before that pass: k = 0 */
    }
  }
  cur->pass = pass;
  if ((mask & KN_EV_KEYFRAME) && t0 > tl->delay)
    cur->k = first_keyframe(tl, pass, t0);
}

int kn_timeline_next_event(const kn_timeline *tl, kn_tl_cursor *cur,
                           kn_tl_event *ev) {
  double T = tl->duration, last = last_pass(tl), per = extra_of(tl)->period;
  int n = tl->nseg;
  while (!cur->finished) {
    double P = tl->delay + cur->pass * per;   /* the pass starts */
    int is_last = cur->pass >= last;
    if (P >= cur->t1) break;             /* every event of a pass is after P */
    /* from pass 2^53 on, pass + 1 == pass: passes cannot be told apart (nor
       their events timed), so none are reported -- instead of looping forever */
    if (!(cur->pass < 9007199254740992.0)) break;
    if (cur->k < n) {
      int i, idx, backward;
      double lp, limit, te;
      int has_kf = (cur->mask & KN_EV_KEYFRAME)
                   && (tl->after != KN_AFTER_STOP || cur->pass == 0.0);
      if (!has_kf) {
        if (!(cur->mask & KN_EV_ITERATION)) {
          /* nothing to report before the pass end we care about: jump */
          double target = floor((cur->t1 - tl->delay) / per);
          if (target > last) target = last;
          if (target > cur->pass) { cur->pass = target; continue; }
        }
        cur->k = n;
        continue;
      }
      i = cur->k++;
      /* keyframes are reached at 1..n going forwards, n-1..0 backwards */
      backward = tl->after == KN_AFTER_REVERSE && odd(cur->pass);
      idx = backward ? n - 1 - i : i + 1;
      lp = backward ? T - tl->cum[idx] : tl->cum[idx];
      limit = is_last ? end_offset(tl) : T;
      if (lp > limit) { cur->k = n; continue; }   /* after the active end */
      te = P + lp;
      if (is_last && te > tl->total) te = tl->total;
      if (te <= cur->t0) continue;
      if (te > cur->t1) break;
      ev->kind = KN_EV_KEYFRAME;
      ev->value = (double)idx;
      ev->time = te;
      return 1;
    }
    cur->k = 0;
    if (is_last) {                       /* the pass holding the active end */
      double te = tl->total;
      cur->finished = 1;
      if ((cur->mask & KN_EV_COMPLETE) && te > cur->t0 && te <= cur->t1) {
        ev->kind = KN_EV_COMPLETE;
        ev->value = 0.0;
        ev->time = te;
        return 1;
      }
      break;
    } else {                             /* the next pass starts, after the wait */
      double te = P + per;
      cur->pass += 1.0;
      if (te > cur->t1) break;
      if ((cur->mask & KN_EV_ITERATION) && te > cur->t0) {
        ev->kind = KN_EV_ITERATION;
        ev->value = cur->pass;           /* iterations completed */
        ev->time = te;
        return 1;
      }
    }
  }
  cur->finished = 1;
  return 0;
}

const char *kn_timeline_callback_name(int bit) {
  static const char names[3][16] = { "on_keyframe", "on_iteration", "on_complete" };
  return bit >= 0 && bit < 3 ? names[bit] : NULL;
}

void kn_timeline_move(kn_timeline *tl, double dt, kn_tl_move *m) {
  m->t0 = tl->clock;
  m->t1 = kn_timeline_seek(tl, m->t0 + dt);
  m->gen = tl->gen;
}

int kn_timeline_crosses(const kn_timeline *tl, const kn_tl_move *m, unsigned mask) {
  kn_tl_cursor cur;
  kn_tl_event ev;
  if (mask == 0 || !(m->t1 > m->t0)) return 0;
  kn_timeline_events(tl, &cur, m->t0, m->t1, mask);
  return kn_timeline_next_event(tl, &cur, &ev);
}

/* ---- the next change ------------------------------------------------ */

/* A search of kn_timeline_next_change: the timeline, what it shows (map,
   round), the callbacks' events (mask), the clock c0 it starts from, the
   values shown there (ref, nv of them) and at a probe; least_dt's target;
   the walk's last sample (showing ref), its limit and the first sample
   showing other values (hit, -1 for none). */
typedef struct nc_search {
  kn_timeline *tl;
  const kn_tl_map *map;
  const kn_round *round;
  unsigned mask;
  double c0, target, prev, limit, hit;
  double *ref, *probe, *state;
  int nv;
} nc_search;

/* The values shown at clock t (in [0, total]) into out, rounded; returns
   how many. */
static int nc_values(nc_search *s, double t, double *out) {
  int n;
  if (s->map == NULL) {
    kn_timeline_at(s->tl, t, out);
    n = s->tl->ncomp;
  } else {
    kn_timeline_at(s->tl, t, s->state);
    n = s->map->fn(s->map->ctx, s->state, out);
  }
  kn_round_values(s->round, out, n);
  return n;
}

/* Whether the values shown at clock t differ from those at c0. */
static int nc_differs(nc_search *s, double t) {
  int j;
  (void)nc_values(s, t, s->probe);
  for (j = 0; j < s->nv; j++)
    if (s->probe[j] != s->ref[j]) return 1;
  return 0;
}

/* Whether update's clock c0 + dt reaches the target clock. */
static int nc_reaches(nc_search *s, double dt) {
  return s->c0 + dt >= s->target;
}

/* A double strictly between lo and hi (0 <= lo < hi, finite), about
   halfway in the order of the doubles (their bit patterns): while they lie
   two binades or more apart, the power of 2 halfway in exponent (lo = 0
   counts as 2^-1074's binade) -- 2^(e_lo + ceil((e_hi - e_lo) / 2) - 1),
   with frexp's exponents, above lo and below hi's binade; else the
   arithmetic midpoint, or lo's successor when rounding put that on an
   end.  hi when no double lies between. */
static double nc_mid(double lo, double hi) {
  int elo = -1074, ehi;
  double m;
  if (lo > 0.0) (void)frexp(lo, &elo);
  (void)frexp(hi, &ehi);
  if (ehi - elo >= 2) return ldexp(0.5, elo + (ehi - elo + 1) / 2);
  m = lo + (hi - lo) * 0.5;
  if (m > lo && m < hi) return m;
  return nextafter(lo, hi);
}

/* The least double in (lo, hi] where pred holds, given pred false at lo
   and true at hi: bisection over the doubles (at most about 11 steps over
   exponents and 53 within a binade).  When pred changes more than once
   in between, one of its changes. */
static double nc_first(nc_search *s, int (*pred)(nc_search *, double), double lo,
                       double hi) {
  for (;;) {
    double m = nc_mid(lo, hi);
    if (m >= hi) return hi;
    if (pred(s, m)) hi = m; else lo = m;
  }
}

/* The least dt >= 0 whose clock c0 + dt (update's sum) reaches x > c0. */
static double nc_least_dt(nc_search *s, double x) {
  double h = x - s->c0;                  /* > 0 */
  s->target = x;
  while (!(s->c0 + h >= x)) h += h;
  return nc_first(s, nc_reaches, 0.0, h);
}

/* Whether update(dt) changes what s watches: the clock c0 + dt, clamped
   to the total as seek clamps it, ends the timeline, crosses an event of
   s->mask or shows other values. */
static int nc_due(nc_search *s, double dt) {
  kn_tl_move m;
  m.t0 = s->c0;
  m.t1 = s->c0 + dt;
  m.gen = s->tl->gen;
  if (m.t1 >= s->tl->total) return 1;
  return kn_timeline_crosses(s->tl, &m, s->mask) || nc_differs(s, m.t1);
}

/* The pass c = floor(tau / P) of a time tau >= 0 past the delay, and the
   time w in it, as local_time computes them without a guess. */
static double nc_pass(const kn_timeline *tl, double tau, double *w) {
  double P = extra_of(tl)->period, c = floor(tau / P), u = tau - c * P;
  if (u < 0.0) { c -= 1.0; u += P; }
  else if (u >= P) { c += 1.0; u -= P; }
  if (u < 0.0) u = 0.0;
  *w = u;
  return c;
}

/* Whether at clock t (before the total) the timeline plays a segment that
   moves continuously: past the delay, in a pass that plays (not stop's
   held end, not a wait), in a segment whose ends differ and whose easing
   is not steps(). */
static int nc_moving(const kn_timeline *tl, double t) {
  double T = tl->duration, w, c, u;
  size_t k = (size_t)tl->ncomp, j, s;
  if (t < tl->delay) return 0;
  c = nc_pass(tl, t - tl->delay, &w);
  if ((tl->after == KN_AFTER_STOP && c >= 1.0) || w >= T) return 0;
  u = tl->after == KN_AFTER_REVERSE && odd(c) ? T - w : w;
  s = (size_t)(u >= T ? tl->nseg - 1 : find_segment(tl->cum, tl->nseg, u));
  if (tl->easing[s] != NULL && tl->easing[s]->kind == KN_E_STEPS) return 0;
  for (j = 0; j < k; j++)
    if (tl->A[s * k + j] != tl->B[s * k + j]) return 1;
  return 0;
}

/* The walk's next sample of a segment's input after p in [0, 1): the next
   bound of the uniform cells or of the easing's monotone pieces (a break
   that rounding put at p itself is passed over). */
static double nc_above(const struct kn_easing *e, double p) {
  double a = (floor(p * KN_TL_NC_CELLS) + 1.0) / KN_TL_NC_CELLS, b;
  if (e == NULL) return a;
  b = kn_easing_next_break(e, p);
  return b > p && b < a ? b : a;
}

/* The sample before p in (0, 1]: the last bound below p. */
static double nc_below(const struct kn_easing *e, double p) {
  double a = (ceil(p * KN_TL_NC_CELLS) - 1.0) / KN_TL_NC_CELLS, b;
  if (e == NULL) return a;
  for (b = kn_easing_next_break(e, a); b < p && b > a; b = kn_easing_next_break(e, b)) a = b;
  return a;
}

/* Sample clock t, in the walk's order (a t not after the last sample is
   skipped; one past the limit is the limit): note it as hit when it shows
   other values.  Returns 1 when the walk is over (a hit, or the limit). */
static int nc_visit(nc_search *s, double t) {
  if (!(t > s->prev)) return 0;
  if (t >= s->limit) t = s->limit;
  if (nc_differs(s, t)) {
    s->hit = t;
    return 1;
  }
  s->prev = t;
  return t >= s->limit;
}

/* Walk segment k of the pass that starts at S: forward, its input p from 0
   to 1 at clock S + cum[k] + p dur[k], then the doubles at and below its
   end (where the next segment starts: a jump of the easing's end shows
   between them); backward (a reverse odd pass), from its end at clock
   S + T - cum[k+1] and the double above, where the jump shows, down to
   p = 0.  A segment wholly before the last sample is skipped. */
static int nc_walk_segment(nc_search *s, double S, int k, int backward) {
  const kn_timeline *tl = s->tl;
  const struct kn_easing *e = tl->easing[k];
  double T = tl->duration, a = tl->cum[k], len = tl->dur[k], p, b;
  if (!backward) {
    b = S + tl->cum[k + 1];
    if (!(b > s->prev)) return 0;
    for (p = 0.0; p < 1.0; p = nc_above(e, p))
      if (nc_visit(s, S + (a + p * len))) return 1;
    return nc_visit(s, nextafter(b, 0.0)) || nc_visit(s, b);
  }
  b = S + (T - a);
  if (!(b > s->prev)) return 0;
  p = S + (T - tl->cum[k + 1]);
  if (nc_visit(s, p) || nc_visit(s, nextafter(p, HUGE_VAL))) return 1;
  for (p = nc_below(e, 1.0); p > 0.0; p = nc_below(e, p))
    if (nc_visit(s, S + (T - (a + p * len)))) return 1;
  return nc_visit(s, b);
}

/* Walk pass c: its segments in the order it plays them, then, with a wait,
   the double before the next pass starts (the wait holds the pass's end,
   the next pass may jump).  Returns 1 when the walk is over. */
static int nc_walk_pass(nc_search *s, double c) {
  const kn_timeline *tl = s->tl;
  double P = extra_of(tl)->period, S = tl->delay + c * P;
  int k, n = tl->nseg, backward = tl->after == KN_AFTER_REVERSE && odd(c);
  for (k = 0; k < n; k++)
    if (nc_walk_segment(s, S, backward ? n - 1 - k : k, backward)) return 1;
  if (extra_of(tl)->repeat_delay > 0.0) return nc_visit(s, nextafter(S + P, 0.0));
  return 0;
}

/* Walk passes first .. first + 2 (stop: pass 0 only; none past the last)
   from s->prev to s->limit, setting s->hit. */
static void nc_walk(nc_search *s, double first) {
  const kn_timeline *tl = s->tl;
  int i;
  s->hit = -1.0;
  for (i = 0; i < 3; i++) {
    double c = first + (double)i;
    if ((tl->after == KN_AFTER_STOP && c >= 1.0) || c > last_pass(tl)) return;
    if (!(s->prev < s->limit) || nc_walk_pass(s, c)) return;
  }
}

/* Whether tl's changes cannot be predicted: a segment eased by a caller's
   function, or by an easing of too many monotone pieces. */
static int nc_unpredictable(const kn_timeline *tl) {
  int i;
  for (i = 0; i < tl->nseg; i++) {
    const struct kn_easing *e = tl->easing[i];
    if (e != NULL && (e->kind == KN_E_CALLBACK || kn_easing_max_breaks(e) > KN_TL_NC_MAX_BREAKS))
      return 1;
  }
  return 0;
}

/* The search (timeline.h): the first event in (c0, until] (until: the
   end of the passes walked, or the total), the first sample showing other
   values, bisected over the clock to the least clock x where they show;
   the least of those and the total is the clock to reach, and the least
   dt reaching it the answer -- when update(dt) does change something:
   else x was a clock update cannot land on (c0 + dt skips it) and the walk
   goes on from update's clock there. */
double kn_timeline_next_change(kn_timeline *tl, unsigned mask, const kn_tl_map *map) {
  kn_tl_extra *x = kn_timeline_extra(tl);
  nc_search s;
  double c0 = tl->clock, first = 0.0, w, until, te = HUGE_VAL;
  int round = kn_round_active(&x->round), k;
  if (c0 >= tl->total) return HUGE_VAL;             /* done */
  if (nc_unpredictable(tl) || (!round && nc_moving(tl, c0))) return 0.0;
  s.tl = tl;
  s.map = round ? map : NULL;                       /* unrounded: the state shows it all */
  s.round = &x->round;
  s.mask = mask;
  s.c0 = c0;
  s.ref = work_of(tl);
  s.probe = s.ref + tl->ncomp + KN_TL_MAP_MAX;
  s.state = s.probe + tl->ncomp + KN_TL_MAP_MAX;
  s.nv = nc_values(&s, c0, s.ref);
  if (c0 >= tl->delay) first = nc_pass(tl, c0 - tl->delay, &w);
  until = tl->delay + (first + 3.0) * x->period;
  if (until > tl->total) until = tl->total;
  if (mask != 0) {
    kn_tl_cursor cur;
    kn_tl_event ev;
    kn_timeline_events(tl, &cur, c0, until, mask);
    if (kn_timeline_next_event(tl, &cur, &ev)) te = ev.time;
  }
  s.prev = c0;
  s.limit = te < until ? te : until;
  for (k = 0; k < 1000; k++) {
    double reach = te < tl->total ? te : tl->total, dt;
    nc_walk(&s, first);
    if (s.hit >= 0.0) {
      double xv = nc_first(&s, nc_differs, s.prev, s.hit);
      if (xv < reach) reach = xv;
    }
    if (reach == HUGE_VAL) return HUGE_VAL;         /* endless, and nothing changes */
    dt = nc_least_dt(&s, reach);
    if (nc_due(&s, dt) || s.hit < 0.0) return dt;
    s.prev = c0 + dt;                               /* shows ref: walk on */
  }
  return 0.0;
}
