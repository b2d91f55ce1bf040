/*
** viewport.c -- Lua binding of kinetic.viewport (type kinetic.Viewport).
**
** The userdata payload is a kn_viewport.  Its eight parameters are fields
** that read and write like a table's (vp.scale_x = 2), so tl:apply(vp)
** animates them; origin, unit and scale also read and write as pairs.
*/
#include <math.h>
#include <stdio.h>

#include "lkinetic.h"
#include "viewport.h"

static kn_viewport *check_viewport(lua_State *L) {
  return (kn_viewport *)lk_checkobject(L, 1, KN_VIEWPORT);
}

/* {a, b} at idx into out[2], written only when both are read; errors
   name `what`. */
static void read_pair(lua_State *L, int idx, const char *what, double *out,
                      int (*fail)(lua_State *, const char *, const char *)) {
  double pair[2];
  int i;
  if (lua_type(L, idx) != LUA_TTABLE || lk_rawlen(L, idx) != 2) {
    if (lua_type(L, idx) == LUA_TTABLE && lk_rawlen(L, idx) == 0 &&
        lk_pushtablekind(L, idx) == LK_TABLE_NAMED)   /* {x = 1, y = 2} */
      fail(L, what, lua_pushfstring(L, "{x, y} expected (an array of 2 numbers), got %s",
                                    lua_tostring(L, -1)));
    fail(L, what, lua_pushfstring(L, "{x, y} expected, got %s",
                                  lk_typename(L, idx)));
    return;
  }
  for (i = 0; i < 2; i++) {
    double x;
    lua_rawgeti(L, idx, i + 1);
    if (lua_type(L, -1) != LUA_TNUMBER)
      fail(L, what, lua_pushfstring(L, "%s: number expected, got %s",
                                    i == 0 ? "x" : "y", lk_typename(L, -1)));
    x = (double)lua_tonumber(L, -1);
    if (!isfinite(x))
      fail(L, what, lua_pushfstring(L, "%s: finite number expected, got %s",
                                    i == 0 ? "x" : "y", lk_typename(L, -1)));
    pair[i] = x;
    lua_pop(L, 1);
  }
  out[0] = pair[0];
  out[1] = pair[1];
}

/* read_pair's errors: in an option of kinetic.viewport{...} ... */
static int option_fail(lua_State *L, const char *key, const char *msg) {
  return lk_fielderror(L, 1, key, msg);
}

/* ... and in an assignment vp.key = value. */
static int assign_fail(lua_State *L, const char *key, const char *msg) {
  return luaL_error(L, "kinetic.Viewport field '%s': %s", key, msg);
}

/* The options of kinetic.viewport, besides items 1 and 2 (width and
   height): any other name is refused. */
static const char *const viewport_option_names[] = {
  "width", "height", "origin", "unit", "scale", NULL
};

/* kinetic.viewport{ width, height, origin = {ox, oy}, unit = {ux, uy},
   scale = {kx, ky} }; width and height may also be given by name. */
static int kinetic_viewport(lua_State *L) {
  kn_viewport v, *vp;
  int i, count;
  static const char sizes[2][8] = { "width", "height" };
  if (lua_type(L, 1) != LUA_TTABLE) return lk_typeerror(L, 1, "table");
  lua_settop(L, 1);
  lk_checkoptions(L, 1, 1, viewport_option_names, 2, "width and height may be items 1 and 2");
  for (i = 0; i < 2; i++) {
    double x;
    if (!lk_getfieldnum(L, 1, 1, sizes[i], &x)) {
      lua_rawgeti(L, 1, i + 1);
      if (lua_type(L, -1) != LUA_TNUMBER)
        return lk_fielderror(L, 1, sizes[i], lua_pushfstring(L,
                             "number expected, got %s", lk_typename(L, -1)));
      x = (double)lua_tonumber(L, -1);
      if (!isfinite(x))
        return lk_fielderror(L, 1, sizes[i], lua_pushfstring(L,
                             "finite number expected, got %s", lk_typename(L, -1)));
      lua_pop(L, 1);
    }
    if (i == 0) v.width = x; else v.height = x;
  }
  kn_viewport_defaults(&v);
  for (i = 0; kn_viewport_pair_name(i) != NULL; i++) {
    const char *name = kn_viewport_pair_name(i);
    lua_getfield(L, 1, name);
    if (!lua_isnil(L, -1))
      read_pair(L, lua_gettop(L), name, kn_viewport_param(&v, name, &count), option_fail);
    lua_pop(L, 1);
  }
  vp = (kn_viewport *)lk_newobject(L, sizeof(kn_viewport), KN_VIEWPORT);
  *vp = v;
  return 1;
}

static int viewport_to_screen(lua_State *L) {
  kn_viewport *vp = check_viewport(L);
  double x = lk_checkfinite(L, 2), y = lk_checkfinite(L, 3), sx, sy;
  kn_viewport_to_screen(vp, x, y, &sx, &sy);
  lua_pushnumber(L, (lua_Number)sx);
  lua_pushnumber(L, (lua_Number)sy);
  return 2;
}

static int viewport_to_world(lua_State *L) {
  kn_viewport *vp = check_viewport(L);
  double sx = lk_checkfinite(L, 2), sy = lk_checkfinite(L, 3), x, y;
  if (!kn_viewport_to_world(vp, sx, sy, &x, &y))
    return luaL_error(L, "to_world: the viewport is not invertible "
                      "(unit_x*scale_x or unit_y*scale_y is 0)");
  lua_pushnumber(L, (lua_Number)x);
  lua_pushnumber(L, (lua_Number)y);
  return 2;
}

/* __index: methods (upvalue 1) first, then the fields. */
static int viewport_index(lua_State *L) {
  kn_viewport *vp = check_viewport(L);
  double *p;
  int count;
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  if (!lua_isnil(L, -1) || lua_type(L, 2) != LUA_TSTRING) return 1;
  p = kn_viewport_param(vp, lua_tostring(L, 2), &count);
  if (p == NULL) {
    lua_pushnil(L);
  } else if (count == 1) {
    lua_pushnumber(L, (lua_Number)*p);
  } else {
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, (lua_Number)p[0]);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, (lua_Number)p[1]);
    lua_rawseti(L, -2, 2);
  }
  return 1;
}

/* __newindex: the eight numbers (finite), or a pair as {x, y}. */
static int viewport_newindex(lua_State *L) {
  kn_viewport *vp = check_viewport(L);
  const char *key;
  double *p;
  int count;
  if (lua_type(L, 2) != LUA_TSTRING)
    return luaL_error(L, "kinetic.Viewport has no field of type %s",
                      lk_typename(L, 2));
  key = lua_tostring(L, 2);
  p = kn_viewport_param(vp, key, &count);
  if (p != NULL && count == 1) {
    double x;
    if (lua_type(L, 3) != LUA_TNUMBER)
      return assign_fail(L, key, lua_pushfstring(L, "number expected, got %s",
                                              lk_typename(L, 3)));
    x = (double)lua_tonumber(L, 3);
    if (!isfinite(x))
      return assign_fail(L, key, lua_pushfstring(L, "finite number expected, got %s",
                                              lk_typename(L, 3)));
    *p = x;
    return 0;
  }
  if (p != NULL) {
    read_pair(L, 3, key, p, assign_fail);
    return 0;
  }
  return luaL_error(L, "kinetic.Viewport has no field '%s' (fields: width, height, "
                    "origin_x, origin_y, unit_x, unit_y, scale_x, scale_y, "
                    "origin, unit, scale)", key);
}

static int viewport_tostring(lua_State *L) {
  kn_viewport *vp = check_viewport(L);
  char buf[80];
  snprintf(buf, sizeof buf, "%.14g x %.14g", vp->width, vp->height);
  lua_pushfstring(L, "%s(%s): %p", KN_VIEWPORT, buf, (void *)vp);
  return 1;
}

void lk_open_viewport(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "to_screen", viewport_to_screen }, { "to_world", viewport_to_world }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__tostring", viewport_tostring }, { "__newindex", viewport_newindex }, { NULL, NULL }
  };
  lk_newclass(L, KN_VIEWPORT, methods, meta);
  /* replace the __index table by a function that also reads the fields */
  luaL_getmetatable(L, KN_VIEWPORT);
  lua_getfield(L, -1, "__index");
  lua_pushcclosure(L, viewport_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, kinetic_viewport);
  lua_setfield(L, -2, "viewport");
}
