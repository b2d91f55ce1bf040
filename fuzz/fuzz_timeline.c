/*
** fuzz_timeline.c -- timeline construction, evaluation and events on
** arbitrary segment definitions (1..8 segments, 1..3 components, every
** interpolation mode and after-end strategy, fuzzed easings, durations,
** iterations, delay) and arbitrary times.  Checks: no crash/UB; what the
** binding accepts (finite positive total duration) never evaluates to NaN,
** and to finite values for keyframes and pivot within +-1e150; the hinted
** path (update's) gives the pure one's bits; a stop timeline shows `from`
** before its start; events come in time order, inside (t0, t1], and the
** enumeration terminates (bounded by the number of passes crossed).
*/
#include "fuzz_common.h"
#include "easing.h"
#include "timeline.h"
#include "interp.h"

#define MAXSEG 8

static void make_easing(fz_in *in, kn_easing *e) {
  switch (fz_byte(in) % 6) {
    case 0: kn_easing_init_linear(e); break;
    case 1: {
      double x1 = fz_unit(in), y1 = fz_finite(in), x2 = fz_unit(in), y2 = fz_finite(in);
      if (fabs(y1) > 1e3) y1 = fmod(y1, 1e3);
      if (fabs(y2) > 1e3) y2 = fmod(y2, 1e3);
      kn_easing_init_bezier(e, x1, y1, x2, y2);
      break;
    }
    case 2: {
      int pos = fz_byte(in) % 6, n = 1 + fz_byte(in) % 16;
      if (pos == KN_JUMP_NONE && n < 2) n = 2;
      kn_easing_init_steps(e, n, pos);
      break;
    }
    case 3: kn_easing_init_penner(e, fz_byte(in) % 10, fz_byte(in) % KN_PENNER_MODES); break;
    case 4: kn_easing_init_accel(e, KN_E_ACCEL, fmod(fz_finite(in), 10.0)); break;
    default: kn_easing_init_accel(e, KN_E_ACCELDECEL, fmod(fz_finite(in), 10.0)); break;
  }
}

/* The timeline's settings after its size: after-end strategy, iterations
   (1, endless or fuzzed; `it` chose), delay, angle unit and pivot (some
   large pivots are cut back to the origin). */
static void read_settings(fz_in *in, kn_timeline *tl, uint8_t it) {
  tl->after = fz_byte(in) % 3;
  tl->iterations = it < 64 ? 1.0 : it < 128 ? HUGE_VAL : 1.0 + fabs(fz_finite(in));
  if (!isfinite(tl->iterations)) tl->iterations = HUGE_VAL;
  tl->delay = fabs(fz_finite(in));
  if (fz_byte(in) & 1) tl->delay = 0;
  tl->turn = (fz_byte(in) & 1) ? 360.0 : 6.283185307179586476925286766559;
  tl->pivot[0] = fz_finite(in); tl->pivot[1] = fz_finite(in);
  if (fz_byte(in) & 1 && (fabs(tl->pivot[0]) > 1e150 || fabs(tl->pivot[1]) > 1e150))
    tl->pivot[0] = tl->pivot[1] = 0;              /* some moderate pivots still */
}

/* The keyframes (from, then each segment's to); returns the largest |key|. */
static double read_keys(fz_in *in, kn_timeline *tl) {
  double maxkey = 0;
  int i, j;
  for (i = 0; i <= tl->nseg; i++)
    for (j = 0; j < tl->ncomp; j++) {
      double x = fz_finite(in);
      tl->keys[i * tl->ncomp + j] = x;
      if (fabs(x) > maxkey) maxkey = fabs(x);
    }
  return maxkey;
}

/* Each segment's duration (> 0) and easing (linear, or one of `easings`,
   MAXSEG blocks of kn_easing_size(0) bytes). */
static void read_segments(fz_in *in, kn_timeline *tl, kn_easing *easings) {
  int i;
  for (i = 0; i < tl->nseg; i++) {
    double d = fabs(fz_finite(in));
    if (!(d > 0)) d = 1;
    tl->dur[i] = d;
    if (fz_byte(in) & 1) {
      kn_easing *e = (kn_easing *)(void *)((char *)easings + (size_t)i * kn_easing_size(0));
      make_easing(in, e);
      tl->easing[i] = e;
    } else {
      tl->easing[i] = NULL;
    }
  }
}

/* A fuzzed timeline (its easings in `easings`) and the largest |key|, or
   NULL for one the binding refuses ("total duration out of range"). */
static kn_timeline *read_timeline(fz_in *in, kn_easing *easings, double *maxkey) {
  int nseg = 1 + fz_byte(in) % MAXSEG, mode = fz_byte(in) % 4;
  int ncomp = mode == KN_INTERP_POLAR ? 2 : 1 + fz_byte(in) % 3;
  uint8_t it = fz_byte(in);
  kn_timeline *tl = (kn_timeline *)calloc(1, kn_timeline_size(nseg, ncomp));
  kn_timeline_layout(tl, nseg, ncomp);
  tl->mode = mode;
  read_settings(in, tl, it);
  *maxkey = read_keys(in, tl);
  read_segments(in, tl, easings);
  kn_timeline_finish(tl);
  if (!(tl->duration > 0.0) || !isfinite(tl->duration) || !(tl->total >= 0.0)) {
    free(tl);
    return NULL;
  }
  return tl;
}

/* The state at t into out[ncomp], checking that the hinted path
   (update's) gives kn_timeline_at's bits, from whatever pass and segment
   the previous call left; `what` starts the message. */
static void check_hinted(kn_timeline *tl, double t, const char *what, double *out) {
  double hinted[3];
  int j;
  kn_timeline_at(tl, t, out);
  kn_timeline_at_hinted(tl, t, hinted);
  for (j = 0; j < tl->ncomp; j++)
    CHECK(fz_same(out[j], hinted[j]), "%shinted %.17g != %.17g at t=%.17g (comp %d)",
          what, hinted[j], out[j], t, j);
}

/* Up to 12 fuzzed times: the hinted path agrees; the state is never NaN,
   and finite for keyframes and pivot within +-1e150. */
static void check_times(fz_in *in, kn_timeline *tl, double maxkey) {
  int j, k;
  for (k = 0; k < 12 && in->n > 0; k++) {
    double t = fz_finite(in), out[3];
    check_hinted(tl, t, "", out);
    for (j = 0; j < tl->ncomp; j++) {
      CHECK(!isnan(out[j]), "NaN at t=%.17g (comp %d, mode %d)", t, j, tl->mode);
      if (maxkey <= 1e150 && fabs(tl->pivot[0]) <= 1e150 && fabs(tl->pivot[1]) <= 1e150)
        CHECK(isfinite(out[j]), "non-finite %.17g at t=%.17g (comp %d, mode %d)",
              out[j], t, j, tl->mode);
    }
  }
}

/* A clock walking forward by a fuzzed step, as update moves it: the
   hinted path against the pure one at every step (pass ends, segment ends
   and the delay's end are crossed on the way). */
static void check_walk(fz_in *in, kn_timeline *tl) {
  double t, dt, out[3];
  int k;
  if (in->n == 0) return;
  t = fz_finite(in);
  dt = fabs(fz_finite(in));
  if (fz_byte(in) & 1) t = fmod(fabs(t), tl->duration * 4 + tl->delay);
  if (fz_byte(in) & 1) dt = fmod(dt, tl->duration / 3);
  for (k = 0; k < 64 && isfinite(t); k++, t += dt) check_hinted(tl, t, "walk: ", out);
}

/* Before the start, a stop timeline shows `from` (but through steps()). */
static void check_start(kn_timeline *tl, double maxkey) {
  double out[3];
  int j;
  if (!(tl->after == KN_AFTER_STOP && tl->mode == KN_INTERP_LINEAR && maxkey <= 1e150)) return;
  kn_timeline_at(tl, tl->delay + tl->duration * tl->iterations, out);
  kn_timeline_at(tl, -1.0, out);
  for (j = 0; j < tl->ncomp; j++)
    CHECK(out[j] == tl->keys[j] || (tl->easing[0] && tl->easing[0]->kind == KN_E_STEPS),
          "before the start: %.17g != from %.17g", out[j], tl->keys[j]);
}

/* Events over a fuzzed interval (t0, t1]: inside it, in time order (up to
   8 ulp: a keyframe at a pass end and the iteration event share an
   instant computed two ways, P + cum[n] and P + T), of the kinds asked
   for, and at most (passes + 2) (nseg + 2) of them -- the binding fires
   every event crossed, so the harness only walks intervals of at most 1e5
   passes. */
static void check_events(fz_in *in, const kn_timeline *tl) {
  double t0 = fabs(fz_finite(in)), dt = fabs(fz_finite(in)), t1, last = -HUGE_VAL, passes;
  long count = 0, bound;
  kn_tl_cursor cur;
  kn_tl_event ev;
  unsigned mask = 1 + fz_byte(in) % 7;
  if (fz_byte(in) & 1) t0 = fmod(t0, tl->duration * 4 + tl->delay);
  t1 = t0 + dt;
  if (!isfinite(t1)) t1 = t0;
  if (t0 > tl->total) t0 = tl->total;
  if (t1 > tl->total) t1 = tl->total;
  passes = (t1 - t0) / tl->duration;
  if (!(passes <= 1e5)) { t1 = t0; passes = 0; }
  bound = (long)((passes + 2) * (tl->nseg + 2)) + 8;
  kn_timeline_events(tl, &cur, t0, t1, mask);
  while (kn_timeline_next_event(tl, &cur, &ev)) {
    CHECK(ev.time > t0 && ev.time <= t1, "event at %.17g outside (%.17g, %.17g]", ev.time, t0, t1);
    CHECK(ev.time >= last - 8 * 2.220446049250313e-16 * fabs(last),
          "events out of order: %.17g after %.17g", ev.time, last);
    CHECK((unsigned)ev.kind & mask, "unwanted event kind %d", ev.kind);
    last = ev.time;
    CHECK(++count <= bound, "more than %ld events in (%.17g, %.17g]", bound, t0, t1);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  kn_easing *easings = (kn_easing *)calloc(MAXSEG, kn_easing_size(0));
  double maxkey;
  kn_timeline *tl = read_timeline(&in, easings, &maxkey);
  if (tl != NULL) {
    check_times(&in, tl, maxkey);
    check_walk(&in, tl);
    check_start(tl, maxkey);
    check_events(&in, tl);
  }
  free(tl);
  free(easings);
  return 0;
}
