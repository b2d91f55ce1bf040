/*
** lutil.c -- helpers shared by the binding files: classes, objects and
** the argument checks every public function runs at the boundary.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lkinetic.h"

void kn_newclass(lua_State *L, const char *tname, const luaL_Reg *methods,
                 const luaL_Reg *meta) {
  luaL_newmetatable(L, tname);          /* reused if it already exists */
  lua_pushstring(L, tname);
  lua_setfield(L, -2, "__name");        /* 5.1 and LuaJIT do not set it */
  if (meta != NULL) kn_setfuncs(L, meta, 0);
  lua_newtable(L);
  if (methods != NULL) kn_setfuncs(L, methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "kinetic");        /* getmetatable(obj) is protected */
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}

void *kn_newobject(lua_State *L, size_t size, const char *tname) {
  void *p = kn_newuserdata(L, size);
  memset(p, 0, size);
  luaL_getmetatable(L, tname);
  lua_setmetatable(L, -2);
  return p;
}

const char *kn_typename(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER: {
      double x = (double)lua_tonumber(L, idx);
      if (x != x) return "nan";
      if (isinf(x)) return x > 0 ? "inf" : "-inf";
      return "number";
    }
    case LUA_TUSERDATA:
      if (lua_getmetatable(L, idx)) {
        const char *name;
        lua_getfield(L, -1, "__name");
        name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        lua_pop(L, 2);   /* the metatable stays referenced by the value */
        if (name != NULL) return name;
      }
      return "userdata";
    default:
      return luaL_typename(L, idx);
  }
}

int kn_typeerror(lua_State *L, int arg, const char *what) {
  const char *msg = lua_pushfstring(L, "%s expected, got %s", what,
                                    kn_typename(L, arg));
  return luaL_argerror(L, arg, msg);
}

void *kn_checkobject(lua_State *L, int arg, const char *tname) {
  void *p = kn_testudata(L, arg, tname);
  if (p == NULL) kn_typeerror(L, arg, tname);
  return p;
}

double kn_checkfinite(lua_State *L, int arg) {
  double x;
  if (lua_type(L, arg) != LUA_TNUMBER) kn_typeerror(L, arg, "number");
  x = (double)lua_tonumber(L, arg);
  if (!isfinite(x)) kn_typeerror(L, arg, "finite number");
  return x;
}

double kn_optfinite(lua_State *L, int arg, double def) {
  return lua_isnoneornil(L, arg) ? def : kn_checkfinite(L, arg);
}

double kn_checknonneg(lua_State *L, int arg) {
  double x = kn_checkfinite(L, arg);
  if (x < 0)
    luaL_argerror(L, arg, lua_pushfstring(L, "non-negative number expected, got %s",
                  kn_pushnumstr(L, x)));
  return x;
}

void kn_checkfielditems(lua_State *L, int arg, const char *key, int n) {
  int i;
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    if (lua_type(L, -1) != LUA_TNUMBER)
      kn_fielderror(L, arg, key, lua_pushfstring(L, "item %d: number expected, got %s",
                    i, kn_typename(L, -1)));
    if (!isfinite((double)lua_tonumber(L, -1)))
      kn_fielderror(L, arg, key, lua_pushfstring(L, "item %d: finite number expected, got %s",
                    i, kn_typename(L, -1)));
    lua_pop(L, 1);
  }
}

int kn_fielderror(lua_State *L, int arg, const char *key, const char *msg) {
  return luaL_argerror(L, arg, lua_pushfstring(L, "field '%s': %s", key, msg));
}

int kn_getfieldnum(lua_State *L, int t, int arg, const char *key, double *out) {
  double x;
  lua_getfield(L, t, key);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return 0; }
  if (lua_type(L, -1) != LUA_TNUMBER)
    kn_fielderror(L, arg, key, lua_pushfstring(L,
                  "number expected, got %s", kn_typename(L, -1)));
  x = (double)lua_tonumber(L, -1);
  if (!isfinite(x))
    kn_fielderror(L, arg, key, lua_pushfstring(L,
                  "finite number expected, got %s", kn_typename(L, -1)));
  lua_pop(L, 1);
  *out = x;
  return 1;
}

double kn_optfieldnum(lua_State *L, int t, int arg, const char *key, double def) {
  double x;
  return kn_getfieldnum(L, t, arg, key, &x) ? x : def;
}

int kn_optfieldbool(lua_State *L, int t, int arg, const char *key, int def) {
  int b;
  lua_getfield(L, t, key);
  if (lua_isnil(L, -1)) b = def;
  else if (lua_type(L, -1) == LUA_TBOOLEAN) b = lua_toboolean(L, -1);
  else
    return kn_fielderror(L, arg, key, lua_pushfstring(L,
                         "boolean expected, got %s", kn_typename(L, -1)));
  lua_pop(L, 1);
  return b;
}

const char *kn_pushnumstr(lua_State *L, double x) {
  char buf[64];
  if (x != x) strcpy(buf, "nan");
  else if (isinf(x)) strcpy(buf, x > 0 ? "inf" : "-inf");
  else snprintf(buf, sizeof buf, "%.14g", x);
  lua_pushstring(L, buf);            /* void in 5.1: read it back */
  return lua_tostring(L, -1);
}

int kn_fieldrangeerror(lua_State *L, int arg, const char *key,
                       const char *expected, double x) {
  const char *num = kn_pushnumstr(L, x);
  return kn_fielderror(L, arg, key, lua_pushfstring(L, "%s expected, got %s",
                                                    expected, num));
}
