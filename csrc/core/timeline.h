/*
** timeline.h -- keyframe timelines: segments with durations, after-end
** strategies, iterations, delay, a wait between passes, a clock, and the
** events a stretch of time crosses.
**
** One iteration (a pass) lasts t_max = T, the sum of the segment
** durations, and r >= 0 (repeat_delay) is waited after every pass but the
** last: the period is P = T + r.  At a time t, tau = t - delay >= 0, the
** pass is c = floor(tau / P) and the time within it w = tau - c P; the pass
** shows w' = min(w, T) (during the wait, w >= T, the end of the pass is
** held), and the strategy gives the local time u within an iteration:
**   stop     u = w' in pass 0, T after it
**   restart  u = w'
**   reverse  u = w' on even passes, T - w' on odd ones (an odd pass ends,
**            and waits, on the start state)
** With r = 0, P = T and w' = w: u = tau mod T, as the strategies read
** without a wait (every operation the same, so the same bits).  Segment i
** covers [sum_{j<i} t_j, sum_{j<=i} t_j); its progress (u - start) / t_i
** goes through its easing, and each component moves by the interpolation
** mode (interp.h).  The last pass c_L = ceil(iterations) - 1 ends at its
** active end e (T, or f T for a fractional count): the timeline plays
** span = c_L P + e (iterations x T when r = 0) and lasts
** total = delay + span -- delay + N T + (N - 1) r for a whole count N.
**
** One timeline is one allocation: the struct followed by its arrays, whose
** pointers kn_timeline_layout sets, and the numbers the struct has no
** field for (kn_tl_extra: the wait, the period, the span, the rounding),
** which live in the block after scratch.  Everything here is plain C (no
** Lua), so a LuaJIT FFI caller can pass the userdata payload straight in
** -- but a segment eased by a KN_E_CALLBACK easing calls its function from
** kn_timeline_at and kn_timeline_at_hinted: when that function runs
** script code, only callers that may run it must reach those.
*/
#ifndef KINETIC_TIMELINE_H
#define KINETIC_TIMELINE_H

#include <stddef.h>

#include "round.h"

struct kn_easing;

enum kn_after { KN_AFTER_STOP = 0, KN_AFTER_RESTART = 1, KN_AFTER_REVERSE = 2 };
/* The option name of an after-end strategy ("stop", "restart",
   "reverse"), NULL past the last (a kn_name_fn, names.h). */
const char *kn_timeline_after_name(int after);

/* The units of the angle modes: a full turn of 360 or 2 pi. */
enum kn_angle_unit { KN_UNIT_DEGREES = 0, KN_UNIT_RADIANS = 1 };
/* "degrees", "radians", NULL past the last (a kn_name_fn). */
const char *kn_timeline_unit_name(int unit);

enum kn_tl_event_kind {
  KN_EV_KEYFRAME = 1,    /* value: keyframe index (0 = from, i = segment i's to) */
  KN_EV_ITERATION = 2,   /* value: iterations completed so far */
  KN_EV_COMPLETE = 4     /* value: unused */
};

typedef struct kn_timeline {
  int nseg;            /* segments (>= 1) */
  int ncomp;           /* components per state (>= 1) */
  int mode;            /* enum kn_interp_mode */
  int after;           /* enum kn_after */
  double duration;     /* t_max: one iteration, the sum of the segments */
  double iterations;   /* >= 1, may be HUGE_VAL */
  double delay;        /* >= 0 */
  double total;        /* delay + span (HUGE_VAL if endless): timeline.h's header */
  double clock;        /* timeline time, in [0, total] */
  double turn;         /* full turn of the angle modes: 360 or 2*pi */
  double pivot[2];     /* polar mode */
  double hint_pass;    /* kn_timeline_at_hinted's last pass and segment */
  int hint_seg;
  unsigned long gen;   /* bumped by every clock change: stale events stop */
  unsigned user;       /* the binding's own bits; never read by the core */
  double *cum;         /* nseg + 1 start times: cum[0] = 0, cum[nseg] = t_max */
  double *dur;         /* nseg durations */
  double *keys;        /* (nseg + 1) * ncomp raw keyframes: from, to_1 .. to_n */
  double *A, *B;       /* nseg * ncomp prepared endpoints (interp.h) */
  double *scratch;     /* ncomp doubles a binding may use as `out` */
  const struct kn_easing **easing;   /* nseg; NULL = linear */
  double data[];       /* the arrays above live here */
} kn_timeline;

/* The numbers of a timeline beyond the struct (whose layout the FFI's
   cdef repeats), in its block after scratch; zero in a zeroed block: no
   wait, no rounding.  repeat_delay and round are set by the maker before
   kn_timeline_finish, which sets period and span. */
typedef struct kn_tl_extra {
  double repeat_delay;   /* r >= 0, finite: the wait after each pass but the last */
  double period;         /* P = t_max + r */
  double span;           /* play time from the end of the delay to the end */
  kn_round round;        /* what the binding rounds the values it returns by */
} kn_tl_extra;

kn_tl_extra *kn_timeline_extra(kn_timeline *tl);

/* The bound a binding puts on segments x (components + 4), the doubles of
   one allocation, and on components: a sanity bound. */
#define KN_TIMELINE_MAX_ELEMENTS (1 << 24)

/* The iterations when the options leave them out: 1 for stop, endless
   (HUGE_VAL) for restart and reverse. */
double kn_timeline_default_iterations(int after);

/* The full turn of an angle unit (enum kn_angle_unit): 360 or 2 pi. */
double kn_timeline_turn(int unit);

/* Bytes for a timeline of nseg segments of ncomp components: the struct,
   its arrays (kn_tl_extra and kn_timeline_next_change's work space
   among them), then ncomp names of the components (kn_timeline_names) and
   one pointer the binding owns (kn_timeline_slot); the core reads
   neither. */
size_t kn_timeline_size(int nseg, int ncomp);

/* Set nseg, ncomp and the array pointers of a zeroed block of that size. */
void kn_timeline_layout(kn_timeline *tl, int nseg, int ncomp);

/* The ncomp component names after the arrays: for named properties, the
   binding's strings, which it keeps alive as long as the block. */
const char **kn_timeline_names(kn_timeline *tl);

/* The pointer after the names, the binding's own. */
void **kn_timeline_slot(kn_timeline *tl);

/* After keys, dur, easing, mode, turn, pivot, after, iterations, delay
   and the extra's repeat_delay are filled in: cumulative times, prepared
   segments, period, span and total; clock = 0.  Returns whether t_max and
   the period are positive and finite and the total not NaN (durations
   that sum past the largest double, or iterations that make the total 0
   times infinity, do not make a timeline). */
int kn_timeline_finish(kn_timeline *tl);

/* The state at timeline time t (any real; delay included) into out[ncomp].
   Pure: O(log nseg). */
void kn_timeline_at(const kn_timeline *tl, double t, double *out);

/* The same state as kn_timeline_at, bit for bit, starting from the pass
   and segment the previous call on tl found (kept in tl->hint_*): O(1) for
   a clock that moves forward, as update moves it, with no division or
   search.  Not for one timeline shared by threads (it writes the hint). */
void kn_timeline_at_hinted(kn_timeline *tl, double t, double *out);

/* Position within one iteration (0 .. t_max) that time t shows, after the
   strategy; *iteration = 0-based pass, *before = 1 during delay. */
double kn_timeline_local(const kn_timeline *tl, double t, double *iteration,
                         int *before);

/* Set the clock to t clamped to [0, total]; returns the new clock. */
double kn_timeline_seek(kn_timeline *tl, double t);

int kn_timeline_done(const kn_timeline *tl);

/* Events crossed in (t0, t1], in time order.  At one instant: keyframe,
   then iteration, then complete.  `mask` selects the kinds wanted.  Only
   the events of the last KN_TL_EVENT_PASSES passes that end before t1 (and
   of the pass holding t1) are reported: the events of earlier passes in
   (t0, t1] are dropped, so one move does bounded work however short a
   pass is. */
#define KN_TL_EVENT_PASSES 10000.0
typedef struct kn_tl_cursor {
  double t0, t1;       /* the interval */
  double pass;         /* current 0-based pass */
  int k;               /* event slot within the pass: 0..nseg-1 keyframes, nseg pass end */
  unsigned mask;
  int finished;
} kn_tl_cursor;

typedef struct kn_tl_event {
  int kind;            /* enum kn_tl_event_kind */
  double value;        /* keyframe index or iteration count */
  double time;         /* timeline time of the event */
} kn_tl_event;

void kn_timeline_events(const kn_timeline *tl, kn_tl_cursor *cur, double t0,
                        double t1, unsigned mask);
int kn_timeline_next_event(const kn_timeline *tl, kn_tl_cursor *cur,
                           kn_tl_event *ev);

/* The name of the callback of event kind 1 << bit: "on_keyframe",
   "on_iteration", "on_complete", NULL past the last (a kn_name_fn). */
const char *kn_timeline_callback_name(int bit);

/* The stretch one move of the clock covers: the clock before and after,
   and the clock's generation (gen) once moved -- the events of the
   stretch are stale once gen has changed. */
typedef struct kn_tl_move {
  double t0, t1;
  unsigned long gen;
} kn_tl_move;

/* Move the clock by dt (clock + dt finite; seek clamps), the stretch to *m. */
void kn_timeline_move(kn_timeline *tl, double dt, kn_tl_move *m);

/* Whether m's stretch (t0, t1] holds an event of a kind in mask. */
int kn_timeline_crosses(const kn_timeline *tl, const kn_tl_move *m, unsigned mask);

/* ---- the next change ------------------------------------------------ */

/* What the binding shows of a state when it is not the state itself (a
   path's point): fn writes the n values shown for the state (n <=
   KN_TL_MAP_MAX) and returns n. */
#define KN_TL_MAP_MAX 3
typedef struct kn_tl_map {
  int (*fn)(void *ctx, const double *state, double *vals);
  void *ctx;
} kn_tl_map;

/* The uniform cells each segment is cut into when its motion is sampled,
   and the most monotone pieces (kn_easing_max_breaks) an easing may have
   for its changes to be predicted. */
#define KN_TL_NC_CELLS 64
#define KN_TL_NC_MAX_BREAKS 4096.0

/* The least dt >= 0 such that moving the clock by dt (clock + dt, clamped
   to the total, as update moves it) changes a value shown -- the state
   (map NULL) or map's values, each rounded by the extra's round --, or
   crosses an event of a kind in mask, or reaches the total.  Exact to the
   double: at the double below the result none of that has happened.
   0 when a value moves right now and nothing rounds it (no rounding and a
   moving segment that is not steps()), or when the changes cannot be
   predicted (a KN_E_CALLBACK easing, an easing with more than
   KN_TL_NC_MAX_BREAKS pieces) and the timeline is not done; HUGE_VAL when
   nothing ever changes (done, or held for good).

   The motion is sampled forward from the clock: each segment at the
   bounds of KN_TL_NC_CELLS uniform cells and of its easing's monotone
   pieces (kn_easing_next_break), every segment boundary and the doubles
   either side of it, over at most three passes (after them an endless
   timeline repeats what they showed); then the first sample interval
   whose values differ from the clock's is bisected over doubles, on the
   clock and then on dt.  A value that leaves its rounding and comes back
   within one sample interval is missed: with the monotone pieces sampled
   that takes a non-monotone interpolation (polar) or map (a path's
   curve).  Writes tl's work space: not for one timeline shared by
   threads. */
double kn_timeline_next_change(kn_timeline *tl, unsigned mask, const kn_tl_map *map);

/* ---- definitions (timeline_def.c) ----------------------------------- */

/* The shape of the keyframes, the first's for all: one number, an array
   of ncomp numbers, named numbers (colours among them), one colour. */
enum kn_tl_shape { KN_TL_NUMBER = 0, KN_TL_VECTOR = 1, KN_TL_NAMED = 2, KN_TL_COLOR = 3 };

/* The options of a definition, besides its segments. */
typedef struct kn_tl_options {
  int nseg, ncomp;
  int shape;                 /* enum kn_tl_shape */
  int mode, unit, after;     /* enum kn_interp_mode, kn_angle_unit, kn_after */
  double iterations, delay, repeat_delay, pivot[2];
  int space, hue;            /* colours: enum kn_color_space, kn_color_hue */
} kn_tl_options;

/* The defaults: one number, linear, degrees, stop, once, no delay, the
   pivot at 0, colours mixed in oklab the shorter way round the hue. */
void kn_timeline_options_init(kn_tl_options *o, int nseg);

/* A zeroed block of kn_timeline_size(o->nseg, o->ncomp) bytes laid out,
   with the options' mode, strategy, iterations, delay, repeat_delay, turn
   and pivot. */
void kn_timeline_init(kn_timeline *tl, const kn_tl_options *o);

/* Where a check failed: segment seg's field (seg 0: the definition's
   options; field NULL: the whole segment, or the definition when seg is
   0 too) and why. */
typedef struct kn_tl_error {
  int seg;
  const char *field;
  char why[96];
} kn_tl_error;

/* The kinds of number a definition has, and the reason one given is not
   of its kind ("finite number expected"), NULL when it is (is_number: the
   value is a number at all). */
enum kn_tl_number { KN_TL_FINITE, KN_TL_DURATION, KN_TL_ITERATIONS, KN_TL_DELAY };
/* (repeat_delay is a number of kind KN_TL_DELAY.) */
const char *kn_timeline_check_number(int kind, int is_number, double x);

/* The checks of the options, each made where the definition's reading
   reports it; 1 when they pass, else 0 with *e set.
     size    segments x (components + 4) within KN_TIMELINE_MAX_ELEMENTS
     polar   'polar' for 2-vectors, a pivot only for 'polar'
     path    a path's keyframes are numbers, interpolated linearly
     colors  colour keyframes interpolated linearly; color_space and hue
             given only with colour keyframes */
int kn_timeline_check_size(const kn_tl_options *o, kn_tl_error *e);
int kn_timeline_check_polar(const kn_tl_options *o, int has_pivot, kn_tl_error *e);
int kn_timeline_check_path(const kn_tl_options *o, kn_tl_error *e);
int kn_timeline_check_colors(const kn_tl_options *o, int colors, int has_space, int has_hue,
                             kn_tl_error *e);
/* round: the values are numbers (colours are not rounded). */
int kn_timeline_check_round(const kn_tl_options *o, int colors, int has_round, kn_tl_error *e);

/* What a keyframe of the shape is called in a reason: "number", "array of
   numbers", "table of named numbers"; with `counted`, as the first one
   makes it: "array of 3 numbers" (written in buf), "colour". */
const char *kn_timeline_shape_name(int shape, int ncomp, int counted, char *buf,
                                   size_t size);

#endif
