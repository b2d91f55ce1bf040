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

/* The count rules of each kind (path.h); raises on a bad count. */
static void check_count(lua_State *L, int kind, int closed, int n) {
  if (kind == KN_PATH_BEZIER && closed)
    lk_argerror(L, 1, "a closed path needs kind 'bezier-spline', 'catmull-rom' or 'linear'");
  if (n < 2)
    lk_argerror(L, 1, lua_pushfstring(L, "at least 2 points expected, got %d", n));
  if (kind == KN_PATH_BEZIER && n > KN_PATH_DEGREE_MAX + 1)
    lk_argerror(L, 1, lua_pushfstring(L, "a bezier of degree at most %d expected (%d points), "
                                      "got %d points", KN_PATH_DEGREE_MAX,
                                      KN_PATH_DEGREE_MAX + 1, n));
  if (kind == KN_PATH_BEZIER_SPLINE && !closed && (n - 1) % 3 != 0)
    lk_argerror(L, 1, lua_pushfstring(L, "an open bezier-spline has 3k + 1 points "
                                      "(p0, c1, c2, p1, ...), got %d", n));
  if (kind == KN_PATH_BEZIER_SPLINE && closed && n % 3 != 0)
    lk_argerror(L, 1, lua_pushfstring(L, "a closed bezier-spline has 3k points "
                                      "(p0, c1, c2, p1, ..., c1, c2), got %d", n));
}

/* Catmull-Rom knots need distinct neighbours (alpha > 0: a zero interval). */
static void check_neighbours(lua_State *L, const double *pts, int n, int closed) {
  int i, m = closed ? n : n - 1;
  for (i = 0; i < m; i++) {
    int j = (i + 1) % n;
    if (pts[2 * i] == pts[2 * j] && pts[2 * i + 1] == pts[2 * j + 1])
      lk_argerror(L, 1, lua_pushfstring(L, "points %d and %d coincide (a catmull-rom path with "
                                        "alpha > 0 needs distinct neighbours)", i + 1, j + 1));
  }
}

/* A Catmull-Rom segment whose knots do not increase (neighbours so close
   that |P_{j+1} - P_j|^alpha vanishes beside the knot before it) has no
   finite cubic: refused, naming the closest pair of the points it is made
   of (segment i: points i - 1 to i + 2).  Other kinds copy the finite
   points they were given. */
static void check_knots(lua_State *L, const double *ctrl, const double *pts, int nseg,
                        int closed, int n) {
  int i, j, k;
  for (i = 0; i < nseg; i++) {
    double best = HUGE_VAL;
    int a = 0;
    for (k = 0; k < 8 && isfinite(ctrl[8 * i + k]); k++) {}
    if (k == 8) continue;
    for (j = i - 1; j <= i + 1; j++) {
      int p = closed ? (j + n) % n : j, q = closed ? (j + 1) % n : j + 1;
      double dist;
      if (p < 0 || q >= n) continue;
      dist = hypot(pts[2 * q] - pts[2 * p], pts[2 * q + 1] - pts[2 * p + 1]);
      if (dist < best) { best = dist; a = p; }
    }
    lk_argerror(L, 1, lua_pushfstring(L, "points %d and %d are too close together for the "
                                      "knots of a catmull-rom path", a + 1, (a + 1) % n + 1));
  }
}

static int kinetic_path(lua_State *L) {
  int kind, closed, n, nseg, degree, nsub;
  double alpha = 0.5, *pts, *ctrl;
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
  check_count(L, kind, closed, n);
  pts = (double *)lua_newuserdata(L, (size_t)n * 2 * sizeof(double));
  read_points(L, n, pts);
  if (kind == KN_PATH_CATMULL_ROM && alpha > 0.0) check_neighbours(L, pts, n, closed);
  nseg = kn_path_nseg(kind, closed, n);
  degree = kn_path_degree(kind, n);
  ctrl = (double *)lua_newuserdata(L, (size_t)nseg * (size_t)(degree + 1) * 2 * sizeof(double));
  kn_path_control(kind, closed, alpha, pts, n, ctrl);
  if (kind == KN_PATH_CATMULL_ROM) check_knots(L, ctrl, pts, nseg, closed, n);
  nsub = kn_path_count(ctrl, nseg, degree);
  p = (kn_path *)lk_newobject(L, kn_path_size(nseg, degree, nsub), KN_PATH);
  kn_path_init(p, kind, closed, nseg, degree, nsub, ctrl);
  if (!(p->length > 0.0) || !isfinite(p->length))
    lk_argerror(L, 1, isfinite(p->length) ? "the points span no length"
                                          : "the path is too long for a double");
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
