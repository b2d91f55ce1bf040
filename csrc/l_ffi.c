/*
** l_ffi.c -- what the LuaJIT FFI fast path (lua/kinetic/ffi.lua) needs to
** call the C core directly on the very same userdata payloads:
**
**   core._ffi_api  a light userdata pointing at a `static const` table of
**                  function pointers (struct kn_ffi_api below; it lives in
**                  .data.rel.ro, read-only after relocation), so ffi.lua
**                  never needs the path of the shared object;
**   core._sizeof   sizes and a few offsets of the structs ffi.lua declares
**                  with ffi.cdef, checked before the fast path is enabled
**                  (and by spec/ffi_spec.lua).
**
** Nothing here checks arguments: ffi.lua only calls these with objects it
** has verified (metatable identity) and plain finite numbers, and falls
** back to the classic methods for everything else.
*/
#include <stddef.h>

#include "lkinetic.h"
#include "easing.h"
#include "spring.h"
#include "spring_group.h"
#include "timeline.h"

/* Keep in sync with the cdef in lua/kinetic/ffi.lua (sizes are checked). */
struct kn_ffi_api {
  int version;
  double (*easing_eval)(const kn_easing *e, double p, int before_flag);
  int (*spring_update)(kn_spring *s, double dt);
  int (*group_update)(kn_spring_group *g, double dt);
  double (*timeline_at)(kn_timeline *tl, double t);
  double (*timeline_update)(kn_timeline *tl, double dt);
};

/* s:update(dt) for a spring without callbacks (dt checked by the caller),
   as l_spring.c's m_update: a state that overflowed is reset to rest on its
   target and KN_SPRING_OVERFLOW (4) is in the flags (ffi.lua raises). */
static int ffi_spring_update(kn_spring *s, double dt) {
  int flags = kn_spring_update(s, dt);
  if (flags & KN_SPRING_OVERFLOW) kn_spring_reset_on_target(s);
  return flags;
}

/* tl:at(t): the state into tl->scratch, as l_timeline.c's tl_at. */
static double ffi_timeline_at(kn_timeline *tl, double t) {
  kn_timeline_at(tl, t, tl->scratch);
  return tl->scratch[0];
}

/* tl:update(dt) for a timeline without callbacks, dt >= 0 and clock + dt
   finite (checked by the caller), as l_timeline.c's tl_update. */
static double ffi_timeline_update(kn_timeline *tl, double dt) {
  kn_timeline_seek(tl, tl->clock + dt);
  kn_timeline_at(tl, tl->clock, tl->scratch);
  return tl->scratch[0];
}

static const struct kn_ffi_api ffi_api = {
  1,
  kn_easing_eval,
  ffi_spring_update,
  kn_spring_group_update,
  ffi_timeline_at,
  ffi_timeline_update
};

#define SIZE(name, value) (lua_pushnumber(L, (lua_Number)(value)), lua_setfield(L, -2, name))

void kn_open_ffi(lua_State *L) {
  lua_pushlightuserdata(L, (void *)(size_t)&ffi_api);   /* const dropped: never written */
  lua_setfield(L, -2, "_ffi_api");
  lua_createtable(L, 0, 12);
  SIZE("kn_ffi_api", sizeof(struct kn_ffi_api));
  SIZE("kn_spring_model", sizeof(kn_spring_model));
  SIZE("kn_spring_coefs", sizeof(kn_spring_coefs));
  SIZE("kn_spring", sizeof(kn_spring));
  SIZE("kn_spring.n", offsetof(kn_spring, n));
  SIZE("kn_spring.user", offsetof(kn_spring, user));
  SIZE("kn_spring.data", offsetof(kn_spring, data));
  SIZE("kn_spring_group", sizeof(kn_spring_group));
  SIZE("kn_spring_group.count", offsetof(kn_spring_group, count));
  SIZE("kn_spring_group.data", offsetof(kn_spring_group, data));
  SIZE("kn_timeline", sizeof(kn_timeline));
  SIZE("kn_timeline.user", offsetof(kn_timeline, user));
  SIZE("kn_timeline.scratch", offsetof(kn_timeline, scratch));
  SIZE("kn_timeline.data", offsetof(kn_timeline, data));
  lua_setfield(L, -2, "_sizeof");
}
