/*
** l_springgroup.c -- Lua binding of kinetic.spring_group (type
** kinetic.SpringGroup, API.md section 6).  Every argument is checked here;
** spring_group.c trusts its inputs.  The userdata payload is the
** kn_spring_group block itself.  The parameter families are read by
** l_spring.c's own parser (lk_spring_read_params), so the group accepts
** exactly what kinetic.spring accepts, with the same errors.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lkinetic.h"
#include "spring.h"
#include "spring_params.h"
#include "spring_group.h"

#define DEFAULT_REST_DELTA 1e-3   /* as kinetic.spring: of the distance travelled */
#define DEFAULT_REST_SPEED 1e-2   /* of the distance travelled, per second */
#define MAX_COUNT (1 << 24)

/* Every key the options table may hold (char arrays: no relocated data). */
static const char known_keys[][17] = {
  "count", "from", "to", "velocity", "integrator", "rest_delta", "rest_speed",
  "clamp", "mass", "damping_ratio", "stiffness", "damping", "frequency",
  "response", "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset", ""
};
static const char state_keys[3][9] = { "from", "to", "velocity" };

static void check_keys(lua_State *L) {
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    int i;
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
      lk_argerror(L, 1, lua_pushfstring(L, "unexpected key of type %s (options are named fields)",
                    lk_typename(L, -1)));
    }
    for (i = 0; known_keys[i][0] != '\0'; i++)
      if (strcmp(known_keys[i], lua_tostring(L, -1)) == 0) break;
    if (known_keys[i][0] == '\0')
      lk_argerror(L, 1, lua_pushfstring(L, "unknown field '%s' (spring_group takes count, "
                    "from, to, velocity, integrator, rest_delta, rest_speed, clamp and one "
                    "spring parameter family; no callbacks)", lua_tostring(L, -1)));
  }
}

static double opt_nonneg(lua_State *L, const char *key, double def) {
  double x;
  if (!lk_getfieldnum(L, 1, 1, key, &x)) return def;
  if (!(x >= 0)) lk_fieldrangeerror(L, 1, key, "non-negative number", x);
  return x;
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
  if (lk_rawlen(L, -1) != (size_t)count)
    lk_fielderror(L, 1, key, lua_pushfstring(L, "array of %d numbers (count) expected, got %d items",
                  count, (int)(lk_rawlen(L, -1) > MAX_COUNT ? MAX_COUNT : lk_rawlen(L, -1))));
  lk_checkfielditems(L, 1, key, count);
  lua_pop(L, 1);
}

static void fill_state(lua_State *L, const char *key, double def, int count, double *out) {
  int i;
  lua_getfield(L, 1, key);
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (i = 0; i < count; i++) {
      lua_rawgeti(L, -1, i + 1);
      out[i] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  } else {
    double x = lua_isnil(L, -1) ? def : (double)lua_tonumber(L, -1);
    for (i = 0; i < count; i++) out[i] = x;
  }
  lua_pop(L, 1);
}

static int group_new(lua_State *L) {
  int count, i, clamp;
  double c, rest_delta, rest_speed, *scratch;
  kn_spring_triple p;
  kn_spring_model model;
  kn_spring_group *g;

  if (lua_type(L, 1) != LUA_TTABLE) return lk_typeerror(L, 1, "table");
  lua_settop(L, 1);
  lua_getfield(L, 1, "count");
  if (lua_isnil(L, -1))
    return lk_fielderror(L, 1, "count", "integer >= 1 expected, got nil");
  lua_pop(L, 1);
  if (!lk_getfieldnum(L, 1, 1, "count", &c)) c = 0;
  if (c != floor(c) || c < 1 || c > MAX_COUNT)
    return lk_fieldrangeerror(L, 1, "count",
                              c > MAX_COUNT ? "integer <= 16777216" : "integer >= 1", c);
  count = (int)c;
  check_keys(L);
  lk_spring_read_params(L, 1, &p);
  for (i = 0; i < 3; i++) check_state(L, state_keys[i], count);
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
  rest_delta = opt_nonneg(L, "rest_delta", DEFAULT_REST_DELTA);
  rest_speed = opt_nonneg(L, "rest_speed", DEFAULT_REST_SPEED);
  clamp = lk_optfieldbool(L, 1, 1, "clamp", 0);
  kn_spring_model_init(&model, p.mass, p.stiffness, p.damping);
  if (!isfinite(model.decay) || !isfinite(model.omega2) || !isfinite(model.disc))
    return lk_argerror(L, 1, "parameters out of range (stiffness/mass or damping/mass overflows)");
  /* everything is checked: build */
  scratch = (double *)lua_newuserdata(L, sizeof(double) * 3 * (size_t)count);
  fill_state(L, "from", 0, count, scratch);
  fill_state(L, "to", 1, count, scratch + count);
  fill_state(L, "velocity", 0, count, scratch + 2 * (size_t)count);
  g = (kn_spring_group *)lk_newobject(L, kn_spring_group_size(count) + sizeof(double) * (size_t)count,
                                      KN_SPRINGGROUP);
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

static kn_spring_group *check_group(lua_State *L) {
  return (kn_spring_group *)lk_checkobject(L, 1, KN_SPRINGGROUP);
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
static int do_update(lua_State *L, kn_spring_group *g, double dt) {
  int moving = kn_spring_group_update(g, dt), first;
  if (kn_spring_group_may_overflow(g) && (first = kn_spring_group_reset_overflowed(g)) != 0)
    return luaL_error(L, "update: spring %d's state overflowed (beyond +-1.8e308); it is reset "
                      "to rest on its target, and so is any other that overflowed", first);
  lua_pushinteger(L, (lua_Integer)moving);
  return 1;
}

static int update_checked(lua_State *L) {
  kn_spring_group *g = check_group(L);
  double dt = lk_checknonneg(L, 2);
  return do_update(L, g, dt);
}

/* g:update(dt).  Upvalue 1 is the metatable of kinetic.SpringGroup: a group
   and a finite dt >= 0 go straight to the core; anything else goes through
   update_checked (the same errors as ever). */
static int m_update(lua_State *L) {
  kn_spring_group *g = (kn_spring_group *)lua_touserdata(L, 1);
  double dt;
  int same;
  if (g == NULL || !lua_getmetatable(L, 1)) return update_checked(L);
  same = lua_rawequal(L, -1, lua_upvalueindex(1));
  lua_pop(L, 1);
  if (!same || lua_type(L, 2) != LUA_TNUMBER) return update_checked(L);
  dt = (double)lua_tonumber(L, 2);
  if (!(dt >= 0 && dt < HUGE_VAL)) return update_checked(L);
  return do_update(L, g, dt);
}

static int m_set(lua_State *L) {
  kn_spring_group *g = check_group(L);
  int i = check_index(L, g, 2);
  double x = lk_checkfinite(L, 3);
  if (lua_isnoneornil(L, 4)) kn_spring_group_set(g, i, x);
  else kn_spring_group_set_state(g, i, x, lk_checkfinite(L, 4));
  lua_settop(L, 1);
  return 1;
}

static int m_set_target(lua_State *L) {
  kn_spring_group *g = check_group(L);
  int i = check_index(L, g, 2);
  kn_spring_group_set_target(g, i, lk_checkfinite(L, 3));
  lua_settop(L, 1);
  return 1;
}

/* g:set_targets(array): every item read and checked into the buffer past
   the group's block first (an error changes nothing), then applied to the
   whole group at once: no allocation, whatever the count. */
static int m_set_targets(lua_State *L) {
  kn_spring_group *g = check_group(L);
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

static int get_slot(lua_State *L, int slot) {
  kn_spring_group *g = check_group(L);
  int i = check_index(L, g, 2);
  lua_pushnumber(L, (lua_Number)KN_SG_SLOT(g, slot)[i]);
  return 1;
}

static int m_position(lua_State *L) { return get_slot(L, KN_SG_X); }
static int m_velocity(lua_State *L) { return get_slot(L, KN_SG_V); }
static int m_target(lua_State *L) { return get_slot(L, KN_SG_TARGET); }

static int m_at_rest(lua_State *L) {
  kn_spring_group *g = check_group(L);
  int i = check_index(L, g, 2);
  lua_pushboolean(L, KN_SG_SLOT(g, KN_SG_REST)[i] != 0.0);
  return 1;
}

static int m_positions(lua_State *L) {
  kn_spring_group *g = check_group(L);
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
static int m_simd(lua_State *L) {
  static const char *const names[] = { "best", "avx512", "avx", "sse2", "scalar", NULL };
  kn_spring_group *g = check_group(L);
  if (!lua_isnoneornil(L, 2))
    g->simd = kn_spring_group_path_for(luaL_checkoption(L, 2, NULL, names));
  lua_pushstring(L, names[g->simd]);
  return 1;
}

static int m_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)check_group(L)->count);
  return 1;
}

static int m_tostring(lua_State *L) {
  kn_spring_group *g = check_group(L);
  char buf[200];
  snprintf(buf, sizeof buf, "kinetic.SpringGroup(count=%d, stiffness=%.14g, damping=%.14g, "
           "mass=%.14g, %d moving)", g->count, g->model.stiffness, g->model.damping,
           g->model.mass, g->moving);
  lua_pushstring(L, buf);
  return 1;
}

void lk_open_spring_group(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "set", m_set }, { "set_target", m_set_target },
    { "set_targets", m_set_targets }, { "position", m_position },
    { "velocity", m_velocity }, { "target", m_target }, { "at_rest", m_at_rest },
    { "positions", m_positions }, { "_simd", m_simd }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__len", m_len }, { "__tostring", m_tostring }, { NULL, NULL }
  };
  lk_newclass(L, KN_SPRINGGROUP, methods, meta);
  luaL_getmetatable(L, KN_SPRINGGROUP);
  lua_getfield(L, -1, "__index");
  lua_pushvalue(L, -2);                  /* update's upvalue: the metatable */
  lua_pushcclosure(L, m_update, 1);
  lua_setfield(L, -2, "update");
  lua_pop(L, 2);
  lua_pushcfunction(L, group_new);
  lua_setfield(L, -2, "spring_group");
}
