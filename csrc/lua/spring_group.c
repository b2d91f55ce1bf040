/*
** spring_group.c -- Lua binding of kinetic.spring_group (type
** kinetic.SpringGroup).  The core (csrc/core/spring_group.c) trusts the
** state and options it is given.  The userdata payload is the
** kn_spring_group block itself.  The parameter families are read by
** kinetic.spring's own reader (lk_spring_read_params, csrc/lua/spring.c,
** which the core's kn_spring_params_from_options checks), so the group
** accepts exactly what kinetic.spring accepts, with the same errors.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lkinetic.h"
#include "spring.h"
#include "spring_params.h"
#include "spring_group.h"

#define MAX_COUNT (1 << 24)

/* Every option kinetic.spring_group reads: count, the state, each
   parameter family (lk_spring_read_params), the integrator, the rest
   thresholds and clamp -- kinetic.spring's without its callbacks. */
static const char *const group_option_names[] = {
  "count", "from", "to", "velocity",
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset",
  "integrator", "rest_delta", "rest_speed", "clamp", NULL
};
static const char state_keys[3][9] = { "from", "to", "velocity" };

/* Refuse any name but the known ones; kinetic.spring's callbacks with
   their own reason. */
static void check_keys(lua_State *L) {
  static const char callbacks[2][10] = { "on_update", "on_rest" };
  const char *msg = lk_optionerror(L, 1, group_option_names, 0, NULL, NULL);
  int i;
  if (msg == NULL) return;
  for (i = 0; i < 2; i++) {
    lua_getfield(L, 1, callbacks[i]);
    if (!lua_isnil(L, -1))
      lk_argerror(L, 1, lua_pushfstring(L, "unknown option '%s' (a spring group takes no "
                    "callbacks: poll the count g:update returns, or g:at_rest(i))",
                    callbacks[i]));
    lua_pop(L, 1);
  }
  lk_argerror(L, 1, msg);
}

/* Check state field `key`: a number or an array of exactly count numbers. */
static void check_state(lua_State *L, const char *key, int count) {
  lua_getfield(L, 1, key);
  switch (lua_type(L, -1)) {
    case LUA_TNIL: lua_pop(L, 1); return;
    case LUA_TNUMBER: {                          /* any finite number */
      double x;
      lua_pop(L, 1);
      (void)lk_getfieldnum(L, 1, 1, key, &x);
      return;
    }
    case LUA_TTABLE: break;
    default:
      lk_fielderror(L, 1, key, lua_pushfstring(L, "number or array expected, got %s",
                    lk_typename(L, -1)));
  }
  if (lk_rawlen(L, -1) == 0) {  /* {x = 0}: say so, not "0 items" */
    if (lk_pushtablekind(L, -1) != LK_TABLE_EMPTY)
      lk_fielderror(L, 1, key, lua_pushfstring(L, "array of %d numbers (count) expected, got "
                    "%s; the springs of a group are numbered 1 to count", count,
                    lua_tostring(L, -1)));
    lua_pop(L, 1);
  }
  if (lk_rawlen(L, -1) != (size_t)count)
    lk_fielderror(L, 1, key, lua_pushfstring(L, "array of %d numbers (count) expected, got %d items",
                  count, (int)(lk_rawlen(L, -1) > MAX_COUNT ? MAX_COUNT : lk_rawlen(L, -1))));
  lk_checkfielditems(L, 1, key, count);
  lua_pop(L, 1);
}

/* The field `count` of the options: an integer in [1, 2^24], else raise. */
static int read_count(lua_State *L) {
  double c = 0;
  if (!lk_getfieldnum(L, 1, 1, "count", &c))
    lk_fielderror(L, 1, "count", "integer >= 1 expected, got nil");
  if (c != floor(c) || c < 1 || c > MAX_COUNT)
    lk_fieldrangeerror(L, 1, "count", c > MAX_COUNT ? "integer <= 16777216" : "integer >= 1", c);
  return (int)c;
}

/* The field `integrator` of the options: absent or 'analytic', else raise
   (a group has no stepped integrators). */
static void check_integrator(lua_State *L) {
  lua_getfield(L, 1, "integrator");
  if (!lua_isnil(L, -1)) {
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (name == NULL || strcmp(name, "analytic") != 0)
      lk_fielderror(L, 1, "integrator", lua_pushfstring(L,
        "'analytic' expected (a group steps every spring with the shared exact "
        "coefficients; use kinetic.spring for 'rk4' or 'euler'), got %s%s%s",
        name ? "'" : "", name ? name : lk_typename(L, -1), name ? "'" : ""));
  }
  lua_pop(L, 1);
}

/* kinetic.spring_group(options) -> a kinetic.SpringGroup: every option
   checked first (the keys, count, the parameter family, the state fields,
   integrator, rest thresholds, clamp, the model), then built. */
static int kinetic_spring_group(lua_State *L) {
  int count, i, clamp;
  double rest_delta, rest_speed, *scratch;
  kn_spring_triple p;
  kn_spring_model model;
  kn_spring_group *g;

  if (lua_type(L, 1) != LUA_TTABLE) return lk_typeerror(L, 1, "table");
  lua_settop(L, 1);
  check_keys(L);
  count = read_count(L);
  lk_spring_read_params(L, 1, 1, &p);
  for (i = 0; i < 3; i++) check_state(L, state_keys[i], count);
  check_integrator(L);
  rest_delta = lk_optfieldnonneg(L, 1, 1, "rest_delta", LK_DEFAULT_REST_DELTA);
  rest_speed = lk_optfieldnonneg(L, 1, 1, "rest_speed", LK_DEFAULT_REST_SPEED);
  clamp = lk_optfieldbool(L, 1, 1, "clamp", 0);
  lk_spring_model(L, 1, &p, &model);
  /* everything is checked: build */
  scratch = (double *)lua_newuserdata(L, sizeof(double) * 3 * (size_t)count);
  lk_state_fill(L, 1, "from", 0, count, scratch);
  lk_state_fill(L, 1, "to", 1, count, scratch + count);
  lk_state_fill(L, 1, "velocity", 0, count, scratch + 2 * (size_t)count);
  g = (kn_spring_group *)lk_newobject(L, kn_spring_group_size(count) + sizeof(double) * (size_t)count,
                                      KN_SPRING_GROUP);
  kn_spring_group_init(g, count, &model, clamp, rest_delta, rest_speed,
                       scratch, scratch + count, scratch + 2 * (size_t)count);
  return 1;
}

/* ---- methods ------------------------------------------------------------ */

/* The userdata holds `count` doubles past the group's block: set_targets
   reads every new target there before it applies any. */
static double *targets_buffer(kn_spring_group *g) {
  return (double *)(void *)((char *)g + kn_spring_group_size(g->count));
}

static kn_spring_group *check_spring_group(lua_State *L) {
  return (kn_spring_group *)lk_checkobject(L, 1, KN_SPRING_GROUP);
}

/* 1-based index at arg -> 0-based. */
static int check_index(lua_State *L, const kn_spring_group *g, int arg) {
  double x;
  if (lua_type(L, arg) != LUA_TNUMBER) lk_typeerror(L, arg, "integer index");
  x = (double)lua_tonumber(L, arg);
  if (x != floor(x) || x < 1 || x > g->count)
    lk_argerror(L, arg, lua_pushfstring(L, "index in [1, %d] expected, got %s",
                  g->count, lk_pushnumstr(L, x)));
  return (int)x - 1;
}

/* The update itself; where a spring may leave the doubles
   (kn_spring_group_may_overflow: a coasting group, or motions near
   DBL_MAX) those that did are put to rest on their targets and update
   raises, as kinetic.Spring's update does for one spring. */
static int run_update(lua_State *L, kn_spring_group *g, double dt) {
  int moving = kn_spring_group_update(g, dt), first;
  if (kn_spring_group_may_overflow(g) && (first = kn_spring_group_reset_overflowed(g)) != 0)
    return luaL_error(L, "update: spring %d's state overflowed (beyond +-1.8e308); it is reset "
                      "to rest on its target, and so is any other that overflowed", first);
  lua_pushinteger(L, (lua_Integer)moving);
  return 1;
}

static int spring_group_update_checked(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  double dt = lk_checknonneg(L, 2);
  return run_update(L, g, dt);
}

/* g:update(dt).  Upvalue 1 is the metatable of kinetic.SpringGroup: a group
   and a finite dt >= 0 go straight to the core; anything else goes through
   spring_group_update_checked (the same results and errors). */
static int spring_group_update(lua_State *L) {
  kn_spring_group *g = (kn_spring_group *)lk_fastobject(L, 1);
  double dt;
  if (g == NULL || lua_type(L, 2) != LUA_TNUMBER) return spring_group_update_checked(L);
  dt = (double)lua_tonumber(L, 2);
  if (!(dt >= 0 && dt < HUGE_VAL)) return spring_group_update_checked(L);
  return run_update(L, g, dt);
}

static int spring_group_set(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  int i = check_index(L, g, 2);
  double x = lk_checkfinite(L, 3);
  if (lua_isnoneornil(L, 4)) kn_spring_group_set(g, i, x);
  else kn_spring_group_set_state(g, i, x, lk_checkfinite(L, 4));
  lua_settop(L, 1);
  return 1;
}

static int spring_group_set_target(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  int i = check_index(L, g, 2);
  kn_spring_group_set_target(g, i, lk_checkfinite(L, 3));
  lua_settop(L, 1);
  return 1;
}

/* g:set_targets(array): every item read and checked into the buffer past
   the group's block first (an error changes nothing), then applied to the
   whole group at once: no allocation, whatever the count. */
static int spring_group_set_targets(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  double *buf = targets_buffer(g);
  int i, n = g->count;
  if (lua_type(L, 2) != LUA_TTABLE) return lk_typeerror(L, 2, "array of numbers");
  if (lk_rawlen(L, 2) != (size_t)n)
    return lk_argerror(L, 2, lua_pushfstring(L, "array of %d numbers (count) expected, got %d items",
                         n, (int)(lk_rawlen(L, 2) > MAX_COUNT ? MAX_COUNT : lk_rawlen(L, 2))));
  lua_settop(L, 2);
  luaL_checkstack(L, 64, "set_targets");
  /* the values are popped 64 at a time (one API call per item fewer) */
  for (i = 0; i < n; i++) {
    double x;
    if (lk_rawgeti(L, 2, i + 1) != LUA_TNUMBER || !isfinite(x = (double)lua_tonumber(L, -1)))
      return lk_argerror(L, 2, lua_pushfstring(L, "item %d: finite number expected, got %s",
                           i + 1, lk_typename(L, -1)));
    buf[i] = x;
    if ((i & 63) == 63) lua_settop(L, 2);
  }
  kn_spring_group_set_targets(g, buf);
  lua_settop(L, 1);
  return 1;
}

/* g:position(i), g:velocity(i), g:target(i): spring i's value in `slot`. */
static int push_slot_item(lua_State *L, int slot) {
  kn_spring_group *g = check_spring_group(L);
  int i = check_index(L, g, 2);
  lua_pushnumber(L, (lua_Number)KN_SG_SLOT(g, slot)[i]);
  return 1;
}

static int spring_group_position(lua_State *L) { return push_slot_item(L, KN_SG_X); }
static int spring_group_velocity(lua_State *L) { return push_slot_item(L, KN_SG_V); }
static int spring_group_target(lua_State *L) { return push_slot_item(L, KN_SG_TARGET); }

static int spring_group_at_rest(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  int i = check_index(L, g, 2);
  lua_pushboolean(L, KN_SG_SLOT(g, KN_SG_REST)[i] != 0.0);
  return 1;
}

static int spring_group_positions(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  int i, n = g->count;
  const double *x = KN_SG_SLOT(g, KN_SG_X);
  if (!lua_isnoneornil(L, 2)) {
    if (lua_type(L, 2) != LUA_TTABLE) return lk_typeerror(L, 2, "table");
    lua_settop(L, 2);
  } else {
    lua_settop(L, 1);
    lua_createtable(L, n, 0);
  }
  for (i = 0; i < n; i++) {
    lua_pushnumber(L, (lua_Number)x[i]);
    lua_rawseti(L, 2, i + 1);
  }
  return 1;
}

/* g:_simd([cap]) -> the update loop's path ("avx512", "avx", "sse2" or
   "scalar"); with cap, first switches to the widest path up to cap that
   this machine runs (a test hook: the specs run every path on the same
   springs; "best" is the default). */
static int spring_group_simd(lua_State *L) {
  static const char *const names[] = { "best", "avx512", "avx", "sse2", "scalar", NULL };
  kn_spring_group *g = check_spring_group(L);
  if (!lua_isnoneornil(L, 2))
    g->simd = kn_spring_group_path_for(luaL_checkoption(L, 2, NULL, names));
  lua_pushstring(L, names[g->simd]);
  return 1;
}

static int spring_group_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)check_spring_group(L)->count);
  return 1;
}

static int spring_group_tostring(lua_State *L) {
  kn_spring_group *g = check_spring_group(L);
  char buf[200];
  snprintf(buf, sizeof buf, "kinetic.SpringGroup(count=%d, stiffness=%.14g, damping=%.14g, "
           "mass=%.14g, %d moving)", g->count, g->model.stiffness, g->model.damping,
           g->model.mass, g->moving);
  lua_pushstring(L, buf);
  return 1;
}

void lk_open_spring_group(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "set", spring_group_set }, { "set_target", spring_group_set_target },
    { "set_targets", spring_group_set_targets }, { "position", spring_group_position },
    { "velocity", spring_group_velocity }, { "target", spring_group_target },
    { "at_rest", spring_group_at_rest }, { "positions", spring_group_positions },
    { "_simd", spring_group_simd }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__len", spring_group_len }, { "__tostring", spring_group_tostring }, { NULL, NULL }
  };
  static const luaL_Reg fast_methods[] = {
    { "update", spring_group_update }, { NULL, NULL }
  };
  lk_newclass(L, KN_SPRING_GROUP, methods, meta);
  lk_setfastmethods(L, KN_SPRING_GROUP, fast_methods);
  lua_pushcfunction(L, kinetic_spring_group);
  lua_setfield(L, -2, "spring_group");
}
