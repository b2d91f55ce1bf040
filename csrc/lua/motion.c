/*
** motion.c -- Lua binding of the motions: kinetic.friction, kinetic.gravity,
** kinetic.bouncing_scroll, kinetic.clamping_scroll, kinetic.inertia,
** kinetic.decay and kinetic.follower.  Like Flutter's simulations they are functions of the
** time t since creation: at(t), done(t) and time_at(x) use that time;
** update(dt) advances the object's clock, so any split of time into
** updates gives the same state.
**
** Every type shares one set of methods (at, update, position, velocity,
** time, done, final_position where defined, __tostring); each closure
** holds its type's motion_type as upvalue 1.
*/
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "lkinetic.h"
#include "decay.h"
#include "follower.h"
#include "friction.h"
#include "gravity.h"
#include "fling.h"
#include "inertia.h"
#include "scroll.h"
#include "spring_params.h"

/* What the shared methods need of a motion type: its metatable's name,
   where its parameter, start state and clock sit in the payload, its state
   at a time and its end test. */
typedef struct motion_type {
  char tname[24];          /* KN_FRICTION, KN_GRAVITY ... */
  char param[20];          /* the parameter __tostring shows first */
  size_t param_at, x0_at, v0_at, time_at;   /* offsets of those doubles */
  void (*state)(const void *m, double t, double *x, double *v);
  int (*done)(const void *m, double t);
  double (*final)(const void *m);   /* where it comes to rest; NULL: gravity */
} motion_type;

/* The state and end test of each motion, and where it comes to rest,
   adapted to motion_type. */
#define ADAPT(name, type)                                                          \
  static void name##_state(const void *m, double t, double *x, double *v) {      \
    kn_##name##_at((const type *)m, t, x, v);                                     \
  }                                                                                \
  static int name##_done(const void *m, double t) {                               \
    return kn_##name##_done((const type *)m, t);                                  \
  }
#define ADAPT_FINAL(name, type)                                                    \
  ADAPT(name, type)                                                                \
  static double name##_final(const void *m) {                                      \
    return kn_##name##_final_position((const type *)m);                           \
  }
ADAPT(gravity, kn_gravity)
ADAPT_FINAL(friction, kn_friction)
ADAPT_FINAL(bouncing, kn_bouncing)
ADAPT_FINAL(clamping, kn_clamping)
ADAPT_FINAL(inertia, kn_inertia)
ADAPT_FINAL(decay, kn_decay)
ADAPT_FINAL(follower, kn_follower)
#undef ADAPT_FINAL
#undef ADAPT

/* The motion_type name##_type of payload `type`: __tostring shows `param`,
   the field at `at`. */
#define MOTION_TYPE(name, type, tname, param, at, final)                         \
  static const motion_type name##_type = {                                       \
    tname, param, offsetof(type, at), offsetof(type, x0), offsetof(type, v0),    \
    offsetof(type, time), name##_state, name##_done, final                       \
  };
MOTION_TYPE(friction, kn_friction, KN_FRICTION, "drag", drag, friction_final)
MOTION_TYPE(gravity, kn_gravity, KN_GRAVITY, "acceleration", acceleration, NULL)
MOTION_TYPE(bouncing, kn_bouncing, KN_BOUNCING, "min", leading, bouncing_final)
MOTION_TYPE(clamping, kn_clamping, KN_CLAMPING, "friction", friction, clamping_final)
MOTION_TYPE(inertia, kn_inertia, KN_INERTIA, "target", target, inertia_final)
MOTION_TYPE(decay, kn_decay, KN_DECAY, "friction_multiplier", friction_multiplier, decay_final)
MOTION_TYPE(follower, kn_follower, KN_FOLLOWER, "max_acceleration", max_acceleration,
            follower_final)
#undef MOTION_TYPE

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
static const char *const bouncing_option_names[] = {
  "position", "velocity", "min", "max", "spring", NULL
};
static const char *const clamping_option_names[] = {
  "position", "velocity", "friction", NULL
};
static const char *const inertia_option_names[] = {
  "position", "velocity", "power", "time_constant", "min", "max", "snap",
  "bounce_stiffness", "bounce_damping", "rest_delta", "rest_speed", NULL
};
static const char *const decay_option_names[] = {
  "position", "velocity", "friction_multiplier", "threshold", NULL
};
static const char *const follower_option_names[] = {
  "max_acceleration", "max_speed", "position", "velocity", "target", NULL
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

/* kinetic.follower{ max_acceleration, max_speed, position, velocity,
   target } -> a kinetic.Follower. */
static int kinetic_follower(lua_State *L) {
  double a, vmax = HUGE_VAL, x0, v0, target;
  kn_follower tmp, *f;
  check_options(L, follower_option_names);
  a = required(L, "max_acceleration");
  if (!(a > 0)) lk_fieldrangeerror(L, 1, "max_acceleration", "positive number", a);
  lua_getfield(L, 1, "max_speed");       /* the one option that may be infinite */
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TNUMBER)
      lk_fielderror(L, 1, "max_speed", lua_pushfstring(L, "number expected, got %s",
                                                       lk_typename(L, -1)));
    vmax = (double)lua_tonumber(L, -1);
    if (!(vmax > 0)) lk_fieldrangeerror(L, 1, "max_speed", "positive number", vmax);
  }
  lua_pop(L, 1);
  x0 = lk_optfieldnum(L, 1, 1, "position", 0);
  v0 = lk_optfieldnum(L, 1, 1, "velocity", 0);
  target = lk_optfieldnum(L, 1, 1, "target", 0);
  if (kn_follower_init(&tmp, a, vmax, x0, v0, target))
    return luaL_error(L, "follower: the plan overflows (beyond +-1.8e308)");
  f = (kn_follower *)lk_newobject(L, sizeof(kn_follower), KN_FOLLOWER);
  *f = tmp;
  return 1;
}

/* The readers below take the options table at absolute index t, reported
   as argument arg: a constructor's own table (1, 1) or the options of
   anim:fling (its argument 4). */

/* An edge: any number but NaN (an infinite edge never stops the motion);
   required when def is NaN. */
static double edge(lua_State *L, int t, int arg, const char *key, double def) {
  double x;
  lua_getfield(L, t, key);
  if (lua_isnil(L, -1) && !isnan(def)) { lua_pop(L, 1); return def; }
  if (lua_type(L, -1) != LUA_TNUMBER)
    lk_fielderror(L, arg, key, lua_pushfstring(L, "number expected, got %s", lk_typename(L, -1)));
  x = (double)lua_tonumber(L, -1);
  if (isnan(x)) lk_fielderror(L, arg, key, "number expected, got nan");
  lua_pop(L, 1);
  return x;
}

/* A positive option, `def` when absent. */
static double opt_positive(lua_State *L, int t, int arg, const char *key, double def) {
  double x = lk_optfieldnum(L, t, arg, key, def);
  if (!(x > 0)) lk_fieldrangeerror(L, arg, key, "positive number", x);
  return x;
}

static void read_bouncing(lua_State *L, int t, int arg, double x0, double v0, kn_bouncing *b) {
  /* BouncingScrollPhysics' spring: mass 0.5, stiffness 100, damping ratio 1.1 */
  kn_spring_triple def;
  kn_spring_model model;
  double lo = edge(L, t, arg, "min", (double)NAN), hi = edge(L, t, arg, "max", (double)NAN);
  int st = 0;
  if (!(lo <= hi)) lk_fieldrangeerror(L, arg, "max", "number >= min", hi);
  def.mass = 0.5;
  def.stiffness = 100;
  def.damping = 1.1 * 2.0 * sqrt(def.mass * def.stiffness);
  lua_getfield(L, t, "spring");
  if (lua_type(L, -1) == LUA_TTABLE) st = lua_gettop(L);
  else if (!lua_isnil(L, -1)) lk_fielderror(L, arg, "spring", lua_pushfstring(L,
                                "table of spring parameters expected, got %s", lk_typename(L, -1)));
  lk_spring_read_model(L, st, arg, &def, &model);
  lua_pop(L, 1);
  kn_bouncing_init(b, x0, v0, lo, hi, &model);
}

static void read_clamping(lua_State *L, int t, int arg, double x0, double v0, kn_clamping *c) {
  kn_clamping_init(c, x0, v0, opt_positive(L, t, arg, "friction", 0.015));
}

static void read_decay(lua_State *L, int t, int arg, double x0, double v0, kn_decay *d) {
  double mult = opt_positive(L, t, arg, "friction_multiplier", 1);
  kn_decay_init(d, x0, v0, mult, opt_positive(L, t, arg, "threshold", 0.1));
}

/* The inertia's target after `snap`: the nearest of an array of points
   (the first of equals), or what a function returns for it. */
static double snap_target(lua_State *L, int t, int arg, double ideal) {
  double best = ideal;
  lua_getfield(L, t, "snap");
  if (lua_isfunction(L, -1)) {
    lua_pushnumber(L, (lua_Number)ideal);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
      lk_fielderror(L, arg, "snap", lua_pushfstring(L, "function returned %s, finite number "
                                                    "expected", lua_type(L, -1) == LUA_TNUMBER
                                                    ? lk_pushnumstr(L, (double)lua_tonumber(L, -1))
                                                    : lk_typename(L, -1)));
    best = (double)lua_tonumber(L, -1);
  } else if (lua_type(L, -1) == LUA_TTABLE) {
    size_t i, n = lk_rawlen(L, -1);
    if (n == 0) lk_fielderror(L, arg, "snap", "non-empty array of numbers expected");
    for (i = 1; i <= n; i++) {
      double x;
      lua_rawgeti(L, -1, (int)i);
      x = (double)lua_tonumber(L, -1);
      if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(x))
        lk_fielderror(L, arg, "snap", lua_pushfstring(L, "item %d: finite number expected, "
                                                      "got %s", (int)i, lk_typename(L, -1)));
      if (i == 1 || fabs(x - ideal) < fabs(best - ideal)) best = x;
      lua_pop(L, 1);
    }
  } else if (!lua_isnil(L, -1)) {
    lk_fielderror(L, arg, "snap", lua_pushfstring(L, "array of numbers or function expected, "
                                                  "got %s", lk_typename(L, -1)));
  }
  lua_pop(L, 1);
  return best;
}

static void read_inertia(lua_State *L, int t, int arg, double x0, double v0, kn_inertia *m) {
  kn_spring_triple p;
  kn_spring_model model;
  double power = lk_optfieldnum(L, t, arg, "power", 0.8);
  double tau = opt_positive(L, t, arg, "time_constant", 0.325);
  double lo = edge(L, t, arg, "min", -HUGE_VAL), hi = edge(L, t, arg, "max", HUGE_VAL), rd, rs;
  if (!(lo <= hi)) lk_fieldrangeerror(L, arg, "max", "number >= min", hi);
  p.mass = 1;
  p.stiffness = lk_optfieldnonneg(L, t, arg, "bounce_stiffness", 500);
  p.damping = lk_optfieldnonneg(L, t, arg, "bounce_damping", 10);
  rd = lk_optfieldnonneg(L, t, arg, "rest_delta", 0.5);
  rs = lk_optfieldnonneg(L, t, arg, "rest_speed", -1.0);    /* < 0: motion-dom's default */
  if (!isfinite(x0 + power * v0))
    lk_fielderror(L, arg, "velocity", "position + power * velocity overflows");
  lk_spring_model(L, arg, &p, &model);
  kn_inertia_init(m, x0, v0, snap_target(L, t, arg, x0 + power * v0), tau, lo, hi, rd, rs,
                  &model);
}

/* The four constructors: position and velocity (default 0), then the
   kind's own options. */
#define CONSTRUCTOR(fname, type, tname, names, reader)                            \
  static int fname(lua_State *L) {                                               \
    double x0, v0;                                                                 \
    type tmp, *m;                                                                  \
    check_options(L, names);                                                       \
    x0 = lk_optfieldnum(L, 1, 1, "position", 0);                                  \
    v0 = lk_optfieldnum(L, 1, 1, "velocity", 0);                                  \
    reader(L, 1, 1, x0, v0, &tmp);                                                 \
    m = (type *)lk_newobject(L, sizeof(type), tname);                              \
    *m = tmp;                                                                      \
    return 1;                                                                      \
  }
CONSTRUCTOR(kinetic_bouncing_scroll, kn_bouncing, KN_BOUNCING, bouncing_option_names, read_bouncing)
CONSTRUCTOR(kinetic_clamping_scroll, kn_clamping, KN_CLAMPING, clamping_option_names, read_clamping)
CONSTRUCTOR(kinetic_inertia, kn_inertia, KN_INERTIA, inertia_option_names, read_inertia)
CONSTRUCTOR(kinetic_decay, kn_decay, KN_DECAY, decay_option_names, read_decay)
#undef CONSTRUCTOR

/* The fling of anim:fling: the motion of kind `kind` from x0 with v0, its
   options read from the table at t (argument arg), into *f. */
void lk_motion_read_fling(lua_State *L, int t, int arg, int kind, double x0, double v0,
                          kn_fling *f) {
  f->kind = kind;
  switch (kind) {
    case KN_FLING_INERTIA:  read_inertia(L, t, arg, x0, v0, &f->u.inertia); break;
    case KN_FLING_BOUNCING: read_bouncing(L, t, arg, x0, v0, &f->u.bouncing); break;
    case KN_FLING_CLAMPING: read_clamping(L, t, arg, x0, v0, &f->u.clamping); break;
    default:                read_decay(L, t, arg, x0, v0, &f->u.decay); break;
  }
  kn_fling_finish_init(f);
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

/* m:final_position(): where the motion comes to rest. */
static int motion_final(lua_State *L) {
  const motion_type *type;
  void *m = check_motion(L, &type);
  lua_pushnumber(L, (lua_Number)type->final(m));
  return 1;
}

/* ---- friction only ------------------------------------------------------- */

static kn_friction *check_friction(lua_State *L) {
  return (kn_friction *)lk_checkobject(L, 1, KN_FRICTION);
}

static int friction_time_at(lua_State *L) {
  kn_friction *f = check_friction(L);
  lua_pushnumber(L, (lua_Number)kn_friction_time_at(f, lk_checkfinite(L, 2)));
  return 1;
}

/* ---- follower only ------------------------------------------------------- */

/* f:set_target(x) -> f: re-planned from the state at the clock. */
static int follower_set_target(lua_State *L) {
  kn_follower *f = (kn_follower *)lk_checkobject(L, 1, KN_FOLLOWER);
  if (kn_follower_set_target(f, lk_checkfinite(L, 2)))
    return luaL_error(L, "set_target: the plan overflows (beyond +-1.8e308)");
  lua_settop(L, 1);
  return 1;
}

/* f:remaining_time(): from the clock until it rests on the target. */
static int follower_remaining_time(lua_State *L) {
  kn_follower *f = (kn_follower *)lk_checkobject(L, 1, KN_FOLLOWER);
  lua_pushnumber(L, (lua_Number)kn_follower_remaining_time(f));
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
  if (type->final != NULL) {
    lua_pushlightuserdata(L, (void *)(size_t)type);
    lua_pushcclosure(L, motion_final, 1);
    lua_setfield(L, -2, "final_position");
  }
  lua_pop(L, 2);
}

void lk_open_motion(lua_State *L) {
  static const luaL_Reg friction_methods[] = {
    { "time_at", friction_time_at }, { NULL, NULL }
  };
  static const luaL_Reg follower_methods[] = {
    { "set_target", follower_set_target }, { "remaining_time", follower_remaining_time },
    { NULL, NULL }
  };
  static const luaL_Reg functions[] = {
    { "friction", kinetic_friction }, { "gravity", kinetic_gravity },
    { "follower", kinetic_follower },
    { "bouncing_scroll", kinetic_bouncing_scroll }, { "clamping_scroll", kinetic_clamping_scroll },
    { "inertia", kinetic_inertia }, { "decay", kinetic_decay }, { NULL, NULL }
  };
  open_motion_type(L, &friction_type, friction_methods);
  open_motion_type(L, &gravity_type, NULL);
  open_motion_type(L, &bouncing_type, NULL);
  open_motion_type(L, &clamping_type, NULL);
  open_motion_type(L, &inertia_type, NULL);
  open_motion_type(L, &decay_type, NULL);
  open_motion_type(L, &follower_type, follower_methods);
  lk_setfuncs(L, functions, 0);
}
