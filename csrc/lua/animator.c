/*
** animator.c -- kinetic.animator: animations that drive the fields of the
** caller's objects, advanced by one update a frame.
**
** A frame (anim:update(dt)) runs in two phases.  The loop phase first
** starts the top-level nodes whose delay was over when the frame began
** (they read their fields before anything moves, as flux's newest-first
** loop reads them), then advances every top-level node by dt (times its
** scales), starting those whose delay ends inside the frame and writing
** every driven field.  It runs under lua_pcall with `busy` set, so that
** Lua code it reaches (a field's metamethods, a Lua easing) can neither
** change the store under it nor leave it half-way: where such code
** raises, the node it belongs to is stopped and the loop resumes with the
** next one (a group's child runs protected on its own, so its siblings
** go on).  The callback phase then fires the frame's events in time
** order.  Nodes that ended are freed after both, so an event never names
** a reused slot.  Under LuaJIT the FFI step (lk_anim_ffi_step) advances
** first, in C, the nodes that need no Lua, and the loop phase takes the
** others.
*/
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lanimator.h"
#include "fling.h"
#include "path.h"
#include "color.h"
#include "easing.h"
#include "spring.h"
#include "timeline.h"

#define KIDS_MAX_PASSES 64.0  /* an update crossing more passes of a group
                                 sweeps the last 64 (a bounded frame) */

/* ---- the Lua side ------------------------------------------------------ */

void lk_anim_frame(lua_State *L, lk_animator *P, int uvidx, lk_frame *F) {
  luaL_checkstack(L, 24, "animator");
  lk_getuservalue(L, uvidx);
  F->L = L;
  F->P = P;
  F->step = -1.0;
  F->whole = 0;
  F->nkeyed = 0;
  F->uv = lua_gettop(L);
  lua_rawgeti(L, F->uv, UV_TARGETS);
  F->targets = lua_gettop(L);
  lua_rawgeti(L, F->uv, UV_KEYS);
  F->keys = lua_gettop(L);
  P->L = L;
  P->uv = F->uv;
}

void lk_anim_push_handle(lk_frame *F, int node) {
  lua_rawgeti(F->L, F->uv, UV_HANDLES);
  lua_rawgeti(F->L, -1, node + 1);
  lua_remove(F->L, -2);
}

/* extras of node pushed (nil when it has none). */
static void push_extras(lk_frame *F, int node) {
  lua_rawgeti(F->L, F->uv, UV_EXTRAS);
  lua_rawgeti(F->L, -1, node + 1);
  lua_remove(F->L, -2);
}

void lk_anim_need_extras(lk_frame *F, int node) {
  lua_State *L = F->L;
  push_extras(F, node);
  if (!lua_isnil(L, -1)) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_rawgeti(L, F->uv, UV_EXTRAS);
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, node + 1);
  lua_pop(L, 1);
}

/* Record msg (on top, popped) as the frame's error unless one is there. */
static void record_error(lk_frame *F) {
  lua_State *L = F->L;
  lua_rawgeti(L, F->uv, UV_ERROR);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_rawseti(L, F->uv, UV_ERROR);
  } else {
    lua_pop(L, 2);
  }
}

const char *lk_anim_kind_name(int kind, unsigned user) {
  static const char names[4][8] = { "tween", "spring", "group", "call" };
  return (user & AN_SEQUENCE) ? "sequence" : names[kind & 3];
}

static const char *kind_name(const kn_node *nd) {
  return lk_anim_kind_name(nd->kind, nd->user);
}

/* ---- Lua easings ---------------------------------------------------------- */

/* A tween eased by a Lua function has a kn_easing of kind KN_E_CALLBACK
   calling lua_ease: the core evaluates it as any easing.  The function
   runs on the lua_State of the method that runs the core (P->L), under
   lua_pcall; an error or a result that is not a finite number is recorded
   as the frame's error, the node is stopped, and the core gets p. */
typedef struct ease_ctx { lk_animator *P; int node; } ease_ctx;

static double lua_ease(void *ctx, double p) {
  ease_ctx *c = (ease_ctx *)ctx;
  lk_animator *P = c->P;
  lua_State *L = P->L;
  kn_node *nd = &P->A.nodes[c->node];
  if (nd->user & AN_STOPPED) return p;
  lua_rawgeti(L, P->uv, UV_EXTRAS);
  lua_rawgeti(L, -1, c->node + 1);
  lua_getfield(L, -1, "ease");
  lua_pushnumber(L, (lua_Number)p);
  if (lua_pcall(L, 1, 1, 0) == 0) {
    if (lua_type(L, -1) == LUA_TNUMBER && isfinite((double)lua_tonumber(L, -1))) {
      double x = (double)lua_tonumber(L, -1);
      lua_pop(L, 3);
      return x;
    }
    lua_pushfstring(L, "%s: the easing function of a %s returned %s (finite number "
                    "expected; the animation is removed)", P->verb, kind_name(nd), lk_typename(L, -1));
  } else {
    lua_pushfstring(L, "%s: the easing function of a %s raised (the animation is "
                    "removed): %s", P->verb, kind_name(nd),
                    lua_isstring(L, -1) ? lua_tostring(L, -1) : lk_typename(L, -1));
  }
  lua_rawgeti(L, P->uv, UV_ERROR);         /* the first error of the frame wins */
  if (lua_isnil(L, -1)) { lua_pop(L, 1); lua_rawseti(L, P->uv, UV_ERROR); }
  else lua_pop(L, 2);
  lua_pop(L, 3);
  P->A.nodes[c->node].user |= AN_STOPPED;
  return p;
}

void lk_anim_set_easing(lk_frame *F, int node, int idx, int arg, const char *fname) {
  lua_State *L = F->L;
  kn_node *nd;
  idx = lk_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TFUNCTION) {
    size_t head = kn_easing_size(0);
    kn_easing *e = (kn_easing *)lk_newuserdata(L, head + sizeof(ease_ctx));
    ease_ctx *c = (ease_ctx *)(void *)((char *)e + head);
    c->P = F->P;
    c->node = node;
    kn_easing_init_callback(e, lua_ease, c);
    lk_anim_need_extras(F, node);
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "ease");
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "ease_ud");
    lua_pop(L, 2);
    nd = &F->P->A.nodes[node];
    nd->easing = e;
    nd->user |= AN_LUA_EASE;
    return;
  }
  {
    const kn_easing *e = lk_toeasing(L, idx);
    if (e == NULL)
      lk_argerror(L, arg, lua_pushfstring(L, "%s%s", fname ? "field 'easing': " : "",
                                          lua_tostring(L, -1)));
    lk_anim_need_extras(F, node);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "ease_ud");
    lua_pop(L, 2);
    nd = &F->P->A.nodes[node];
    nd->easing = e;
    nd->user &= ~AN_LUA_EASE;
  }
}

void lk_anim_set_callback(lk_frame *F, int node, const char *kind, int idx, int replace) {
  lua_State *L = F->L;
  unsigned bit = kind[3] == 's' ? AN_ON_START : kind[3] == 'u' ? AN_ON_UPDATE : AN_ON_COMPLETE;
  idx = lk_absindex(L, idx);
  lk_anim_need_extras(F, node);
  lua_getfield(L, -1, kind);
  if (replace || lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_createtable(L, 1, 0);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, kind);
  }
  lua_pushvalue(L, idx);
  lua_rawseti(L, -2, (int)lk_rawlen(L, -2) + 1);
  lua_pop(L, 2);
  F->P->A.nodes[node].user |= bit;
}

/* ---- reading start values ------------------------------------------------ */

/* Push object.key of channel c; a table without a metatable marks the
   channel KN_CH_DIRECT (the FFI path's loop may write it). */
/* Mark channel c KN_CH_DIRECT when its object is a table without a
   metatable (the FFI path's loop may write it). */
static void mark_direct(lk_frame *F, int c) {
  lua_State *L = F->L;
  lua_rawgeti(L, F->targets, c + 1);
  if (lua_type(L, -1) == LUA_TTABLE && !lua_getmetatable(L, -1))
    F->P->A.chans[c].flags |= KN_CH_DIRECT;
  else if (lua_type(L, -1) == LUA_TTABLE)
    lua_pop(L, 1);
  lua_pop(L, 1);
}

/* Push object.key of channel c, marking it as mark_direct does. */
static void push_field(lk_frame *F, int c) {
  lua_State *L = F->L;
  mark_direct(F, c);
  lua_rawgeti(L, F->targets, c + 1);
  lua_rawgeti(L, F->keys, c + 1);
  lua_gettable(L, -2);
  lua_remove(L, -2);
}

/* Read channel c's field into its out[k]; 0 with the message on top when
   it is not what the channel drives.  (No pointer into the store is held
   across the read: its metamethods may run.) */
static int read_field(lk_frame *F, int c) {
  lua_State *L = F->L;
  kn_chan *ch = &F->P->A.chans[c];
  int i, n = ch->n;
  push_field(F, c);
  if (ch->color) {                           /* colour_read pops the value */
    if (lk_anim_color_read(F, c)) return 1;
    lua_remove(L, -2);
    return 0;
  }
  if (n == 0 && (ch->flags & KN_CH_RELATIVE) && lua_type(L, -1) == LUA_TTABLE &&
      lk_rawlen(L, -1) > 0 && lk_rawlen(L, -1) <= INT_MAX / 8) {
    n = (int)lk_rawlen(L, -1);              /* "+=n" on an array: every item */
    if (!kn_anim_chan_resize(&F->P->A, c, n)) luaL_error(L, "not enough memory");
  }
  ch = &F->P->A.chans[c];
  if (n == 0) {
    if (lua_type(L, -1) == LUA_TNUMBER && isfinite((double)lua_tonumber(L, -1))) {
      ch->out[0] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
      return 1;
    }
    lua_pushfstring(L, "finite number expected, got %s", lk_typename(L, -1));
  } else if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pushfstring(L, "array of %d numbers expected, got %s", n, lk_typename(L, -1));
  } else if ((int)lk_rawlen(L, -1) != n) {
    lua_pushfstring(L, "array of %d numbers expected, got %d items", n, (int)lk_rawlen(L, -1));
  } else {
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, -1, i + 1);
      if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1))) break;
      ch->out[i] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
    if (i == n) { lua_pop(L, 1); return 1; }
    lua_pushfstring(L, "item %d: finite number expected, got %s", i + 1, lk_typename(L, -1));
    lua_remove(L, -2);
  }
  lua_remove(L, -2);
  return 0;
}

/* The node ends without on_complete: an error, or no field left.  A child
   only stops taking part in its group. */
static void end_quietly(lk_frame *F, int node) {
  kn_node *nd = &F->P->A.nodes[node];
  if (nd->state == KN_NODE_LIVE || nd->state == KN_NODE_CHAINED) lk_anim_stop(F, node);
}

/* Record "field 'x' of a tween's target: <msg on top>" and end the node. */
static void field_error(lk_frame *F, int node, int c) {
  lua_State *L = F->L;
  kn_node *nd = &F->P->A.nodes[node];
  lua_rawgeti(L, F->keys, c + 1);
  lua_pushfstring(L, "%s: field '%s' of a %s's target: %s (the animation is removed)",
                  F->P->verb, lua_tostring(L, -1), kind_name(nd), lua_tostring(L, -2));
  lua_remove(L, -2);
  lua_remove(L, -2);
  record_error(F);
  end_quietly(F, node);
}

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
   the velocity of the one that was driving. */
static int take_over(lk_frame *F, int c, double *v) {
  kn_animator *A = &F->P->A;
  int r, inherited = 0;
  while ((r = kn_anim_rival(A, c)) >= 0) {
    int owner = A->chans[r].node;
    if (!inherited && v != NULL && A->chans[c].spring != NULL)
      inherited = inherit_velocity(A, c, r, v);
    kn_anim_chan_release(A, r);
    if (lk_anim_fieldless(A, kn_anim_root_of(A, owner)))
      end_quietly(F, kn_anim_root_of(A, owner));
  }
  if (!kn_anim_drive(A, c)) luaL_error(F->L, "not enough memory");
  return inherited;
}

/* The start of channel c: from and to of a tween, the state of a spring;
   its out holds the field's value. */
static void start_chan(lk_frame *F, int c) {
  kn_chan *ch = &F->P->A.chans[c];
  const double *cur = ch->out;               /* the field as read_field found it */
  int k = ch->n > 0 ? ch->n : 1, i;
  if (ch->path != NULL) {                    /* the fraction of its length: 0 to 1 */
    ch->from[0] = (ch->flags & KN_CH_FROM) ? 1.0 : 0.0;
    ch->to[0] = 1.0 - ch->from[0];
    (void)take_over(F, c, NULL);
    return;
  }
  if (ch->spring != NULL) {
    kn_spring *s = ch->spring;
    for (i = 0; i < k && !ch->color; i++)     /* a colour's ends are set */
      ch->to[i] = (ch->flags & KN_CH_RELATIVE) ? cur[i] + ch->given[i] : ch->given[i];
    (void)take_over(F, c, ch->from);         /* from: the velocity option, or inherited */
    ch = &F->P->A.chans[c];
    kn_spring_init(s, k, &s->model, s->integrator, s->clamp, s->rest_delta,
                   s->rest_speed, ch->out, ch->to, ch->from);
    return;
  }
  if (ch->color) {
    (void)take_over(F, c, NULL);
    return;
  }
  for (i = 0; i < k; i++) {
    double g = (ch->flags & KN_CH_RELATIVE) ? cur[i] + ch->given[i] : ch->given[i];
    if (ch->flags & KN_CH_FROM) { ch->from[i] = g; ch->to[i] = cur[i]; }
    else { ch->from[i] = cur[i]; ch->to[i] = g; }
  }
  (void)take_over(F, c, NULL);
}

/* Start node: read every field, then take them over.  0 when the node
   was ended by a bad field. */
static int start_node(lk_frame *F, int node, double tau) {
  kn_animator *A = &F->P->A;
  int c;
  A->nodes[node].started = 1;
  if (A->nodes[node].kind != KN_NODE_GROUP) {
    for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
      if (A->chans[c].object == NULL) continue;
      if (A->chans[c].path != NULL) mark_direct(F, c);   /* it writes, reads nothing */
      else if (!read_field(F, c)) { field_error(F, node, c); return 0; }
      start_chan(F, c);
    }
  }
  if (A->nodes[node].user & AN_ON_START) kn_anim_event(A, node, KN_EV_START, tau);
  return A->nodes[node].state == KN_NODE_LIVE;
}

/* ---- writing -------------------------------------------------------------- */

/* Push the field name of channel c. */
static void push_key(lk_frame *F, const kn_chan *ch, int c) {
  if (ch->key <= F->nkeyed) lua_pushvalue(F->L, F->keybase + ch->key - 1);
  else lua_rawgeti(F->L, F->keys, c + 1);
}

/* object.key = out of channel c, the object on top (left there). */
static void write_field(lk_frame *F, int c) {
  lua_State *L = F->L;
  kn_chan *ch = &F->P->A.chans[c];
  int i, n = ch->n;
  push_key(F, ch, c);
  if (ch->color) {
    lk_anim_color_write(F, c);
    return;
  }
  if (n == 0) {
    lua_pushnumber(L, (lua_Number)ch->out[0]);
    lua_settable(L, -3);
    return;
  }
  lua_gettable(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (i = 0; i < n; i++) {
      lua_pushnumber(L, (lua_Number)ch->out[i]);
      lua_rawseti(L, -2, i + 1);
    }
  }
  lua_pop(L, 1);
}

static void write_chan(lk_frame *F, int c) {
  lua_rawgeti(F->L, F->targets, c + 1);
  write_field(F, c);
  lua_pop(F->L, 1);
}

/* Every field of node: all of a node's channels share its object. */
static void write_node(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  int c, pushed = 0;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    if (A->chans[c].object == NULL) continue;
    if (!pushed) { lua_rawgeti(F->L, F->targets, c + 1); pushed = 1; }
    write_field(F, c);
  }
  if (pushed) lua_pop(F->L, 1);
}

/* Put the first field names on the stack for the frame's writes. */
static void push_keys(lk_frame *F) {
  lua_State *L = F->L;
  int i, n = F->P->nkeys < LK_KEYS_ON_STACK ? F->P->nkeys : LK_KEYS_ON_STACK;
  luaL_checkstack(L, n + 8, "animator");
  lua_rawgeti(L, F->uv, UV_KEYNAMES);
  F->keybase = lua_gettop(L) + 1;
  for (i = 1; i <= n; i++) lua_rawgeti(L, F->keybase - 1, i);
  F->nkeyed = n;
}

/* ---- advancing -------------------------------------------------------- */

/* A spring node advanced by dt; 1 when every field is at rest. */
static int spring_step(lk_frame *F, int node, double dt) {
  kn_animator *A = &F->P->A;
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
      lua_pushfstring(F->L, "%s: a spring's state overflowed; it is put on its target", F->P->verb);
      record_error(F);
    }
    memcpy(ch->out, KN_SPRING_SLOT(s, KN_SP_X), (size_t)k * sizeof(double));
    write_chan(F, c);
    if (!A->chans[c].spring->at_rest) moving = 1;
  }
  return !moving;
}

/* The node's group children are all done (a group of springs). */
static int kids_done(kn_animator *A, int node) {
  int i;
  for (i = 0; i < A->nodes[node].nkids; i++)
    if (A->nodes[A->nodes[node].kids[i]].state == KN_NODE_LIVE) return 0;
  return 1;
}

/* Length of a child within its group's iteration. */
static double kid_length(const kn_node *k) {
  if (k->kind == KN_NODE_SPRING || (k->user & AN_SPRINGS)) return HUGE_VAL;
  if (k->kind == KN_NODE_CALL) return 0.0;
  return k->span.total;
}

static double clampd(double x, double lo, double hi) {
  return x < lo ? lo : x > hi ? hi : x;
}

/* Whether node's Lua side is only plain tables, which no read or write
   can make raise: every field started, of a table without a metatable. */
static int plain_node(const kn_animator *A, int node) {
  const kn_node *nd = &A->nodes[node];
  int c, i;
  for (c = nd->chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    if (ch->object != NULL && (ch->flags & (KN_CH_STARTED | KN_CH_DIRECT)) !=
                              (KN_CH_STARTED | KN_CH_DIRECT))
      return 0;
  }
  for (i = 0; i < nd->nkids; i++)
    if (!plain_node(A, nd->kids[i])) return 0;
  return 1;
}

/* UV_KIDCALL: lk_anim_advance under lua_pcall (1 animator, 2 node, 3-6
   t0, t1, tau0, tau1), for a child whose fields' metamethods may raise. */
static int kid_call(lua_State *L) {
  lk_animator *P = (lk_animator *)lua_touserdata(L, 1);
  lk_frame F;
  lk_anim_frame(L, P, 1, &F);
  lk_anim_advance(&F, (int)lua_tointeger(L, 2), (double)lua_tonumber(L, 3),
                  (double)lua_tonumber(L, 4), (double)lua_tonumber(L, 5),
                  (double)lua_tonumber(L, 6));
  return 0;
}

/* Advance child k of a group.  Where a field's metamethod may run, the
   child runs protected: when it raises, that child (or the node below it
   that raised) is stopped and the error recorded for update to raise, and
   the sweep goes on with the group's other children -- so none is skipped
   and none is crossed twice. */
static void advance_kid(lk_frame *F, int k, double t0, double t1, double tau0,
                        double tau1) {
  lua_State *L = F->L;
  lk_animator *P = F->P;
  int outer = P->current;
  if (plain_node(&P->A, k)) {
    lk_anim_advance(F, k, t0, t1, tau0, tau1);
    return;
  }
  lua_rawgeti(L, F->uv, UV_KIDCALL);
  lua_rawgeti(L, F->uv, UV_SELF);
  lua_pushinteger(L, (lua_Integer)k);
  lua_pushnumber(L, (lua_Number)t0);
  lua_pushnumber(L, (lua_Number)t1);
  lua_pushnumber(L, (lua_Number)tau0);
  lua_pushnumber(L, (lua_Number)tau1);
  if (lua_pcall(L, 6, 0, 0) != 0) {
    int culprit = P->current >= 0 ? P->current : k;
    record_error(F);
    lk_anim_stop(F, culprit);
  }
  P->L = L;                                /* the callee's frame is gone */
  P->uv = F->uv;
  P->current = outer;
}

/* The children of group g crossed by its local time moving from ua to ub
   (frame times taua, taub); inclusive: ua itself counts (a pass begins). */
static void sweep_kids(lk_frame *F, int g, double ua, double ub, int inclusive,
                       double taua, double taub) {
  kn_animator *A = &F->P->A;
  int fwd = ub >= ua, j, n = A->nodes[g].nkids;
  double slope = ub != ua ? (taub - taua) / (ub - ua) : 0.0;
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
      kn_anim_event(A, k, KN_EV_CALL, taua + (s - ua) * slope);
      continue;
    }
    /* a spring of a group of springs (a top-level group, at the rate of the
       frame) that was moving when the frame began moves the whole step */
    F->whole = (A->nodes[g].user & AN_SPRINGS) && A->nodes[g].parent < 0 && ua >= s &&
               ua > 0.0;
    advance_kid(F, k, ca, cb, taua + (s + ca - ua) * slope, taua + (s + cb - ua) * slope);
  }
}

/* One pass c of group g swept from unmirrored local time va to vb (frame
   times taua, taub): mirrored on a reverse pass, skipped on the passes
   after the first of "stop" (they show the end). */
static void sweep_pass(lk_frame *F, int g, const kn_span *sp, double c, double va,
                       double vb, int inclusive, double taua, double taub) {
  double T = sp->duration;
  if (sp->after == KN_AFTER_STOP && c >= 1.0) return;
  if (kn_span_backward(sp, c)) { va = T - va; vb = T - vb; }
  sweep_kids(F, g, va, vb, inclusive, taua, taub);
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
static void sweep_group(lk_frame *F, int g, double t0, double t1, double tau0,
                        double tau1) {
  kn_animator *A = &F->P->A;
  kn_span sp = A->nodes[g].span;
  double T = sp.duration, d = sp.delay, p0, p1, v0, v1, c, rate, between;
  int dir = t1 >= t0 ? 1 : -1, inclusive = !(A->nodes[g].user & AN_SWEPT), i, n;
  double ta = clampd(t0, d, sp.total);
  A->nodes[g].user |= AN_SWEPT;
  t1 = clampd(t1, d, sp.total);
  rate = t1 != t0 ? (tau1 - tau0) / (t1 - t0) : 0.0;
#define TAU(t) (tau0 + ((t) - t0) * rate)
  if (!(T > 0.0) || T == HUGE_VAL) {             /* one pass, no turning */
    double u0 = T > 0.0 ? ta - d : 0.0, u1 = T > 0.0 ? t1 - d : 0.0;
    if (T > 0.0 || inclusive) sweep_kids(F, g, u0, u1, inclusive, TAU(ta), tau1);
    return;
  }
  v0 = pass_time(&sp, ta, &p0);
  v1 = pass_time(&sp, t1, &p1);
  if (p0 == p1) {
    sweep_pass(F, g, &sp, p0, v0, v1, inclusive, TAU(ta), tau1);
    return;
  }
  sweep_pass(F, g, &sp, p0, v0, dir > 0 ? T : 0.0, inclusive, TAU(ta),
             TAU(d + (dir > 0 ? p0 + 1.0 : p0) * T));
  between = (p1 - p0) * dir - 1.0;            /* whole passes crossed */
  n = between > KIDS_MAX_PASSES ? (int)KIDS_MAX_PASSES : (int)between;   /* the last n */
  for (i = 0; i < n; i++) {
    c = p1 - dir * (double)(n - i);
    sweep_pass(F, g, &sp, c, dir > 0 ? 0.0 : T, dir > 0 ? T : 0.0,
               sp.after == KN_AFTER_RESTART && dir > 0, TAU(d + (dir > 0 ? c : c + 1.0) * T),
               TAU(d + (dir > 0 ? c + 1.0 : c) * T));
  }
  sweep_pass(F, g, &sp, p1, dir > 0 ? 0.0 : T, v1, sp.after == KN_AFTER_RESTART && dir > 0,
             TAU(d + (dir > 0 ? p1 : p1 + 1.0) * T), tau1);
#undef TAU
}

/* A top-level node completed at frame time tau: DONE, on_complete, and
   its chained nodes join the roots from tau on. */
static void complete_root(lk_frame *F, int node, double tau) {
  kn_animator *A = &F->P->A;
  int ch = A->nodes[node].chain;
  A->nodes[node].state = KN_NODE_DONE;
  A->nodes[node].chain = -1;
  if (A->nodes[node].user & AN_ON_COMPLETE) kn_anim_event(A, node, KN_EV_DONE, tau);
  while (ch >= 0) {
    int next = A->nodes[ch].chain_next;
    kn_node *c = &A->nodes[ch];
    /* one stopped while it waited, or left with no field (anim:stop on its
       target), joins as DONE: the frame's end frees it, it never plays */
    c->state = c->state == KN_NODE_DONE || lk_anim_fieldless(A, ch) ? KN_NODE_DONE
                                                                      : KN_NODE_LIVE;
    c->chain_next = -1;
    c->frame_start = tau;
    c->clock = 0.0;
    if (!kn_anim_root_add(A, ch)) luaL_error(F->L, "not enough memory");
    ch = next;
  }
}

/* Whether node finished in this move: the end crossed going forward (a
   spring or a group of springs: every field at rest). */
static int finished(kn_animator *A, int node, double t0, double t1, int rested) {
  kn_node *nd = &A->nodes[node];
  if (nd->kind == KN_NODE_SPRING) return rested;
  if (nd->user & AN_SPRINGS) return kids_done(A, node);
  if (t1 < nd->span.total || t1 < t0) return 0;
  return nd->parent < 0 || t0 < nd->span.total || nd->span.total == 0.0;
}

void lk_anim_advance(lk_frame *F, int node, double t0, double t1, double tau0,
                     double tau1) {
  kn_animator *A = &F->P->A;
  kn_node *nd = &A->nodes[node];
  double d = nd->span.delay, rate;
  double ts = t0 > d ? t0 : d;
  int rested = 0, outer = F->P->current;
  if (t1 < d || (!nd->started && t1 < t0)) { nd->clock = t1; return; }
  F->P->current = node;
  if (!nd->started) {
    rate = t1 != t0 ? (tau1 - tau0) / (t1 - t0) : 0.0;   /* node time -> frame time */
    if (!start_node(F, node, tau0 + (ts - t0) * rate)) { F->P->current = outer; return; }
  } else if (nd->user & AN_START_DUE) {
    nd->user &= ~AN_START_DUE;
    if (nd->user & AN_ON_START) kn_anim_event(A, node, KN_EV_START, tau0);
  }
  switch (A->nodes[node].kind) {
    case KN_NODE_TWEEN:
      kn_anim_tween_eval(A, node, t1);
      if (A->nodes[node].user & AN_STOPPED) {   /* its Lua easing failed: it ends here */
        A->nodes[node].user &= ~AN_STOPPED;
        lk_anim_stop(F, node);
        F->P->current = outer;
        return;
      }
      write_node(F, node);
      break;
    case KN_NODE_SPRING:   /* a spring moving the whole frame moves by its exact step */
      rested = spring_step(F, node, F->step >= 0.0 && (A->nodes[node].parent < 0
                                    ? t0 >= d : F->whole) ? F->step : t1 - ts);
      break;
    default:
      sweep_group(F, node, t0, t1, tau0, tau1);
      break;
  }
  F->P->current = outer;
  nd = &A->nodes[node];
  nd->clock = t1;
  if (nd->state != KN_NODE_LIVE || (nd->user & AN_STOPPED)) return;
  if (nd->user & AN_ON_UPDATE) kn_anim_event(A, node, KN_EV_UPDATE, tau1);
  if (F->P->seeking || !finished(A, node, t0, t1, rested)) return;
  rate = t1 != t0 ? (tau1 - tau0) / (t1 - t0) : 0.0;
  if (nd->parent >= 0) {
    if (nd->kind == KN_NODE_SPRING || (nd->user & AN_SPRINGS)) nd->state = KN_NODE_DONE;
    if (nd->user & AN_ON_COMPLETE)
      kn_anim_event(A, node, KN_EV_DONE, tau0 + (nd->span.total - t0) * rate);
    return;
  }
  complete_root(F, node, nd->kind != KN_NODE_SPRING && nd->span.total < HUGE_VAL
                ? tau0 + (nd->span.total - t0) * rate : tau1);
}

/* ---- progress and finish -------------------------------------------------- */

double lk_anim_progress(lk_animator *P, int node) {
  kn_animator *A = &P->A;
  kn_node *nd = &A->nodes[node];
  double pass, u, worst = 0.0;
  int phase, c, i;
  if (nd->user & AN_SPRINGS) return kids_done(A, node) ? 1.0 : 0.0;
  if (!nd->started) return 0.0;
  if (nd->kind == KN_NODE_SPRING) {     /* 1 - the largest share of distance left */
    for (c = nd->chan; c >= 0; c = A->chans[c].next) {
      kn_spring *s = A->chans[c].spring;
      if (A->chans[c].object == NULL || s->at_rest) continue;
      for (i = 0; i < s->n; i++) {
        double tg = KN_SPRING_SLOT(s, KN_SP_TARGET)[i];
        double d0 = fabs(KN_SPRING_SLOT(s, KN_SP_FROM)[i] - tg);
        double d = fabs(KN_SPRING_SLOT(s, KN_SP_X)[i] - tg);
        if (d0 > 0.0 && d / d0 > worst) worst = d / d0;
      }
    }
    return 1.0 - worst;
  }
  u = kn_span_local(&nd->span, nd->clock, &pass, &phase);
  return phase < 0 ? 0.0 : kn_span_progress(&nd->span, u, pass);
}

/* Start (if it has not) and put every spring of node on its target. */
static int snap_springs(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  int c;
  if (!A->nodes[node].started && !start_node(F, node, 0.0)) return 0;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    if (ch->object == NULL) continue;
    kn_spring_reset_on_target(ch->spring);
    memcpy(ch->out, KN_SPRING_SLOT(ch->spring, KN_SP_X),
           (size_t)ch->spring->n * sizeof(double));
  }
  return 1;
}

void lk_anim_snap(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  int i;
  double t;
  if (A->nodes[node].user & AN_SPRINGS) {
    if (!A->nodes[node].started) (void)start_node(F, node, 0.0);   /* its on_start */
    for (i = 0; i < A->nodes[node].nkids; i++) {
      int k = A->nodes[node].kids[i];
      if (A->nodes[k].state != KN_NODE_LIVE || !snap_springs(F, k)) continue;
      write_node(F, k);
      A->nodes[k].state = KN_NODE_DONE;
    }
  } else if (!snap_springs(F, node)) {
    return;
  }
  t = A->nodes[node].clock > A->nodes[node].span.delay ? A->nodes[node].clock
                                                       : A->nodes[node].span.delay;
  lk_anim_advance(F, node, t, t, 0.0, 0.0);
}

/* ---- ending and freeing ------------------------------------------------ */

int lk_anim_fieldless(kn_animator *A, int node) {
  kn_node *nd = &A->nodes[node];
  int c, i;
  if (nd->kind == KN_NODE_CALL) return 0;
  for (c = nd->chan; c >= 0; c = A->chans[c].next)
    if (A->chans[c].object != NULL) return 0;
  for (i = 0; i < nd->nkids; i++)
    if (!lk_anim_fieldless(A, nd->kids[i])) return 0;
  return nd->kind != KN_NODE_GROUP || nd->nkids > 0 || !(nd->user & AN_SEQUENCE);
}

/* Clear the Lua slots of node and of everything below it; its handle
   keeps the final time and progress. */
static void clear_slots(lk_frame *F, int node) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  int c, i;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    lua_pushnil(L); lua_rawseti(L, F->targets, c + 1);
    lua_pushnil(L); lua_rawseti(L, F->keys, c + 1);
    if (A->chans[c].path != NULL) {
      lua_rawgeti(L, F->uv, UV_VALUES); lua_pushnil(L); lua_rawseti(L, -2, c + 1);
      lua_pop(L, 1);
    }
  }
  lk_anim_push_handle(F, node);
  if (lua_type(L, -1) == LUA_TUSERDATA) {
    lk_handle *h = (lk_handle *)lua_touserdata(L, -1);
    h->ended = 1;
    h->time = A->nodes[node].clock;
    h->progress = lk_anim_progress(F->P, node);
  }
  lua_pop(L, 1);
  lua_rawgeti(L, F->uv, UV_HANDLES); lua_pushnil(L); lua_rawseti(L, -2, node + 1);
  lua_rawgeti(L, F->uv, UV_EXTRAS); lua_pushnil(L); lua_rawseti(L, -2, node + 1);
  lua_pop(L, 2);
  for (i = 0; i < A->nodes[node].nkids; i++) clear_slots(F, A->nodes[node].kids[i]);
  for (i = A->nodes[node].chain; i >= 0; i = A->nodes[i].chain_next) clear_slots(F, i);
}

static void free_node(lk_frame *F, int node) {
  clear_slots(F, node);
  kn_anim_node_free(&F->P->A, node);
}

void lk_anim_stop(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  int c, i, ch;
  if (A->nodes[node].state == KN_NODE_FREE || A->nodes[node].state == KN_NODE_DONE) return;
  A->nodes[node].user |= AN_STOPPED;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) kn_anim_chan_release(A, c);
  for (i = 0; i < A->nodes[node].nkids; i++) lk_anim_stop(F, A->nodes[node].kids[i]);
  ch = A->nodes[node].chain;               /* the after chain goes with it */
  A->nodes[node].chain = -1;
  while (ch >= 0) {
    int next = A->nodes[ch].chain_next;
    A->nodes[ch].state = KN_NODE_DONE;
    free_node(F, ch);
    ch = next;
  }
  A->nodes[node].state = KN_NODE_DONE;
}

void lk_anim_collect(lk_frame *F) {
  kn_animator *A = &F->P->A;
  int i;
  if (A->updating) return;
  for (i = 0; i < A->nroots; i++)
    if (A->nodes[A->roots[i]].state == KN_NODE_DONE) free_node(F, A->roots[i]);
  kn_anim_roots_compact(A);
}

void lk_anim_raise_pending(lk_frame *F) {
  lua_State *L = F->L;
  lua_rawgeti(L, F->uv, UV_ERROR);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return; }
  lua_pushnil(L);
  lua_rawseti(L, F->uv, UV_ERROR);
  lua_error(L);
}

static int count_live(const kn_animator *A) {
  int i, n = 0;
  for (i = 0; i < A->nroots; i++) n += A->nodes[A->roots[i]].state == KN_NODE_LIVE;
  return n;
}

/* ---- callbacks ------------------------------------------------------------ */

static const char *const event_fields[4] = { "on_start", "on_update", "on_complete", "fn" };

/* Call every function of the event (its handle as argument; a sequence's
   call gets the sequence); 0 with the error on top when one raised. */
static int fire_one(lk_frame *F, const kn_event *e) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  int i, n, base = lua_gettop(L), who = e->node;
  if (e->kind == KN_EV_CALL && A->nodes[who].parent >= 0) who = A->nodes[who].parent;
  push_extras(F, e->node);
  if (lua_isnil(L, -1)) { lua_settop(L, base); return 1; }
  lua_getfield(L, -1, event_fields[e->kind]);
  if (lua_type(L, -1) == LUA_TFUNCTION) {     /* a call: one function */
    lua_createtable(L, 1, 0);
    lua_insert(L, -2);
    lua_rawseti(L, -2, 1);
  }
  n = lua_type(L, -1) == LUA_TTABLE ? (int)lk_rawlen(L, -1) : 0;
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    lk_anim_push_handle(F, who);
    if (lua_pcall(L, 1, 0, 0) != 0) {
      lua_replace(L, base + 1);
      lua_settop(L, base + 1);
      return 0;
    }
  }
  lua_settop(L, base);
  return 1;
}

/* Whether event e still fires: its node is the one it was made for, and
   was not stopped since. */
static int event_live(const kn_animator *A, const kn_event *e) {
  const kn_node *nd;
  if (e->node < 0) return 0;               /* fired already (a:finish()) */
  nd = &A->nodes[e->node];
  return nd->gen == e->gen && nd->state != KN_NODE_FREE && !(nd->user & AN_STOPPED);
}

int lk_anim_fire_pending(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  int i;
  for (i = F->P->fire_next; i < A->nevents; i++) {
    kn_event e = A->events[i];
    if (e.node != node || !event_live(A, &e)) continue;
    A->events[i].node = -1;
    if (!fire_one(F, &e)) return 0;
  }
  return 1;
}

int lk_anim_fire(lk_frame *F, int first) {
  kn_animator *A = &F->P->A;
  int i, outer = F->P->fire_next;
  kn_anim_sort_events(A, first);
  for (i = first; i < A->nevents; i++) {
    kn_event e = A->events[i];
    if (!event_live(A, &e)) continue;
    F->P->fire_next = i + 1;
    if (!fire_one(F, &e)) { A->nevents = first; F->P->fire_next = outer; return 0; }
  }
  A->nevents = first;
  F->P->fire_next = outer;
  return 1;
}

/* ---- update ---------------------------------------------------------------- */

lk_animator *lk_anim_check(lua_State *L, int arg) {
  return (lk_animator *)lk_checkobject(L, arg, KN_ANIMATOR);
}

/* The animator at 1 for the methods registered with lk_setfastmethods
   (the class's metatable is their upvalue 1). */
lk_animator *lk_anim_self(lua_State *L) {
  lk_animator *P = (lk_animator *)lk_fastobject(L, 1);
  return P != NULL ? P : lk_anim_check(L, 1);
}

/* Start node at the frame's start if its delay is over by then (and, for
   a group, its children placed at or before where it stands): they read
   their fields before any animation moves in the frame. */
static void prestart(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  kn_node *nd = &A->nodes[node];
  int i;
  if (nd->state != KN_NODE_LIVE || nd->clock < nd->span.delay || nd->kind == KN_NODE_CALL)
    return;
  if (!nd->started) {
    F->P->current = node;
    if (!start_node(F, node, 0.0)) return;
  }
  nd = &A->nodes[node];
  if (nd->kind == KN_NODE_GROUP && !(nd->user & AN_SWEPT))   /* a group not yet played */
    for (i = 0; i < A->nodes[node].nkids; i++) {
      int k = A->nodes[node].kids[i];
      if (A->nodes[k].offset <= A->nodes[node].clock - A->nodes[node].span.delay)
        prestart(F, k);
    }
  F->P->current = -1;
}

/* The loop phase (under lua_pcall): 1 animator, 2 dt, 3 the first root
   to take (0, or the one after a root whose Lua code raised), 4 true:
   only the roots the FFI step deferred, and those joining in this frame,
   5 the step: 0 starts the roots whose delay was over when the frame
   began (they read their fields as the frame finds them, before any
   animation moves, and take them over: flux's order), 1 advances. */
static int frame_loop(lua_State *L) {
  lk_animator *P = (lk_animator *)lua_touserdata(L, 1);
  kn_animator *A = &P->A;
  double dt = (double)lua_tonumber(L, 2);
  int i = (int)lua_tointeger(L, 3), rest = lua_toboolean(L, 4);
  int n0 = rest ? P->step_roots : A->nroots;
  int starts = lua_tointeger(L, 5) == 0, waiting = 0;
  lk_frame F;
  lk_anim_frame(L, P, 1, &F);
  push_keys(&F);
  P->busy = 1;
  if (i == 0 && !rest && !starts)          /* every root moves from the frame's start */
    for (; i < A->nroots; i++) A->nodes[A->roots[i]].frame_start = 0.0;
  for (i = (int)lua_tointeger(L, 3); i < A->nroots; i++) {   /* chained nodes join */
    int id = A->roots[i];
    kn_node *nd = &A->nodes[id];
    double rate = nd->scale * A->scale, tau0 = nd->frame_start, t0 = nd->clock, t1;
    if (nd->state != KN_NODE_LIVE || nd->paused) continue;
    if (rest && i < n0 && !(nd->user & AN_DEFERRED)) continue;
    P->loop_i = i;
    if (starts) {
      if (i >= n0) break;
      if (!nd->started || (nd->kind == KN_NODE_GROUP && !(nd->user & AN_SWEPT))) {
        prestart(&F, id);
        waiting += !A->nodes[id].started;
      }
      continue;
    }
    F.step = (dt - tau0) * rate;
    t1 = t0 + F.step;
    if (!(t1 <= DBL_MAX)) t1 = DBL_MAX;
    if (t1 > nd->span.total) t1 = nd->span.total;
    lk_anim_advance(&F, id, t0, t1, tau0,
                    t1 == t0 + F.step || !(rate > 0.0) ? dt : tau0 + (t1 - t0) / rate);
  }
  if (starts && waiting == 0) P->starts_due = 0;   /* none left to start */
  P->busy = 0;
  return 0;
}

/* The loop phase's two steps, each resumed after a root whose Lua code (a
   field's metamethod) raised: that animation -- the innermost node being
   started or advanced -- is stopped, every other one goes on.  Returns 1,
   or 0 with the first error at stack index `err` (kept there). */
static int run_loop(lua_State *L, lk_frame *F, double dt, int err, int rest) {
  lk_animator *P = F->P;
  int from = 0, ok = 1, step;
  for (step = P->starts_due ? 0 : 1; step < 2; step++, from = 0) {
    for (;;) {
      P->current = -1;
      lua_rawgeti(L, F->uv, UV_LOOP);
      lua_pushvalue(L, 1);
      lua_pushnumber(L, (lua_Number)dt);
      lua_pushinteger(L, (lua_Integer)from);
      lua_pushboolean(L, rest);
      lua_pushinteger(L, (lua_Integer)step);
      if (lua_pcall(L, 5, 0, 0) == 0) break;
      P->busy = 0;
      if (ok) lua_replace(L, err); else lua_pop(L, 1);
      ok = 0;
      if (P->current < 0) break;           /* not a node's Lua code: stop here */
      lk_anim_stop(F, P->current);
      from = P->loop_i + 1;
    }
  }
  P->busy = 0;
  P->L = L;
  P->uv = F->uv;
  return ok;
}

/* anim:update(dt) (rest = 0), or the rest of a frame the FFI step began
   (rest = 1): the loop phase, then the callbacks, then the frame's error
   (a field's metamethod or a callback raised; a field or a Lua easing gave
   what it must not). */
static int update(lua_State *L, int rest) {
  lk_animator *P = rest ? lk_anim_check(L, 1) : lk_anim_self(L);
  double dt = lk_checknonneg(L, 2);
  lk_frame F;
  if (P->A.updating || P->busy) return lk_anim_self_error(L, "update already running");
  lua_settop(L, 3);                        /* 3: the loop phase's error */
  lk_anim_frame(L, P, 1, &F);
  if (!P->A.paused) {
    int ok, fired;
    P->A.updating = 1;
    if (!rest) P->A.frames++;              /* (the FFI step counted its frame) */
    ok = run_loop(L, &F, dt, 3, rest);
    fired = lk_anim_fire(&F, 0);
    P->A.updating = 0;
    lk_anim_collect(&F);
    if (!fired || !ok) {                   /* one error an update: the first */
      if (!fired && !ok) lua_pop(L, 1);    /* the loop's came first */
      lua_pushnil(L);
      lua_rawseti(L, F.uv, UV_ERROR);
      if (!ok) lua_settop(L, 3);
      return lua_error(L);
    }
  }
  lk_anim_raise_pending(&F);
  lua_pushinteger(L, (lua_Integer)count_live(&P->A));
  return 1;
}

static int animator_update(lua_State *L) { return update(L, 0); }
int lk_anim_rest(lua_State *L) { return update(L, 1); }

/* ---- the FFI step ------------------------------------------------------------ */

/* Flag AN_BLOCKED every other root driving a field that a channel of node
   (or below it) not yet started may take over in this frame: the classic
   update would start it before they write, so they go with it. */
static void block_rivals(kn_animator *A, int node) {
  int c, i, root = kn_anim_root_of(A, node);
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    int d;
    if (ch->object == NULL || (ch->flags & KN_CH_STARTED)) continue;
    d = kn_anim_driver(A, ch->object, ch->key);
    if (d >= 0 && kn_anim_root_of(A, A->chans[d].node) != root)
      A->nodes[kn_anim_root_of(A, A->chans[d].node)].user |= AN_BLOCKED;
  }
  for (i = 0; i < A->nodes[node].nkids; i++) block_rivals(A, A->nodes[node].kids[i]);
}

/* Whether root node, moving to t1, needs no Lua in this frame. */
static int pure(const kn_animator *A, int node, double t1) {
  const kn_node *nd = &A->nodes[node];
  int c;
  if (nd->kind != KN_NODE_TWEEN || (nd->user & (AN_ON_START | AN_ON_UPDATE |
      AN_ON_COMPLETE | AN_LUA_EASE | AN_START_DUE | AN_BLOCKED)))
    return 0;
  if (t1 < nd->span.delay) return 1;               /* waiting: the clock alone */
  if (!nd->started) return 0;
  if (!(t1 < nd->span.total)) return 0;             /* it ends: classic */
  for (c = nd->chan; c >= 0; c = A->chans[c].next) {
    const kn_chan *ch = &A->chans[c];
    if (ch->object != NULL && (ch->n != 0 || !(ch->flags & KN_CH_DIRECT))) return 0;
  }
  return 1;
}

int lk_anim_ffi_step(lk_animator *P, double dt, int *counts, int *ids, double *vals,
                     int cap) {
  kn_animator *A = &P->A;
  int i, nw = 0, ndef = 0;
  if (A->updating || P->busy || A->paused) return -1;
  if (cap < A->nchans) {                   /* room for every channel's write */
    counts[0] = A->nchans;
    return -2;
  }
  A->frames++;
  P->step_roots = A->nroots;
  for (i = 0; i < A->nroots; i++) {
    kn_node *nd = &A->nodes[A->roots[i]];
    nd->frame_start = 0.0;
    nd->user &= ~(AN_DEFERRED | AN_BLOCKED);
  }
  for (i = 0; i < A->nroots; i++) {       /* the starting nodes block their rivals */
    kn_node *nd = &A->nodes[A->roots[i]];
    if (nd->state == KN_NODE_LIVE && (nd->kind == KN_NODE_GROUP || !nd->started))
      block_rivals(A, A->roots[i]);
  }
  for (i = 0; i < A->nroots; i++) {
    int id = A->roots[i], c;
    kn_node *nd = &A->nodes[id];
    double t1 = nd->clock + dt * (nd->scale * A->scale);
    if (nd->state != KN_NODE_LIVE || nd->paused) continue;
    if (!(t1 <= DBL_MAX)) t1 = DBL_MAX;
    if (t1 > nd->span.total) t1 = nd->span.total;
    if (!pure(A, id, t1)) { nd->user |= AN_DEFERRED; ndef++; continue; }
    nd->clock = t1;
    if (t1 < nd->span.delay) continue;     /* waiting (or sought back into its delay) */
    kn_anim_tween_eval(A, id, t1);
    for (c = nd->chan; c >= 0; c = A->chans[c].next) {
      if (A->chans[c].object == NULL) continue;
      ids[nw] = c + 1;
      vals[nw++] = A->chans[c].out[0];
    }
  }
  counts[0] = count_live(A);
  counts[1] = ndef;
  return nw;
}

/* ---- the animator's controls ---------------------------------------------- */

/* anim:stop([target [, field]]): every animation; or every field of target
   let go; or one field.  An animation left with no field ends. */
static int animator_stop(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  kn_animator *A = &P->A;
  lk_frame F;
  int i, key = 0;
  const void *object;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 3);
  lk_anim_frame(L, P, 1, &F);
  if (lua_isnil(L, 2)) {
    for (i = 0; i < A->nroots; i++) lk_anim_stop(&F, A->roots[i]);
    lk_anim_collect(&F);
    return 0;
  }
  lk_anim_check_target(L, 2, 2, 0);
  object = lua_topointer(L, 2);
  if (!lua_isnil(L, 3)) {
    if (lua_type(L, 3) != LUA_TSTRING) return lk_typeerror(L, 3, "field name (string)");
    lua_rawgeti(L, F.uv, UV_KEYIDS);
    lua_pushvalue(L, 3);
    lua_rawget(L, -2);
    key = (int)lua_tointeger(L, -1);
    lua_pop(L, 2);
    if (key == 0) return 0;              /* no animation ever drove it */
  }
  for (i = 0; i < A->nchans; i++) {
    kn_chan *ch = &A->chans[i];
    if (ch->node >= 0 && ch->object == object && (key == 0 || ch->key == key))
      kn_anim_chan_release(A, i);
  }
  for (i = 0; i < A->nroots; i++)
    if (lk_anim_fieldless(A, A->roots[i])) lk_anim_stop(&F, A->roots[i]);
  lk_anim_collect(&F);
  return 0;
}

static int animator_pause(lua_State *L) {
  lk_anim_check(L, 1)->A.paused = 1;
  lua_settop(L, 1);
  return 1;
}

static int animator_resume(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  P->A.paused = 0;
  P->starts_due = 1;
  lua_settop(L, 1);
  return 1;
}

static int animator_time_scale(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  if (lua_isnoneornil(L, 2)) {
    lua_pushnumber(L, (lua_Number)P->A.scale);
    return 1;
  }
  P->A.scale = lk_checknonneg(L, 2);
  lua_settop(L, 1);
  return 1;
}

static int animator_count(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)count_live(&lk_anim_check(L, 1)->A));
  return 1;
}

static int animator_tostring(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  lua_pushfstring(L, "%s (%d running%s)", KN_ANIMATOR, count_live(&P->A),
                  P->A.paused ? ", paused" : "");
  return 1;
}

static int animator_gc(lua_State *L) {
  lk_animator *P = (lk_animator *)lua_touserdata(L, 1);
  kn_animator_free(&P->A);
  return 0;
}

/* kinetic.animator() */
static int kinetic_animator(lua_State *L) {
  lk_animator *P;
  int i;
  if (!lua_isnone(L, 1)) return lk_argerror(L, 1, "no argument expected");
  P = (lk_animator *)lk_newobject(L, sizeof(lk_animator), KN_ANIMATOR);
  kn_animator_init(&P->A);
  P->rng = (uint64_t)(uintptr_t)P * 0x9E3779B97F4A7C15u | 1u;
  P->fire_next = INT_MAX;
  P->verb = "update";
  lua_createtable(L, UV_NSLOTS, 0);
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, UV_SELF);
  for (i = UV_TARGETS; i <= UV_KEYNAMES; i++) {   /* UV_VALUES among them */
    lua_newtable(L);
    lua_rawseti(L, -2, i);
  }
  lua_pushcfunction(L, frame_loop);
  lua_rawseti(L, -2, UV_LOOP);
  lua_pushcfunction(L, kid_call);
  lua_rawseti(L, -2, UV_KIDCALL);
  luaL_getmetatable(L, KN_ANIMATION);
  lua_rawseti(L, -2, UV_META_ANIMATION);
  luaL_getmetatable(L, KN_SEQUENCE);
  lua_rawseti(L, -2, UV_META_SEQUENCE);
  lk_setuservalue(L, -2);
  return 1;
}

void lk_open_animator(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "to", lk_animator_to }, { "from", lk_animator_from }, { "spring", lk_animator_spring },
    { "fling", lk_animator_fling }, { "sequence", lk_animator_sequence }, { "update", animator_update },
    { "stop", animator_stop }, { "pause", animator_pause }, { "resume", animator_resume },
    { "time_scale", animator_time_scale }, { "count", animator_count }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__tostring", animator_tostring }, { "__gc", animator_gc }, { NULL, NULL }
  };
  static const luaL_Reg fast[] = {
    { "to", lk_animator_to }, { "from", lk_animator_from }, { "spring", lk_animator_spring },
    { "update", animator_update }, { NULL, NULL }
  };
  lk_newclass(L, KN_ANIMATOR, methods, meta);
  lk_setfastmethods(L, KN_ANIMATOR, fast);
  lua_pushcfunction(L, kinetic_animator);
  lua_setfield(L, -2, "animator");
  lk_open_animation(L);
}
