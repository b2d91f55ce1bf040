/*
** animator.h -- the store and the clock rules behind kinetic.animator: many
** animations, each driving fields of the caller's objects, advanced
** together.
**
** An animation is a node: a tween (channels eased from start to end values),
** a spring (one kn_spring per channel), a group (children placed in time:
** a staggered list of targets or a sequence) or a call (a point in a
** sequence's time).  A channel is one field of one object: a number, or an
** array of n numbers interpolated per item.  The core holds the numbers and
** computes every value; it never sees the objects or the field names: the
** binding reads the start values, writes the results and runs callbacks.
** A colour is a channel of 4 numbers to the core: the binding gives it the
** colours' premultiplied components in their interpolation space
** (color.h) and turns what the lerp makes back into a colour.
**
** The clock rule of a node (kn_span) is a timeline's (timeline.h): with
** delay d, one iteration of duration T, N iterations and the after-end
** strategy, time t >= d shows the local time u within pass c =
** floor((t - d) / T):
**   stop     u = min(t - d, T)
**   restart  u = (t - d) mod T
**   reverse  u = (t - d) mod T on even passes, T - (t - d) mod T on odd ones
** With a repeat delay r > 0 (GSAP's repeatDelay) each pass but the last is
** followed by r seconds that hold its end: with P = T + r, the pass is
** c = floor((t - d) / P), w = (t - d) - c P, and the rule above shows
** u = min(w, T) (mirrored on the odd passes of "reverse"); the total is
** d + N T + (ceil(N) - 1) r.
** and a tween's value is from + E(u / T) (to - from) per component, with
** the lerp of interp.h (the end value itself at E = 1).  A fling is a tween
** of one number field whose value at local time u is its motion's
** (fling.h), T the time that motion comes to rest.
**
** Drivers: a hash from (object, field) to the channel that last started
** driving it, each channel linking the channels of the same root (a
** sequence's children placed on one field) it displaced, so that an
** animation starting on a field finds every other animation to override in
** O(1).
*/
#ifndef KINETIC_ANIMATOR_H
#define KINETIC_ANIMATOR_H

#include <stddef.h>
#include <stdint.h>

#include "round.h"

struct kn_easing;
struct kn_spring;
struct kn_fling;
struct kn_path;
struct kn_spring_model;
struct kn_color;
struct kn_follower;

/* A shake (kn_anim_shake_node): channel j of its node is written as
   base + amp[j] (1 - E(p)) noise(frequency u, seed + k[j]), u the node's
   local time, p = u / T, E its easing (the decay), base its field's value
   at the start; at p = 1 exactly base. */
typedef struct kn_shake {
  double frequency, seed;
  double *amp, *k;     /* by channel, in channel order */
} kn_shake;

typedef struct kn_span {
  double delay;        /* >= 0 */
  double duration;     /* T >= 0 */
  double iterations;   /* N >= 1, may be HUGE_VAL */
  double gap;          /* r >= 0, the repeat delay (kept by kn_span_init) */
  double total;        /* d + N T + (ceil(N) - 1) r (HUGE_VAL when endless) */
  int after;           /* enum kn_after (timeline.h) */
} kn_span;

/* The span's fields and total; its gap is kept (0 in a zeroed span). */
void kn_span_init(kn_span *s, double delay, double duration, double iterations,
                  int after);
/* The span's repeat delay set, its total recomputed. */
void kn_span_set_gap(kn_span *s, double gap);
/* The start (end = 0) or the end (end = 1) of pass c. */
double kn_span_mark(const kn_span *s, double c, int end);

/* Local time u in [0, T] shown at time t (delay included), its pass, and
   *phase: -1 in the delay, 0 running, 1 at or past the end (u then holds
   the end of the last pass). */
double kn_span_local(const kn_span *s, double t, double *pass, int *phase);

/* Whether pass runs backwards (the odd passes of "reverse"). */
int kn_span_backward(const kn_span *s, double pass);

/* Input progress u / T of local time u (T = 0: 1 on a forward last pass,
   0 on a backward one). */
double kn_span_progress(const kn_span *s, double u, double pass);

/* Node kinds and states. */
enum kn_node_kind { KN_NODE_TWEEN, KN_NODE_SPRING, KN_NODE_GROUP, KN_NODE_CALL };
enum kn_node_state {
  KN_NODE_FREE,        /* slot unused */
  KN_NODE_CHAINED,     /* waits for the node it follows (flux's after) */
  KN_NODE_LIVE,        /* top level or a child: advanced by update */
  KN_NODE_DONE         /* completed or stopped; freed after the frame */
};

/* Node flags (kn_node.user), the core's and the binding's alike. */
#define KN_AN_ON_START     1u     /* has on_start: its start is an event */
#define KN_AN_ON_UPDATE    2u
#define KN_AN_ON_COMPLETE  4u
#define KN_AN_SEQUENCE     8u     /* a sequence (an empty one is not fieldless) */
#define KN_AN_LUA_EASE     16u    /* eased by the binding's code */
#define KN_AN_SPRINGS      32u    /* a group of springs: done when every child rests */
#define KN_AN_SWEPT        64u    /* a group has been swept once */
#define KN_AN_STOPPED      128u   /* stopped: its pending events are dropped */
#define KN_AN_START_DUE    256u   /* started by seek: on_start fires at the next update */
#define KN_AN_DEFERRED     512u   /* left by kn_anim_split to kn_anim_run */
#define KN_AN_BLOCKED      1024u  /* shares a field with a node starting in this frame */
#define KN_AN_LUA_ROUND    2048u  /* its values rounded by the binding's function */
#define KN_AN_ON_REPEAT    4096u  /* has on_repeat: each pass from the second is an event */
#define KN_AN_YOYO         8192u  /* its reverse passes eased by yoyo */
#define KN_AN_KEEP         16384u /* a quick setter's: never freed before the animator */

/* Channel flags. */
#define KN_CH_RELATIVE 1u   /* given = an offset to the value read at start */
#define KN_CH_FROM     2u   /* given = the start value; the end is read */
#define KN_CH_STARTED  4u   /* start values read */
#define KN_CH_DIRECT   8u   /* set by the caller: the object takes a plain store */

typedef struct kn_chan {
  int node;            /* owner, -1 when free */
  int next;            /* next channel of the node, or of the free list */
  int n;               /* 0: a number field; k >= 1: an array of k */
  unsigned flags;
  const void *object;  /* identity of the object (hash key) */
  int key;             /* interned field name (hash key) */
  int displaced;       /* channel of the same root this one displaced (-1) */
  double *given;       /* k values as the caller gave them */
  double *from, *to;   /* k start and end values (set at start) */
  double *out;         /* k current values */
  double *heap;        /* the four arrays when k > 1; else NULL: they are
                          in inline_data (re-pointed when chans moves) */
  struct kn_spring *spring;   /* spring nodes: the channel's spring */
  const struct kn_path *path; /* a path channel: its path (kept alive by the
                                 binding), and the part it shows: */
  int part;                   /* 0 x, 1 y, 2 the angle */
  int color, hue, form;       /* the binding's own: a colour channel's
                                 interpolation space + 1 (0: not a colour),
                                 hue mode, and how its field holds it */
  double inline_data[4];      /* given, from, to, out of a number field */
} kn_chan;

typedef struct kn_node {
  int kind;            /* enum kn_node_kind */
  int state;           /* enum kn_node_state */
  int parent;          /* group node, -1 at the top level */
  int started;         /* the delay has ended once (start values read) */
  int paused;
  int order;           /* creation serial: ties of callback order */
  int born;            /* kn_animator.frames when it was made */
  unsigned gen;        /* bumped when the slot is freed (stale handles) */
  unsigned user;       /* the binding's bits (callbacks set ...) */
  int chan;            /* first channel, -1 none */
  int nchan;           /* channels still driven */
  int chain;           /* first node chained after this one, -1 none */
  int chain_next;      /* next node chained after the same node */
  int placed;          /* sequence: the child placed last + 1, 0 none */
  int *kids;           /* group: children, by offset (ties: insertion) */
  int nkids, capkids;
  kn_span span;
  double clock;        /* own time, delay included */
  double scale;        /* own time scale >= 0 */
  double offset;       /* child: start within the parent's iteration */
  double frame_start;  /* update: frame time this node starts advancing at */
  const struct kn_easing *easing;   /* NULL: outQuad */
  struct kn_fling *fling;  /* a tween that is a fling: its one number field
                              follows this motion (owned; freed with the node) */
  const struct kn_easing *yoyo;   /* KN_AN_YOYO: the easing of reverse passes */
  struct kn_follower *follow;  /* a tween that follows: one follower a channel (in
                                  channel order; owned), clocked by its local time */
  double follow_a, follow_v;   /* their acceleration and speed limits */
  kn_shake *shake;     /* a tween that shakes its fields (owned), or NULL */
  kn_round round;      /* what its channels' out are rounded by (round.h) */
  double *round_set;   /* its set (owned: freed with the node), or NULL */
} kn_node;

/* An event of a frame, fired by the binding after every write. */
enum kn_event_kind { KN_EV_START = 0, KN_EV_UPDATE = 1, KN_EV_DONE = 2, KN_EV_CALL = 3,
                     KN_EV_REPEAT = 4 };
typedef struct kn_event {
  double time;         /* within the frame, animator seconds from its start */
  int node;
  unsigned gen;
  int kind;            /* enum kn_event_kind */
  int order;           /* the node's creation serial */
  double n;            /* KN_EV_REPEAT: the iteration that begins (>= 2) */
} kn_event;

typedef struct kn_animator {
  kn_node *nodes;  int nnodes, capnodes, freenode;
  kn_chan *chans;  int nchans, capchans, freechan;
  int *roots;      int nroots, caproots;    /* top-level live nodes, by creation */
  kn_event *events; int nevents, capevents;
  struct kn_hslot { const void *object; int key; int chan; } *hash;
  int hcap, hused;                           /* open addressing, hcap a power of 2 */
  int serial;
  int frames;          /* updates so far (the binding counts them) */
  double scale;        /* the animator's time scale */
  int paused;
  int reduced;         /* reduced motion: a root starting plays to its end at once */
  int updating;        /* inside update: the binding refuses a nested one */
  /* the frame's resumable state (anim_frame.c) */
  double step;         /* the top-level node being advanced moves this, exactly */
  int whole;           /* the group child being advanced moves the whole step */
  int current;         /* the innermost node being started or advanced, -1 none */
  int loop_i;          /* the root kn_anim_run is at */
  int step_roots;      /* roots when kn_anim_split ran (those after join later) */
  int seeking;         /* a seek renders: nothing completes */
  int starts_due;      /* a root may wait for its start (made, resumed, sought) */
} kn_animator;

void kn_animator_init(kn_animator *A);
void kn_animator_free(kn_animator *A);

/* Allocation: each returns -1 when memory runs out (nothing changed). */
int kn_anim_node_new(kn_animator *A, int kind);
/* A channel of node `node` for `object`.key, with k = max(n, 1) given
   values; appended to the node's channels. */
int kn_anim_chan_new(kn_animator *A, int node, const void *object, int key, int n);
int kn_anim_root_add(kn_animator *A, int node);
/* A number channel turned into one of n >= 1 items, each item given the
   number it was given (a relative offset found to apply to an array
   field); its spring, if any, remade for n items with the same motion.
   0 when memory runs out (nothing changed). */
int kn_anim_chan_resize(kn_animator *A, int c, int n);
/* Insert child into group's children by offset (after equal offsets). */
int kn_anim_kid_add(kn_animator *A, int group, int child);
int kn_anim_event(kn_animator *A, int node, int kind, double time);
/* Stable sort of the events from index first on by time, then kind, then
   creation order. */
void kn_anim_sort_events(kn_animator *A, int first);

/* The channel of node for (object, key), or -1. */
int kn_anim_find_chan(const kn_animator *A, int node, const void *object, int key);

/* Drivers.  kn_anim_rival: the first channel driving c's (object, key)
   whose root is not c's, or -1; the caller releases each rival
   (kn_anim_chan_release) before kn_anim_drive makes c the driver (the
   channels of c's own root it displaces stay linked behind it).
   kn_anim_drive returns 0 when memory runs out. */
int kn_anim_root_of(const kn_animator *A, int node);
int kn_anim_rival(const kn_animator *A, int c);
int kn_anim_drive(kn_animator *A, int c);
/* The channel that drives (object, key), or -1. */
int kn_anim_driver(const kn_animator *A, const void *object, int key);
/* Stop channel c driving: out of the hash and the list of drivers, off its
   node (nchan - 1).  Its numbers stay (a released spring keeps its state). */
void kn_anim_chan_release(kn_animator *A, int c);

/* Free a node (DONE) and its channels, its children (recursively) and its
   chained nodes; bumps gen. */
void kn_anim_node_free(kn_animator *A, int node);
/* Drop DONE nodes from the roots, keeping order. */
void kn_anim_roots_compact(kn_animator *A);

/* A tween node's channels at its clock (the channels have started):
   out = lerp(from, to, E(progress)).  Returns the eased progress. */
void kn_anim_tween_eval(kn_animator *A, int node, double t);

/* Velocity of a tween channel c (per item, into v[k]) at its node's clock:
   E'(p) (to - from) / T times the node's rate `rate` (its own scale times
   its parents').  The slope E' is a one-sided difference quotient
   D(h) = (E(p + h) - E(p)) / h (forward, or backward within 3h of 1: the
   side an easing defined piecewise is smooth on) taken to O(h^3) by two
   Richardson steps, R1(h) = 2 D(h/2) - D(h), R2 = (4 R1(h/2) - R1(h)) / 3,
   with h = 2^-12. */
void kn_anim_tween_velocity(const kn_animator *A, int c, double rate, double *v);

/* ---- the frame (anim_frame.c) -----------------------------------------------

   The core moves the clocks and computes every value; the binding reads
   and writes the fields through kn_anim_io.  Any hook may raise (longjmp
   out of the core) where the binding runs the core under a protected call:
   A->current then names the innermost node started or advanced, which the
   binding stops before it resumes the loop after A->loop_i.

   A frame is kn_anim_run with KN_RUN_START (when A->starts_due: the roots
   whose delay was over when the frame began read their fields before any
   animation moves, flux's order) then KN_RUN_ADVANCE (every root moves by
   dt, times its scales; chained nodes join behind the ones they follow).
   kn_anim_split is the same frame for the roots that need no hook but
   write, leaving the others KN_AN_DEFERRED for a KN_RUN_REST run. */
typedef struct kn_anim_io {
  void *ud;
  /* Read channel c's field into its out (a relative number channel may
     become one of n items: kn_anim_chan_resize).  A path channel reads
     nothing.  0 when the field holds what the channel cannot drive: the
     binding has noted why, and the node ends quietly. */
  int (*read)(void *ud, int c);
  /* Write out of every channel of node that still has an object. */
  void (*write)(void *ud, int node);
  /* Advance child k as kn_anim_advance does, stopping it (or the node
     below it that raised) when the binding's code raises; NULL: no guard.
     Called for children that are not kn_anim_plain only. */
  void (*guard)(void *ud, int k, double t0, double t1, double tau0, double tau1);
  /* Something the binding reports after the frame (KN_ANIM_OVERFLOW). */
  void (*report)(void *ud, int node, int what);
  /* node's slot is about to be freed (its children and chain are freed
     with it). */
  void (*freed)(void *ud, int node);
  /* Out of memory: does not return. */
  void (*nomem)(void *ud);
} kn_anim_io;

enum { KN_ANIM_OVERFLOW = 1 };   /* a spring's state overflowed: put on its target */
enum { KN_RUN_START = 0, KN_RUN_ADVANCE = 1, KN_RUN_REST = 2 };

/* Advance node from its time t0 to t1; the frame times tau0, tau1 map to
   them (events get their frame time by linear interpolation). */
void kn_anim_advance(kn_animator *A, const kn_anim_io *io, int node, double t0, double t1,
                     double tau0, double tau1);
/* Start node at frame time tau: read its fields and take them over.  0
   when it ended there (a bad field). */
int kn_anim_start(kn_animator *A, const kn_anim_io *io, int node, double tau);
/* The roots from index `from` on, by mode (KN_RUN_START, or
   KN_RUN_ADVANCE, plus KN_RUN_REST: only the deferred and joined ones). */
void kn_anim_run(kn_animator *A, const kn_anim_io *io, double dt, int from, int mode);
/* Advance by dt the roots that need no hook but write; returns how many
   it deferred. */
int kn_anim_split(kn_animator *A, const kn_anim_io *io, double dt);
/* kn_anim_split for a caller that writes the fields itself: its write
   hook lists (channel id + 1, out[0]) of every number field written into
   ids and vals, in order.  counts[0]: the live roots, counts[1]: those
   deferred.  Returns the number of writes; -1 (nothing done) when paused
   or inside update; -2 (nothing done) when cap is below the number of
   channels, with that number in counts[0]. */
int kn_anim_split_list(kn_animator *A, double dt, int *counts, int *ids, double *vals,
                       int cap);
/* The frame's entry points by number, for a binding that runs each under
   one protected call: op with its numbers x (a node as a double). */
enum kn_anim_op {
  KN_OP_RUN,           /* kn_anim_run: dt, from, mode */
  KN_OP_ADVANCE,       /* kn_anim_advance: node, t0, t1, tau0, tau1 */
  KN_OP_SNAP,          /* kn_anim_snap: node */
  KN_OP_SEEK           /* kn_anim_seek: node, t */
};
void kn_anim_op(kn_animator *A, const kn_anim_io *io, int op, const double *x);
/* Stop node: fields stay, no on_complete, its chain is dropped. */
void kn_anim_stop(kn_animator *A, const kn_anim_io *io, int node);
/* A quick setter's node (KN_AN_KEEP: a tween of one number field, or a
   spring node of one) set going again towards `to` on object.key: live
   and a root, driving its field again (rivals let go).  A tween started
   before plays from `from` (the field's value now) with its clock at 0;
   one not started yet, or a spring, is retargeted (a spring keeps its
   position and velocity).  0 when memory runs out. */
int kn_anim_quick(kn_animator *A, const kn_anim_io *io, int node, const void *object, int key,
                  double from, double to);
/* Free the DONE roots unless a frame runs (a KN_AN_KEEP one stays). */
void kn_anim_collect(kn_animator *A, const kn_anim_io *io);
/* A spring node (or a group of springs) put on its targets and completed
   now: the fields not yet read are read first. */
void kn_anim_snap(kn_animator *A, const kn_anim_io *io, int node);
/* A root's clock set to t (delay included; a live one clamped to its end,
   and its fields shown there): nothing completes, and a node started by
   it fires on_start with the next frame (KN_AN_START_DUE). */
void kn_anim_seek(kn_animator *A, const kn_anim_io *io, int node, double t);
/* anim:stop(object [, key]): every channel on object (key 0), or the one
   of object.key, let go (kn_anim_chan_release); the roots left with no
   field stopped.  The caller collects. */
void kn_anim_let_go(kn_animator *A, const kn_anim_io *io, const void *object, int key);
/* Live roots. */
int kn_anim_count(const kn_animator *A);
/* The next visible change (anim_change.c): the smallest dt >= 0 such that
   an update by dt makes something happen -- a rounded value written
   changes, an animation starts or ends, a callback other than on_update
   is due; 0 when something is due now or a value not rounded by the core
   (none, a Lua function, a Lua easing) moves, or for a group of springs
   or a group of more than one pass that plays; HUGE_VAL when nothing ever
   will.  -1 when memory runs out. */
double kn_anim_next_change(kn_animator *A);
/* Whether node has no field left anywhere below it. */
int kn_anim_fieldless(const kn_animator *A, int node);
/* Whether every field of node and below it is started on an object taking
   plain stores (no hook can raise advancing it). */
int kn_anim_plain(const kn_animator *A, int node);
/* Progress in [0, 1]: the clock rule's for a tween or a group, 1 - the
   largest share of distance left for a spring. */
double kn_anim_progress(const kn_animator *A, int node);
/* Whether event e still fires: its node is the one it was made for, and
   was not stopped since. */
int kn_anim_event_live(const kn_animator *A, const kn_event *e);

/* Stagger: delays of n targets, as GSAP 3's distribute() for a flat list.
   Origin o = n r - 0.5 for r = 0 (start, random), 0.5 (center, edges),
   1 (end), or o = index - 1 for a 1-based index; d_i = |i - o| (i = 0 ..
   n-1); l_i = (d_i - min d) / (max d - min d) (0 when all d are equal);
   delay_i = E(l_i) T.  For edges distribute() negates the amount and
   inverts the easing (p -> 1 - E(1 - p)) from the base T, which is
   delay_i = E(1 - l_i) T.  For random it shuffles the d_i: the caller gives
   the permutation in perm (perm[i] = the slot whose d target i takes).
   E NULL: linear. */
enum { KN_STAGGER_START, KN_STAGGER_CENTER, KN_STAGGER_END, KN_STAGGER_EDGES,
       KN_STAGGER_INDEX, KN_STAGGER_RANDOM };
void kn_stagger(int n, int from, double index, double total,
                const struct kn_easing *e, const int *perm, double *delays);

/* ---- building nodes (anim_make.c) ------------------------------------------ */

/* The options of the animator's methods, NULL-terminated: anim:to and
   anim:from (the KN_OPT_* names, in that order, through KN_OPT_HUE),
   anim:spring (its own from KN_OPT_SPRING_PARAMS on: the spring's
   parameters), a stagger table, anim:sequence, and anim:fling by kind
   (enum kn_fling_kind). */
enum {
  KN_OPT_EASING, KN_OPT_DELAY, KN_OPT_ITERATIONS, KN_OPT_AFTER, KN_OPT_STAGGER,
  KN_OPT_ON_START, KN_OPT_ON_UPDATE, KN_OPT_ON_COMPLETE, KN_OPT_ROTATE, KN_OPT_FIELDS,
  KN_OPT_COLOR_SPACE, KN_OPT_HUE, KN_OPT_ROUND, KN_OPT_REPEAT_DELAY, KN_OPT_ON_REPEAT,
  KN_OPT_YOYO_EASE, KN_OPT_VELOCITY, KN_OPT_COUNT
};
#define KN_OPT_SPRING_PARAMS 9
extern const char *const kn_anim_opt_names[KN_OPT_COUNT];
extern const char *const kn_anim_tween_options[];
extern const char *const kn_anim_spring_options[];
extern const char *const kn_anim_stagger_options[];
extern const char *const kn_anim_sequence_options[];
extern const char *const kn_anim_follow_options[];
extern const char *const kn_anim_shake_options[];
extern const char *const kn_anim_fling_options[4][15];

/* The KN_OPT_* bits of the names of the list `known` whose bits (1 << i
   for known[i]) are `present`. */
unsigned kn_anim_opt_bits(const char *const *known, unsigned present);

/* The stagger origin named s ("start", "center", "end", "edges",
   "random": KN_STAGGER_*), -1 for none ("index" is given as a number). */
int kn_stagger_from_find(const char *s);

/* Spans.  A group's children are added at their offsets (kn_anim_kid_add);
   its span then starts at delay and lasts until the end of its last
   child, the largest offset + length, repeated `iterations` times
   (`after`).  A group of springs (springs != 0: KN_AN_SPRINGS) is
   endless: it ends when every child rests.  kn_anim_group_add returns 0
   when memory runs out. */
int kn_anim_group_add(kn_animator *A, int group, int child, double offset);
void kn_anim_group_span(kn_animator *A, int group, int springs, double length,
                        double delay, double iterations, int after);
/* Place child in the sequence seq at time t: its own delay cleared (t
   includes it), added by offset, the sequence's duration grown to t + its
   length (a call has none); it is then the one a position's "<" and ">"
   name.  0 when memory runs out (child not added). */
int kn_anim_place(kn_animator *A, int seq, int child, double t);
/* The start (end = 0) or the end (end = 1) of the child placed last in
   sequence seq: t and t + its length as kn_anim_place had them, 0 before
   any. */
double kn_anim_seq_mark(const kn_animator *A, int seq, int end);
/* Chain next (KN_NODE_CHAINED) behind node: it starts when node, and the
   nodes chained before it, complete. */
void kn_anim_chain(kn_animator *A, int node, int next);

/* Node's rounding (round.h): a step q > 0, or nset > 0 values of set
   (copied), or none.  0 when memory runs out (nothing changed). */
int kn_anim_set_round(kn_animator *A, int node, double q, const double *set, int nset);
/* Channel c's out rounded by its node's rounding. */
void kn_anim_round_out(kn_animator *A, int c);

/* A fling: node (a tween of one number field) follows a copy of motion
   (owned by the node), its span the motion's time to rest.  0 when
   memory runs out (nothing changed). */
int kn_anim_fling_node(kn_animator *A, int node, const struct kn_fling *motion);

/* Followers (follower.h).  kn_anim_follow_node makes node, a tween of
   number channels, follow: each channel gets a follower with limits a and
   v, made when the node starts (from the field's value at rest towards its
   given value), the node's span then lasting until the last arrives (before
   the start it is endless from delay).  A channel's value at local time u
   is its follower's position at u.  kn_anim_follow_retarget: channel c of
   a started node re-planned at the node's local time towards t (its
   position and velocity kept), the span made to end with the last
   arrival.  0 when memory runs out or a plan overflows (nothing
   changed). */
int kn_anim_follow_node(kn_animator *A, int node, double a, double v);
int kn_anim_follow_retarget(kn_animator *A, int c, double t);
/* Node (a tween of number channels, its span and easing set) shakes with
   frequency and seed, amp and k given by channel (copied).  0 when memory
   runs out. */
int kn_anim_shake_node(kn_animator *A, int node, double frequency, double seed,
                       const double *amp, const double *k);

/* The follow node's limits (its followers', once started) set: the plans
   made from now on keep them. */
void kn_anim_follow_limits(kn_animator *A, int node, double a, double v);
/* The follow node's span from its followers' plans (at its start). */
void kn_anim_follow_span(kn_animator *A, int node);
/* The follower of channel c of a follow node. */
struct kn_follower *kn_anim_follower(const kn_animator *A, int c);

/* Springs.  kn_anim_spring_node gives each channel of node a spring of the
   motion (model, integrator, clamp, rest thresholds: spring.h) with
   position, target and velocity 0 -- the start sets them -- leaves 0 in
   each channel's from (its velocity option), and makes the node's span
   endless from delay 0.  0 when memory runs out (the springs made so far
   are freed with the node).  kn_anim_chan_motion replaces the motion of
   channel c's spring, its state kept. */
int kn_anim_spring_node(kn_animator *A, int node, const struct kn_spring_model *m,
                        int integrator, int clamp, double rest_delta, double rest_speed);
void kn_anim_chan_motion(kn_animator *A, int c, const struct kn_spring_model *m,
                         int integrator, int clamp, double rest_delta, double rest_speed);
/* Retarget spring channel c to t[k] (rel: offsets).  Started: its spring
   gets target t, or its current target + t (t is changed).  Not started:
   its given values become t, or + t when rel (a relative channel stays
   relative to the field's value at start). */
void kn_anim_retarget(kn_animator *A, int c, double *t, int rel);

/* Colour channels (kn_chan.color = space + 1, kn_chan.hue).  The start
   of c from the field's colour cur and the one given: the ends (from and
   to of a tween, reversed for KN_CH_FROM; a spring's out and to) are
   kn_color_mix_ends of them, a tween's out its from.  A started spring
   retargeted to given: its new target is its position plus the step from
   its position to given as kn_color_mix_ends makes them (the hue fixed up
   against where the spring is). */
void kn_anim_color_start(kn_animator *A, int c, const struct kn_color *cur,
                         const struct kn_color *given);
void kn_anim_color_retarget(kn_animator *A, int c, const struct kn_color *given);

/* Random stagger order: perm = a permutation of 0 .. n-1 by Fisher-Yates,
   for i = n-1 down to 1 swapping perm[i] with perm[j], j = x mod (i + 1)
   for the next x of the xorshift64 state *rng (x ^= x << 13, x ^= x >> 7,
   x ^= x << 17). */
void kn_anim_shuffle(uint64_t *rng, int n, int *perm);

/* Controls.  The reasons a control refuses a node (kn_anim_reason: the
   message, "" for KN_ANIM_OK). */
enum { KN_ANIM_OK, KN_ANIM_ECHAINED, KN_ANIM_EENDLESS, KN_ANIM_ESTARTED,
       KN_ANIM_ENOTIMELINE };
const char *kn_anim_reason(int err);
/* a:finish of a top-level node: *op is KN_FINISH_SNAP (a spring or a
   group of springs: kn_anim_snap), KN_FINISH_ADVANCE (kn_anim_advance to
   its total) or KN_FINISH_NONE (it is done); refused when chained or
   endless. */
enum { KN_FINISH_NONE, KN_FINISH_SNAP, KN_FINISH_ADVANCE };
int kn_anim_finishing(const kn_animator *A, int node, int *op);
/* a:delay(d) of a top-level node not started: its span's delay set. */
int kn_anim_set_delay(kn_animator *A, int node, double d);
/* a:seek: refused for a spring or a group of springs. */
int kn_anim_seekable(const kn_animator *A, int node);
/* "done" (node < 0: gone), "paused", "waiting" (chained or in its delay)
   or "running". */
const char *kn_anim_state_name(const kn_animator *A, int node);

#endif
