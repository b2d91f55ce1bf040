/*
** spring.c -- Lua binding of kinetic.spring (type kinetic.Spring).
** The binding reads the arguments; the core checks what is numeric (the
** parameter family in spring_params.c, the integrator's stability in
** spring.c) and writes the reason quoted here.  The userdata payload is
** the kn_spring struct itself; callbacks live in the user value table
** { on_update = f, on_rest = f }.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lkinetic.h"
#include "easing.h"
#include "spring.h"
#include "spring_easing.h"
#include "spring_params.h"

#define MAX_COMPONENTS (1 << 24)

/* kn_spring.user: HAS_ON_UPDATE, HAS_ON_REST (lkinetic.h). */

/* ---- option parsing ---------------------------------------------------- */

/* The parameter family of the options table at t (or the defaults when
   t == 0): its fields, as found, go to the core, which chooses the family
   and checks it (kn_spring_params_from_options).  kinetic.spring_group
   reads it here too, so both accept the same families, defaults and
   errors.  The values stay on the stack while the core reads their text. */
void lk_spring_read_params(lua_State *L, int t, int arg, kn_spring_triple *p) {
  kn_spring_option opt[KN_SPO_COUNT];
  char why[KN_SPRING_WHY_MAX];
  int i, top = lua_gettop(L);
  memset(opt, 0, sizeof opt);
  luaL_checkstack(L, KN_SPO_COUNT + 4, "spring options");
  for (i = 0; t && i < KN_SPO_COUNT; i++) {
    lua_getfield(L, t, kn_spring_option_name(i));
    opt[i].given = !lua_isnil(L, -1);
    opt[i].number = lua_type(L, -1) == LUA_TNUMBER;
    opt[i].value = opt[i].number ? (double)lua_tonumber(L, -1) : 0;
    opt[i].text = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    opt[i].type = lk_typename(L, -1);
  }
  if (!kn_spring_params_from_options(opt, p, why, sizeof why)) lk_argerror(L, arg, why);
  lua_settop(L, top);
}

/* Length of a state field: 0 for a number or absent, n for an array (checked). */
static int state_len(lua_State *L, int t, const char *key) {
  int n;
  lua_getfield(L, t, key);
  switch (lua_type(L, -1)) {
    case LUA_TNIL: lua_pop(L, 1); return 0;
    case LUA_TNUMBER: lua_pop(L, 1); (void)lk_optfieldnum(L, t, 1, key, 0); return 0;
    case LUA_TTABLE: break;
    default:
      return lk_fielderror(L, 1, key, lua_pushfstring(L,
                           "number or array expected, got %s", lk_typename(L, -1)));
  }
  if (lk_rawlen(L, -1) > MAX_COMPONENTS)
    lk_fielderror(L, 1, key, "array too long");
  n = (int)lk_rawlen(L, -1);
  if (n < 1) {                 /* {}, {x = 0, y = 0}: say which */
    int kind = lk_pushtablekind(L, -1);
    lk_fielderror(L, 1, key, lua_pushfstring(L, "%s expected, got %s%s",
                  kind == LK_TABLE_EMPTY ? "non-empty array" : "array of numbers",
                  lua_tostring(L, -1), kind != LK_TABLE_NAMED ? ""
                  : "; a spring animates a number or an array of numbers "
                    "(kinetic.timeline animates named properties)"));
  }
  lk_checkfielditems(L, 1, key, n);
  lua_pop(L, 1);
  return n;
}

static void check_callback(lua_State *L, int t, const char *key) {
  lua_getfield(L, t, key);
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TFUNCTION)
    lk_fielderror(L, 1, key, lua_pushfstring(L, "function expected, got %s",
                  lk_typename(L, -1)));
  lua_pop(L, 1);
}

/* ---- kinetic.spring ------------------------------------------------------ */

/* kinetic.spring's options, checked. */
typedef struct spring_options {
  int t;                  /* index of the options table; 0: none (defaults) */
  int n;                  /* components */
  int integrator;         /* KN_SPRING_ANALYTIC / RK4 / EULER */
  int clamp;
  double rest_delta, rest_speed;
  kn_spring_triple params;
} spring_options;

static const char state_keys[3][9] = { "from", "to", "velocity" };

/* The number of components of the state fields of the options at t: 1
   when they are numbers or absent, else the length of their arrays, which
   must all be the same (raises otherwise). */
static int state_components(lua_State *L, int t) {
  int i, n = 1;
  for (i = 0; i < 3; i++) {
    int len = state_len(L, t, state_keys[i]);
    if (len == 0) continue;
    if (n > 1 && len != n)
      lk_fielderror(L, 1, state_keys[i], lua_pushfstring(L,
        "array of %d numbers expected (as the other state fields), got %d", n, len));
    n = len;
  }
  return n;
}

/* The integrator the field `integrator` of the options at t names
   (analytic when absent); raises for anything else. */
static int read_integrator(lua_State *L, int arg, int t) {
  int integrator = KN_SPRING_ANALYTIC;
  lua_getfield(L, t, "integrator");
  if (!lua_isnil(L, -1))
    integrator = lk_checkname(L, arg, "integrator", kn_spring_integrator_name,
                              KN_NAMES_ONEOF | KN_NAMES_QUOTED);
  lua_pop(L, 1);
  return integrator;
}

/* Every option kinetic.spring reads: the state, each parameter family
   (lk_spring_read_params), the integrator and rest thresholds, clamp and
   the callbacks.  Any other name is refused before anything is read. */
static const char *const spring_option_names[] = {
  "from", "to", "velocity",
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset",
  "integrator", "rest_delta", "rest_speed", "clamp", "on_update", "on_rest", NULL
};

/* The parameter families alone (a spring given as an option of another
   motion): every name lk_spring_read_params reads. */
static const char *const param_option_names[] = {
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset", NULL
};

void lk_spring_read_model(lua_State *L, int t, int arg, const kn_spring_triple *def,
                          kn_spring_model *m) {
  kn_spring_triple p = *def;
  if (t) {
    lk_checkoptions(L, t, arg, param_option_names, 0, NULL);
    lk_spring_read_params(L, t, arg, &p);
  }
  lk_spring_model(L, arg, &p, m);
}

/* Argument 1 of kinetic.spring (nil, none or an options table) into *o,
   every field checked, in the order the errors are reported: the names
   first. */
static void read_options(lua_State *L, spring_options *o) {
  o->t = 0;
  if (!lua_isnoneornil(L, 1)) {
    if (lua_type(L, 1) != LUA_TTABLE) lk_typeerror(L, 1, "table");
    lk_checkoptions(L, 1, 1, spring_option_names, 0, NULL);
    o->t = 1;
  }
  lk_spring_read_params(L, o->t, 1, &o->params);
  o->n = 1;
  o->integrator = KN_SPRING_ANALYTIC;
  o->clamp = 0;
  o->rest_delta = LK_DEFAULT_REST_DELTA;
  o->rest_speed = LK_DEFAULT_REST_SPEED;
  if (o->t == 0) return;
  o->n = state_components(L, o->t);
  o->integrator = read_integrator(L, 1, o->t);
  o->rest_delta = lk_optfieldnonneg(L, o->t, 1, "rest_delta", LK_DEFAULT_REST_DELTA);
  o->rest_speed = lk_optfieldnonneg(L, o->t, 1, "rest_speed", LK_DEFAULT_REST_SPEED);
  o->clamp = lk_optfieldbool(L, o->t, 1, "clamp", 0);
  check_callback(L, o->t, "on_update");
  check_callback(L, o->t, "on_rest");
}

void lk_spring_model(lua_State *L, int arg, const kn_spring_triple *p, kn_spring_model *m) {
  kn_spring_model_init(m, p->mass, p->stiffness, p->damping);
  if (kn_spring_model_error(m) != NULL) lk_argerror(L, arg, kn_spring_model_error(m));
}

/* Raise unless the fixed 1 ms substep of `integrator` is stable for the
   model (kn_spring_step_why): rk4 and euler diverge to inf on a spring too
   fast or too damped for that step. */
static void check_stable(lua_State *L, int arg, const kn_spring_model *m, int integrator) {
  char why[KN_SPRING_WHY_STEP];
  if (!kn_spring_step_why(m, integrator, why, sizeof why)) lk_argerror(L, arg, why);
}

void lk_spring_read_motion(lua_State *L, int t, int arg, lk_spring_motion *o) {
  kn_spring_triple p;
  lk_spring_read_params(L, t, arg, &p);
  o->integrator = read_integrator(L, arg, t);
  o->rest_delta = lk_optfieldnonneg(L, t, arg, "rest_delta", LK_DEFAULT_REST_DELTA);
  o->rest_speed = lk_optfieldnonneg(L, t, arg, "rest_speed", LK_DEFAULT_REST_SPEED);
  o->clamp = lk_optfieldbool(L, t, arg, "clamp", 0);
  lk_spring_model(L, arg, &p, &o->model);
  check_stable(L, arg, &o->model, o->integrator);
}

/* Push the new kinetic.Spring of the checked options and model: its state
   from the options' fields, its user value { on_update, on_rest } and the
   callback bits in s->user. */
static void push_spring(lua_State *L, const spring_options *o, const kn_spring_model *m) {
  int n = o->n, t = o->t;
  double *scratch = (double *)lua_newuserdata(L, sizeof(double) * 3 * (size_t)n);
  kn_spring *s;
  lk_state_fill(L, t, "from", 0, n, scratch);
  lk_state_fill(L, t, "to", 1, n, scratch + n);
  lk_state_fill(L, t, "velocity", 0, n, scratch + 2 * n);
  s = (kn_spring *)lk_newobject(L, kn_spring_size(n), KN_SPRING);
  kn_spring_init(s, n, m, o->integrator, o->clamp, o->rest_delta, o->rest_speed,
                 scratch, scratch + n, scratch + 2 * n);
  lua_createtable(L, 0, 2);
  if (t) {
    lua_getfield(L, t, "on_update");
    if (!lua_isnil(L, -1)) s->user |= HAS_ON_UPDATE;
    lua_setfield(L, -2, "on_update");
    lua_getfield(L, t, "on_rest");
    if (!lua_isnil(L, -1)) s->user |= HAS_ON_REST;
    lua_setfield(L, -2, "on_rest");
  }
  lk_setuservalue(L, -2);
}

/* kinetic.spring([options]) -> a kinetic.Spring: every option checked
   first, then built. */
static int kinetic_spring(lua_State *L) {
  spring_options o;
  kn_spring_model model;
  read_options(L, &o);
  lk_spring_model(L, 1, &o.params, &model);
  check_stable(L, 1, &model, o.integrator);
  push_spring(L, &o, &model);
  return 1;
}

/* ---- methods ------------------------------------------------------------ */

static kn_spring *check_spring(lua_State *L) {
  return (kn_spring *)lk_checkobject(L, 1, KN_SPRING);
}

static int push_slot(lua_State *L, const kn_spring *s, const double *p) {
  int i;
  if (s->n > 16) luaL_checkstack(L, s->n, "too many spring components");
  for (i = 0; i < s->n; i++) lua_pushnumber(L, (lua_Number)p[i]);
  return s->n;
}

/* Room for the values of a setter without allocating: springs of up to
   SMALL_N components (every 2D/3D/colour use) are read into the caller's
   array; longer ones into a temporary userdata pushed on the stack. */
#define SMALL_N 16

/* Read n numbers from arg.. or one array at arg into `small` (n <= SMALL_N)
   or a scratch userdata. */
static double *read_values(lua_State *L, const kn_spring *s, int arg, double *small) {
  int n = s->n, i, top = lua_gettop(L);
  double *out;
  if (lua_type(L, arg) == LUA_TTABLE && top == arg) {
    if ((int)lk_rawlen(L, arg) != n)
      lk_argerror(L, arg, lua_pushfstring(L, "array of %d numbers expected, got %d items",
                    n, (int)lk_rawlen(L, arg)));
    out = n <= SMALL_N ? small : (double *)lua_newuserdata(L, sizeof(double) * (size_t)n);
    for (i = 0; i < n; i++) {
      double x = 0;
      lua_rawgeti(L, arg, i + 1);
      if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(x = (double)lua_tonumber(L, -1)))
        lk_argerror(L, arg, lua_pushfstring(L, "item %d: finite number expected, got %s",
                      i + 1, lk_typename(L, -1)));
      out[i] = x;
      lua_pop(L, 1);
    }
    return out;
  }
  if (top - arg + 1 != n && !(n == 1 && top >= arg))
    lk_argerror(L, arg, lua_pushfstring(L, "%d numbers or an array expected, got %d values",
                  n, top - arg + 1 > 0 ? top - arg + 1 : 0));
  for (i = 0; i < n; i++) (void)lk_checkfinite(L, arg + i);
  out = n <= SMALL_N ? small : (double *)lua_newuserdata(L, sizeof(double) * (size_t)n);
  for (i = 0; i < n; i++) out[i] = (double)lua_tonumber(L, arg + i);
  return out;
}

/* Call the callback `key` of the spring at index 1, if any. */
static void fire(lua_State *L, const char *key) {
  lk_getuservalue(L, 1);
  lua_getfield(L, -1, key);
  if (lua_isfunction(L, -1)) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
  } else {
    lua_pop(L, 2);
  }
}

static double check_stepped(lua_State *L, const kn_spring *s, int arg, double t) {
  char why[128];
  if (!kn_spring_dt_check(s, t, why, sizeof why)) lk_argerror(L, arg, why);
  return t;
}

/* A finite state can still overflow: a spring without stiffness and damping
   coasts without bound (x + v dt), a huge velocity on a soft spring swings
   past 1.8e308 (kn_spring_update flags it).  Never silently: raise, and (for
   update) leave the spring at rest on its target so that it stays usable. */
static void overflow_error(lua_State *L, kn_spring *s, int reset) {
  if (reset) kn_spring_reset_on_target(s);
  lk_spring_overflow_error(L, reset);
}

int lk_spring_overflow_error(lua_State *L, int update) {
  return luaL_error(L, "%s: the spring's state overflowed (beyond +-1.8e308)%s",
                    update ? "update" : "at",
                    update ? "; it is reset to rest on its target" : "");
}

/* What update does after the state changed: overflow, callbacks, results. */
static int update_results(lua_State *L, kn_spring *s, int flags) {
  if (flags & KN_SPRING_OVERFLOW) overflow_error(L, s, 1);
  if ((flags & KN_SPRING_MOVED) && (s->user & HAS_ON_UPDATE)) fire(L, "on_update");
  if ((flags & KN_SPRING_RESTED) && (s->user & HAS_ON_REST)) fire(L, "on_rest");
  return push_slot(L, s, KN_SPRING_SLOT(s, KN_SP_X));
}

/* s:update(dt), every argument checked. */
static int spring_update_checked(lua_State *L) {
  kn_spring *s = check_spring(L);
  double dt = check_stepped(L, s, 2, lk_checknonneg(L, 2));
  return update_results(L, s, kn_spring_update(s, dt));   /* state first, callbacks after */
}

/* s:update(dt).  Upvalue 1 is the metatable of kinetic.Spring: the common
   case (a Spring, a number dt the checks accept, no callbacks, a scalar)
   is recognised with a few cheap tests; anything else -- errors included --
   goes through spring_update_checked, with the same results. */
static int spring_update(lua_State *L) {
  kn_spring *s = (kn_spring *)lk_fastobject(L, 1);
  double dt;
  int flags;
  if (s == NULL || lua_type(L, 2) != LUA_TNUMBER) return spring_update_checked(L);
  dt = (double)lua_tonumber(L, 2);
  if (!(dt >= 0 && (dt <= KN_SPRING_STEPPED_DT_MAX ||
                    (dt < HUGE_VAL && s->integrator == KN_SPRING_ANALYTIC))))
    return spring_update_checked(L);
  flags = kn_spring_update(s, dt);
  if ((flags & ~KN_SPRING_MOVED) == 0 && s->user == 0 && s->n == 1) {
    lua_pushnumber(L, (lua_Number)s->data[0]);
    return 1;
  }
  return update_results(L, s, flags);
}

/* s:position(), s:velocity(), s:target(): the spring's slot `slot`. */
static int push_own_slot(lua_State *L, int slot) {
  kn_spring *s = check_spring(L);
  return push_slot(L, s, KN_SPRING_SLOT(s, slot));
}

static int spring_position(lua_State *L) { return push_own_slot(L, KN_SP_X); }
static int spring_velocity(lua_State *L) { return push_own_slot(L, KN_SP_V); }
static int spring_target(lua_State *L) { return push_own_slot(L, KN_SP_TARGET); }

static int spring_at_rest(lua_State *L) {
  kn_spring *s = check_spring(L);
  lua_pushboolean(L, s->at_rest);
  return 1;
}

enum { SET_TARGET, SET_POSITION, SET_VELOCITY };

/* s:set_target(...), s:set_position(...), s:set_velocity(...): the values
   at 2.. (n numbers or one array of n) become the part `what` of the
   state; returns s. */
static int set_state(lua_State *L, int what) {
  kn_spring *s = check_spring(L);
  double small[SMALL_N];
  const double *values = read_values(L, s, 2, small);
  if (what == SET_TARGET) (void)kn_spring_set_target(s, values);
  else if (what == SET_POSITION) kn_spring_set_position(s, values);
  else kn_spring_set_velocity(s, values);
  lua_settop(L, 1);
  return 1;
}

static int spring_set_target(lua_State *L) { return set_state(L, SET_TARGET); }
static int spring_set_position(lua_State *L) { return set_state(L, SET_POSITION); }
static int spring_set_velocity(lua_State *L) { return set_state(L, SET_VELOCITY); }

/* State t seconds ahead: what update(t) would give, on a copy. */
static kn_spring *ahead(lua_State *L) {
  kn_spring *s = check_spring(L);
  double t = check_stepped(L, s, 2, lk_checknonneg(L, 2));
  kn_spring *c = (kn_spring *)lua_newuserdata(L, kn_spring_size(s->n));
  kn_spring_copy(c, s);
  if (kn_spring_update(c, t) & KN_SPRING_OVERFLOW) overflow_error(L, c, 0);
  return c;
}

/* s:at(t), s:velocity_at(t): slot `slot` of the state t seconds ahead. */
static int push_ahead_slot(lua_State *L, int slot) {
  kn_spring *c = ahead(L);
  return push_slot(L, c, KN_SPRING_SLOT(c, slot));
}

static int spring_at(lua_State *L) { return push_ahead_slot(L, KN_SP_X); }
static int spring_velocity_at(lua_State *L) { return push_ahead_slot(L, KN_SP_V); }

static int spring_settle_time(lua_State *L) {
  kn_spring *s = check_spring(L);
  double eps = s->rest_delta * s->scale;
  char why[160];
  if (!lua_isnoneornil(L, 2)) {
    eps = lk_checkfinite(L, 2);
  } else if (!(eps > 0)) {
    lua_pushnumber(L, s->at_rest ? 0 : HUGE_VAL);
    return 1;
  }
  if (!kn_spring_settle_eps(s, eps, why, sizeof why)) return lk_argerror(L, 2, why);
  lua_pushnumber(L, (lua_Number)kn_spring_settle_time(s, eps));
  return 1;
}

/* ---- springs as easings -------------------------------------------------- */

/* The curve of s:easing([duration]) and s:linear(): the spring's motion
   from its current state, normalized (spring_easing.h); duration from
   argument `darg` (nil: the settle time). */
static void read_curve(lua_State *L, const kn_spring *s, int darg, const char *fname,
                       kn_spring_curve *c) {
  char why[160];
  int given = darg > 0 && !lua_isnoneornil(L, darg);
  int r = kn_spring_curve_self(s, why, sizeof why);
  if (r == KN_CURVE_OK)
    r = kn_spring_curve_from(s, given ? lk_checkfinite(L, darg) : 0, given, c, why, sizeof why);
  if (r == KN_CURVE_BAD_SELF) luaL_error(L, "calling '%s' on bad self (%s)", fname, why);
  if (r == KN_CURVE_BAD_DURATION) lk_argerror(L, darg, why);
  if (r == KN_CURVE_NO_DURATION) luaL_error(L, "bad argument #1 to '%s' (%s)", fname, why);
}

static int spring_easing(lua_State *L) {
  kn_spring *s = check_spring(L);
  kn_spring_curve c;
  kn_easing e;
  read_curve(L, s, 2, "easing", &c);
  kn_easing_init_spring(&e, &c);
  lk_pusheasing(L, &e);
  return 1;
}

/* Stops held on the C stack; longer fits go to a scratch userdata. */
#define FIT_STACK 256

static int spring_linear(lua_State *L) {
  kn_spring *s = check_spring(L);
  kn_spring_curve c;
  double tol = 1e-3;
  union { kn_easing e; double d[(sizeof(kn_easing) / sizeof(double)) + 2 * FIT_STACK + 1]; } buf;
  kn_easing *e = &buf.e;
  size_t n;
  char why[160];
  if (!lua_isnoneornil(L, 2)) {
    tol = lk_checkfinite(L, 2);
    if (!kn_spring_fit_tol(tol, why, sizeof why)) return lk_argerror(L, 2, why);
  }
  read_curve(L, s, 0, "linear", &c);
  n = kn_spring_curve_fit(&c, tol, e->points, FIT_STACK);
  if (!kn_spring_fit_count(&c, tol, n, why, sizeof why)) return lk_argerror(L, 2, why);
  if (n > FIT_STACK) {
    e = (kn_easing *)lk_newuserdata(L, kn_easing_size(n));
    kn_spring_curve_fit(&c, tol, e->points, n);
  }
  kn_easing_init_linearfn(e, n);
  lk_pusheasing(L, e);
  return 1;
}

static int spring_coefficients(lua_State *L) {
  kn_spring *s = check_spring(L);
  double dt = lk_checknonneg(L, 2);
  kn_spring_coefs c;
  kn_spring_coefs_compute(&s->model, dt, &c);
  lua_pushnumber(L, (lua_Number)c.pos_pos);
  lua_pushnumber(L, (lua_Number)c.pos_vel);
  lua_pushnumber(L, (lua_Number)c.vel_pos);
  lua_pushnumber(L, (lua_Number)c.vel_vel);
  return 4;
}

static int spring_params(lua_State *L) {
  kn_spring *s = check_spring(L);
  kn_spring_triple p;
  kn_spring_derived d;
  p.mass = s->model.mass;
  p.stiffness = s->model.stiffness;
  p.damping = s->model.damping;
  kn_spring_derive(&p, &d);
  lua_createtable(L, 0, 9);
#define SETF(name) (lua_pushnumber(L, (lua_Number)d.name), lua_setfield(L, -2, #name))
  SETF(mass); SETF(stiffness); SETF(damping); SETF(damping_ratio); SETF(omega);
  SETF(frequency); SETF(response); SETF(duration); SETF(bounce);
#undef SETF
  return 1;
}

static int spring_tostring(lua_State *L) {
  kn_spring *s = check_spring(L);
  char buf[200];
  snprintf(buf, sizeof buf, "kinetic.Spring(stiffness=%.14g, damping=%.14g, mass=%.14g, "
           "n=%d, %s, %s)", s->model.stiffness, s->model.damping, s->model.mass, s->n,
           kn_spring_integrator_name(s->integrator), s->at_rest ? "at rest" : "moving");
  lua_pushstring(L, buf);
  return 1;
}

static const luaL_Reg spring_methods[] = {
  { "position", spring_position }, { "velocity", spring_velocity },
  { "target", spring_target }, { "at_rest", spring_at_rest },
  { "set_target", spring_set_target }, { "set_position", spring_set_position },
  { "set_velocity", spring_set_velocity }, { "at", spring_at },
  { "velocity_at", spring_velocity_at }, { "settle_time", spring_settle_time },
  { "coefficients", spring_coefficients }, { "params", spring_params },
  { "easing", spring_easing }, { "linear", spring_linear }, { NULL, NULL }
};

static const luaL_Reg spring_meta[] = {
  { "__tostring", spring_tostring }, { NULL, NULL }
};

static const luaL_Reg spring_fast_methods[] = {
  { "update", spring_update }, { NULL, NULL }
};

void lk_open_spring(lua_State *L) {
  lk_newclass(L, KN_SPRING, spring_methods, spring_meta);
  lk_setfastmethods(L, KN_SPRING, spring_fast_methods);
  lua_pushcfunction(L, kinetic_spring);
  lua_setfield(L, -2, "spring");
}
