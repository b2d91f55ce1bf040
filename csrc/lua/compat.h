/*
** compat.h -- one source for every Lua C ABI (5.1/LuaJIT, 5.2, 5.3, 5.4).
**
** Only the binding files include this.  Every replacement is a static
** function with an `lk_` prefix, never a `lua`-prefixed name: LuaJIT 2.1
** already exports some 5.2 functions, and a module built against the 5.1
** headers must also load in PUC lua5.1, which lacks them.
*/
#ifndef KINETIC_COMPAT_H
#define KINETIC_COMPAT_H

#include "lua.h"
#include "lauxlib.h"

#if LUA_VERSION_NUM < 502

/* luaL_setfuncs of 5.2: register `l` into the table on top, with `nup`
   upvalues shared by all functions. */
static inline void lk_setfuncs(lua_State *L, const luaL_Reg *l, int nup) {
  luaL_checkstack(L, nup + 1, "too many upvalues");
  for (; l->name != NULL; l++) {
    int i;
    if (l->func == NULL) { lua_pushboolean(L, 0); }
    else {
      for (i = 0; i < nup; i++) lua_pushvalue(L, -nup);
      lua_pushcclosure(L, l->func, nup);
    }
    lua_setfield(L, -(nup + 2), l->name);
  }
  lua_pop(L, nup);
}

static inline size_t lk_rawlen(lua_State *L, int idx) {
  return lua_objlen(L, idx);
}

/* luaL_testudata of 5.2: the userdata at `ud` if its metatable is the one
   registered as `tname`, otherwise NULL. */
static inline void *lk_testudata(lua_State *L, int ud, const char *tname) {
  void *p = lua_touserdata(L, ud);
  if (p != NULL && lua_getmetatable(L, ud)) {
    luaL_getmetatable(L, tname);
    if (!lua_rawequal(L, -1, -2)) p = NULL;
    lua_pop(L, 2);
    return p;
  }
  return NULL;
}

static inline int lk_absindex(lua_State *L, int idx) {
  return (idx > 0 || idx <= LUA_REGISTRYINDEX) ? idx : lua_gettop(L) + idx + 1;
}

#define lk_setuservalue(L, idx)  lua_setfenv((L), (idx))
#define lk_getuservalue(L, idx)  lua_getfenv((L), (idx))

#else

#define lk_setfuncs(L, l, n)     luaL_setfuncs((L), (l), (n))
#define lk_rawlen(L, idx)        ((size_t)lua_rawlen((L), (idx)))
#define lk_testudata(L, ud, tn)  luaL_testudata((L), (ud), (tn))
#define lk_absindex(L, idx)      lua_absindex((L), (idx))
#define lk_setuservalue(L, idx)  ((void)lua_setuservalue((L), (idx)))
#define lk_getuservalue(L, idx)  ((void)lua_getuservalue((L), (idx)))

#endif

/* lua_rawgeti that returns the type of the value it pushed (5.3+ does). */
#if LUA_VERSION_NUM >= 503
#define lk_rawgeti(L, idx, i)    lua_rawgeti((L), (idx), (i))
#else
static inline int lk_rawgeti(lua_State *L, int idx, int i) {
  lua_rawgeti(L, idx, i);
  return lua_type(L, -1);
}
#endif

/* A full userdata with room for one user value (5.4 needs it asked for). */
#if LUA_VERSION_NUM >= 504
#define lk_newuserdata(L, sz)    lua_newuserdatauv((L), (sz), 1)
#else
#define lk_newuserdata(L, sz)    lua_newuserdata((L), (sz))
#endif

#endif
