/*
** easing.c -- Lua binding of the easings: kinetic.easing, bezier, steps,
** linear, accelerate, accelerate_decelerate, easings, and the methods of
** kinetic.Easing / kinetic.Bezier (both hold a kn_easing as payload).
**
** Errors always name the API function ('eval', 'slope', 'bezier' ...) and
** count arguments as the user writes them (e(p) and e:eval(p) both report
** p as argument #1), whatever name Lua would find for the caller.
*/
#include <math.h>
#include <string.h>

#include "lkinetic.h"
#include "easing.h"
#include "easing_parse.h"
#include "step_times.h"

/* ---- errors and checks ---------------------------------------------------- */

static int arg_error(lua_State *L, int arg, const char *fname, const char *msg) {
  return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, fname, msg);
}

static int expected_error(lua_State *L, int arg, const char *fname, const char *what, int idx) {
  return arg_error(L, arg, fname, lua_pushfstring(L, "%s expected, got %s", what,
                                                   lk_typename(L, idx)));
}

/* Finite number at stack index idx, reported as argument arg of fname. */
static double check_number(lua_State *L, int idx, int arg, const char *fname) {
  double x;
  if (lua_type(L, idx) != LUA_TNUMBER) expected_error(L, arg, fname, "number", idx);
  x = (double)lua_tonumber(L, idx);
  if (!isfinite(x)) expected_error(L, arg, fname, "finite number", idx);
  return x;
}

static double opt_number(lua_State *L, int idx, int arg, const char *fname, double def) {
  return lua_isnoneornil(L, idx) ? def : check_number(L, idx, arg, fname);
}

/* The easing payload of the value at idx, or NULL. */
static kn_easing *to_easing(lua_State *L, int idx) {
  void *p = lk_testudata(L, idx, KN_EASING);
  if (p == NULL) p = lk_testudata(L, idx, KN_BEZIER);
  return (kn_easing *)p;
}

/* Methods and metamethods carry both metatables as upvalues 1 and 2: a
   raw comparison is much cheaper than two registry look-ups by name. */
static kn_easing *to_easing_up(lua_State *L, int idx) {
  void *p = lua_touserdata(L, idx);
  if (p != NULL && lua_getmetatable(L, idx)) {
    int ok = lua_rawequal(L, -1, lua_upvalueindex(1)) || lua_rawequal(L, -1, lua_upvalueindex(2));
    lua_pop(L, 1);
    if (ok) return (kn_easing *)p;
  }
  return NULL;
}

/* Self at idx for the method fname: an easing of either class (tname
   NULL: upvalues 1 and 2), or of the class tname. */
static kn_easing *check_self(lua_State *L, int idx, const char *fname, const char *tname) {
  kn_easing *e = tname != NULL ? (kn_easing *)lk_testudata(L, idx, tname) : to_easing_up(L, idx);
  if (e == NULL)
    luaL_error(L, "calling '%s' on bad self (%s expected, got %s)", fname,
               tname != NULL ? tname : KN_EASING, lk_typename(L, idx));
  return e;
}

/* A new userdata holding a copy of the easing e (its points and text). */
kn_easing *lk_pusheasing(lua_State *L, const kn_easing *e) {
  size_t size = kn_easing_block_size(e);
  kn_easing *o = (kn_easing *)lk_newobject(L, size,
                                           e->kind == KN_E_BEZIER ? KN_BEZIER : KN_EASING);
  memcpy(o, e, size);
  return o;
}

/* Parse the string at idx and push the easing, or push an error message
   and return NULL.  An easing with a CSS form keeps its source text after
   its points: e:css("specified") parses it again for the serialization,
   so that a parse does not pay for formatting it. */
static const kn_easing *push_parsed(lua_State *L, int idx) {
  size_t len, cap;
  const char *s = lua_tolstring(L, idx, &len);
  union { kn_easing e; double d[(sizeof(kn_easing) / sizeof(double)) + 2 * 16 + 1]; } stackbuf;
  kn_easing *e = &stackbuf.e, *o;
  char err[256];
  int scratch = 0;
  cap = kn_easing_parse_maxpoints(s, len);
  if (cap > 16) {
    e = (kn_easing *)lk_newuserdata(L, kn_easing_size(cap));
    scratch = 1;
  } else {
    cap = 16;
  }
  if (!kn_easing_parse(s, len, e, cap, NULL, err, sizeof err)) {
    lua_pop(L, scratch);
    lua_pushfstring(L, "easing spec expected, got '%s': %s", s, err);
    return NULL;
  }
  kn_easing_keep_source(e, len);
  o = (kn_easing *)lk_newobject(L, kn_easing_block_size(e),
                                e->kind == KN_E_BEZIER ? KN_BEZIER : KN_EASING);
  kn_easing_store(o, e, s);
  if (scratch) lua_remove(L, -2);
  return o;
}

/* ---- the spec cache -------------------------------------------------------- */

/* Every spec string (kinetic.easing's and a timeline segment's) is parsed
   once per Lua state: a registry table maps the spec, byte for byte, to
   the easing made from it, which is then shared.  Sharing is safe because
   an easing is immutable: no method, metamethod or FFI function writes its
   payload.  The table holds at most CACHE_MAX easings (their count at key
   1; every other key is a string): a spec that finds it full replaces it
   with a fresh table, so memory stays bounded whatever specs a program
   makes, and a program with fewer distinct specs parses each once.  Specs
   longer than CACHE_SPEC_MAX bytes (long linear() stop lists) are not
   kept.  Registry key: the address of cache_key. */
#define CACHE_MAX 256
#define CACHE_SPEC_MAX 128
static const char cache_key = 'e';

/* Push the cache table, made on first use; returns its index. */
static int push_cache(lua_State *L) {
  lua_pushlightuserdata(L, (void *)(size_t)&cache_key);   /* const dropped: never written */
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 16);
    lua_pushlightuserdata(L, (void *)(size_t)&cache_key);
    lua_pushvalue(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
  }
  return lua_gettop(L);
}

/* cache[spec] = the easing on top (left there), spec at idx; the cache at
   index c is replaced by an empty one first when full. */
static void cache_store(lua_State *L, int c, int idx) {
  int count = lk_rawgeti(L, c, 1) == LUA_TNUMBER ? (int)lua_tonumber(L, -1) : 0;
  lua_pop(L, 1);
  if (count >= CACHE_MAX) {
    lua_pushlightuserdata(L, (void *)(size_t)&cache_key);
    lua_createtable(L, 0, 16);
    lua_replace(L, c);
    lua_pushvalue(L, c);
    lua_rawset(L, LUA_REGISTRYINDEX);
    count = 0;
  }
  lua_pushvalue(L, idx);
  lua_pushvalue(L, -2);
  lua_rawset(L, c);
  lua_pushinteger(L, count + 1);
  lua_rawseti(L, c, 1);
}

/* The easing of the spec string at idx pushed, from the cache or parsed
   (and cached); or an error message pushed and NULL. */
static const kn_easing *push_spec(lua_State *L, int idx) {
  const kn_easing *e;
  int c = push_cache(L);
  lua_pushvalue(L, idx);
  lua_rawget(L, c);
  if (lua_type(L, -1) == LUA_TUSERDATA) {
    lua_remove(L, c);
    return (const kn_easing *)lua_touserdata(L, -1);
  }
  lua_pop(L, 1);
  e = push_parsed(L, idx);
  if (e != NULL && lk_rawlen(L, idx) <= CACHE_SPEC_MAX) cache_store(L, c, idx);
  lua_remove(L, c);
  return e;
}

const struct kn_easing *lk_toeasing(lua_State *L, int idx) {
  kn_easing *e;
  idx = lk_absindex(L, idx);
  e = to_easing(L, idx);
  if (e != NULL) { lua_pushvalue(L, idx); return e; }
  if (lua_type(L, idx) == LUA_TSTRING) return push_spec(L, idx);
  lua_pushfstring(L, "easing or easing spec string expected, got %s", lk_typename(L, idx));
  return NULL;
}

/* ---- constructors ---------------------------------------------------------- */

static int kinetic_easing(lua_State *L) {
  if (to_easing(L, 1) != NULL) { lua_settop(L, 1); return 1; }
  if (lua_type(L, 1) != LUA_TSTRING)
    return expected_error(L, 1, "easing", "easing or easing spec string", 1);
  if (push_spec(L, 1) == NULL) return arg_error(L, 1, "easing", lua_tostring(L, -1));
  return 1;
}

static int kinetic_bezier(lua_State *L) {
  kn_easing e;
  double v[4];
  char why[64];
  int i;
  for (i = 0; i < 4; i++) v[i] = check_number(L, i + 1, i + 1, "bezier");
  if (!kn_easing_check_bezier(v, &i, why, sizeof why)) arg_error(L, i + 1, "bezier", why);
  kn_easing_init_bezier(&e, v[0], v[1], v[2], v[3]);
  lk_pusheasing(L, &e);
  return 1;
}

/* The number at idx as kn_fmtnum writes it (the shortest text that reads
   back as the same double), pushed; returns that text. */
static const char *push_fmtnum(lua_State *L, int idx) {
  char b[32];
  kn_fmtnum(b, (double)lua_tonumber(L, idx));
  lua_pushstring(L, b);
  return lua_tostring(L, -1);
}

static int kinetic_steps(lua_State *L) {
  kn_easing e;
  char why[64];
  double n = check_number(L, 1, 1, "steps");
  int p = KN_END;
  if (!lua_isnoneornil(L, 2)) {
    if (lua_type(L, 2) != LUA_TSTRING)
      expected_error(L, 2, "steps", "step position string", 2);
    p = kn_names_find(kn_steps_position_name, lua_tostring(L, 2));
    if (p < 0)
      arg_error(L, 2, "steps", lua_pushfstring(L, "%s expected, got '%s'",
                lk_pushnames(L, kn_steps_position_name, KN_NAMES_ONEOF), lua_tostring(L, 2)));
  }
  if (!kn_easing_check_steps(n, p, why, sizeof why)) arg_error(L, 1, "steps", why);
  kn_easing_init_steps(&e, (int)n, p);
  lk_pusheasing(L, &e);
  return 1;
}

/* kinetic.linear{ 0, {0.25, 0.75}, {0.5, 0.8, 0.9}, 1 } */
static int kinetic_linear(lua_State *L) {
  size_t nstops, i, n = 0;
  kn_easing *e;
  if (lua_type(L, 1) != LUA_TTABLE) return expected_error(L, 1, "linear", "table of stops", 1);
  nstops = lk_rawlen(L, 1);
  if (nstops < 2)
    return arg_error(L, 1, "linear", lua_pushfstring(L, "at least 2 stops expected, got %d", (int)nstops));
  lua_settop(L, 1);
  e = (kn_easing *)lk_newuserdata(L, kn_easing_size(2 * nstops));   /* scratch, 2 */
  for (i = 1; i <= nstops; i++) {
    lua_rawgeti(L, 1, (int)i);
    if (lua_type(L, -1) == LUA_TNUMBER) {
      double x = (double)lua_tonumber(L, -1);
      if (!isfinite(x))
        arg_error(L, 1, "linear", lua_pushfstring(L, "stop %d: finite number expected, got %s",
                  (int)i, lk_typename(L, -1)));
      e->points[2 * n] = (double)NAN; e->points[2 * n + 1] = x; n++;
    } else if (lua_type(L, -1) == LUA_TTABLE) {
      size_t k = lk_rawlen(L, -1), j;
      double v[3];
      if (k < 2 || k > 3)
        arg_error(L, 1, "linear", lua_pushfstring(L,
                  "stop %d: {output, input [, input2]} expected, got a table of %d items", (int)i, (int)k));
      for (j = 0; j < k; j++) {
        lua_rawgeti(L, -1, (int)j + 1);
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
          arg_error(L, 1, "linear", lua_pushfstring(L, "stop %d, item %d: finite number expected, got %s",
                    (int)i, (int)j + 1, lk_typename(L, -1)));
        v[j] = (double)lua_tonumber(L, -1);
        lua_pop(L, 1);
      }
      for (j = 1; j < k; j++) {   /* inputs are fractions; stored in percent */
        e->points[2 * n] = v[j] * 100.0; e->points[2 * n + 1] = v[0]; n++;
      }
    } else {
      arg_error(L, 1, "linear", lua_pushfstring(L, "stop %d: number or {output, input} expected, got %s",
                (int)i, lk_typename(L, -1)));
    }
    lua_pop(L, 1);
  }
  kn_easing_init_linearfn(e, n);
  lk_pusheasing(L, e);
  return 1;
}

/* kinetic.accelerate([v0]) and kinetic.accelerate_decelerate([v0]): the
   easing of `kind`, pushed; errors name `fname`. */
static int push_accel(lua_State *L, int kind, const char *fname) {
  kn_easing e;
  double v0 = opt_number(L, 1, 1, fname, 0.0);
  char why[64];
  if (!kn_easing_check_accel(v0, why, sizeof why)) arg_error(L, 1, fname, why);
  kn_easing_init_accel(&e, kind, v0);
  lk_pusheasing(L, &e);
  return 1;
}
static int kinetic_accelerate(lua_State *L) { return push_accel(L, KN_E_ACCEL, "accelerate"); }
static int kinetic_accelerate_decelerate(lua_State *L) {
  return push_accel(L, KN_E_ACCELDECEL, "accelerate_decelerate");
}

/* kinetic.step_times(easing, n [, duration]) -> {t_1, ..., t_n}. */
static int kinetic_step_times(lua_State *L) {
  const kn_easing *e;
  double n, D, *out;
  char why[64];
  size_t i;
  if (to_easing(L, 1) == NULL && lua_type(L, 1) != LUA_TSTRING)
    return expected_error(L, 1, "step_times", "easing or easing spec string", 1);
  if (lua_type(L, 2) != LUA_TNUMBER) expected_error(L, 2, "step_times", "number", 2);
  n = (double)lua_tonumber(L, 2);
  if (!kn_step_times_count(n, why, sizeof why)) arg_error(L, 2, "step_times", why);
  D = opt_number(L, 3, 3, "step_times", 1.0);
  if (!kn_step_times_duration(D, why, sizeof why)) arg_error(L, 3, "step_times", why);
  lua_settop(L, 1);
  e = lk_toeasing(L, 1);
  if (e == NULL) return arg_error(L, 1, "step_times", lua_tostring(L, -1));
  out = (double *)lk_newuserdata(L, (size_t)n * sizeof(double));
  if (!kn_step_times(e, (size_t)n, D, out))
    return arg_error(L, 1, "step_times", "easing changes direction too often: more than "
                     "4000000 monotone pieces on [0, 1]");
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < (size_t)n; i++) {
    lua_pushnumber(L, (lua_Number)out[i]);
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

static int kinetic_easings(lua_State *L) {
  size_t i;
  const char *name;
  lua_newtable(L);
  for (i = 0; (name = kn_easing_name(i)) != NULL; i++) {
    lua_pushstring(L, name);
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/* ---- methods ------------------------------------------------------------------ */

/* p and the before flag of eval at stack indices idx and idx + 1, counted
   as arguments #1 and #2 (e(p, before), e:eval(p, before), f(p, before)). */
static double eval_args(lua_State *L, int idx, int *before) {
  double p;
  if (lua_type(L, idx) != LUA_TNUMBER) expected_error(L, 1, "eval", "number", idx);
  p = (double)lua_tonumber(L, idx);
  if (!isfinite(p)) expected_error(L, 1, "eval", "finite number", idx);
  *before = 0;
  if (!lua_isnoneornil(L, idx + 1)) {
    if (lua_type(L, idx + 1) != LUA_TBOOLEAN)
      expected_error(L, 2, "eval", "boolean before flag", idx + 1);
    *before = lua_toboolean(L, idx + 1);
  }
  return p;
}

/* e(p [, before]) and e:eval(p [, before]): self at 1, p at 2, flag at 3.
   The general form: every check, every error message. */
static int easing_eval_checked(lua_State *L) {
  const kn_easing *e = check_self(L, 1, "eval", NULL);
  int before;
  double p = eval_args(L, 2, &before);
  lua_pushnumber(L, (lua_Number)kn_easing_eval(e, p, before));
  return 1;
}

/* The common case first -- an easing of this class (its metatable is
   upvalue 1) and one finite number, nothing else -- with as few API calls
   as possible; anything else (the other class, a before flag, errors) goes
   through easing_eval_checked, so behaviour and messages are the same. */
static int easing_eval(lua_State *L) {
  const kn_easing *e = (const kn_easing *)lua_touserdata(L, 1);
  if (e != NULL && lua_type(L, 2) == LUA_TNUMBER && lua_gettop(L) == 2 &&
      lua_getmetatable(L, 1)) {
    int ok = lua_rawequal(L, -1, lua_upvalueindex(1));
    double p = (double)lua_tonumber(L, 2);
    if (ok && isfinite(p)) {
      lua_pushnumber(L, (lua_Number)kn_easing_eval(e, p, 0));
      return 1;
    }
    lua_pop(L, 1);
  }
  return easing_eval_checked(L);
}

/* e(p): Lua runs __call only for an object whose metatable holds it, and
   Lua code cannot reach that metatable (its __metatable field hides it from
   getmetatable; only the debug library, which can defeat every C library's
   type checks, gets past that) -- so self is an easing of this class and
   needs no check.  The argument checks stay; anything unusual goes through
   easing_eval_checked. */
static int easing_call(lua_State *L) {
  if (lua_gettop(L) == 2 && lua_type(L, 2) == LUA_TNUMBER) {
    double p = (double)lua_tonumber(L, 2);
    if (isfinite(p)) {
      lua_pushnumber(L, (lua_Number)kn_easing_eval((const kn_easing *)lua_touserdata(L, 1), p, 0));
      return 1;
    }
  }
  return easing_eval_checked(L);
}

/* e:fn() -> f, a plain Lua function with f(p [, before]) == e(p [, before]).
   f is a C closure holding the easing as its upvalue: no __call metamethod
   to look up and no self to check, and type(f) == "function" for libraries
   that want a function.  Checks and messages are eval's, p counted as
   argument #1 as in e(p). */
static int easing_fn_call(lua_State *L) {
  const kn_easing *e = (const kn_easing *)lua_touserdata(L, lua_upvalueindex(1));
  int before;
  double p = eval_args(L, 1, &before);
  lua_pushnumber(L, (lua_Number)kn_easing_eval(e, p, before));
  return 1;
}

static int easing_fn(lua_State *L) {
  check_self(L, 1, "fn", NULL);
  lua_settop(L, 1);
  lua_pushcclosure(L, easing_fn_call, 1);
  return 1;
}

static int easing_sample(lua_State *L) {
  const kn_easing *e = check_self(L, 1, "sample", NULL);
  double n = check_number(L, 2, 1, "sample");
  size_t i, k;
  if (n != floor(n) || n < 1.0 || n > 1e8)
    return arg_error(L, 1, "sample", lua_pushfstring(L, "integer >= 1 expected, got %s", push_fmtnum(L, 2)));
  if (!lua_isnoneornil(L, 3)) {
    if (lua_type(L, 3) != LUA_TTABLE) return expected_error(L, 2, "sample", "table", 3);
    lua_settop(L, 3);
  } else {
    lua_settop(L, 2);
    lua_createtable(L, (int)n + 1, 0);
  }
  k = (size_t)n;
  for (i = 0; i < k; i++) {
    lua_pushnumber(L, (lua_Number)kn_easing_eval(e, (double)i / (double)k, 0));
    lua_rawseti(L, 3, (int)i + 1);
  }
  lua_pushnumber(L, (lua_Number)kn_easing_eval(e, 1.0, 0));
  lua_rawseti(L, 3, (int)k + 1);
  return 1;
}

/* Push the text a writer (kn_easing_tostring, kn_easing_css) gives for e,
   `n` bytes long as buf's first call found, from buf or, when longer, a
   second call into a scratch userdata. */
typedef size_t (*text_writer)(const kn_easing *e, char *buf, size_t cap);

static void push_text(lua_State *L, const kn_easing *e, text_writer w, const char *buf, size_t n,
                      size_t bufcap) {
  if (n < bufcap) {
    lua_pushlstring(L, buf, n);
  } else {
    char *big = (char *)lk_newuserdata(L, n + 1);
    w(e, big, n + 1);
    lua_pushlstring(L, big, n);
  }
}

static int easing_tostring(lua_State *L) {
  const kn_easing *e = check_self(L, 1, "__tostring", NULL);
  char buf[256];
  push_text(L, e, kn_easing_tostring, buf, kn_easing_tostring(e, buf, sizeof buf), sizeof buf);
  return 1;
}

/* The specified serialization of a parsed easing (kn_easing_specified_text)
   into a stack buffer or, when longer, a scratch userdata. */
static int push_specified(lua_State *L, const kn_easing *e) {
  kn_easing *tmp = (kn_easing *)lk_newuserdata(L, kn_easing_size(kn_easing_specified_points(e)));
  char buf[256];
  kn_easing_text sp;
  sp.buf = buf; sp.cap = sizeof buf; sp.len = 0;
  kn_easing_specified_text(e, tmp, &sp);
  if (sp.len > sp.cap) {
    sp.buf = (char *)lk_newuserdata(L, sp.len);
    sp.cap = sp.len;
    kn_easing_specified_text(e, tmp, &sp);
  }
  lua_pushlstring(L, sp.buf, sp.len);
  return 1;
}

/* e:css([form]): form "computed" (default) or "specified". */
static int easing_css(lua_State *L) {
  static const char *const forms[] = { "computed", "specified", NULL };
  const kn_easing *e = check_self(L, 1, "css", NULL);
  char buf[256];
  size_t n;
  int form = 0;
  if (!lua_isnoneornil(L, 2)) {
    const char *f;
    if (lua_type(L, 2) != LUA_TSTRING) return expected_error(L, 1, "css", "string", 2);
    f = lua_tostring(L, 2);
    for (form = 0; forms[form] != NULL && strcmp(forms[form], f) != 0; form++) {}
    if (forms[form] == NULL)
      return arg_error(L, 1, "css", lua_pushfstring(L, "'computed' or 'specified' expected, "
                                                    "got '%s'", f));
  }
  if (form == 1 && e->speclen > 0) return push_specified(L, e);
  n = kn_easing_css(e, buf, sizeof buf);
  if (n == 0) {
    kn_easing_tostring(e, buf, sizeof buf);
    return luaL_error(L, "calling 'css' on an easing with no CSS form (%s): Penner's equations, "
                      "accelerate, springs and functions have none", buf);
  }
  push_text(L, e, kn_easing_css, buf, n, sizeof buf);
  return 1;
}

static int easing_eq(lua_State *L) {
  const kn_easing *a = to_easing_up(L, 1), *b = to_easing_up(L, 2);
  lua_pushboolean(L, a != NULL && b != NULL && kn_easing_equal(a, b));
  return 1;
}

static int bezier_slope(lua_State *L) {
  const kn_easing *e = check_self(L, 1, "slope", KN_BEZIER);
  double p = check_number(L, 2, 1, "slope");
  lua_pushnumber(L, (lua_Number)kn_bezier_slope(&e->u.bezier, p));
  return 1;
}

static int bezier_inverse(lua_State *L) {
  const kn_easing *e = check_self(L, 1, "inverse", KN_BEZIER);
  double y = check_number(L, 2, 1, "inverse"), t;
  char buf[256];
  if (!kn_bezier_monotone(&e->u.bezier)) {
    kn_easing_tostring(e, buf, sizeof buf);
    return luaL_error(L, "calling 'inverse' on bad self (curve with monotone y expected, got %s)", buf);
  }
  if (!kn_bezier_inverse(&e->u.bezier, y, &t))
    return arg_error(L, 1, "inverse", lua_pushfstring(L,
                     "value in the curve's range expected, got %s", push_fmtnum(L, 2)));
  lua_pushnumber(L, (lua_Number)t);
  return 1;
}

static int bezier_control_points(lua_State *L) {
  const kn_easing *e = check_self(L, 1, "control_points", KN_BEZIER);
  if (e == NULL) return 0;   /* not reached (check_self raises); quiets -Wnull-dereference */
  lua_pushnumber(L, (lua_Number)e->u.bezier.x1);
  lua_pushnumber(L, (lua_Number)e->u.bezier.y1);
  lua_pushnumber(L, (lua_Number)e->u.bezier.x2);
  lua_pushnumber(L, (lua_Number)e->u.bezier.y2);
  return 4;
}

/* ---- registration ------------------------------------------------------------- */

/* Fill metatable `tname` (created by lk_newclass): methods into __index and
   the metamethods, each closure with both metatables as upvalues, its own
   class's first (easing_eval's fast test compares against upvalue 1 only). */
static void fill_class(lua_State *L, const char *tname, const char *other,
                       const luaL_Reg *methods, const luaL_Reg *meta) {
  luaL_getmetatable(L, tname);
  luaL_getmetatable(L, tname);
  luaL_getmetatable(L, other);
  lk_setfuncs(L, meta, 2);                    /* pops the two upvalues */
  lua_getfield(L, -1, "__index");
  luaL_getmetatable(L, tname);
  luaL_getmetatable(L, other);
  lk_setfuncs(L, methods, 2);
  lua_pop(L, 2);
}

void lk_open_easing(lua_State *L) {
  static const luaL_Reg easing_methods[] = {
    { "eval", easing_eval }, { "sample", easing_sample }, { "fn", easing_fn },
    { "css", easing_css }, { NULL, NULL }
  };
  static const luaL_Reg bezier_methods[] = {
    { "eval", easing_eval }, { "sample", easing_sample }, { "fn", easing_fn },
    { "css", easing_css }, { "slope", bezier_slope }, { "inverse", bezier_inverse },
    { "control_points", bezier_control_points }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__call", easing_call }, { "__tostring", easing_tostring }, { "__eq", easing_eq },
    { NULL, NULL }
  };
  static const luaL_Reg functions[] = {
    { "easing", kinetic_easing }, { "bezier", kinetic_bezier }, { "steps", kinetic_steps },
    { "linear", kinetic_linear }, { "accelerate", kinetic_accelerate },
    { "accelerate_decelerate", kinetic_accelerate_decelerate }, { "easings", kinetic_easings },
    { "step_times", kinetic_step_times },
    { NULL, NULL }
  };
  lk_newclass(L, KN_EASING, NULL, NULL);
  lk_newclass(L, KN_BEZIER, NULL, NULL);
  fill_class(L, KN_EASING, KN_BEZIER, easing_methods, meta);
  fill_class(L, KN_BEZIER, KN_EASING, bezier_methods, meta);
  lk_setfuncs(L, functions, 0);
}
