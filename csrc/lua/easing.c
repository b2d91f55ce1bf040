/*
** l_easing.c -- Lua binding for the easings: kinetic.easing, bezier, steps,
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
#include "accel.h"
#include "easing.h"
#include "easing_parse.h"

/* ---- errors and checks ---------------------------------------------------- */

static int argerror(lua_State *L, int arg, const char *fname, const char *msg) {
  return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, fname, msg);
}

static int expected(lua_State *L, int arg, const char *fname, const char *what, int idx) {
  return argerror(L, arg, fname, lua_pushfstring(L, "%s expected, got %s", what,
                                                  lk_typename(L, idx)));
}

/* Finite number at stack index idx, reported as argument arg of fname. */
static double checknum(lua_State *L, int idx, int arg, const char *fname) {
  double x;
  if (lua_type(L, idx) != LUA_TNUMBER) expected(L, arg, fname, "number", idx);
  x = (double)lua_tonumber(L, idx);
  if (!isfinite(x)) expected(L, arg, fname, "finite number", idx);
  return x;
}

static double optnum(lua_State *L, int idx, int arg, const char *fname, double def) {
  return lua_isnoneornil(L, idx) ? def : checknum(L, idx, arg, fname);
}

/* The easing payload of the value at idx, or NULL. */
static kn_easing *toeasing(lua_State *L, int idx) {
  void *p = lk_testudata(L, idx, KN_EASING);
  if (p == NULL) p = lk_testudata(L, idx, KN_BEZIER);
  return (kn_easing *)p;
}

/* Methods and metamethods carry both metatables as upvalues 1 and 2: a
   raw comparison is much cheaper than two registry look-ups by name. */
static kn_easing *toeasing_up(lua_State *L, int idx) {
  void *p = lua_touserdata(L, idx);
  if (p != NULL && lua_getmetatable(L, idx)) {
    int ok = lua_rawequal(L, -1, lua_upvalueindex(1)) || lua_rawequal(L, -1, lua_upvalueindex(2));
    lua_pop(L, 1);
    if (ok) return (kn_easing *)p;
  }
  return NULL;
}

static kn_easing *checkeasing(lua_State *L, int idx, const char *fname) {
  kn_easing *e = toeasing_up(L, idx);
  if (e == NULL) {
    if (lua_isnoneornil(L, idx))
      luaL_error(L, "calling '%s' on bad self (kinetic.Easing expected, got %s)",
                 fname, lk_typename(L, idx));
    luaL_error(L, "calling '%s' on bad self (kinetic.Easing expected, got %s)",
               fname, lk_typename(L, idx));
  }
  return e;
}

static kn_easing *checkbezier(lua_State *L, int idx, const char *fname) {
  kn_easing *e = (kn_easing *)lk_testudata(L, idx, KN_BEZIER);
  if (e == NULL)
    luaL_error(L, "calling '%s' on bad self (kinetic.Bezier expected, got %s)",
               fname, lk_typename(L, idx));
  return e;
}

/* A new userdata holding a copy of the n-point easing e. */
static kn_easing *pusheasing(lua_State *L, const kn_easing *e) {
  size_t size = kn_easing_size(e->npoints);
  kn_easing *o = (kn_easing *)lk_newobject(L, size,
                                           e->kind == KN_E_BEZIER ? KN_BEZIER : KN_EASING);
  memcpy(o, e, size);
  return o;
}

/* Parse the string at idx and push the easing, or push an error message
   and return NULL. */
static const kn_easing *pushparsed(lua_State *L, int idx) {
  size_t len, cap;
  const char *s = lua_tolstring(L, idx, &len);
  union { kn_easing e; double d[(sizeof(kn_easing) / sizeof(double)) + 2 * 16 + 1]; } stackbuf;
  kn_easing *e = &stackbuf.e;
  char err[256];
  int scratch = 0;
  cap = kn_easing_parse_maxpoints(s, len);
  if (cap > 16) {
    e = (kn_easing *)lk_newuserdata(L, kn_easing_size(cap));
    scratch = 1;
  } else {
    cap = 16;
  }
  if (!kn_easing_parse(s, len, e, cap, err, sizeof err)) {
    if (scratch) lua_pop(L, 1);
    lua_pushfstring(L, "easing spec expected, got '%s': %s", s, err);
    return NULL;
  }
  {
    const kn_easing *o = pusheasing(L, e);
    if (scratch) lua_remove(L, -2);
    return o;
  }
}

const struct kn_easing *lk_toeasing(lua_State *L, int idx) {
  kn_easing *e;
  idx = lk_absindex(L, idx);
  e = toeasing(L, idx);
  if (e != NULL) { lua_pushvalue(L, idx); return e; }
  if (lua_type(L, idx) == LUA_TSTRING) return pushparsed(L, idx);
  lua_pushfstring(L, "easing or easing spec string expected, got %s", lk_typename(L, idx));
  return NULL;
}

/* ---- constructors ---------------------------------------------------------- */

static int l_easing(lua_State *L) {
  if (toeasing(L, 1) != NULL) { lua_settop(L, 1); return 1; }
  if (lua_type(L, 1) != LUA_TSTRING)
    return expected(L, 1, "easing", "easing or easing spec string", 1);
  if (pushparsed(L, 1) == NULL) return argerror(L, 1, "easing", lua_tostring(L, -1));
  return 1;
}

static int l_bezier(lua_State *L) {
  kn_easing e;
  double v[4];
  int i;
  for (i = 0; i < 4; i++) v[i] = checknum(L, i + 1, i + 1, "bezier");
  for (i = 0; i <= 2; i += 2)
    if (v[i] < 0.0 || v[i] > 1.0) {
      char b[32];
      kn_fmtnum(b, v[i]);
      argerror(L, i + 1, "bezier", lua_pushfstring(L, "x%d in [0, 1] expected, got %s", i / 2 + 1, b));
    }
  for (i = 1; i <= 3; i += 2)
    if (!(fabs(v[i]) <= KN_BEZIER_YMAX)) {
      char b[32];
      kn_fmtnum(b, v[i]);
      argerror(L, i + 1, "bezier", lua_pushfstring(L, "y%d in [-1e300, 1e300] expected, got %s", i / 2 + 1, b));
    }
  kn_easing_init_bezier(&e, v[0], v[1], v[2], v[3]);
  pusheasing(L, &e);
  return 1;
}

static const char *numstr(lua_State *L, int idx) {
  char b[32];
  kn_fmtnum(b, (double)lua_tonumber(L, idx));
  lua_pushstring(L, b);
  return lua_tostring(L, -1);
}

static int l_steps(lua_State *L) {
  static const char pos[][11] = {
    "jump-start", "jump-end", "jump-none", "jump-both", "start", "end", ""
  };
  kn_easing e;
  double n = checknum(L, 1, 1, "steps");
  int p = KN_END, i;
  if (!lua_isnoneornil(L, 2)) {
    const char *s;
    if (lua_type(L, 2) != LUA_TSTRING)
      expected(L, 2, "steps", "step position string", 2);
    s = lua_tostring(L, 2);
    for (i = 0; pos[i][0] != '\0' && strcmp(pos[i], s) != 0; i++) {}
    if (pos[i][0] == '\0')
      argerror(L, 2, "steps", lua_pushfstring(L,
               "one of jump-start, jump-end, jump-none, jump-both, start, end expected, got '%s'", s));
    p = i;
  }
  if (n != floor(n) || n < (p == KN_JUMP_NONE ? 2.0 : 1.0) || n > 2147483646.0)
    argerror(L, 1, "steps", lua_pushfstring(L, "integer %s expected, got %s",
             p == KN_JUMP_NONE ? ">= 2 (jump-none)" : ">= 1",
             numstr(L, 1)));
  kn_easing_init_steps(&e, (int)n, p);
  pusheasing(L, &e);
  return 1;
}

/* kinetic.linear{ 0, {0.25, 0.75}, {0.5, 0.8, 0.9}, 1 } */
static int l_linear(lua_State *L) {
  size_t nstops, i, n = 0;
  kn_easing *e;
  if (lua_type(L, 1) != LUA_TTABLE) return expected(L, 1, "linear", "table of stops", 1);
  nstops = lk_rawlen(L, 1);
  if (nstops < 2)
    return argerror(L, 1, "linear", lua_pushfstring(L, "at least 2 stops expected, got %d", (int)nstops));
  lua_settop(L, 1);
  e = (kn_easing *)lk_newuserdata(L, kn_easing_size(2 * nstops));   /* scratch, 2 */
  for (i = 1; i <= nstops; i++) {
    lua_rawgeti(L, 1, (int)i);
    if (lua_type(L, -1) == LUA_TNUMBER) {
      double x = (double)lua_tonumber(L, -1);
      if (!isfinite(x))
        argerror(L, 1, "linear", lua_pushfstring(L, "stop %d: finite number expected, got %s",
                 (int)i, lk_typename(L, -1)));
      e->points[2 * n] = NAN; e->points[2 * n + 1] = x; n++;
    } else if (lua_type(L, -1) == LUA_TTABLE) {
      size_t k = lk_rawlen(L, -1), j;
      double v[3];
      if (k < 2 || k > 3)
        argerror(L, 1, "linear", lua_pushfstring(L,
                 "stop %d: {output, input [, input2]} expected, got a table of %d items", (int)i, (int)k));
      for (j = 0; j < k; j++) {
        lua_rawgeti(L, -1, (int)j + 1);
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
          argerror(L, 1, "linear", lua_pushfstring(L, "stop %d, item %d: finite number expected, got %s",
                   (int)i, (int)j + 1, lk_typename(L, -1)));
        v[j] = (double)lua_tonumber(L, -1);
        lua_pop(L, 1);
      }
      for (j = 1; j < k; j++) {   /* inputs are fractions; stored in percent */
        e->points[2 * n] = v[j] * 100.0; e->points[2 * n + 1] = v[0]; n++;
      }
    } else {
      argerror(L, 1, "linear", lua_pushfstring(L, "stop %d: number or {output, input} expected, got %s",
               (int)i, lk_typename(L, -1)));
    }
    lua_pop(L, 1);
  }
  kn_easing_init_linearfn(e, n);
  pusheasing(L, e);
  return 1;
}

static int l_accel(lua_State *L, int kind, const char *fname) {
  kn_easing e;
  double v0 = optnum(L, 1, 1, fname, 0.0);
  if (!(fabs(v0) <= KN_ACCEL_V0MAX)) {
    char b[32];
    kn_fmtnum(b, v0);
    argerror(L, 1, fname, lua_pushfstring(L, "v0 in [-1e300, 1e300] expected, got %s", b));
  }
  kn_easing_init_accel(&e, kind, v0);
  pusheasing(L, &e);
  return 1;
}
static int l_accelerate(lua_State *L) { return l_accel(L, KN_E_ACCEL, "accelerate"); }
static int l_accelerate_decelerate(lua_State *L) {
  return l_accel(L, KN_E_ACCELDECEL, "accelerate_decelerate");
}

static int l_easings(lua_State *L) {
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

/* e(p [, before]) and e:eval(p [, before]): self at 1, p at 2, flag at 3.
   The general form: every check, every error message. */
static int eval_checked(lua_State *L) {
  const kn_easing *e = checkeasing(L, 1, "eval");
  double p;
  int before = 0;
  if (lua_type(L, 2) == LUA_TNUMBER) {
    p = (double)lua_tonumber(L, 2);
    if (!isfinite(p)) expected(L, 1, "eval", "finite number", 2);
  } else {
    return expected(L, 1, "eval", "number", 2);
  }
  if (!lua_isnoneornil(L, 3)) {
    if (lua_type(L, 3) != LUA_TBOOLEAN) expected(L, 2, "eval", "boolean before flag", 3);
    before = lua_toboolean(L, 3);
  }
  lua_pushnumber(L, (lua_Number)kn_easing_eval(e, p, before));
  return 1;
}

/* The common case first -- an easing of this class (its metatable is
   upvalue 1) and one finite number, nothing else -- with as few API calls
   as possible; anything else (the other class, a before flag, errors) goes
   through eval_checked, so behaviour and messages are the same. */
static int m_eval(lua_State *L) {
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
  return eval_checked(L);
}

/* e(p): Lua runs __call only for an object whose metatable holds it, and
   Lua code cannot reach that metatable (its __metatable field hides it from
   getmetatable; only the debug library, which can defeat every C library's
   type checks, gets past that) -- so self is an easing of this class and
   needs no check, which saves ~10 ns of the ~45 ns call on Lua 5.4.  The
   argument checks stay; anything unusual goes through eval_checked. */
static int m_call(lua_State *L) {
  if (lua_gettop(L) == 2 && lua_type(L, 2) == LUA_TNUMBER) {
    double p = (double)lua_tonumber(L, 2);
    if (isfinite(p)) {
      lua_pushnumber(L, (lua_Number)kn_easing_eval((const kn_easing *)lua_touserdata(L, 1), p, 0));
      return 1;
    }
  }
  return eval_checked(L);
}

/* e:fn() -> f, a plain Lua function with f(p [, before]) == e(p [, before]).
   f is a C closure holding the easing as its upvalue: no __call metamethod
   to look up and no self to check, which makes each call ~5 ns cheaper on
   Lua 5.4, and type(f) == "function" for libraries that want a function.
   Checks and messages are eval's, p counted as argument #1 as in e(p). */
static int fn_call(lua_State *L) {
  const kn_easing *e = (const kn_easing *)lua_touserdata(L, lua_upvalueindex(1));
  double p;
  int before = 0;
  if (lua_type(L, 1) != LUA_TNUMBER) return expected(L, 1, "eval", "number", 1);
  p = (double)lua_tonumber(L, 1);
  if (!isfinite(p)) return expected(L, 1, "eval", "finite number", 1);
  if (!lua_isnoneornil(L, 2)) {
    if (lua_type(L, 2) != LUA_TBOOLEAN) return expected(L, 2, "eval", "boolean before flag", 2);
    before = lua_toboolean(L, 2);
  }
  lua_pushnumber(L, (lua_Number)kn_easing_eval(e, p, before));
  return 1;
}

static int m_fn(lua_State *L) {
  checkeasing(L, 1, "fn");
  lua_settop(L, 1);
  lua_pushcclosure(L, fn_call, 1);
  return 1;
}

static int m_sample(lua_State *L) {
  const kn_easing *e = checkeasing(L, 1, "sample");
  double n = checknum(L, 2, 1, "sample");
  size_t i, k;
  if (n != floor(n) || n < 1.0 || n > 1e8)
    return argerror(L, 1, "sample", lua_pushfstring(L, "integer >= 1 expected, got %s", numstr(L, 2)));
  if (!lua_isnoneornil(L, 3)) {
    if (lua_type(L, 3) != LUA_TTABLE) return expected(L, 2, "sample", "table", 3);
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

static int m_tostring(lua_State *L) {
  const kn_easing *e = checkeasing(L, 1, "__tostring");
  char buf[256];
  size_t n = kn_easing_tostring(e, buf, sizeof buf);
  if (n < sizeof buf) {
    lua_pushlstring(L, buf, n);
  } else {
    char *big = (char *)lk_newuserdata(L, n + 1);
    kn_easing_tostring(e, big, n + 1);
    lua_pushlstring(L, big, n);
  }
  return 1;
}

static int m_eq(lua_State *L) {
  const kn_easing *a = toeasing_up(L, 1), *b = toeasing_up(L, 2);
  lua_pushboolean(L, a != NULL && b != NULL && kn_easing_equal(a, b));
  return 1;
}

static int m_slope(lua_State *L) {
  const kn_easing *e = checkbezier(L, 1, "slope");
  double p = checknum(L, 2, 1, "slope");
  lua_pushnumber(L, (lua_Number)kn_bezier_slope(&e->u.bezier, p));
  return 1;
}

static int m_inverse(lua_State *L) {
  const kn_easing *e = checkbezier(L, 1, "inverse");
  double y = checknum(L, 2, 1, "inverse"), t;
  char buf[256];
  if (!kn_bezier_monotone(&e->u.bezier)) {
    kn_easing_tostring(e, buf, sizeof buf);
    return luaL_error(L, "calling 'inverse' on bad self (curve with monotone y expected, got %s)", buf);
  }
  if (!kn_bezier_inverse(&e->u.bezier, y, &t))
    return argerror(L, 1, "inverse", lua_pushfstring(L,
                    "value in the curve's range expected, got %s", numstr(L, 2)));
  lua_pushnumber(L, (lua_Number)t);
  return 1;
}

static int m_control_points(lua_State *L) {
  const kn_easing *e = checkbezier(L, 1, "control_points");
  if (e == NULL) return 0;   /* not reached (checkbezier raises); quiets -Wnull-dereference */
  lua_pushnumber(L, (lua_Number)e->u.bezier.x1);
  lua_pushnumber(L, (lua_Number)e->u.bezier.y1);
  lua_pushnumber(L, (lua_Number)e->u.bezier.x2);
  lua_pushnumber(L, (lua_Number)e->u.bezier.y2);
  return 4;
}

/* ---- registration ------------------------------------------------------------- */

/* Fill metatable `tname` (created by lk_newclass): methods into __index and
   the metamethods, each closure with both metatables as upvalues, its own
   class's first (m_eval's fast test compares against upvalue 1 only). */
static void fillclass(lua_State *L, const char *tname, const char *other,
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
    { "eval", m_eval }, { "sample", m_sample }, { "fn", m_fn }, { NULL, NULL }
  };
  static const luaL_Reg bezier_methods[] = {
    { "eval", m_eval }, { "sample", m_sample }, { "fn", m_fn }, { "slope", m_slope },
    { "inverse", m_inverse }, { "control_points", m_control_points }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__call", m_call }, { "__tostring", m_tostring }, { "__eq", m_eq }, { NULL, NULL }
  };
  static const luaL_Reg functions[] = {
    { "easing", l_easing }, { "bezier", l_bezier }, { "steps", l_steps },
    { "linear", l_linear }, { "accelerate", l_accelerate },
    { "accelerate_decelerate", l_accelerate_decelerate }, { "easings", l_easings },
    { NULL, NULL }
  };
  lk_newclass(L, KN_EASING, NULL, NULL);
  lk_newclass(L, KN_BEZIER, NULL, NULL);
  fillclass(L, KN_EASING, KN_BEZIER, easing_methods, meta);
  fillclass(L, KN_BEZIER, KN_EASING, bezier_methods, meta);
  lk_setfuncs(L, functions, 0);
}
