/*
** anim_make.c -- building an animator's nodes: the spans of the kinds
** (a spring's endless one, a group's from its children's offsets, a
** sequence's growing with each child placed), the springs of a spring
** node's channels, a retarget's new targets and motion, the chain a node
** joins, the stagger's random order, and the reasons a control refuses a
** node.  The binding reads the caller's values into numbers and calls
** these; the model and the clock rule are animator.h's.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "animator.h"
#include "color.h"
#include "fling.h"
#include "follower.h"
#include "spring.h"
#include "timeline.h"

/* ---- the methods' options --------------------------------------------------- */

const char *const kn_anim_opt_names[KN_OPT_COUNT] = {
  "easing", "delay", "iterations", "after", "stagger", "on_start", "on_update",
  "on_complete", "rotate", "fields", "color_space", "hue", "round", "repeat_delay",
  "on_repeat", "yoyo_ease", "velocity"
};
const char *const kn_anim_tween_options[] = {
  "easing", "delay", "iterations", "after", "stagger", "on_start", "on_update",
  "on_complete", "rotate", "fields", "color_space", "hue", "round", "repeat_delay",
  "on_repeat", "yoyo_ease", NULL
};
const char *const kn_anim_spring_options[] = {
  "delay", "stagger", "on_start", "on_update", "on_complete", "velocity",
  "color_space", "hue", "round", "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset",
  "integrator", "rest_delta", "rest_speed", "clamp", NULL
};
const char *const kn_anim_follow_options[] = {
  "max_acceleration", "max_speed", "delay", "on_start", "on_update", "on_complete", "round", NULL
};
const char *const kn_anim_shake_options[] = {
  "amplitude", "frequency", "duration", "seed", "decay", "delay", "on_start", "on_update",
  "on_complete", "round", NULL
};
const char *const kn_anim_stagger_options[] = { "each", "amount", "from", "easing", NULL };
const char *const kn_anim_sequence_options[] = {
  "iterations", "after", "delay", "on_start", "on_update", "on_complete", "repeat_delay",
  "on_repeat", NULL
};
const char *const kn_anim_fling_options[4][15] = {
  { "kind", "on_start", "on_update", "on_complete", "round", "power", "time_constant", "min",
    "max", "snap", "bounce_stiffness", "bounce_damping", "rest_delta", "rest_speed", NULL },
  { "kind", "on_start", "on_update", "on_complete", "round", "min", "max", "spring", NULL },
  { "kind", "on_start", "on_update", "on_complete", "round", "friction", NULL },
  { "kind", "on_start", "on_update", "on_complete", "round", "friction_multiplier", "threshold",
    NULL }
};

unsigned kn_anim_opt_bits(const char *const *known, unsigned present) {
  unsigned bits = 0;
  int i, j;
  if (known == kn_anim_tween_options) return present;   /* the KN_OPT_* order */
  for (i = 0; present != 0; i++, present >>= 1) {
    if (!(present & 1u)) continue;
    for (j = 0; j < KN_OPT_COUNT && strcmp(known[i], kn_anim_opt_names[j]) != 0; j++) {}
    if (j < KN_OPT_COUNT) bits |= 1u << j;
  }
  return bits;
}

int kn_stagger_from_find(const char *s) {
  static const char froms[6][8] = { "start", "center", "end", "edges", "index", "random" };
  int i;
  for (i = 0; i < 6; i++)
    if (i != KN_STAGGER_INDEX && strcmp(s, froms[i]) == 0) return i;
  return -1;
}

/* ---- rounding ------------------------------------------------------------------ */

int kn_anim_set_round(kn_animator *A, int node, double q, const double *set, int nset) {
  kn_node *nd = &A->nodes[node];
  double *own = NULL;
  if (nset > 0) {
    own = (double *)malloc((size_t)nset * sizeof(double));
    if (own == NULL) return 0;
    memcpy(own, set, (size_t)nset * sizeof(double));
  }
  free(nd->round_set);
  nd->round_set = own;
  nd->round.q = q;
  nd->round.set = own;
  nd->round.nset = nset;
  return 1;
}

void kn_anim_round_out(kn_animator *A, int c) {
  kn_chan *ch = &A->chans[c];
  kn_round_values(&A->nodes[ch->node].round, ch->out, ch->n > 0 ? ch->n : 1);
}

/* ---- spans and placement ---------------------------------------------------- */

/* A spring has no duration: it ends when it rests.  Its span runs from
   the delay on without end (duration and total HUGE_VAL). */
static void endless_span(kn_span *s, double delay) {
  kn_span_init(s, delay, 0.0, 1.0, KN_AFTER_STOP);
  s->duration = HUGE_VAL;
  s->total = HUGE_VAL;
}

int kn_anim_group_add(kn_animator *A, int group, int child, double offset) {
  A->nodes[child].offset = offset;
  return kn_anim_kid_add(A, group, child);
}

void kn_anim_group_span(kn_animator *A, int group, int springs, double length,
                        double delay, double iterations, int after) {
  kn_node *g = &A->nodes[group];
  double end = 0.0;
  int i;
  if (springs) {
    g->user |= KN_AN_SPRINGS;
    kn_span_init(&g->span, delay, HUGE_VAL, 1.0, KN_AFTER_STOP);
    g->span.total = HUGE_VAL;
    return;
  }
  for (i = 0; i < g->nkids; i++) {
    double off = A->nodes[g->kids[i]].offset;
    if (off + length > end) end = off + length;
  }
  kn_span_init(&g->span, delay, end, iterations, after);
}

int kn_anim_place(kn_animator *A, int seq, int child, double t) {
  kn_node *c = &A->nodes[child], *s;
  double len;
  kn_span_init(&c->span, 0.0, c->span.duration, c->span.iterations, c->span.after);
  c->offset = t;
  len = c->kind == KN_NODE_CALL ? 0.0 : c->span.total;
  if (!kn_anim_kid_add(A, seq, child)) return 0;
  s = &A->nodes[seq];
  if (t + len > s->span.duration)
    kn_span_init(&s->span, s->span.delay, t + len, s->span.iterations, s->span.after);
  s->placed = child + 1;
  return 1;
}

/* A child's span and offset stay as placed: the controls that would
   change them refuse a sequence's child. */
double kn_anim_seq_mark(const kn_animator *A, int seq, int end) {
  const kn_node *c;
  if (A->nodes[seq].placed == 0) return 0.0;
  c = &A->nodes[A->nodes[seq].placed - 1];
  if (!end) return c->offset;
  return c->offset + (c->kind == KN_NODE_CALL ? 0.0 : c->span.total);
}

void kn_anim_chain(kn_animator *A, int node, int next) {
  int *link;
  A->nodes[next].state = KN_NODE_CHAINED;
  for (link = &A->nodes[node].chain; *link >= 0; link = &A->nodes[*link].chain_next) {}
  *link = next;
}

int kn_anim_fling_node(kn_animator *A, int node, const kn_fling *motion) {
  kn_fling *f = (kn_fling *)malloc(sizeof *f);
  if (f == NULL) return 0;
  *f = *motion;
  A->nodes[node].fling = f;
  kn_span_init(&A->nodes[node].span, 0.0, motion->end, 1.0, KN_AFTER_STOP);
  return 1;
}

/* ---- shakes --------------------------------------------------------------------- */

int kn_anim_shake_node(kn_animator *A, int node, double frequency, double seed,
                       const double *amp, const double *k) {
  kn_node *nd = &A->nodes[node];
  int c, n = 0;
  kn_shake *s = (kn_shake *)malloc(sizeof *s);
  for (c = nd->chan; c >= 0; c = A->chans[c].next) n++;
  if (s == NULL) return 0;
  s->amp = (double *)malloc((size_t)(2 * (n > 0 ? n : 1)) * sizeof(double));
  if (s->amp == NULL) { free(s); return 0; }
  s->k = s->amp + n;
  memcpy(s->amp, amp, (size_t)n * sizeof(double));
  memcpy(s->k, k, (size_t)n * sizeof(double));
  s->frequency = frequency;
  s->seed = seed;
  nd->shake = s;
  return 1;
}

/* ---- followers ------------------------------------------------------------------ */

int kn_anim_follow_node(kn_animator *A, int node, double a, double v) {
  kn_node *nd = &A->nodes[node];
  int c, n = 0;
  for (c = nd->chan; c >= 0; c = A->chans[c].next) n++;
  nd->follow = (kn_follower *)calloc((size_t)(n > 0 ? n : 1), sizeof(kn_follower));
  if (nd->follow == NULL) return 0;
  nd->follow_a = a;
  nd->follow_v = v;
  endless_span(&nd->span, nd->span.delay);
  return 1;
}

void kn_anim_follow_limits(kn_animator *A, int node, double a, double v) {
  kn_node *nd = &A->nodes[node];
  int c, j = 0;
  nd->follow_a = a;
  nd->follow_v = v;
  if (!nd->started) return;
  for (c = nd->chan; c >= 0; c = A->chans[c].next, j++) {
    nd->follow[j].max_acceleration = a;
    nd->follow[j].max_speed = v;
  }
}

kn_follower *kn_anim_follower(const kn_animator *A, int c) {
  const kn_node *nd = &A->nodes[A->chans[c].node];
  int d, j = 0;
  for (d = nd->chan; d != c; d = A->chans[d].next) j++;
  return &nd->follow[j];
}

void kn_anim_follow_span(kn_animator *A, int node) {
  kn_node *nd = &A->nodes[node];
  double end = 0.0;
  int c, j = 0;
  for (c = nd->chan; c >= 0; c = A->chans[c].next, j++) {
    const kn_follower *f = &nd->follow[j];
    double e = f->start + f->t[f->n];
    if (A->chans[c].object != NULL && e > end) end = e;
  }
  kn_span_init(&nd->span, nd->span.delay, end, 1.0, KN_AFTER_STOP);
}

int kn_anim_follow_retarget(kn_animator *A, int c, double t) {
  kn_node *nd = &A->nodes[A->chans[c].node];
  kn_follower *f = kn_anim_follower(A, c);
  double pass, u;
  int phase;
  u = kn_span_local(&nd->span, nd->clock, &pass, &phase);
  f->time = u;
  if (kn_follower_set_target(f, t)) return 0;
  A->chans[c].to[0] = t;
  kn_anim_follow_span(A, A->chans[c].node);
  return 1;
}

/* ---- springs ------------------------------------------------------------------ */

int kn_anim_spring_node(kn_animator *A, int node, const kn_spring_model *m, int integrator,
                        int clamp, double rest_delta, double rest_speed) {
  int c;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    int k = ch->n > 0 ? ch->n : 1, i;
    kn_spring *s = (kn_spring *)calloc(1, kn_spring_size(k));
    if (s == NULL) return 0;
    ch->spring = s;
    for (i = 0; i < k; i++) ch->from[i] = 0.0;
    kn_spring_init(s, k, m, integrator, clamp, rest_delta, rest_speed, ch->from, ch->from,
                   ch->from);
  }
  endless_span(&A->nodes[node].span, 0.0);
  return 1;
}

void kn_anim_chan_motion(kn_animator *A, int c, const kn_spring_model *m, int integrator,
                         int clamp, double rest_delta, double rest_speed) {
  kn_spring *s = A->chans[c].spring;
  s->model = *m;
  s->integrator = integrator;
  s->clamp = clamp;
  s->rest_delta = rest_delta;
  s->rest_speed = rest_speed;
  s->coefs_dt = -1;                        /* the coefficients are the old model's */
}

void kn_anim_retarget(kn_animator *A, int c, double *t, int rel) {
  kn_chan *ch = &A->chans[c];
  int k = ch->n > 0 ? ch->n : 1, i;
  if (ch->flags & KN_CH_STARTED) {
    if (rel) for (i = 0; i < k; i++) t[i] += KN_SPRING_SLOT(ch->spring, KN_SP_TARGET)[i];
    (void)kn_spring_set_target(ch->spring, t);
  } else if (rel) {
    for (i = 0; i < k; i++) ch->given[i] += t[i];
  } else {
    memcpy(ch->given, t, (size_t)k * sizeof(double));
    ch->flags &= ~KN_CH_RELATIVE;
  }
}

/* ---- colours ------------------------------------------------------------------ */

void kn_anim_color_start(kn_animator *A, int c, const kn_color *cur, const kn_color *given) {
  kn_chan *ch = &A->chans[c];
  double *a = ch->spring != NULL ? ch->out : ch->from;
  if (ch->flags & KN_CH_FROM) kn_color_mix_ends(given, cur, ch->color - 1, ch->hue, a, ch->to);
  else kn_color_mix_ends(cur, given, ch->color - 1, ch->hue, a, ch->to);
  if (ch->spring == NULL) memcpy(ch->out, a, 4 * sizeof(double));
}

void kn_anim_color_retarget(kn_animator *A, int c, const kn_color *given) {
  kn_spring *s = A->chans[c].spring;
  int space = A->chans[c].color - 1, i;
  const double *x = KN_SPRING_SLOT(s, KN_SP_X);
  kn_color cur;
  double pa[4], pb[4], t[4];
  kn_color_mix_at(x, space, &cur);
  kn_color_mix_ends(&cur, given, space, A->chans[c].hue, pa, pb);
  /* the same step from where the spring is (its hue may be a turn away) */
  for (i = 0; i < 4; i++) t[i] = x[i] + (pb[i] - pa[i]);
  (void)kn_spring_set_target(s, t);
}

/* ---- stagger's order ---------------------------------------------------------- */

void kn_anim_shuffle(uint64_t *rng, int n, int *perm) {
  int i;
  for (i = 0; i < n; i++) perm[i] = i;
  for (i = n - 1; i > 0; i--) {
    uint64_t x = *rng;
    int j, t;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    *rng = x;
    j = (int)(x % (uint64_t)(i + 1));
    t = perm[i]; perm[i] = perm[j]; perm[j] = t;
  }
}

/* ---- controls ----------------------------------------------------------------- */

/* A spring node, or a group of springs: it ends when it rests. */
static int springlike(const kn_node *nd) {
  return nd->kind == KN_NODE_SPRING || (nd->user & KN_AN_SPRINGS);
}

const char *kn_anim_reason(int err) {
  static const char *const why[] = {
    "", "animation has not started (it follows another)",
    "endless animation (iterations = inf)", "animation has started",
    "a spring has no timeline to seek"
  };
  return err > 0 && err < (int)(sizeof why / sizeof why[0]) ? why[err] : "";
}

int kn_anim_finishing(const kn_animator *A, int node, int *op) {
  const kn_node *nd = &A->nodes[node];
  *op = KN_FINISH_NONE;
  if (nd->state == KN_NODE_CHAINED) return KN_ANIM_ECHAINED;
  if (nd->state != KN_NODE_LIVE) return KN_ANIM_OK;
  if (springlike(nd)) {
    *op = KN_FINISH_SNAP;
    return KN_ANIM_OK;
  }
  if (nd->span.total == HUGE_VAL) return KN_ANIM_EENDLESS;
  *op = KN_FINISH_ADVANCE;
  return KN_ANIM_OK;
}

int kn_anim_set_delay(kn_animator *A, int node, double d) {
  kn_node *nd = &A->nodes[node];
  if (nd->started) return KN_ANIM_ESTARTED;
  if (springlike(nd)) nd->span.delay = d;
  else kn_span_init(&nd->span, d, nd->span.duration, nd->span.iterations, nd->span.after);
  return KN_ANIM_OK;
}

int kn_anim_seekable(const kn_animator *A, int node) {
  return springlike(&A->nodes[node]) ? KN_ANIM_ENOTIMELINE : KN_ANIM_OK;
}

const char *kn_anim_state_name(const kn_animator *A, int node) {
  const kn_node *nd = node >= 0 ? &A->nodes[node] : NULL;
  return nd == NULL || nd->state == KN_NODE_DONE ? "done"
       : nd->paused ? "paused"
       : nd->state == KN_NODE_CHAINED || !nd->started ? "waiting" : "running";
}
