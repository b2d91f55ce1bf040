/*
** kinetic.c -- the C part of the module: `require("kinetic.core")`; each
** csrc/lua/<part>.c adds its functions and classes (lk_open_<part>).
** The Lua part (lua/kinetic/init.lua) loads it and is what users require.
*/
#include "lkinetic.h"

KN_EXPORT int luaopen_kinetic_core(lua_State *L) {
  lua_newtable(L);
  lk_open_easing(L);
  lk_open_spring(L);
  lk_open_spring_group(L);
  lk_open_motion(L);
  lk_open_timeline(L);
  lk_open_viewport(L);
  lk_open_animator(L);
  lk_open_path(L);
  lk_open_color(L);
  lk_open_damp(L);
  lk_open_ffi(L);
  lk_recordnames(L);
  lua_pushliteral(L, KINETIC_VERSION);
  lua_setfield(L, -2, "_VERSION");
  return 1;
}
