/*
** timeline.c -- Lua binding of kinetic.timeline (type kinetic.Timeline)
** and kinetic.update_timelines.
**
** All argument checks live here; the core (csrc/core/timeline.c) trusts
** what it is given.  The
** userdata payload is the kn_timeline block itself.  Its user value table
** holds what the C struct cannot: the property names (uv[1..ncomp], sorted),
** the easing userdata (uv[-i] for segment i, kept alive for the
** `const kn_easing *` in the struct) and the callbacks (uv.on_keyframe, on_iteration,
** on_complete).
*/
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lkinetic.h"
#include "easing.h"
#include "interp.h"
#include "path.h"
#include "color.h"
#include "timeline.h"

/* tl->user: SHAPE_*, CNAMES, the callbacks from EVENTS_SHIFT up and
   LUA_EASINGS (lkinetic.h). */

#define MAX_ELEMENTS (1 << 24)   /* segments x components, a sanity bound */

/* Name tables are char arrays, not pointers: nothing to relocate
   in the shared object. */
static const char callback_names[3][16] = {
  "on_keyframe", "on_iteration", "on_complete"
};

/* The block of a timeline is the core's kn_timeline_size bytes followed by
   ncomp pointers to its property names (named shape): the bytes of the
   strings in the user value's uv[1..ncomp], which keeps them alive (Lua
   never moves a string; only the debug library, which can defeat every C
   library's checks, reaches the user value).  Pointers to the interned
   strings themselves, not copies: Lua 5.4's lua_setfield caches strings by
   address, and timelines made from one definition then share its entries.
   Then one pointer: call_slot, for segments eased by a Lua function. */
static size_t block_size(int nseg, int ncomp) {
  return kn_timeline_size(nseg, ncomp) + (size_t)ncomp * sizeof(const char *)
         + sizeof(lk_ease_site *);
}

static const char **names_of(kn_timeline *tl) {
  return (const char **)(void *)((char *)tl + kn_timeline_size(tl->nseg, tl->ncomp));
}

/* ---- errors ----------------------------------------------------------- */

/* "segment 2, field 'duration': " or "field 'from': " (seg == 0). */
static int context_error(lua_State *L, int seg, const char *field,
                         const char *fmt, ...) {
  const char *msg;
  va_list ap;
  va_start(ap, fmt);
  msg = lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  if (seg > 0 && field != NULL)
    msg = lua_pushfstring(L, "segment %d, field '%s': %s", seg, field, msg);
  else if (seg > 0)
    msg = lua_pushfstring(L, "segment %d: %s", seg, msg);
  else
    msg = lua_pushfstring(L, "field '%s': %s", field, msg);
  return lk_argerror(L, 1, msg);
}

/* The value at idx as errors show it: numbers printed ("-1", "0.5",
   "nan", "inf"), anything else by type name. */
static const char *shown(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TNUMBER ? lk_pushnumstr(L, (double)lua_tonumber(L, idx))
                                         : lk_typename(L, idx);
}

/* As shown, a string quoted: what a colour value that is none shows. */
static const char *quoted(lua_State *L, int idx) {
  if (lua_type(L, idx) == LUA_TSTRING) return lua_pushfstring(L, "'%s'", lua_tostring(L, idx));
  return shown(L, idx);
}

/* A finite number at idx, or an error "<ctx>: number expected, got ...". */
static double finite_at(lua_State *L, int idx, int seg, const char *field,
                        const char *prefix) {
  double x;
  if (lua_type(L, idx) != LUA_TNUMBER)
    context_error(L, seg, field, "%snumber expected, got %s", prefix,
                  lk_typename(L, idx));
  x = (double)lua_tonumber(L, idx);
  if (!isfinite(x))
    context_error(L, seg, field, "%sfinite number expected, got %s", prefix,
                  shown(L, idx));
  return x;
}

/* ---- states ----------------------------------------------------------- */

/* How a colour's keyframes were given, in uv.colors[j + 1] for the first
   of its 4 components j: what the timeline returns. */
enum { COLOR_STRING = 1, COLOR_OBJECT = 2 };

/* The form of the colour at idx (a colour string or a kinetic.Color), 0
   when it is not one. */
static int color_form(lua_State *L, int idx) {
  kn_color c;
  if (!lk_tocolor(L, idx, &c)) return 0;
  return lua_type(L, idx) == LUA_TSTRING ? COLOR_STRING : COLOR_OBJECT;
}

/* uv.colors[j + 1] = form (the table made when missing). */
static void note_color(lua_State *L, int uv, int j, int form) {
  lua_getfield(L, uv, "colors");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, uv, "colors");
  }
  lua_pushinteger(L, form);
  lua_rawseti(L, -2, j + 1);
  lua_pop(L, 1);
}

/* The sorted names uv[1..n] of def.from (at `from`) as components: a
   colour property takes 4, its name repeated.  Returns the count. */
static int expand_colors(lua_State *L, int from, int uv, int n) {
  int i, k, m = 0, form;
  lua_createtable(L, n, 0);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, uv, i);
    lua_pushvalue(L, -1);
    lua_rawget(L, from);
    form = color_form(L, -1);
    lua_pop(L, 1);
    if (form) note_color(L, uv, m, form);
    for (k = 0; k < (form ? 4 : 1); k++) {
      lua_pushvalue(L, -1);
      lua_rawseti(L, -3, ++m);
    }
    lua_pop(L, 1);
  }
  if (m > MAX_ELEMENTS) context_error(L, 0, "from", "too many properties");
  for (i = 1; i <= m; i++) {
    lua_rawgeti(L, -1, i);
    lua_rawseti(L, uv, i);
  }
  lua_pop(L, 1);
  return m;
}

/* Shape and size of def.from (at `from`); names go to uv[1..n], sorted
   (a colour's repeated for its 4 components). */
static unsigned from_shape(lua_State *L, int from, int uv, int *ncomp) {
  int n = 0, i, j;
  switch (lua_type(L, from)) {
    case LUA_TNUMBER:
      finite_at(L, from, 0, "from", "");
      *ncomp = 1;
      return SHAPE_NUMBER;
    case LUA_TTABLE:
      break;
    default:
      if (color_form(L, from)) {
        note_color(L, uv, 0, color_form(L, from));
        *ncomp = 4;
        return SHAPE_COLOR;
      }
      context_error(L, 0, "from",
                    "number, array, colour or table of named values expected, got %s",
                    lua_type(L, from) == LUA_TSTRING ? lua_pushfstring(L, "'%s'",
                      lua_tostring(L, from)) : lk_typename(L, from));
  }
  n = (int)lk_rawlen(L, from);
  if (n > 0) {
    if (n > MAX_ELEMENTS) context_error(L, 0, "from", "too many components");
    *ncomp = n;
    return SHAPE_VECTOR;
  }
  lua_pushnil(L);
  while (lua_next(L, from) != 0) {
    if (lua_type(L, -2) != LUA_TSTRING)
      context_error(L, 0, "from", "property names must be strings, got %s",
                    lk_typename(L, -2));
    if (n >= MAX_ELEMENTS) context_error(L, 0, "from", "too many properties");
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, uv, ++n);
  }
  if (n == 0)
    context_error(L, 0, "from",
                  "number, array, colour or table of named values expected, got an empty table");
  /* insertion sort of the names: a fixed, documented order */
  for (i = 2; i <= n; i++) {
    for (j = i; j > 1; j--) {
      lua_rawgeti(L, uv, j - 1);
      lua_rawgeti(L, uv, j);
      if (strcmp(lua_tostring(L, -2), lua_tostring(L, -1)) <= 0) {
        lua_pop(L, 2);
        break;
      }
      lua_rawseti(L, uv, j - 1);
      lua_rawseti(L, uv, j);
    }
  }
  *ncomp = expand_colors(L, from, uv, n);
  return SHAPE_NAMED;
}

/* Keep the colour at idx as keyframe seg of the colour at component j
   (uv.colorkeys[j + 1][seg + 1]); its 4 components in dst are filled by
   prepare_colors once every keyframe is read. */
static void color_key(lua_State *L, int uv, int j, int seg, int idx, double *dst) {
  int i;
  lua_getfield(L, uv, "colorkeys");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, uv, "colorkeys");
  }
  lua_rawgeti(L, -1, j + 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, j + 1);
  }
  lua_pushvalue(L, idx);
  lua_rawseti(L, -2, seg + 1);
  lua_pop(L, 2);
  for (i = 0; i < 4; i++) dst[i] = 0.0;
}

/* Named properties at idx into dst[ncomp]: every name of from (a colour's
   4 components kept for prepare_colors), and for a segment no other. */
static void read_named(lua_State *L, int idx, int seg, int ncomp, int from, int uv,
                       double *dst) {
  const char *field = seg == 0 ? "from" : "to";
  int j;
  lua_getfield(L, uv, "colors");          /* nil: numbers only */
  for (j = 0; j < ncomp; j++) {
    const char *name, *pre;
    int colour = 0;
    if (lua_istable(L, -1)) {
      lua_rawgeti(L, -1, j + 1);
      colour = !lua_isnil(L, -1);
      lua_pop(L, 1);
    }
    lua_rawgeti(L, uv, j + 1);
    name = lua_tostring(L, -1);
    lua_pushvalue(L, -1);
    lua_rawget(L, idx);
    if (lua_isnil(L, -1)) {
      if (lk_rawlen(L, idx) > 0)                       /* {1, 2} */
        context_error(L, seg, field, "table of named numbers expected (as 'from'), "
                      "got an array of %d items", (int)lk_rawlen(L, idx));
      context_error(L, seg, field, "property '%s' missing (as in 'from')", name);
    }
    if (colour) {
      if (!color_form(L, -1))
        context_error(L, seg, field, "property '%s': colour expected (as in 'from'), got %s",
                      name, quoted(L, -1));
      color_key(L, uv, j, seg, lua_gettop(L), dst + j);
      lua_pop(L, 2);
      j += 3;
      continue;
    }
    pre = lua_pushfstring(L, "property '%s': ", name);
    dst[j] = finite_at(L, -2, seg, field, pre);
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
  if (seg == 0) return;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawget(L, from);
    if (lua_isnil(L, -1)) {
      if (lua_type(L, -2) == LUA_TSTRING)
        context_error(L, seg, field, "unexpected property '%s' (not in 'from')",
                      lua_tostring(L, -2));
      context_error(L, seg, field, "unexpected key of type %s (not in 'from')",
                    lk_typename(L, -2));
    }
    lua_pop(L, 1);
  }
}

/* Read a state (def.from when seg == 0, else segment seg's `to`) at idx
   into dst[ncomp], checking it has the shape of `from` (at `from`). */
static void read_state(lua_State *L, int idx, int seg, unsigned shape,
                       int ncomp, int from, int uv, double *dst) {
  const char *field = seg == 0 ? "from" : "to";
  int j;
  if (shape == SHAPE_NUMBER) {
    dst[0] = finite_at(L, idx, seg, field, "");
    return;
  }
  if (shape == SHAPE_COLOR) {
    if (!color_form(L, idx))
      context_error(L, seg, field, "colour expected (as 'from'), got %s", quoted(L, idx));
    color_key(L, uv, 0, seg, idx, dst);
    return;
  }
  if (lua_type(L, idx) != LUA_TTABLE) {
    if (shape == SHAPE_VECTOR)
      context_error(L, seg, field, "array of %d numbers expected (as 'from'), got %s",
                    ncomp, lk_typename(L, idx));
    context_error(L, seg, field, "table of named numbers expected (as 'from'), got %s",
                  lk_typename(L, idx));
  }
  if (shape == SHAPE_NAMED) {
    read_named(L, idx, seg, ncomp, from, uv, dst);
    return;
  }
  {
    int len = (int)lk_rawlen(L, idx);
    if (len == 0 && lk_pushtablekind(L, idx) != LK_TABLE_EMPTY)   /* {x = 1} */
      context_error(L, seg, field, "array of %d numbers expected (as 'from'), got %s",
                    ncomp, lua_tostring(L, -1));
    if (len != ncomp)
      context_error(L, seg, field, "array of %d numbers expected (as 'from'), got %d",
                    ncomp, len);
  }
  for (j = 0; j < ncomp; j++) {
    const char *pre;
    lua_rawgeti(L, idx, j + 1);
    pre = lua_pushfstring(L, "component %d: ", j + 1);
    dst[j] = finite_at(L, -2, seg, field, pre);
    lua_pop(L, 2);
  }
}

/* ---- options ---------------------------------------------------------- */

/* The value named by the string field `key` of def (argument 1: "'a', 'b'
   or 'c' expected"), `def` when the field is absent. */
static int option(lua_State *L, const char *key, kn_name_fn *name, int def) {
  int i = def;
  lua_getfield(L, 1, key);
  if (!lua_isnil(L, -1)) i = lk_checkname(L, 1, key, name, KN_NAMES_QUOTED | KN_NAMES_OR);
  lua_pop(L, 1);
  return i;
}

/* ---- Lua function easings -------------------------------------------- */

/* tl->user's bit LUA_EASINGS (lkinetic.h) says some segment is eased by a
   Lua function; it lies above the callbacks' mask, which fire() keeps. */
#define EVENTS_MASK (KN_EV_KEYFRAME | KN_EV_ITERATION | KN_EV_COMPLETE)

/* A segment easing given as a Lua function is a kn_easing calling it
   (lua_easing.c): the function lives in the user value,
   uv.lua_easings[i] (which keeps it alive), its kn_easing in uv[-i]; the
   site of the method running the core is published in the timeline's
   call_slot by timeline_state. */
static lk_ease_site **call_slot(kn_timeline *tl) {
  return (lk_ease_site **)(void *)(names_of(tl) + tl->ncomp);
}

/* Segment i's easing, the Lua function on top: kept in uv.lua_easings[i]
   (the user value at `uv`), its kn_easing pushed in place of it. */
static const struct kn_easing *push_lua_easing(lua_State *L, kn_timeline *tl,
                                               int uv, int i) {
  lua_getfield(L, uv, "lua_easings");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_createtable(L, tl->nseg, 0);
    lua_pushvalue(L, -1);
    lua_setfield(L, uv, "lua_easings");
  }
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, i);
  lua_pop(L, 2);                              /* the table and the function */
  tl->user |= LUA_EASINGS;
  return lk_push_lua_easing(L, call_slot(tl), i);
}

/* kn_timeline_at_hinted(tl, t, tl->scratch) for the method `fname` (the
   timeline at stack index self), running the segments' Lua easings, if
   any, on this call's lua_State, and raising what they raised -- or
   "update: segment 2's easing returned nan (finite number expected)" --
   after the core has returned.  A callee that runs a method of this same
   timeline publishes its own call and puts this one back. */
static void timeline_state(lua_State *L, kn_timeline *tl, int self, double t,
                           const char *fname) {
  lk_ease_site site, *outer;
  if (!(tl->user & LUA_EASINGS)) {
    kn_timeline_at_hinted(tl, t, tl->scratch);
    return;
  }
  luaL_checkstack(L, 6, "timeline easing");
  lk_getuservalue(L, self);
  lua_getfield(L, -1, "lua_easings");
  site.on_fail = NULL;
  lk_ease_enter(call_slot(tl), &site, &outer, L, lua_gettop(L));
  kn_timeline_at_hinted(tl, t, tl->scratch);
  lk_ease_leave(call_slot(tl), outer);
  if (site.failed == LK_EASE_RAISED) lua_error(L);
  if (site.failed == LK_EASE_BAD)
    luaL_error(L, "%s: segment %d's easing returned %s (finite number expected)",
               fname, site.which, shown(L, -1));
  lua_pop(L, 2);
}

/* ---- construction ----------------------------------------------------- */

/* The options of def (besides its segments, items 1 to #def) and the
   fields of a segment: any other name is refused. */
static const char *const timeline_option_names[] = {
  "from", "interpolation", "angle_unit", "pivot", "after", "iterations", "delay",
  "on_keyframe", "on_iteration", "on_complete", "path", "rotate", "fields", "color_space",
  "hue", NULL
};
/* Bits of the names check_names finds in def (lk_checkoptions). */
enum {
  HAS_INTERPOLATION = 1u << 1, HAS_ANGLE_UNIT = 1u << 2, HAS_PIVOT = 1u << 3,
  HAS_AFTER = 1u << 4, HAS_ITERATIONS = 1u << 5, HAS_DELAY = 1u << 6,
  HAS_CALLBACKS = 7u << 7, HAS_PATH = 1u << 10, HAS_ROTATE = 1u << 11, HAS_FIELDS = 1u << 12,
  HAS_COLOR_SPACE = 1u << 13, HAS_HUE = 1u << 14
};
static const char *const segment_field_names[] = { "to", "duration", "easing", NULL };

/* Stack of kinetic.timeline(def) while it builds the timeline. */
enum { DEF = 1, UV = 2, FROM = 3, TL = 4 };

/* The options of def, checked. */
typedef struct timeline_options {
  int nseg, ncomp;
  unsigned shape;            /* SHAPE_* of def.from */
  unsigned events;           /* kn_tl_event_kind mask of the callbacks given */
  int mode, unit, after;     /* indices into mode_names, unit_names, after_names */
  double iterations, delay, pivot[2];
  int mapped;                /* the values go through a map (MAPPED) */
  int space, hue;            /* colours: enum kn_color_space, enum kn_color_hue */
} timeline_options;

/* def.pivot into o->pivot: {x, y} of finite numbers for interpolation =
   'polar' (which needs 2-vector states), and absent otherwise. */
static void read_pivot(lua_State *L, timeline_options *o) {
  int i;
  o->pivot[0] = o->pivot[1] = 0.0;
  lua_getfield(L, DEF, "pivot");
  if (o->mode == KN_INTERP_POLAR) {
    if (o->shape != SHAPE_VECTOR || o->ncomp != 2)
      context_error(L, 0, "interpolation", "'polar' needs 2-vector states {x, y}, got %s",
                    o->shape == SHAPE_VECTOR
                      ? lua_pushfstring(L, "%d components", o->ncomp)
                      : o->shape == SHAPE_NAMED ? "named properties" : "a number");
    if (lua_type(L, -1) == LUA_TTABLE && lk_rawlen(L, -1) == 0 &&
        lk_pushtablekind(L, -1) == LK_TABLE_NAMED)    /* {x = 0, y = 0} */
      context_error(L, 0, "pivot", "{x, y} expected for 'polar' (an array of 2 numbers), "
                    "got %s", lua_tostring(L, -1));
    if (lua_type(L, -1) != LUA_TTABLE || lk_rawlen(L, -1) != 2)
      context_error(L, 0, "pivot", "{x, y} expected for 'polar', got %s",
                    lk_typename(L, -1));
    for (i = 0; i < 2; i++) {
      lua_rawgeti(L, -1, i + 1);
      o->pivot[i] = finite_at(L, -1, 0, "pivot", i == 0 ? "x: " : "y: ");
      lua_pop(L, 1);
    }
  } else if (!lua_isnil(L, -1)) {
    context_error(L, 0, "pivot", "only used with interpolation = 'polar'");
  }
  lua_pop(L, 1);
}

/* def.path, rotate and fields: the keyframes are fractions of a path's arc
   length, and the timeline shows the point there: x, y and, with rotate,
   the angle; fields (2 or 3 names, a third implying rotate) names them for
   apply.  uv.path holds the path, uv.fields the names.  Returns 1. */
static int read_path(lua_State *L, timeline_options *o, unsigned present) {
  static const char defaults[3][8] = { "x", "y", "angle" };
  int n = 2, i, j;
  lua_getfield(L, DEF, "path");
  if (lk_topath(L, -1) == NULL)
    context_error(L, 0, "path", "%s expected, got %s", KN_PATH, lk_typename(L, -1));
  if (o->shape != SHAPE_NUMBER)
    context_error(L, 0, "path", "keyframes that are numbers (fractions of its length) "
                  "expected, got %s", o->shape == SHAPE_VECTOR ? "arrays" : "named properties");
  if (o->mode != KN_INTERP_LINEAR)
    context_error(L, 0, "interpolation", "a path's fractions interpolate linearly");
  lua_setfield(L, UV, "path");
  lua_getfield(L, DEF, "rotate");
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TBOOLEAN)
    context_error(L, 0, "rotate", "boolean expected, got %s", lk_typename(L, -1));
  if (lua_toboolean(L, -1)) n = 3;
  lua_pop(L, 1);
  lua_createtable(L, 3, 0);
  for (i = 0; i < 3; i++) { lua_pushstring(L, defaults[i]); lua_rawseti(L, -2, i + 1); }
  if (present & HAS_FIELDS) {
    int m = 0;
    lua_getfield(L, DEF, "fields");
    if (lua_type(L, -1) == LUA_TTABLE) m = (int)lk_rawlen(L, -1);
    if (m < 2 || m > 3)
      context_error(L, 0, "fields", "{x, y} or {x, y, angle} (2 or 3 field names) expected");
    for (i = 1; i <= m; i++) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) != LUA_TSTRING)
        context_error(L, 0, "fields", "item %d: field name (string) expected, got %s", i,
                      lk_typename(L, -1));
      for (j = 1; j < i; j++) {
        lua_rawgeti(L, -2, j);
        if (lua_rawequal(L, -1, -2))
          context_error(L, 0, "fields", "'%s' named twice", lua_tostring(L, -1));
        lua_pop(L, 1);
      }
      lua_rawseti(L, -3, i);
    }
    lua_pop(L, 1);
    if (m == 3) n = 3;
  }
  lua_pushnil(L);
  lua_rawseti(L, -2, n + 1);                     /* the names it writes: #fields */
  lua_setfield(L, UV, "fields");
  return 1;
}

/* def.color_space (a CSS space name; oklab when absent) and def.hue
   ("shorter" when absent) of colour keyframes, into o and uv.color_space.
   Returns 1. */
static int read_colors(lua_State *L, timeline_options *o) {
  if (o->mode != KN_INTERP_LINEAR)
    context_error(L, 0, "interpolation", "colours interpolate in color_space (linear expected)");
  lua_getfield(L, DEF, "color_space");
  if (!lua_isnil(L, -1)) {
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    o->space = s != NULL ? kn_color_space_find(s, strlen(s)) : -1;
    if (o->space < 0)
      context_error(L, 0, "color_space", "colour space expected (srgb, srgb-linear, display-p3, "
                    "a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65, lab, lch, oklab, "
                    "oklch, hsl, hwb), got %s", quoted(L, -1));
  }
  lua_pop(L, 1);
  o->hue = option(L, "hue", kn_color_hue_name, KN_HUE_SHORTER);
  lua_pushinteger(L, o->space);
  lua_setfield(L, UV, "color_space");
  return 1;
}

/* Each segment's ends of every colour: the premultiplied components of its
   two keyframes in o->space, hue fixed up (kn_color_mix_ends), as the
   segment's prepared endpoints A and B (the linear mode lerps them). */
static void prepare_colors(lua_State *L, kn_timeline *tl, const timeline_options *o) {
  lua_getfield(L, UV, "colors");
  lua_getfield(L, UV, "colorkeys");
  lua_pushnil(L);
  while (lua_next(L, -3) != 0) {
    int j = (int)lua_tointeger(L, -2) - 1, i;
    lua_pop(L, 1);
    lua_rawgeti(L, -2, j + 1);
    for (i = 0; i < tl->nseg; i++) {
      size_t at = (size_t)i * (size_t)tl->ncomp + (size_t)j;
      kn_color a, b;
      lua_rawgeti(L, -1, i + 1);
      lua_rawgeti(L, -2, i + 2);
      (void)lk_tocolor(L, -2, &a);
      (void)lk_tocolor(L, -1, &b);
      kn_color_mix_ends(&a, &b, o->space, o->hue, tl->A + at, tl->B + at);
      lua_pop(L, 2);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

/* def.iterations: a number >= 1 (math.huge included); absent, 1 for
   after = 'stop' and endless for 'restart' and 'reverse'. */
static double read_iterations(lua_State *L, int after) {
  double iterations;
  lua_getfield(L, DEF, "iterations");
  if (lua_isnil(L, -1)) iterations = after == KN_AFTER_STOP ? 1.0 : HUGE_VAL;
  else {
    if (lua_type(L, -1) != LUA_TNUMBER)
      context_error(L, 0, "iterations", "number >= 1 expected, got %s", lk_typename(L, -1));
    iterations = (double)lua_tonumber(L, -1);
    if (!(iterations >= 1.0))        /* NaN too; math.huge is fine */
      context_error(L, 0, "iterations", "number >= 1 expected, got %s", shown(L, -1));
  }
  lua_pop(L, 1);
  return iterations;
}

/* def.delay: a finite number >= 0, 0 when absent. */
static double read_delay(lua_State *L) {
  double delay = 0.0;
  lua_getfield(L, DEF, "delay");
  if (!lua_isnil(L, -1)) {
    delay = finite_at(L, -1, 0, "delay", "");
    if (delay < 0.0)
      context_error(L, 0, "delay", "non-negative number expected, got %s", shown(L, -1));
  }
  lua_pop(L, 1);
  return delay;
}

/* The callbacks of def (functions or absent), stored in the user value;
   returns the kn_tl_event_kind mask of those given. */
static unsigned read_callbacks(lua_State *L) {
  unsigned events = 0;
  int i;
  for (i = 0; i < 3; i++) {
    lua_getfield(L, DEF, callback_names[i]);
    if (!lua_isnil(L, -1)) {
      if (lua_type(L, -1) != LUA_TFUNCTION)
        context_error(L, 0, callback_names[i], "function expected, got %s", lk_typename(L, -1));
      events |= 1u << i;                 /* KN_EV_KEYFRAME, _ITERATION, _COMPLETE */
      lua_setfield(L, UV, callback_names[i]);
    } else {
      lua_pop(L, 1);
    }
  }
  return events;
}

/* The names in def and in each segment that is a table, checked before
   anything else is read; returns the HAS_* bits of the options def has. */
static unsigned check_names(lua_State *L, int nseg) {
  int i;
  unsigned present = lk_checkoptions(L, DEF, DEF, timeline_option_names, nseg,
                                     "segments are the array part (items 1 to n, no holes)");
  for (i = 1; i <= nseg; i++) {
    lua_rawgeti(L, DEF, i);
    if (lua_type(L, -1) == LUA_TTABLE) {
      const char *msg = lk_optionerror(L, lua_gettop(L), segment_field_names, 0, NULL, NULL);
      if (msg != NULL) context_error(L, i, NULL, "%s", msg);
    }
    lua_pop(L, 1);
  }
  return present;
}

/* Every option of def but the segments into *o, in the order errors are
   reported: the shape of def.from (its names go to the user value), the
   size, interpolation, angle_unit, after, pivot, iterations, delay and the
   callbacks; an option def does not have (`present`, from check_names)
   takes its default without a lookup.  Pushes the user value (UV) and
   def.from (FROM). */
static void read_options(lua_State *L, timeline_options *o, unsigned present) {
  lua_createtable(L, 0, 4);                      /* UV */
  lua_getfield(L, DEF, "from");                  /* FROM */
  o->ncomp = 0;
  o->shape = from_shape(L, FROM, UV, &o->ncomp);
  if ((double)o->nseg * (o->ncomp + 4) > MAX_ELEMENTS)
    lk_argerror(L, DEF, "too many segments");
  o->mode = !(present & HAS_INTERPOLATION) ? KN_INTERP_LINEAR
    : option(L, "interpolation", kn_interp_mode_name, KN_INTERP_LINEAR);
  o->unit = !(present & HAS_ANGLE_UNIT) ? KN_UNIT_DEGREES
    : option(L, "angle_unit", kn_timeline_unit_name, KN_UNIT_DEGREES);
  o->after = !(present & HAS_AFTER) ? KN_AFTER_STOP
    : option(L, "after", kn_timeline_after_name, KN_AFTER_STOP);
  o->pivot[0] = o->pivot[1] = 0.0;
  if ((present & HAS_PIVOT) || o->mode == KN_INTERP_POLAR) read_pivot(L, o);
  o->iterations = !(present & HAS_ITERATIONS) ? (o->after == KN_AFTER_STOP ? 1.0 : HUGE_VAL)
    : read_iterations(L, o->after);
  o->delay = !(present & HAS_DELAY) ? 0.0 : read_delay(L);
  o->events = !(present & HAS_CALLBACKS) ? 0 : read_callbacks(L);
  o->mapped = (present & (HAS_PATH | HAS_ROTATE | HAS_FIELDS)) ? read_path(L, o, present) : 0;
  o->space = KN_CS_OKLAB;
  o->hue = KN_HUE_SHORTER;
  lua_getfield(L, UV, "colors");
  if (!lua_isnil(L, -1)) o->mapped = read_colors(L, o);
  else if (present & (HAS_COLOR_SPACE | HAS_HUE))
    context_error(L, 0, (present & HAS_COLOR_SPACE) ? "color_space" : "hue",
                  "only colour keyframes take it");
  lua_pop(L, 1);
}

/* Push the timeline block (TL) for the options, its fields set and, for
   named properties, names_of(tl) pointing at the names in the user value. */
static kn_timeline *new_block(lua_State *L, const timeline_options *o) {
  kn_timeline *tl = (kn_timeline *)lk_newobject(L, block_size(o->nseg, o->ncomp), KN_TIMELINE);
  kn_timeline_layout(tl, o->nseg, o->ncomp);
  tl->mode = o->mode;
  tl->after = o->after;
  tl->iterations = o->iterations;
  tl->delay = o->delay;
  tl->turn = o->unit == KN_UNIT_DEGREES ? 360.0 : 6.283185307179586476925286766559;
  tl->pivot[0] = o->pivot[0];
  tl->pivot[1] = o->pivot[1];
  tl->user = o->shape | (o->events << EVENTS_SHIFT) | (o->mapped ? MAPPED : 0u);
  if (o->shape == SHAPE_NAMED) {
    const char **names = names_of(tl);
    unsigned cnames = CNAMES;
    int i;
    for (i = 0; i < o->ncomp; i++) {
      size_t len;
      lua_rawgeti(L, UV, i + 1);
      names[i] = lua_tolstring(L, -1, &len);
      if (strlen(names[i]) != len) cnames = 0;   /* lua_setfield would cut it */
      lua_pop(L, 1);                             /* UV keeps the string */
    }
    tl->user |= cnames;
  }
  return tl;
}

/* Segment i's duration (the table `seg` at its index): a finite number > 0. */
static double read_duration(lua_State *L, int seg, int i) {
  double d;
  lua_getfield(L, seg, "duration");
  if (lua_type(L, -1) != LUA_TNUMBER)
    context_error(L, i, "duration", "positive number expected, got %s", lk_typename(L, -1));
  d = (double)lua_tonumber(L, -1);
  if (!isfinite(d))
    context_error(L, i, "duration", "finite number expected, got %s", shown(L, -1));
  if (!(d > 0.0))
    context_error(L, i, "duration", "positive number expected, got %s", shown(L, -1));
  lua_pop(L, 1);
  return d;
}

/* Segment i's easing (the table `seg` at its index): absent (linear), an
   easing, a spec string or a Lua function; the easing userdata is kept in
   uv[-i] (in the user value itself: no table of easings to make for every
   timeline). */
static const struct kn_easing *read_easing(lua_State *L, kn_timeline *tl,
                                           int seg, int i) {
  const struct kn_easing *e = NULL;               /* linear: F(x) = x */
  lua_getfield(L, seg, "easing");
  if (lua_type(L, -1) == LUA_TFUNCTION) {
    e = push_lua_easing(L, tl, UV, i);
    lua_rawseti(L, UV, -i);
  } else if (!lua_isnil(L, -1)) {
    e = lk_toeasing(L, seg + 1);
    if (e == NULL && lua_type(L, seg + 1) == LUA_TSTRING)
      context_error(L, i, "easing", "%s", lua_tostring(L, -1));
    if (e == NULL)
      context_error(L, i, "easing", "easing, easing spec string or function expected, got %s",
                    lk_typename(L, seg + 1));
    lua_rawseti(L, UV, -i);
  }
  lua_settop(L, seg);                            /* the easing field */
  return e;
}

/* def[i] into the timeline: its `to` state (shaped as def.from), duration
   and easing. */
static void read_segment(lua_State *L, kn_timeline *tl, unsigned shape, int i) {
  int seg = lua_gettop(L) + 1;
  lua_rawgeti(L, DEF, i);
  if (lua_type(L, seg) != LUA_TTABLE)
    context_error(L, i, NULL, "table { to = ..., duration = ... } expected, got %s",
                  lk_typename(L, seg));
  lua_getfield(L, seg, "to");
  if (lua_isnil(L, -1))
    context_error(L, i, "to", "%s expected, got nil",
                  shape == SHAPE_NUMBER ? "number"
                  : shape == SHAPE_VECTOR ? "array of numbers"
                  : "table of named numbers");
  read_state(L, seg + 1, i, shape, tl->ncomp, FROM, UV,
             tl->keys + (size_t)i * (size_t)tl->ncomp);
  lua_pop(L, 1);
  tl->dur[i - 1] = read_duration(L, seg, i);
  tl->easing[i - 1] = read_easing(L, tl, seg, i);
  lua_pop(L, 1);                                 /* the segment */
}

/* kinetic.timeline(def) -> a kinetic.Timeline: the names, the options,
   then the block, then def.from and every segment, then the totals. */
static int kinetic_timeline(lua_State *L) {
  timeline_options o;
  kn_timeline *tl;
  int i;
  if (lua_type(L, DEF) != LUA_TTABLE)
    return lk_typeerror(L, DEF, "table");
  lua_settop(L, DEF);
  o.nseg = (int)lk_rawlen(L, DEF);
  if (o.nseg == 0)
    return lk_argerror(L, DEF,
      "at least one segment { to = ..., duration = ... } expected, got none");
  read_options(L, &o, check_names(L, o.nseg));
  tl = new_block(L, &o);                         /* TL */
  read_state(L, FROM, 0, o.shape, o.ncomp, FROM, UV, tl->keys);
  for (i = 1; i <= o.nseg; i++) read_segment(L, tl, o.shape, i);
  kn_timeline_finish(tl);
  if (o.mapped && o.shape != SHAPE_NUMBER) prepare_colors(L, tl, &o);
  if (!(tl->duration > 0.0) || !isfinite(tl->duration) ||
      !(tl->total >= 0.0))
    return lk_argerror(L, DEF, "total duration out of range");
  lua_pushvalue(L, UV);
  lk_setuservalue(L, TL);
  lua_settop(L, TL);
  return 1;
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
   at uvi): x, y, angle into xya; returns how many it shows (2, or 3 when
   it rotates). */
static int path_point(lua_State *L, kn_timeline *tl, int uvi, double *xya) {
  int n;
  lua_getfield(L, uvi, "path");
  lua_getfield(L, uvi, "fields");
  n = (int)lk_rawlen(L, -1);
  kn_path_at(lk_topath(L, -2), tl->scratch[0], &xya[0], &xya[1], &xya[2], NULL);
  lua_pop(L, 2);
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
      const char **names = names_of(tl);
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
  if (!(t > -HUGE_VAL && t < HUGE_VAL) || out < 0 || (tl->user & LUA_EASINGS))
    return timeline_at_checked(L);
  kn_timeline_at_hinted(tl, t, tl->scratch);
  return push_state(L, tl, out);
}

/* ---- update: the frame's values, then the callbacks ------------------ */

/* The callbacks tl has, as a kn_tl_event_kind mask. */
static unsigned event_mask(const kn_timeline *tl) {
  return (tl->user >> EVENTS_SHIFT) & EVENTS_MASK;
}

/* The stretch of time one update covers: the clock before and after the
   move, and the clock's generation (kn_timeline.gen) once moved. */
typedef struct tl_move {
  double t0, t1;
  unsigned long gen;
} tl_move;

/* An update's first half, which runs no callback: move the clock of tl
   (at stack index self) by dt (clock + dt checked finite) and compute the
   state there into tl->scratch.  The stretch covered goes to *m. */
static void advance(lua_State *L, kn_timeline *tl, int self, double dt,
                    tl_move *m) {
  m->t0 = tl->clock;
  m->t1 = kn_timeline_seek(tl, m->t0 + dt);
  m->gen = tl->gen;
  timeline_state(L, tl, self, m->t1, "update");
}

/* Whether m's stretch holds an event tl has a callback for. */
static int has_events(const kn_timeline *tl, const tl_move *m) {
  unsigned mask = event_mask(tl);
  kn_tl_cursor cur;
  kn_tl_event ev;
  if (mask == 0 || !(m->t1 > m->t0)) return 0;
  kn_timeline_events(tl, &cur, m->t0, m->t1, mask);
  return kn_timeline_next_event(tl, &cur, &ev);
}

/* An update's second half: run tl's callbacks (tl at stack index self) for
   the events in m's stretch (t0, t1], in time order, as long as the clock
   stays where the move left it.  A callback that moves the clock (seek,
   update, update_timelines) makes the events not yet run stale, and they
   are dropped -- also when the clock moved before the first one. */
static void fire(lua_State *L, kn_timeline *tl, int self, const tl_move *m) {
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
    const char *name = ev.kind == KN_EV_KEYFRAME ? callback_names[0]
                       : ev.kind == KN_EV_ITERATION ? callback_names[1]
                       : callback_names[2];
    lua_getfield(L, uv, name);
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
  tl_move m;
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
static void add_pending(lua_State *L, int self, int pending, const tl_move *m) {
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
  tl_move m;
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
  tl_move m;
  advance(L, tl, self, dt, &m);
  if (has_events(tl, &m)) add_pending(L, self, pending, &m);
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
    { "done", timeline_done }, { NULL, NULL }
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
  lua_pushcfunction(L, kinetic_timeline);
  lua_setfield(L, -2, "timeline");
}
