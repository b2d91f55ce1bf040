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

/* ---- the Lua side ------------------------------------------------------ */

/* The hooks through which the core's frame reads and writes the fields. */
static int io_read(void *ud, int c);
static void io_write(void *ud, int node);
static void io_guard(void *ud, int k, double t0, double t1, double tau0, double tau1);
static void io_report(void *ud, int node, int what);
static void io_freed(void *ud, int node);
static void io_nomem(void *ud);
static void ease_failed(lk_ease_site *site);

void lk_anim_frame(lua_State *L, lk_animator *P, int uvidx, lk_frame *F) {
  lk_ease_site *hidden;
  luaL_checkstack(L, 24, "animator");
  lk_getuservalue(L, uvidx);
  F->L = L;
  F->P = P;
  F->nkeyed = 0;
  F->io.ud = F;
  F->io.read = io_read;
  F->io.write = io_write;
  F->io.guard = io_guard;
  F->io.report = io_report;
  F->io.freed = io_freed;
  F->io.nomem = io_nomem;
  F->uv = lua_gettop(L);
  lua_rawgeti(L, F->uv, UV_TARGETS);
  F->targets = lua_gettop(L);
  lua_rawgeti(L, F->uv, UV_KEYS);
  F->keys = lua_gettop(L);
  lua_rawgeti(L, F->uv, UV_EASES);
  F->eases = lua_gettop(L);
  F->site.on_fail = ease_failed;
  /* The site it hides needs no keeping: every method publishes its own,
     and lk_anim_pcall puts the caller's back after a nested call. */
  lk_ease_enter(&P->ease_slot, &F->site, &hidden, L, F->eases);
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
  return (user & KN_AN_SEQUENCE) ? "sequence" : names[kind & 3];
}

static const char *kind_name(const kn_node *nd) {
  return lk_anim_kind_name(nd->kind, nd->user);
}

/* ---- easings ---------------------------------------------------------------- */

/* The easing of node n is kept alive in the user value's UV_EASES table at
   key -(n + 1): a kinetic.Easing, or the kn_easing calling a Lua function
   (lua_easing.c), which is then at key n + 1 of the same table.  A Lua
   easing runs on the state of the method running the core, published in
   P->ease_slot by lk_anim_frame; when it raises or returns what is not a
   finite number, on_fail records the frame's error and stops its node, and
   the core gets p. */
static void ease_failed(lk_ease_site *site) {
  lk_frame *F = (lk_frame *)(void *)((char *)site - offsetof(lk_frame, site));
  lua_State *L = F->L;
  kn_node *nd = &F->P->A.nodes[site->which - 1];
  if (site->failed == LK_EASE_BAD)
    lua_pushfstring(L, "%s: the easing function of a %s returned %s (finite number "
                    "expected; the animation is removed)", F->P->verb, kind_name(nd),
                    lk_typename(L, -1));
  else
    lua_pushfstring(L, "%s: the easing function of a %s raised (the animation is "
                    "removed): %s", F->P->verb, kind_name(nd),
                    lua_isstring(L, -1) ? lua_tostring(L, -1) : lk_typename(L, -1));
  lua_remove(L, -2);
  record_error(F);
  nd->user |= KN_AN_STOPPED;
  site->failed = 0;                        /* the other nodes' easings go on */
}

void lk_anim_set_easing(lk_frame *F, int node, int idx, int arg, const char *fname) {
  lua_State *L = F->L;
  const kn_easing *e;
  kn_node *nd;
  idx = lk_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TFUNCTION) {
    e = lk_push_lua_easing(L, &F->P->ease_slot, node + 1);
    lua_pushvalue(L, idx);
    lua_rawseti(L, F->eases, node + 1);
  } else if ((e = lk_toeasing(L, idx)) == NULL) {
    lk_argerror(L, arg, lua_pushfstring(L, "%s%s", fname ? "field 'easing': " : "",
                                        lua_tostring(L, -1)));
  }
  lua_rawseti(L, F->eases, -(node + 1));
  nd = &F->P->A.nodes[node];
  nd->easing = e;
  if (lua_type(L, idx) == LUA_TFUNCTION) nd->user |= KN_AN_LUA_EASE;
  else nd->user &= ~KN_AN_LUA_EASE;
}

void lk_anim_set_callback(lk_frame *F, int node, const char *kind, int idx, int replace) {
  lua_State *L = F->L;
  unsigned bit = kind[3] == 's' ? KN_AN_ON_START : kind[3] == 'u' ? KN_AN_ON_UPDATE
               : kind[3] == 'r' ? KN_AN_ON_REPEAT : KN_AN_ON_COMPLETE;
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

/* Mark channel c KN_CH_DIRECT when its object is a table without a
   metatable (kn_anim_split may list its writes). */
static void mark_direct(lk_frame *F, int c) {
  lua_State *L = F->L;
  lua_rawgeti(L, F->targets, c + 1);
  if (lua_type(L, -1) == LUA_TTABLE && !lua_getmetatable(L, -1))
    F->P->A.chans[c].flags |= KN_CH_DIRECT;
  else if (lua_type(L, -1) == LUA_TTABLE)
    lua_pop(L, 1);
  lua_pop(L, 1);
}

/* Check the number or array on top for channel c, into its out[k]; 0 with
   the reason on top (above the value) when it is not what c drives. */
static int take_numbers(lk_frame *F, int c) {
  lua_State *L = F->L;
  kn_chan *ch = &F->P->A.chans[c];
  int i, n = ch->n;
  if (n == 0 && (ch->flags & KN_CH_RELATIVE) && lua_type(L, -1) == LUA_TTABLE &&
      lk_rawlen(L, -1) > 0 && lk_rawlen(L, -1) <= INT_MAX / 8) {
    n = (int)lk_rawlen(L, -1);              /* "+=n" on an array: every item */
    if (!kn_anim_chan_resize(&F->P->A, c, n)) luaL_error(L, "not enough memory");
    ch = &F->P->A.chans[c];
  }
  if (n == 0) {
    if (lua_type(L, -1) == LUA_TNUMBER && isfinite((double)lua_tonumber(L, -1))) {
      ch->out[0] = (double)lua_tonumber(L, -1);
      return 1;
    }
    lua_pushfstring(L, "finite number expected, got %s", lk_typename(L, -1));
    return 0;
  }
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pushfstring(L, "array of %d numbers expected, got %s", n, lk_typename(L, -1));
    return 0;
  }
  if ((int)lk_rawlen(L, -1) != n) {
    lua_pushfstring(L, "array of %d numbers expected, got %d items", n, (int)lk_rawlen(L, -1));
    return 0;
  }
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, -1, i + 1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1))) {
      lua_pushfstring(L, "item %d: finite number expected, got %s", i + 1, lk_typename(L, -1));
      lua_remove(L, -2);
      return 0;
    }
    ch->out[i] = (double)lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  return 1;
}

/* kn_anim_io.read: channel c's field into its out (no pointer into the
   store is held across the read: its metamethods may run).  A bad value
   is recorded as "field 'x' of a tween's target: <reason>". */
static int io_read(void *ud, int c) {
  lk_frame *F = (lk_frame *)ud;
  lua_State *L = F->L;
  int ok;
  mark_direct(F, c);
  if (F->P->A.chans[c].path != NULL) return 1;   /* it writes, reads nothing */
  lua_rawgeti(L, F->targets, c + 1);
  lua_rawgeti(L, F->keys, c + 1);
  lua_gettable(L, -2);
  lua_remove(L, -2);
  if (F->P->A.chans[c].color) {              /* colour_read pops the value */
    if (lk_anim_color_read(F, c)) return 1;
  } else {
    ok = take_numbers(F, c);
    if (ok) { lua_pop(L, 1); return 1; }
  }
  lua_remove(L, -2);
  lua_rawgeti(L, F->keys, c + 1);
  lua_pushfstring(L, "%s: field '%s' of a %s's target: %s (the animation is removed)",
                  F->P->verb, lua_tostring(L, -1), kind_name(&F->P->A.nodes[F->P->A.chans[c].node]),
                  lua_tostring(L, -2));
  lua_remove(L, -2);
  lua_remove(L, -2);
  record_error(F);
  return 0;
}

/* ---- writing -------------------------------------------------------------- */

/* Push the field name of channel c. */
static void push_key(lk_frame *F, const kn_chan *ch, int c) {
  if (ch->key <= F->nkeyed) lua_pushvalue(F->L, F->keybase + ch->key - 1);
  else lua_rawgeti(F->L, F->keys, c + 1);
}

/* Push v, or what node's round function (KN_AN_LUA_ROUND) makes of it: a
   finite number, else the frame's error names the node. */
static void push_value(lk_frame *F, int node, double v) {
  lua_State *L = F->L;
  const kn_node *nd = &F->P->A.nodes[node];
  if (!(nd->user & KN_AN_LUA_ROUND)) {
    lua_pushnumber(L, (lua_Number)v);
    return;
  }
  push_extras(F, node);
  lua_getfield(L, -1, "round");
  lua_remove(L, -2);
  lua_pushnumber(L, (lua_Number)v);
  if (lua_pcall(L, 1, 1, 0) != 0)
    luaL_error(L, "%s: the round function of a %s raised (the animation is removed): %s",
               F->P->verb, kind_name(nd), lua_isstring(L, -1) ? lua_tostring(L, -1)
                                                              : lk_typename(L, -1));
  if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
    luaL_error(L, "%s: the round function of a %s returned %s (finite number expected; the "
               "animation is removed)", F->P->verb, kind_name(nd), lk_typename(L, -1));
}

/* object.key = out of channel c, the object on top (left there). */
static void write_field(lk_frame *F, int c) {
  lua_State *L = F->L;
  kn_chan *ch = &F->P->A.chans[c];
  int i, n = ch->n, node = ch->node;
  push_key(F, ch, c);
  if (ch->color) {
    lk_anim_color_write(F, c);
    return;
  }
  if (n == 0) {
    push_value(F, node, ch->out[0]);
    lua_settable(L, -3);
    return;
  }
  lua_gettable(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (i = 0; i < n; i++) {
      push_value(F, node, F->P->A.chans[c].out[i]);
      lua_rawseti(L, -2, i + 1);
    }
  }
  lua_pop(L, 1);
}

/* kn_anim_io.write: every field of node (its channels share its object). */
static void io_write(void *ud, int node) {
  lk_frame *F = (lk_frame *)ud;
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

/* ---- the other hooks ---------------------------------------------------------- */

int lk_anim_pcall(lk_frame *F, int nargs, int *culprit) {
  lk_animator *P = F->P;
  int outer = P->A.current, busy = P->busy, status;
  status = lua_pcall(F->L, nargs, 0, 0);
  if (culprit != NULL) *culprit = P->A.current;
  P->A.current = outer;                    /* the callee's frame is gone */
  P->busy = busy;
  lk_ease_leave(&P->ease_slot, &F->site);
  return status;
}

/* UV_CORE: the core's work on the animator at 1 under lua_pcall, busy:
   op 2 (enum kn_anim_op) with its numbers from 3 on. */
static int core_call(lua_State *L) {
  lk_animator *P = (lk_animator *)lua_touserdata(L, 1);
  lk_frame F;
  double x[5];
  int i, op = (int)lua_tointeger(L, 2);
  lk_anim_frame(L, P, 1, &F);
  for (i = 0; i < 5; i++) x[i] = (double)lua_tonumber(L, i + 3);
  if (op == KN_OP_RUN) push_keys(&F);      /* the frame's writes use them */
  P->busy = 1;
  kn_anim_op(&P->A, &F.io, op, x);
  P->busy = 0;
  return 0;
}

int lk_anim_core(lk_frame *F, int op, const double *x, int n, int *culprit) {
  lua_State *L = F->L;
  int i;
  lua_rawgeti(L, F->uv, UV_CORE);
  lua_rawgeti(L, F->uv, UV_SELF);
  lua_pushinteger(L, (lua_Integer)op);
  for (i = 0; i < n; i++) lua_pushnumber(L, (lua_Number)x[i]);
  return lk_anim_pcall(F, n + 2, culprit);
}

/* kn_anim_io.guard: when child k raises, that child (or the node below it
   that raised) is stopped and the error recorded for update to raise. */
static void io_guard(void *ud, int k, double t0, double t1, double tau0, double tau1) {
  lk_frame *F = (lk_frame *)ud;
  double x[5];
  int culprit;
  x[0] = (double)k; x[1] = t0; x[2] = t1; x[3] = tau0; x[4] = tau1;
  if (lk_anim_core(F, KN_OP_ADVANCE, x, 5, &culprit) != 0) {
    record_error(F);
    kn_anim_stop(&F->P->A, &F->io, culprit >= 0 ? culprit : k);
  }
}

/* kn_anim_io.report: KN_ANIM_OVERFLOW. */
static void io_report(void *ud, int node, int what) {
  lk_frame *F = (lk_frame *)ud;
  (void)node; (void)what;
  lua_pushfstring(F->L, "%s: a spring's state overflowed; it is put on its target", F->P->verb);
  record_error(F);
}

/* kn_anim_io.freed: clear the Lua slots of node and of everything below
   it; its handle keeps the final time and progress. */
static void io_freed(void *ud, int node) {
  lk_frame *F = (lk_frame *)ud;
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
    h->progress = kn_anim_progress(A, node);
  }
  lua_pop(L, 1);
  lua_rawgeti(L, F->uv, UV_HANDLES); lua_pushnil(L); lua_rawseti(L, -2, node + 1);
  lua_rawgeti(L, F->uv, UV_EXTRAS); lua_pushnil(L); lua_rawseti(L, -2, node + 1);
  lua_pop(L, 2);
  lua_pushnil(L); lua_rawseti(L, F->eases, node + 1);
  lua_pushnil(L); lua_rawseti(L, F->eases, -(node + 1));
  for (i = 0; i < A->nodes[node].nkids; i++) io_freed(ud, A->nodes[node].kids[i]);
  for (i = A->nodes[node].chain; i >= 0; i = A->nodes[i].chain_next) io_freed(ud, i);
}

static void io_nomem(void *ud) {
  luaL_error(((lk_frame *)ud)->L, "not enough memory");
}

void lk_anim_raise_pending(lk_frame *F) {
  lua_State *L = F->L;
  lua_rawgeti(L, F->uv, UV_ERROR);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return; }
  lua_pushnil(L);
  lua_rawseti(L, F->uv, UV_ERROR);
  lua_error(L);
}

/* ---- callbacks ------------------------------------------------------------ */

static const char *const event_fields[5] = { "on_start", "on_update", "on_complete", "fn",
                                             "on_repeat" };

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
    if (e->kind == KN_EV_REPEAT) lua_pushinteger(L, (lua_Integer)e->n);
    if (lua_pcall(L, e->kind == KN_EV_REPEAT ? 2 : 1, 0, 0) != 0) {
      lua_replace(L, base + 1);
      lua_settop(L, base + 1);
      return 0;
    }
  }
  lua_settop(L, base);
  return 1;
}

int lk_anim_fire_pending(lk_frame *F, int node) {
  kn_animator *A = &F->P->A;
  int i;
  for (i = F->P->fire_next; i < A->nevents; i++) {
    kn_event e = A->events[i];
    if (e.node != node || !kn_anim_event_live(A, &e)) continue;
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
    if (!kn_anim_event_live(A, &e)) continue;
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

/* The loop phase's two runs, each resumed after a root whose Lua code (a
   field's metamethod) raised: that animation -- the innermost node being
   started or advanced -- is stopped, every other one goes on.  Returns 1,
   or 0 with the first error at stack index `err` (kept there). */
static int run_loop(lua_State *L, lk_frame *F, double dt, int err, int rest) {
  kn_animator *A = &F->P->A;
  int from = 0, ok = 1, mode, culprit;
  for (mode = A->starts_due ? KN_RUN_START : KN_RUN_ADVANCE; mode <= KN_RUN_ADVANCE;
       mode++, from = 0) {
    for (;;) {
      double x[3];
      x[0] = dt; x[1] = (double)from; x[2] = (double)(mode | (rest ? KN_RUN_REST : 0));
      A->current = -1;
      if (lk_anim_core(F, KN_OP_RUN, x, 3, &culprit) == 0) break;
      if (ok) lua_replace(L, err); else lua_pop(L, 1);
      ok = 0;
      if (culprit < 0) break;              /* not a node's Lua code: stop here */
      kn_anim_stop(A, &F->io, culprit);
      from = A->loop_i + 1;
    }
  }
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
    kn_anim_collect(&P->A, &F.io);
    if (!fired || !ok) {                   /* one error an update: the first */
      if (!fired && !ok) lua_pop(L, 1);    /* the loop's came first */
      lua_pushnil(L);
      lua_rawseti(L, F.uv, UV_ERROR);
      if (!ok) lua_settop(L, 3);
      return lua_error(L);
    }
  }
  lk_anim_raise_pending(&F);
  lua_pushinteger(L, (lua_Integer)kn_anim_count(&P->A));
  return 1;
}

static int animator_update(lua_State *L) { return update(L, 0); }
int lk_anim_rest(lua_State *L) { return update(L, 1); }

/* ---- the FFI step ------------------------------------------------------------ */

int lk_anim_ffi_step(lk_animator *P, double dt, int *counts, int *ids, double *vals,
                     int cap) {
  if (P->busy) return -1;
  return kn_anim_split_list(&P->A, dt, counts, ids, vals, cap);
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
    for (i = 0; i < A->nroots; i++) kn_anim_stop(A, &F.io, A->roots[i]);
    kn_anim_collect(A, &F.io);
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
  kn_anim_let_go(A, &F.io, object, key);
  kn_anim_collect(A, &F.io);
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
  P->A.starts_due = 1;
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

/* anim:next_change() */
static int animator_next_change(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  double dt = kn_anim_next_change(&P->A);
  if (dt < 0.0) return luaL_error(L, "not enough memory");
  lua_pushnumber(L, (lua_Number)dt);
  return 1;
}

/* anim:reduced_motion([on]): get, or set (returns anim). */
static int animator_reduced_motion(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  if (lua_isnoneornil(L, 2)) {
    lua_pushboolean(L, P->A.reduced);
    return 1;
  }
  if (lua_type(L, 2) != LUA_TBOOLEAN) return lk_typeerror(L, 2, "boolean");
  P->A.reduced = lua_toboolean(L, 2);
  lua_settop(L, 1);
  return 1;
}

static int animator_count(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)kn_anim_count(&lk_anim_check(L, 1)->A));
  return 1;
}

static int animator_tostring(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  lua_pushfstring(L, "%s (%d running%s)", KN_ANIMATOR, kn_anim_count(&P->A),
                  P->A.paused ? ", paused" : "");
  return 1;
}

static int animator_gc(lua_State *L) {
  lk_animator *P = (lk_animator *)lua_touserdata(L, 1);
  kn_animator_free(&P->A);
  return 0;
}

/* kinetic.animator([opts]) */
static int kinetic_animator(lua_State *L) {
  static const char *const known[] = { "reduced_motion", NULL };
  lk_animator *P;
  int i, reduced = 0;
  if (!lua_isnoneornil(L, 1)) {
    if (lua_type(L, 1) != LUA_TTABLE) return lk_typeerror(L, 1, "table of options");
    (void)lk_checkoptions(L, 1, 1, known, 0, NULL);
    reduced = lk_optfieldbool(L, 1, 1, "reduced_motion", 0);
  }
  P = (lk_animator *)lk_newobject(L, sizeof(lk_animator), KN_ANIMATOR);
  kn_animator_init(&P->A);
  P->A.reduced = reduced;
  P->rng = (uint64_t)(uintptr_t)P * 0x9E3779B97F4A7C15u | 1u;
  P->fire_next = INT_MAX;
  P->verb = "update";
  lua_createtable(L, UV_NSLOTS, 0);
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, UV_SELF);
  for (i = UV_TARGETS; i <= UV_EASES; i++) {      /* UV_VALUES among them */
    lua_newtable(L);
    lua_rawseti(L, -2, i);
  }
  lua_pushcfunction(L, core_call);
  lua_rawseti(L, -2, UV_CORE);
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
    { "time_scale", animator_time_scale }, { "count", animator_count },
    { "reduced_motion", animator_reduced_motion }, { "next_change", animator_next_change },
    { "quick_to", lk_animator_quick_to }, { "follow", lk_animator_follow },
    { "shake", lk_animator_shake },
    { NULL, NULL }
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
