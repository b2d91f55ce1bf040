/*
** damp.c -- Lua binding of kinetic.damp, kinetic.smooth_damp (damp.h) and
** kinetic.noise (noise.h): plain functions of numbers.
*/
#include <math.h>

#include "lkinetic.h"
#include "damp.h"
#include "noise.h"

/* kinetic.damp(current, target, rate, dt) -> the value dt later. */
static int kinetic_damp(lua_State *L) {
  double current = lk_checkfinite(L, 1), target = lk_checkfinite(L, 2);
  double rate = lk_checknonneg(L, 3), dt = lk_checknonneg(L, 4);
  lua_pushnumber(L, kn_damp(current, target, rate, dt));
  return 1;
}

/* kinetic.smooth_damp(current, target, velocity, smooth_time, dt
   [, max_speed]) -> position, velocity. */
static int kinetic_smooth_damp(lua_State *L) {
  double current = lk_checkfinite(L, 1), target = lk_checkfinite(L, 2);
  double velocity = lk_checkfinite(L, 3), smooth_time = lk_checkfinite(L, 4);
  double dt, max_speed = HUGE_VAL, x, v;
  if (!(smooth_time > 0))
    lk_argerror(L, 4, lua_pushfstring(L, "positive number expected, got %s",
                                      lk_pushnumstr(L, smooth_time)));
  dt = lk_checknonneg(L, 5);
  if (!lua_isnoneornil(L, 6)) {
    if (lua_type(L, 6) != LUA_TNUMBER) lk_typeerror(L, 6, "number");
    max_speed = (double)lua_tonumber(L, 6);
    if (!(max_speed >= 0))
      lk_argerror(L, 6, lua_pushfstring(L, "non-negative number expected, got %s",
                                        lk_pushnumstr(L, max_speed)));
  }
  if (kn_smooth_damp(current, target, velocity, smooth_time, dt, max_speed, &x, &v))
    return luaL_error(L, "smooth_damp: the state overflowed (beyond +-1.8e308)");
  lua_pushnumber(L, x);
  lua_pushnumber(L, v);
  return 2;
}

/* kinetic.noise(x [, seed]) -> gradient noise in [-1, 1]. */
static int kinetic_noise(lua_State *L) {
  double x = lk_checkfinite(L, 1), seed = 0;
  if (!lua_isnoneornil(L, 2)) {
    if (lua_type(L, 2) != LUA_TNUMBER) lk_typeerror(L, 2, "number");
    seed = (double)lua_tonumber(L, 2);
    if (!(seed == floor(seed) && fabs(seed) <= 9007199254740992.0))
      lk_argerror(L, 2, lua_pushfstring(L, "integer expected, got %s", lk_pushnumstr(L, seed)));
  }
  lua_pushnumber(L, kn_noise(x, seed));
  return 1;
}

void lk_open_damp(lua_State *L) {
  static const luaL_Reg functions[] = {
    { "damp", kinetic_damp }, { "smooth_damp", kinetic_smooth_damp },
    { "noise", kinetic_noise }, { NULL, NULL }
  };
  lk_setfuncs(L, functions, 0);
}
