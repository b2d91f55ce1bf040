/*
** util.c -- helpers shared by the binding files: classes, objects and
** the argument checks every public function runs at the boundary.
*/
#include <math.h>
#include <string.h>

#include "lkinetic.h"
#include "names.h"

void lk_newclass(lua_State *L, const char *tname, const luaL_Reg *methods,
                 const luaL_Reg *meta) {
  luaL_newmetatable(L, tname);          /* reused if it already exists */
  lua_pushstring(L, tname);
  lua_setfield(L, -2, "__name");        /* 5.1 and LuaJIT do not set it */
  if (meta != NULL) lk_setfuncs(L, meta, 0);
  lua_newtable(L);
  if (methods != NULL) lk_setfuncs(L, methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "kinetic");        /* getmetatable(obj) is protected */
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}

void lk_setfastmethods(lua_State *L, const char *tname, const luaL_Reg *methods) {
  luaL_getmetatable(L, tname);
  lua_getfield(L, -1, "__index");
  lua_pushvalue(L, -2);                 /* the upvalue: the metatable */
  lk_setfuncs(L, methods, 1);
  lua_pop(L, 2);
}

void *lk_newobject(lua_State *L, size_t size, const char *tname) {
  void *p = lk_newuserdata(L, size);
  memset(p, 0, size);
  luaL_getmetatable(L, tname);
  lua_setmetatable(L, -2);
  return p;
}

const char *lk_typename(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER: {
      double x = (double)lua_tonumber(L, idx);
      if (x != x) return "nan";
      if (isinf(x)) return x > 0 ? "inf" : "-inf";
      return "number";
    }
    case LUA_TUSERDATA:
      if (lua_getmetatable(L, idx)) {
        const char *name;
        lua_getfield(L, -1, "__name");
        name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        lua_pop(L, 2);   /* the metatable stays referenced by the value */
        if (name != NULL) return name;
      }
      return "userdata";
    default:
      return luaL_typename(L, idx);
  }
}

/* ---- names for argument errors -------------------------------------------- */

/* Registry table function -> name, for lk_argerror; methods and
   metamethods are stored with a ':' in front. */
#define KN_NAMES "kinetic.names"

static void record_table(lua_State *L, int t, int names, int method) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) {
      lua_pushvalue(L, -1);
      if (method) lua_pushfstring(L, ":%s", lua_tostring(L, -3));
      else lua_pushvalue(L, -3);
      lua_rawset(L, names);
    }
    lua_pop(L, 1);
  }
}

void lk_recordnames(lua_State *L) {
  static const char *const classes[] = {
    KN_EASING, KN_BEZIER, KN_SPRING, KN_SPRING_GROUP, KN_FRICTION, KN_GRAVITY,
    KN_BOUNCING, KN_CLAMPING, KN_INERTIA, KN_DECAY,
    KN_TIMELINE, KN_VIEWPORT, KN_ANIMATOR, KN_ANIMATION, KN_SEQUENCE, KN_COLOR, KN_PATH, NULL
  };
  int i, module = lua_gettop(L), names;
  lua_newtable(L);
  names = lua_gettop(L);
  record_table(L, module, names, 0);
  for (i = 0; classes[i] != NULL; i++) {
    luaL_getmetatable(L, classes[i]);
    record_table(L, names + 1, names, 1);
    lua_getfield(L, names + 1, "__index");
    /* a function __index (the viewport's) keeps the methods as upvalue 1 */
    if (lua_type(L, -1) == LUA_TFUNCTION && lua_getupvalue(L, -1, 1) != NULL)
      lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TTABLE) record_table(L, names + 2, names, 1);
    lua_settop(L, names);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, KN_NAMES);
}

/* luaL_argerror, but a function of kinetic is always named by its API name
   (the table above), whatever name Lua finds for the caller's expression:
   under LuaJIT a C function reached by a tail call (`return s:update(-1)`)
   has the name of the call that led to the tail call, or none, and
   pcall(f, ...) gives none on 5.1/5.2.  A method's arguments are counted
   after self when Lua saw a method call, or saw no name while the caller is
   Lua code (a tail call, most likely `return o:m(...)`); otherwise self is
   argument #1, as in a function call. */
int lk_argerror(lua_State *L, int arg, const char *msg) {
  lua_Debug ar;
  if (lua_checkstack(L, 4) && lua_getstack(L, 0, &ar) && lua_getinfo(L, "nf", &ar)) {
    const char *name;
    lua_getfield(L, LUA_REGISTRYINDEX, KN_NAMES);
    if (lua_type(L, -1) == LUA_TTABLE) {
      lua_pushvalue(L, -2);
      lua_rawget(L, -2);
      name = lua_tostring(L, -1);
      if (name != NULL) {
        int method = 0;
        if (name[0] == ':') {
          lua_Debug caller;
          name++;
          if (ar.name != NULL)
            method = ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0;
          else
            method = lua_getstack(L, 1, &caller) && lua_getinfo(L, "S", &caller) &&
                     caller.what[0] != 'C';
        }
        if (method && --arg == 0)
          return luaL_error(L, "calling '%s' on bad self (%s)", name, msg);
        return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name, msg);
      }
    }
  }
  return luaL_argerror(L, arg, msg);
}

int lk_typeerror(lua_State *L, int arg, const char *what) {
  const char *msg = lua_pushfstring(L, "%s expected, got %s", what,
                                    lk_typename(L, arg));
  return lk_argerror(L, arg, msg);
}

void *lk_checkobject(lua_State *L, int arg, const char *tname) {
  void *p = lk_testudata(L, arg, tname);
  if (p == NULL) lk_typeerror(L, arg, tname);
  return p;
}

double lk_checkfinite(lua_State *L, int arg) {
  double x;
  if (lua_type(L, arg) != LUA_TNUMBER) lk_typeerror(L, arg, "number");
  x = (double)lua_tonumber(L, arg);
  if (!isfinite(x)) lk_typeerror(L, arg, "finite number");
  return x;
}

double lk_optfinite(lua_State *L, int arg, double def) {
  return lua_isnoneornil(L, arg) ? def : lk_checkfinite(L, arg);
}

double lk_checknonneg(lua_State *L, int arg) {
  double x = lk_checkfinite(L, arg);
  if (x < 0)
    lk_argerror(L, arg, lua_pushfstring(L, "non-negative number expected, got %s",
                  lk_pushnumstr(L, x)));
  return x;
}

void lk_checkfielditems(lua_State *L, int arg, const char *key, int n) {
  int i;
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    if (lua_type(L, -1) != LUA_TNUMBER)
      lk_fielderror(L, arg, key, lua_pushfstring(L, "item %d: number expected, got %s",
                    i, lk_typename(L, -1)));
    if (!isfinite((double)lua_tonumber(L, -1)))
      lk_fielderror(L, arg, key, lua_pushfstring(L, "item %d: finite number expected, got %s",
                    i, lk_typename(L, -1)));
    lua_pop(L, 1);
  }
}

int lk_fielderror(lua_State *L, int arg, const char *key, const char *msg) {
  return lk_argerror(L, arg, lua_pushfstring(L, "field '%s': %s", key, msg));
}

int lk_getfieldnum(lua_State *L, int t, int arg, const char *key, double *out) {
  double x;
  lua_getfield(L, t, key);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return 0; }
  if (lua_type(L, -1) != LUA_TNUMBER)
    lk_fielderror(L, arg, key, lua_pushfstring(L,
                  "number expected, got %s", lk_typename(L, -1)));
  x = (double)lua_tonumber(L, -1);
  if (!isfinite(x))
    lk_fielderror(L, arg, key, lua_pushfstring(L,
                  "finite number expected, got %s", lk_typename(L, -1)));
  lua_pop(L, 1);
  *out = x;
  return 1;
}

double lk_optfieldnum(lua_State *L, int t, int arg, const char *key, double def) {
  double x;
  return lk_getfieldnum(L, t, arg, key, &x) ? x : def;
}

double lk_optfieldnonneg(lua_State *L, int t, int arg, const char *key, double def) {
  double x;
  if (!lk_getfieldnum(L, t, arg, key, &x)) return def;
  if (!(x >= 0)) lk_fieldrangeerror(L, arg, key, "non-negative number", x);
  return x;
}

void lk_state_fill(lua_State *L, int t, const char *key, double def, int n,
                   double *out) {
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

int lk_optfieldbool(lua_State *L, int t, int arg, const char *key, int def) {
  int b;
  lua_getfield(L, t, key);
  if (lua_isnil(L, -1)) b = def;
  else if (lua_type(L, -1) == LUA_TBOOLEAN) b = lua_toboolean(L, -1);
  else
    return lk_fielderror(L, arg, key, lua_pushfstring(L,
                         "boolean expected, got %s", lk_typename(L, -1)));
  lua_pop(L, 1);
  return b;
}

int lk_optround(lua_State *L, int t, int arg, double *q, double **set, int *nset) {
  int kind = LK_ROUND_NONE, i, n;
  *q = 0.0; *set = NULL; *nset = 0;
  lua_getfield(L, t, "round");
  switch (lua_type(L, -1)) {
    case LUA_TNIL: break;
    case LUA_TBOOLEAN:
      if (lua_toboolean(L, -1)) { *q = 1.0; kind = LK_ROUND_STEP; }
      break;
    case LUA_TNUMBER:
      *q = (double)lua_tonumber(L, -1);
      if (!(*q > 0.0) || !isfinite(*q))
        lk_fieldrangeerror(L, arg, "round", "positive finite number", *q);
      kind = LK_ROUND_STEP;
      break;
    case LUA_TFUNCTION: return LK_ROUND_FN;
    case LUA_TTABLE:
      n = (int)lk_rawlen(L, -1);
      if (n <= 0)
        lk_fielderror(L, arg, "round", "non-empty array of numbers expected, got an empty table");
      lk_checkfielditems(L, arg, "round", n);
      *set = (double *)lua_newuserdata(L, (size_t)n * sizeof(double));
      for (i = 0; i < n; i++) {
        lua_rawgeti(L, -2, i + 1);
        (*set)[i] = (double)lua_tonumber(L, -1);
        lua_pop(L, 1);
      }
      lua_remove(L, -2);                   /* the copy stays */
      *nset = n;
      return LK_ROUND_SET;
    default:
      lk_fielderror(L, arg, "round", lua_pushfstring(L,
                    "true, a step, an array of numbers or a function expected, got %s",
                    lk_typename(L, -1)));
  }
  lua_pop(L, 1);
  return kind;
}

const char *lk_pushnumstr(lua_State *L, double x) {
  char buf[KN_NAMES_NUM_MAX];
  lua_pushstring(L, kn_names_num(buf, x));   /* void in 5.1: read it back */
  return lua_tostring(L, -1);
}

int lk_fieldrangeerror(lua_State *L, int arg, const char *key,
                       const char *expected, double x) {
  const char *num = lk_pushnumstr(L, x);
  return lk_fielderror(L, arg, key, lua_pushfstring(L, "%s expected, got %s",
                                                    expected, num));
}

/* ---- names of an enumeration ----------------------------------------------- */

/* Longest list text pushed: every list of names the module checks is far
   shorter. */
#define NAMES_TEXT_MAX 512

const char *lk_pushnames(lua_State *L, kn_name_fn *name, unsigned style) {
  char buf[NAMES_TEXT_MAX];
  kn_names_text(buf, sizeof buf, name, style);
  lua_pushstring(L, buf);
  return lua_tostring(L, -1);
}

int lk_checkname(lua_State *L, int arg, const char *field, kn_name_fn *name,
                 unsigned style) {
  const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  int i = s != NULL ? kn_names_find(name, s) : -1;
  const char *got, *msg;
  if (i >= 0) return i;
  got = s != NULL ? lua_pushfstring(L, "'%s'", s) : lk_typename(L, -1);
  msg = lua_pushfstring(L, "%s expected, got %s", lk_pushnames(L, name, style), got);
  return field != NULL ? lk_fielderror(L, arg, field, msg) : lk_argerror(L, arg, msg);
}

/* ---- option tables --------------------------------------------------------- */

/* Whether the key on top of the stack is allowed: 1 + its index in
   `known` for a string there (all len bytes: a name with a '\0' inside
   matches none), -1 for an integer in [1, narray], 0 for any other key. */
static int key_known(lua_State *L, const char *const *known, lua_Integer narray) {
  switch (lua_type(L, -1)) {
    case LUA_TSTRING: {
      size_t len;
      const char *s = lua_tolstring(L, -1, &len);
      return kn_names_index(s, len, known) + 1;
    }
    case LUA_TNUMBER: {
      double x = (double)lua_tonumber(L, -1);
      return x >= 1 && x <= (double)narray && x == floor(x) ? -1 : 0;
    }
    default:
      return 0;
  }
}

/* Whether the key at a comes before the key at b in the order errors
   report bad keys in: strings first (bytewise), then other types by
   their type code, numbers by value and false before true, so the
   message does not depend on the table's traversal order. */
static int key_before(lua_State *L, int a, int b) {
  int ta = lua_type(L, a), tb = lua_type(L, b);
  if (ta != tb) return ta == LUA_TSTRING || (tb != LUA_TSTRING && ta < tb);
  switch (ta) {
    case LUA_TSTRING: {
      size_t la, lb;
      const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
      int c = memcmp(sa, sb, la < lb ? la : lb);
      return c < 0 || (c == 0 && la < lb);
    }
    case LUA_TNUMBER: return lua_tonumber(L, a) < lua_tonumber(L, b);
    case LUA_TBOOLEAN: return !lua_toboolean(L, a) && lua_toboolean(L, b);
    default: return 0;
  }
}

/* The message for the unknown string key at idx: with the nearest known
   name when one is close, else with the whole list when it is short. */
static const char *unknown_option(lua_State *L, int idx, const char *const *known) {
  size_t len;
  const char *key = lua_tolstring(L, idx, &len);
  char tail[NAMES_TEXT_MAX];
  if (strlen(key) != len)          /* %s would stop at the zero byte */
    return lua_pushfstring(L, "unknown option '%s\\0...' (a name with a zero byte)", key);
  kn_names_unknown(tail, sizeof tail, key, len, known);
  return lua_pushfstring(L, "unknown option '%s'%s", key, tail);
}

const char *lk_optionerror(lua_State *L, int t, const char *const *known,
                           lua_Integer narray, const char *items, unsigned *present) {
  int bad = 0, k;
  unsigned seen = 0;
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);                              /* the key stays on top */
    k = key_known(L, known, narray);
    if (k > 0 && k <= 32) seen |= 1u << (k - 1);
    if (k != 0) continue;
    if (bad == 0) {                             /* a copy below the key */
      lua_pushvalue(L, -1);
      lua_insert(L, -2);
      bad = lua_gettop(L) - 1;
    } else if (key_before(L, -1, bad)) {
      lua_pushvalue(L, -1);
      lua_replace(L, bad);
    }
  }
  if (present != NULL) *present = seen;
  if (bad == 0) return NULL;
  switch (lua_type(L, bad)) {
    case LUA_TSTRING:
      return unknown_option(L, bad, known);
    case LUA_TNUMBER:
      return lua_pushfstring(L, "unexpected key of type number (%s); options are named "
                             "by strings%s%s", lk_pushnumstr(L, (double)lua_tonumber(L, bad)),
                             items ? ", " : "", items ? items : "");
    default:
      return lua_pushfstring(L, "unexpected key of type %s%s; options are named by strings%s%s",
                             lk_typename(L, bad),
                             lua_type(L, bad) != LUA_TBOOLEAN ? ""
                               : lua_toboolean(L, bad) ? " (true)" : " (false)",
                             items ? ", " : "", items ? items : "");
  }
}

unsigned lk_checkoptions(lua_State *L, int t, int arg, const char *const *known,
                         lua_Integer narray, const char *items) {
  unsigned present;
  const char *msg = lk_optionerror(L, t, known, narray, items, &present);
  if (msg != NULL) lk_argerror(L, arg, msg);
  return present;
}

int lk_pushtablekind(lua_State *L, int idx) {
  int shown, nstr = 0, any = 0, base;
  idx = lk_absindex(L, idx);
  luaL_checkstack(L, 12, "table keys");
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    any = 1;
    nstr += lua_type(L, -1) == LUA_TSTRING;
  }
  if (nstr == 0) {
    lua_pushstring(L, any ? "a table with no item 1" : "an empty table");
    return any ? LK_TABLE_HOLED : LK_TABLE_EMPTY;
  }
  /* the first 4 names in order: each pass finds the least name after
     the last one found (slots base+1 ..) */
  base = lua_gettop(L);
  for (shown = 0; shown < 4 && shown < nstr; shown++) {
    int found = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
      lua_pop(L, 1);
      if (lua_type(L, -1) != LUA_TSTRING) continue;
      if (shown > 0 && !key_before(L, base + shown, -1)) continue;
      if (found && !key_before(L, -1, base + shown + 1)) continue;
      lua_pushvalue(L, -1);
      if (found) lua_replace(L, base + shown + 1);
      else { lua_insert(L, -2); found = 1; }
    }
  }
  lua_pushliteral(L, "a table with named keys (");
  lua_insert(L, base + 1);
  for (shown = 1; shown < 4 && shown < nstr; shown++) {
    lua_pushliteral(L, ", ");
    lua_insert(L, base + 2 * shown + 1);
  }
  lua_pushstring(L, nstr > 4 ? ", ...)" : ")");
  lua_concat(L, lua_gettop(L) - base);
  return LK_TABLE_NAMED;
}
