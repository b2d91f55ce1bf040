/*
** lua_easing.c -- a Lua function p -> value as a kn_easing.
**
** The easing is of kind KN_E_CALLBACK: the core stays free of Lua and
** evaluates it as any easing.  The function runs on the lua_State of the
** method that is running the core at that moment -- never one kept from an
** earlier call, which may be a coroutine since finished or one that did
** not call -- which that method publishes in its object's site slot for
** the duration of the core call (lk_ease_enter, lk_ease_leave).  The call
** is protected: an error, or a result that is not a finite number, is
** recorded in the site and the core gets p, finishes as usual, and the
** method raises (or reports) once the core has returned.  So no longjmp
** ever crosses the core, and the object stays usable.
*/
#include <math.h>

#include "lkinetic.h"
#include "easing.h"

/* What follows the kn_easing in its userdata. */
typedef struct ease_ctx {
  lk_ease_site **slot;   /* the owner's site slot */
  int which;             /* the key of the function in the site's table */
} ease_ctx;

/* kn_easing_fn of a Lua function easing.  The caller has made room on the
   stack for the call (3 slots). */
static double call_lua_easing(void *ctx, double p) {
  const ease_ctx *c = (const ease_ctx *)ctx;
  lk_ease_site *site = *c->slot;
  lua_State *L;
  if (site == NULL || site->failed) return p;   /* no method running: not reached */
  L = site->L;
  lua_rawgeti(L, site->fns, c->which);
  lua_pushnumber(L, (lua_Number)p);
  if (lua_pcall(L, 1, 1, 0) != 0) {
    site->failed = LK_EASE_RAISED;
  } else if (lua_type(L, -1) == LUA_TNUMBER && isfinite((double)lua_tonumber(L, -1))) {
    double x = (double)lua_tonumber(L, -1);
    lua_pop(L, 1);
    return x;
  } else {
    site->failed = LK_EASE_BAD;
  }
  site->which = c->which;
  if (site->on_fail != NULL) site->on_fail(site);
  return p;
}

const struct kn_easing *lk_push_lua_easing(lua_State *L, lk_ease_site **slot, int which) {
  size_t head = kn_easing_size(0);            /* a multiple of 8: the context aligned */
  kn_easing *e = (kn_easing *)lk_newuserdata(L, head + sizeof(ease_ctx));
  ease_ctx *c = (ease_ctx *)(void *)((char *)e + head);
  c->slot = slot;
  c->which = which;
  kn_easing_init_callback(e, call_lua_easing, c);
  return e;
}

void lk_ease_enter(lk_ease_site **slot, lk_ease_site *site, lk_ease_site **saved,
                   lua_State *L, int fns) {
  site->L = L;
  site->fns = fns;
  site->failed = 0;
  site->which = 0;
  *saved = *slot;
  *slot = site;
}

void lk_ease_leave(lk_ease_site **slot, lk_ease_site *saved) {
  *slot = saved;
}
