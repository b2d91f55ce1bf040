/*
** animator.c -- the animator's store (nodes, channels, the drivers' hash,
** the frame's events), the clock rule of a node and a tween's values.
** The model: animator.h.
*/
#include "fpcontract.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "animator.h"
#include "fling.h"
#include "follower.h"
#include "noise.h"
#include "easing.h"
#include "interp.h"
#include "path.h"
#include "penner.h"
#include "spring.h"
#include "timeline.h"

/* ---- clock rule ------------------------------------------------------- */

void kn_span_init(kn_span *s, double delay, double duration, double iterations,
                  int after) {
  s->delay = delay;
  s->duration = duration;
  s->iterations = iterations;
  s->after = after;
  s->total = iterations == HUGE_VAL ? HUGE_VAL : delay + iterations * duration;
  if (duration == 0.0) s->total = delay;
  if (s->gap > 0.0 && s->total < HUGE_VAL)
    s->total += (ceil(iterations) - 1.0) * s->gap;
}

void kn_span_set_gap(kn_span *s, double gap) {
  s->gap = gap;
  kn_span_init(s, s->delay, s->duration, s->iterations, s->after);
}

double kn_span_mark(const kn_span *s, double c, int end) {
  if (s->gap == 0.0) return s->delay + (end ? c + 1.0 : c) * s->duration;
  return s->delay + c * (s->duration + s->gap) + (end ? s->duration : 0.0);
}

int kn_span_backward(const kn_span *s, double pass) {
  return s->after == KN_AFTER_REVERSE && fmod(pass, 2.0) == 1.0;
}

/* The last pass of a finite span: ceil(N) - 1. */
static double last_pass(const kn_span *s) {
  double c = ceil(s->iterations) - 1.0;
  return c < 0.0 ? 0.0 : c;
}

/* kn_span_local's pass and unmirrored local time of a span with a repeat
   delay, within a pass (t before the total). */
static double gap_local(const kn_span *s, double tau, double *pass) {
  double T = s->duration, P = T + s->gap, c = floor(tau / P), w = tau - c * P;
  if (w < 0.0) { c -= 1.0; w += P; }
  else if (w >= P) { c += 1.0; w -= P; }
  if (w < 0.0) w = 0.0;
  *pass = c;
  return w < T ? w : T;
}

double kn_span_local(const kn_span *s, double t, double *pass, int *phase) {
  double T = s->duration, tau = t - s->delay, c, u;
  if (tau < 0.0) { *pass = 0.0; *phase = -1; return 0.0; }
  if (tau < T && t < s->total) {   /* the first pass, not yet ended (d + T may  */
    *pass = 0.0;                   /* round below d + tau): what the rule below */
    *phase = 0;                    /* gives, (tau - T) + T being tau (Sterbenz) */
    return tau;                    /* where the quotient rounds up to 1         */
  }
  if (s->gap > 0.0 && t < s->total && T > 0.0) {
    u = gap_local(s, tau, &c);
    *phase = 0;
  } else if (t >= s->total || T == 0.0 || tau >= s->iterations * T) {
    double f;
    c = T == 0.0 ? 0.0 : last_pass(s);
    f = s->iterations - c;            /* a fractional last pass ends early */
    u = (f >= 1.0 ? 1.0 : f) * T;
    *phase = 1;
  } else {
    c = floor(tau / T);               /* c = floor((t - d) / T) */
    u = tau - c * T;
    if (u < 0.0) { c -= 1.0; u += T; }
    else if (u >= T) { c += 1.0; u -= T; }
    if (u < 0.0) u = 0.0;
    if (u > T) u = T;                 /* c T rounded far below tau (c near 2^53 T / ulp) */
    *phase = 0;
  }
  *pass = c;
  if (s->after == KN_AFTER_STOP && c >= 1.0) u = T;
  else if (kn_span_backward(s, c)) u = T - u;
  return u;
}

double kn_span_progress(const kn_span *s, double u, double pass) {
  if (s->duration > 0.0) {
    double p = u / s->duration;
    return p > 1.0 ? 1.0 : p;
  }
  return kn_span_backward(s, pass) ? 0.0 : 1.0;
}

/* ---- store ------------------------------------------------------------ */

void kn_animator_init(kn_animator *A) {
  memset(A, 0, sizeof *A);
  A->freenode = -1;
  A->freechan = -1;
  A->scale = 1.0;
  A->step = -1.0;
  A->current = -1;
}

static void chan_storage_free(kn_chan *ch) {
  free(ch->heap);
  ch->heap = NULL;
  free(ch->spring);
  ch->given = ch->from = ch->to = ch->out = NULL;
  ch->spring = NULL;
}

void kn_animator_free(kn_animator *A) {
  int i;
  for (i = 0; i < A->nchans; i++) if (A->chans[i].node >= 0) chan_storage_free(&A->chans[i]);
  for (i = 0; i < A->nnodes; i++) {
    free(A->nodes[i].kids);
    free(A->nodes[i].fling);
    free(A->nodes[i].follow);
    if (A->nodes[i].shake != NULL) free(A->nodes[i].shake->amp);
    free(A->nodes[i].shake);
    free(A->nodes[i].round_set);
  }
  free(A->nodes); free(A->chans); free(A->roots); free(A->events); free(A->hash);
  kn_animator_init(A);
}

/* Grow *p (of *cap items of `size` bytes) to hold need items; 0 on failure. */
static int grow(void **p, int *cap, int need, size_t size) {
  int c = *cap ? *cap : 8;
  void *q;
  if (need <= *cap) return 1;
  while (c < need) {
    if (c > INT_MAX / 2) return 0;
    c *= 2;
  }
  q = realloc(*p, (size_t)c * size);
  if (q == NULL) return 0;
  *p = q;
  *cap = c;
  return 1;
}

int kn_anim_node_new(kn_animator *A, int kind) {
  int id;
  kn_node *nd;
  unsigned gen = 0;
  if (A->freenode >= 0) {
    id = A->freenode;
    A->freenode = A->nodes[id].chain_next;
    gen = A->nodes[id].gen;
  } else {
    if (!grow((void **)&A->nodes, &A->capnodes, A->nnodes + 1, sizeof(kn_node))) return -1;
    id = A->nnodes++;
  }
  nd = &A->nodes[id];
  memset(nd, 0, sizeof *nd);
  nd->kind = kind;
  nd->state = KN_NODE_LIVE;
  nd->parent = -1;
  nd->gen = gen;
  nd->chan = -1;
  nd->chain = -1;
  nd->chain_next = -1;
  nd->scale = 1.0;
  nd->order = A->serial++;
  nd->born = A->frames;
  kn_span_init(&nd->span, 0.0, 0.0, 1.0, KN_AFTER_STOP);
  return id;
}

/* Point given, from, to and out into the channel's storage. */
static void chan_point(kn_chan *ch) {
  int k = ch->n > 0 ? ch->n : 1;
  ch->given = ch->heap != NULL ? ch->heap : ch->inline_data;
  ch->from = ch->given + k;
  ch->to = ch->from + k;
  ch->out = ch->to + k;
}

int kn_anim_chan_new(kn_animator *A, int node, const void *object, int key, int n) {
  int id, k = n > 0 ? n : 1, *link;
  kn_chan *ch;
  double *d;
  if (k <= 1) {
    d = NULL;
  } else {
    if ((size_t)k > SIZE_MAX / (4 * sizeof(double))) return -1;
    d = (double *)malloc(4 * (size_t)k * sizeof(double));
    if (d == NULL) return -1;
  }
  if (A->freechan >= 0) {
    id = A->freechan;
    A->freechan = A->chans[id].next;
  } else {
    kn_chan *before = A->chans;
    int i;
    if (!grow((void **)&A->chans, &A->capchans, A->nchans + 1, sizeof(kn_chan))) {
      free(d);
      return -1;
    }
    if (A->chans != before)              /* inline arrays moved with their channels */
      for (i = 0; i < A->nchans; i++) chan_point(&A->chans[i]);
    id = A->nchans++;
  }
  ch = &A->chans[id];
  memset(ch, 0, sizeof *ch);
  ch->node = node;
  ch->next = -1;
  ch->n = n;
  ch->object = object;
  ch->key = key;
  ch->displaced = -1;
  ch->heap = d;
  chan_point(ch);
  for (link = &A->nodes[node].chan; *link >= 0; link = &A->chans[*link].next) {}
  *link = id;
  A->nodes[node].nchan++;
  return id;
}

int kn_anim_chan_resize(kn_animator *A, int c, int n) {
  kn_chan *ch = &A->chans[c];
  double *d = (size_t)n > SIZE_MAX / (4 * sizeof(double)) ? NULL
              : (double *)malloc(4 * (size_t)n * sizeof(double));
  double g = ch->given[0];
  int i;
  if (d == NULL) return 0;
  if (ch->spring != NULL) {
    kn_spring *old = ch->spring, *s = (kn_spring *)calloc(1, kn_spring_size(n));
    if (s == NULL) { free(d); return 0; }
    for (i = 0; i < 4 * n; i++) d[i] = 0.0;
    kn_spring_init(s, n, &old->model, old->integrator, old->clamp, old->rest_delta,
                   old->rest_speed, d, d, d);
    free(old);
    ch->spring = s;
  }
  for (i = 0; i < n; i++) d[i] = g;
  for (i = n; i < 2 * n; i++) d[i] = ch->from[0];   /* a spring's velocity option */
  free(ch->heap);
  ch->heap = d;
  ch->n = n;
  chan_point(ch);
  return 1;
}

int kn_anim_root_add(kn_animator *A, int node) {
  if (!grow((void **)&A->roots, &A->caproots, A->nroots + 1, sizeof(int))) return 0;
  A->roots[A->nroots++] = node;
  return 1;
}

int kn_anim_kid_add(kn_animator *A, int group, int child) {
  kn_node *g = &A->nodes[group];
  double off = A->nodes[child].offset;
  int i;
  if (!grow((void **)&g->kids, &g->capkids, g->nkids + 1, sizeof(int))) return 0;
  for (i = g->nkids; i > 0 && A->nodes[g->kids[i - 1]].offset > off; i--)
    g->kids[i] = g->kids[i - 1];
  g->kids[i] = child;
  g->nkids++;
  A->nodes[child].parent = group;
  return 1;
}

int kn_anim_event(kn_animator *A, int node, int kind, double time) {
  kn_event *e;
  if (!grow((void **)&A->events, &A->capevents, A->nevents + 1, sizeof(kn_event))) return 0;
  e = &A->events[A->nevents++];
  e->time = time;
  e->node = node;
  e->gen = A->nodes[node].gen;
  e->kind = kind;
  e->order = A->nodes[node].order;
  e->n = 0.0;
  return 1;
}

static int event_before(const kn_event *a, const kn_event *b) {
  if (a->time != b->time) return a->time < b->time;
  if (a->kind != b->kind) return a->kind < b->kind;
  return a->order < b->order;
}

/* Insertion sort: stable, and the events of a frame come nearly sorted. */
void kn_anim_sort_events(kn_animator *A, int first) {
  int i, j;
  for (i = first + 1; i < A->nevents; i++) {
    kn_event e = A->events[i];
    for (j = i; j > first && event_before(&e, &A->events[j - 1]); j--)
      A->events[j] = A->events[j - 1];
    A->events[j] = e;
  }
}

/* ---- drivers' hash ------------------------------------------------------ */

static size_t hash_of(const void *object, int key) {
  uint64_t h = (uint64_t)(uintptr_t)object * 0x9E3779B97F4A7C15u;
  h ^= (uint64_t)(unsigned)key * 0xC2B2AE3D27D4EB4Fu;
  return (size_t)(h ^ (h >> 29));
}

/* Slot of (object, key), or of the empty slot where it would go. */
static struct kn_hslot *hash_find(const kn_animator *A, const void *object, int key) {
  size_t m = (size_t)A->hcap - 1, i = hash_of(object, key) & m;
  for (;; i = (i + 1) & m) {
    struct kn_hslot *s = &A->hash[i];
    if (s->chan < 0 || (s->object == object && s->key == key)) return s;
  }
}

static int hash_grow(kn_animator *A) {
  int i, old = A->hcap, cap = old ? old * 2 : 64;
  struct kn_hslot *prev = A->hash, *h;
  h = (struct kn_hslot *)malloc((size_t)cap * sizeof *h);
  if (h == NULL) return 0;
  for (i = 0; i < cap; i++) h[i].chan = -1;
  A->hash = h;
  A->hcap = cap;
  for (i = 0; i < old; i++)
    if (prev[i].chan >= 0) *hash_find(A, prev[i].object, prev[i].key) = prev[i];
  free(prev);
  return 1;
}

/* Remove slot s, moving later entries of its cluster back (linear probing's
   deletion without tombstones). */
static void hash_delete(kn_animator *A, struct kn_hslot *s) {
  size_t m = (size_t)A->hcap - 1, i = (size_t)(s - A->hash), j = i;
  for (;;) {
    size_t home;
    A->hash[i].chan = -1;
    for (;;) {
      j = (j + 1) & m;
      if (A->hash[j].chan < 0) { A->hused--; return; }
      home = hash_of(A->hash[j].object, A->hash[j].key) & m;
      /* j's entry may move to i when its home is not in (i, j] cyclically */
      if (i <= j ? (home <= i || home > j) : (home <= i && home > j)) break;
    }
    A->hash[i] = A->hash[j];
    i = j;
  }
}

int kn_anim_driver(const kn_animator *A, const void *object, int key) {
  if (A->hcap == 0) return -1;
  return hash_find(A, object, key)->chan;
}

int kn_anim_find_chan(const kn_animator *A, int node, const void *object, int key) {
  int c;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next)
    if (A->chans[c].object == object && A->chans[c].key == key) return c;
  return -1;
}

int kn_anim_root_of(const kn_animator *A, int node) {
  while (A->nodes[node].parent >= 0) node = A->nodes[node].parent;
  return node;
}

int kn_anim_rival(const kn_animator *A, int c) {
  const kn_chan *ch = &A->chans[c];
  int root = kn_anim_root_of(A, ch->node), d = kn_anim_driver(A, ch->object, ch->key);
  for (; d >= 0; d = A->chans[d].displaced)
    if (d != c && kn_anim_root_of(A, A->chans[d].node) != root) return d;
  return -1;
}

int kn_anim_drive(kn_animator *A, int c) {
  kn_chan *ch = &A->chans[c];
  struct kn_hslot *s;
  if ((A->hused + 1) * 4 > A->hcap * 3 && !hash_grow(A)) return 0;
  s = hash_find(A, ch->object, ch->key);
  if (s->chan < 0) {
    A->hused++;
    ch->displaced = -1;
  } else if (s->chan != c) {
    ch->displaced = s->chan;
  }
  s->object = ch->object;
  s->key = ch->key;
  s->chan = c;
  ch->flags |= KN_CH_STARTED;
  return 1;
}

void kn_anim_chan_release(kn_animator *A, int c) {
  kn_chan *ch = &A->chans[c];
  if (ch->flags & KN_CH_STARTED && A->hcap > 0) {
    struct kn_hslot *s = hash_find(A, ch->object, ch->key);
    if (s->chan == c) {
      if (ch->displaced >= 0) s->chan = ch->displaced;
      else hash_delete(A, s);
    } else if (s->chan >= 0) {
      int d = s->chan;     /* unlink c from the list of displaced drivers */
      while (d >= 0 && A->chans[d].displaced != c) d = A->chans[d].displaced;
      if (d >= 0) A->chans[d].displaced = ch->displaced;
    }
  }
  ch->flags &= ~KN_CH_STARTED;
  ch->displaced = -1;
  if (ch->object != NULL) {
    ch->object = NULL;
    A->nodes[ch->node].nchan--;
  }
}

/* ---- freeing ------------------------------------------------------------ */

void kn_anim_node_free(kn_animator *A, int node) {
  kn_node *nd = &A->nodes[node];
  int c = nd->chan, i;
  if (nd->state == KN_NODE_FREE) return;
  while (c >= 0) {
    kn_chan *ch = &A->chans[c];
    int next = ch->next;
    kn_anim_chan_release(A, c);
    chan_storage_free(ch);
    ch->node = -1;
    ch->next = A->freechan;
    A->freechan = c;
    c = next;
  }
  for (i = 0; i < nd->nkids; i++) kn_anim_node_free(A, nd->kids[i]);
  for (i = nd->chain; i >= 0;) {
    int next = A->nodes[i].chain_next;
    kn_anim_node_free(A, i);
    i = next;
  }
  nd = &A->nodes[node];
  free(nd->kids);
  free(nd->fling);
  nd->fling = NULL;
  free(nd->follow);
  nd->follow = NULL;
  if (nd->shake != NULL) free(nd->shake->amp);
  free(nd->shake);
  nd->shake = NULL;
  free(nd->round_set);
  nd->round_set = NULL;
  nd->round.set = NULL;
  nd->round.nset = 0;
  nd->round.q = 0.0;
  nd->kids = NULL;
  nd->nkids = nd->capkids = 0;
  nd->state = KN_NODE_FREE;
  nd->chan = -1;
  nd->chain = -1;
  nd->gen++;
  nd->chain_next = A->freenode;
  A->freenode = node;
}

void kn_anim_roots_compact(kn_animator *A) {
  int i, j = 0;
  for (i = 0; i < A->nroots; i++)
    if (A->nodes[A->roots[i]].state == KN_NODE_LIVE) A->roots[j++] = A->roots[i];
  A->nroots = j;
}

/* ---- values --------------------------------------------------------------- */

/* outQuad, the default easing (Penner's; flux's quadout). */
static double out_quad(double p) { return p * (2.0 - p); }

static double ease(const kn_easing *e, double p) {
  return e != NULL ? kn_easing_eval(e, p, 0) : out_quad(p);
}

void kn_anim_tween_eval(kn_animator *A, int node, double t) {
  kn_node *nd = &A->nodes[node];
  const kn_path *seen = NULL;
  double pass, seen_u = 0.0, xya[3] = { 0.0, 0.0, 0.0 };
  int phase, c, yoyo;
  double u = kn_span_local(&nd->span, t, &pass, &phase), f;
  if (nd->follow != NULL) {               /* each channel its follower's position */
    int j = 0;
    double v;
    for (c = nd->chan; c >= 0; c = A->chans[c].next, j++) {
      if (A->chans[c].object == NULL) continue;
      kn_follower_at(&nd->follow[j], u, A->chans[c].out, &v);
      kn_anim_round_out(A, c);
    }
    return;
  }
  if (nd->shake != NULL) {                /* base + amp (1 - E(p)) noise */
    const kn_shake *s = nd->shake;
    double p = kn_span_progress(&nd->span, u, pass), env = 1.0 - ease(nd->easing, p);
    int j = 0;
    for (c = nd->chan; c >= 0; c = A->chans[c].next, j++) {
      kn_chan *ch = &A->chans[c];
      if (ch->object == NULL) continue;
      ch->out[0] = p >= 1.0 ? ch->from[0]
                 : ch->from[0] + s->amp[j] * env * kn_noise(s->frequency * u, s->seed + s->k[j]);
      kn_anim_round_out(A, c);
    }
    return;
  }
  if (nd->fling != NULL) {
    double v;
    c = nd->chan;
    if (c >= 0 && A->chans[c].object != NULL) {
      kn_fling_at(nd->fling, u, A->chans[c].out, &v);
      kn_anim_round_out(A, c);
    }
    return;
  }
  yoyo = (nd->user & KN_AN_YOYO) && kn_span_backward(&nd->span, pass);
  if (yoyo) f = ease(nd->yoyo, 1.0 - kn_span_progress(&nd->span, u, pass));
  else f = ease(nd->easing, kn_span_progress(&nd->span, u, pass));
  for (c = nd->chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    const double *a = yoyo ? ch->to : ch->from, *b = yoyo ? ch->from : ch->to;
    int i;
    if (ch->object == NULL) continue;
    ch->out[0] = kn_lerp(a[0], b[0], f);
    if (ch->path != NULL) {          /* the node's x, y and angle: one point */
      if (ch->path != seen || ch->out[0] != seen_u) {
        seen = ch->path;
        seen_u = ch->out[0];
        kn_path_at(seen, seen_u, &xya[0], &xya[1], &xya[2], NULL);
      }
      ch->out[0] = xya[ch->part];
      kn_anim_round_out(A, c);
      continue;
    }
    for (i = 1; i < ch->n; i++) ch->out[i] = kn_lerp(a[i], b[i], f);
    kn_anim_round_out(A, c);
  }
}

/* One-sided difference quotient of E at p with step h (signed). */
static double quotient(const kn_easing *e, double p, double ep, double h) {
  return (ease(e, p + h) - ep) / h;
}

void kn_anim_tween_velocity(const kn_animator *A, int c, double rate, double *v) {
  const kn_chan *ch = &A->chans[c];
  const kn_node *nd = &A->nodes[ch->node];
  double pass, h = 0x1p-12, slope, T = nd->span.duration, ep, d1, d2, d4;
  int phase, i, k = ch->n > 0 ? ch->n : 1;
  double u = kn_span_local(&nd->span, nd->clock, &pass, &phase);
  double p = kn_span_progress(&nd->span, u, pass);
  if (phase != 0 || !(T > 0.0) || nd->shake != NULL) {   /* not moving: in its delay or
                                                            ended; a shake: none */
    for (i = 0; i < k; i++) v[i] = 0.0;
    return;
  }
  if (nd->fling != NULL || nd->follow != NULL) {   /* the motion's own velocity */
    double x;
    if (nd->fling != NULL) kn_fling_at(nd->fling, u, &x, v);
    else kn_follower_at(kn_anim_follower(A, c), u, &x, v);
    v[0] *= rate;
    return;
  }
  if (p + 3.0 * h > 1.0) h = -h;
  ep = ease(nd->easing, p);
  d1 = quotient(nd->easing, p, ep, h);
  d2 = quotient(nd->easing, p, ep, h / 2);
  d4 = quotient(nd->easing, p, ep, h / 4);
  slope = (4.0 * (2.0 * d4 - d2) - (2.0 * d2 - d1)) / 3.0;
  /* a reverse pass runs the easing backwards */
  if (kn_span_backward(&nd->span, pass)) slope = -slope;
  if (ch->path != NULL) {              /* d part / du at the point shown */
    double x, y, a, d[3];
    kn_path_at(ch->path, kn_lerp(ch->from[0], ch->to[0], ep), &x, &y, &a, d);
    slope *= d[ch->part];
  }
  for (i = 0; i < k; i++) v[i] = slope * (ch->to[i] - ch->from[i]) / T * rate;
}

/* ---- stagger ------------------------------------------------------------- */

void kn_stagger(int n, int from, double index, double total,
                const kn_easing *e, const int *perm, double *delays) {
  double o, dmin = HUGE_VAL, dmax = -HUGE_VAL;
  int i;
  switch (from) {
    case KN_STAGGER_CENTER: case KN_STAGGER_EDGES: o = n * 0.5 - 0.5; break;
    case KN_STAGGER_END: o = n * 1.0 - 0.5; break;
    case KN_STAGGER_INDEX: o = index - 1.0; break;
    default: o = -0.5; break;
  }
  for (i = 0; i < n; i++) {
    double d = fabs(i - o);
    if (d < dmin) dmin = d;
    if (d > dmax) dmax = d;
  }
  for (i = 0; i < n; i++) {
    int j = (from == KN_STAGGER_RANDOM && perm != NULL) ? perm[i] : i;
    double l = dmax > dmin ? (fabs(j - o) - dmin) / (dmax - dmin) : 0.0;
    if (from == KN_STAGGER_EDGES) l = 1.0 - l;
    delays[i] = (e != NULL ? kn_easing_eval(e, l, 0) : l) * total;
  }
}
