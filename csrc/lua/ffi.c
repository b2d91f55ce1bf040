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
  double (*spring_step)(kn_spring *s, double dt);
  int (*group_update)(kn_spring_group *g, double dt);
  double (*timeline_at)(kn_timeline *tl, double t);
  double (*timeline_update)(kn_timeline *tl, double dt);
  void (*spring_set)(kn_spring *s, int what, double a, double b, double c, double d);
  void (*group_set_targets)(kn_spring_group *g, const double *targets);
};

/* s:set_target / set_position / set_velocity (what = 0, 1, 2) for a spring
   of n <= 4 components, the values already checked finite by the caller:
   the first n of a, b, c, d. */
static void ffi_spring_set(kn_spring *s, int what, double a, double b, double c,
                           double d) {
  double v[4];
  v[0] = a; v[1] = b; v[2] = c; v[3] = d;
  if (what == 0) kn_spring_set_target(s, v);
  else if (what == 1) kn_spring_set_position(s, v);
  else kn_spring_set_velocity(s, v);
}

/* tl:at(t): the state into tl->scratch, as l_timeline.c's tl_at. */
static double ffi_timeline_at(kn_timeline *tl, double t) {
  kn_timeline_at_hinted(tl, t, tl->scratch);
  return tl->scratch[0];
}

/* tl:update(dt) for a timeline without callbacks, dt >= 0 and clock + dt
   finite (checked by the caller), as l_timeline.c's tl_update. */
static double ffi_timeline_update(kn_timeline *tl, double dt) {
  kn_timeline_seek(tl, tl->clock + dt);
  kn_timeline_at_hinted(tl, tl->clock, tl->scratch);
  return tl->scratch[0];
}

static const struct kn_ffi_api ffi_api = {
  2,
  kn_easing_eval,
  kn_spring_step,
  kn_spring_group_update,
  ffi_timeline_at,
  ffi_timeline_update,
  ffi_spring_set,
  kn_spring_group_set_targets
};

#define SIZE(name, value) (lua_pushnumber(L, (lua_Number)(value)), lua_setfield(L, -2, name))

void lk_open_ffi(lua_State *L) {
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
