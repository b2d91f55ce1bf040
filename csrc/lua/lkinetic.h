/*
** lkinetic.h -- shared declarations of the Lua binding (not of the core).
**
** The core (csrc/core/) never includes Lua headers; the binding files
** (csrc/lua/) read the arguments, check what needs Lua (types, tables),
** hand the values to the core -- which checks what is numeric and writes
** the reason -- and raise quoting that reason.
**
** Names: a lua_CFunction is named after what Lua calls it -- module
** functions kinetic_<name> (kinetic_spring, kinetic_update_timelines),
** methods and metamethods <class>_<method> (spring_update, easing_call,
** timeline_tostring); what one binding file shares with the others has
** the prefix lk_.
*/
#ifndef KINETIC_LKINETIC_H
#define KINETIC_LKINETIC_H

#include "lua.h"
#include "lauxlib.h"
#include "compat.h"
#include "spring.h"
#include "names.h"

#define KINETIC_VERSION "kinetic 0.1.0"

#if defined(_WIN32)
#define KN_EXPORT __declspec(dllexport)
#else
#define KN_EXPORT __attribute__((visibility("default")))
#endif

/* The binding's bits in the `user` field of a payload (the core never
   reads them).  lua/kinetic/ffi.lua tests them as well, through
   core._ffi_abi.constants (ffi_abi.h): they belong here, not in the
   binding file that sets them. */

/* kn_spring.user: which callbacks the user value holds (set once, at
   creation), so that update need not look at the user value otherwise. */
#define HAS_ON_UPDATE 1u
#define HAS_ON_REST   2u

/* kn_timeline.user: what a state is, in the low bits ... */
#define SHAPE_NUMBER 0u
#define SHAPE_VECTOR 1u
#define SHAPE_NAMED  2u
#define SHAPE_COLOR  3u  /* one colour (with MAPPED) */
#define SHAPE_MASK   3u
#define CNAMES       4u  /* named: every name is free of '\0' (names_of usable) */
#define EVENTS_SHIFT 4   /* then the kn_tl_event_kind mask of callbacks set */
/* ... and, above that mask, a segment eased by a Lua function: in the
   callback range, so that every path that leaves timelines with callbacks
   to the classic methods (update's, update_timelines', the FFI path's
   update and at) leaves these too -- only a method call has a lua_State
   to call the function with, and an FFI call must not call back into Lua. */
#define LUA_EASINGS  (8u << EVENTS_SHIFT)
/* ... and values that reach the caller through a map -- the point of a
   path at the state's fraction, colours made from their interpolated
   components -- in the same range, for the same reason: only the classic
   methods make them. */
#define MAPPED       (16u << EVENTS_SHIFT)

/* Type names: the metatable of each userdata type is registered under its
   name, and carries it as __name. */
#define KN_EASING       "kinetic.Easing"
#define KN_BEZIER       "kinetic.Bezier"
#define KN_SPRING       "kinetic.Spring"
#define KN_SPRING_GROUP "kinetic.SpringGroup"
#define KN_FRICTION     "kinetic.Friction"
#define KN_GRAVITY      "kinetic.Gravity"
#define KN_BOUNCING     "kinetic.BouncingScroll"
#define KN_CLAMPING     "kinetic.ClampingScroll"
#define KN_INERTIA      "kinetic.Inertia"
#define KN_DECAY        "kinetic.Decay"
#define KN_FOLLOWER     "kinetic.Follower"
#define KN_TIMELINE     "kinetic.Timeline"
#define KN_VIEWPORT     "kinetic.Viewport"
#define KN_ANIMATOR     "kinetic.Animator"
#define KN_ANIMATION    "kinetic.Animation"
#define KN_SEQUENCE     "kinetic.Sequence"
#define KN_PATH         "kinetic.Path"
#define KN_COLOR        "kinetic.Color"

/* Rest thresholds of kinetic.spring and kinetic.spring_group when the
   options leave them out: fractions of the distance travelled (per second
   for the speed). */
#define LK_DEFAULT_REST_DELTA 1e-3
#define LK_DEFAULT_REST_SPEED 1e-2

/* util.c ----------------------------------------------------------------- */

/* Create (or, when the module is loaded a second time in the same state,
   refresh) the metatable `tname`: __name = tname, __index = a table of
   `methods`, plus the metamethods `meta` (which may include __tostring,
   __call, __gc, __len ...).  Leaves nothing on the stack. */
void lk_newclass(lua_State *L, const char *tname, const luaL_Reg *methods,
                 const luaL_Reg *meta);

/* Add `methods` to the __index table of the class `tname`, each a C
   closure with the class's metatable as upvalue 1, for lk_fastobject (the
   methods whose common case skips the checks by name). */
void lk_setfastmethods(lua_State *L, const char *tname, const luaL_Reg *methods);

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
/* An optional finite field >= 0, else
   "bad argument #arg to 'f' (field 'key': non-negative number expected, got -1)". */
double lk_optfieldnonneg(lua_State *L, int t, int arg, const char *key, double def);

/* Fill out[0..n) from the state field `key` of the options table at t,
   already checked (a finite number, given to every component, or an array
   of n finite numbers); `def` for every component when the field is absent
   or there is no table (t == 0). */
void lk_state_fill(lua_State *L, int t, const char *key, double def, int n,
                   double *out);

/* The `round` option of the options table at t (round.h): absent or false
   LK_ROUND_NONE; true (*q = 1) or a positive finite step (*q) LK_ROUND_STEP;
   a non-empty array of finite numbers LK_ROUND_SET, its *nset items copied
   into *set, a userdata left on the stack; a function LK_ROUND_FN, left on
   the stack.  Anything else: "bad argument #arg to 'f' (field 'round': ...)". */
enum { LK_ROUND_NONE, LK_ROUND_STEP, LK_ROUND_SET, LK_ROUND_FN };
int lk_optround(lua_State *L, int t, int arg, double *q, double **set, int *nset);

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

/* The names of an enumeration (a kn_name_fn, names.h) as a list, pushed
   and returned: "one of 'a', 'b', 'c'", "'a', 'b' or 'c'", "a, b, c" ...
   by style (KN_NAMES_ONEOF, KN_NAMES_QUOTED, KN_NAMES_OR). */
const char *lk_pushnames(lua_State *L, kn_name_fn *name, unsigned style);
/* The value whose name is the string on top of the stack (compared as a C
   string; the stack left as it was), else raise "bad argument #arg to 'f'
   (field 'field': one of 'a', 'b' expected, got 'z')" -- the list as
   lk_pushnames writes it, got <type name> for a value that is not a
   string, no "field '...': " when field is NULL. */
int lk_checkname(lua_State *L, int arg, const char *field, kn_name_fn *name,
                 unsigned style);

/* The keys of the option table at absolute index t, checked before
   anything is read from it.  `known` is the NULL-terminated list of the
   names the table may hold; the only other keys allowed are the integers
   1..narray (its array part: a timeline's segments).  Raises, on argument
   arg, "unknown option 'stiffnes'; did you mean 'stiffness'?" -- the
   known name at the least Damerau-Levenshtein distance (a transposition
   is one edit), offered only within 1 edit for keys of up to 5 characters
   and 2 for longer ones (the first in `known` on a tie); without one,
   "unknown option 'zzz'", followed by "(options: a, b, c)" when `known`
   has at most 16 names.  Any other key: "unexpected key of type boolean
   (true); options are named by strings", with ", <items>" appended when
   items is not NULL (what the array part holds).  Of several bad keys the
   least is reported (strings first, bytewise), whatever the table's
   traversal order.  Leaves the stack as it was.  Returns which of the
   first 32 known names the table holds (bit i: known[i]), so that a
   constructor reads only the options that are there. */
unsigned lk_checkoptions(lua_State *L, int t, int arg, const char *const *known,
                         lua_Integer narray, const char *items);
/* The same check without raising: NULL when every key is allowed, else
   the message, on top of the stack (what it was made of below it), for a
   caller that raises with its own context ("segment 2: unknown option
   ..."); *present (when not NULL) as lk_checkoptions returns it. */
const char *lk_optionerror(lua_State *L, int t, const char *const *known,
                           lua_Integer narray, const char *items, unsigned *present);

/* What the table at idx, which has no item 1, is -- for an error where an
   array was expected -- pushed as text and returned as a kind:
   LK_TABLE_NAMED "a table with named keys (x, y)" (its first 4 string
   keys in bytewise order, then ", ..."), LK_TABLE_EMPTY "an empty table",
   LK_TABLE_HOLED "a table with no item 1" (other keys only). */
enum { LK_TABLE_EMPTY, LK_TABLE_NAMED, LK_TABLE_HOLED };
int lk_pushtablekind(lua_State *L, int idx);

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

/* The userdata at idx when its metatable is the one held as upvalue 1 of
   the running C closure, else NULL: the type check of the fast paths (one
   raw comparison instead of a registry look-up by name). */
static inline void *lk_fastobject(lua_State *L, int idx) {
  void *p = lua_touserdata(L, idx);
  int same;
  if (p == NULL || !lua_getmetatable(L, idx)) return NULL;
  same = lua_rawequal(L, -1, lua_upvalueindex(1));
  lua_pop(L, 1);
  return same ? p : NULL;
}

/* easing.c: the easing any other part accepts.  Converts the value at
   `idx` -- an easing userdata (kinetic.Easing or kinetic.Bezier) or a spec
   string for kinetic.easing -- into an easing userdata pushed on top of the
   stack, and returns its payload (valid while that userdata is alive, so
   keep a reference to it, e.g. in the owner's user value).  On failure it
   pushes an error message string instead and returns NULL, so the caller
   can raise with its own context ("segment 2, field 'easing': ..."). */
struct kn_easing;
const struct kn_easing *lk_toeasing(lua_State *L, int idx);
/* A new easing userdata (kinetic.Easing, or kinetic.Bezier for a
   cubic-bezier) holding a copy of e, pushed; returns its payload. */
struct kn_easing *lk_pusheasing(lua_State *L, const struct kn_easing *e);

/* lua_easing.c: a Lua function as an easing.  Where the Lua easings of one
   object run: set by the method running the core, for that call only. */
typedef struct lk_ease_site {
  lua_State *L;    /* the running method's state, NULL outside a call */
  int fns;         /* stack index of the table holding the functions, by `which` */
  int failed;      /* 0, LK_EASE_RAISED (error value on top) or LK_EASE_BAD (the bad result on top) */
  int which;       /* the key of the function that failed */
  void (*on_fail)(struct lk_ease_site *site);   /* NULL, or called right after a failure */
} lk_ease_site;
enum { LK_EASE_RAISED = 1, LK_EASE_BAD = 2 };
/* Push a userdata (no metatable) holding a kn_easing of kind KN_E_CALLBACK
   that calls fns[which] of *slot's site with p under lua_pcall: a finite
   number is returned; otherwise the site records the failure (value left
   on top, `which` set), calls on_fail, and the core gets p.  After a
   failure the site returns p without calling until failed is cleared.
   The function must stay in the site's table, the userdata alive, and the
   slot where it is, while the object lives; the call needs 3 free stack
   slots. */
const struct kn_easing *lk_push_lua_easing(lua_State *L, lk_ease_site **slot, int which);
/* Enter: publish `site` in *slot for a call running the core on L (the
   functions' table at stack index fns), failed and which cleared, the
   outer site kept in *saved; on_fail is the caller's to set.  Leave puts
   the outer one back (a method of the same object run by an easing
   publishes its own site and restores this one). */
void lk_ease_enter(lk_ease_site **slot, lk_ease_site *site, lk_ease_site **saved,
                   lua_State *L, int fns);
void lk_ease_leave(lk_ease_site **slot, lk_ease_site *saved);

/* spring.c: read the spring parameter family of the options table at
   absolute index t (argument arg; t = 0: no table, the defaults) into *p,
   raising kinetic.spring's errors. */
struct kn_spring_triple;
void lk_spring_read_params(lua_State *L, int t, int arg, struct kn_spring_triple *p);

/* spring.c: the model of a table at t (argument arg) holding only a spring
   parameter family, checked as kinetic.spring checks it (unknown names
   refused; the model in range); `def` when t == 0. */
struct kn_spring_model;
void lk_spring_read_model(lua_State *L, int t, int arg, const struct kn_spring_triple *def,
                          struct kn_spring_model *m);

/* spring.c: everything of a spring's motion that an options table at t
   (argument arg, a table) gives -- the parameter family, integrator, rest
   thresholds and clamp -- checked as kinetic.spring checks them (the model
   in range, the integrator stable for it). */
typedef struct lk_spring_motion {
  kn_spring_model model;
  int integrator, clamp;
  double rest_delta, rest_speed;
} lk_spring_motion;
void lk_spring_read_motion(lua_State *L, int t, int arg, lk_spring_motion *o);

/* spring.c: raise the error of a spring whose state overflowed, that of
   update (update = 1: the spring has been put to rest on its target) or of
   at (update = 0).  The FFI fast path raises it through _ffi_abi. */
int lk_spring_overflow_error(lua_State *L, int update);

/* spring.c: the model of the triple p into *m, or raise
   "bad argument #1 to 'f' (parameters out of range ...)" where k/m or
   c/2m overflows (a tiny mass): no spring with an inf or NaN rate. */
void lk_spring_model(lua_State *L, int arg, const struct kn_spring_triple *p,
                     struct kn_spring_model *m);

/* motion.c: the motion of anim:fling -- kind an enum kn_fling_kind, from
   x0 with velocity v0 -- its options read from the table at t (argument
   arg) as kinetic.inertia, bouncing_scroll, clamping_scroll and decay read
   theirs, into *f (end time set). */
struct kn_fling;
void lk_motion_read_fling(lua_State *L, int t, int arg, int kind, double x0, double v0,
                          struct kn_fling *f);

/* path.c: the kinetic.Path at idx, or NULL. */
struct kn_path;
const struct kn_path *lk_topath(lua_State *L, int idx);

/* timeline.c: kinetic.update_timelines' two phases for the FFI path's own
   loop, as core._ffi_abi.timeline_step and timeline_fire (ffi_abi.h); each
   takes the metatable of kinetic.Timeline as upvalue 1. */
int lk_timeline_batch_step(lua_State *L);
int lk_timeline_batch_fire(lua_State *L);

/* color.c: the colour any other part accepts.  1 when the value at idx is
   a kinetic.Color or a string that parses as a colour (its colour in
   *out), else 0; raises nothing. */
struct kn_color;
int lk_tocolor(lua_State *L, int idx, struct kn_color *out);
/* A new kinetic.Color holding a copy of c, pushed. */
void lk_pushcolor(lua_State *L, const struct kn_color *c);

/* Module parts: each adds its functions to the module table on top of the
   stack and registers its metatables. */
void lk_open_easing(lua_State *L);
void lk_open_spring(lua_State *L);
void lk_open_spring_group(lua_State *L);
void lk_open_motion(lua_State *L);
void lk_open_timeline(lua_State *L);
void lk_open_viewport(lua_State *L);
void lk_open_animator(lua_State *L);
void lk_open_path(lua_State *L);
void lk_open_color(lua_State *L);
void lk_open_damp(lua_State *L);
void lk_open_ffi(lua_State *L);

KN_EXPORT int luaopen_kinetic_core(lua_State *L);

#endif
