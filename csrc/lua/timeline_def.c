/*
** timeline_def.c -- kinetic.timeline(def): a definition read and checked
** into a timeline block (ltimeline.h).
**
** The checks that need no Lua value to decide are the core's
** (csrc/core/timeline_def.c); this file reads def, runs them where their
** errors are reported and quotes their reasons.  Errors name the place in
** def: "segment 2, field 'duration': ...", "field 'from': ...".
*/
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "ltimeline.h"
#include "easing.h"
#include "interp.h"
#include "color.h"

#define MAX_ELEMENTS KN_TIMELINE_MAX_ELEMENTS

/* tl->user's shape bits are the core's enum kn_tl_shape. */
typedef char shape_bits_are_the_core_shapes[(SHAPE_NUMBER == KN_TL_NUMBER
  && SHAPE_VECTOR == KN_TL_VECTOR && SHAPE_NAMED == KN_TL_NAMED
  && SHAPE_COLOR == KN_TL_COLOR) ? 1 : -1];

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

/* As shown, a string quoted: what a colour value that is none shows. */
static const char *quoted(lua_State *L, int idx) {
  if (lua_type(L, idx) == LUA_TSTRING) return lua_pushfstring(L, "'%s'", lua_tostring(L, idx));
  return lk_tl_shown(L, idx);
}

/* Raise the failure of a core check (kn_tl_error). */
static int check_error(lua_State *L, const kn_tl_error *e) {
  if (e->seg == 0 && e->field == NULL) return lk_argerror(L, 1, e->why);
  return context_error(L, e->seg, e->field, "%s", e->why);
}

/* The number at idx, of kind `kind` (kn_timeline_check_number), or the
   error "<ctx>: <prefix><reason>, got <the value as shown>". */
static double number_at(lua_State *L, int idx, int seg, const char *field,
                        const char *prefix, int kind) {
  int is_number = lua_type(L, idx) == LUA_TNUMBER;
  double x = is_number ? (double)lua_tonumber(L, idx) : 0.0;
  const char *why = kn_timeline_check_number(kind, is_number, x);
  if (why != NULL)
    context_error(L, seg, field, "%s%s, got %s", prefix, why, lk_tl_shown(L, idx));
  return x;
}

/* Field `key` of the table at t (def, or segment seg's table), a number of
   kind `kind`. */
static double number_field(lua_State *L, int t, int seg, const char *key, int kind) {
  double x;
  lua_getfield(L, t, key);
  x = number_at(L, -1, seg, key, "", kind);
  lua_pop(L, 1);
  return x;
}

/* The error "<ctx>: <what def.from's shape makes a keyframe> expected (as
   'from'), got <got>" for state seg (0: def.from). */
static int shape_error(lua_State *L, int seg, unsigned shape, int ncomp, const char *got) {
  char buf[48];
  return context_error(L, seg, seg == 0 ? "from" : "to", "%s expected (as 'from'), got %s",
                       kn_timeline_shape_name((int)shape, ncomp, 1, buf, sizeof buf), got);
}

/* ---- states ----------------------------------------------------------- */


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
      number_at(L, from, 0, "from", "", KN_TL_FINITE);
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
        shape_error(L, seg, SHAPE_NAMED, ncomp,
                    lua_pushfstring(L, "an array of %d items", (int)lk_rawlen(L, idx)));
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
    dst[j] = number_at(L, -2, seg, field, pre, KN_TL_FINITE);
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
    dst[0] = number_at(L, idx, seg, field, "", KN_TL_FINITE);
    return;
  }
  if (shape == SHAPE_COLOR) {
    if (!color_form(L, idx)) shape_error(L, seg, shape, ncomp, quoted(L, idx));
    color_key(L, uv, 0, seg, idx, dst);
    return;
  }
  if (lua_type(L, idx) != LUA_TTABLE) shape_error(L, seg, shape, ncomp, lk_typename(L, idx));
  if (shape == SHAPE_NAMED) {
    read_named(L, idx, seg, ncomp, from, uv, dst);
    return;
  }
  {
    int len = (int)lk_rawlen(L, idx);
    if (len == 0 && lk_pushtablekind(L, idx) != LK_TABLE_EMPTY)   /* {x = 1} */
      shape_error(L, seg, shape, ncomp, lua_tostring(L, -1));
    if (len != ncomp) shape_error(L, seg, shape, ncomp, lua_pushfstring(L, "%d", len));
  }
  for (j = 0; j < ncomp; j++) {
    const char *pre;
    lua_rawgeti(L, idx, j + 1);
    pre = lua_pushfstring(L, "component %d: ", j + 1);
    dst[j] = number_at(L, -2, seg, field, pre, KN_TL_FINITE);
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

/* Segment i's easing, the Lua function on top (a kn_easing calling it,
   lua_easing.c, run where timeline.c publishes its site): kept in uv.lua_easings[i]
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
  return lk_push_lua_easing(L, lk_tl_slot(tl), i);
}

/* ---- construction ----------------------------------------------------- */

/* The options of def (besides its segments, items 1 to #def) and the
   fields of a segment: any other name is refused. */
static const char *const timeline_option_names[] = {
  "from", "interpolation", "angle_unit", "pivot", "after", "iterations", "delay",
  "on_keyframe", "on_iteration", "on_complete", "path", "rotate", "fields", "color_space",
  "hue", "repeat_delay", "round", NULL
};
/* Bits of the names check_names finds in def (lk_checkoptions). */
enum {
  HAS_INTERPOLATION = 1u << 1, HAS_ANGLE_UNIT = 1u << 2, HAS_PIVOT = 1u << 3,
  HAS_AFTER = 1u << 4, HAS_ITERATIONS = 1u << 5, HAS_DELAY = 1u << 6,
  HAS_CALLBACKS = 7u << 7, HAS_PATH = 1u << 10, HAS_ROTATE = 1u << 11, HAS_FIELDS = 1u << 12,
  HAS_COLOR_SPACE = 1u << 13, HAS_HUE = 1u << 14, HAS_REPEAT_DELAY = 1u << 15,
  HAS_ROUND = 1u << 16
};
static const char *const segment_field_names[] = { "to", "duration", "easing", NULL };

/* Stack of kinetic.timeline(def) while it builds the timeline. */
enum { DEF = 1, UV = 2, FROM = 3, TL = 4 };

/* The options of def, checked: the core's, and the binding's own. */
typedef struct timeline_options {
  kn_tl_options k;
  unsigned events;           /* kn_tl_event_kind mask of the callbacks given */
  int mapped;                /* the values go through a map (MAPPED) */
  int round_kind;            /* LK_ROUND_* */
  kn_round round;            /* a step, or a set (its values in uv.round_set) */
} timeline_options;

/* def.pivot into o->pivot: {x, y} of finite numbers for interpolation =
   'polar' (which needs 2-vector states), and absent otherwise. */
static void read_pivot(lua_State *L, kn_tl_options *o) {
  kn_tl_error e;
  int i;
  lua_getfield(L, DEF, "pivot");
  if (!kn_timeline_check_polar(o, !lua_isnil(L, -1), &e)) check_error(L, &e);
  if (o->mode == KN_INTERP_POLAR) {
    if (lua_type(L, -1) == LUA_TTABLE && lk_rawlen(L, -1) == 0 &&
        lk_pushtablekind(L, -1) == LK_TABLE_NAMED)    /* {x = 0, y = 0} */
      context_error(L, 0, "pivot", "{x, y} expected for 'polar' (an array of 2 numbers), "
                    "got %s", lua_tostring(L, -1));
    if (lua_type(L, -1) != LUA_TTABLE || lk_rawlen(L, -1) != 2)
      context_error(L, 0, "pivot", "{x, y} expected for 'polar', got %s",
                    lk_typename(L, -1));
    for (i = 0; i < 2; i++) {
      lua_rawgeti(L, -1, i + 1);
      o->pivot[i] = number_at(L, -1, 0, "pivot", i == 0 ? "x: " : "y: ", KN_TL_FINITE);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* def.path, rotate and fields: the keyframes are fractions of a path's arc
   length, and the timeline shows the point there: x, y and, with rotate,
   the angle; fields (2 or 3 names, a third implying rotate) names them for
   apply.  uv.path holds the path, uv.fields the names.  Returns 1. */
static int read_path(lua_State *L, const kn_tl_options *o, unsigned present) {
  static const char defaults[3][8] = { "x", "y", "angle" };
  kn_tl_error e;
  int n = 2, i, j;
  lua_getfield(L, DEF, "path");
  if (lk_topath(L, -1) == NULL)
    context_error(L, 0, "path", "%s expected, got %s", KN_PATH, lk_typename(L, -1));
  if (!kn_timeline_check_path(o, &e)) check_error(L, &e);
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
static int read_colors(lua_State *L, kn_tl_options *o) {
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
static void prepare_colors(lua_State *L, kn_timeline *tl, const kn_tl_options *o) {
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

/* def.round (lk_optround), for numbers only (colours: whether the
   keyframes have any): a set's values in the userdata uv.round_set, which
   keeps them for the block's extra, a function kept as uv.round. */
static void read_round(lua_State *L, timeline_options *o, int colors) {
  kn_tl_error e;
  double *set;
  lua_getfield(L, DEF, "round");
  if (!kn_timeline_check_round(&o->k, colors, lua_toboolean(L, -1), &e)) check_error(L, &e);
  lua_pop(L, 1);
  o->round_kind = lk_optround(L, DEF, DEF, &o->round.q, &set, &o->round.nset);
  o->round.set = set;
  if (o->round_kind == LK_ROUND_SET) lua_setfield(L, UV, "round_set");
  else if (o->round_kind == LK_ROUND_FN) lua_setfield(L, UV, "round");
}

/* The callbacks of def (functions or absent), stored in the user value;
   returns the kn_tl_event_kind mask of those given. */
static unsigned read_callbacks(lua_State *L) {
  unsigned events = 0;
  int i;
  const char *name;
  for (i = 0; (name = kn_timeline_callback_name(i)) != NULL; i++) {
    lua_getfield(L, DEF, name);
    if (!lua_isnil(L, -1)) {
      if (lua_type(L, -1) != LUA_TFUNCTION)
        context_error(L, 0, name, "function expected, got %s", lk_typename(L, -1));
      events |= 1u << i;                 /* KN_EV_KEYFRAME, _ITERATION, _COMPLETE */
      lua_setfield(L, UV, name);
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
   size, interpolation, angle_unit, after, pivot, iterations, delay,
   repeat_delay, the callbacks, the path, the colours and round; an option
   def does not have
   (`present`, from check_names) keeps its default without a lookup.
   Pushes the user value (UV) and def.from (FROM). */
static void read_options(lua_State *L, timeline_options *o, unsigned present) {
  kn_tl_options *k = &o->k;
  kn_tl_error e;
  lua_createtable(L, 0, 4);                      /* UV */
  lua_getfield(L, DEF, "from");                  /* FROM */
  k->shape = (int)from_shape(L, FROM, UV, &k->ncomp);
  if (!kn_timeline_check_size(k, &e)) check_error(L, &e);
  if (present & HAS_INTERPOLATION)
    k->mode = option(L, "interpolation", kn_interp_mode_name, k->mode);
  if (present & HAS_ANGLE_UNIT) k->unit = option(L, "angle_unit", kn_timeline_unit_name, k->unit);
  if (present & HAS_AFTER) k->after = option(L, "after", kn_timeline_after_name, k->after);
  if ((present & HAS_PIVOT) || k->mode == KN_INTERP_POLAR) read_pivot(L, k);
  k->iterations = !(present & HAS_ITERATIONS) ? kn_timeline_default_iterations(k->after)
    : number_field(L, DEF, 0, "iterations", KN_TL_ITERATIONS);
  if (present & HAS_DELAY) k->delay = number_field(L, DEF, 0, "delay", KN_TL_DELAY);
  if (present & HAS_REPEAT_DELAY)
    k->repeat_delay = number_field(L, DEF, 0, "repeat_delay", KN_TL_DELAY);
  o->events = !(present & HAS_CALLBACKS) ? 0 : read_callbacks(L);
  o->mapped = (present & (HAS_PATH | HAS_ROTATE | HAS_FIELDS)) ? read_path(L, k, present) : 0;
  lua_getfield(L, UV, "colors");
  if (!kn_timeline_check_colors(k, !lua_isnil(L, -1), (present & HAS_COLOR_SPACE) != 0,
                                (present & HAS_HUE) != 0, &e))
    check_error(L, &e);
  if (!lua_isnil(L, -1)) o->mapped = read_colors(L, k);
  o->round_kind = LK_ROUND_NONE;
  if (present & HAS_ROUND) read_round(L, o, !lua_isnil(L, -1));
  lua_pop(L, 1);
}

/* Push the timeline block (TL) for the options, its fields set and, for
   named properties, kn_timeline_names(tl) pointing at the names in the
   user value. */
static kn_timeline *new_block(lua_State *L, const timeline_options *o) {
  kn_timeline *tl = (kn_timeline *)lk_newobject(L, kn_timeline_size(o->k.nseg, o->k.ncomp),
                                                KN_TIMELINE);
  kn_timeline_init(tl, &o->k);
  kn_timeline_extra(tl)->round = o->round;
  tl->user = (unsigned)o->k.shape | (o->events << EVENTS_SHIFT) | (o->mapped ? MAPPED : 0u)
             | (o->round_kind != LK_ROUND_NONE ? ROUNDED : 0u)
             | (o->round_kind == LK_ROUND_FN ? ROUND_FN : 0u);
  if (o->k.shape == KN_TL_NAMED) {
    const char **names = kn_timeline_names(tl);
    unsigned cnames = CNAMES;
    int i;
    for (i = 0; i < o->k.ncomp; i++) {
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
  char buf[48];
  lua_rawgeti(L, DEF, i);
  if (lua_type(L, seg) != LUA_TTABLE)
    context_error(L, i, NULL, "table { to = ..., duration = ... } expected, got %s",
                  lk_typename(L, seg));
  lua_getfield(L, seg, "to");
  if (lua_isnil(L, -1))
    context_error(L, i, "to", "%s expected, got nil",
                  kn_timeline_shape_name((int)shape, tl->ncomp, 0, buf, sizeof buf));
  read_state(L, seg + 1, i, shape, tl->ncomp, FROM, UV,
             tl->keys + (size_t)i * (size_t)tl->ncomp);
  lua_pop(L, 1);
  tl->dur[i - 1] = number_field(L, seg, i, "duration", KN_TL_DURATION);
  tl->easing[i - 1] = read_easing(L, tl, seg, i);
  lua_pop(L, 1);                                 /* the segment */
}

/* kinetic.timeline(def) -> a kinetic.Timeline: the names, the options,
   then the block, then def.from and every segment, then the totals. */
int lk_timeline_new(lua_State *L) {
  timeline_options o;
  kn_timeline *tl;
  int i, nseg;
  if (lua_type(L, DEF) != LUA_TTABLE)
    return lk_typeerror(L, DEF, "table");
  lua_settop(L, DEF);
  nseg = (int)lk_rawlen(L, DEF);
  if (nseg == 0)
    return lk_argerror(L, DEF,
      "at least one segment { to = ..., duration = ... } expected, got none");
  kn_timeline_options_init(&o.k, nseg);
  o.round.q = 0.0;
  o.round.set = NULL;
  o.round.nset = 0;
  read_options(L, &o, check_names(L, nseg));
  tl = new_block(L, &o);                         /* TL */
  read_state(L, FROM, 0, (unsigned)o.k.shape, o.k.ncomp, FROM, UV, tl->keys);
  for (i = 1; i <= nseg; i++) read_segment(L, tl, (unsigned)o.k.shape, i);
  if (!kn_timeline_finish(tl))
    return lk_argerror(L, DEF, "total duration out of range");
  if (o.mapped && o.k.shape != KN_TL_NUMBER) prepare_colors(L, tl, &o.k);
  lua_pushvalue(L, UV);
  lk_setuservalue(L, TL);
  lua_settop(L, TL);
  return 1;
}

