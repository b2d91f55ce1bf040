/*
** timeline.c -- keyframe timelines: the state over consecutive segments
** under an after-end strategy, per component, with the interpolation
** modes of interp.c (the model: timeline.h).
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

size_t kn_timeline_size(int nseg, int ncomp) {
  size_t n = (size_t)nseg, c = (size_t)ncomp;
  size_t doubles = (n + 1) + n + (n + 1) * c + 2 * n * c + c;
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
  tl->easing = (const struct kn_easing **)(void *)d;
}

const char **kn_timeline_names(kn_timeline *tl) {
  return (const char **)(void *)(tl->easing + tl->nseg);
}

void **kn_timeline_slot(kn_timeline *tl) {
  return (void **)(void *)(kn_timeline_names(tl) + tl->ncomp);
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
  tl->total = isinf(tl->iterations) ? HUGE_VAL
              : tl->delay + tl->iterations * tl->duration;
  tl->clock = 0.0;
  tl->hint_pass = -1.0;
  tl->hint_seg = -1;
  return tl->duration > 0.0 && isfinite(tl->duration) && tl->total >= 0.0;
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

static int odd(double c) { return fmod(c, 2.0) == 1.0; }

/* The strategy (timeline.h) for a time tau past the delay, with pass guess
   g (< 0: none).  The full computation is c = floor(tau / T),
   u = tau - c T with a one-step fix for rounding.  The guess is taken when
   u = tau - g T lies at least m = 8 (g + 2) 2^-53 T inside [0, T): then
   fl(tau / T) is in [g, g + 1) despite the roundings of g T, u and the
   quotient (each within (g + 1) 2^-53 T of exact, or 2^-1074 where a
   result is subnormal: m >= DBL_MIN covers that, and keeps m from
   underflowing to 0 for a subnormal T), so the full computation would pick
   c = g and compute this same u -- equal bit for bit, without its
   division. */
static double local_time(const kn_timeline *tl, double t, double g,
                         double *iteration, int *before) {
  double T = tl->duration, tau = t - tl->delay, c, u;
  *before = 0;
  if (tau < 0.0) {                       /* delay: the start state */
    *before = 1;
    *iteration = 0.0;
    return 0.0;
  }
  if (t >= tl->total || tau >= tl->iterations * T) {
    c = last_pass(tl);                   /* done: hold the active end */
    u = end_offset(tl);
  } else {
    double m = T * (g + 2.0) * 0x1p-50;
    c = g;
    u = tau - g * T;
    if (!(g >= 0.0 && m >= DBL_MIN && u >= m && T - u >= m)) {
      c = floor(tau / T);                /* c = floor(t / t_max) */
      u = tau - c * T;                   /* t mod t_max */
      if (u < 0.0) { c -= 1.0; u += T; }
      else if (u >= T) { c += 1.0; u -= T; }
      if (u < 0.0) u = 0.0;
    }
  }
  *iteration = c;
  switch (tl->after) {
    case KN_AFTER_STOP:                  /* min(t, t_max) */
      if (c >= 1.0) u = T;
      break;
    case KN_AFTER_REVERSE:               /* t_max - t mod t_max, c odd */
      if (odd(c)) u = T - u;
      break;
    default:                             /* restart: t mod t_max */
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
  double u = t0 - (tl->delay + pass * tl->duration);
  while (lo < hi) {                      /* first slot whose time > u */
    int mid = lo + (hi - lo) / 2;
    double lp = backward ? tl->duration - tl->cum[n - 1 - mid] : tl->cum[mid + 1];
    if (lp > u) hi = mid; else lo = mid + 1;
  }
  return lo > 0 ? lo - 1 : 0;
}

void kn_timeline_events(const kn_timeline *tl, kn_tl_cursor *cur, double t0,
                        double t1, unsigned mask) {
  double pass = 0.0, last = last_pass(tl);
  cur->t0 = t0;
  cur->t1 = t1;
  cur->mask = mask;
  cur->k = 0;
  cur->finished = !(t1 > t0) || t0 >= tl->total || mask == 0;
  if (t0 > tl->delay) {
    /* one pass early: rounding of floor() must not skip an event */
    pass = floor((t0 - tl->delay) / tl->duration) - 1.0;
    if (pass < 0.0) pass = 0.0;
    if (pass > last) pass = last;
  }
  /* at most the last KN_TL_EVENT_PASSES passes before t1 report their
     events: one move of the clock stays bounded work however short a pass
     is (their iteration counts stay exact) */
  if (t1 > tl->delay) {
    double end = floor((t1 - tl->delay) / tl->duration);
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
  double T = tl->duration, last = last_pass(tl);
  int n = tl->nseg;
  while (!cur->finished) {
    double P = tl->delay + cur->pass * T;
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
          double target = floor((cur->t1 - tl->delay) / T);
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
    } else {                             /* between two passes */
      double te = P + T;
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
