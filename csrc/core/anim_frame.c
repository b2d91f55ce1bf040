/*
** anim_frame.c -- an animator's frame: starting nodes (reading their
** fields, taking them over from the animations that drove them), moving
** every node's clock, sweeping groups pass by pass, stepping springs,
** completing nodes and joining the ones chained after them.  The binding
** does the reads, the writes and the callbacks through kn_anim_io; the
** model and the clock rule are animator.h's.
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <string.h>

#include "animator.h"
#include "follower.h"
#include "spring.h"
#include "timeline.h"

#define KIDS_MAX_PASSES 64.0  /* an update crossing more passes of a group
                                 sweeps the last 64 (a bounded frame) */

static void nomem(const kn_anim_io *io) {
  io->nomem(io->ud);
}

/* ---- queries ----------------------------------------------------------- */

int kn_anim_count(const kn_animator *A) {
  int i, n = 0;
  for (i = 0; i < A->nroots; i++) n += A->nodes[A->roots[i]].state == KN_NODE_LIVE;
  return n;
}

int kn_anim_fieldless(const kn_animator *A, int node) {
  const kn_node *nd = &A->nodes[node];
  int c, i;
  if (nd->kind == KN_NODE_CALL) return 0;
  for (c = nd->chan; c >= 0; c = A->chans[c].next)
    if (A->chans[c].object != NULL) return 0;
  for (i = 0; i < nd->nkids; i++)
    if (!kn_anim_fieldless(A, nd->kids[i])) return 0;
  return nd->kind != KN_NODE_GROUP || nd->nkids > 0 || !(nd->user & KN_AN_SEQUENCE);
}

/* The node's group children are all done (a group of springs). */
static int kids_done(const kn_animator *A, int node) {
  int i;
  for (i = 0; i < A->nodes[node].nkids; i++)
    if (A->nodes[A->nodes[node].kids[i]].state == KN_NODE_LIVE) return 0;
  return 1;
}

double kn_anim_progress(const kn_animator *A, int node) {
  const kn_node *nd = &A->nodes[node];
  double pass, u, worst = 0.0;
  int phase, c, i;
  if (nd->user & KN_AN_SPRINGS) return kids_done(A, node) ? 1.0 : 0.0;
  if (!nd->started) return 0.0;
  if (nd->kind == KN_NODE_SPRING) {     /* 1 - the largest share of distance left */
    for (c = nd->chan; c >= 0; c = A->chans[c].next) {
      const kn_spring *s = A->chans[c].spring;
      if (A->chans[c].object == NULL || s->at_rest) continue;
      for (i = 0; i < s->n; i++) {
        double tg = KN_SPRING_SLOT(s, KN_SP_TARGET)[i];
        double d0 = fabs(KN_SPRING_SLOT(s, KN_SP_FROM)[i] - tg);
        double d = fabs(KN_SPRING_SLOT(s, KN_SP_X)[i] - tg);
        if (d0 > 0.0 && d / d0 > worst) worst = d / d0;
      }
    }
    return worst >= 1.0 ? 0.0 : 1.0 - worst;   /* moving away: no progress yet */
  }
  u = kn_span_local(&nd->span, nd->clock, &pass, &phase);
  return phase < 0 ? 0.0 : kn_span_progress(&nd->span, u, pass);
}

int kn_anim_plain(const kn_animator *A, int node) {
  const kn_node *nd = &A->nodes[node];
  int c, i;
  for (c = nd->chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    if (ch->object != NULL && (ch->flags & (KN_CH_STARTED | KN_CH_DIRECT)) !=
                              (KN_CH_STARTED | KN_CH_DIRECT))
      return 0;
  }
  for (i = 0; i < nd->nkids; i++)
    if (!kn_anim_plain(A, nd->kids[i])) return 0;
  return 1;
}

int kn_anim_event_live(const kn_animator *A, const kn_event *e) {
  const kn_node *nd;
  if (e->node < 0) return 0;               /* fired already (a:finish()) */
  nd = &A->nodes[e->node];
  return nd->gen == e->gen && nd->state != KN_NODE_FREE && !(nd->user & KN_AN_STOPPED);
}

/* ---- ending and freeing ------------------------------------------------ */

static void free_node(kn_animator *A, const kn_anim_io *io, int node) {
  io->freed(io->ud, node);
  kn_anim_node_free(A, node);
}

void kn_anim_stop(kn_animator *A, const kn_anim_io *io, int node) {
  int c, i, ch;
  if (A->nodes[node].state == KN_NODE_FREE || A->nodes[node].state == KN_NODE_DONE) return;
  A->nodes[node].user |= KN_AN_STOPPED;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) kn_anim_chan_release(A, c);
  for (i = 0; i < A->nodes[node].nkids; i++) kn_anim_stop(A, io, A->nodes[node].kids[i]);
  ch = A->nodes[node].chain;               /* the after chain goes with it */
  A->nodes[node].chain = -1;
  while (ch >= 0) {
    int next = A->nodes[ch].chain_next;
    A->nodes[ch].state = KN_NODE_DONE;
    free_node(A, io, ch);
    ch = next;
  }
  A->nodes[node].state = KN_NODE_DONE;
}

void kn_anim_let_go(kn_animator *A, const kn_anim_io *io, const void *object, int key) {
  int i;
  for (i = 0; i < A->nchans; i++) {
    const kn_chan *ch = &A->chans[i];
    if (ch->node >= 0 && ch->object == object && (key == 0 || ch->key == key))
      kn_anim_chan_release(A, i);
  }
  for (i = 0; i < A->nroots; i++)
    if (kn_anim_fieldless(A, A->roots[i])) kn_anim_stop(A, io, A->roots[i]);
}

void kn_anim_collect(kn_animator *A, const kn_anim_io *io) {
  int i;
  if (A->updating) return;
  for (i = 0; i < A->nroots; i++)
    if (A->nodes[A->roots[i]].state == KN_NODE_DONE && !(A->nodes[A->roots[i]].user & KN_AN_KEEP))
      free_node(A, io, A->roots[i]);
  kn_anim_roots_compact(A);
}

/* The node ends without on_complete: an error, or no field left.  A child
   only stops taking part in its group. */
static void end_quietly(kn_animator *A, const kn_anim_io *io, int node) {
  kn_node *nd = &A->nodes[node];
  if (nd->state == KN_NODE_LIVE || nd->state == KN_NODE_CHAINED) kn_anim_stop(A, io, node);
}

/* ---- starting ------------------------------------------------------------ */

/* Velocity a spring channel c inherits from rival r that drove its field:
   a spring's own velocity, a tween's slope (kn_anim_tween_velocity) at
   the rate its scales give it.  0 when the shapes differ. */
static int inherit_velocity(kn_animator *A, int c, int r, double *v) {
  kn_chan *ch = &A->chans[c], *rv = &A->chans[r];
  int k = ch->n > 0 ? ch->n : 1, i, id;
  double rate = 1.0, own = A->nodes[ch->node].scale;
  if (rv->n != ch->n || rv->color != ch->color) return 0;
  if (rv->spring != NULL) {
    if (!(rv->flags & KN_CH_STARTED)) return 0;
    memcpy(v, KN_SPRING_SLOT(rv->spring, KN_SP_V), (size_t)k * sizeof(double));
    return 1;
  }
  if (A->nodes[rv->node].kind != KN_NODE_TWEEN) return 0;
  for (id = rv->node; id >= 0; id = A->nodes[id].parent) rate *= A->nodes[id].scale;
  kn_anim_tween_velocity(A, r, rate, v);
  if (own > 0.0) for (i = 0; i < k; i++) v[i] /= own;
  return 1;
}

/* Channel c takes its field over: every rival of another root lets go
   (a node left with no field ends quietly), a spring channel inheriting
   into v the velocity of the one that was driving. */
static void take_over(kn_animator *A, const kn_anim_io *io, int c, double *v) {
  int r, inherited = 0;
  while ((r = kn_anim_rival(A, c)) >= 0) {
    int owner = kn_anim_root_of(A, A->chans[r].node);
    if (!inherited && v != NULL && A->chans[c].spring != NULL)
      inherited = inherit_velocity(A, c, r, v);
    kn_anim_chan_release(A, r);
    if (kn_anim_fieldless(A, owner)) end_quietly(A, io, owner);
  }
  if (!kn_anim_drive(A, c)) nomem(io);
}

/* The start of channel c: from and to of a tween, the state of a spring;
   its out holds the field's value as read. */
static void start_chan(kn_animator *A, const kn_anim_io *io, int c) {
  kn_chan *ch = &A->chans[c];
  const double *cur = ch->out;
  int k = ch->n > 0 ? ch->n : 1, i;
  if (A->nodes[ch->node].shake != NULL) {    /* about its value now */
    ch->from[0] = ch->to[0] = cur[0];
  } else if (A->nodes[ch->node].follow != NULL) {   /* at rest, towards its given value */
    kn_follower *f = kn_anim_follower(A, c);
    kn_node *nd = &A->nodes[ch->node];
    ch->to[0] = (ch->flags & KN_CH_RELATIVE) ? cur[0] + ch->given[0] : ch->given[0];
    ch->from[0] = cur[0];
    if (kn_follower_init(f, nd->follow_a, nd->follow_v, cur[0], 0.0, ch->to[0]))
      (void)kn_follower_init(f, nd->follow_a, nd->follow_v, ch->to[0], 0.0, ch->to[0]);
  } else if (ch->path != NULL) {             /* the fraction of its length: 0 to 1 */
    ch->from[0] = (ch->flags & KN_CH_FROM) ? 1.0 : 0.0;
    ch->to[0] = 1.0 - ch->from[0];
  } else if (ch->spring != NULL) {
    kn_spring *s = ch->spring;
    for (i = 0; i < k && !ch->color; i++)     /* a colour's ends are set */
      ch->to[i] = (ch->flags & KN_CH_RELATIVE) ? cur[i] + ch->given[i] : ch->given[i];
    take_over(A, io, c, ch->from);          /* from: the velocity option, or inherited */
    ch = &A->chans[c];
    kn_spring_init(s, k, &s->model, s->integrator, s->clamp, s->rest_delta,
                   s->rest_speed, ch->out, ch->to, ch->from);
    return;
  } else if (!ch->color) {
    for (i = 0; i < k; i++) {
      double g = (ch->flags & KN_CH_RELATIVE) ? cur[i] + ch->given[i] : ch->given[i];
      if (ch->flags & KN_CH_FROM) { ch->from[i] = g; ch->to[i] = cur[i]; }
      else { ch->from[i] = cur[i]; ch->to[i] = g; }
    }
  }
  take_over(A, io, c, NULL);
}

int kn_anim_start(kn_animator *A, const kn_anim_io *io, int node, double tau) {
  int c;
  A->nodes[node].started = 1;
  if (A->nodes[node].kind != KN_NODE_GROUP) {
    for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
      if (A->chans[c].object == NULL) continue;
      if (!io->read(io->ud, c)) { end_quietly(A, io, node); return 0; }
      start_chan(A, io, c);
    }
    if (A->nodes[node].follow != NULL) kn_anim_follow_span(A, node);
  }
  if (A->nodes[node].user & KN_AN_ON_START) kn_anim_event(A, node, KN_EV_START, tau);
  return A->nodes[node].state == KN_NODE_LIVE;
}

/* ---- advancing -------------------------------------------------------- */

/* A spring node advanced by dt; 1 when every field is at rest. */
static int spring_step(kn_animator *A, const kn_anim_io *io, int node, double dt) {
  int c, moving = 0;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    kn_spring *s = ch->spring;
    int k = ch->n > 0 ? ch->n : 1, flags = 0;
    double left = dt;
    if (ch->object == NULL) continue;
    /* the stepped integrators (1 ms substeps) move at most their bound in
       one update: a frame's work stays bounded */
    if (s->integrator != KN_SPRING_ANALYTIC && left > KN_SPRING_STEPPED_DT_MAX)
      left = KN_SPRING_STEPPED_DT_MAX;
    if (!s->at_rest && left > 0.0) flags = kn_spring_update(s, left);
    if (flags & KN_SPRING_OVERFLOW) {
      kn_spring_reset_on_target(s);
      io->report(io->ud, node, KN_ANIM_OVERFLOW);
    }
    memcpy(ch->out, KN_SPRING_SLOT(s, KN_SP_X), (size_t)k * sizeof(double));
    kn_anim_round_out(A, c);
    if (!s->at_rest) moving = 1;
  }
  io->write(io->ud, node);
  return !moving;
}

/* Length of a child within its group's iteration. */
static double kid_length(const kn_node *k) {
  if (k->kind == KN_NODE_SPRING || (k->user & KN_AN_SPRINGS)) return HUGE_VAL;
  if (k->kind == KN_NODE_CALL) return 0.0;
  return k->span.total;
}

static double clampd(double x, double lo, double hi) {
  return x < lo ? lo : x > hi ? hi : x;
}

/* Frame time tau0 + (t - t0) rate of node time t, kept within the move's
   frame times [lo, hi]: rounding at the clock's magnitude (passes far
   shorter than an ulp of the clock) or an overflowing pass count
   (inf - inf) must not put an event outside its frame; NaN gives hi. */
static double frame_time(double tau0, double t0, double rate, double t, double lo,
                         double hi) {
  double tau = tau0 + (t - t0) * rate;
  return tau >= lo ? (tau <= hi ? tau : hi) : tau < lo ? lo : hi;
}

/* Advance child k of a group: where the binding's code may run (a field
   not yet read, an object with a metatable), through its guard, which
   stops the child that raised and lets the sweep go on with the others --
   so none is skipped and none is crossed twice. */
static void advance_kid(kn_animator *A, const kn_anim_io *io, int k, double t0, double t1,
                        double tau0, double tau1) {
  if (io->guard == NULL || kn_anim_plain(A, k)) kn_anim_advance(A, io, k, t0, t1, tau0, tau1);
  else io->guard(io->ud, k, t0, t1, tau0, tau1);
}

/* The children of group g crossed by its local time moving from ua to ub
   (frame times taua, taub); inclusive: ua itself counts (a pass begins). */
static void sweep_kids(kn_animator *A, const kn_anim_io *io, int g, double ua, double ub,
                       int inclusive, double taua, double taub) {
  int fwd = ub >= ua, j, n = A->nodes[g].nkids;
  double slope = ub != ua ? (taub - taua) / (ub - ua) : 0.0;
  double lo = taua < taub ? taua : taub, hi = taua < taub ? taub : taua;
  for (j = 0; j < n; j++) {
    int k = A->nodes[g].kids[fwd ? j : n - 1 - j];
    kn_node *kn = &A->nodes[k];
    double s = kn->offset, D = kid_length(kn), ca, cb;
    int hit = fwd ? (s <= ub && (s + D > ua || (inclusive && s + D >= ua)))
                  : (s + D >= ub && s < ua);
    if (kn->state != KN_NODE_LIVE || !hit) continue;
    ca = ua >= s + D ? D : ua <= s ? 0.0 : ua - s;   /* the ends exactly */
    cb = ub >= s + D ? D : ub <= s ? 0.0 : ub - s;
    if (kn->kind == KN_NODE_CALL) {
      kn_anim_event(A, k, KN_EV_CALL, frame_time(taua, ua, slope, s, lo, hi));
      continue;
    }
    /* a spring of a group of springs (a top-level group, at the rate of the
       frame) that was moving when the frame began moves the whole step */
    A->whole = (A->nodes[g].user & KN_AN_SPRINGS) && A->nodes[g].parent < 0 && ua >= s &&
               ua > 0.0;
    advance_kid(A, io, k, ca, cb, taua + (s + ca - ua) * slope, taua + (s + cb - ua) * slope);
  }
}

/* One pass c of group g swept from unmirrored local time va to vb (frame
   times taua, taub): mirrored on a reverse pass, skipped on the passes
   after the first of "stop" (they show the end). */
static void sweep_pass(kn_animator *A, const kn_anim_io *io, int g, const kn_span *sp,
                       double c, double va, double vb, int inclusive, double taua,
                       double taub) {
  double T = sp->duration;
  if (sp->after == KN_AFTER_STOP && c >= 1.0) return;
  if (kn_span_backward(sp, c)) { va = T - va; vb = T - vb; }
  sweep_kids(A, io, g, va, vb, inclusive, taua, taub);
}

/* Local time of t within its pass, unmirrored (what kn_span_local shows,
   before a reverse pass turns it), and the pass. */
static double pass_time(const kn_span *sp, double t, double *pass) {
  int phase;
  double u = kn_span_local(sp, t, pass, &phase);
  if (kn_span_backward(sp, *pass)) u = sp->duration - u;
  if (sp->after == KN_AFTER_STOP && *pass >= 1.0) u = sp->duration;
  return u;
}

/* Group g's clock moves from t0 to t1 (frame times tau0, tau1): each pass
   crossed is swept (the last KIDS_MAX_PASSES at most), from where the
   clock stood to where it stands, both as the clock rule shows them
   (kn_span_local, a timeline's rule), so the children end where a
   timeline of the same passes would show them. */
static void sweep_group(kn_animator *A, const kn_anim_io *io, int g, double t0, double t1,
                        double tau0, double tau1) {
  kn_span sp = A->nodes[g].span;
  double T = sp.duration, d = sp.delay, p0, p1, v0, v1, c, rate, between;
  int dir = t1 >= t0 ? 1 : -1, inclusive = !(A->nodes[g].user & KN_AN_SWEPT), i, n;
  int restart = sp.after == KN_AFTER_RESTART && dir > 0;
  double ta = clampd(t0, d, sp.total);
  A->nodes[g].user |= KN_AN_SWEPT;
  t1 = clampd(t1, d, sp.total);
  rate = t1 != t0 ? (tau1 - tau0) / (t1 - t0) : 0.0;
#define TAU(t) frame_time(tau0, t0, rate, (t), tau0 < tau1 ? tau0 : tau1, \
                          tau0 < tau1 ? tau1 : tau0)
  if (!(T > 0.0) || T == HUGE_VAL) {             /* one pass, no turning */
    double u0 = T > 0.0 ? ta - d : 0.0, u1 = T > 0.0 ? t1 - d : 0.0;
    if (T > 0.0 || inclusive) sweep_kids(A, io, g, u0, u1, inclusive, TAU(ta), tau1);
    return;
  }
  v0 = pass_time(&sp, ta, &p0);
  v1 = pass_time(&sp, t1, &p1);
  if (p0 == p1) {
    sweep_pass(A, io, g, &sp, p0, v0, v1, inclusive, TAU(ta), tau1);
    return;
  }
  sweep_pass(A, io, g, &sp, p0, v0, dir > 0 ? T : 0.0, inclusive, TAU(ta),
             TAU(kn_span_mark(&sp, p0, dir > 0)));
  between = (p1 - p0) * dir - 1.0;            /* whole passes crossed */
  n = between > KIDS_MAX_PASSES ? (int)KIDS_MAX_PASSES : (int)between;   /* the last n */
  for (i = 0; i < n; i++) {
    c = p1 - dir * (double)(n - i);
    sweep_pass(A, io, g, &sp, c, dir > 0 ? 0.0 : T, dir > 0 ? T : 0.0, restart,
               TAU(kn_span_mark(&sp, c, dir < 0)), TAU(kn_span_mark(&sp, c, dir > 0)));
  }
  sweep_pass(A, io, g, &sp, p1, dir > 0 ? 0.0 : T, v1, restart,
             TAU(kn_span_mark(&sp, p1, dir < 0)), tau1);
#undef TAU
}

#define REPEAT_MAX_PASSES 64.0   /* a move crossing more passes reports the
                                    last 64 of them (a bounded frame) */
#define PASS_MAX 9007199254740992.0   /* 2^53: a pass count c + 1 is exact below it */

/* on_repeat: the passes c >= 1 (of the node's finite ones) that begin in
   (t0, t1], the last REPEAT_MAX_PASSES of them, each an event at its frame
   time carrying its iteration n = c + 1. */
static void repeat_events(kn_animator *A, int node, double t0, double t1, double tau0,
                          double tau1) {
  const kn_span *sp = &A->nodes[node].span;
  double P = sp->duration + sp->gap, last = ceil(sp->iterations) - 1.0, lo, hi, c, rate;
  if (!(t1 > t0) || !(P > 0.0) || !(P < HUGE_VAL) || last < 1.0) return;
  lo = floor((t0 - sp->delay) / P);                 /* about the last pass begun */
  hi = floor((t1 - sp->delay) / P);
  if (!(hi < PASS_MAX)) return;                     /* passes past 2^53: not counted */
  if (lo < 0.0) lo = 0.0;
  while (lo > 0.0 && kn_span_mark(sp, lo, 0) > t0) lo -= 1.0;
  while (kn_span_mark(sp, lo, 0) <= t0) lo += 1.0;  /* the first begun after t0 */
  if (hi > last) hi = last;
  while (hi >= lo && kn_span_mark(sp, hi, 0) > t1) hi -= 1.0;
  while (hi < last && kn_span_mark(sp, hi + 1.0, 0) <= t1) hi += 1.0;
  if (lo < 1.0) lo = 1.0;
  if (hi - lo >= REPEAT_MAX_PASSES) lo = hi - (REPEAT_MAX_PASSES - 1.0);
  rate = (tau1 - tau0) / (t1 - t0);
  for (c = lo; c <= hi; c += 1.0) {
    double tau = frame_time(tau0, t0, rate, kn_span_mark(sp, c, 0), tau0, tau1);
    if (!kn_anim_event(A, node, KN_EV_REPEAT, tau)) return;
    A->events[A->nevents - 1].n = c + 1.0;
  }
}

/* A top-level node completed at frame time tau: DONE, on_complete, and
   its chained nodes join the roots from tau on. */
static void complete_root(kn_animator *A, const kn_anim_io *io, int node, double tau) {
  int ch = A->nodes[node].chain;
  A->nodes[node].state = KN_NODE_DONE;
  A->nodes[node].chain = -1;
  if (A->nodes[node].user & KN_AN_ON_COMPLETE) kn_anim_event(A, node, KN_EV_DONE, tau);
  while (ch >= 0) {
    int next = A->nodes[ch].chain_next;
    kn_node *c = &A->nodes[ch];
    /* one stopped while it waited, or left with no field (anim:stop on its
       target), joins as DONE: the frame's end frees it, it never plays */
    c->state = c->state == KN_NODE_DONE || kn_anim_fieldless(A, ch) ? KN_NODE_DONE
                                                                      : KN_NODE_LIVE;
    c->chain_next = -1;
    c->frame_start = tau;
    c->clock = 0.0;
    if (!kn_anim_root_add(A, ch)) nomem(io);
    ch = next;
  }
}

/* Whether node finished in this move: the end crossed going forward (a
   spring or a group of springs: every field at rest). */
static int finished(const kn_animator *A, int node, double t0, double t1, int rested) {
  const kn_node *nd = &A->nodes[node];
  if (nd->kind == KN_NODE_SPRING) return rested;
  if (nd->user & KN_AN_SPRINGS) return kids_done(A, node);
  if (t1 < nd->span.total || t1 < t0) return 0;
  return nd->parent < 0 || t0 < nd->span.total || nd->span.total == 0.0;
}

/* A node's move: its start (once), then its values.  -1 when it ended
   there (a bad field, a failed Lua easing); else 1 when every spring of
   a spring node rests, 0 otherwise. */
static int move(kn_animator *A, const kn_anim_io *io, int node, double t0, double t1,
                double tau0, double tau1) {
  kn_node *nd = &A->nodes[node];
  double d = nd->span.delay, ts = t0 > d ? t0 : d;
  if (!nd->started) {
    double rate = t1 != t0 ? (tau1 - tau0) / (t1 - t0) : 0.0;   /* node time -> frame time */
    if (!kn_anim_start(A, io, node, tau0 + (ts - t0) * rate)) return -1;
  } else if (nd->user & KN_AN_START_DUE) {
    nd->user &= ~KN_AN_START_DUE;
    if (nd->user & KN_AN_ON_START) kn_anim_event(A, node, KN_EV_START, tau0);
  }
  switch (A->nodes[node].kind) {
    case KN_NODE_TWEEN:
      kn_anim_tween_eval(A, node, t1);
      if (A->nodes[node].user & KN_AN_STOPPED) {   /* its Lua easing failed: it ends here */
        A->nodes[node].user &= ~KN_AN_STOPPED;
        kn_anim_stop(A, io, node);
        return -1;
      }
      io->write(io->ud, node);
      return 0;
    case KN_NODE_SPRING:   /* a spring moving the whole frame moves by its exact step */
      return spring_step(A, io, node, A->step >= 0.0 && (A->nodes[node].parent < 0
                         ? t0 >= d : A->whole) ? A->step : t1 - ts);
    default:
      sweep_group(A, io, node, t0, t1, tau0, tau1);
      return 0;
  }
}

/* A started tween moving to t1 short of its end, with no event due and no
   Lua easing: its values shown, its clock at t1 -- what move and the tests
   after it in kn_anim_advance come to for such a node.  kn_anim_split moves
   every root it takes this way. */
static void show_tween(kn_animator *A, const kn_anim_io *io, int node, double t1) {
  int outer = A->current;
  kn_anim_tween_eval(A, node, t1);
  A->current = node;
  io->write(io->ud, node);
  A->current = outer;
  A->nodes[node].clock = t1;
}

void kn_anim_advance(kn_animator *A, const kn_anim_io *io, int node, double t0, double t1,
                     double tau0, double tau1) {
  kn_node *nd = &A->nodes[node];
  double rate;
  int rested, outer = A->current;
  if (t1 < nd->span.delay || (!nd->started && t1 < t0)) { nd->clock = t1; return; }
  if (nd->kind == KN_NODE_TWEEN && nd->started && t1 < nd->span.total && !A->seeking &&
      !(nd->user & (KN_AN_START_DUE | KN_AN_ON_UPDATE | KN_AN_LUA_EASE | KN_AN_ON_REPEAT))) {
    show_tween(A, io, node, t1);
    return;
  }
  A->current = node;
  rested = move(A, io, node, t0, t1, tau0, tau1);
  A->current = outer;
  if (rested < 0) return;
  nd = &A->nodes[node];
  nd->clock = t1;
  if (nd->state != KN_NODE_LIVE || (nd->user & KN_AN_STOPPED)) return;
  if (nd->user & KN_AN_ON_UPDATE) kn_anim_event(A, node, KN_EV_UPDATE, tau1);
  if ((nd->user & KN_AN_ON_REPEAT) && !A->seeking) repeat_events(A, node, t0, t1, tau0, tau1);
  nd = &A->nodes[node];
  if (A->seeking || !finished(A, node, t0, t1, rested)) return;
  rate = t1 != t0 ? (tau1 - tau0) / (t1 - t0) : 0.0;
  if (nd->parent >= 0) {
    if (nd->kind == KN_NODE_SPRING || (nd->user & KN_AN_SPRINGS)) nd->state = KN_NODE_DONE;
    if (nd->user & KN_AN_ON_COMPLETE)
      kn_anim_event(A, node, KN_EV_DONE, tau0 + (nd->span.total - t0) * rate);
    return;
  }
  complete_root(A, io, node, nd->kind != KN_NODE_SPRING && nd->span.total < HUGE_VAL
                ? tau0 + (nd->span.total - t0) * rate : tau1);
}

/* ---- quick setters -------------------------------------------------------------- */

static int is_root(const kn_animator *A, int node) {
  int i;
  for (i = 0; i < A->nroots; i++)
    if (A->roots[i] == node) return 1;
  return 0;
}

int kn_anim_quick(kn_animator *A, const kn_anim_io *io, int node, const void *object, int key,
                  double from, double to) {
  kn_node *nd = &A->nodes[node];
  int c = nd->chan;
  kn_chan *ch = &A->chans[c];
  nd->user &= ~(KN_AN_STOPPED | KN_AN_START_DUE);
  if (ch->object == NULL) {                 /* let go of: its field again */
    ch->object = object;
    ch->key = key;
    nd->nchan++;
  }
  if (nd->started) take_over(A, io, c, NULL);   /* (released: not KN_CH_STARTED) */
  if (nd->kind == KN_NODE_SPRING && nd->state != KN_NODE_LIVE) {
    kn_spring *s = A->chans[c].spring;   /* at rest: it starts again as a new one would */
    double x = KN_SPRING_SLOT(s, KN_SP_X)[0], v = 0.0;
    kn_spring_init(s, 1, &s->model, s->integrator, s->clamp, s->rest_delta, s->rest_speed, &x,
                   &to, &v);
  } else if (nd->kind == KN_NODE_SPRING || !nd->started) {
    kn_anim_retarget(A, c, &to, 0);
  } else {
    ch = &A->chans[c];
    ch->from[0] = from;
    ch->to[0] = to;
    ch->out[0] = from;
    nd->clock = 0.0;
  }
  nd = &A->nodes[node];
  nd->frame_start = 0.0;
  if (nd->state != KN_NODE_LIVE) {
    nd->state = KN_NODE_LIVE;
    if (!is_root(A, node) && !kn_anim_root_add(A, node)) return 0;
  }
  return 1;
}

/* ---- finish ------------------------------------------------------------------ */

/* Start (if it has not: at frame time tau) and put every spring of node
   on its target. */
static int snap_springs(kn_animator *A, const kn_anim_io *io, int node, double tau) {
  int c;
  if (!A->nodes[node].started && !kn_anim_start(A, io, node, tau)) return 0;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    if (ch->object == NULL) continue;
    kn_spring_reset_on_target(ch->spring);
    memcpy(ch->out, KN_SPRING_SLOT(ch->spring, KN_SP_X),
           (size_t)ch->spring->n * sizeof(double));
    kn_anim_round_out(A, c);
  }
  return 1;
}

/* kn_anim_snap with its events at frame time tau. */
static void snap_at(kn_animator *A, const kn_anim_io *io, int node, double tau) {
  int i;
  double t;
  if (A->nodes[node].user & KN_AN_SPRINGS) {
    if (!A->nodes[node].started) (void)kn_anim_start(A, io, node, tau);   /* its on_start */
    for (i = 0; i < A->nodes[node].nkids; i++) {
      int k = A->nodes[node].kids[i];
      if (A->nodes[k].state != KN_NODE_LIVE || !snap_springs(A, io, k, tau)) continue;
      io->write(io->ud, k);
      A->nodes[k].state = KN_NODE_DONE;
    }
  } else if (!snap_springs(A, io, node, tau)) {
    return;
  }
  t = A->nodes[node].clock > A->nodes[node].span.delay ? A->nodes[node].clock
                                                       : A->nodes[node].span.delay;
  kn_anim_advance(A, io, node, t, t, tau, tau);
}

void kn_anim_snap(kn_animator *A, const kn_anim_io *io, int node) {
  snap_at(A, io, node, 0.0);
}

void kn_anim_seek(kn_animator *A, const kn_anim_io *io, int node, double t) {
  kn_node *nd = &A->nodes[node];
  if (nd->state == KN_NODE_LIVE) {
    int started = nd->started;
    if (t > nd->span.total) t = nd->span.total;
    A->seeking = 1;
    kn_anim_advance(A, io, node, nd->clock, t, 0.0, 0.0);
    A->seeking = 0;
    nd = &A->nodes[node];
    if (!started && nd->started) nd->user |= KN_AN_START_DUE;
  }
  nd->clock = t;
}

/* ---- the frame's loop -------------------------------------------------------- */

/* Start node at the frame's start if its delay is over by then (and, for
   a group, its children placed at or before where it stands): they read
   their fields before any animation moves in the frame. */
static void prestart(kn_animator *A, const kn_anim_io *io, int node) {
  kn_node *nd = &A->nodes[node];
  int i;
  if (nd->state != KN_NODE_LIVE || nd->clock < nd->span.delay || nd->kind == KN_NODE_CALL)
    return;
  if (!nd->started) {
    A->current = node;
    if (!kn_anim_start(A, io, node, 0.0)) return;
  }
  nd = &A->nodes[node];
  if (nd->kind == KN_NODE_GROUP && !(nd->user & KN_AN_SWEPT))   /* a group not yet played */
    for (i = 0; i < A->nodes[node].nkids; i++) {
      int k = A->nodes[node].kids[i];
      if (A->nodes[k].offset <= A->nodes[node].clock - A->nodes[node].span.delay)
        prestart(A, io, k);
    }
  A->current = -1;
}

/* Whether root node, moving to t1, needs no code of the binding's in this
   frame beyond plain writes: a started tween (or one still in its delay)
   without callbacks or a Lua easing, not ending, of number fields whose
   objects take plain stores. */
static int pure(const kn_animator *A, int node, double t1) {
  const kn_node *nd = &A->nodes[node];
  int c;
  if (A->reduced) return 0;
  if (nd->kind != KN_NODE_TWEEN || (nd->user & (KN_AN_ON_START | KN_AN_ON_UPDATE |
      KN_AN_ON_COMPLETE | KN_AN_LUA_EASE | KN_AN_START_DUE | KN_AN_BLOCKED | KN_AN_LUA_ROUND |
      KN_AN_ON_REPEAT)))
    return 0;
  if (t1 < nd->span.delay) return 1;               /* waiting: the clock alone */
  if (!nd->started) return 0;
  if (!(t1 < nd->span.total)) return 0;             /* it ends */
  for (c = nd->chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    if (ch->object != NULL && (ch->n != 0 || !(ch->flags & KN_CH_DIRECT))) return 0;
  }
  return 1;
}

/* Flag KN_AN_BLOCKED every other root driving a field that a channel of
   node (or below it) not yet started may take over in this frame: it
   starts before they write, so they go with it. */
static void block_rivals(kn_animator *A, int node) {
  int c, i, root = kn_anim_root_of(A, node);
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    int d;
    if (ch->object == NULL || (ch->flags & KN_CH_STARTED)) continue;
    d = kn_anim_driver(A, ch->object, ch->key);
    if (d >= 0 && kn_anim_root_of(A, A->chans[d].node) != root)
      A->nodes[kn_anim_root_of(A, A->chans[d].node)].user |= KN_AN_BLOCKED;
  }
  for (i = 0; i < A->nodes[node].nkids; i++) block_rivals(A, A->nodes[node].kids[i]);
}

/* Reduced motion: root node, whose delay ends in this move or which joined
   in this frame behind the one it was chained to (its clock from t0 at
   frame time tau0 > 0, at rate), played to its end at once -- a
   spring (or a group of springs) put on its targets, any other node
   advanced to its total, so that its events keep their order, at the
   frame times its rate gives them (past the frame's end, as if the frame
   were longer).  A node without end is not reduced: 0. */
static int reduce(kn_animator *A, const kn_anim_io *io, int id, double t0, double tau0,
                  double rate) {
  kn_node *nd = &A->nodes[id];
  double total;
  if ((nd->follow != NULL || nd->shake != NULL) && !nd->started) {
    double d = nd->span.delay;      /* a follow's span is known once it starts */
    if (!kn_anim_start(A, io, id, rate > 0.0 && t0 < d ? tau0 + (d - t0) / rate : tau0))
      return 1;
    nd = &A->nodes[id];
  }
  if (nd->shake != NULL) {          /* a shake writes nothing: it lets go of its fields */
    int c;
    for (c = nd->chan; c >= 0; c = A->chans[c].next) kn_anim_chan_release(A, c);
  }
  total = nd->span.total;
  if (nd->kind == KN_NODE_SPRING || (nd->user & KN_AN_SPRINGS)) {
    double d = nd->span.delay;
    A->step = 0.0;
    if (t0 < d) nd->clock = d;
    snap_at(A, io, id, rate > 0.0 && t0 < d ? tau0 + (d - t0) / rate : tau0);
    return 1;
  }
  if (!(total < HUGE_VAL)) return 0;
  A->step = total - t0;
  kn_anim_advance(A, io, id, t0, total, tau0, rate > 0.0 ? tau0 + (total - t0) / rate : tau0);
  return 1;
}

/* Root i moves by dt of the frame (from its frame_start on). */
static void advance_root(kn_animator *A, const kn_anim_io *io, int id, double dt) {
  kn_node *nd = &A->nodes[id];
  double rate = nd->scale * A->scale, tau0 = nd->frame_start, t0 = nd->clock, t1;
  A->step = (dt - tau0) * rate;
  t1 = t0 + A->step;
  if (!(t1 <= DBL_MAX)) t1 = DBL_MAX;
  if (A->reduced && t0 <= nd->span.delay && (t1 >= nd->span.delay || tau0 > 0.0) &&
      reduce(A, io, id, t0, tau0, rate))
    return;
  if (t1 > nd->span.total) t1 = nd->span.total;
  kn_anim_advance(A, io, id, t0, t1, tau0,
                  t1 == t0 + A->step || !(rate > 0.0) ? dt : tau0 + (t1 - t0) / rate);
}

int kn_anim_split(kn_animator *A, const kn_anim_io *io, double dt) {
  int i, ndef = 0;
  A->step_roots = A->nroots;
  for (i = 0; i < A->nroots; i++) {
    kn_node *nd = &A->nodes[A->roots[i]];
    nd->frame_start = 0.0;
    nd->user &= ~(KN_AN_DEFERRED | KN_AN_BLOCKED);
  }
  for (i = 0; i < A->nroots; i++) {       /* the starting nodes block their rivals */
    kn_node *nd = &A->nodes[A->roots[i]];
    if (nd->state == KN_NODE_LIVE && (nd->kind == KN_NODE_GROUP || !nd->started))
      block_rivals(A, A->roots[i]);
  }
  for (i = 0; i < A->nroots; i++) {
    kn_node *nd = &A->nodes[A->roots[i]];
    double t1 = nd->clock + dt * (nd->scale * A->scale);
    if (nd->state != KN_NODE_LIVE || nd->paused) continue;
    if (!(t1 <= DBL_MAX)) t1 = DBL_MAX;
    if (t1 > nd->span.total) t1 = nd->span.total;
    if (!pure(A, A->roots[i], t1)) { nd->user |= KN_AN_DEFERRED; ndef++; continue; }
    /* what advance_root and kn_anim_advance do to a pure root (t1 as
       advance_root computes it: clock + (dt - frame_start 0) rate) */
    if (t1 < nd->span.delay) nd->clock = t1;
    else show_tween(A, io, A->roots[i], t1);
  }
  return ndef;
}

/* The write hook of kn_anim_split_list: (channel id + 1, value) listed. */
typedef struct write_list {
  const kn_animator *A;
  int *ids;
  double *vals;
  int n;
} write_list;

static void list_write(void *ud, int node) {
  write_list *w = (write_list *)ud;
  const kn_chan *chans = w->A->chans;
  int c, n = w->n;
  for (c = w->A->nodes[node].chan; c >= 0; c = chans[c].next) {
    if (chans[c].object == NULL) continue;
    w->ids[n] = c + 1;
    w->vals[n++] = chans[c].out[0];
  }
  w->n = n;
}

int kn_anim_split_list(kn_animator *A, double dt, int *counts, int *ids, double *vals,
                       int cap) {
  write_list w;
  kn_anim_io io;
  if (A->updating || A->paused) return -1;
  if (cap < A->nchans) {                   /* room for every channel's write */
    counts[0] = A->nchans;
    return -2;
  }
  memset(&io, 0, sizeof io);
  w.A = A; w.ids = ids; w.vals = vals; w.n = 0;
  io.ud = &w;
  io.write = list_write;
  A->frames++;
  counts[1] = kn_anim_split(A, &io, dt);
  counts[0] = kn_anim_count(A);
  return w.n;
}

void kn_anim_op(kn_animator *A, const kn_anim_io *io, int op, const double *x) {
  int node = (int)x[0];
  switch (op) {
    case KN_OP_RUN:
      kn_anim_run(A, io, x[0], (int)x[1], (int)x[2]);
      break;
    case KN_OP_ADVANCE:
      kn_anim_advance(A, io, node, x[1], x[2], x[3], x[4]);
      break;
    case KN_OP_SNAP:
      kn_anim_snap(A, io, node);
      break;
    default:                               /* KN_OP_SEEK */
      kn_anim_seek(A, io, node, x[1]);
      break;
  }
}

void kn_anim_run(kn_animator *A, const kn_anim_io *io, double dt, int from, int mode) {
  int i, rest = mode & KN_RUN_REST, starts = !(mode & KN_RUN_ADVANCE), waiting = 0;
  int n0 = rest ? A->step_roots : A->nroots;
  if (from == 0 && !rest && !starts)       /* every root moves from the frame's start */
    for (i = 0; i < A->nroots; i++) A->nodes[A->roots[i]].frame_start = 0.0;
  for (i = from; i < A->nroots; i++) {    /* chained nodes join */
    int id = A->roots[i];
    kn_node *nd = &A->nodes[id];
    int split = rest && i < n0 && !(nd->user & KN_AN_DEFERRED);   /* kn_anim_split moved it */
    if (nd->state != KN_NODE_LIVE || nd->paused) continue;
    A->loop_i = i;
    if (!starts) {
      if (!split) advance_root(A, io, id, dt);
      continue;
    }
    if (i >= n0) break;
    if (!nd->started || (nd->kind == KN_NODE_GROUP && !(nd->user & KN_AN_SWEPT))) {
      if (!split) prestart(A, io, id);    /* (one the split moved waits in its delay) */
      waiting += !A->nodes[id].started;
    }
  }
  if (starts && waiting == 0) A->starts_due = 0;   /* none left to start */
}
