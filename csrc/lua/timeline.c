/*
** timeline.c -- the methods of kinetic.Timeline (at, update, apply, seek,
** next_change ...) and kinetic.update_timelines: a timeline made by
** timeline_def.c run by the core (csrc/core/timeline.c), its Lua easings,
** round function and callbacks run on the calling method's lua_State.
*/
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ltimeline.h"
#include "interp.h"
#include "path.h"
#include "color.h"

/* ---- Lua function easings -------------------------------------------- */

/* tl->user's bit LUA_EASINGS (lkinetic.h) says some segment is eased by a
   Lua function; it lies above the callbacks' mask, which fire() keeps. */
#define EVENTS_MASK (KN_EV_KEYFRAME | KN_EV_ITERATION | KN_EV_COMPLETE)

/* ---- rounding ----------------------------------------------------------- */

/* v[0..n) rounded as the `round` option says (tl->user has ROUNDED): by the
   extra's step or set (round.h), or each by the function uv.round (the
   user value at stack index uvi), which must return a number ("round:
   number expected, got string"). */
static void round_values(lua_State *L, kn_timeline *tl, int uvi, double *v, int n) {
  int j;
  if (!(tl->user & ROUND_FN)) {
    kn_round_values(&kn_timeline_extra(tl)->round, v, n);
    return;
  }
  luaL_checkstack(L, 3, "timeline round");
  lua_getfield(L, uvi, "round");
  for (j = 0; j < n; j++) {
    lua_pushvalue(L, -1);
    lua_pushnumber(L, (lua_Number)v[j]);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TNUMBER)
      luaL_error(L, "round: number expected, got %s", lk_typename(L, -1));
    v[j] = (double)lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* The state in tl->scratch rounded, when the timeline rounds and shows the
   state itself (a path's point is rounded where path_point makes it). */
static void round_state(lua_State *L, kn_timeline *tl, int self) {
  if ((tl->user & (ROUNDED | MAPPED)) != ROUNDED) return;
  if (tl->user & ROUND_FN) {
    lk_getuservalue(L, self);
    round_values(L, tl, lua_gettop(L), tl->scratch, tl->ncomp);
    lua_pop(L, 1);
  } else {
    kn_round_values(&kn_timeline_extra(tl)->round, tl->scratch, tl->ncomp);
  }
}

/* kn_timeline_at_hinted(tl, t, tl->scratch) for the method `fname` (the
   timeline at stack index self), running the segments' Lua easings
   (uv.lua_easings, lua_easing.c), if any, on this call's lua_State -- its
   site published in the timeline's slot -- and raising what they raised -- or
   "update: segment 2's easing returned nan (finite number expected)" --
   after the core has returned.  A callee that runs a method of this same
   timeline publishes its own call and puts this one back.  Then the state
   is rounded (round_state). */
static void timeline_state(lua_State *L, kn_timeline *tl, int self, double t,
                           const char *fname) {
  lk_ease_site site, *outer;
  if (!(tl->user & LUA_EASINGS)) {
    kn_timeline_at_hinted(tl, t, tl->scratch);
    round_state(L, tl, self);
    return;
  }
  luaL_checkstack(L, 6, "timeline easing");
  lk_getuservalue(L, self);
  lua_getfield(L, -1, "lua_easings");
  site.on_fail = NULL;
  lk_ease_enter(lk_tl_slot(tl), &site, &outer, L, lua_gettop(L));
  kn_timeline_at_hinted(tl, t, tl->scratch);
  lk_ease_leave(lk_tl_slot(tl), outer);
  if (site.failed == LK_EASE_RAISED) lua_error(L);
  if (site.failed == LK_EASE_BAD)
    luaL_error(L, "%s: segment %d's easing returned %s (finite number expected)",
               fname, site.which, lk_tl_shown(L, -1));
  lua_pop(L, 2);
  round_state(L, tl, self);
}

/* ---- results ---------------------------------------------------------- */

static kn_timeline *check_timeline(lua_State *L) {
  return (kn_timeline *)lk_checkobject(L, 1, KN_TIMELINE);
}

/* `out` argument at idx: absent (0) or a table (its index). */
static int opt_out(lua_State *L, int idx) {
  if (lua_isnoneornil(L, idx)) return 0;
  if (lua_type(L, idx) != LUA_TTABLE) lk_typeerror(L, idx, "table");
  return idx;
}

/* ---- mapped values: a path's point, colours ---------------------------- */

/* A path timeline's point at the fraction in tl->scratch (its user value
   at uvi): x, y, angle into xya, rounded when the timeline rounds; returns
   how many it shows (2, or 3 when it rotates). */
static int path_point(lua_State *L, kn_timeline *tl, int uvi, double *xya) {
  int n;
  lua_getfield(L, uvi, "path");
  lua_getfield(L, uvi, "fields");
  n = (int)lk_rawlen(L, -1);
  kn_path_at(lk_topath(L, -2), tl->scratch[0], &xya[0], &xya[1], &xya[2], NULL);
  lua_pop(L, 2);
  if (tl->user & ROUNDED) round_values(L, tl, uvi, xya, n);
  return n;
}

/* Push the colour whose interpolated components start at tl->scratch[j]
   (its user value at uvi), as its keyframes were given: a string as
   "#rrggbb[aa]", a kinetic.Color as one. */
static void push_color(lua_State *L, kn_timeline *tl, int uvi, int j) {
  kn_color c;
  char hex[10];
  int form;
  lua_getfield(L, uvi, "colors");
  lua_rawgeti(L, -1, j + 1);
  form = (int)lua_tointeger(L, -1);
  lua_getfield(L, uvi, "color_space");
  kn_color_mix_at(tl->scratch + j, (int)lua_tointeger(L, -1), &c);
  lua_pop(L, 3);
  if (form == COLOR_STRING) {
    kn_color_hex(&c, hex);
    lua_pushstring(L, hex);
  } else {
    lk_pushcolor(L, &c);
  }
}

/* Store the mapped state in the object at obj (its fields set with
   lua_settable when meta, else raw): a path's point in its fields (or
   items 1..n when `items`), named properties by name. */
static void put_mapped(lua_State *L, kn_timeline *tl, int self, int obj, int items, int meta) {
  int uvi, j;
  lk_getuservalue(L, self);
  uvi = lua_gettop(L);
  if ((tl->user & SHAPE_MASK) == SHAPE_NUMBER) {          /* a path */
    double xya[3];
    int n = path_point(L, tl, uvi, xya);
    lua_getfield(L, uvi, "fields");
    for (j = 0; j < n; j++) {
      if (items) lua_pushinteger(L, j + 1);
      else lua_rawgeti(L, -1, j + 1);
      lua_pushnumber(L, (lua_Number)xya[j]);
      if (meta) lua_settable(L, obj); else lua_rawset(L, obj);
    }
  } else {                                                 /* named, colours among them */
    lua_getfield(L, uvi, "colors");
    for (j = 0; j < tl->ncomp; j++) {
      int colour;
      lua_rawgeti(L, -1, j + 1);
      colour = !lua_isnil(L, -1);
      lua_pop(L, 1);
      lua_rawgeti(L, uvi, j + 1);
      if (colour) push_color(L, tl, uvi, j);
      else lua_pushnumber(L, (lua_Number)tl->scratch[j]);
      if (meta) lua_settable(L, obj); else lua_rawset(L, obj);
      if (colour) j += 3;
    }
  }
  lua_settop(L, uvi - 1);
}

/* Push the mapped state as `at` returns it: a path's x, y [, angle] (or
   out filled), a colour, or the named properties (in out or a new
   table). */
static int push_mapped(lua_State *L, kn_timeline *tl, int self, int out) {
  unsigned shape = tl->user & SHAPE_MASK;
  if (shape == SHAPE_COLOR) {
    lk_getuservalue(L, self);
    push_color(L, tl, lua_gettop(L), 0);
    lua_remove(L, -2);
    return 1;
  }
  if (shape == SHAPE_NUMBER && out == 0) {
    double xya[3];
    int j, n;
    lk_getuservalue(L, self);
    n = path_point(L, tl, lua_gettop(L), xya);
    lua_pop(L, 1);
    for (j = 0; j < n; j++) lua_pushnumber(L, (lua_Number)xya[j]);
    return n;
  }
  if (out == 0) { lua_createtable(L, 0, tl->ncomp); out = lua_gettop(L); }
  put_mapped(L, tl, self, out, shape == SHAPE_NUMBER, 0);
  lua_pushvalue(L, out);
  return 1;
}

/* Write the state in tl->scratch into the table at `out`, raw, as `at` and
   `update` fill it; the timeline is at stack index `self`.  Named
   properties into a table without a metatable (where lua_setfield is a raw
   set) go by the names' C strings: one API call each instead of three. */
static void fill_out(lua_State *L, kn_timeline *tl, int self, int out) {
  int j, n = tl->ncomp;
  const double *v = tl->scratch;
  if (tl->user & MAPPED) {
    put_mapped(L, tl, self, out, (tl->user & SHAPE_MASK) == SHAPE_NUMBER, 0);
    return;
  }
  if ((tl->user & SHAPE_MASK) == SHAPE_VECTOR) {
    for (j = 0; j < n; j++) {
      lua_pushnumber(L, (lua_Number)v[j]);
      lua_rawseti(L, out, j + 1);
    }
    return;
  }
  if (tl->user & CNAMES) {
    if (!lua_getmetatable(L, out)) {
      const char **names = kn_timeline_names(tl);
      for (j = 0; j < n; j++) {
        lua_pushnumber(L, (lua_Number)v[j]);
        lua_setfield(L, out, names[j]);
      }
      return;
    }
    lua_pop(L, 1);
  }
  lk_getuservalue(L, self);
  for (j = 0; j < n; j++) {
    lua_rawgeti(L, -1, j + 1);
    lua_pushnumber(L, (lua_Number)v[j]);
    lua_rawset(L, out);
  }
  lua_pop(L, 1);
}

/* Push the state in tl->scratch as `at` returns it (the timeline at index
   1, `out` at its index or 0). */
static int push_state(lua_State *L, kn_timeline *tl, int out) {
  int j, n = tl->ncomp;
  if (tl->user & MAPPED) return push_mapped(L, tl, 1, out);
  switch (tl->user & SHAPE_MASK) {
    case SHAPE_NUMBER:
      lua_pushnumber(L, (lua_Number)tl->scratch[0]);
      return 1;
    case SHAPE_VECTOR:
      if (out == 0) {
        luaL_checkstack(L, n, "too many components to return");
        for (j = 0; j < n; j++) lua_pushnumber(L, (lua_Number)tl->scratch[j]);
        return n;
      }
      break;
    default:
      if (out == 0) { lua_createtable(L, 0, n); out = lua_gettop(L); }
      break;
  }
  fill_out(L, tl, 1, out);
  lua_pushvalue(L, out);
  return 1;
}

static int timeline_at_checked(lua_State *L) {
  kn_timeline *tl = check_timeline(L);
  double t = lk_checkfinite(L, 2);
  int out = opt_out(L, 3);
  timeline_state(L, tl, 1, t, "at");
  return push_state(L, tl, out);
}

/* `out` as opt_out takes it without raising: 0 (none or nil), 3 (a table),
   or -1 (anything else: the checked path raises). */
static int fast_out(lua_State *L) {
  switch (lua_type(L, 3)) {
    case LUA_TNONE: case LUA_TNIL: return 0;
    case LUA_TTABLE: return 3;
    default: return -1;
  }
}

/* tl:at(t [, out]): a timeline without Lua easings, a finite number and a
   valid `out` go straight to the core; anything else through
   timeline_at_checked (the same results and errors). */
static int timeline_at(lua_State *L) {
  kn_timeline *tl = (kn_timeline *)lk_fastobject(L, 1);   /* upvalue 1: the metatable */
  double t;
  int out;
  if (tl == NULL || lua_type(L, 2) != LUA_TNUMBER) return timeline_at_checked(L);
  t = (double)lua_tonumber(L, 2);
  out = fast_out(L);
  if (!(t > -HUGE_VAL && t < HUGE_VAL) || out < 0 || (tl->user & (LUA_EASINGS | ROUNDED)))
    return timeline_at_checked(L);
  kn_timeline_at_hinted(tl, t, tl->scratch);
  return push_state(L, tl, out);
}

/* ---- update: the frame's values, then the callbacks ------------------ */

/* The callbacks tl has, as a kn_tl_event_kind mask. */
static unsigned event_mask(const kn_timeline *tl) {
  return (tl->user >> EVENTS_SHIFT) & EVENTS_MASK;
}

/* An update's first half, which runs no callback: move the clock of tl
   (at stack index self) by dt (clock + dt checked finite) and compute the
   state there into tl->scratch.  The stretch covered goes to *m. */
static void advance(lua_State *L, kn_timeline *tl, int self, double dt,
                    kn_tl_move *m) {
  kn_timeline_move(tl, dt, m);
  timeline_state(L, tl, self, m->t1, "update");
}

/* An update's second half: run tl's callbacks (tl at stack index self) for
   the events in m's stretch (t0, t1], in time order, as long as the clock
   stays where the move left it.  A callback that moves the clock (seek,
   update, update_timelines) makes the events not yet run stale, and they
   are dropped -- also when the clock moved before the first one. */
static void fire(lua_State *L, kn_timeline *tl, int self, const kn_tl_move *m) {
  unsigned mask = event_mask(tl);
  kn_tl_cursor cur;
  kn_tl_event ev;
  int uv;
  if (mask == 0 || !(m->t1 > m->t0) || tl->gen != m->gen) return;
  luaL_checkstack(L, 4, "timeline callbacks");
  lk_getuservalue(L, self);
  uv = lua_gettop(L);
  kn_timeline_events(tl, &cur, m->t0, m->t1, mask);
  while (tl->gen == m->gen && kn_timeline_next_event(tl, &cur, &ev)) {
    int nargs = 1;
    lua_getfield(L, uv, kn_timeline_callback_name(ev.kind == KN_EV_KEYFRAME ? 0
                                                  : ev.kind == KN_EV_ITERATION ? 1 : 2));
    lua_pushvalue(L, self);
    if (ev.kind != KN_EV_COMPLETE) {
      lua_pushnumber(L, (lua_Number)ev.value);
#if LUA_VERSION_NUM >= 503
      if (ev.value <= (double)LUA_MAXINTEGER) {  /* integers print as such */
        lua_pop(L, 1);
        lua_pushinteger(L, (lua_Integer)ev.value);
      }
#endif
      nargs = 2;
    }
    lua_call(L, nargs, 0);
  }
  lua_settop(L, uv - 1);
}

/* tl:update(dt [, out]) with checks and callbacks: the state at the new
   clock is pushed -- and written into out -- before any callback runs, so
   a callback sees the frame's values, and they are what update returns
   whatever the callbacks do. */
static int timeline_update_checked(lua_State *L) {
  kn_timeline *tl = check_timeline(L);
  double dt = lk_checknonneg(L, 2);
  int out = opt_out(L, 3), nres;
  kn_tl_move m;
  if (!isfinite(tl->clock + dt))
    return luaL_error(L, "update: the clock would overflow");
  advance(L, tl, 1, dt, &m);
  nres = push_state(L, tl, out);
  fire(L, tl, 1, &m);
  return nres;
}

/* tl:update(dt [, out]): without callbacks, with a number dt >= 0 that keeps
   the clock finite and a valid `out`, straight to the core; anything else
   through timeline_update_checked (callbacks, errors). */
static int timeline_update(lua_State *L) {
  kn_timeline *tl = (kn_timeline *)lk_fastobject(L, 1);   /* upvalue 1: the metatable */
  double dt;
  int out;
  if (tl == NULL || (tl->user >> EVENTS_SHIFT) != 0 || lua_type(L, 2) != LUA_TNUMBER)
    return timeline_update_checked(L);
  dt = (double)lua_tonumber(L, 2);
  out = fast_out(L);
  if (!(dt >= 0.0 && tl->clock + dt < HUGE_VAL) || out < 0) return timeline_update_checked(L);
  kn_timeline_seek(tl, tl->clock + dt);
  kn_timeline_at_hinted(tl, tl->clock, tl->scratch);
  return push_state(L, tl, out);
}

/* ---- kinetic.update_timelines ------------------------------------------ */

/* kinetic.update_timelines(timelines, dt [, out]) -> out, playing runs in
   two phases (docs/timeline.md):

   1. for i = 1, n (n = #timelines, raw, at the call), timelines[i] (read
      raw, checked when its turn comes) moves its clock by dt and its state
      goes into out[i]: a number, or the table out[i] filled in place (made
      when out[i] is not a table) for vectors and named properties.
      playing counts the timelines then not done.  No callback runs, so
      neither the list nor out can change under this loop; an item that
      is refused raises with the timelines before it moved and written,
      and no callback run.
   2. the callbacks of the events each timeline crossed in phase 1, place
      by place in the order of phase 1, each timeline's in time order
      (fire_pending).

   So when a callback runs, every timeline of the list has moved and every
   out entry is written; what a callback does to the list changes the next
   call, not this one.  Phase 1 notes the timelines whose stretch holds
   events in a pending table it makes for the first one: a frame that runs
   no callback allocates nothing once out is made.  One call costs one
   method call per frame instead of one per timeline.

   Stack of the call; upvalue 1 of it (and of the FFI path's halves below):
   the metatable of kinetic.Timeline. */
enum { LIST = 1, DT = 2, OUT = 3, PENDING = 4, ITEM = 5 };

/* A pending entry: the timeline, t0 and t1 of its stretch, and the
   generation of its clock when phase 2 starts. */
enum { PENDING_STRIDE = 4 };

/* Note that the timeline at stack index self crossed events in m: append
   it to the pending table at stack index `pending`, made there (in place
   of nil) for the first entry. */
static void add_pending(lua_State *L, int self, int pending, const kn_tl_move *m) {
  int k;
  if (lua_isnil(L, pending)) {
    lua_createtable(L, 4 * PENDING_STRIDE, 0);
    lua_replace(L, pending);
  }
  k = (int)lk_rawlen(L, pending);
  lua_pushvalue(L, self);
  lua_rawseti(L, pending, k + 1);
  lua_pushnumber(L, (lua_Number)m->t0);
  lua_rawseti(L, pending, k + 2);
  lua_pushnumber(L, (lua_Number)m->t1);
  lua_rawseti(L, pending, k + 3);
  lua_pushnumber(L, 0);
  lua_rawseti(L, pending, k + 4);
}

/* Phase 2 on the pending table at stack index `pending`: fire each entry's
   events.  An entry is stale once a callback has moved its timeline's
   clock, so the generations are taken as phase 2 starts, after every move
   of phase 1 (a timeline listed twice reports both stretches); they are
   compared as lua_Numbers, exact for a clock's first 2^53 moves. */
static void fire_pending(lua_State *L, int pending) {
  int k, n = (int)lk_rawlen(L, pending);
  kn_timeline *tl;
  kn_tl_move m;
  for (k = 1; k + PENDING_STRIDE - 1 <= n; k += PENDING_STRIDE) {
    lua_rawgeti(L, pending, k);
    tl = (kn_timeline *)lk_fastobject(L, -1);
    if (tl == NULL) {
      luaL_error(L, "update_timelines: not a table of pending events");
      return;
    }
    lua_pushnumber(L, (lua_Number)tl->gen);
    lua_rawseti(L, pending, k + 3);
    lua_pop(L, 1);
  }
  for (k = 1; k + PENDING_STRIDE - 1 <= n; k += PENDING_STRIDE) {
    int self = lua_gettop(L) + 1;
    lua_rawgeti(L, pending, k);
    lua_rawgeti(L, pending, k + 1);
    lua_rawgeti(L, pending, k + 2);
    lua_rawgeti(L, pending, k + 3);
    tl = (kn_timeline *)lk_fastobject(L, self);
    if (tl != NULL && (lua_Number)tl->gen == lua_tonumber(L, self + 3)) {
      m.t0 = (double)lua_tonumber(L, self + 1);
      m.t1 = (double)lua_tonumber(L, self + 2);
      m.gen = tl->gen;
      fire(L, tl, self, &m);
    }
    lua_settop(L, self - 1);
  }
}

/* out[i] = the state in tl->scratch (tl at stack index self; out at its
   index): a number, or the table out[i] filled in place, made first when
   out[i] is not a table -- and then left on the stack, which the callers
   reset. */
static inline void batch_write(lua_State *L, kn_timeline *tl, int self, int out,
                               int i) {
  unsigned shape = tl->user & SHAPE_MASK;
  if (shape == SHAPE_NUMBER && !(tl->user & MAPPED)) {
    lua_pushnumber(L, (lua_Number)tl->scratch[0]);
    lua_rawseti(L, out, i);
    return;
  }
  if (shape == SHAPE_COLOR) {
    (void)push_mapped(L, tl, self, 0);
    lua_rawseti(L, out, i);
    return;
  }
  if (lk_rawgeti(L, out, i) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, shape == SHAPE_VECTOR ? tl->ncomp : 0,
                    shape == SHAPE_VECTOR ? 0 : tl->ncomp);
    lua_pushvalue(L, -1);
    lua_rawseti(L, out, i);
  }
  fill_out(L, tl, self, lua_gettop(L));
}

/* Phase 1 for item i, the timeline tl at stack index self (checked: clock
   + dt finite), when it has callbacks or Lua easings (a bit in the
   callback range): move it, write out[i], and note it in the pending
   table (stack index `pending`) when it crossed events it has callbacks
   for.  The others the loop moves through the core alone. */
static void batch_step(lua_State *L, kn_timeline *tl, int self, double dt,
                       int out, int i, int pending) {
  kn_tl_move m;
  advance(L, tl, self, dt, &m);
  if (kn_timeline_crosses(tl, &m, event_mask(tl))) add_pending(L, self, pending, &m);
  batch_write(L, tl, self, out, i);
}

static int kinetic_update_timelines(lua_State *L) {
  int i, n, playing = 0;
  size_t len;
  double dt;
  if (lua_type(L, LIST) != LUA_TTABLE) return lk_typeerror(L, LIST, "table of timelines");
  dt = lk_checknonneg(L, DT);
  if (lua_isnoneornil(L, OUT)) {
    lua_settop(L, DT);
    lua_newtable(L);
  } else if (lua_type(L, OUT) != LUA_TTABLE) {
    return lk_typeerror(L, OUT, "table");
  }
  lua_settop(L, OUT);
  lua_pushnil(L);                                /* PENDING */
  len = lk_rawlen(L, LIST);
  if (len > (size_t)INT_MAX) return lk_argerror(L, LIST, "too many timelines");
  n = (int)len;
  for (i = 1; i <= n; i++) {                     /* phase 1 */
    kn_timeline *tl;
    lua_rawgeti(L, LIST, i);                     /* ITEM, then its metatable */
    tl = (kn_timeline *)lua_touserdata(L, ITEM);
    if (tl == NULL || !lua_getmetatable(L, ITEM) || !lua_rawequal(L, -1, lua_upvalueindex(1)))
      return lk_argerror(L, LIST, lua_pushfstring(L, "item %d: %s expected, got %s", i,
                                                    KN_TIMELINE, lk_typename(L, ITEM)));
    if (!(tl->clock + dt < HUGE_VAL))
      return luaL_error(L, "update_timelines: timeline %d's clock would overflow", i);
    if ((tl->user >> EVENTS_SHIFT) == 0) {
      kn_timeline_seek(tl, tl->clock + dt);
      kn_timeline_at_hinted(tl, tl->clock, tl->scratch);
      batch_write(L, tl, ITEM, OUT, i);
    } else {
      batch_step(L, tl, ITEM, dt, OUT, i, PENDING);
    }
    if (!kn_timeline_done(tl)) playing++;
    lua_settop(L, PENDING);
  }
  if (!lua_isnil(L, PENDING)) fire_pending(L, PENDING);   /* phase 2 */
  lua_settop(L, OUT);
  lua_pushinteger(L, playing);
  return 2;
}

/* The two phases for the FFI path's own loop (ffi.c puts them in
   core._ffi_abi), which moves the timelines it can through the FFI and
   hands the others, in their turn, to

     timeline_step(tl, dt, out, i, pending) -> pending
       phase 1 for item i (tl a timeline whose clock + dt is finite):
       pending is nil or what the previous step returned;

   and then, when pending is not nil, to timeline_fire(pending): phase 2. */
int lk_timeline_batch_step(lua_State *L) {
  kn_timeline *tl = (kn_timeline *)lk_fastobject(L, 1);
  double dt = (double)lua_tonumber(L, 2);
  int i = (int)lua_tointeger(L, 4);
  if (tl == NULL || lua_type(L, 3) != LUA_TTABLE || !(dt >= 0.0)
      || !(tl->clock + dt < HUGE_VAL) || i < 1)
    return luaL_error(L, "timeline_step: a checked timeline, dt, out and index expected");
  lua_settop(L, 5);
  batch_step(L, tl, 1, dt, 3, i, 5);
  lua_settop(L, 5);
  return 1;
}

int lk_timeline_batch_fire(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  fire_pending(L, 1);
  return 0;
}

static int timeline_apply(lua_State *L) {
  kn_timeline *tl = check_timeline(L);
  int j, t = lua_type(L, 2);
  unsigned shape = tl->user & SHAPE_MASK;
  if (t != LUA_TTABLE && t != LUA_TUSERDATA)
    return lk_typeerror(L, 2, "table or userdata");
  if ((shape == SHAPE_NUMBER && !(tl->user & MAPPED)) || shape == SHAPE_COLOR)
    return lk_argerror(L, 2, shape == SHAPE_COLOR
      ? "a timeline of one colour has no fields to write (use at or update)"
      : "a timeline of one number has no fields to write (use at or update)");
  lua_settop(L, 2);
  timeline_state(L, tl, 1, tl->clock, "apply");
  if (tl->user & MAPPED) {                       /* honours __newindex */
    put_mapped(L, tl, 1, 2, 0, 1);
    return 1;
  }
  lk_getuservalue(L, 1);                         /* 3 */
  for (j = 0; j < tl->ncomp; j++) {
    if (shape == SHAPE_NAMED) lua_rawgeti(L, 3, j + 1);
    else lua_pushinteger(L, j + 1);
    lua_pushnumber(L, (lua_Number)tl->scratch[j]);
    lua_settable(L, 2);                          /* honours __newindex */
  }
  lua_settop(L, 2);
  return 1;
}

/* A path's point as next_change's map: x, y [, angle] at the fraction. */
typedef struct path_map { const kn_path *path; int n; } path_map;

static int map_path(void *ctx, const double *state, double *vals) {
  const path_map *m = (const path_map *)ctx;
  kn_path_at(m->path, state[0], &vals[0], &vals[1], &vals[2], NULL);
  return m->n;
}

/* tl:next_change() -> the least dt after which update changes what it
   returns or fires a callback, or ends (kn_timeline_next_change), with a
   path's point as what a rounding path timeline shows; 0 while not done
   for a round function (its changes cannot be predicted). */
static int timeline_next_change(lua_State *L) {
  kn_timeline *tl = check_timeline(L);
  double dt;
  if (tl->user & ROUND_FN) {
    dt = kn_timeline_done(tl) ? HUGE_VAL : 0.0;
  } else if ((tl->user & (ROUNDED | MAPPED)) == (ROUNDED | MAPPED)) {   /* a path */
    path_map pm;
    kn_tl_map map;
    lk_getuservalue(L, 1);
    lua_getfield(L, -1, "path");
    lua_getfield(L, -2, "fields");
    pm.path = lk_topath(L, -2);
    pm.n = (int)lk_rawlen(L, -1);
    map.fn = map_path;
    map.ctx = &pm;
    dt = kn_timeline_next_change(tl, event_mask(tl), &map);
    lua_pop(L, 3);
  } else {
    dt = kn_timeline_next_change(tl, event_mask(tl), NULL);
  }
  lua_pushnumber(L, (lua_Number)dt);
  return 1;
}

static int timeline_seek(lua_State *L) {
  kn_timeline *tl = check_timeline(L);
  double t = lk_checknonneg(L, 2);
  kn_timeline_seek(tl, t);
  lua_settop(L, 1);
  return 1;
}

static int timeline_time(lua_State *L) {
  lua_pushnumber(L, (lua_Number)check_timeline(L)->clock);
  return 1;
}

static int timeline_duration(lua_State *L) {
  lua_pushnumber(L, (lua_Number)check_timeline(L)->duration);
  return 1;
}

static int timeline_total_duration(lua_State *L) {
  lua_pushnumber(L, (lua_Number)check_timeline(L)->total);
  return 1;
}

static int timeline_done(lua_State *L) {
  lua_pushboolean(L, kn_timeline_done(check_timeline(L)));
  return 1;
}

static int timeline_tostring(lua_State *L) {
  kn_timeline *tl = check_timeline(L);
  char buf[64];
  snprintf(buf, sizeof buf, "%.14g", tl->iterations);
  lua_pushfstring(L, "%s(%d segments, %s, %s x%s): %p", KN_TIMELINE, tl->nseg,
                  kn_interp_mode_name(tl->mode), kn_timeline_after_name(tl->after), buf,
                  (void *)tl);
  return 1;
}

void lk_open_timeline(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "apply", timeline_apply }, { "seek", timeline_seek }, { "time", timeline_time },
    { "duration", timeline_duration }, { "total_duration", timeline_total_duration },
    { "done", timeline_done }, { "next_change", timeline_next_change }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = {
    { "__tostring", timeline_tostring }, { NULL, NULL }
  };
  static const luaL_Reg fast_methods[] = {
    { "at", timeline_at }, { "update", timeline_update }, { NULL, NULL }
  };
  lk_newclass(L, KN_TIMELINE, methods, meta);
  lk_setfastmethods(L, KN_TIMELINE, fast_methods);
  luaL_getmetatable(L, KN_TIMELINE);     /* update_timelines: the metatable */
  lua_pushcclosure(L, kinetic_update_timelines, 1);
  lua_setfield(L, -2, "update_timelines");
  lua_pushcfunction(L, lk_timeline_new);
  lua_setfield(L, -2, "timeline");
}
