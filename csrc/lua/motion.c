/*
** motion.c -- Lua binding of kinetic.friction (kinetic.Friction) and
** kinetic.gravity (kinetic.Gravity).  Like Flutter's FrictionSimulation and
** GravitySimulation they are functions of the simulation time t since
** creation: at(t), done(t) and time_at(x) use that time; update(dt)
** advances the object's clock.
**
** Both types share one set of methods (at, update, position, velocity,
** time, done, __tostring); each closure holds its type's motion_type as
** upvalue 1.
*/
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "lkinetic.h"
#include "friction.h"
#include "gravity.h"

/* What the shared methods need of a motion type: its metatable's name,
   where its parameter, start state and clock sit in the payload, its state
   at a time and its end test. */
typedef struct motion_type {
  char tname[20];          /* KN_FRICTION or KN_GRAVITY */
  char param[16];          /* the parameter __tostring shows first */
  size_t param_at, x0_at, v0_at, time_at;   /* offsets of those doubles */
  void (*state)(const void *m, double t, double *x, double *v);
  int (*done)(const void *m, double t);
} motion_type;

static void friction_state(const void *m, double t, double *x, double *v) {
  kn_friction_at((const kn_friction *)m, t, x, v);
}

static int friction_done(const void *m, double t) {
  return kn_friction_done((const kn_friction *)m, t);
}

static void gravity_state(const void *m, double t, double *x, double *v) {
  kn_gravity_at((const kn_gravity *)m, t, x, v);
}

static int gravity_done(const void *m, double t) {
  return kn_gravity_done((const kn_gravity *)m, t);
}

static const motion_type friction_type = {
  KN_FRICTION, "drag", offsetof(kn_friction, drag), offsetof(kn_friction, x0),
  offsetof(kn_friction, v0), offsetof(kn_friction, time), friction_state, friction_done
};

static const motion_type gravity_type = {
  KN_GRAVITY, "acceleration", offsetof(kn_gravity, acceleration), offsetof(kn_gravity, x0),
  offsetof(kn_gravity, v0), offsetof(kn_gravity, time), gravity_state, gravity_done
};

/* The double at byte offset `at` of a payload. */
static double *field(void *m, size_t at) {
  return (double *)(void *)((char *)m + at);
}

/* ---- construction -------------------------------------------------------- */

/* The options of each constructor: any other name is refused. */
static const char *const friction_option_names[] = {
  "drag", "position", "velocity", "constant_deceleration", "tolerance", NULL
};
static const char *const gravity_option_names[] = {
  "acceleration", "position", "velocity", "end_distance", NULL
};

/* Argument 1: a table of the options `known`, checked before any is read. */
static void check_options(lua_State *L, const char *const *known) {
  if (lua_type(L, 1) != LUA_TTABLE) lk_typeerror(L, 1, "table");
  lk_checkoptions(L, 1, 1, known, 0, NULL);
}

static double required(lua_State *L, const char *key) {
  double x = 0;
  if (!lk_getfieldnum(L, 1, 1, key, &x))
    lk_fielderror(L, 1, key, "number expected, got nil");
  return x;
}

/* kinetic.friction{ drag, position, velocity, constant_deceleration,
   tolerance } -> a kinetic.Friction. */
static int kinetic_friction(lua_State *L) {
  double drag, x0, v0, cd, tol;
  kn_friction *f;
  check_options(L, friction_option_names);
  drag = required(L, "drag");
  if (!(drag > 0 && drag < 1)) lk_fieldrangeerror(L, 1, "drag", "number in (0, 1)", drag);
  x0 = lk_optfieldnum(L, 1, 1, "position", 0);
  v0 = lk_optfieldnum(L, 1, 1, "velocity", 0);
  cd = lk_optfieldnonneg(L, 1, 1, "constant_deceleration", 0);
  tol = lk_optfieldnonneg(L, 1, 1, "tolerance", 1e-3);
  f = (kn_friction *)lk_newobject(L, sizeof(kn_friction), KN_FRICTION);
  kn_friction_init(f, drag, x0, v0, cd, tol);
  return 1;
}

/* kinetic.gravity{ acceleration, position, velocity, end_distance } ->
   a kinetic.Gravity. */
static int kinetic_gravity(lua_State *L) {
  double a, x0, v0, end;
  kn_gravity *g;
  check_options(L, gravity_option_names);
  a = required(L, "acceleration");
  x0 = lk_optfieldnum(L, 1, 1, "position", 0);
  v0 = lk_optfieldnum(L, 1, 1, "velocity", 0);
  end = lk_optfieldnonneg(L, 1, 1, "end_distance", HUGE_VAL);
  g = (kn_gravity *)lk_newobject(L, sizeof(kn_gravity), KN_GRAVITY);
  kn_gravity_init(g, a, x0, v0, end);
  return 1;
}

/* ---- the shared methods -------------------------------------------------- */

/* Self (argument 1) checked against the closure's type, which goes to *type. */
static void *check_motion(lua_State *L, const motion_type **type) {
  *type = (const motion_type *)lua_touserdata(L, lua_upvalueindex(1));
  return lk_checkobject(L, 1, (*type)->tname);
}

/* The clock after update(dt): refused (the clock stays) where it would
   leave the doubles -- at(inf) has no value (gravity: 0 * inf). */
static double advance(lua_State *L, double time, double dt) {
  if (!(time + dt < HUGE_VAL)) luaL_error(L, "update: the clock would overflow");
  return time + dt;
}

/* m:at(t) -> x, v at simulation time t. */
static int motion_at(lua_State *L) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  double x, v;
  type->state(m, lk_checknonneg(L, 2), &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  lua_pushnumber(L, (lua_Number)v);
  return 2;
}

/* m:update(dt) -> x: the clock moves on by dt. */
static int motion_update(lua_State *L) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  double dt = lk_checknonneg(L, 2), x, v, *clock = field(m, type->time_at);
  *clock = advance(L, *clock, dt);
  type->state(m, *clock, &x, &v);
  lua_pushnumber(L, (lua_Number)x);
  return 1;
}

/* m:position(), m:velocity(): the state at the clock, x (which = 0) or v. */
static int push_state(lua_State *L, int which) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  double x, v;
  type->state(m, *field(m, type->time_at), &x, &v);
  lua_pushnumber(L, (lua_Number)(which == 0 ? x : v));
  return 1;
}

static int motion_position(lua_State *L) { return push_state(L, 0); }
static int motion_velocity(lua_State *L) { return push_state(L, 1); }

static int motion_time(lua_State *L) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  lua_pushnumber(L, (lua_Number)*field(m, type->time_at));
  return 1;
}

/* m:done([t]): the end test at t, or at the clock. */
static int motion_done(lua_State *L) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  double t = lua_isnoneornil(L, 2) ? *field(m, type->time_at) : lk_checknonneg(L, 2);
  lua_pushboolean(L, type->done(m, t));
  return 1;
}

static int motion_tostring(lua_State *L) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  char buf[160];
  snprintf(buf, sizeof buf, "%s(%s=%.14g, position=%.14g, velocity=%.14g, t=%.14g)",
           type->tname, type->param, *field(m, type->param_at), *field(m, type->x0_at),
           *field(m, type->v0_at), *field(m, type->time_at));
  lua_pushstring(L, buf);
  return 1;
}

/* ---- friction only ------------------------------------------------------- */

static kn_friction *check_friction(lua_State *L) {
  return (kn_friction *)lk_checkobject(L, 1, KN_FRICTION);
}

static int friction_final_position(lua_State *L) {
  lua_pushnumber(L, (lua_Number)kn_friction_final_position(check_friction(L)));
  return 1;
}

static int friction_time_at(lua_State *L) {
  kn_friction *f = check_friction(L);
  lua_pushnumber(L, (lua_Number)kn_friction_time_at(f, lk_checkfinite(L, 2)));
  return 1;
}

/* ---- registration -------------------------------------------------------- */

static const luaL_Reg motion_methods[] = {
  { "at", motion_at }, { "update", motion_update }, { "position", motion_position },
  { "velocity", motion_velocity }, { "time", motion_time }, { "done", motion_done },
  { NULL, NULL }
};

static const luaL_Reg motion_meta[] = {
  { "__tostring", motion_tostring }, { NULL, NULL }
};

/* Register the class of `type`: the shared methods and metamethods, each
   closure with the type as upvalue 1, and the type's own `methods`. */
static void open_motion_type(lua_State *L, const motion_type *type, const luaL_Reg *methods) {
  lk_newclass(L, type->tname, methods, NULL);
  luaL_getmetatable(L, type->tname);
  lua_pushlightuserdata(L, (void *)(size_t)type);   /* const dropped: never written */
  lk_setfuncs(L, motion_meta, 1);
  lua_getfield(L, -1, "__index");
  lua_pushlightuserdata(L, (void *)(size_t)type);
  lk_setfuncs(L, motion_methods, 1);
  lua_pop(L, 2);
}

void lk_open_motion(lua_State *L) {
  static const luaL_Reg friction_methods[] = {
    { "final_position", friction_final_position }, { "time_at", friction_time_at },
    { NULL, NULL }
  };
  static const luaL_Reg functions[] = {
    { "friction", kinetic_friction }, { "gravity", kinetic_gravity }, { NULL, NULL }
  };
  open_motion_type(L, &friction_type, friction_methods);
  open_motion_type(L, &gravity_type, NULL);
  lk_setfuncs(L, functions, 0);
}
