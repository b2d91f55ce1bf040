/*
** fuzz_animator.c -- the animator's C core (animator.h) against naive
** models written here.  The first byte picks one of four parts:
**
** store: up to 200 operations on one kn_animator, as the binding makes
**   them: a node (tween, spring or group) at the top level or as a group's
**   child at a fuzzed offset; a channel for (object, key) from a pool of 12
**   objects (addresses in a static array) and keys 1..6, of 0..5 items
**   (spring nodes' channels own a kn_spring); a channel's start (every
**   rival kn_anim_rival names released, a root left with no field stopped,
**   as take_over does, then kn_anim_drive); a channel's release; a node's
**   stop (its channels released, its children stopped); the free of a DONE
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
*/
#include <float.h>

#include "fuzz_common.h"
#include "animator.h"
#include "interp.h"
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

/* Release channel c in the animator and in the model. */
static void release(int c) {
  kn_anim_chan_release(&S.A, c);
  model_unlink(c);
  S.chan[c].released = 1;
}

/* No channel with an object left in node and below (lk_anim_fieldless). */
static int fieldless(int id) {
  int i;
  for (i = 0; i < S.hi; i++) {
    if (S.chan[i].used && S.chan[i].node == id && !S.chan[i].released) return 0;
    if (S.node[i].used && S.node[i].parent == id && !fieldless(i)) return 0;
  }
  return 1;
}

/* lk_anim_stop: channels released, children stopped, DONE.  Walks the
   animator's lists, which the last check found to be the model's. */
static void stop(int id) {
  int c, i;
  if (S.node[id].state != KN_NODE_LIVE) return;
  for (c = S.A.nodes[id].chan; c >= 0; c = S.A.chans[c].next) release(c);
  for (i = 0; i < S.A.nodes[id].nkids; i++) stop(S.A.nodes[id].kids[i]);
  S.A.nodes[id].state = KN_NODE_DONE;
  S.node[id].state = KN_NODE_DONE;
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
    if (fieldless(owner)) stop(owner);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = { data, size };
  switch (fz_byte(&in) % 4) {
    case 0: run_store(&in); break;
    case 1: run_clock(&in); break;
    case 2: run_stagger(&in); break;
    default: run_events(&in); break;
  }
  return 0;
}
