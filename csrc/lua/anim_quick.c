/*
** anim_quick.c -- anim:quick_to(target, field [, opts]): a setter that
** moves one field with one animation, made by its first call and set
** going again by each later one (kn_anim_quick), so that a call allocates
** nothing after the first.  opts: duration (default 0.3), easing and
** round of the tween; or spring, a table of kinetic.spring's options,
** for a spring retargeted with its velocity kept.
*/
#include <math.h>
#include <string.h>

#include "lanimator.h"

/* The setter's upvalues. */
enum {
  Q_ANIM = 1,   /* the animator */
  Q_TARGET,     /* the object */
  Q_FIELD,      /* the field name */
  Q_VALUES,     /* { [field] = value }: the first call's values */
  Q_OPTS,       /* the options of anim:to, or of anim:spring */
  Q_SPRING,     /* whether it drives a spring */
  Q_DURATION,   /* a tween's duration */
  Q_NODE        /* the node, once made (-1 before) */
};

static const char *const quick_options[] = { "duration", "easing", "round", "spring", NULL };

/* The first call: anim:to or anim:spring makes the node, kept for good. */
static int quick_make(lua_State *L, lk_animator *P) {
  lk_handle *h;
  int spring = lua_toboolean(L, lua_upvalueindex(Q_SPRING));
  lua_getfield(L, lua_upvalueindex(Q_ANIM), spring ? "spring" : "to");
  lua_pushvalue(L, lua_upvalueindex(Q_ANIM));
  lua_pushvalue(L, lua_upvalueindex(Q_TARGET));
  if (!spring) lua_pushvalue(L, lua_upvalueindex(Q_DURATION));
  lua_pushvalue(L, lua_upvalueindex(Q_VALUES));
  lua_pushvalue(L, lua_upvalueindex(Q_FIELD));
  lua_pushvalue(L, 1);
  lua_rawset(L, -3);
  lua_pushvalue(L, lua_upvalueindex(Q_OPTS));
  lua_call(L, spring ? 4 : 5, 1);
  h = (lk_handle *)lua_touserdata(L, -1);
  P->A.nodes[h->node].user |= KN_AN_KEEP;
  lua_pushinteger(L, (lua_Integer)h->node);
  lua_replace(L, lua_upvalueindex(Q_NODE));
  return 0;
}

/* set(value) */
static int quick_set(lua_State *L) {
  lk_animator *P = (lk_animator *)lua_touserdata(L, lua_upvalueindex(Q_ANIM));
  int node = (int)lua_tointeger(L, lua_upvalueindex(Q_NODE));
  double to, from = 0.0;
  lk_frame F;
  const kn_chan *ch;
  if (lua_type(L, 1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, 1)))
    return luaL_error(L, "bad argument #1 to 'set' (finite number expected, got %s)",
                      lk_typename(L, 1));
  if (P->busy) return luaL_error(L, "bad argument #1 to 'set' (animator busy (a frame is "
                                    "being written))");
  lua_settop(L, 1);
  if (node < 0) return quick_make(L, P);
  to = (double)lua_tonumber(L, 1);
  ch = &P->A.chans[P->A.nodes[node].chan];
  if (ch->spring == NULL && P->A.nodes[node].started) {    /* a tween plays from here */
    lua_pushvalue(L, lua_upvalueindex(Q_FIELD));
    lua_gettable(L, lua_upvalueindex(Q_TARGET));
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
      return luaL_error(L, "bad argument #1 to 'set' (field '%s' holds %s, finite number "
                        "expected)", lua_tostring(L, lua_upvalueindex(Q_FIELD)),
                        lk_typename(L, -1));
    from = (double)lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(Q_ANIM));
  lk_anim_frame(L, P, lua_gettop(L), &F);
  ch = &P->A.chans[P->A.nodes[node].chan];
  if (!kn_anim_quick(&P->A, &F.io, node, lua_topointer(L, lua_upvalueindex(Q_TARGET)), ch->key,
                     from, to))
    return luaL_error(L, "not enough memory");
  return 0;
}

/* The tween's options { easing =, round = } from opts at 4 (checked by
   anim:to when the first call makes it; round and easing checked here). */
static void tween_opts(lua_State *L) {
  lua_createtable(L, 0, 2);
  if (lua_isnil(L, 4)) return;
  lua_getfield(L, 4, "easing");
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TFUNCTION) {
    if (lk_toeasing(L, -1) == NULL) lk_fielderror(L, 4, "easing", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  lua_setfield(L, -2, "easing");
  lua_getfield(L, 4, "round");
  lua_setfield(L, -2, "round");
}

/* anim:quick_to(target, field [, opts]) */
int lk_animator_quick_to(lua_State *L) {
  double q, duration = 0.3, *set;
  int n, spring = 0;
  lk_anim_check(L, 1);
  lua_settop(L, 4);
  lk_anim_check_target(L, 2, 2, 0);
  if (lua_type(L, 3) != LUA_TSTRING) return lk_typeerror(L, 3, "string (a field name)");
  if (!lua_isnil(L, 4)) {
    if (lua_type(L, 4) != LUA_TTABLE) return lk_typeerror(L, 4, "table of options");
    (void)lk_checkoptions(L, 4, 4, quick_options, 0, NULL);
    duration = lk_optfieldnonneg(L, 4, 4, "duration", 0.3);
    (void)lk_optround(L, 4, 4, &q, &set, &n);
    lua_getfield(L, 4, "spring");
    spring = !lua_isnil(L, -1);
    if (spring && lua_type(L, -1) != LUA_TTABLE)
      lk_fielderror(L, 4, "spring", lua_pushfstring(L, "table of spring options expected, "
                                                    "got %s", lk_typename(L, -1)));
    if (spring) {                              /* checked now, not at the first call */
      lk_spring_motion mo;
      (void)lk_checkoptions(L, lua_gettop(L), 4, kn_anim_spring_options, 0, NULL);
      lk_spring_read_motion(L, lua_gettop(L), 4, &mo);
    }
    lua_settop(L, 4);
  }
  lua_pushvalue(L, 1);                          /* Q_ANIM */
  lua_pushvalue(L, 2);                          /* Q_TARGET */
  lua_pushvalue(L, 3);                          /* Q_FIELD */
  lua_createtable(L, 0, 1);                     /* Q_VALUES */
  if (spring) lua_getfield(L, 4, "spring");     /* Q_OPTS */
  else tween_opts(L);
  lua_pushboolean(L, spring);                   /* Q_SPRING */
  lua_pushnumber(L, (lua_Number)duration);      /* Q_DURATION */
  lua_pushinteger(L, -1);                       /* Q_NODE */
  lua_pushcclosure(L, quick_set, Q_NODE);
  return 1;
}
