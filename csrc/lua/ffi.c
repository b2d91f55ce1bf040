/*
** ffi.c -- core._ffi_abi, what the LuaJIT FFI fast path (lua/kinetic/ffi.lua)
** needs to call the C core directly on the very same userdata payloads:
** the function table, the cdef, and the sizes, offsets and constants it is
** checked against (ffi_abi.h describes each).  The function table is a
** `static const` struct (in .data.rel.ro, read-only after relocation)
** reached through a light userdata, so ffi.lua never needs the path of
** the shared object.
**
** Nothing here checks arguments: ffi.lua only calls these with objects it
** has recognised and plain finite numbers, and hands everything else --
** errors included -- to the classic methods.
*/
#include <stddef.h>

#include "lkinetic.h"
#include "easing.h"
#include "spring.h"
#include "spring_group.h"
#include "timeline.h"
#include "path.h"
#include "lanimator.h"
#include "ffi_abi.h"

/* ---- the layout checks of the build ------------------------------------ */

/* The cdef's structs, compiled: kn_ffi_spring stands for kn_spring ... */
KN_FFI_TYPES(kn_ffi_)

/* A negative array size (a compile error naming `what`) unless cond. */
#define SAME_LAYOUT(cond, what) typedef char kn_ffi_differs_##what[(cond) ? 1 : -1];
#define CHECK_SIZE(s) SAME_LAYOUT(sizeof(kn_ffi_##s) == sizeof(kn_##s), s)
#define CHECK_FIELD(s, f) SAME_LAYOUT(offsetof(kn_ffi_##s, f) == offsetof(kn_##s, f), s##_##f)
KN_FFI_STRUCTS(CHECK_SIZE)
KN_FFI_FIELDS(CHECK_FIELD)

/* ---- the function table ------------------------------------------------ */

KN_FFI_API_TYPE

/* s:set_target / set_position / set_velocity (what = 0, 1, 2) for a spring
   of n <= 4 components: the first n of a, b, c, d. */
static void ffi_spring_set(kn_spring *s, int what, double a, double b, double c,
                           double d) {
  double v[4];
  v[0] = a; v[1] = b; v[2] = c; v[3] = d;
  if (what == 0) kn_spring_set_target(s, v);
  else if (what == 1) kn_spring_set_position(s, v);
  else kn_spring_set_velocity(s, v);
}

/* g:update(dt), or -1 before anything is done when a spring's state may
   leave the doubles: the classic update then resets those that did and
   raises. */
static int ffi_group_update(kn_spring_group *g, double dt) {
  if (kn_spring_group_may_overflow(g)) return -1;
  return kn_spring_group_update(g, dt);
}

/* tl:at(t): the state into tl->scratch, as timeline.c's at. */
static double ffi_timeline_at(kn_timeline *tl, double t) {
  kn_timeline_at_hinted(tl, t, tl->scratch);
  return tl->scratch[0];
}

/* tl:update(dt), as timeline.c's update without callbacks. */
static double ffi_timeline_update(kn_timeline *tl, double dt) {
  kn_timeline_seek(tl, tl->clock + dt);
  kn_timeline_at_hinted(tl, tl->clock, tl->scratch);
  return tl->scratch[0];
}

/* anim:update(dt)'s FFI step; anim is the animator's payload. */
static int ffi_animator_step(void *anim, double dt, int *counts, int *ids,
                             double *vals, int cap) {
  return lk_anim_ffi_step((lk_animator *)anim, dt, counts, ids, vals, cap);
}

/* p:at(u); path is the Path's payload. */
static double ffi_path_at(void *path, double u) {
  kn_path *p = (kn_path *)path;
  kn_path_at(p, u, &p->out[0], &p->out[1], &p->out[2], NULL);
  return p->out[0];
}

static double ffi_path_out(const void *path, int i) {
  return ((const kn_path *)path)->out[i];
}

/* The core functions the table holds as they are. */
#define ffi_easing_eval kn_easing_eval
#define ffi_spring_step kn_spring_step
#define ffi_group_set_targets kn_spring_group_set_targets

#define API_ENTRY(ret, name, params) ffi_##name,
static const kn_ffi_api ffi_api = { KN_FFI_FUNCTIONS(API_ENTRY) };

/* ---- core._ffi_abi ----------------------------------------------------- */

static const char ffi_cdef[] = KN_FFI_STRING(KN_FFI_TYPES(kn_) KN_FFI_API_TYPE);

typedef struct abi_number {
  const char *type, *name;   /* type: NULL for sizes and constants */
  double value;
} abi_number;

#define SIZE_ROW(s) { NULL, "kn_" #s, (double)sizeof(kn_##s) },
static const abi_number abi_sizes[] = {
  KN_FFI_STRUCTS(SIZE_ROW)
  { NULL, "kn_ffi_api", (double)sizeof(kn_ffi_api) }
};

#define FIELD_ROW(s, f) { "kn_" #s, #f, (double)offsetof(kn_##s, f) },
#define API_ROW(ret, name, params) { "kn_ffi_api", #name, (double)offsetof(kn_ffi_api, name) },
static const abi_number abi_offsets[] = {
  KN_FFI_FIELDS(FIELD_ROW)
  KN_FFI_FUNCTIONS(API_ROW)
};

#define CONSTANT_ROW(name, value) { NULL, #name, (double)(value) },
static const abi_number abi_constants[] = { KN_FFI_CONSTANTS(CONSTANT_ROW) };

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* A table { name = value } of the n rows, or for rows with a type
   { type = { name = value } }, pushed. */
static void push_rows(lua_State *L, const abi_number *rows, int n) {
  int i;
  lua_createtable(L, 0, n);
  for (i = 0; i < n; i++) {
    if (rows[i].type != NULL) {
      lua_getfield(L, -1, rows[i].type);
      if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, rows[i].type);
      }
    }
    lua_pushnumber(L, (lua_Number)rows[i].value);
    lua_setfield(L, -2, rows[i].name);
    if (rows[i].type != NULL) lua_pop(L, 1);
  }
}

/* _ffi_abi.spring_overflowed(): the fast update's error after kn_spring_step
   found the state overflowed (and put the spring to rest on its target):
   the classic update's message, raised by C. */
static int ffi_spring_overflowed(lua_State *L) {
  return lk_spring_overflow_error(L, 1);
}

void lk_open_ffi(lua_State *L) {
  lua_createtable(L, 0, 10);
  lua_pushnumber(L, (lua_Number)KN_FFI_ABI_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushlightuserdata(L, (void *)(size_t)&ffi_api);   /* const dropped: never written */
  lua_setfield(L, -2, "api");
  lua_pushlstring(L, ffi_cdef, sizeof(ffi_cdef) - 1);
  lua_setfield(L, -2, "cdef");
  push_rows(L, abi_sizes, COUNT(abi_sizes));
  lua_setfield(L, -2, "sizes");
  push_rows(L, abi_offsets, COUNT(abi_offsets));
  lua_setfield(L, -2, "offsets");
  push_rows(L, abi_constants, COUNT(abi_constants));
  lua_setfield(L, -2, "constants");
  lua_pushcfunction(L, ffi_spring_overflowed);
  lua_setfield(L, -2, "spring_overflowed");
  luaL_getmetatable(L, KN_TIMELINE);
  lua_pushcclosure(L, lk_timeline_batch_step, 1);
  lua_setfield(L, -2, "timeline_step");
  luaL_getmetatable(L, KN_TIMELINE);
  lua_pushcclosure(L, lk_timeline_batch_fire, 1);
  lua_setfield(L, -2, "timeline_fire");
  lua_pushcfunction(L, lk_anim_rest);
  lua_setfield(L, -2, "animator_rest");
  lua_setfield(L, -2, "_ffi_abi");
}
