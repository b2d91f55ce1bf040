/*
** l_motion.c -- Lua binding of kinetic.friction (kinetic.Friction) and
** kinetic.gravity (kinetic.Gravity).  Like Flutter's simulations they are
** functions of the simulation time t since creation: at(t), done(t) and
** time_at(x) use that time; update(dt) advances the object's clock.
*/
#include <math.h>
#include <stdio.h>

#include "lkinetic.h"
#include "friction.h"
#include "gravity.h"

static void check_options(lua_State *L) {
  if (lua_type(L, 1) != LUA_TTABLE) lk_typeerror(L, 1, "table");
}

static double required(lua_State *L, const char *key) {
  double x = 0;
  if (!lk_getfieldnum(L, 1, 1, key, &x))
    lk_fielderror(L, 1, key, "number expected, got nil");
  return x;
}

/* ---- friction ------------------------------------------------------------ */

static int friction_new(lua_State *L) {
  double drag, x0, v0, cd, tol;
  kn_friction *f;
  check_options(L);
  drag = required(L, "drag");
  if (!(drag > 0 && drag < 1)) lk_fieldrangeerror(L, 1, "drag", "number in (0, 1)", drag);
  x0 = lk_optfieldnum(L, 1, 1, "position", 0);
  v0 = lk_optfieldnum(L, 1, 1, "velocity", 0);
  cd = lk_optfieldnum(L, 1, 1, "constant_deceleration", 0);
  if (!(cd >= 0))
    lk_fieldrangeerror(L, 1, "constant_deceleration", "non-negative number", cd);
  tol = lk_optfieldnum(L, 1, 1, "tolerance", 1e-3);
  if (!(tol >= 0)) lk_fieldrangeerror(L, 1, "tolerance", "non-negative number", tol);
  f = (kn_friction *)lk_newobject(L, sizeof(kn_friction), KN_FRICTION);
  kn_friction_init(f, drag, x0, v0, cd, tol);
  return 1;
}

static kn_friction *check_friction(lua_State *L) {
  return (kn_friction *)lk_checkobject(L, 1, KN_FRICTION);
}

static int f_at(lua_State *L) {
  kn_friction *f = check_friction(L);
  double x, v;
  kn_friction_at(f, lk_checknonneg(L, 2), &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  lua_pushnumber(L, (lua_Number)v);
  return 2;
}

/* The clock after update(dt): refused (the clock stays) where it would
   leave the doubles -- at(inf) has no value (gravity: 0 * inf). */
static double advance(lua_State *L, double time, double dt) {
  if (!(time + dt < HUGE_VAL)) luaL_error(L, "update: the clock would overflow");
  return time + dt;
}

static int f_update(lua_State *L) {
  kn_friction *f = check_friction(L);
  double dt = lk_checknonneg(L, 2), x, v;
  f->time = advance(L, f->time, dt);
  kn_friction_at(f, f->time, &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  return 1;
}

static int f_position(lua_State *L) {
  kn_friction *f = check_friction(L);
  double x, v;
  kn_friction_at(f, f->time, &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  return 1;
}

static int f_velocity(lua_State *L) {
  kn_friction *f = check_friction(L);
  double x, v;
  kn_friction_at(f, f->time, &x, &v);
  lua_pushnumber(L, (lua_Number)v);
  return 1;
}

static int f_time(lua_State *L) {
  lua_pushnumber(L, (lua_Number)check_friction(L)->time);
  return 1;
}

static int f_final_position(lua_State *L) {
  lua_pushnumber(L, (lua_Number)kn_friction_final_position(check_friction(L)));
  return 1;
}

static int f_time_at(lua_State *L) {
  kn_friction *f = check_friction(L);
  lua_pushnumber(L, (lua_Number)kn_friction_time_at(f, lk_checkfinite(L, 2)));
  return 1;
}

static int f_done(lua_State *L) {
  kn_friction *f = check_friction(L);
  double t = lua_isnoneornil(L, 2) ? f->time : lk_checknonneg(L, 2);
  lua_pushboolean(L, kn_friction_done(f, t));
  return 1;
}

static int f_tostring(lua_State *L) {
  kn_friction *f = check_friction(L);
  char buf[160];
  snprintf(buf, sizeof buf, "kinetic.Friction(drag=%.14g, position=%.14g, velocity=%.14g, t=%.14g)",
           f->drag, f->x0, f->v0, f->time);
  lua_pushstring(L, buf);
  return 1;
}

/* ---- gravity ------------------------------------------------------------- */

static int gravity_new(lua_State *L) {
  double a, x0, v0, end;
  kn_gravity *g;
  check_options(L);
  a = required(L, "acceleration");
  x0 = lk_optfieldnum(L, 1, 1, "position", 0);
  v0 = lk_optfieldnum(L, 1, 1, "velocity", 0);
  end = lk_optfieldnum(L, 1, 1, "end_distance", HUGE_VAL);
  if (!(end >= 0)) lk_fieldrangeerror(L, 1, "end_distance", "non-negative number", end);
  g = (kn_gravity *)lk_newobject(L, sizeof(kn_gravity), KN_GRAVITY);
  kn_gravity_init(g, a, x0, v0, end);
  return 1;
}

static kn_gravity *check_gravity(lua_State *L) {
  return (kn_gravity *)lk_checkobject(L, 1, KN_GRAVITY);
}

static int g_at(lua_State *L) {
  kn_gravity *g = check_gravity(L);
  double x, v;
  kn_gravity_at(g, lk_checknonneg(L, 2), &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  lua_pushnumber(L, (lua_Number)v);
  return 2;
}

static int g_update(lua_State *L) {
  kn_gravity *g = check_gravity(L);
  double dt = lk_checknonneg(L, 2), x, v;
  g->time = advance(L, g->time, dt);
  kn_gravity_at(g, g->time, &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  return 1;
}

static int g_position(lua_State *L) {
  kn_gravity *g = check_gravity(L);
  double x, v;
  kn_gravity_at(g, g->time, &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  return 1;
}

static int g_velocity(lua_State *L) {
  kn_gravity *g = check_gravity(L);
  double x, v;
  kn_gravity_at(g, g->time, &x, &v);
  lua_pushnumber(L, (lua_Number)v);
  return 1;
}

static int g_time(lua_State *L) {
  lua_pushnumber(L, (lua_Number)check_gravity(L)->time);
  return 1;
}

static int g_done(lua_State *L) {
  kn_gravity *g = check_gravity(L);
  double t = lua_isnoneornil(L, 2) ? g->time : lk_checknonneg(L, 2);
  lua_pushboolean(L, kn_gravity_done(g, t));
  return 1;
}

static int g_tostring(lua_State *L) {
  kn_gravity *g = check_gravity(L);
  char buf[160];
  snprintf(buf, sizeof buf, "kinetic.Gravity(acceleration=%.14g, position=%.14g, velocity=%.14g, t=%.14g)",
           g->acceleration, g->x0, g->v0, g->time);
  lua_pushstring(L, buf);
  return 1;
}

static const luaL_Reg friction_methods[] = {
  { "at", f_at }, { "update", f_update }, { "position", f_position },
  { "velocity", f_velocity }, { "time", f_time }, { "final_position", f_final_position },
  { "time_at", f_time_at }, { "done", f_done }, { NULL, NULL }
};

static const luaL_Reg friction_meta[] = {
  { "__tostring", f_tostring }, { NULL, NULL }
};

static const luaL_Reg gravity_methods[] = {
  { "at", g_at }, { "update", g_update }, { "position", g_position },
  { "velocity", g_velocity }, { "time", g_time }, { "done", g_done }, { NULL, NULL }
};

static const luaL_Reg gravity_meta[] = {
  { "__tostring", g_tostring }, { NULL, NULL }
};

static const luaL_Reg motion_functions[] = {
  { "friction", friction_new }, { "gravity", gravity_new }, { NULL, NULL }
};

void lk_open_motion(lua_State *L) {
  lk_newclass(L, KN_FRICTION, friction_methods, friction_meta);
  lk_newclass(L, KN_GRAVITY, gravity_methods, gravity_meta);
  lk_setfuncs(L, motion_functions, 0);
}
