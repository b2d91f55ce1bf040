/*
** kinetic.c -- the C part of the module: `require("kinetic.core")`.
** The Lua part (lua/kinetic/init.lua) loads it and is what users require.
*/
#include "lkinetic.h"

KN_EXPORT int luaopen_kinetic_core(lua_State *L) {
  lua_newtable(L);
  kn_open_easing(L);
  kn_open_spring(L);
  kn_open_springgroup(L);
  kn_open_motion(L);
  kn_open_timeline(L);
  kn_open_viewport(L);
  kn_open_ffi(L);
  kn_recordnames(L);
  lua_pushliteral(L, KINETIC_VERSION);
  lua_setfield(L, -2, "_VERSION");
  return 1;
}
