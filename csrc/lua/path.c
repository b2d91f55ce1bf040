/*
** path.c -- Lua binding of kinetic.path (type kinetic.Path).
**
** The userdata payload is a kn_path and its arrays (path.h), built from
** the definition table in three steps: the segments' control points into
** a scratch userdata, the count of the adaptive length split, then the
** object itself.  Every check comes first, so no object is half built.
*/
#include <math.h>
#include <string.h>

#include "lkinetic.h"
#include "path.h"

static const char *const path_options[] = { "kind", "closed", "alpha", NULL };

static int read_kind(lua_State *L) {
  int kind;
  lua_getfield(L, 1, "kind");
  kind = lk_checkname(L, 1, "kind", kn_path_kind_name, KN_NAMES_ONEOF | KN_NAMES_QUOTED);
  lua_pop(L, 1);
  return kind;
}

/* The points {x, y} of the array part into pts (2 n doubles). */
static void read_points(lua_State *L, int n, double *pts) {
  int i, j;
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, 1, i + 1);
    if (lua_type(L, -1) != LUA_TTABLE || lk_rawlen(L, -1) != 2)
      lk_argerror(L, 1, lua_pushfstring(L, "point %d: {x, y} expected, got %s", i + 1,
                                        lua_type(L, -1) == LUA_TTABLE ? "a table that is not "
                                        "an array of 2 numbers" : lk_typename(L, -1)));
    for (j = 0; j < 2; j++) {
      lua_rawgeti(L, -1, j + 1);
      if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
        lk_argerror(L, 1, lua_pushfstring(L, "point %d: %s: finite number expected, got %s",
                                          i + 1, j == 0 ? "x" : "y",
                                          lua_type(L, -1) == LUA_TNUMBER
                                            ? lk_pushnumstr(L, (double)lua_tonumber(L, -1))
                                            : lk_typename(L, -1)));
      pts[2 * i + j] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

/* Raise the reason of a failed core check (path.h) on argument 1. */
static void check(lua_State *L, int ok, const char *why) {
  if (!ok) lk_argerror(L, 1, why);
}

static int kinetic_path(lua_State *L) {
  int kind, closed, n, nseg, degree, nsub;
  double alpha = 0.5, *pts, *ctrl;
  char why[160];
  kn_path *p;
  luaL_checktype(L, 1, LUA_TTABLE);
  n = (int)lk_rawlen(L, 1);
  lk_checkoptions(L, 1, 1, path_options, n, "points");
  kind = read_kind(L);
  lua_getfield(L, 1, "closed");
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TBOOLEAN)
    lk_fielderror(L, 1, "closed", lua_pushfstring(L, "boolean expected, got %s",
                                                  lk_typename(L, -1)));
  closed = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (lk_getfieldnum(L, 1, 1, "alpha", &alpha) && kind != KN_PATH_CATMULL_ROM)
    lk_fielderror(L, 1, "alpha", "only a catmull-rom path takes it");
  if (!(alpha >= 0.0 && alpha <= 1.0)) lk_fieldrangeerror(L, 1, "alpha", "number in [0, 1]", alpha);
  check(L, kn_path_check_count(kind, closed, n, why, sizeof why), why);
  pts = (double *)lua_newuserdata(L, (size_t)n * 2 * sizeof(double));
  read_points(L, n, pts);
  if (kind == KN_PATH_CATMULL_ROM && alpha > 0.0)
    check(L, kn_path_check_neighbours(pts, n, closed, why, sizeof why), why);
  nseg = kn_path_nseg(kind, closed, n);
  degree = kn_path_degree(kind, n);
  ctrl = (double *)lua_newuserdata(L, (size_t)nseg * (size_t)(degree + 1) * 2 * sizeof(double));
  kn_path_control(kind, closed, alpha, pts, n, ctrl);
  if (kind == KN_PATH_CATMULL_ROM)
    check(L, kn_path_check_knots(ctrl, pts, nseg, closed, n, why, sizeof why), why);
  nsub = kn_path_count(ctrl, nseg, degree);
  p = (kn_path *)lk_newobject(L, kn_path_size(nseg, degree, nsub), KN_PATH);
  kn_path_init(p, kind, closed, nseg, degree, nsub, ctrl);
  if (kn_path_length_error(p) != NULL) lk_argerror(L, 1, kn_path_length_error(p));
  return 1;
}

static kn_path *check_path(lua_State *L) {
  return (kn_path *)lk_checkobject(L, 1, KN_PATH);
}

const kn_path *lk_topath(lua_State *L, int idx) {
  return (const kn_path *)lk_testudata(L, idx, KN_PATH);
}

static int path_length(lua_State *L) {
  lua_pushnumber(L, (lua_Number)check_path(L)->length);
  return 1;
}

static int path_at(lua_State *L) {
  kn_path *p = check_path(L);
  double x, y, angle;
  kn_path_at(p, lk_checkfinite(L, 2), &x, &y, &angle, NULL);
  lua_pushnumber(L, (lua_Number)x);
  lua_pushnumber(L, (lua_Number)y);
  lua_pushnumber(L, (lua_Number)angle);
  return 3;
}

static int path_point(lua_State *L) {
  kn_path *p = check_path(L);
  double x, y;
  kn_path_point(p, lk_checkfinite(L, 2), &x, &y);
  lua_pushnumber(L, (lua_Number)x);
  lua_pushnumber(L, (lua_Number)y);
  return 2;
}

/* p:sample(n [, out]) -> {x0, y0, ..., xn, yn} at u = i / n. */
static int path_sample(lua_State *L) {
  kn_path *p = check_path(L);
  double n = lk_checkfinite(L, 2), x, y, angle;
  int i, count;
  if (!(n >= 1.0 && n <= 1e7 && n == floor(n)))
    return lk_argerror(L, 2, lua_pushfstring(L, "integer in [1, 10000000] expected, got %s",
                                             lk_pushnumstr(L, n)));
  count = (int)n;
  if (lua_isnoneornil(L, 3)) lua_createtable(L, 2 * count + 2, 0);
  else { luaL_checktype(L, 3, LUA_TTABLE); lua_settop(L, 3); }
  for (i = 0; i <= count; i++) {
    kn_path_at(p, (double)i / (double)count, &x, &y, &angle, NULL);
    lua_pushnumber(L, (lua_Number)x);
    lua_rawseti(L, -2, 2 * i + 1);
    lua_pushnumber(L, (lua_Number)y);
    lua_rawseti(L, -2, 2 * i + 2);
  }
  return 1;
}

static int path_tostring(lua_State *L) {
  kn_path *p = check_path(L);
  lua_pushfstring(L, "%s(%s%s, %d segment%s, length %s): %p", KN_PATH, kn_path_kind_name(p->kind),
                  p->closed ? " closed" : "", p->nseg, p->nseg == 1 ? "" : "s",
                  lk_pushnumstr(L, p->length), (void *)p);
  return 1;
}

void lk_open_path(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "length", path_length }, { "at", path_at }, { "point", path_point },
    { "sample", path_sample }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = { { "__tostring", path_tostring }, { NULL, NULL } };
  lk_newclass(L, KN_PATH, methods, meta);
  lua_pushcfunction(L, kinetic_path);
  lua_setfield(L, -2, "path");
}
