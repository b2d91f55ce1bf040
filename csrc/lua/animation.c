/*
** animation.c -- the handles of kinetic.animator: kinetic.Animation (one
** animation, a staggered group, a chained one) and kinetic.Sequence (an
** Animation whose children are placed in time by GSAP's position
** grammar).  A handle names a node of its animator by slot and
** generation; once the node is freed the handle keeps its final time and
** progress, and its controls do nothing.
*/
#include <math.h>
#include <string.h>

#include "lanimator.h"

/* The handle at 1 (an Animation or a Sequence): fills F (its user value is
   the animator's) and returns its live node, or -1 when it has ended. */
static int resolve(lua_State *L, lk_frame *F, lk_handle **hp) {
  lk_handle *h = (lk_handle *)lk_testudata(L, 1, KN_ANIMATION);
  lk_animator *P;
  kn_node *nd;
  if (h == NULL) h = (lk_handle *)lk_testudata(L, 1, KN_SEQUENCE);
  if (h == NULL) return lk_typeerror(L, 1, KN_ANIMATION);
  lk_getuservalue(L, 1);
  lua_rawgeti(L, -1, UV_SELF);
  P = (lk_animator *)lua_touserdata(L, -1);
  lua_pop(L, 2);
  lk_anim_frame(L, P, 1, F);
  *hp = h;
  if (h->ended) return -1;
  nd = &P->A.nodes[h->node];
  if (nd->gen != h->gen || nd->state == KN_NODE_FREE) return -1;
  return h->node;
}

/* "bad argument #1 to 'f' (msg)" for the handle itself, as the contract
   words it (Lua would say "calling 'f' on bad self"). */
int lk_anim_self_error(lua_State *L, const char *msg) {
  lua_Debug ar;
  const char *name = "?";
  if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "nf", &ar)) {
    lua_getfield(L, LUA_REGISTRYINDEX, "kinetic.names");
    if (lua_type(L, -1) == LUA_TTABLE) {
      lua_pushvalue(L, -2);
      lua_rawget(L, -2);
      if (lua_isstring(L, -1)) name = lua_tostring(L, -1);
      if (name[0] == ':' || name[0] == '.') name++;
    }
    if (strcmp(name, "?") == 0 && ar.name != NULL) name = ar.name;
  }
  return luaL_error(L, "bad argument #1 to '%s' (%s)", name, msg);
}

static int live_node(lua_State *L, lk_frame *F, const char *what) {
  lk_handle *h;
  int node = resolve(L, F, &h);
  if (node < 0) lk_anim_self_error(L, lua_pushfstring(L, "%s has ended", what));
  if (F->P->busy) lk_anim_self_error(L, "animator busy (a frame is being written)");
  return node;
}

static void not_child(lua_State *L, lk_frame *F, int node) {
  if (F->P->A.nodes[node].parent >= 0)
    lk_anim_self_error(L, "animation is part of a sequence; control the sequence");
}

/* The core's op on node now (its numbers x), events from `first` on
   fired (fire) or dropped; verb names the method in messages. */
static void core_now(lua_State *L, lk_frame *F, int op, const double *x, int n,
                     const char *verb, int fire) {
  kn_animator *A = &F->P->A;
  int first = A->nevents, ok;
  const char *outer_verb = F->P->verb;
  F->P->verb = verb;
  ok = lk_anim_core(F, op, x, n, NULL) == 0;
  A->seeking = 0;
  F->P->verb = outer_verb;
  if (ok && fire) {
    int outer = A->updating;               /* callbacks run: no update, no freeing */
    A->updating = 1;
    ok = lk_anim_fire(F, first);
    A->updating = outer;
  } else {
    A->nevents = first;
  }
  kn_anim_collect(A, &F->io);
  if (!ok) lua_error(L);
  lk_anim_raise_pending(F);
}

/* ---- Animation ----------------------------------------------------------- */

static int animation_stop(lua_State *L) {
  lk_frame F;
  lk_handle *h;
  int node = resolve(L, &F, &h);
  if (node >= 0) {
    if (F.P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
    kn_anim_stop(&F.P->A, &F.io, node);
    kn_anim_collect(&F.P->A, &F.io);
  }
  lua_settop(L, 1);
  return 1;
}

static int animation_finish(lua_State *L) {
  lk_frame F;
  kn_node *nd;
  double x[3];
  int node = live_node(L, &F, "animation"), op, err;
  not_child(L, &F, node);
  if (!lk_anim_fire_pending(&F, node)) return lua_error(L);   /* its queued events first */
  if ((err = kn_anim_finishing(&F.P->A, node, &op)) != KN_ANIM_OK)
    return lk_anim_self_error(L, kn_anim_reason(err));
  nd = &F.P->A.nodes[node];                /* (callbacks may have grown the store) */
  x[0] = (double)node; x[1] = nd->clock; x[2] = nd->span.total;
  if (op == KN_FINISH_SNAP) core_now(L, &F, KN_OP_SNAP, x, 1, "finish", 1);
  else if (op == KN_FINISH_ADVANCE) core_now(L, &F, KN_OP_ADVANCE, x, 3, "finish", 1);
  lua_settop(L, 1);
  return 1;
}

static int set_paused(lua_State *L, int paused) {
  lk_frame F;
  lk_handle *h;
  int node = resolve(L, &F, &h);
  if (node >= 0) {
    not_child(L, &F, node);
    F.P->A.nodes[node].paused = paused;
    F.P->A.starts_due = 1;                   /* resumed: it may start with the frame */
  }
  lua_settop(L, 1);
  return 1;
}

static int animation_pause(lua_State *L) { return set_paused(L, 1); }
static int animation_resume(lua_State *L) { return set_paused(L, 0); }

/* a:seek(t): the clock set to t (delay included, clamped to the end); the
   fields are written at once, no callback fires: on_start and on_complete
   come with the next update. */
static int animation_seek(lua_State *L) {
  lk_frame F;
  double t = lk_checknonneg(L, 2), x[2];
  int node;
  lua_settop(L, 2);
  node = live_node(L, &F, "animation");
  not_child(L, &F, node);
  if (kn_anim_seekable(&F.P->A, node) != KN_ANIM_OK)
    return lk_anim_self_error(L, kn_anim_reason(KN_ANIM_ENOTIMELINE));
  x[0] = (double)node;
  x[1] = t;
  core_now(L, &F, KN_OP_SEEK, x, 2, "seek", 0);
  lua_settop(L, 1);
  return 1;
}

static int animation_time(lua_State *L) {
  lk_frame F;
  lk_handle *h;
  int node = resolve(L, &F, &h);
  lua_pushnumber(L, (lua_Number)(node < 0 ? h->time : F.P->A.nodes[node].clock));
  return 1;
}

static int animation_progress(lua_State *L) {
  lk_frame F;
  lk_handle *h;
  int node = resolve(L, &F, &h);
  lua_pushnumber(L, (lua_Number)(node < 0 ? h->progress : kn_anim_progress(&F.P->A, node)));
  return 1;
}

static int animation_done(lua_State *L) {
  lk_frame F;
  lk_handle *h;
  int node = resolve(L, &F, &h);
  lua_pushboolean(L, node < 0 || F.P->A.nodes[node].state == KN_NODE_DONE);
  return 1;
}

static int animation_time_scale(lua_State *L) {
  lk_frame F;
  lk_handle *h;
  int node;
  lua_settop(L, 2);
  node = resolve(L, &F, &h);
  if (lua_isnoneornil(L, 2)) {
    lua_pushnumber(L, (lua_Number)(node < 0 ? 1.0 : F.P->A.nodes[node].scale));
    return 1;
  }
  {
    double s = lk_checknonneg(L, 2);
    if (node >= 0) {
      not_child(L, &F, node);
      F.P->A.nodes[node].scale = s;
    }
  }
  lua_settop(L, 1);
  return 1;
}

/* a:ease(spec): the easing of a tween, or of every tween of a group. */
static int animation_ease(lua_State *L) {
  lk_frame F;
  int node, i;
  kn_node *nd;
  lua_settop(L, 2);
  node = live_node(L, &F, "animation");
  nd = &F.P->A.nodes[node];
  if (nd->kind == KN_NODE_TWEEN) {
    lk_anim_set_easing(&F, node, 2, 2, NULL);
  } else if (nd->kind == KN_NODE_GROUP && !(nd->user & (KN_AN_SEQUENCE | KN_AN_SPRINGS))) {
    for (i = 0; i < F.P->A.nodes[node].nkids; i++)
      lk_anim_set_easing(&F, F.P->A.nodes[node].kids[i], 2, 2, NULL);
  } else {
    return lk_anim_self_error(L, "tween expected (springs and sequences have no easing)");
  }
  lua_settop(L, 1);
  return 1;
}

static int animation_delay(lua_State *L) {
  lk_frame F;
  double d = lk_checknonneg(L, 2);
  int node, err;
  lua_settop(L, 2);
  node = live_node(L, &F, "animation");
  not_child(L, &F, node);
  if ((err = kn_anim_set_delay(&F.P->A, node, d)) != KN_ANIM_OK)
    return lk_anim_self_error(L, kn_anim_reason(err));
  lua_settop(L, 1);
  return 1;
}

static int add_callback(lua_State *L, const char *kind) {
  lk_frame F;
  int node;
  lua_settop(L, 2);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  node = live_node(L, &F, "animation");
  lk_anim_set_callback(&F, node, kind, 2, 0);
  lua_settop(L, 1);
  return 1;
}

static int animation_on_start(lua_State *L) { return add_callback(L, "on_start"); }
static int animation_on_update(lua_State *L) { return add_callback(L, "on_update"); }
static int animation_on_complete(lua_State *L) { return add_callback(L, "on_complete"); }

/* a:after([target,] duration, values [, opts]): a tween that starts when a
   completes (flux's after); the default target is a's. */
static int animation_after(lua_State *L) {
  lk_frame F;
  int node, next, own = lua_type(L, 2) != LUA_TNUMBER;
  kn_animator *A;
  lua_settop(L, 5);
  node = live_node(L, &F, "animation");
  A = &F.P->A;
  not_child(L, &F, node);
  if (A->nodes[node].state != KN_NODE_LIVE && A->nodes[node].state != KN_NODE_CHAINED)
    return lk_anim_self_error(L, "animation has ended");
  if (own) {
    next = lk_anim_make_tween(&F, 2, 3, lua_isnil(L, 5) ? 0 : 5, 0, 0);
  } else {                                 /* no target: a's own */
    if (A->nodes[node].chan >= 0) {
      lua_rawgeti(L, F.targets, A->nodes[node].chan + 1);
    } else {
      lua_rawgeti(L, F.uv, UV_EXTRAS);
      lua_rawgeti(L, -1, node + 1);
      if (!lua_isnil(L, -1)) lua_getfield(L, -1, "target");
      lua_replace(L, -3);
      lua_pop(L, 1);
    }
    if (lua_isnil(L, -1))
      return lk_argerror(L, 2, "target expected (this animation has no target of its own)");
    next = lk_anim_make_tween(&F, lua_gettop(L), 2, lua_isnil(L, 4) ? 0 : 4, 0, 0);
  }
  kn_anim_chain(A, node, next);
  lk_anim_push_handle(&F, next);
  return 1;
}

static int animation_tostring(lua_State *L) {
  lk_frame F;
  lk_handle *h;
  int node = resolve(L, &F, &h);
  int is_seq = lk_testudata(L, 1, KN_SEQUENCE) != NULL;
  lua_pushfstring(L, "%s (%s, %s)", is_seq ? KN_SEQUENCE : KN_ANIMATION,
                  lk_anim_kind_name(h->kind, is_seq ? KN_AN_SEQUENCE : 0u),
                  kn_anim_state_name(&F.P->A, node));
  return 1;
}

/* ---- Sequence ------------------------------------------------------------- */

/* The number in s[0 .. len) (Lua's syntax), into *x; 0 if not one. */
static int parse_number(lua_State *L, const char *s, size_t len, double *x) {
  int ok;
  if (len == 0) return 0;
  lua_pushlstring(L, s, len);
  ok = lua_isnumber(L, -1) && isfinite((double)lua_tonumber(L, -1));
  *x = ok ? (double)lua_tonumber(L, -1) : 0.0;
  lua_pop(L, 1);
  return ok;
}

/* An offset "", "+=n", "-=n", "+n", "-n" or "n" (after '<' or '>'). */
static int parse_offset(lua_State *L, const char *s, size_t len, double *x) {
  if (len == 0) { *x = 0.0; return 1; }
  if (len >= 2 && (s[0] == '+' || s[0] == '-') && s[1] == '=') {
    if (!parse_number(L, s + 2, len - 2, x) || s[2] == '-' || s[2] == '+') return 0;
    if (s[0] == '-') *x = -*x;
    return 1;
  }
  return parse_number(L, s, len, x);
}

/* The time the position at idx (argument arg) names in the sequence. */
static double position(lk_frame *F, int seq, int idx, int arg) {
  lua_State *L = F->L;
  double end = F->P->A.nodes[seq].span.duration, base, off = 0.0, t;
  size_t len;
  const char *s, *rel;
  if (lua_isnoneornil(L, idx)) return end;
  if (lua_type(L, idx) == LUA_TNUMBER) {
    t = (double)lua_tonumber(L, idx);
    if (!(t >= 0.0 && isfinite(t)))
      lk_argerror(L, arg, lua_pushfstring(L, "position: non-negative number expected, got %s",
                                          lk_pushnumstr(L, t)));
    return t;
  }
  if (lua_type(L, idx) != LUA_TSTRING) lk_typeerror(L, arg, "position (number or string)");
  s = lua_tolstring(L, idx, &len);
  if (len == 0) goto bad;
  if (s[0] == '<' || s[0] == '>') {
    base = kn_anim_seq_mark(&F->P->A, seq, s[0] == '>');
    if (!parse_offset(L, s + 1, len - 1, &off)) goto bad;
  } else if (len >= 2 && (s[0] == '+' || s[0] == '-') && s[1] == '=') {
    base = end;
    if (!parse_offset(L, s, len, &off)) goto bad;
  } else {
    size_t n;
    for (rel = s + 1; *rel && !((rel[0] == '+' || rel[0] == '-') && rel[1] == '='); rel++) {}
    n = (size_t)(rel - s);
    if (*rel && !parse_offset(L, rel, len - n, &off)) goto bad;
    lua_rawgeti(L, F->uv, UV_EXTRAS);
    lua_rawgeti(L, -1, seq + 1);
    if (lua_isnil(L, -1)) lua_pushnil(L); else lua_getfield(L, -1, "labels");
    if (lua_isnil(L, -1)) lua_pushnil(L); else { lua_pushlstring(L, s, n); lua_rawget(L, -2); }
    if (lua_type(L, -1) != LUA_TNUMBER) {
      lua_pushlstring(L, s, n);
      lk_argerror(L, arg, lua_pushfstring(L, "unknown label '%s'", lua_tostring(L, -1)));
    }
    base = (double)lua_tonumber(L, -1);
    lua_pop(L, 4);
  }
  t = base + off;
  return t > 0.0 ? t : 0.0;
bad:
  return lk_argerror(L, arg, lua_pushfstring(L, "bad position '%s'", s));
}

/* Place child in the sequence at time t (kn_anim_place). */
static void place(lk_frame *F, int seq, int child, double t) {
  if (!kn_anim_place(&F->P->A, seq, child, t)) luaL_error(F->L, "not enough memory");
}

static int check_sequence(lua_State *L, lk_frame *F) {
  if (lk_testudata(L, 1, KN_SEQUENCE) == NULL) lk_typeerror(L, 1, KN_SEQUENCE);
  return live_node(L, F, "sequence");
}

/* seq:to(target, duration, values [, opts] [, position]), seq:from(...). */
static int seq_add(lua_State *L, int from_mode) {
  lk_frame F;
  int seq, child, popt = 5, ppos = 6;
  double t, delay;
  lua_settop(L, 6);
  seq = check_sequence(L, &F);
  if (lua_type(L, 5) == LUA_TNUMBER || lua_type(L, 5) == LUA_TSTRING) {
    ppos = 5;
    popt = 0;
  } else if (lua_isnil(L, 5)) {
    popt = 0;
  }
  t = position(&F, seq, ppos, ppos);
  child = lk_anim_make_tween(&F, 2, 3, popt, from_mode, 1);
  delay = F.P->A.nodes[child].span.delay;
  place(&F, seq, child, t + delay);
  lua_settop(L, 1);
  return 1;
}

static int sequence_to(lua_State *L) { return seq_add(L, 0); }
static int sequence_from(lua_State *L) { return seq_add(L, 1); }

/* seq:call(fn [, position]) */
static int sequence_call(lua_State *L) {
  lk_frame F;
  int seq, child;
  double t;
  lua_settop(L, 3);
  seq = check_sequence(L, &F);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  t = position(&F, seq, 3, 3);
  child = kn_anim_node_new(&F.P->A, KN_NODE_CALL);
  if (child < 0) return luaL_error(L, "not enough memory");
  lua_rawgeti(L, F.uv, UV_EXTRAS);
  lua_createtable(L, 0, 1);
  lua_pushvalue(L, 2);
  lua_setfield(L, -2, "fn");
  lua_rawseti(L, -2, child + 1);
  lua_pop(L, 1);
  F.P->A.nodes[child].started = 1;
  place(&F, seq, child, t);
  lua_settop(L, 1);
  return 1;
}

/* seq:label(name [, position]) */
static int sequence_label(lua_State *L) {
  lk_frame F;
  int seq;
  double t;
  lua_settop(L, 3);
  seq = check_sequence(L, &F);
  luaL_checktype(L, 2, LUA_TSTRING);
  t = position(&F, seq, 3, 3);
  lk_anim_need_extras(&F, seq);
  lua_getfield(L, -1, "labels");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "labels");
  }
  lua_pushvalue(L, 2);
  lua_pushnumber(L, (lua_Number)t);
  lua_rawset(L, -3);
  lua_settop(L, 1);
  return 1;
}

void lk_open_animation(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "stop", animation_stop }, { "finish", animation_finish },
    { "pause", animation_pause }, { "resume", animation_resume },
    { "seek", animation_seek }, { "time", animation_time },
    { "progress", animation_progress }, { "time_scale", animation_time_scale },
    { "done", animation_done }, { "ease", animation_ease }, { "delay", animation_delay },
    { "on_start", animation_on_start }, { "on_update", animation_on_update },
    { "on_complete", animation_on_complete }, { "after", animation_after },
    { NULL, NULL }
  };
  static const luaL_Reg sequence_methods[] = {
    { "to", sequence_to }, { "from", sequence_from }, { "call", sequence_call },
    { "label", sequence_label }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = { { "__tostring", animation_tostring }, { NULL, NULL } };
  lk_newclass(L, KN_ANIMATION, methods, meta);
  lk_newclass(L, KN_SEQUENCE, methods, meta);
  luaL_getmetatable(L, KN_SEQUENCE);
  lua_getfield(L, -1, "__index");
  lk_setfuncs(L, sequence_methods, 0);
  lua_pop(L, 2);
}
