/*
** l_spring.c -- Lua binding of kinetic.spring (type kinetic.Spring).
** Every argument is checked here; the core (spring.c, spring_params.c)
** trusts its inputs.  The userdata payload is the kn_spring struct itself;
** callbacks live in the user value table { on_update = f, on_rest = f }.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lkinetic.h"
#include "spring.h"
#include "spring_params.h"

#define DEFAULT_REST_DELTA 1e-3   /* of the distance travelled */
#define DEFAULT_REST_SPEED 1e-2   /* of the distance travelled, per second */
#define MAX_COMPONENTS (1 << 24)

/* kn_spring.user: which callbacks the user value holds (set once, at
   creation), so that update need not look at the user value otherwise. */
#define HAS_ON_UPDATE 1u
#define HAS_ON_REST   2u

/* char arrays, not pointer tables: the module keeps no writable data */
static const char integrator_names[3][9] = { "analytic", "rk4", "euler" };

/* ---- option parsing ---------------------------------------------------- */

static int has_field(lua_State *L, int t, const char *key) {
  int present;
  lua_getfield(L, t, key);
  present = !lua_isnil(L, -1);
  lua_pop(L, 1);
  return present;
}

/* Optional numeric field with a range check: kind 'p' (> 0), 'n' (>= 0). */
static double field_num(lua_State *L, int t, const char *key, double def, int kind) {
  double x;
  if (!lk_getfieldnum(L, t, 1, key, &x)) return def;
  if (kind == 'p' && !(x > 0)) lk_fieldrangeerror(L, 1, key, "positive number", x);
  if (kind == 'n' && !(x >= 0)) lk_fieldrangeerror(L, 1, key, "non-negative number", x);
  return x;
}

static double field_required(lua_State *L, int t, const char *key, int kind) {
  lua_getfield(L, t, key);
  if (lua_isnil(L, -1))
    lk_fielderror(L, 1, key, "number expected, got nil");
  lua_pop(L, 1);
  return field_num(L, t, key, 0, kind);
}

/* The keys of each family, in the order of the enum below ("" = none). */
static const char family_keys[8][2][17] = {
  { "stiffness", "damping" }, { "frequency", "" }, { "response", "" },
  { "duration", "bounce" }, { "tension", "friction" },
  { "origami_tension", "origami_friction" }, { "bounciness", "speed" }, { "preset", "" }
};
enum { F_PHYSICAL, F_FREQUENCY, F_RESPONSE, F_DURATION, F_REBOUND, F_ORIGAMI,
       F_BOUNCY, F_PRESET, F_NONE };

/* Which family the options use; raises when two are mixed. */
static int which_family(lua_State *L, int t) {
  int f, k, found = F_NONE;
  const char *first_key = NULL;
  for (f = 0; f < F_NONE; f++) {
    for (k = 0; k < 2 && family_keys[f][k][0] != '\0'; k++) {
      if (!has_field(L, t, family_keys[f][k])) continue;
      if (found != F_NONE && found != f)
        return lk_argerror(L, 1, lua_pushfstring(L,
          "one parameter family expected, got '%s' and '%s'", first_key,
          family_keys[f][k]));
      if (found == F_NONE) first_key = family_keys[f][k];
      found = f;
    }
  }
  if (has_field(L, t, "damping_ratio") && found != F_FREQUENCY && found != F_RESPONSE)
    lk_fielderror(L, 1, "damping_ratio", found == F_NONE
                  ? "needs 'frequency' or 'response'"
                  : lua_pushfstring(L, "cannot be mixed with '%s'", first_key));
  if (has_field(L, t, "mass") && (found == F_REBOUND || found == F_ORIGAMI || found == F_BOUNCY))
    lk_fielderror(L, 1, "mass", lua_pushfstring(L,
                  "cannot be mixed with '%s' (Rebound springs have mass 1)", first_key));
  return found;
}

static void check_result(lua_State *L, const kn_spring_triple *p, const char *key) {
  if (!isfinite(p->stiffness) || !(p->stiffness >= 0))
    lk_fielderror(L, 1, key, lua_pushfstring(L, "gives stiffness %s (non-negative finite expected)",
                  lk_pushnumstr(L, p->stiffness)));
  if (!isfinite(p->damping) || !(p->damping >= 0))
    lk_fielderror(L, 1, key, lua_pushfstring(L, "gives damping %s (non-negative finite expected)",
                  lk_pushnumstr(L, p->damping)));
}

/* Read the parameter family of the options table at t (or the defaults). */
static void read_params(lua_State *L, int t, kn_spring_triple *p) {
  int fam = t ? which_family(L, t) : F_NONE;
  double mass = t ? field_num(L, t, "mass", 1, 'p') : 1;
  const char *key = "stiffness";
  switch (fam) {
    case F_NONE:
    case F_PHYSICAL:
      p->mass = mass;
      p->stiffness = t ? field_num(L, t, "stiffness", 170, 'n') : 170;
      p->damping = t ? field_num(L, t, "damping", 26, 'n') : 26;
      break;
    case F_FREQUENCY:
      kn_spring_from_frequency(mass, field_required(L, t, "frequency", 'p'),
                               field_num(L, t, "damping_ratio", 1, 'n'), p);
      key = "frequency";
      break;
    case F_RESPONSE:
      kn_spring_from_response(mass, field_required(L, t, "response", 'p'),
                              field_num(L, t, "damping_ratio", 1, 'n'), p);
      key = "response";
      break;
    case F_DURATION: {
      double d = field_num(L, t, "duration", 0.5, 'p'), b = 0;
      if (lk_getfieldnum(L, t, 1, "bounce", &b) && !(b > -1 && b <= 1))
        lk_fieldrangeerror(L, 1, "bounce", "number in (-1, 1]", b);
      kn_spring_from_duration(mass, d, b, p);
      key = "duration";
      break;
    }
    case F_REBOUND:
      p->mass = 1;
      p->stiffness = field_required(L, t, "tension", 'n');
      p->damping = field_required(L, t, "friction", 'n');
      key = "tension";
      break;
    case F_ORIGAMI:
      kn_spring_from_origami(field_required(L, t, "origami_tension", 0),
                             field_required(L, t, "origami_friction", 0), p);
      key = "origami_tension";
      if (!(p->damping >= 0)) key = "origami_friction";
      break;
    case F_BOUNCY:
      kn_spring_from_bouncy(field_required(L, t, "bounciness", 'n'),
                            field_required(L, t, "speed", 'n'), p);
      key = "speed";
      break;
    default: {  /* F_PRESET */
      const char *name;
      lua_getfield(L, t, "preset");
      if (lua_type(L, -1) != LUA_TSTRING)
        lk_fielderror(L, 1, "preset", lua_pushfstring(L, "string expected, got %s",
                      lk_typename(L, -1)));
      name = lua_tostring(L, -1);
      if (!kn_spring_from_preset(name, p))
        lk_fielderror(L, 1, "preset", lua_pushfstring(L,
          "one of 'default', 'gentle', 'wobbly', 'stiff', 'slow', 'molasses' expected, got '%s'",
          name));
      lua_pop(L, 1);
      p->mass = mass;
      key = "preset";
      break;
    }
  }
  check_result(L, p, key);
}

/* For kinetic.spring_group (l_springgroup.c): the same families, defaults
   and error messages as kinetic.spring (options table at index t). */
void lk_spring_read_params(lua_State *L, int t, struct kn_spring_triple *p) {
  read_params(L, t, p);
}

/* Length of a state field: 0 for a number or absent, n for an array (checked). */
static int state_len(lua_State *L, int t, const char *key) {
  int n;
  lua_getfield(L, t, key);
  switch (lua_type(L, -1)) {
    case LUA_TNIL: lua_pop(L, 1); return 0;
    case LUA_TNUMBER: lua_pop(L, 1); (void)field_num(L, t, key, 0, 0); return 0;
    case LUA_TTABLE: break;
    default:
      return lk_fielderror(L, 1, key, lua_pushfstring(L,
                           "number or array expected, got %s", lk_typename(L, -1)));
  }
  if (lk_rawlen(L, -1) > MAX_COMPONENTS)
    lk_fielderror(L, 1, key, "array too long");
  n = (int)lk_rawlen(L, -1);
  if (n < 1) lk_fielderror(L, 1, key, "non-empty array expected, got an empty table");
  lk_checkfielditems(L, 1, key, n);
  lua_pop(L, 1);
  return n;
}

/* Fill out[0..n) from a validated state field (number broadcast, array). */
static void state_fill(lua_State *L, int t, const char *key, double def, int n, double *out) {
  int i;
  if (t == 0) { for (i = 0; i < n; i++) out[i] = def; return; }
  lua_getfield(L, t, key);
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, -1, i + 1);
      out[i] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  } else {
    double x = lua_isnil(L, -1) ? def : (double)lua_tonumber(L, -1);
    for (i = 0; i < n; i++) out[i] = x;
  }
  lua_pop(L, 1);
}

static void check_callback(lua_State *L, int t, const char *key) {
  lua_getfield(L, t, key);
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TFUNCTION)
    lk_fielderror(L, 1, key, lua_pushfstring(L, "function expected, got %s",
                  lk_typename(L, -1)));
  lua_pop(L, 1);
}

static int spring_new(lua_State *L) {
  int t = 0, n = 1, integrator = KN_SPRING_ANALYTIC, clamp = 0, i;
  int lens[3];
  static const char state_keys[3][9] = { "from", "to", "velocity" };
  double rest_delta = DEFAULT_REST_DELTA, rest_speed = DEFAULT_REST_SPEED;
  kn_spring_triple p;
  kn_spring_model model;
  kn_spring *s;
  double *scratch;

  if (!lua_isnoneornil(L, 1)) {
    if (lua_type(L, 1) != LUA_TTABLE) return lk_typeerror(L, 1, "table");
    t = 1;
  }
  read_params(L, t, &p);
  if (t) {
    for (i = 0; i < 3; i++) {
      lens[i] = state_len(L, t, state_keys[i]);
      if (lens[i] == 0) continue;
      if (n > 1 && lens[i] != n)
        return lk_fielderror(L, 1, state_keys[i], lua_pushfstring(L,
               "array of %d numbers expected (as the other state fields), got %d", n, lens[i]));
      n = lens[i];
    }
    lua_getfield(L, t, "integrator");
    if (!lua_isnil(L, -1)) {
      const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
      for (integrator = 0; name && integrator < 3; integrator++)
        if (strcmp(name, integrator_names[integrator]) == 0) break;
      if (name == NULL || integrator == 3)
        lk_fielderror(L, 1, "integrator", lua_pushfstring(L,
          "one of 'analytic', 'rk4', 'euler' expected, got %s%s%s",
          name ? "'" : "", name ? name : lk_typename(L, -1), name ? "'" : ""));
    }
    lua_pop(L, 1);
    rest_delta = field_num(L, t, "rest_delta", DEFAULT_REST_DELTA, 'n');
    rest_speed = field_num(L, t, "rest_speed", DEFAULT_REST_SPEED, 'n');
    clamp = lk_optfieldbool(L, t, 1, "clamp", 0);
    check_callback(L, t, "on_update");
    check_callback(L, t, "on_rest");
  }
  /* everything is checked: build */
  kn_spring_model_init(&model, p.mass, p.stiffness, p.damping);
  /* k/m or c/2m may overflow (tiny mass): refuse rather than yield inf/NaN */
  if (!isfinite(model.decay) || !isfinite(model.omega2) || !isfinite(model.disc))
    return lk_argerror(L, 1, "parameters out of range (stiffness/mass or damping/mass overflows)");
  /* rk4 and euler take fixed 1 ms substeps, which diverge to inf for a
     spring too fast or too damped for them (spring.h kn_spring_step_check) */
  switch (kn_spring_step_check(&model, integrator)) {
  case KN_STEP_STABLE:
    break;
  case KN_STEP_TOO_FAST:
    return lk_fielderror(L, 1, "integrator", lua_pushfstring(L,
      "'%s' is unstable for this spring at its fixed 1 ms step (rate %s/s, at most 1800): use 'analytic'",
      integrator_names[integrator], lk_pushnumstr(L, kn_spring_fastest_rate(&model))));
  default:
    if (integrator == KN_SPRING_RK4)
      return lk_fielderror(L, 1, "integrator", lua_pushfstring(L,
        "'rk4' is unstable for this spring at its fixed 1 ms step (Rebound's substep lets "
        "the motion grow by more than 0.1%% a second): use 'analytic'"));
    {
      const char *decay = lk_pushnumstr(L, model.decay);
      const char *w0 = lk_pushnumstr(L, sqrt(model.omega2));
      return lk_fielderror(L, 1, "integrator", lua_pushfstring(L,
        "'euler' is unstable for this spring at its fixed 1 ms step (c/2m = %s/s, w0 = %s/s; "
        "semi-implicit Euler needs c/2m <= 900/s and w0 <= 1800/s * sqrt(1 - c/2m * 1 ms)): "
        "use 'analytic'", decay, w0));
    }
  }
  scratch = (double *)lua_newuserdata(L, sizeof(double) * 3 * (size_t)n);
  state_fill(L, t, "from", 0, n, scratch);
  state_fill(L, t, "to", 1, n, scratch + n);
  state_fill(L, t, "velocity", 0, n, scratch + 2 * n);
  s = (kn_spring *)lk_newobject(L, kn_spring_size(n), KN_SPRING);
  kn_spring_init(s, n, &model, integrator, clamp, rest_delta, rest_speed,
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
  if (s->integrator != KN_SPRING_ANALYTIC && t > KN_SPRING_STEPPED_DT_MAX)
    lk_argerror(L, arg, lua_pushfstring(L,
      "at most %s seconds expected with integrator '%s' (1 ms substeps), got %s",
      lk_pushnumstr(L, KN_SPRING_STEPPED_DT_MAX), integrator_names[s->integrator],
      lk_pushnumstr(L, t)));
  return t;
}

/* A finite state can still overflow: a spring without stiffness and damping
   coasts without bound (x + v dt), a huge velocity on a soft spring swings
   past 1.8e308 (kn_spring_update flags it).  Never silently: raise, and (for
   update) leave the spring at rest on its target so that it stays usable. */
static void overflow_error(lua_State *L, kn_spring *s, int reset) {
  if (reset) kn_spring_reset_on_target(s);
  luaL_error(L, "%s: the spring's state overflowed (beyond +-1.8e308)%s",
             reset ? "update" : "at", reset ? "; it is reset to rest on its target" : "");
}

/* What update does after the state changed: overflow, callbacks, results. */
static int updated(lua_State *L, kn_spring *s, int flags) {
  if (flags & KN_SPRING_OVERFLOW) overflow_error(L, s, 1);
  if ((flags & KN_SPRING_MOVED) && (s->user & HAS_ON_UPDATE)) fire(L, "on_update");
  if ((flags & KN_SPRING_RESTED) && (s->user & HAS_ON_REST)) fire(L, "on_rest");
  return push_slot(L, s, KN_SPRING_SLOT(s, KN_SP_X));
}

/* s:update(dt), every argument checked. */
static int update_checked(lua_State *L) {
  kn_spring *s = check_spring(L);
  double dt = check_stepped(L, s, 2, lk_checknonneg(L, 2));
  return updated(L, s, kn_spring_update(s, dt));   /* state first, callbacks after */
}

/* s:update(dt).  Upvalue 1 is the metatable of kinetic.Spring: the common
   case (a Spring, a number dt the checks accept, no callbacks, a scalar)
   is recognised with a few cheap tests; anything else -- errors included --
   goes through update_checked, which behaves exactly as before. */
static int m_update(lua_State *L) {
  kn_spring *s = (kn_spring *)lua_touserdata(L, 1);
  double dt;
  int flags, same;
  if (s == NULL || !lua_getmetatable(L, 1)) return update_checked(L);
  same = lua_rawequal(L, -1, lua_upvalueindex(1));
  lua_pop(L, 1);
  if (!same || lua_type(L, 2) != LUA_TNUMBER) return update_checked(L);
  dt = (double)lua_tonumber(L, 2);
  if (!(dt >= 0 && (dt <= KN_SPRING_STEPPED_DT_MAX ||
                    (dt < HUGE_VAL && s->integrator == KN_SPRING_ANALYTIC))))
    return update_checked(L);
  flags = kn_spring_update(s, dt);
  if ((flags & ~KN_SPRING_MOVED) == 0 && s->user == 0 && s->n == 1) {
    lua_pushnumber(L, (lua_Number)s->data[0]);
    return 1;
  }
  return updated(L, s, flags);
}

static int m_position(lua_State *L) {
  kn_spring *s = check_spring(L);
  return push_slot(L, s, KN_SPRING_SLOT(s, KN_SP_X));
}

static int m_velocity(lua_State *L) {
  kn_spring *s = check_spring(L);
  return push_slot(L, s, KN_SPRING_SLOT(s, KN_SP_V));
}

static int m_target(lua_State *L) {
  kn_spring *s = check_spring(L);
  return push_slot(L, s, KN_SPRING_SLOT(s, KN_SP_TARGET));
}

static int m_at_rest(lua_State *L) {
  kn_spring *s = check_spring(L);
  lua_pushboolean(L, s->at_rest);
  return 1;
}

static int m_set_target(lua_State *L) {
  kn_spring *s = check_spring(L);
  double small[SMALL_N];
  kn_spring_set_target(s, read_values(L, s, 2, small));
  lua_settop(L, 1);
  return 1;
}

static int m_set_position(lua_State *L) {
  kn_spring *s = check_spring(L);
  double small[SMALL_N];
  kn_spring_set_position(s, read_values(L, s, 2, small));
  lua_settop(L, 1);
  return 1;
}

static int m_set_velocity(lua_State *L) {
  kn_spring *s = check_spring(L);
  double small[SMALL_N];
  kn_spring_set_velocity(s, read_values(L, s, 2, small));
  lua_settop(L, 1);
  return 1;
}

/* State t seconds ahead: what update(t) would give, on a copy. */
static kn_spring *ahead(lua_State *L) {
  kn_spring *s = check_spring(L);
  double t = check_stepped(L, s, 2, lk_checknonneg(L, 2));
  kn_spring *c = (kn_spring *)lua_newuserdata(L, kn_spring_size(s->n));
  kn_spring_copy(c, s);
  if (kn_spring_update(c, t) & KN_SPRING_OVERFLOW) overflow_error(L, c, 0);
  return c;
}

static int m_at(lua_State *L) {
  kn_spring *c = ahead(L);
  return push_slot(L, c, KN_SPRING_SLOT(c, KN_SP_X));
}

static int m_velocity_at(lua_State *L) {
  kn_spring *c = ahead(L);
  return push_slot(L, c, KN_SPRING_SLOT(c, KN_SP_V));
}

static int m_settle_time(lua_State *L) {
  kn_spring *s = check_spring(L);
  double eps = s->rest_delta * s->scale;
  if (!lua_isnoneornil(L, 2)) {
    eps = lk_checkfinite(L, 2);
    if (!(eps > 0))
      return lk_argerror(L, 2, lua_pushfstring(L, "positive number expected, got %s",
                           lk_pushnumstr(L, eps)));
  } else if (!(eps > 0)) {
    lua_pushnumber(L, s->at_rest ? 0 : HUGE_VAL);
    return 1;
  }
  if (!s->at_rest) {
    /* The settle time compares squared distances with eps^2: below 1e-150
       of the motion's size (max |x - target|, |v|) that square leaves the
       double range, and the answer would be a guess. */
    const double *x = KN_SPRING_SLOT(s, KN_SP_X), *v = KN_SPRING_SLOT(s, KN_SP_V),
                 *tg = KN_SPRING_SLOT(s, KN_SP_TARGET);
    double size = 0;
    int i;
    for (i = 0; i < s->n; i++) {
      if (fabs(x[i] - tg[i]) > size) size = fabs(x[i] - tg[i]);
      if (fabs(v[i]) > size) size = fabs(v[i]);
    }
    if (eps < size * 1e-150)
      return lk_argerror(L, 2, lua_pushfstring(L,
                           "epsilon of at least 1e-150 times the distance (%s) expected, got %s",
                           lk_pushnumstr(L, size), lk_pushnumstr(L, eps)));
  }
  lua_pushnumber(L, (lua_Number)kn_spring_settle_time(s, eps));
  return 1;
}

static int m_coefficients(lua_State *L) {
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

static int m_params(lua_State *L) {
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

static int m_tostring(lua_State *L) {
  kn_spring *s = check_spring(L);
  char buf[200];
  snprintf(buf, sizeof buf, "kinetic.Spring(stiffness=%.14g, damping=%.14g, mass=%.14g, "
           "n=%d, %s, %s)", s->model.stiffness, s->model.damping, s->model.mass, s->n,
           integrator_names[s->integrator], s->at_rest ? "at rest" : "moving");
  lua_pushstring(L, buf);
  return 1;
}

static const luaL_Reg spring_methods[] = {
  { "position", m_position }, { "velocity", m_velocity }, { "target", m_target },
  { "at_rest", m_at_rest }, { "set_target", m_set_target },
  { "set_position", m_set_position }, { "set_velocity", m_set_velocity },
  { "at", m_at }, { "velocity_at", m_velocity_at }, { "settle_time", m_settle_time },
  { "coefficients", m_coefficients }, { "params", m_params }, { NULL, NULL }
};

static const luaL_Reg spring_meta[] = {
  { "__tostring", m_tostring }, { NULL, NULL }
};

void lk_open_spring(lua_State *L) {
  lk_newclass(L, KN_SPRING, spring_methods, spring_meta);
  luaL_getmetatable(L, KN_SPRING);
  lua_getfield(L, -1, "__index");
  lua_pushvalue(L, -2);                  /* update's upvalue: the metatable */
  lua_pushcclosure(L, m_update, 1);
  lua_setfield(L, -2, "update");
  lua_pop(L, 2);
  lua_pushcfunction(L, spring_new);
  lua_setfield(L, -2, "spring");
}
