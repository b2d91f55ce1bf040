/*
** lkinetic.h -- shared declarations of the Lua binding (not of the core).
**
** The core (every C file without an `l_` prefix) never includes Lua
** headers; the binding files (`l_*.c`, `kinetic.c`, `lutil.c`) do the
** argument checking and hand trusted values to the core.
*/
#ifndef KINETIC_LKINETIC_H
#define KINETIC_LKINETIC_H

#include "lua.h"
#include "lauxlib.h"
#include "compat.h"

#define KINETIC_VERSION "kinetic 0.1.0"

#if defined(_WIN32)
#define KN_EXPORT __declspec(dllexport)
#else
#define KN_EXPORT __attribute__((visibility("default")))
#endif

/* Type names: the metatable of each userdata type is registered under its
   name, and carries it as __name. */
#define KN_EASING     "kinetic.Easing"
#define KN_BEZIER     "kinetic.Bezier"
#define KN_SPRING     "kinetic.Spring"
#define KN_SPRINGGROUP "kinetic.SpringGroup"
#define KN_FRICTION   "kinetic.Friction"
#define KN_GRAVITY    "kinetic.Gravity"
#define KN_TIMELINE   "kinetic.Timeline"
#define KN_VIEWPORT   "kinetic.Viewport"

/* lutil.c ---------------------------------------------------------------- */

/* Create (or, when the module is loaded a second time in the same state,
   refresh) the metatable `tname`: __name = tname, __index = a table of
   `methods`, plus the metamethods `meta` (which may include __tostring,
   __call, __gc, __len ...).  Leaves nothing on the stack. */
void lk_newclass(lua_State *L, const char *tname, const luaL_Reg *methods,
                 const luaL_Reg *meta);

/* A new full userdata of `size` bytes (zeroed), its metatable set to
   `tname`; pushed on the stack. */
void *lk_newobject(lua_State *L, size_t size, const char *tname);

/* luaL_checkudata that reports errors with the type's name. */
void *lk_checkobject(lua_State *L, int arg, const char *tname);

/* Argument checks at the boundary.  Errors read
   "bad argument #N to 'f' (finite number expected, got nan)". */
double lk_checkfinite(lua_State *L, int arg);
double lk_optfinite(lua_State *L, int arg, double def);
/* A finite number >= 0 (times, durations):
   "bad argument #N to 'f' (non-negative number expected, got -1)". */
double lk_checknonneg(lua_State *L, int arg);

/* Option-table fields.  `t` is the absolute index of the table and `arg`
   its argument number (for the error message):
   "bad argument #1 to 'spring' (field 'mass': finite number expected, got string)".
   lk_getfieldnum returns 1 and stores the value when the field is present
   (non-nil), 0 when it is absent. */
int lk_getfieldnum(lua_State *L, int t, int arg, const char *key, double *out);
double lk_optfieldnum(lua_State *L, int t, int arg, const char *key, double def);
int lk_optfieldbool(lua_State *L, int t, int arg, const char *key, int def);

/* Raise "bad argument #arg to 'f' (field 'key': <expected> expected, got <x>)"
   with x printed as %.14g on every VM (5.3+ would print -1 as "-1.0"). */
int lk_fieldrangeerror(lua_State *L, int arg, const char *key,
                       const char *expected, double x);

/* Push x as text ("%.14g", "nan", "inf", "-inf"), the same on every VM. */
const char *lk_pushnumstr(lua_State *L, double x);

/* Check that items 1..n of the array on top of the stack are finite numbers,
   else raise "bad argument #arg to 'f' (field 'key': item i: finite number
   expected, got nan)"; leaves the stack as it was. */
void lk_checkfielditems(lua_State *L, int arg, const char *key, int n);

/* Raise "bad argument #arg to 'f' (field 'key': msg)". */
int lk_fielderror(lua_State *L, int arg, const char *key, const char *msg);

/* Raise "bad argument #arg to 'f' (<what> expected, got <typename>)",
   where typename is the __name of a userdata when it has one. */
int lk_typeerror(lua_State *L, int arg, const char *what);
/* luaL_argerror that names kinetic's functions by their API names, also
   where Lua finds another name or none (tail calls under LuaJIT,
   pcall(f, ...)); needs lk_recordnames. */
int lk_argerror(lua_State *L, int arg, const char *msg);
/* Record the names of the module's functions (the table on top) and of
   every class's methods, for lk_argerror. */
void lk_recordnames(lua_State *L);

/* Name of the value's type as reported in errors ("nan" and "inf" for
   non-finite numbers, __name for our userdata). */
const char *lk_typename(lua_State *L, int idx);

/* l_easing.c: the easing any other part accepts.  Converts the value at
   `idx` -- an easing userdata (kinetic.Easing or kinetic.Bezier) or a spec
   string for kinetic.easing -- into an easing userdata pushed on top of the
   stack, and returns its payload (valid while that userdata is alive, so
   keep a reference to it, e.g. in the owner's user value).  On failure it
   pushes an error message string instead and returns NULL, so the caller
   can raise with its own context ("segment 2, field 'easing': ..."). */
struct kn_easing;
const struct kn_easing *lk_toeasing(lua_State *L, int idx);

/* l_spring.c: read the spring parameter family of the options table at
   absolute index t (argument 1) into *p, raising kinetic.spring's errors. */
struct kn_spring_triple;
void lk_spring_read_params(lua_State *L, int t, struct kn_spring_triple *p);

/* Module parts: each adds its functions to the module table on top of the
   stack and registers its metatables. */
void lk_open_easing(lua_State *L);
void lk_open_spring(lua_State *L);
void lk_open_spring_group(lua_State *L);
void lk_open_motion(lua_State *L);
void lk_open_timeline(lua_State *L);
void lk_open_viewport(lua_State *L);
void lk_open_ffi(lua_State *L);

KN_EXPORT int luaopen_kinetic_core(lua_State *L);

#endif
