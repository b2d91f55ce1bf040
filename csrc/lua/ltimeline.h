/*
** ltimeline.h -- what the two files of the timeline binding share.
** timeline_def.c reads a definition into a timeline (kinetic.timeline);
** timeline.c runs it (the methods of kinetic.Timeline and
** kinetic.update_timelines).
**
** The userdata payload is the kn_timeline block itself.  Its user value
** table holds what the C struct cannot: the property names (uv[1..ncomp],
** sorted), the easing userdata (uv[-i] for segment i, kept alive for the
** `const kn_easing *` in the struct), the callbacks (uv.on_keyframe,
** on_iteration, on_complete) and the Lua easings (uv.lua_easings[i]).
** tl->user: SHAPE_*, CNAMES, the callbacks from EVENTS_SHIFT up,
** LUA_EASINGS and MAPPED (lkinetic.h), ROUNDED and ROUND_FN (below).  The
** `round` option: the rounding in the block's extra (kn_timeline_extra;
** a set's values in the user value's uv.round_set, a userdata), or the
** function in uv.round.
*/
#ifndef KINETIC_LTIMELINE_H
#define KINETIC_LTIMELINE_H

#include "lkinetic.h"
#include "timeline.h"

/* tl->user: the values shown are rounded (ROUNDED), by the Lua function
   uv.round (ROUND_FN too).  In the callback range, above MAPPED, so the
   fast paths that leave the callbacks to the classic methods (update's,
   update_timelines', the FFI path's) leave these too: the classic methods
   round what they return. */
#define ROUNDED  (32u << EVENTS_SHIFT)
#define ROUND_FN (64u << EVENTS_SHIFT)

/* The block of a timeline is the core's kn_timeline_size bytes.  Its
   names (kn_timeline_names), for the named shape, are the bytes of the
   strings in the user value's uv[1..ncomp], which keeps them alive (Lua
   never moves a string; only the debug library, which can defeat every C
   library's checks, reaches the user value).  Pointers to the interned
   strings themselves, not copies: Lua 5.4's lua_setfield caches strings by
   address, and timelines made from one definition then share its entries.
   Its slot (kn_timeline_slot) is the site where segments eased by a Lua
   function run (lua_easing.c), published by the method running the core. */
static inline lk_ease_site **lk_tl_slot(kn_timeline *tl) {
  return (lk_ease_site **)kn_timeline_slot(tl);
}

/* The value at idx as errors show it: numbers printed ("-1", "0.5",
   "nan", "inf"), anything else by type name. */
static inline const char *lk_tl_shown(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TNUMBER ? lk_pushnumstr(L, (double)lua_tonumber(L, idx))
                                         : lk_typename(L, idx);
}

/* How a colour's keyframes were given, in uv.colors[j + 1] for the first
   of its 4 components j: what the timeline returns. */
enum { COLOR_STRING = 1, COLOR_OBJECT = 2 };

/* kinetic.timeline(def) -> a kinetic.Timeline (timeline_def.c). */
int lk_timeline_new(lua_State *L);

#endif
