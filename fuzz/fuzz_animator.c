/*
** fuzz_animator.c -- the animator's C core (animator.h) against naive
** models written here.  The first byte picks one of six parts:
**
** store: up to 200 operations on one kn_animator, as the binding makes
**   them: a node (tween, spring or group) at the top level or as a group's
**   child at a fuzzed offset; a channel for (object, key) from a pool of 12
**   objects (addresses in a static array) and keys 1..6, of 0..5 items
**   (spring nodes' channels own a kn_spring); a channel's start (every
**   rival kn_anim_rival names released, a root kn_anim_fieldless calls
**   fieldless -- which must be the model's verdict -- stopped with
**   kn_anim_stop, as take_over does, then kn_anim_drive); a channel's
**   release; a node's kn_anim_stop (the model: its channels released, its
**   live children stopped, a DONE node left as it is); the free of a DONE
**   top-level node and kn_anim_roots_compact; a number channel resized to
**   1..8 items.  The model keeps, per (object, key), the started channels
**   that drive it, latest first: the contract (animator.h) is that the
**   latest started drives, channels of its root stay linked behind it and
**   channels of other roots are rivals the caller releases.  After every
**   operation: kn_anim_driver gives the model's head for every pair of the
**   pool and the displaced links give the model's list (hused: the pairs
**   driven); a channel just driven has no rival; kn_anim_rival names only
**   started channels of the pair with another root, and none is left
**   after the loop; every node's state, kind, parent and gen are the
**   model's, its channel list holds its channels in creation order, nchan
**   counts those with object != NULL; every channel's given/from/to/out
**   point into its own storage (heap, or inline_data when heap is NULL)
**   and hold the numbers written there (so an inline array left behind
**   by a realloc shows, and ASan sees the read); a resized channel keeps its
**   given and from values per item and its spring's motion; a group's
**   children are sorted by offset, ties in insertion order; the roots are
**   the model's after every compaction.  kn_animator_free ends the case
**   (LeakSanitizer sees what it misses).
** clock: kn_span_local against kn_timeline_local of a one-segment timeline
**   with the same duration, iterations (>= 1, sometimes HUGE_VAL), after
**   strategy and delay, at fuzzed finite times and times near the pass
**   ends, the delay's end and the total: the same u and pass bit for bit,
**   phase -1 exactly where the timeline is before its start and 1 exactly
**   where it holds its end (t >= total, or t - delay >= N T), and a
**   progress in [0, 1].  Duration 0 is skipped: a span of duration 0 (a
**   call, an empty group) has its own rule (total = delay, the end at
**   once), while a timeline refuses a zero total duration.
** stagger: kn_stagger for n = 1..64, every `from`, a fuzzed total >= 0,
**   linear easing: every delay is in [0, total]; center and edges are
**   symmetric (delay_i == delay_{n-1-i}), an index origin symmetric about
**   its target, which gets delay 0; start never decreases, end never
**   increases and is start reversed, bit for bit; edges is 0 exactly where
**   center is total and total where center is 0 (a normal total); random
**   with a fuzzed permutation gives start's delays permuted (delay_i ==
**   start_{perm[i]}, bit for bit); 0 and total are both reached unless
**   every distance is equal (then every delay is 0, or total for edges).
** events: kn_anim_sort_events from a fuzzed first index on up to 64
**   events of fuzzed nodes and kinds at times from a small set (ties,
**   -0 against 0) or fuzzed: the same sequence as a stable rank sort by
**   time, then kind, then creation order; the prefix stays as it was.
** frame: an animator built from the bytes as anim_make.c and animation.c
**   build one -- tweens (numbers and arrays of 1-3, relative, "from",
**   delays, iterations 1, 2, 2.5, fuzzed or endless, after stop / restart
**   / reverse, the core's easings: linear, bezier, keywords, steps,
**   Penner's with fuzzed parameters, accelerate; none: outQuad), springs
**   (fuzzed motions the binding accepts, velocity option), staggered
**   groups of tweens or springs, sequences of tweens and calls placed at
**   the end, at 0 or at a fuzzed time, and tweens chained after others --
**   on 6 objects x 4 fields held in plain C arrays (a field a number or
**   an array, sometimes not the shape its channel drives: a bad field).
**   The kn_anim_io reads and writes them as the binding does (an array
**   into a relative number channel resizes it), guard NULL.  Then up to
**   48 steps: frames (kn_anim_run START when starts_due, then ADVANCE) of
**   dt 0, 5e-324, a denormal, 1e-300, 1/60, 1/4, fuzzed, 1e300, DBL_MAX
**   (at most 2 s when an rk4 or euler spring is built: its 1 ms substeps
**   bound the work); kn_anim_stop of any node, anim:stop(target [, field])
**   (releases, kn_anim_fieldless roots stopped), anim:stop(); a:finish
**   (kn_anim_snap of springs, a tween or group moved to its end); pauses
**   of a node or the animator, time scales; a:seek (A->seeking around
**   kn_anim_advance, events dropped, on_start owed).  Each step's events
**   fire (sorted), then kn_anim_collect, as update does.  Checked: every
**   value written is finite, and only by a live node that was never seen
**   DONE, stopped or freed; every tween channel written in the step wrote
**   lerp(from, to, E(p)) (interp.h) at its node's clock, p the clock
**   rule's progress (kn_span_local, kn_span_progress) and from, to what
**   the model makes of the value its read saw -- an independent
**   statement of animator.h's rule; a completed tween of after = stop
**   and whole iterations wrote its end exactly in that step, a completed
**   spring (stiffness > 0) rests on its target; a completed top-level
**   node fired KN_EV_DONE exactly once if it has on_complete, else never;
**   events lie in [0, dt] (0 for a finish), and none that
**   kn_anim_event_live accepts names a freed node; a freed node is FREE
**   and no other is; kn_anim_progress is in [0, 1]; kn_anim_count equals
**   the live top-level nodes counted over every slot, each root listed
**   once; after a frame no live unpaused top-level node with an end
**   stands at it (it would have completed).
** split: the frame part's animator built twice from the same bytes on
**   the same object identities; W[0] steps with the classic frame, W[1]
**   with the FFI step -- kn_anim_split, whose write hook lists (channel,
**   out[0]) as lk_anim_ffi_step does, the list stored into the fields as
**   ffi.lua does, then, when roots were deferred, update with rest = 1
**   (kn_anim_run START|REST when starts_due, ADVANCE|REST, the events,
**   kn_anim_collect).  Both are checked as in the frame part, kn_anim_split
**   lists only number fields of plain objects of tweens and makes no
**   event, a node it listed never writes again in the frame; and after
**   every step the two agree: every field (bits), the number of stores
**   and overflow reports, the live events after kn_anim_sort_events
**   (kind, node, time bits, in order), the roots, every node's state,
**   start, clock (bits) and flags but the split's own, every channel's
**   flags, values and spring state (bits).
*/
#include "fpcontract.h"
#include <float.h>

#include "fuzz_common.h"
#include "animator.h"
#include "easing.h"
#include "interp.h"
#include "penner.h"
#include "spring.h"
#include "timeline.h"

/* ---- store ---------------------------------------------------------------- */

enum { NOBJ = 12, NKEY = 6, NPAIR = NOBJ * NKEY, MAXOPS = 200, MAXID = MAXOPS + 8,
       MAXK = 8 };

static char objs[NOBJ];                 /* the objects: only their addresses matter */
static const double zeros[MAXK];

typedef struct {
  int used, kind, state, parent;
  int top;             /* made at the top level (a root) */
  unsigned gen;
  int nkids;           /* children */
  int kseq;            /* insertion serial as a child */
  double offset;
} mnode;

typedef struct {
  int used, node, obj, key, n, released, started, seq;
  double val[4 * MAXK];                 /* given, from, to, out */
  int spring, integ, clamp;             /* spring nodes: the motion */
  double mass, stiff, damp, rd, rs;
} mchan;

typedef struct {
  kn_animator A;
  mnode node[MAXID];
  mchan chan[MAXID];
  int drv[NPAIR][MAXOPS + 1], ndrv[NPAIR];   /* started channels, latest first */
  int roots[MAXID], nroots;
  int serial;
  int hi;              /* above every node and channel id yet */
} store;

static store S;

static int pair_of(const mchan *m) { return m->obj * NKEY + (m->key - 1); }

static int root_of(int id) {
  while (S.node[id].parent >= 0) id = S.node[id].parent;
  return id;
}

static int chan_k(int n) { return n > 0 ? n : 1; }

/* Take started channel c off its pair's list in the model. */
static void model_unlink(int c) {
  mchan *m = &S.chan[c];
  if (m->started) {
    int p = pair_of(m), i, j;
    for (i = 0; i < S.ndrv[p] && S.drv[p][i] != c; i++) {}
    CHECK(i < S.ndrv[p], "model: started channel %d not in its list", c);
    for (j = i; j + 1 < S.ndrv[p]; j++) S.drv[p][j] = S.drv[p][j + 1];
    S.ndrv[p]--;
    m->started = 0;
  }
}

/* The model's side of a release: off its pair's list, no object. */
static void model_release(int c) {
  model_unlink(c);
  S.chan[c].released = 1;
}

/* Release channel c in the animator and in the model. */
static void release(int c) {
  kn_anim_chan_release(&S.A, c);
  model_release(c);
}

/* The model's fieldless: no channel with an object left in node id and
   below it (a store group with no child has none). */
static int model_fieldless(int id) {
  int i;
  for (i = 0; i < S.hi; i++) {
    if (S.chan[i].used && S.chan[i].node == id && !S.chan[i].released) return 0;
    if (S.node[i].used && S.node[i].parent == id && !model_fieldless(i)) return 0;
  }
  return 1;
}

/* The model's side of kn_anim_stop: a live node's channels released, its
   live children stopped, DONE; a node already DONE keeps its channels. */
static void model_stop(int id) {
  int i;
  if (S.node[id].state != KN_NODE_LIVE) return;
  for (i = 0; i < S.hi; i++) {
    if (S.chan[i].used && S.chan[i].node == id) model_release(i);
    if (S.node[i].used && S.node[i].parent == id) model_stop(i);
  }
  S.node[id].state = KN_NODE_DONE;
}

static void store_freed(void *ud, int node) {
  (void)ud;
  CHECK(0, "kn_anim_stop freed node %d: the store makes no chain", node);
}

static void store_nomem(void *ud) {
  (void)ud;
  CHECK(0, "out of memory");
}

/* The store's kn_anim_io: kn_anim_stop only calls freed (for a chain). */
static const kn_anim_io store_io = { NULL, NULL, NULL, NULL, NULL, store_freed, store_nomem };

/* kn_anim_stop against the model's stop. */
static void stop(int id) {
  kn_anim_stop(&S.A, &store_io, id);
  model_stop(id);
}

/* The model's side of kn_anim_node_free: channels and children go. */
static void model_free(int id) {
  int i;
  for (i = 0; i < S.hi; i++) {
    mchan *m = &S.chan[i];
    if (m->used && m->node == id) {
      model_unlink(i);                  /* node_free has released it */
      m->used = 0;
    }
  }
  for (i = 0; i < S.hi; i++)
    if (S.node[i].used && S.node[i].parent == id) model_free(i);
  S.node[id].used = 0;
  S.node[id].state = KN_NODE_FREE;
  S.node[id].gen++;
  S.node[id].nkids = 0;
}

/* The id-th candidate (pick % count) of the nodes or channels `want`
   accepts, or -1 when there is none. */
enum { P_LIVE, P_LIVE_GROUP, P_LIVE_CHANNELED, P_DONE_TOP, P_STARTABLE, P_CHAN, P_NUMBER };

static int wanted(int what, int i) {
  const mnode *nd = &S.node[i];
  const mchan *m = &S.chan[i];
  switch (what) {
    case P_LIVE: return nd->used && nd->state == KN_NODE_LIVE;
    case P_LIVE_GROUP: return nd->used && nd->state == KN_NODE_LIVE && nd->kind == KN_NODE_GROUP;
    case P_LIVE_CHANNELED:
      return nd->used && nd->state == KN_NODE_LIVE && nd->kind != KN_NODE_GROUP;
    case P_DONE_TOP: return nd->used && nd->state == KN_NODE_DONE && nd->top;
    case P_STARTABLE:
      return m->used && !m->released && !m->started && S.node[m->node].state == KN_NODE_LIVE;
    case P_CHAN: return m->used;
    default: return m->used && m->n == 0;
  }
}

static int pick(int what, uint8_t b) {
  int i, count = 0;
  for (i = 0; i < S.hi; i++) count += wanted(what, i);
  if (count == 0) return -1;
  count = b % count;
  for (i = 0; i < S.hi; i++)
    if (wanted(what, i) && count-- == 0) return i;
  return -1;
}

static int new_node(int kind) {
  int id = kn_anim_node_new(&S.A, kind);
  mnode *nd;
  CHECK(id >= 0 && id < MAXID && !S.node[id].used, "kn_anim_node_new gave %d", id);
  if (id >= S.hi) S.hi = id + 1;
  CHECK(S.A.nodes[id].gen == S.node[id].gen, "node %d: new gen %u, slot had %u", id,
        S.A.nodes[id].gen, S.node[id].gen);
  nd = &S.node[id];
  nd->used = 1;
  nd->kind = kind;
  nd->state = KN_NODE_LIVE;
  nd->parent = -1;
  nd->top = 0;
  nd->nkids = 0;
  nd->offset = 0.0;
  return id;
}

static void op_root(uint8_t a) {
  int id = new_node(a % 3);
  CHECK(kn_anim_root_add(&S.A, id), "kn_anim_root_add failed");
  S.node[id].top = 1;
  S.roots[S.nroots++] = id;
}

static void op_kid(fz_in *in, uint8_t a, uint8_t b) {
  static const double offs[] = { 0.0, 0.0, 0.5, 1.0, 1.0, -1.0, 0.25, 2.0, -0.0 };
  uint8_t sel = fz_byte(in);
  double off = sel & 0x80 ? fz_finite(in) : offs[sel % (sizeof offs / sizeof offs[0])];
  int g = pick(P_LIVE_GROUP, b), id;
  if (g < 0) return;
  id = new_node(a % 3);
  S.A.nodes[id].offset = off;
  CHECK(kn_anim_kid_add(&S.A, g, id), "kn_anim_kid_add failed");
  S.node[id].parent = g;
  S.node[id].offset = off;
  S.node[id].kseq = S.serial++;
  S.node[g].nkids++;
}

static void op_chan(fz_in *in, uint8_t a) {
  uint8_t o = fz_byte(in), k = fz_byte(in), n = fz_byte(in), sp = fz_byte(in);
  int id = pick(P_LIVE_CHANNELED, a), c, kk, i;
  mchan *m;
  kn_chan *ch;
  if (id < 0) return;
  c = kn_anim_chan_new(&S.A, id, &objs[o % NOBJ], 1 + k % NKEY, n % 6);
  CHECK(c >= 0 && c < MAXID && !S.chan[c].used, "kn_anim_chan_new gave %d", c);
  if (c >= S.hi) S.hi = c + 1;
  m = &S.chan[c];
  memset(m, 0, sizeof *m);
  m->used = 1;
  m->node = id;
  m->obj = o % NOBJ;
  m->key = 1 + k % NKEY;
  m->n = n % 6;
  m->seq = S.serial++;
  kk = chan_k(m->n);
  ch = &S.A.chans[c];
  for (i = 0; i < 4 * kk; i++) m->val[i] = m->seq * 64.0 + i + 0.25;
  for (i = 0; i < kk; i++) {
    ch->given[i] = m->val[i];
    ch->from[i] = m->val[kk + i];
    ch->to[i] = m->val[2 * kk + i];
    ch->out[i] = m->val[3 * kk + i];
  }
  if (S.node[id].kind == KN_NODE_SPRING) {
    kn_spring_model sm;
    kn_spring *s = (kn_spring *)calloc(1, kn_spring_size(kk));
    CHECK(s != NULL, "out of memory");
    m->spring = 1;
    m->mass = 1.0;
    m->stiff = 1.0 + (sp & 63);
    m->damp = (sp >> 2 & 15) * 0.5;
    m->integ = sp % 3;
    m->clamp = sp >> 7;
    m->rd = 1e-3;
    m->rs = 1e-2;
    kn_spring_model_init(&sm, m->mass, m->stiff, m->damp);
    kn_spring_init(s, kk, &sm, m->integ, m->clamp, m->rd, m->rs, zeros, zeros, zeros);
    ch->spring = s;
  }
}

static void op_start(uint8_t a) {
  int c = pick(P_STARTABLE, a), r, p, i, guard, root;
  if (c < 0) return;
  p = pair_of(&S.chan[c]);
  root = root_of(S.chan[c].node);
  guard = S.ndrv[p];
  while ((r = kn_anim_rival(&S.A, c)) >= 0) {
    int owner;
    CHECK(r < MAXID && S.chan[r].used && S.chan[r].started && pair_of(&S.chan[r]) == p &&
          root_of(S.chan[r].node) != root,
          "kn_anim_rival(%d) gave %d: used %d started %d pair %d (want %d) root %d (c's %d)",
          c, r, r < MAXID && S.chan[r].used, r < MAXID && S.chan[r].started,
          r < MAXID ? pair_of(&S.chan[r]) : -1, p, r < MAXID ? root_of(S.chan[r].node) : -1,
          root);
    CHECK(guard-- > 0, "kn_anim_rival(%d) keeps naming rivals", c);
    owner = root_of(S.chan[r].node);
    release(r);
    CHECK(kn_anim_fieldless(&S.A, owner) == model_fieldless(owner), "kn_anim_fieldless(%d) "
          "is %d, the model's %d", owner, kn_anim_fieldless(&S.A, owner), model_fieldless(owner));
    if (model_fieldless(owner)) stop(owner);
  }
  for (i = 0; i < S.ndrv[p]; i++)
    CHECK(root_of(S.chan[S.drv[p][i]].node) == root,
          "kn_anim_rival(%d) gave -1 but channel %d of root %d (c's %d) drives the field",
          c, S.drv[p][i], root_of(S.chan[S.drv[p][i]].node), root);
  CHECK(kn_anim_drive(&S.A, c), "kn_anim_drive failed");
  for (i = S.ndrv[p]; i > 0; i--) S.drv[p][i] = S.drv[p][i - 1];
  S.drv[p][0] = c;
  S.ndrv[p]++;
  S.chan[c].started = 1;
  r = kn_anim_rival(&S.A, c);
  CHECK(r == -1, "kn_anim_rival(%d) gave %d just after kn_anim_drive", c, r);
}

static void op_release(uint8_t a) {
  int c = pick(P_CHAN, a);
  if (c >= 0) release(c);
}

static void op_stop(uint8_t a) {
  int id = pick(P_LIVE, a);
  if (id >= 0) stop(id);
}

static void op_free(uint8_t a) {
  int id = pick(P_DONE_TOP, a), i, j = 0;
  if (id < 0) return;
  kn_anim_node_free(&S.A, id);
  model_free(id);
  kn_anim_roots_compact(&S.A);
  for (i = 0; i < S.nroots; i++)
    if (S.node[S.roots[i]].state == KN_NODE_LIVE) S.roots[j++] = S.roots[i];
  S.nroots = j;
}

static void op_resize(uint8_t a, uint8_t b) {
  int c = pick(P_NUMBER, a), n = 1 + b % MAXK, i;
  mchan *m;
  kn_chan *ch;
  double g, f;
  if (c < 0) return;
  m = &S.chan[c];
  g = m->val[0];
  f = m->val[1];
  CHECK(kn_anim_chan_resize(&S.A, c, n), "kn_anim_chan_resize failed");
  ch = &S.A.chans[c];
  m->n = n;
  for (i = 0; i < n; i++) {
    m->val[i] = g;                        /* each item given the number given */
    m->val[n + i] = f;                    /* and from (a spring's velocity option) */
    m->val[2 * n + i] = m->seq * 64.0 + 32 + i;
    m->val[3 * n + i] = m->seq * 64.0 + 48 + i;
    ch->to[i] = m->val[2 * n + i];        /* to and out are the binding's to fill */
    ch->out[i] = m->val[3 * n + i];
  }
}

/* The drivers' hash and lists against the model. */
static void check_drivers(int op, int k) {
  int p, i, used = 0;
  for (p = 0; p < NPAIR; p++) {
    int d = kn_anim_driver(&S.A, &objs[p / NKEY], 1 + p % NKEY);
    used += S.ndrv[p] > 0;
    for (i = 0; i < S.ndrv[p]; i++) {
      CHECK(d == S.drv[p][i], "op %d (#%d): object %d key %d: driver list item %d is %d, "
            "model %d (model list of %d, head %d)", op, k, p / NKEY, 1 + p % NKEY, i, d,
            S.drv[p][i], S.ndrv[p], S.drv[p][0]);
      d = S.A.chans[d].displaced;
      CHECK(d >= -1 && d < S.A.nchans, "op %d (#%d): displaced %d out of range", op, k, d);
    }
    CHECK(d == -1, "op %d (#%d): object %d key %d: driver list has %d past the model's %d "
          "items", op, k, p / NKEY, 1 + p % NKEY, d, S.ndrv[p]);
  }
  CHECK(S.A.hused == used, "op %d (#%d): hused %d, %d pairs driven", op, k, S.A.hused, used);
}

/* Channel c, met in node id's list: links, flags, storage, values, spring. */
static void check_chan(int op, int k, int id, int c) {
  const kn_chan *ch = &S.A.chans[c];
  const mchan *m = &S.chan[c];
  int kk = chan_k(m->n), i;
  const double *base = ch->heap != NULL ? ch->heap : ch->inline_data;
  CHECK(m->used && m->node == id && ch->node == id, "op %d (#%d): channel %d in node %d's "
        "list: model used %d node %d, chan node %d", op, k, c, id, m->used, m->node, ch->node);
  CHECK(ch->object == (m->released ? NULL : (const void *)&objs[m->obj]) && ch->key == m->key &&
        ch->n == m->n, "op %d (#%d): channel %d: object %p key %d n %d, model object %d "
        "released %d key %d n %d", op, k, c, ch->object, ch->key, ch->n, m->obj, m->released,
        m->key, m->n);
  CHECK(((ch->flags & KN_CH_STARTED) != 0) == m->started && (m->started || ch->displaced == -1),
        "op %d (#%d): channel %d: flags %u displaced %d, model started %d", op, k, c,
        ch->flags, ch->displaced, m->started);
  CHECK(m->n <= 1 || ch->heap != NULL, "op %d (#%d): channel %d of %d items inline", op, k,
        c, m->n);
  CHECK(ch->given == base && ch->from == base + kk && ch->to == base + 2 * kk &&
        ch->out == base + 3 * kk, "op %d (#%d): channel %d (n %d, heap %p): given %p from %p "
        "to %p out %p, storage at %p", op, k, c, m->n, (void *)ch->heap, (void *)ch->given,
        (void *)ch->from, (void *)ch->to, (void *)ch->out, (const void *)base);
  if (memcmp(base, m->val, 4 * (size_t)kk * sizeof(double)) != 0)
    for (i = 0; i < 4 * kk; i++)
      CHECK(fz_same(base[i], m->val[i]), "op %d (#%d): channel %d value %d is %.17g, "
            "written %.17g", op, k, c, i, base[i], m->val[i]);
  CHECK((ch->spring != NULL) == m->spring, "op %d (#%d): channel %d spring %p, model %d",
        op, k, c, (void *)ch->spring, m->spring);
  if (m->spring) {
    const kn_spring *s = ch->spring;
    CHECK(s->n == kk && s->integrator == m->integ && s->clamp == m->clamp &&
          fz_same(s->model.mass, m->mass) && fz_same(s->model.stiffness, m->stiff) &&
          fz_same(s->model.damping, m->damp) && fz_same(s->rest_delta, m->rd) &&
          fz_same(s->rest_speed, m->rs), "op %d (#%d): channel %d's spring: n %d integrator "
          "%d clamp %d m %.17g k %.17g c %.17g, model n %d %d %d %.17g %.17g %.17g", op, k, c,
          s->n, s->integrator, s->clamp, s->model.mass, s->model.stiffness, s->model.damping,
          kk, m->integ, m->clamp, m->mass, m->stiff, m->damp);
  }
}

/* Nodes: state, links, channels (in creation order), nchan, children. */
static void check_nodes(int op, int k) {
  int id, i, want[MAXID] = { 0 }, live[MAXID] = { 0 };
  CHECK(S.A.nnodes <= MAXID && S.A.nchans <= MAXID, "op %d (#%d): %d nodes %d channels",
        op, k, S.A.nnodes, S.A.nchans);
  for (i = 0; i < S.hi; i++)
    if (S.chan[i].used) {
      want[S.chan[i].node]++;
      live[S.chan[i].node] += !S.chan[i].released;
    }
  for (id = 0; id < S.A.nnodes; id++) {
    const kn_node *nd = &S.A.nodes[id];
    const mnode *mn = &S.node[id];
    int c, count = 0, last = -1;
    CHECK(nd->gen == mn->gen, "op %d (#%d): node %d gen %u, model %u", op, k, id, nd->gen,
          mn->gen);
    if (!mn->used) {
      CHECK(nd->state == KN_NODE_FREE, "op %d (#%d): free node %d in state %d", op, k, id,
            nd->state);
      continue;
    }
    CHECK(nd->state == mn->state && nd->kind == mn->kind && nd->parent == mn->parent,
          "op %d (#%d): node %d state %d kind %d parent %d, model %d %d %d", op, k, id,
          nd->state, nd->kind, nd->parent, mn->state, mn->kind, mn->parent);
    for (c = nd->chan; c >= 0; c = S.A.chans[c].next) {
      CHECK(c < S.A.nchans && ++count <= want[id], "op %d (#%d): node %d's channel list "
            "runs past its %d channels (at %d)", op, k, id, want[id], c);
      check_chan(op, k, id, c);
      CHECK(S.chan[c].seq > last, "op %d (#%d): node %d: channel %d out of creation order",
            op, k, id, c);
      last = S.chan[c].seq;
    }
    CHECK(count == want[id] && nd->nchan == live[id], "op %d (#%d): node %d lists %d "
          "channels, nchan %d; model %d channels, %d with an object", op, k, id, count,
          nd->nchan, want[id], live[id]);
    CHECK(nd->nkids == mn->nkids, "op %d (#%d): node %d has %d children, model %d", op, k,
          id, nd->nkids, mn->nkids);
    for (i = 0; i < nd->nkids; i++) {
      int kid = nd->kids[i];
      CHECK(kid >= 0 && kid < MAXID && S.node[kid].used && S.node[kid].parent == id,
            "op %d (#%d): group %d child %d is %d, not one of its children", op, k, id, i, kid);
      CHECK(fz_same(S.A.nodes[kid].offset, S.node[kid].offset), "op %d (#%d): child %d "
            "offset %.17g, set %.17g", op, k, kid, S.A.nodes[kid].offset, S.node[kid].offset);
      if (i > 0) {
        const mnode *a = &S.node[nd->kids[i - 1]], *b = &S.node[kid];
        CHECK(a->offset < b->offset || (a->offset == b->offset && a->kseq < b->kseq),
              "op %d (#%d): group %d children %d, %d: offsets %.17g, %.17g, inserted #%d, #%d",
              op, k, id, nd->kids[i - 1], kid, a->offset, b->offset, a->kseq, b->kseq);
      }
    }
  }
  for (i = 0; i < S.A.nchans; i++)
    CHECK(S.chan[i].used || S.A.chans[i].node == -1, "op %d (#%d): free channel %d has node "
          "%d", op, k, i, S.A.chans[i].node);
  CHECK(S.A.nroots == S.nroots, "op %d (#%d): %d roots, model %d", op, k, S.A.nroots,
        S.nroots);
  for (i = 0; i < S.nroots; i++)
    CHECK(S.A.roots[i] == S.roots[i], "op %d (#%d): root %d is %d, model %d", op, k, i,
          S.A.roots[i], S.roots[i]);
}

/* Operations until MAXOPS or the bytes end, each read in a fixed order
   (the corpus depends on it): op % 8, a, b, then what the op reads itself
   (a kid: an offset selector and maybe a double; a channel: object, key,
   items, spring byte).  a (and b for a kid) picks among the candidates
   modulo their number; an op with none changes nothing.  Every op is
   followed by the full check. */
static void run_store(fz_in *in) {
  int k;
  memset(&S, 0, sizeof S);
  kn_animator_init(&S.A);
  for (k = 0; k < MAXOPS && in->n > 0; k++) {
    uint8_t op = fz_byte(in) % 8, a = fz_byte(in), b = fz_byte(in);
    switch (op) {
      case 0: op_root(a); break;
      case 1: op_kid(in, a, b); break;
      case 2: op_chan(in, a); break;
      case 3: op_start(a); break;
      case 4: op_release(a); break;
      case 5: op_stop(a); break;
      case 6: op_free(a); break;
      default: op_resize(a, b); break;
    }
    check_drivers(op, k);
    check_nodes(op, k);
  }
  kn_animator_free(&S.A);
}

/* ---- clock ---------------------------------------------------------------- */

/* A time for span s: fuzzed, or near a pass end, the delay's end or the
   total. */
static double read_time(fz_in *in, const kn_span *s) {
  uint8_t sel = fz_byte(in);
  double t, x = fz_finite(in);
  switch (sel % 6) {
    case 0: t = x; break;
    case 1: t = s->delay + floor(fmod(fabs(x), 1e6)) * s->duration; break;
    case 2: t = s->delay + x * s->duration; break;
    case 3: t = s->total; break;
    case 4: t = s->delay; break;
    default: t = s->delay + s->iterations * s->duration; break;
  }
  if (sel & 0x40) t = nextafter(t, HUGE_VAL);
  if (sel & 0x80) t = nextafter(t, -HUGE_VAL);
  if (!isfinite(t)) t = x;
  /* -0 with no delay: the span gives u = -0 (tau itself), pass 0, the
     timeline u = +0, pass -0 (floor(-0 / T)); equal numbers, so +0 */
  return t == 0.0 ? 0.0 : t;
}

static void run_clock(fz_in *in) {
  double T = fabs(fz_finite(in)), N, d;
  uint8_t it = fz_byte(in), after;
  kn_span s;
  kn_timeline *tl;
  int k;
  memset(&s, 0, sizeof s);                /* no repeat delay: a timeline's rule */
  N = it < 64 ? 1.0 : it < 128 ? HUGE_VAL : 1.0 + fabs(fz_finite(in));
  if (!isfinite(N)) N = HUGE_VAL;
  d = fabs(fz_finite(in));
  if (fz_byte(in) & 1) d = 0.0;
  after = fz_byte(in) % 3;
  if (!(T > 0.0)) return;                 /* duration 0: its own rule (the header) */
  kn_span_init(&s, d, T, N, after);
  tl = (kn_timeline *)calloc(1, kn_timeline_size(1, 1));
  CHECK(tl != NULL, "out of memory");
  kn_timeline_layout(tl, 1, 1);
  tl->mode = KN_INTERP_LINEAR;
  tl->after = after;
  tl->iterations = N;
  tl->delay = d;
  tl->turn = 360.0;
  tl->keys[0] = 0.0;
  tl->keys[1] = 1.0;
  tl->dur[0] = T;
  tl->easing[0] = NULL;
  kn_timeline_finish(tl);
  CHECK(fz_same(tl->duration, T) && fz_same(tl->total, s.total), "duration %.17g total "
        "%.17g, span's %.17g %.17g", tl->duration, tl->total, T, s.total);
  for (k = 0; k < 16 && in->n > 0; k++) {
    double t = read_time(in, &s), pass, cl, u, ul, p;
    int phase, before, done;
    u = kn_span_local(&s, t, &pass, &phase);
    ul = kn_timeline_local(tl, t, &cl, &before);
    done = !before && (t >= tl->total || t - d >= N * T);
    CHECK(fz_same(u, ul) && fz_same(pass, cl) && (phase == -1) == (before != 0) &&
          (phase == 1) == done,
          "t %.17g (delay %.17g duration %.17g iterations %.17g after %d total %.17g): span "
          "u %.17g pass %.17g phase %d, timeline u %.17g pass %.17g before %d done %d",
          t, d, T, N, after, s.total, u, pass, phase, ul, cl, before, done);
    p = kn_span_progress(&s, u, pass);
    CHECK(p >= 0.0 && p <= 1.0, "progress %.17g of u %.17g (duration %.17g)", p, u, T);
  }
  free(tl);
}

/* ---- stagger -------------------------------------------------------------- */

static void run_stagger(fz_in *in) {
  int n = 1 + fz_byte(in) % 64, index = 1 + fz_byte(in) % n, perm[64], from, i;
  double total = fabs(fz_finite(in)), dl[6][64];
  for (i = 0; i < n; i++) perm[i] = i;
  for (i = n - 1; i > 0; i--) {           /* Fisher-Yates from the bytes */
    int j = fz_byte(in) % (i + 1), t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (from = 0; from < 6; from++) {
    int equal = n == 1 || (n == 2 && (from == KN_STAGGER_CENTER || from == KN_STAGGER_EDGES));
    int zero = 0, full = 0;
    double *dd = dl[from];
    kn_stagger(n, from, index, total, NULL, perm, dd);
    for (i = 0; i < n; i++) {
      CHECK(dd[i] >= 0.0 && dd[i] <= total, "from %d n %d index %d total %.17g: delay %d "
            "is %.17g", from, n, index, total, i, dd[i]);
      zero += dd[i] == 0.0;
      full += dd[i] == total;
      if (from == KN_STAGGER_CENTER || from == KN_STAGGER_EDGES)
        CHECK(fz_same(dd[i], dd[n - 1 - i]), "from %d n %d total %.17g: delay %d %.17g, "
              "delay %d %.17g", from, n, total, i, dd[i], n - 1 - i, dd[n - 1 - i]);
      if (i > 0 && from == KN_STAGGER_START)
        CHECK(dd[i] >= dd[i - 1], "start n %d total %.17g: delay %d %.17g < delay %d %.17g",
              n, total, i, dd[i], i - 1, dd[i - 1]);
      if (i > 0 && from == KN_STAGGER_END)
        CHECK(dd[i] <= dd[i - 1], "end n %d total %.17g: delay %d %.17g > delay %d %.17g",
              n, total, i, dd[i], i - 1, dd[i - 1]);
      if (from == KN_STAGGER_END)          /* l_i = (n - 1 - i) / (n - 1) either way */
        CHECK(fz_same(dd[i], dl[KN_STAGGER_START][n - 1 - i]), "end n %d total %.17g: "
              "delay %d %.17g, start's delay %d %.17g", n, total, i, dd[i], n - 1 - i,
              dl[KN_STAGGER_START][n - 1 - i]);
      if (from == KN_STAGGER_INDEX && index - 1 - i >= 0 && index - 1 + i < n)
        CHECK(fz_same(dd[index - 1 - i], dd[index - 1 + i]), "index %d n %d total %.17g: "
              "delay %d %.17g, delay %d %.17g", index, n, total, index - 1 - i,
              dd[index - 1 - i], index - 1 + i, dd[index - 1 + i]);
      if (from == KN_STAGGER_EDGES && total >= DBL_MIN)   /* l = 0 and l = 1 swap */
        CHECK((dd[i] == total) == (dl[KN_STAGGER_CENTER][i] == 0.0) &&
              (dd[i] == 0.0) == (dl[KN_STAGGER_CENTER][i] == total), "edges n %d total "
              "%.17g: delay %d %.17g, center's %.17g", n, total, i, dd[i],
              dl[KN_STAGGER_CENTER][i]);
      if (from == KN_STAGGER_RANDOM)
        CHECK(fz_same(dd[i], dl[KN_STAGGER_START][perm[i]]), "random n %d total %.17g: "
              "delay %d %.17g, start's delay %d %.17g", n, total, i, dd[i], perm[i],
              dl[KN_STAGGER_START][perm[i]]);
    }
    if (from == KN_STAGGER_INDEX)
      CHECK(dd[index - 1] == 0.0, "index %d n %d total %.17g: its delay is %.17g", index, n,
            total, dd[index - 1]);
    if (equal)
      CHECK(from == KN_STAGGER_EDGES ? full == n : zero == n, "from %d n %d total %.17g: "
            "equal distances, %d delays 0, %d total", from, n, total, zero, full);
    else
      CHECK(zero > 0 && full > 0, "from %d n %d index %d total %.17g: %d delays 0, %d total",
            from, n, index, total, zero, full);
  }
}

/* ---- events --------------------------------------------------------------- */

static int ev_before(const kn_event *a, const kn_event *b) {
  if (a->time != b->time) return a->time < b->time;
  if (a->kind != b->kind) return a->kind < b->kind;
  return a->order < b->order;
}

static void run_events(fz_in *in) {
  static const double times[] = { 0.0, -0.0, 0.125, 0.125, 0.5, 1.0, 1.0, 5e-324 };
  kn_animator E;
  kn_event ref[64];
  int nn = 1 + fz_byte(in) % 8, ne = fz_byte(in) % 65, nodes[8], first, i, j;
  kn_animator_init(&E);
  for (i = 0; i < nn; i++) {
    nodes[i] = kn_anim_node_new(&E, KN_NODE_TWEEN);
    CHECK(nodes[i] >= 0, "out of memory");
  }
  if (fz_byte(in) & 1) {                  /* ids out of creation order */
    E.nodes[nodes[0]].state = KN_NODE_DONE;
    kn_anim_node_free(&E, nodes[0]);
    nodes[0] = kn_anim_node_new(&E, KN_NODE_TWEEN);
  }
  for (i = 0; i < ne; i++) {
    uint8_t b = fz_byte(in), sel = fz_byte(in);
    double t = sel & 0x80 ? fz_finite(in) : times[sel % 8];
    CHECK(kn_anim_event(&E, nodes[b % nn], (b >> 3) % 4, t), "out of memory");
  }
  first = fz_byte(in) % (ne + 1);
  for (i = 0; i < ne; i++) ref[i] = E.events[i];
  for (i = first; i < ne; i++) {          /* rank: the events before it, ties by index */
    int rank = first;
    for (j = first; j < ne; j++)
      rank += ev_before(&E.events[j], &E.events[i]) ||
              (j < i && !ev_before(&E.events[i], &E.events[j]));
    ref[rank] = E.events[i];
  }
  kn_anim_sort_events(&E, first);
  for (i = 0; i < ne; i++)
    CHECK(fz_same(E.events[i].time, ref[i].time) && E.events[i].node == ref[i].node &&
          E.events[i].gen == ref[i].gen && E.events[i].kind == ref[i].kind &&
          E.events[i].order == ref[i].order, "%d events from %d: item %d is time %.17g kind "
          "%d order %d node %d, stable sort gives %.17g %d %d %d", ne, first, i,
          E.events[i].time, E.events[i].kind, E.events[i].order, E.events[i].node,
          ref[i].time, ref[i].kind, ref[i].order, ref[i].node);
  kn_animator_free(&E);
}

/* ---- frame: the pool of fields and the io --------------------------------- */

enum { FOBJ = 6, FKEY = 4, FMAXK = 4, FMAXN = 64, FMAXC = 192, FOPS = 48, FROOTS = 8 };

static char fobjs[FOBJ];                /* the objects' identities, shared by both worlds */

typedef struct {
  int n;               /* 0: a number; k >= 1: an array of k */
  double v[FMAXK];
} ffield;

/* The model of a channel: what it was given, what its start read, the
   ends that follow (a spring's target in to), what it wrote last. */
typedef struct {
  int n, read;
  double given[FMAXK], from[FMAXK], to[FMAXK], last[FMAXK];
  int stamp;           /* the step of its last write, 0: none */
} fmchan;

typedef struct {
  kn_animator A;
  kn_anim_io io;
  ffield pool[FOBJ][FKEY];
  fmchan ch[FMAXC];
  kn_easing *eas[FMAXN];
  int neas;
  unsigned char dead[FMAXN];    /* seen DONE, stopped or freed: writes no more */
  unsigned char freed[FMAXN];
  unsigned char quiet[FMAXN];   /* a chained node left with no field: joins DONE */
  unsigned char listed[FMAXN];  /* written by kn_anim_split in this frame */
  int done_ev[FMAXN];           /* live KN_EV_DONE events fired */
  int stores, overflows;
  int stamp;           /* the step (frame or operation) being run */
  int listing, rest;   /* inside kn_anim_split; inside its KN_RUN_REST runs */
  int nlist, list_c[FMAXC];
  double list_v[FMAXC];
  int stepped;         /* a spring with a 1 ms-substep integrator was built */
  int collect;         /* the step frees the DONE roots */
} world;

static world W[2];

static int obj_of(const void *p) {
  int o = (int)((const char *)p - fobjs);
  CHECK(o >= 0 && o < FOBJ, "channel object %p is not one of the pool's", p);
  return o;
}

/* Objects 0 .. FOBJ/2 - 1 take plain stores (tables without a metatable). */
static int plain_obj(int o) { return o < FOBJ / 2; }

/* The model's ends of channel c from the value v[] its field held: a
   relative value offsets it, "from" swaps the ends, a spring targets. */
static void model_ends(world *w, int c, const double *v) {
  const kn_chan *ch = &w->A.chans[c];
  fmchan *m = &w->ch[c];
  int k = ch->n > 0 ? ch->n : 1, i;
  for (i = 0; i < k; i++) {
    double g = (ch->flags & KN_CH_RELATIVE) ? v[i] + m->given[i] : m->given[i];
    if (ch->spring != NULL) { m->to[i] = g; continue; }
    m->from[i] = (ch->flags & KN_CH_FROM) ? g : v[i];
    m->to[i] = (ch->flags & KN_CH_FROM) ? v[i] : g;
  }
  m->read = 1;
}

/* kn_anim_io.read, as the binding's take_numbers: a number field for a
   number channel, an array of exactly n for n items, a relative number
   channel made one of n items by an array of n; else 0 (a bad field). */
static int f_read(void *ud, int c) {
  world *w = (world *)ud;
  kn_chan *ch = &w->A.chans[c];
  int o = obj_of(ch->object), i;
  const ffield *f = &w->pool[o][ch->key - 1];
  CHECK(!(ch->flags & KN_CH_STARTED) && !w->ch[c].read, "channel %d read twice", c);
  if (plain_obj(o)) ch->flags |= KN_CH_DIRECT;
  if (ch->n == 0 && (ch->flags & KN_CH_RELATIVE) && f->n > 0) {
    CHECK(kn_anim_chan_resize(&w->A, c, f->n), "out of memory");
    ch = &w->A.chans[c];
    for (i = 1; i < f->n; i++) w->ch[c].given[i] = w->ch[c].given[0];
    w->ch[c].n = f->n;
  }
  if (ch->n != f->n) return 0;
  for (i = 0; i < (f->n > 0 ? f->n : 1); i++) ch->out[i] = f->v[i];
  model_ends(w, c, f->v);
  return 1;
}

/* A store of channel c's out into its field, as the binding's
   write_field: a number replaces the field; an array's items go into an
   array field (growing it), not into a number. */
static void store_field(world *w, int c) {
  const kn_chan *ch = &w->A.chans[c];
  ffield *f = &w->pool[obj_of(ch->object)][ch->key - 1];
  int i;
  w->stores++;
  if (ch->n == 0) {
    f->n = 0;
    f->v[0] = ch->out[0];
    return;
  }
  if (f->n == 0) return;
  for (i = 0; i < ch->n; i++) f->v[i] = ch->out[i];
  if (ch->n > f->n) f->n = ch->n;
}

/* kn_anim_io.write: only a live node that never ended writes (a node
   kn_anim_split listed never again in the frame), every value finite;
   inside kn_anim_split it lists (channel, out[0]) as the FFI step does. */
static void f_write(void *ud, int node) {
  world *w = (world *)ud;
  const kn_node *nd = &w->A.nodes[node];
  int c, i;
  CHECK(nd->state == KN_NODE_LIVE && !(nd->user & KN_AN_STOPPED) && !w->dead[node],
        "step %d: node %d writes in state %d (user %#x, seen ended %d)", w->stamp, node,
        nd->state, nd->user, w->dead[node]);
  CHECK(!(w->rest && w->listed[node]), "step %d: node %d written by kn_anim_split moves "
        "again in the rest of the frame", w->stamp, node);
  w->listed[node] |= w->listing;
  for (c = nd->chan; c >= 0; c = w->A.chans[c].next) {
    const kn_chan *ch = &w->A.chans[c];
    int k = ch->n > 0 ? ch->n : 1;
    if (ch->object == NULL) continue;
    for (i = 0; i < k; i++)
      CHECK(isfinite(ch->out[i]), "step %d: node %d channel %d item %d writes %.17g",
            w->stamp, node, c, i, ch->out[i]);
    memcpy(w->ch[c].last, ch->out, (size_t)k * sizeof(double));
    w->ch[c].stamp = w->stamp;
    if (!w->listing) { store_field(w, c); continue; }
    CHECK(nd->kind == KN_NODE_TWEEN && ch->n == 0 && (ch->flags & KN_CH_DIRECT),
          "kn_anim_split writes node %d (kind %d) channel %d of %d items, flags %#x", node,
          nd->kind, c, ch->n, ch->flags);
    w->list_c[w->nlist] = c;
    w->list_v[w->nlist++] = ch->out[0];
  }
}

static void f_report(void *ud, int node, int what) {
  world *w = (world *)ud;
  CHECK(what == KN_ANIM_OVERFLOW && w->A.nodes[node].kind == KN_NODE_SPRING, "report %d "
        "for node %d of kind %d", what, node, w->A.nodes[node].kind);
  w->overflows++;
}

/* kn_anim_io.freed: node (DONE) goes, with its children and chain. */
static void mark_freed(world *w, int node) {
  const kn_node *nd = &w->A.nodes[node];
  int i;
  CHECK(!w->freed[node] && nd->state != KN_NODE_FREE, "node %d freed twice", node);
  w->freed[node] = w->dead[node] = 1;
  for (i = 0; i < nd->nkids; i++) mark_freed(w, nd->kids[i]);
  for (i = nd->chain; i >= 0; i = w->A.nodes[i].chain_next) mark_freed(w, i);
}

static void f_freed(void *ud, int node) {
  world *w = (world *)ud;
  CHECK(w->A.nodes[node].state == KN_NODE_DONE, "node %d freed in state %d", node,
        w->A.nodes[node].state);
  mark_freed(w, node);
}

static void f_nomem(void *ud) {
  (void)ud;
  CHECK(0, "out of memory");
}

/* ---- frame: building an animator from the bytes --------------------------- */

/* A value within 1e150 (so no lerp of an overshooting easing leaves the
   doubles): the fuzzed double, or a byte's quarter. */
static double f_value(fz_in *in, int wide) {
  double x;
  if (!wide) return (int8_t)fz_byte(in) * 0.25;
  x = fz_finite(in);
  return fabs(x) <= 1e150 ? x : fmod(x, 1e150);
}

/* A duration or delay >= 0: a few usual ones, or any finite one. */
static double f_len(fz_in *in) {
  static const double lens[] = { 0.0, 0.25, 1.0, 0.5, 1.0 / 60, 2.0, 0.1, 0.0 };
  uint8_t s = fz_byte(in);
  return s < 0xe0 ? lens[s % 8] : fabs(fz_finite(in));
}

/* An easing made by the core's constructors (NULL: outQuad). */
static const kn_easing *f_easing(world *w, fz_in *in) {
  uint8_t s = fz_byte(in), a = fz_byte(in), b = fz_byte(in);
  kn_easing *e;
  if (s % 8 == 0 || w->neas == FMAXN) return NULL;
  e = (kn_easing *)calloc(1, kn_easing_size(0));
  CHECK(e != NULL, "out of memory");
  w->eas[w->neas++] = e;
  switch (s % 8) {
    case 1: kn_easing_init_linear(e); break;
    case 2: kn_easing_init_bezier(e, (a & 15) / 15.0, (int8_t)b / 32.0, (a >> 4) / 15.0,
                                  (int8_t)(a ^ b) / 32.0); break;
    case 3: kn_easing_init_keyword(e, 1 + a % 4); break;
    case 4: kn_easing_init_steps(e, 2 + a % 7, b % 6); break;
    case 5:
      kn_easing_init_penner(e, a % KN_PENNER_FAMILIES, b % KN_PENNER_MODES);
      if (s & 0x80) kn_penner_set(&e->u.penner, (b >> 2) / 16.0, 0.05 + (a >> 4) / 16.0);
      break;
    default:
      kn_easing_init_accel(e, s & 8 ? KN_E_ACCELDECEL : KN_E_ACCEL, (int8_t)b / 40.0);
      break;
  }
  return e;
}

typedef struct {
  double delay, dur, iters;
  int after, obj, key0, nch, wide;
  unsigned user;       /* callbacks, KN_AN_ON_* */
  const kn_easing *ease;
} ftween;

/* A tween's options: after, callbacks, delay, duration, iterations (a
   sequence's child: finite), easing, then object, first key, channels. */
static void f_tween_opts(world *w, fz_in *in, ftween *t, int child) {
  uint8_t b = fz_byte(in), it = fz_byte(in), o = fz_byte(in);
  t->after = b % 3;
  t->user = (b >> 2) & 7u;
  t->delay = (b & 0x20) ? f_len(in) : 0.0;
  t->dur = f_len(in);
  switch (it % 6) {
    case 0: case 1: t->iters = 1.0; break;
    case 2: t->iters = 2.0; break;
    case 3: t->iters = 2.5; break;
    case 4: t->iters = child ? 3.0 : HUGE_VAL; break;
    default:
      t->iters = 1.0 + fabs(f_value(in, 1));
      if (child && !(t->iters < 1e6)) t->iters = 4.0;
      break;
  }
  t->ease = f_easing(w, in);
  t->obj = o % FOBJ;
  t->key0 = (o >> 3) % FKEY;
  t->nch = 1 + (it >> 3) % 3;
  t->wide = (it & 0x80) != 0;
}

static int f_node(world *w, int kind) {
  int id = kn_anim_node_new(&w->A, kind);
  CHECK(id >= 0 && id < FMAXN, "kn_anim_node_new gave %d", id);
  return id;
}

/* A channel of node on (o, key), of the field's shape unless the byte
   says otherwise (a bad field at start), relative or "from" by its bits;
   a spring node's channel gets its kn_spring (as anim_make.c's
   make_spring_node) with the velocity option in from. */
static void f_chan(world *w, fz_in *in, int node, int o, int key, int wide,
                   const kn_spring *motion) {
  uint8_t s = fz_byte(in);
  int n = w->pool[o][key].n, c, k, i;
  kn_chan *ch;
  if (s & 0x80) n = (n + 1 + (s & 1)) % FMAXK;
  c = kn_anim_chan_new(&w->A, node, &fobjs[o], key + 1, n);
  CHECK(c >= 0 && c < FMAXC, "kn_anim_chan_new gave %d", c);
  ch = &w->A.chans[c];
  k = n > 0 ? n : 1;
  ch->flags = ((s & 0x10) ? KN_CH_RELATIVE : 0u) | ((s & 0x20) && !motion ? KN_CH_FROM : 0u);
  memset(&w->ch[c], 0, sizeof w->ch[c]);
  w->ch[c].n = n;
  for (i = 0; i < k; i++) ch->given[i] = w->ch[c].given[i] = f_value(in, wide);
  if (motion != NULL) {
    kn_spring *sp = (kn_spring *)calloc(1, kn_spring_size(k));
    double v = (s & 0x40) ? f_value(in, 0) * 8.0 : 0.0;
    CHECK(sp != NULL, "out of memory");
    for (i = 0; i < k; i++) ch->from[i] = 0.0;
    kn_spring_init(sp, k, &motion->model, motion->integrator, motion->clamp,
                   motion->rest_delta, motion->rest_speed, ch->from, ch->from, ch->from);
    ch = &w->A.chans[c];
    ch->spring = sp;
    for (i = 0; i < k; i++) ch->from[i] = v;
  }
}

/* The channels of a tween (or spring) node: nch keys from key0 on. */
static void f_chans(world *w, fz_in *in, int node, const ftween *t, const kn_spring *motion,
                    int o) {
  int j;
  for (j = 0; j < t->nch; j++) f_chan(w, in, node, o, (t->key0 + j) % FKEY, t->wide, motion);
}

/* A spring's motion as the binding accepts it (a finite model, a stable
   1 ms step for rk4 and euler), else the analytic default. */
static void f_motion(world *w, fz_in *in, kn_spring *m) {
  static const double ks[] = { 170.0, 100.0, 1.0, 0.0, 1000.0, 300.0, 20.0, 1e6 };
  static const double cs[] = { 26.0, 10.0, 0.0, 1.0, 60.0, 2.0, 0.5, 1e3 };
  uint8_t s = fz_byte(in), p = fz_byte(in);
  double mass = (s & 0x40) ? fabs(f_value(in, 1)) : 1.0, k = ks[p % 8], c = cs[p >> 5];
  if (s & 0x80) k = fabs(f_value(in, 1));
  memset(m, 0, sizeof *m);
  m->integrator = s % 3;
  m->clamp = (s >> 2) & 1;
  m->rest_delta = (s & 0x20) ? fabs(f_value(in, 1)) : 1e-3;
  m->rest_speed = (s & 0x20) ? fabs(f_value(in, 1)) : 1e-2;
  kn_spring_model_init(&m->model, mass, k, c);
  if (!(mass > 0.0) || !isfinite(m->model.decay) || !isfinite(m->model.omega2) ||
      !isfinite(m->model.disc) || kn_spring_step_check(&m->model, m->integrator) != KN_STEP_STABLE) {
    m->integrator = KN_SPRING_ANALYTIC;
    kn_spring_model_init(&m->model, 1.0, 170.0, 26.0);
  }
  if (m->integrator != KN_SPRING_ANALYTIC) w->stepped = 1;
}

/* The span of a spring node: no duration, endless (make_spring_node). */
static void spring_span(kn_node *nd, double delay) {
  kn_span_init(&nd->span, 0.0, 0.0, 1.0, KN_AFTER_STOP);
  nd->span.duration = nd->span.total = HUGE_VAL;
  nd->span.delay = delay;
}

/* A tween node for object o with the options of t (the span set by the
   caller). */
static int f_tween_node(world *w, fz_in *in, const ftween *t, int o) {
  int id = f_node(w, KN_NODE_TWEEN);
  f_chans(w, in, id, t, NULL, o);
  w->A.nodes[id].easing = t->ease;
  return id;
}

static void f_root(world *w, int id) {
  CHECK(kn_anim_root_add(&w->A, id), "out of memory");
}

/* anim:to / anim:from on one target. */
static int f_make_tween(world *w, fz_in *in) {
  ftween t;
  int id;
  f_tween_opts(w, in, &t, 0);
  id = f_tween_node(w, in, &t, t.obj);
  kn_span_init(&w->A.nodes[id].span, t.delay, t.dur, t.iters, t.after);
  w->A.nodes[id].user |= t.user;
  return id;
}

/* anim:spring on one target. */
static void f_make_spring(world *w, fz_in *in) {
  ftween t;
  kn_spring mo;
  int id;
  f_tween_opts(w, in, &t, 0);
  f_motion(w, in, &mo);
  id = f_node(w, KN_NODE_SPRING);
  f_chans(w, in, id, &t, &mo, t.obj);
  spring_span(&w->A.nodes[id], t.delay);
  w->A.nodes[id].user |= t.user;
  f_root(w, id);
}

/* A list of 1-4 targets: a group of tweens or springs, each child placed
   at its kn_stagger delay (make_group); the group's span covers the last
   child, a group of springs is endless and done when every child rests. */
static void f_make_group(world *w, fz_in *in, int springs) {
  ftween t;
  kn_spring mo;
  uint8_t b = fz_byte(in), r = fz_byte(in);
  int m = 1 + b % 4, perm[4] = { 0, 1, 2, 3 }, g, i, j;
  double delays[4], end = 0.0, total = f_len(in);
  f_tween_opts(w, in, &t, 0);
  if (springs) f_motion(w, in, &mo);
  for (i = m - 1; i > 0; i--) {
    int x = perm[i];
    j = (r >> (2 * i)) % (i + 1);
    perm[i] = perm[j];
    perm[j] = x;
  }
  kn_stagger(m, (b >> 2) % 6, 1.0 + (b >> 5) % m, total, NULL, perm, delays);
  g = f_node(w, KN_NODE_GROUP);
  for (i = 0; i < m; i++) {
    int k = springs ? f_node(w, KN_NODE_SPRING) : f_node(w, KN_NODE_TWEEN);
    kn_node *kn;
    f_chans(w, in, k, &t, springs ? &mo : NULL, (t.obj + i) % FOBJ);
    kn = &w->A.nodes[k];
    if (springs) spring_span(kn, 0.0);
    else kn_span_init(&kn->span, 0.0, t.dur, 1.0, KN_AFTER_STOP);
    kn->easing = springs ? NULL : t.ease;
    kn->offset = delays[i];
    if (delays[i] + t.dur > end) end = delays[i] + t.dur;
    CHECK(kn_anim_kid_add(&w->A, g, k), "out of memory");
  }
  if (springs) {
    w->A.nodes[g].user |= KN_AN_SPRINGS;
    spring_span(&w->A.nodes[g], t.delay);
  } else {
    kn_span_init(&w->A.nodes[g].span, t.delay, end, t.iters, t.after);
  }
  w->A.nodes[g].user |= t.user;
  f_root(w, g);
}

/* Child of sequence seq at time t (animation.c's place): its span without
   delay, the sequence's duration grown to cover it. */
static void f_place(world *w, int seq, int child, double t) {
  kn_node *c = &w->A.nodes[child], *s;
  double len;
  kn_span_init(&c->span, 0.0, c->span.duration, c->span.iterations, c->span.after);
  c->offset = t;
  len = c->kind == KN_NODE_CALL ? 0.0 : c->span.total;
  CHECK(kn_anim_kid_add(&w->A, seq, child), "out of memory");
  s = &w->A.nodes[seq];
  if (t + len > s->span.duration)
    kn_span_init(&s->span, s->span.delay, t + len, s->span.iterations, s->span.after);
}

/* anim:sequence with 0-4 children: tweens (seq:to, at the end, at a
   fuzzed time or at 0, plus their own delay) and calls (seq:call). */
static void f_make_sequence(world *w, fz_in *in) {
  uint8_t b = fz_byte(in), it = fz_byte(in);
  int seq = f_node(w, KN_NODE_GROUP), j, nk = b % 5;
  double delay = (b & 0x80) ? f_len(in) : 0.0;
  static const double iters[] = { 1.0, 1.0, 2.0, 2.5, HUGE_VAL, 3.0 };
  w->A.nodes[seq].user |= KN_AN_SEQUENCE | ((b >> 3) & 7u);
  kn_span_init(&w->A.nodes[seq].span, delay, 0.0, iters[it % 6], (it >> 3) % 3);
  for (j = 0; j < nk; j++) {
    uint8_t p = fz_byte(in);
    double t = p % 3 == 0 ? w->A.nodes[seq].span.duration : p % 3 == 1 ? f_len(in) : 0.0;
    if (p & 0x80) {
      int call = f_node(w, KN_NODE_CALL);
      w->A.nodes[call].started = 1;
      f_place(w, seq, call, t);
    } else {
      ftween tw;
      int k;
      f_tween_opts(w, in, &tw, 1);
      k = f_tween_node(w, in, &tw, tw.obj);
      kn_span_init(&w->A.nodes[k].span, tw.delay, tw.dur, tw.iters, tw.after);
      w->A.nodes[k].user |= tw.user;
      f_place(w, seq, k, t + tw.delay);
    }
  }
  f_root(w, seq);
}

/* a:after(...): a tween CHAINED after root or chained node `after`, at
   the end of its chain. */
static void f_make_chain(world *w, fz_in *in, int after) {
  int id = f_make_tween(w, in), *link;
  w->A.nodes[id].state = KN_NODE_CHAINED;
  for (link = &w->A.nodes[after].chain; *link >= 0; link = &w->A.nodes[*link].chain_next) {}
  *link = id;
}

/* The fields (one byte each: shape and values), then 1-8 animations, each
   of a kind the byte picks; a chained tween follows one made before. */
static void f_build(world *w, fz_in *in) {
  int o, k, i, n, made[FROOTS * 2], nmade = 0;
  for (o = 0; o < FOBJ; o++)
    for (k = 0; k < FKEY; k++) {
      uint8_t b = fz_byte(in);
      ffield *f = &w->pool[o][k];
      f->n = b % 8 < 5 ? 0 : 1 + b % 3;
      for (i = 0; i < FMAXK; i++) f->v[i] = (int8_t)(b * 37 + 11 * i) * 0.125 + o;
    }
  n = 1 + fz_byte(in) % FROOTS;
  for (i = 0; i < n; i++) {
    uint8_t kind = fz_byte(in);
    int first = w->A.nnodes;
    switch (kind % 6) {
      case 0: f_root(w, f_make_tween(w, in)); break;
      case 1: f_make_spring(w, in); break;
      case 2: case 3: f_make_group(w, in, kind % 6 == 3); break;
      case 4: f_make_sequence(w, in); break;
      default:
        if (nmade == 0) { f_root(w, f_make_tween(w, in)); break; }
        f_make_chain(w, in, made[(kind >> 3) % nmade]);
        break;
    }
    made[nmade++] = first;      /* the animation's own node is made first */
  }
  w->A.starts_due = 1;
}

/* ---- frame: the checks ---------------------------------------------------- */

/* The model's easing: the easing's own value, outQuad p (2 - p) for none. */
static double model_ease(const kn_easing *e, double p) {
  return e != NULL ? kn_easing_eval(e, p, 0) : p * (2.0 - p);
}

/* Tween channel c wrote, at its node's clock, from + E(p) (to - from) per
   item with the lerp of interp.h, p the clock rule's progress and from,
   to what the model made of the read (animator.h). */
static void check_tween_value(world *w, int c) {
  const kn_chan *ch = &w->A.chans[c];
  const kn_node *nd = &w->A.nodes[ch->node];
  const fmchan *m = &w->ch[c];
  double pass, u, p, f;
  int phase, i, k = ch->n > 0 ? ch->n : 1;
  CHECK(m->read, "step %d: channel %d of node %d wrote before its field was read", w->stamp,
        c, ch->node);
  u = kn_span_local(&nd->span, nd->clock, &pass, &phase);
  p = kn_span_progress(&nd->span, u, pass);
  f = model_ease(nd->easing, p);
  for (i = 0; i < k; i++) {
    double want = kn_lerp(m->from[i], m->to[i], f);
    CHECK(fz_same(m->last[i], want), "step %d: node %d (delay %.17g duration %.17g "
          "iterations %.17g after %d) at clock %.17g: channel %d item %d wrote %.17g, "
          "lerp(%.17g, %.17g, E(%.17g) = %.17g) is %.17g", w->stamp, ch->node, nd->span.delay,
          nd->span.duration, nd->span.iterations, nd->span.after, nd->clock, c, i, m->last[i],
          m->from[i], m->to[i], p, f, want);
  }
}

/* A node that completed (DONE, not stopped, not a chained node that
   joined with no field): a tween of after = stop and whole iterations
   wrote its end values exactly in this step, a spring (stiffness > 0)
   rests on its targets; a top-level one fired KN_EV_DONE once when it has
   on_complete, never otherwise. */
static void check_completed(world *w, int id) {
  const kn_node *nd = &w->A.nodes[id];
  int c, i;
  if (nd->parent < 0)
    CHECK(w->done_ev[id] == ((nd->user & KN_AN_ON_COMPLETE) ? 1 : 0), "step %d: node %d "
          "completed, %d KN_EV_DONE (on_complete %d)", w->stamp, id, w->done_ev[id],
          (nd->user & KN_AN_ON_COMPLETE) != 0);
  for (c = nd->chan; c >= 0; c = w->A.chans[c].next) {
    const kn_chan *ch = &w->A.chans[c];
    const fmchan *m = &w->ch[c];
    int k = ch->n > 0 ? ch->n : 1, stop = nd->span.after == KN_AFTER_STOP &&
            nd->span.iterations == floor(nd->span.iterations) && nd->fling == NULL;
    if (ch->object == NULL) continue;
    if (nd->kind == KN_NODE_TWEEN && stop && nd->parent < 0)
      CHECK(m->stamp == w->stamp, "step %d: tween %d completed without writing channel %d",
            w->stamp, id, c);
    if (!(nd->kind == KN_NODE_TWEEN ? stop && m->stamp == w->stamp
                                    : ch->spring->model.stiffness > 0.0 && m->stamp > 0))
      continue;
    for (i = 0; i < k; i++)
      CHECK(fz_same(m->last[i], m->to[i]), "step %d: node %d (kind %d) completed: channel "
            "%d item %d wrote %.17g last, its end is %.17g", w->stamp, id, nd->kind, c, i,
            m->last[i], m->to[i]);
  }
}

/* The step's events, sorted as the binding fires them: times finite and
   in [0, dt] (dt = 0 for a finish: its frame has no length), kinds and
   nodes valid, none that kn_anim_event_live accepts names a freed node;
   the live KN_EV_DONE counted per node. */
static void check_events(world *w, double dt) {
  int i;
  kn_anim_sort_events(&w->A, 0);
  for (i = 0; i < w->A.nevents; i++) {
    const kn_event *e = &w->A.events[i];
    CHECK(e->node >= 0 && e->node < w->A.nnodes && e->kind >= KN_EV_START &&
          e->kind <= KN_EV_CALL, "step %d: event %d: node %d kind %d", w->stamp, i, e->node,
          e->kind);
    CHECK(e->time >= 0.0 && e->time <= dt, "step %d: event %d (kind %d, node %d) at %.17g, "
          "outside the frame [0, %.17g]", w->stamp, i, e->kind, e->node, e->time, dt);
    if (!kn_anim_event_live(&w->A, e)) continue;
    CHECK(!w->freed[e->node], "step %d: live event %d names node %d, freed", w->stamp, i,
          e->node);
    CHECK(e->kind != KN_EV_CALL || w->A.nodes[e->node].kind == KN_NODE_CALL, "step %d: "
          "KN_EV_CALL of node %d of kind %d", w->stamp, e->node, w->A.nodes[e->node].kind);
    if (e->kind == KN_EV_DONE) w->done_ev[e->node]++;
  }
}

/* Every node after a step, before the DONE roots are freed: a freed slot
   is FREE, a node not freed is not; progress in [0, 1]; a node completed
   passes check_completed, one DONE or stopped writes no more; every tween
   channel written in the step wrote the model's value; kn_anim_count is
   the number of live top-level nodes (each in the roots once); after a
   frame, a live top-level node with an end has not reached it unless
   paused (it would have completed). */
static void check_step(world *w, int frame) {
  kn_animator *A = &w->A;
  int id, c, i, live = 0, seen[FMAXN] = { 0 };
  for (id = 0; id < A->nnodes; id++) {
    const kn_node *nd = &A->nodes[id];
    double p;
    CHECK((nd->state == KN_NODE_FREE) == w->freed[id], "step %d: node %d in state %d, "
          "freed %d", w->stamp, id, nd->state, w->freed[id]);
    if (nd->state == KN_NODE_FREE) continue;
    p = kn_anim_progress(A, id);
    CHECK(p >= 0.0 && p <= 1.0, "step %d: node %d (kind %d, state %d) progress %.17g",
          w->stamp, id, nd->kind, nd->state, p);
    live += nd->state == KN_NODE_LIVE && nd->parent < 0;
    if (nd->state != KN_NODE_DONE) continue;
    if (!(nd->user & KN_AN_STOPPED) && !w->quiet[id] &&
        (nd->parent < 0 || nd->kind == KN_NODE_SPRING))
      check_completed(w, id);
    w->dead[id] = 1;
  }
  for (c = 0; c < A->nchans; c++) {
    const kn_chan *ch = &A->chans[c];
    if (ch->node >= 0 && ch->object != NULL && w->ch[c].stamp == w->stamp &&
        A->nodes[ch->node].kind == KN_NODE_TWEEN)
      check_tween_value(w, c);
  }
  CHECK(kn_anim_count(A) == live, "step %d: kn_anim_count %d, %d live top-level nodes",
        w->stamp, kn_anim_count(A), live);
  for (i = 0; i < A->nroots; i++) {
    const kn_node *nd = &A->nodes[A->roots[i]];
    CHECK(A->roots[i] >= 0 && A->roots[i] < A->nnodes && !seen[A->roots[i]]++ &&
          nd->parent < 0 && (nd->state == KN_NODE_LIVE || nd->state == KN_NODE_DONE),
          "step %d: root %d is node %d (state %d, parent %d)", w->stamp, i, A->roots[i],
          nd->state, nd->parent);
    if (frame && !A->paused && nd->state == KN_NODE_LIVE && !nd->paused &&
        nd->kind != KN_NODE_SPRING && !(nd->user & KN_AN_SPRINGS))
      CHECK(nd->clock < nd->span.total, "step %d: live node %d at clock %.17g, its end "
            "%.17g", w->stamp, A->roots[i], nd->clock, nd->span.total);
  }
}

/* ---- frame: frames and operations --------------------------------------- */

/* One frame of dt: the classic update (kn_anim_run START when starts_due,
   then ADVANCE), or, split, the FFI step (kn_anim_split listing the
   writes, which ffi.lua then stores) and, when it deferred roots, the
   rest (update with rest = 1: the same two runs with KN_RUN_REST).  Its
   events are left for check_events; w->collect says whether the update
   frees the DONE roots (the FFI step alone does not). */
static void f_frame(world *w, double dt, int split) {
  kn_animator *A = &w->A;
  int ndef = 1, i;
  w->collect = 0;
  memset(w->listed, 0, sizeof w->listed);
  if (A->paused) return;                  /* update does nothing */
  A->frames++;
  if (split) {
    w->listing = 1;
    w->nlist = 0;
    ndef = kn_anim_split(A, &w->io, dt);
    w->listing = 0;
    CHECK(A->nevents == 0, "kn_anim_split made %d events", A->nevents);
    for (i = 0; i < w->nlist; i++) {
      const kn_chan *ch = &A->chans[w->list_c[i]];
      ffield *f = &w->pool[obj_of(ch->object)][ch->key - 1];
      f->n = 0;
      f->v[0] = w->list_v[i];
      w->stores++;
    }
  }
  if (ndef == 0) return;
  A->updating = 1;
  w->rest = split;
  if (A->starts_due) kn_anim_run(A, &w->io, dt, 0, KN_RUN_START | (split ? KN_RUN_REST : 0));
  kn_anim_run(A, &w->io, dt, 0, KN_RUN_ADVANCE | (split ? KN_RUN_REST : 0));
  w->rest = 0;
  w->collect = 1;
}

/* The n-th (pick % count) node `want` accepts, or -1. */
enum { Q_STOPPABLE, Q_CONTROL, Q_LIVE_ROOT, Q_SEEKABLE };

static int f_wanted(const world *w, int what, int id) {
  const kn_node *nd = &w->A.nodes[id];
  int top = nd->parent < 0 && (nd->state == KN_NODE_LIVE || nd->state == KN_NODE_CHAINED);
  switch (what) {
    case Q_STOPPABLE: return nd->state == KN_NODE_LIVE || nd->state == KN_NODE_CHAINED;
    case Q_CONTROL: return top;
    case Q_LIVE_ROOT: return top && nd->state == KN_NODE_LIVE;
    default: return top && nd->kind != KN_NODE_SPRING && !(nd->user & KN_AN_SPRINGS);
  }
}

static int f_pick(const world *w, int what, uint8_t b) {
  int id, count = 0;
  for (id = 0; id < w->A.nnodes; id++) count += f_wanted(w, what, id);
  if (count == 0) return -1;
  count = b % count;
  for (id = 0; id < w->A.nnodes; id++)
    if (f_wanted(w, what, id) && count-- == 0) return id;
  return -1;
}

/* anim:stop(target [, field]): the channels on it let go, every
   top-level node left with no field stopped; a chained node left with
   none will join DONE (the model's quiet). */
static void f_stop_field(world *w, int o, int key) {
  kn_animator *A = &w->A;
  int i, c;
  for (i = 0; i < A->nchans; i++) {
    const kn_chan *ch = &A->chans[i];
    if (ch->node >= 0 && ch->object == &fobjs[o] && (key == 0 || ch->key == key))
      kn_anim_chan_release(A, i);
  }
  for (i = 0; i < A->nroots; i++)
    if (kn_anim_fieldless(A, A->roots[i])) kn_anim_stop(A, &w->io, A->roots[i]);
  for (i = 0; i < A->nnodes; i++) {
    int any = 0;
    if (A->nodes[i].state != KN_NODE_CHAINED) continue;
    for (c = A->nodes[i].chan; c >= 0; c = A->chans[c].next) any |= A->chans[c].object != NULL;
    w->quiet[i] = !any;
  }
}

typedef struct {
  int op;
  uint8_t a, b;
  double x;
} fop;

/* A frame's dt: 0, the least denormal, tiny, 1/60, 1/4, any finite
   magnitude, huge, DBL_MAX, or a denormal from the byte. */
static double f_dt(fz_in *in, uint8_t a) {
  static const double dts[] = { 0.0, 5e-324, 1e-300, 1.0 / 60, 0.25, 0.0, 1e300, DBL_MAX };
  if (a & 0x80) return ldexp((double)(a & 0x7f), -1074);
  return a % 8 == 5 ? fabs(fz_finite(in)) : dts[a % 8];
}

/* A time scale >= 0. */
static double f_scale(fz_in *in, uint8_t b) {
  static const double sc[] = { 1.0, 0.0, 0.5, 2.0, 1e-300, 1e300, 1.0, 0.0 };
  return b % 8 == 7 ? fabs(fz_finite(in)) : sc[b % 8];
}

/* An operation: op, a, b, then what it reads (a frame's dt, a scale, a
   seek's time). */
static void f_read_op(fz_in *in, fop *o) {
  o->op = fz_byte(in) % 8;
  o->a = fz_byte(in);
  o->b = fz_byte(in);
  o->x = 0.0;
  if (o->op < 4) o->x = f_dt(in, o->a);
  else if (o->op == 6 && (o->a & 2)) o->x = f_scale(in, o->b);
  else if (o->op == 7 && (o->a & 0x80)) o->x = fabs(fz_finite(in));
}

/* a:seek(t) (animation.c): a live node renders time t (clamped to its
   end) with A->seeking set, so nothing completes, and its events are
   dropped; one it started owes on_start to the next update; the clock
   is set to t (a chained node's too). */
static void f_seek(world *w, int id, const fop *o) {
  kn_animator *A = &w->A;
  kn_node *nd = &A->nodes[id];
  double t = o->x;
  int started = nd->started;
  switch (o->a & 0x80 ? 4 : o->a % 4) {
    case 0: t = nd->span.total; break;
    case 1: t = nd->span.delay; break;
    case 2: t = nd->span.delay + nd->span.duration * (o->b % 5) * 0.5; break;
    case 3: t = nd->clock * 0.5; break;
    default: break;
  }
  if (!(t <= DBL_MAX)) t = DBL_MAX;
  if (t > nd->span.total) t = nd->span.total;
  if (nd->state == KN_NODE_LIVE) {
    A->seeking = 1;
    kn_anim_advance(A, &w->io, id, nd->clock, t, 0.0, 0.0);
    A->seeking = 0;
    A->nevents = 0;
    nd = &A->nodes[id];
    if (!started && nd->started) nd->user |= KN_AN_START_DUE;
  }
  if (nd->state != KN_NODE_FREE) nd->clock = t;
}

/* a:finish(): a spring (or a group of springs) snapped, a tween or a
   group with an end moved there; the events fire. */
static void f_finish(world *w, int id) {
  kn_animator *A = &w->A;
  const kn_node *nd = &A->nodes[id];
  if (nd->kind == KN_NODE_SPRING || (nd->user & KN_AN_SPRINGS))
    kn_anim_snap(A, &w->io, id);
  else if (nd->span.total < HUGE_VAL)
    kn_anim_advance(A, &w->io, id, nd->clock, nd->span.total, 0.0, 0.0);
}

/* Pause or resume a node or the animator, or set a time scale. */
static void f_control(world *w, const fop *o) {
  kn_animator *A = &w->A;
  int id = f_pick(w, Q_CONTROL, o->b);
  switch (o->a % 4) {
    case 0:
      if (id < 0) return;
      A->nodes[id].paused = !A->nodes[id].paused;
      A->starts_due = 1;
      return;
    case 1:
      A->paused = !A->paused;
      if (!A->paused) A->starts_due = 1;
      return;
    case 2:
      if (id >= 0) A->nodes[id].scale = o->x;
      return;
    default:
      A->scale = o->x;
      return;
  }
}

/* anim:stop(): every top-level node stopped. */
static void f_stop_all(world *w) {
  int i;
  for (i = 0; i < w->A.nroots; i++) kn_anim_stop(&w->A, &w->io, w->A.roots[i]);
}

/* Operation o on world w (a frame: f_frame; the others as the binding's
   methods do them), then its events checked. */
static void f_apply(world *w, const fop *o, int split) {
  double dt = o->x;
  int id;
  w->stamp++;
  w->collect = 1;
  if (o->op < 4) {
    if (w->stepped && dt > 2.0) dt = 2.0;   /* bounded work: 1 ms substeps */
    f_frame(w, dt, split);
    check_events(w, dt);
    return;
  }
  switch (o->op) {
    case 4:
      if (o->a % 4 == 2) f_stop_field(w, o->b % FOBJ, (o->b >> 3) % (FKEY + 1));
      else if (o->a % 4 == 3) f_stop_all(w);
      else if ((id = f_pick(w, Q_STOPPABLE, o->b)) >= 0) kn_anim_stop(&w->A, &w->io, id);
      break;
    case 5:
      if ((id = f_pick(w, Q_LIVE_ROOT, o->b)) >= 0) f_finish(w, id);
      break;
    case 6: f_control(w, o); break;
    default:
      if ((id = f_pick(w, Q_SEEKABLE, o->b)) >= 0) f_seek(w, id, o);
      break;
  }
  check_events(w, 0.0);
}

/* The end of a step: the checks, the events gone (fired), the DONE roots
   freed when the binding frees them, and kn_anim_count after. */
static void f_end_step(world *w, int frame) {
  int id, live = 0;
  check_step(w, frame);
  w->A.nevents = 0;
  w->A.updating = 0;
  if (w->collect) kn_anim_collect(&w->A, &w->io);
  for (id = 0; id < w->A.nnodes; id++)
    live += w->A.nodes[id].state == KN_NODE_LIVE && w->A.nodes[id].parent < 0;
  CHECK(kn_anim_count(&w->A) == live && w->A.nroots >= live, "step %d: after the free, "
        "kn_anim_count %d, %d live top-level nodes, %d roots", w->stamp,
        kn_anim_count(&w->A), live, w->A.nroots);
}

/* The two worlds' live events, sorted, are the same kinds, nodes and
   times (bits), in the same order. */
static void same_events(int step) {
  const kn_animator *a = &W[0].A, *b = &W[1].A;
  int i = 0, j = 0;
  for (;;) {
    while (i < a->nevents && !kn_anim_event_live(a, &a->events[i])) i++;
    while (j < b->nevents && !kn_anim_event_live(b, &b->events[j])) j++;
    if (i == a->nevents || j == b->nevents) break;
    CHECK(a->events[i].kind == b->events[j].kind && a->events[i].node == b->events[j].node &&
          fz_same(a->events[i].time, b->events[j].time), "step %d: classic event %d (kind "
          "%d node %d at %.17g), split event %d (kind %d node %d at %.17g)", step, i,
          a->events[i].kind, a->events[i].node, a->events[i].time, j, b->events[j].kind,
          b->events[j].node, b->events[j].time);
    i++;
    j++;
  }
  while (i < a->nevents && !kn_anim_event_live(a, &a->events[i])) i++;
  while (j < b->nevents && !kn_anim_event_live(b, &b->events[j])) j++;
  CHECK(i == a->nevents && j == b->nevents, "step %d: classic has %d events left, split %d",
        step, a->nevents - i, b->nevents - j);
}

/* The classic world and the split one: the same fields (bits), stores,
   overflow reports, roots, nodes (state, clock, flags but the split's
   own) and channels (flags, out, spring state). */
static void same_worlds(int step) {
  const world *x = &W[0], *y = &W[1];
  int o, k, i;
  for (o = 0; o < FOBJ; o++)
    for (k = 0; k < FKEY; k++) {
      const ffield *f = &x->pool[o][k], *g = &y->pool[o][k];
      CHECK(f->n == g->n && memcmp(f->v, g->v, (size_t)(f->n > 0 ? f->n : 1) *
            sizeof(double)) == 0, "step %d: object %d key %d: classic %d items, %.17g; "
            "split %d items, %.17g", step, o, k + 1, f->n, f->v[0], g->n, g->v[0]);
    }
  CHECK(x->stores == y->stores && x->overflows == y->overflows && x->A.nroots == y->A.nroots &&
        x->A.nnodes == y->A.nnodes && kn_anim_count(&x->A) == kn_anim_count(&y->A),
        "step %d: classic %d stores %d overflows %d roots %d live; split %d %d %d %d", step,
        x->stores, x->overflows, x->A.nroots, kn_anim_count(&x->A), y->stores, y->overflows,
        y->A.nroots, kn_anim_count(&y->A));
  for (i = 0; i < x->A.nroots; i++)
    CHECK(x->A.roots[i] == y->A.roots[i], "step %d: root %d: classic %d, split %d", step, i,
          x->A.roots[i], y->A.roots[i]);
  for (i = 0; i < x->A.nnodes; i++) {
    const kn_node *a = &x->A.nodes[i], *b = &y->A.nodes[i];
    unsigned mask = ~(unsigned)(KN_AN_DEFERRED | KN_AN_BLOCKED);
    CHECK(a->state == b->state && a->started == b->started && fz_same(a->clock, b->clock) &&
          (a->user & mask) == (b->user & mask), "step %d: node %d: classic state %d started "
          "%d clock %.17g user %#x; split %d %d %.17g %#x", step, i, a->state, a->started,
          a->clock, a->user, b->state, b->started, b->clock, b->user);
  }
  for (i = 0; i < x->A.nchans; i++) {
    const kn_chan *a = &x->A.chans[i], *b = &y->A.chans[i];
    int n = a->n > 0 ? a->n : 1;
    CHECK(a->node == b->node && a->flags == b->flags && a->object == b->object &&
          a->n == b->n, "step %d: channel %d: classic node %d flags %#x n %d; split %d %#x "
          "%d", step, i, a->node, a->flags, a->n, b->node, b->flags, b->n);
    if (a->node < 0) continue;
    CHECK(memcmp(a->out, b->out, (size_t)n * sizeof(double)) == 0 && (a->spring == NULL ||
          memcmp(a->spring->data, b->spring->data, KN_SP_SLOTS * (size_t)n *
                 sizeof(double)) == 0), "step %d: channel %d: classic out %.17g, split %.17g "
          "(or their springs differ)", step, i, a->out[0], b->out[0]);
  }
}

static void f_world_init(world *w) {
  memset(w, 0, sizeof *w);
  kn_animator_init(&w->A);
  w->io.ud = w;
  w->io.read = f_read;
  w->io.write = f_write;
  w->io.guard = NULL;
  w->io.report = f_report;
  w->io.freed = f_freed;
  w->io.nomem = f_nomem;
}

static void f_world_free(world *w) {
  int i;
  kn_animator_free(&w->A);
  for (i = 0; i < w->neas; i++) free(w->eas[i]);
}

/* The frame part (nw = 1: the classic frame against the model) and the
   split part (nw = 2: the same animator built twice from the same bytes,
   the classic frame in W[0], the FFI step and its rest in W[1], every
   step checked in both and the two compared). */
static void run_frames(fz_in *in, int nw) {
  fz_in b = *in;
  fop o;
  int w, k;
  for (w = 0; w < nw; w++) {
    b = *in;
    f_world_init(&W[w]);
    f_build(&W[w], &b);
  }
  *in = b;
  if (nw == 2) same_worlds(0);
  for (k = 1; k <= FOPS && in->n > 0; k++) {
    f_read_op(in, &o);
    for (w = 0; w < nw; w++) f_apply(&W[w], &o, w == 1);
    if (nw == 2) same_events(k);
    for (w = 0; w < nw; w++) f_end_step(&W[w], o.op < 4);
    if (nw == 2) same_worlds(k);
  }
  for (w = 0; w < nw; w++) f_world_free(&W[w]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  switch (fz_byte(&in) % 6) {
    case 0: run_store(&in); break;
    case 1: run_clock(&in); break;
    case 2: run_stagger(&in); break;
    case 3: run_events(&in); break;
    case 4: run_frames(&in, 1); break;
    default: run_frames(&in, 2); break;
  }
  return 0;
}
