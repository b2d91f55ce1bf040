/*
** anim_make.c -- making an animator's animations: anim:to, anim:from,
** anim:spring (which retargets a spring already driving the fields),
** anim:fling and anim:sequence, and the children a:to / a:from add to a
** sequence.  Every argument and option is checked before anything is made;
** the nodes and channels go into the core's store (csrc/core/animator.h),
** their objects, field names and callbacks into the animator's user value.
*/
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lanimator.h"
#include "fling.h"
#include "path.h"
#include "color.h"
#include "easing.h"
#include "spring.h"
#include "timeline.h"

/* ---- making animations ------------------------------------------------------ */

/* A new node with its handle (a kinetic.Sequence when sequence, else a
   kinetic.Animation) stored. */
static int new_node(lk_frame *F, int kind, int sequence) {
  lua_State *L = F->L;
  int id = kn_anim_node_new(&F->P->A, kind);
  lk_handle *h;
  if (id < 0) luaL_error(L, "not enough memory");
  F->P->A.starts_due = 1;                    /* the next frame starts it first */
  lua_rawgeti(L, F->uv, UV_HANDLES);
  h = (lk_handle *)lk_newuserdata(L, sizeof(lk_handle));
  memset(h, 0, sizeof *h);
  lua_rawgeti(L, F->uv, sequence ? UV_META_SEQUENCE : UV_META_ANIMATION);
  lua_setmetatable(L, -2);
  h->node = id;
  h->gen = F->P->A.nodes[id].gen;
  h->kind = kind;
  lua_pushvalue(L, F->uv);
  lk_setuservalue(L, -2);
  lua_rawseti(L, -2, id + 1);
  lua_pop(L, 1);
  return id;
}

/* The target at idx is a list of targets: its item 1 is a table or a
   full userdata. */
static int is_list(lua_State *L, int idx) {
  int t;
  if (lua_type(L, idx) != LUA_TTABLE) return 0;
  lua_rawgeti(L, idx, 1);
  t = lua_type(L, -1);
  lua_pop(L, 1);
  return t == LUA_TTABLE || t == LUA_TUSERDATA;
}

void lk_anim_check_target(lua_State *L, int idx, int arg, int item) {
  int t = lua_type(L, idx);
  if (t == LUA_TTABLE || t == LUA_TUSERDATA) return;
  if (item == 0) lk_typeerror(L, arg, "table or userdata");
  lk_argerror(L, arg, lua_pushfstring(L, "item %d: table or userdata expected, got %s",
                                      item, lk_typename(L, idx)));
}

/* The targets at arg: 0 for one target, else the length of the list, each
   item checked. */
static int check_targets(lua_State *L, int arg) {
  int n, i;
  lk_anim_check_target(L, arg, arg, 0);
  if (!is_list(L, arg)) return 0;
  n = (int)lk_rawlen(L, arg);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, arg, i);
    lk_anim_check_target(L, -1, arg, i);
    lua_pop(L, 1);
  }
  return n;
}

/* A relative value "+=n" / "-=n" at idx into *x; 0 when it is not one. */
static int relative_value(lua_State *L, int idx, double *x) {
  size_t len;
  const char *s = lua_tolstring(L, idx, &len);
  int ok;
  if (len < 3 || (s[0] != '+' && s[0] != '-') || s[1] != '=') return 0;
  lua_pushlstring(L, s + 2, len - 2);
  ok = lua_isnumber(L, -1) && s[2] != ' ' && isfinite((double)lua_tonumber(L, -1));
  *x = ok ? (double)lua_tonumber(L, -1) : 0.0;
  if (s[0] == '-') *x = -*x;
  lua_pop(L, 1);
  return ok;
}

/* What check_value allows besides numbers and arrays, and what it found. */
#define ALLOW_RELATIVE 1
#define ALLOW_PATH     2
#define ALLOW_COLOR    4
#define VALUE_PATH     (-1)
#define VALUE_COLOR    (-2)

/* Check the value of field `key` (on top, the key below it) of the values
   table at argument arg; returns its number of items (0: a number), or
   VALUE_PATH or VALUE_COLOR.  `allow`: ALLOW_* bits (a path is refused
   by name). */
static int check_value(lua_State *L, int arg, int allow) {
  double x;
  int t = lua_type(L, -1), n, i;
  if (lua_type(L, -2) != LUA_TSTRING)
    return lk_argerror(L, arg, lua_pushfstring(L,
      "field names (strings) expected, got a key of type %s", lk_typename(L, -2)));
  if (t == LUA_TNUMBER && isfinite((double)lua_tonumber(L, -1))) return 0;
  if (t == LUA_TUSERDATA && lk_topath(L, -1) != NULL) {
    if (allow & ALLOW_PATH) return VALUE_PATH;
    return lk_argerror(L, arg, lua_pushfstring(L,
      "field '%s': a path is followed by a tween (anim:to), not a spring", lua_tostring(L, -2)));
  }

  if (t == LUA_TSTRING && (allow & ALLOW_RELATIVE) && relative_value(L, -1, &x)) return 0;
  if ((t == LUA_TSTRING || t == LUA_TUSERDATA) && (allow & ALLOW_COLOR) &&
      lk_anim_color_value(L, -1))
    return VALUE_COLOR;
  if (t == LUA_TTABLE && (n = (int)lk_rawlen(L, -1)) > 0) {
    for (i = 1; i <= n; i++) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
        return lk_argerror(L, arg, lua_pushfstring(L,
          "field '%s': item %d: finite number expected, got %s", lua_tostring(L, -3), i,
          lk_typename(L, -1)));
      lua_pop(L, 1);
    }
    return n;
  }
  return lk_argerror(L, arg, lua_pushfstring(L,
    "field '%s': number, array of numbers%s or '+=n' / '-=n' expected, got %s%s%s",
    lua_tostring(L, -2), (allow & ALLOW_COLOR) ? ", colour" : "", t == LUA_TSTRING ? "'" : "",
    t == LUA_TSTRING ? lua_tostring(L, -1) : lk_typename(L, -1), t == LUA_TSTRING ? "'" : ""));
}

/* The fields of a values table of at most STASH_MAX numbers, as checked:
   their names on the stack from base on, in lua_next's order, their
   numbers in x; n = -1 when the table holds anything else (or more). */
#define STASH_MAX 8
typedef struct value_stash {
  int base, n;
  double x[STASH_MAX];
} value_stash;

/* Check the values table at arg; returns how many paths it holds, and
   in *colors how many colours.  vs (NULL: none) gets the stash of its
   fields when they are all numbers. */
static int check_values(lua_State *L, int arg, int tween, int *colors, value_stash *vs) {
  int any = 0, paths = 0, keep;
  *colors = 0;
  if (lua_type(L, arg) != LUA_TTABLE) lk_typeerror(L, arg, "table of values");
  if (vs != NULL) {
    luaL_checkstack(L, STASH_MAX + 2, "values");
    vs->base = lua_gettop(L) + 1;
    vs->n = 0;
  }
  lua_pushnil(L);
  while (lua_next(L, arg)) {
    keep = 0;
    switch (check_value(L, arg, ALLOW_RELATIVE | ALLOW_COLOR | (tween ? ALLOW_PATH : 0))) {
      case VALUE_PATH: paths++; break;
      case VALUE_COLOR: (*colors)++; break;
      default: keep = lua_type(L, -1) == LUA_TNUMBER; break;
    }
    any = 1;
    if (vs != NULL && vs->n >= 0) {
      if (keep && vs->n < STASH_MAX) vs->x[vs->n++] = (double)lua_tonumber(L, -1);
      else vs->n = -1;
    }
    lua_pop(L, 1);
    if (vs != NULL && vs->n > 0) lua_pushvalue(L, -1);   /* the name stays */
  }
  if (!any) lk_argerror(L, arg, "table of values expected, got an empty table");
  return paths;
}

/* Interned id of the field name at stack index k (interned now if it is
   new); ids: the stack index of the user value's UV_KEYIDS table.  Both
   indices absolute. */
static int key_id(lk_frame *F, int ids, int k) {
  lua_State *L = F->L;
  int id;
  lua_pushvalue(L, k);
  lua_rawget(L, ids);
  id = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (id == 0) {
    id = ++F->P->nkeys;
    lua_pushvalue(L, k);
    lua_pushinteger(L, (lua_Integer)id);
    lua_rawset(L, ids);
    lua_rawgeti(L, F->uv, UV_KEYNAMES);
    lua_pushvalue(L, k);
    lua_rawseti(L, -2, id);
    lua_pop(L, 1);
  }
  return id;
}

/* What the options say of values that are not numbers: the fields a path
   writes (x, y and, when it rotates, the angle) and the space and hue
   mode colours are interpolated in. */
typedef struct value_opts {
  const char *name[3];
  int n;
  int space, hue;      /* enum kn_color_space, enum kn_color_hue */
} value_opts;

/* The channels of the path on top, one per field of pf, for object tidx;
   each keeps the path in its UV_VALUES slot. */
static void add_path_channels(lk_frame *F, int node, int tidx, int ids, unsigned flags,
                              const value_opts *pf) {
  lua_State *L = F->L;
  const kn_path *path = lk_topath(L, -1);
  int i;
  for (i = 0; i < pf->n; i++) {
    int key, c;
    lua_pushstring(L, pf->name[i]);
    key = key_id(F, ids, lua_gettop(L));
    c = kn_anim_chan_new(&F->P->A, node, lua_topointer(L, tidx), key, 0);
    if (c < 0) luaL_error(L, "not enough memory");
    F->P->A.chans[c].flags = flags;
    F->P->A.chans[c].path = path;
    F->P->A.chans[c].part = i;
    lua_pushvalue(L, tidx); lua_rawseti(L, F->targets, c + 1);
    lua_rawseti(L, F->keys, c + 1);
    lua_rawgeti(L, F->uv, UV_VALUES);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, c + 1);
    lua_pop(L, 1);
  }
}

/* The channels of node for the object at tidx and the (checked) values at
   vidx; flags for every channel (KN_CH_FROM); vo says what paths and
   colours do (NULL: the values are numbers). */
static void add_channels(lk_frame *F, int node, int tidx, int vidx, unsigned flags,
                         const value_opts *vo) {
  lua_State *L = F->L;
  const void *object = lua_topointer(L, tidx);
  int ids;
  lua_rawgeti(L, F->uv, UV_KEYIDS);
  ids = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, vidx)) {
    int n = lua_type(L, -1) == LUA_TTABLE ? (int)lk_rawlen(L, -1) : 0, i, c, key;
    double x;
    kn_chan *ch;
    if (vo != NULL && lk_topath(L, -1) != NULL) {
      add_path_channels(F, node, tidx, ids, flags, vo);
      lua_pop(L, 1);
      continue;
    }
    if (vo != NULL && lua_type(L, -1) != LUA_TNUMBER && lua_type(L, -1) != LUA_TTABLE &&
        !relative_value(L, -1, &x))
      n = 4;                                   /* a colour */
    key = key_id(F, ids, lua_gettop(L) - 1);
    c = kn_anim_chan_new(&F->P->A, node, object, key, n);
    if (c < 0) luaL_error(L, "not enough memory");
    ch = &F->P->A.chans[c];
    ch->flags = flags;
    if (vo != NULL && n == 4 && lua_type(L, -1) != LUA_TTABLE) {
      lk_anim_color_chan(F, c, -1, vo->space, vo->hue);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
      (void)relative_value(L, -1, &ch->given[0]);
      ch->flags |= KN_CH_RELATIVE;
    } else if (n == 0) {
      ch->given[0] = (double)lua_tonumber(L, -1);
    } else {
      for (i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        ch->given[i] = (double)lua_tonumber(L, -1);
        lua_pop(L, 1);
      }
    }
    lua_pushvalue(L, tidx); lua_rawseti(L, F->targets, c + 1);
    lua_pushvalue(L, -2); lua_rawseti(L, F->keys, c + 1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* The channels of node for the object at tidx and the numbers of vs;
   flags for every channel. */
static void add_stashed_channels(lk_frame *F, int node, int tidx, unsigned flags,
                                 const value_stash *vs) {
  lua_State *L = F->L;
  const void *object = lua_topointer(L, tidx);
  int ids, i, c, key;
  lua_rawgeti(L, F->uv, UV_KEYIDS);
  ids = lua_gettop(L);
  for (i = 0; i < vs->n; i++) {
    key = key_id(F, ids, vs->base + i);
    c = kn_anim_chan_new(&F->P->A, node, object, key, 0);
    if (c < 0) luaL_error(L, "not enough memory");
    F->P->A.chans[c].flags = flags;
    F->P->A.chans[c].given[0] = vs->x[i];
    lua_pushvalue(L, tidx); lua_rawseti(L, F->targets, c + 1);
    lua_pushvalue(L, vs->base + i); lua_rawseti(L, F->keys, c + 1);
  }
  lua_pop(L, 1);
}

/* ---- options ------------------------------------------------------------------ */

typedef struct anim_opts {
  int t;                 /* the options table (absolute), 0: none */
  int arg;               /* its argument number */
  unsigned present;      /* lk_checkoptions' bits */
  unsigned has;          /* the OPT_* bits of the names present */
  int meta;              /* the table has a metatable: every option is read */
  double delay, iterations;
  int after;
  int easing;            /* stack index of the easing, 0: outQuad */
  const kn_easing *ease; /* that easing, NULL for a Lua function */
  int ez;                /* stack index of opts.easing as scanned, 0: not */
  int given;             /* stack index of the easing option's value */
  int kset;              /* stack index of the table of kept easings, 0 */
  int kept;              /* the easing is in that set */
  int cb[4];             /* on_start, on_update, on_complete, on_repeat; 0: none */
  double gap;            /* repeat_delay */
  int yoyo;              /* stack index of the yoyo easing (userdata), 0: none */
  int sfrom;             /* stagger origin, KN_STAGGER_* */
  double sindex, stotal;
  int seach;             /* each given (total = each (n - 1)) */
  int sease;             /* stack index of the stagger's easing, 0: linear */
  value_opts values;     /* what paths and colours do */
  int rkind;             /* round: LK_ROUND_* */
  double rq;             /* its step */
  const double *rset;    /* its set (a userdata on the stack), rn items */
  int rn;
  int rfn;               /* stack index of its function */
} anim_opts;

/* Whether the options give `key`: a field that is not nil. */
static int field_present(lua_State *L, const anim_opts *o, const char *key) {
  int p;
  if (o->t == 0) return 0;
  lua_getfield(L, o->t, key);
  p = !lua_isnil(L, -1);
  lua_pop(L, 1);
  return p;
}

/* Whether the options give option k (OPT_*).  A table without a
   metatable gives what lk_checkoptions found in it; one with a metatable
   is asked, as an __index may give any. */
static int opt_present(lua_State *L, const anim_opts *o, int k) {
  if (o->meta) return field_present(L, o, kn_anim_opt_names[k]);
  return (int)((o->has >> k) & 1u);
}

/* Whether option k is to be read: present, or perhaps given by an
   __index (the reading then finds nil when it is not). */
static int opt_maybe(const anim_opts *o, int k) {
  return o->meta || ((o->has >> k) & 1u);
}

/* lk_checkoptions(L, o->t, o->arg, kn_anim_tween_options, 0, NULL) in one pass
   that also leaves the value of the easing option on the stack, at o->ez
   (nil when absent).  A key that is not a tween's option name (the
   first KN_OPT_VELOCITY of kn_anim_opt_names, compared as lk_checkoptions does: all
   its bytes) has lk_checkoptions raise its error. */
static unsigned scan_tween_options(lua_State *L, anim_opts *o) {
  unsigned seen = 0;
  lua_pushnil(L);
  o->ez = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, o->t)) {
    int k = KN_OPT_VELOCITY;
    if (lua_type(L, -2) == LUA_TSTRING) {
      size_t len, i;
      const char *s = lua_tolstring(L, -2, &len);
      for (k = 0; k < KN_OPT_VELOCITY; k++) {
        for (i = 0; i < len && kn_anim_opt_names[k][i] == s[i]; i++) {}
        if (i == len && kn_anim_opt_names[k][i] == '\0') break;
      }
    }
    if (k == KN_OPT_VELOCITY) {
      lua_settop(L, o->ez);
      o->ez = 0;
      return lk_checkoptions(L, o->t, o->arg, kn_anim_tween_options, 0, NULL);
    }
    seen |= 1u << k;
    if (k == KN_OPT_EASING) lua_replace(L, o->ez);
    else lua_pop(L, 1);
  }
  return seen;
}

static void read_after(lua_State *L, anim_opts *o) {
  if (opt_maybe(o, KN_OPT_AFTER)) lua_getfield(L, o->t, "after");
  else lua_pushnil(L);
  if (!lua_isnil(L, -1))
    o->after = lk_checkname(L, o->arg, "after", kn_timeline_after_name,
                            KN_NAMES_ONEOF | KN_NAMES_QUOTED);
  lua_pop(L, 1);
  o->iterations = o->after == KN_AFTER_STOP ? 1.0 : HUGE_VAL;
  if (!opt_maybe(o, KN_OPT_ITERATIONS)) return;
  lua_getfield(L, o->t, "iterations");
  if (lua_type(L, -1) == LUA_TNUMBER) {
    double x = (double)lua_tonumber(L, -1);
    if (!(x >= 1.0)) lk_fieldrangeerror(L, o->arg, "iterations", "number >= 1", x);
    o->iterations = x;
  } else if (!lua_isnil(L, -1)) {
    lk_fielderror(L, o->arg, "iterations", lua_pushfstring(L, "number expected, got %s",
                                                           lk_typename(L, -1)));
  }
  lua_pop(L, 1);
}

/* stagger = s or { each = s | amount = s, from = ..., easing = spec }
   for n targets. */
static void read_stagger(lua_State *L, anim_opts *o, int n) {
  int s;
  lua_getfield(L, o->t, "stagger");
  s = lua_gettop(L);
  o->seach = 1;
  if (lua_type(L, s) == LUA_TNUMBER) {
    o->stotal = lk_optfieldnonneg(L, o->t, o->arg, "stagger", 0.0);
  } else if (lua_type(L, s) == LUA_TTABLE) {
    unsigned p = lk_checkoptions(L, s, o->arg, kn_anim_stagger_options, 0, NULL);
    if ((p & 3u) == 3u) lk_fielderror(L, o->arg, "stagger", "'each' or 'amount' expected, not both");
    o->seach = !(p & 2u);
    o->stotal = lk_optfieldnonneg(L, s, o->arg, o->seach ? "each" : "amount", 0.0);
    lua_getfield(L, s, "from");
    if (lua_type(L, -1) == LUA_TSTRING) {
      const char *f = lua_tostring(L, -1);
      int i = kn_stagger_from_find(f);
      if (i < 0)
        lk_fielderror(L, o->arg, "stagger", lua_pushfstring(L,
          "field 'from': one of 'start', 'center', 'end', 'edges', 'random' or an index expected, got '%s'", f));
      o->sfrom = i;
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
      double x = (double)lua_tonumber(L, -1);
      if (!(x >= 1 && x <= (n > 0 ? n : 1) && x == floor(x)))
        lk_fielderror(L, o->arg, "stagger", lua_pushfstring(L,
          "field 'from': index in [1, %d] expected, got %s", n > 0 ? n : 1, lk_pushnumstr(L, x)));
      o->sfrom = KN_STAGGER_INDEX;
      o->sindex = x;
    } else if (!lua_isnil(L, -1)) {
      lk_fielderror(L, o->arg, "stagger", lua_pushfstring(L,
        "field 'from': string or index expected, got %s", lk_typename(L, -1)));
    }
    lua_pop(L, 1);
    lua_getfield(L, s, "easing");
    if (!lua_isnil(L, -1)) {
      if (lk_toeasing(L, -1) == NULL)
        lk_fielderror(L, o->arg, "stagger", lua_pushfstring(L, "field 'easing': %s",
                                                           lua_tostring(L, -1)));
      o->sease = lua_gettop(L);   /* kept on the stack while building */
      return;
    }
  } else if (!lua_isnil(L, s)) {
    lk_fielderror(L, o->arg, "stagger", lua_pushfstring(L,
      "number or table expected, got %s", lk_typename(L, s)));
  }
}

/* rotate = true and fields = {x, y [, angle]}: the names a path writes
   (x, y, and angle when it rotates; a third name implies rotate).  The
   names stay alive in the options table, on the stack. */
static void read_path_fields(lua_State *L, anim_opts *o) {
  int i, j, n = 0;
  if (opt_maybe(o, KN_OPT_ROTATE) && lk_optfieldbool(L, o->t, o->arg, "rotate", 0)) o->values.n = 3;
  if (!opt_present(L, o, KN_OPT_FIELDS)) return;
  lua_getfield(L, o->t, "fields");
  if (lua_type(L, -1) == LUA_TTABLE) n = (int)lk_rawlen(L, -1);
  if (n < 2 || n > 3)
    lk_fielderror(L, o->arg, "fields", "{x, y} or {x, y, angle} (2 or 3 field names) expected");
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, -1, i + 1);
    if (lua_type(L, -1) != LUA_TSTRING)
      lk_fielderror(L, o->arg, "fields", lua_pushfstring(L, "item %d: field name (string) "
                                                         "expected, got %s", i + 1,
                                                         lk_typename(L, -1)));
    o->values.name[i] = lua_tostring(L, -1);
    lua_pop(L, 1);
    for (j = 0; j < i; j++)
      if (strcmp(o->values.name[j], o->values.name[i]) == 0)
        lk_fielderror(L, o->arg, "fields", lua_pushfstring(L, "'%s' named twice",
                                                           o->values.name[i]));
  }
  lua_pop(L, 1);
  if (n == 3) o->values.n = 3;
}

/* color_space (a CSS space name) and hue ("shorter" ...): how colour
   values interpolate; oklab and shorter when absent. */
static void read_color_opts(lua_State *L, anim_opts *o) {
  const char *s;
  if (opt_maybe(o, KN_OPT_COLOR_SPACE)) lua_getfield(L, o->t, "color_space");
  else lua_pushnil(L);
  if (!lua_isnil(L, -1)) {
    s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    o->values.space = s != NULL ? kn_color_space_find(s, strlen(s)) : -1;
    if (o->values.space < 0)
      lk_fielderror(L, o->arg, "color_space", lua_pushfstring(L,
        "colour space expected (srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, "
        "xyz, xyz-d50, xyz-d65, lab, lch, oklab, oklch, hsl, hwb), got %s%s%s",
        s ? "'" : "", s ? s : lk_typename(L, -1), s ? "'" : ""));
  }
  if (opt_maybe(o, KN_OPT_HUE)) lua_getfield(L, o->t, "hue");
  else lua_pushnil(L);
  if (!lua_isnil(L, -1))
    o->values.hue = lk_checkname(L, o->arg, "hue", kn_color_hue_name,
                                 KN_NAMES_ONEOF | KN_NAMES_QUOTED);
  lua_pop(L, 2);
}

/* color_space and hue only with a colour value. */
static void check_color_opts(lua_State *L, int colors, const anim_opts *o) {
  if (colors == 0 && (opt_present(L, o, KN_OPT_COLOR_SPACE) || opt_present(L, o, KN_OPT_HUE)))
    lk_fielderror(L, o->arg, opt_present(L, o, KN_OPT_COLOR_SPACE) ? "color_space" : "hue",
                  "only a colour value takes it");
}

/* A values table at vidx with `paths` paths: at most one, its fields not
   given values of their own; rotate and fields only with a path. */
static void check_path_fields(lua_State *L, int vidx, int paths, const anim_opts *o) {
  int i;
  if (paths > 1)
    lk_argerror(L, vidx, lua_pushfstring(L, "one path per animation expected, got %d", paths));
  if (paths == 0) {
    if (opt_present(L, o, KN_OPT_ROTATE) || opt_present(L, o, KN_OPT_FIELDS))
      lk_fielderror(L, o->arg, opt_present(L, o, KN_OPT_FIELDS) ? "fields" : "rotate",
                    "only a path value takes it");
    return;
  }
  for (i = 0; i < o->values.n; i++) {
    lua_getfield(L, vidx, o->values.name[i]);
    if (!lua_isnil(L, -1) && lk_topath(L, -1) == NULL)
      lk_argerror(L, vidx, lua_pushfstring(L, "field '%s' is written by the path; give it "
                                           "no value of its own", o->values.name[i]));
    lua_pop(L, 1);
  }
}

/* Whether the list known has the option name. */
static int known_name(const char *const *known, const char *name) {
  int i;
  for (i = 0; known[i] != NULL; i++)
    if (strcmp(known[i], name) == 0) return 1;
  return 0;
}

/* yoyo_ease = spec | true, with after = "reverse" and one target: the
   easing of the reverse passes (true: the tween's own, set with it). */
static void read_yoyo(lua_State *L, anim_opts *o, int n) {
  lua_getfield(L, o->t, "yoyo_ease");
  if (lua_isnil(L, -1) || (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1))) {
    lua_pop(L, 1);
    return;
  }
  if (o->after != KN_AFTER_REVERSE)
    lk_fielderror(L, o->arg, "yoyo_ease", "only after = 'reverse' takes it");
  if (n > 0) lk_fielderror(L, o->arg, "yoyo_ease", "a list of targets does not take it");
  if (lua_type(L, -1) == LUA_TBOOLEAN) {      /* true: the forward easing */
    o->yoyo = -1;
    return;
  }
  if (lua_type(L, -1) == LUA_TFUNCTION || lk_toeasing(L, -1) == NULL)
    lk_fielderror(L, o->arg, "yoyo_ease", lua_type(L, -1) == LUA_TFUNCTION
                  ? "an easing spec or true expected, got function" : lua_tostring(L, -1));
  o->yoyo = lua_gettop(L);
}

/* Read and check the options at argument arg (nil, none or a table) with
   the names `known`; n targets (0: one).  Leaves values it needs on the
   stack (the caller's stack top grows).  Only the options present are
   read (all of them from a table with a metatable), their checks in a
   fixed order (a tween's easing's last, by read_easing), so the first
   error is the one raised whatever else is wrong. */
static void read_opts(lua_State *L, int arg, const char *const *known, int n,
                      anim_opts *o) {
  int i;
  static const char *const path_defaults[3] = { "x", "y", "angle" };
  memset(o, 0, sizeof *o);
  o->arg = arg;
  o->iterations = 1.0;
  for (i = 0; i < 3; i++) o->values.name[i] = path_defaults[i];
  o->values.n = 2;
  o->values.space = KN_CS_OKLAB;
  o->values.hue = KN_HUE_SHORTER;
  if (lua_isnoneornil(L, arg)) return;
  if (lua_type(L, arg) != LUA_TTABLE) lk_typeerror(L, arg, "table of options");
  o->t = lk_absindex(L, arg);
  o->present = known == kn_anim_tween_options ? scan_tween_options(L, o)
                                      : lk_checkoptions(L, o->t, arg, known, 0, NULL);
  o->has = kn_anim_opt_bits(known, o->present);
  if (lua_getmetatable(L, o->t)) {
    lua_pop(L, 1);
    o->meta = 1;
    o->ez = 0;
  } else if (o->has == 0) {
    return;
  }
  if (opt_maybe(o, KN_OPT_DELAY)) o->delay = lk_optfieldnonneg(L, o->t, arg, "delay", 0.0);
  if (known == kn_anim_tween_options || opt_present(L, o, KN_OPT_AFTER) ||
      opt_present(L, o, KN_OPT_ITERATIONS))
    read_after(L, o);
  if (known_name(known, "repeat_delay") && opt_maybe(o, KN_OPT_REPEAT_DELAY))
    o->gap = lk_optfieldnonneg(L, o->t, arg, "repeat_delay", 0.0);
  for (i = 0; i < 4; i++) {
    int k = i < 3 ? KN_OPT_ON_START + i : KN_OPT_ON_REPEAT;
    if (i == 3 && !known_name(known, "on_repeat")) continue;
    if (!opt_maybe(o, k)) continue;
    lua_getfield(L, o->t, kn_anim_opt_names[k]);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); continue; }
    if (lua_type(L, -1) != LUA_TFUNCTION)
      lk_fielderror(L, arg, kn_anim_opt_names[k], lua_pushfstring(L,
                    "function expected, got %s", lk_typename(L, -1)));
    o->cb[i] = lua_gettop(L);
  }
  if (opt_present(L, o, KN_OPT_STAGGER)) read_stagger(L, o, n);
  if (known == kn_anim_tween_options) read_path_fields(L, o);
  read_color_opts(L, o);
  if (known_name(known, "round") && opt_maybe(o, KN_OPT_ROUND)) {
    double *set;
    o->rkind = lk_optround(L, o->t, arg, &o->rq, &set, &o->rn);
    o->rset = set;
    if (o->rkind == LK_ROUND_SET || o->rkind == LK_ROUND_FN) o->rfn = lua_gettop(L);
  }
  if (known == kn_anim_tween_options && opt_maybe(o, KN_OPT_YOYO_EASE)) read_yoyo(L, o, n);
}

/* round with a colour value: refused. */
static void check_round_colors(lua_State *L, int colors, const anim_opts *o) {
  if (colors > 0 && o->rkind != LK_ROUND_NONE)
    lk_fielderror(L, o->arg, "round", "a colour value is not rounded");
}

/* Node's rounding from the options: a step or a set in the core, a
   function kept in its extras for the writes (KN_AN_LUA_ROUND). */
static void apply_round(lk_frame *F, int node, const anim_opts *o) {
  lua_State *L = F->L;
  if (o->rkind == LK_ROUND_FN) {
    lk_anim_need_extras(F, node);
    lua_pushvalue(L, o->rfn);
    lua_setfield(L, -2, "round");
    lua_pop(L, 1);
    (void)kn_anim_set_round(&F->P->A, node, 0.0, NULL, 0);
    F->P->A.nodes[node].user |= KN_AN_LUA_ROUND;
  } else if (o->rkind != LK_ROUND_NONE) {
    if (!kn_anim_set_round(&F->P->A, node, o->rq, o->rset, o->rn))
      luaL_error(L, "not enough memory");
    F->P->A.nodes[node].user &= ~KN_AN_LUA_ROUND;
  }
}

static void apply_callbacks(lk_frame *F, int node, const anim_opts *o) {
  static const char *const cbs[4] = { "on_start", "on_update", "on_complete", "on_repeat" };
  int i;
  for (i = 0; i < 4; i++)
    if (o->cb[i]) lk_anim_set_callback(F, node, cbs[i], o->cb[i], 1);
}

/* The repeat delay and the yoyo easing of a tween or a sequence node. */
static void apply_repeat(lk_frame *F, int node, const anim_opts *o) {
  kn_node *nd = &F->P->A.nodes[node];
  if (o->gap > 0.0) kn_span_set_gap(&nd->span, o->gap);
  if (o->yoyo == 0) return;
  if (o->yoyo > 0) {                         /* kept alive by the node's extras */
    lk_anim_need_extras(F, node);
    lua_pushvalue(F->L, o->yoyo);
    lua_setfield(F->L, -2, "yoyo");
    lua_pop(F->L, 1);
  }
  nd = &F->P->A.nodes[node];
  nd->yoyo = o->yoyo > 0 ? lk_toeasing(F->L, o->yoyo) : nd->easing;
  if (o->yoyo > 0) lua_pop(F->L, 1);
  nd->user |= KN_AN_YOYO;
}

/* The stagger delays of n targets into out[n]. */
static void stagger_delays(lk_frame *F, const anim_opts *o, int n, double *out) {
  lua_State *L = F->L;
  int *p = NULL;
  double total = o->seach ? o->stotal * (n - 1) : o->stotal;
  const kn_easing *e = NULL;
  if (o->sease) {          /* the value stays at o->sease: e stays valid */
    e = lk_toeasing(L, o->sease);
    lua_pop(L, 1);
  }
  if (o->sfrom == KN_STAGGER_RANDOM) {
    p = (int *)lua_newuserdata(L, (size_t)n * sizeof(int));
    kn_anim_shuffle(&F->P->rng, n, p);
  }
  kn_stagger(n, o->sfrom, o->sindex, total, e, p, out);
  if (p != NULL) lua_pop(L, 1);
}

/* ---- tweens, springs, sequences -------------------------------------------- */

/* A group of n children, one per item of the list at tidx, made by
   make(F, child, item index on the stack), placed at the stagger delays. */
static int make_group(lk_frame *F, int tidx, int n, const anim_opts *o, double length,
                      void (*make)(lk_frame *, int, int, void *), int kind, void *ud) {
  lua_State *L = F->L;
  double *delays = (double *)lua_newuserdata(L, (size_t)n * sizeof(double));
  int g = new_node(F, KN_NODE_GROUP, 0), i;
  stagger_delays(F, o, n, delays);
  for (i = 0; i < n; i++) {
    int k = new_node(F, kind, 0);
    lua_rawgeti(L, tidx, i + 1);
    make(F, k, lua_gettop(L), ud);
    lua_pop(L, 1);
    if (!kn_anim_group_add(&F->P->A, g, k, delays[i])) luaL_error(L, "not enough memory");
  }
  lua_pop(L, 1);
  kn_anim_group_span(&F->P->A, g, kind == KN_NODE_SPRING, length, o->delay, o->iterations,
                     o->after);
  lk_anim_need_extras(F, g);                       /* a:after's default target */
  lua_pushvalue(L, tidx);
  lua_setfield(L, -2, "target");
  lua_pop(L, 1);
  return g;
}

typedef struct tween_make {
  int vidx;
  unsigned flags;
  double duration;
  anim_opts *o;
  const value_stash *vs;   /* the values as checked, NULL: read them again */
} tween_make;

/* The easings an animator's tweens are given in their options are kept
   alive by its UV_EASES table for all its nodes at once, rather than one
   slot per node: the option's value (a spec string, or the easing
   userdata itself) -> the easing userdata, their count at key 0 (no
   node's key).  It keeps at most EASINGS_KEPT of them: a program that
   makes easings without end has the ones past them kept per node
   (lk_anim_set_easing).  Easings are immutable, so a spec's easing found
   there is the one parsing the spec again would give. */
#define EASINGS_KEPT 64

/* The tween's easing option, read after the other options (its check
   comes last, as in read_opts' order): a Lua function (o->easing: its
   stack index), or an easing -- found in the kept ones, else checked by
   lk_toeasing -- whose userdata is left at o->easing. */
static void read_easing(lk_frame *F, anim_opts *o) {
  lua_State *L = F->L;
  int v, t;
  if (!opt_present(L, o, KN_OPT_EASING)) return;
  if (o->ez) {
    v = o->ez;
  } else {
    lua_getfield(L, o->t, "easing");
    v = lua_gettop(L);
  }
  t = lua_type(L, v);
  if (t == LUA_TFUNCTION) {
    o->easing = v;
    return;
  }
  o->given = v;
  if (t == LUA_TSTRING || t == LUA_TUSERDATA) {
    o->kset = F->eases;
    lua_pushvalue(L, v);
    lua_rawget(L, o->kset);
    if (lua_type(L, -1) == LUA_TUSERDATA) {
      o->easing = lua_gettop(L);
      o->ease = (const kn_easing *)lua_touserdata(L, -1);
      o->kept = 1;
      return;
    }
    lua_pop(L, 1);
  }
  if ((o->ease = lk_toeasing(L, v)) == NULL)
    lk_fielderror(L, o->arg, "easing", lua_tostring(L, -1));
  o->easing = lua_gettop(L);
}

/* Whether the easing read_easing found is kept by the animator's table
   (added now when it has room). */
static int keep_easing(lk_frame *F, anim_opts *o) {
  lua_State *L = F->L;
  lua_Integer n;
  if (o->kept) return 1;
  n = lk_rawgeti(L, o->kset, 0) == LUA_TNUMBER ? lua_tointeger(L, -1) : 0;
  lua_pop(L, 1);
  if (n >= EASINGS_KEPT) return 0;
  lua_pushvalue(L, o->given);
  lua_pushvalue(L, o->easing);
  lua_rawset(L, o->kset);
  lua_pushinteger(L, n + 1);
  lua_rawseti(L, o->kset, 0);
  o->kept = 1;
  return 1;
}

/* A tween node's easing from the options: an easing kept by the
   animator's table set here, a Lua function (or an easing the table has
   no room for) by lk_anim_set_easing. */
static void set_easing(lk_frame *F, int node, anim_opts *o) {
  kn_node *nd;
  if (o->ease == NULL || !keep_easing(F, o)) {
    lk_anim_set_easing(F, node, o->easing, o->arg, "easing");
    return;
  }
  nd = &F->P->A.nodes[node];
  nd->easing = o->ease;
  nd->user &= ~KN_AN_LUA_EASE;
}

static void make_tween_node(lk_frame *F, int node, int tidx, void *ud) {
  tween_make *m = (tween_make *)ud;
  if (m->vs != NULL) add_stashed_channels(F, node, tidx, m->flags, m->vs);
  else add_channels(F, node, tidx, m->vidx, m->flags, &m->o->values);
  kn_span_init(&F->P->A.nodes[node].span, 0.0, m->duration, 1.0, KN_AFTER_STOP);
  if (m->o->easing) set_easing(F, node, m->o);
  apply_round(F, node, m->o);
}

int lk_anim_make_tween(lk_frame *F, int tidx, int arg, int nopts, int from_mode, int child) {
  lua_State *L = F->L;
  int n = check_targets(L, tidx), node;
  double duration = lk_checknonneg(L, arg);
  anim_opts o;
  tween_make m;
  value_stash vs;
  int colors, paths = check_values(L, arg + 1, 1, &colors, &vs);
  read_opts(L, nopts ? nopts : lua_gettop(L) + 1, kn_anim_tween_options, n, &o);
  read_easing(F, &o);
  if (o.meta || (o.has & (1u << KN_OPT_STAGGER))) vs.n = -1;   /* Lua code may have run */
  check_path_fields(L, arg + 1, paths, &o);
  check_color_opts(L, colors, &o);
  check_round_colors(L, colors, &o);
  if (child && o.iterations == HUGE_VAL)
    lk_fielderror(L, o.arg, "iterations", "a sequence's child must end (finite number expected)");
  m.vidx = arg + 1;
  m.flags = from_mode ? KN_CH_FROM : 0;
  m.duration = duration;
  m.o = &o;
  m.vs = vs.n > 0 ? &vs : NULL;
  if (n > 0) {
    node = make_group(F, tidx, n, &o, duration, make_tween_node, KN_NODE_TWEEN, &m);
  } else {
    node = new_node(F, KN_NODE_TWEEN, 0);
    make_tween_node(F, node, tidx, &m);
    kn_span_init(&F->P->A.nodes[node].span, o.delay, duration, o.iterations, o.after);
  }
  apply_repeat(F, node, &o);
  apply_callbacks(F, node, &o);
  return node;
}

/* A spring node's channels: one kn_spring each, the motion of mo, the
   velocity option (a number for all, or a table by field) in `from`. */
typedef struct spring_make {
  int vidx, velidx;
  const lk_spring_motion *mo;
  const anim_opts *o;
} spring_make;

static void make_spring_node(lk_frame *F, int node, int tidx, void *ud) {
  spring_make *m = (spring_make *)ud;
  const lk_spring_motion *mo = m->mo;
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  int c;
  add_channels(F, node, tidx, m->vidx, 0, &m->o->values);
  if (!kn_anim_spring_node(A, node, &mo->model, mo->integrator, mo->clamp, mo->rest_delta,
                           mo->rest_speed))
    luaL_error(L, "not enough memory");
  apply_round(F, node, m->o);
  if (m->velidx == 0) return;
  for (c = A->nodes[node].chan; c >= 0; c = A->chans[c].next) {
    kn_chan *ch = &A->chans[c];
    int k = ch->n > 0 ? ch->n : 1, i;
    if (lua_type(L, m->velidx) == LUA_TNUMBER) {
      for (i = 0; i < k; i++) ch->from[i] = (double)lua_tonumber(L, m->velidx);
      continue;
    }
    lua_rawgeti(L, F->keys, c + 1);
    lua_rawget(L, m->velidx);               /* raw: no Lua code while ch is held */
    if (lua_type(L, -1) == LUA_TNUMBER) {
      for (i = 0; i < k; i++) ch->from[i] = (double)lua_tonumber(L, -1);
    } else if (lua_type(L, -1) == LUA_TTABLE && (int)lk_rawlen(L, -1) == k) {
      for (i = 0; i < k; i++) {
        lua_rawgeti(L, -1, i + 1);
        ch->from[i] = (double)lua_tonumber(L, -1);
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
}

/* Check the velocity option (at the top): a finite number, or a table
   mapping fields to finite numbers or arrays. */
static void check_velocity(lua_State *L, int arg, int vidx) {
  int t = lua_gettop(L);
  if (lua_type(L, t) == LUA_TNUMBER) {
    if (!isfinite((double)lua_tonumber(L, t)))
      lk_fieldrangeerror(L, arg, "velocity", "finite number", (double)lua_tonumber(L, t));
    return;
  }
  if (lua_type(L, t) != LUA_TTABLE)
    lk_fielderror(L, arg, "velocity", lua_pushfstring(L,
      "number or table of numbers by field expected, got %s", lk_typename(L, t)));
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int n;
    lua_pushvalue(L, -2);
    lua_rawget(L, vidx);
    n = lua_type(L, -1) == LUA_TTABLE ? (int)lk_rawlen(L, -1) : 0;
    lua_pop(L, 1);
    if (lua_type(L, -2) != LUA_TSTRING || (n == 0 && lua_type(L, -1) != LUA_TNUMBER) ||
        (n > 0 && (lua_type(L, -1) != LUA_TTABLE || (int)lk_rawlen(L, -1) != n)))
      lk_fielderror(L, arg, "velocity", "a number or an array by field of the values expected");
    (void)check_value(L, arg, 0);
    lua_pop(L, 1);
  }
}

/* The interned id of the values' key below the value on top, 0 when the
   name was never interned. */
static int known_key(lk_frame *F) {
  lua_State *L = F->L;
  int id;
  lua_rawgeti(L, F->uv, UV_KEYIDS);
  lua_pushvalue(L, -3);
  lua_rawget(L, -2);
  id = (int)lua_tointeger(L, -1);
  lua_pop(L, 2);
  return id;
}

/* Whether node, a live top-level spring, has a channel for every field of
   the values at vidx on `object`, each of the same shape (a relative value
   fits any); with `fresh`, one not started yet, else one driving. */
static int covers(lk_frame *F, int node, const void *object, int vidx, int fresh) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  const kn_node *nd = &A->nodes[node];
  if (nd->kind != KN_NODE_SPRING || nd->parent >= 0 || nd->state != KN_NODE_LIVE ||
      (nd->user & KN_AN_STOPPED) || (fresh && nd->started))
    return 0;
  lua_pushnil(L);
  while (lua_next(L, vidx)) {
    double x;
    int rel = lua_type(L, -1) == LUA_TSTRING && relative_value(L, -1, &x);
    int colour = !rel && (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TUSERDATA);
    int n = lua_type(L, -1) == LUA_TTABLE ? (int)lk_rawlen(L, -1) : colour ? 4 : 0;
    int id = known_key(F), c;
    c = id > 0 ? (fresh ? kn_anim_find_chan(A, node, object, id) : kn_anim_driver(A, object, id)) : -1;
    lua_pop(L, 1);
    if (c < 0 || A->chans[c].node != node || colour != (A->chans[c].color != 0) ||
        (!rel && A->chans[c].n != n)) {
      lua_pop(L, 1);
      return 0;
    }
  }
  return 1;
}

/* The spring node a new anim:spring call on the object at tidx with the
   values at vidx retargets: the one driving every field, or else one made
   since the last update (not started yet) that has them all; -1: none. */
static int retarget_node(lk_frame *F, int tidx, int vidx) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  const void *object = lua_topointer(L, tidx);
  int i, node = -1;
  lua_pushnil(L);
  if (lua_next(L, vidx)) {                 /* the driver of the first field */
    int id = known_key(F), c = id > 0 ? kn_anim_driver(A, object, id) : -1;
    lua_pop(L, 2);
    if (c >= 0) node = A->chans[c].node;
  }
  if (node >= 0 && covers(F, node, object, vidx, 0)) return node;
  for (i = A->nroots - 1; i >= 0 && A->nodes[A->roots[i]].born == A->frames; i--)
    if (covers(F, A->roots[i], object, vidx, 1)) return A->roots[i];
  return -1;
}

/* Channel c gets the value on top as its new target: a started spring as
   s:set_target gives it (a relative value from its current target), one
   not started yet as its given value (relative to what it was given). */
static void retarget_chan(lk_frame *F, int c) {
  lua_State *L = F->L;
  kn_chan *ch = &F->P->A.chans[c];
  int k = ch->n > 0 ? ch->n : 1, i, rel = 0;
  double r = 0.0, *t;
  if (ch->color) {
    lk_anim_color_retarget(F, c, -1);
    return;
  }
  t = (double *)lua_newuserdata(L, (size_t)k * sizeof(double));
  if (lua_type(L, -2) == LUA_TSTRING) rel = relative_value(L, -2, &r);
  for (i = 0; i < k; i++) {
    if (rel) {
      t[i] = r;
    } else if (lua_type(L, -2) == LUA_TNUMBER) {
      t[i] = (double)lua_tonumber(L, -2);
    } else {
      lua_rawgeti(L, -2, i + 1);
      t[i] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  }
  kn_anim_retarget(&F->P->A, c, t, rel);
  lua_pop(L, 1);
}

/* Retarget spring node S: each field gets its new target (retarget_chan);
   a parameter family given replaces the motion of every field's spring;
   callbacks given replace S's. */
static void retarget(lk_frame *F, int node, int tidx, int vidx, const anim_opts *o,
                     const lk_spring_motion *mo) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  const void *object = lua_topointer(L, tidx);
  lua_pushnil(L);
  while (lua_next(L, vidx)) {
    int c = kn_anim_find_chan(A, node, object, known_key(F));
    if (mo != NULL)
      kn_anim_chan_motion(A, c, &mo->model, mo->integrator, mo->clamp, mo->rest_delta,
                          mo->rest_speed);
    retarget_chan(F, c);
    lua_pop(L, 1);
  }
  apply_callbacks(F, node, o);
  apply_round(F, node, o);
}

/* anim:spring(target, values [, opts]). */
int lk_animator_spring(lua_State *L) {
  lk_animator *P = lk_anim_self(L);
  lk_frame F;
  anim_opts o;
  lk_spring_motion mo;
  spring_make m;
  int n, node, i, own = 0, colors;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 4);
  n = check_targets(L, 2);
  (void)check_values(L, 3, 0, &colors, NULL);
  if (lua_isnoneornil(L, 4)) { lua_settop(L, 3); lua_newtable(L); own = 1; }
  read_opts(L, 4, kn_anim_spring_options, n, &o);
  check_color_opts(L, colors, &o);
  check_round_colors(L, colors, &o);
  if (own) o.t = 0;
  lk_spring_read_motion(L, 4, 4, &mo);
  m.velidx = 0;
  if (opt_present(L, &o, KN_OPT_VELOCITY)) {
    lua_getfield(L, 4, "velocity");
    check_velocity(L, 4, 3);
    m.velidx = lua_gettop(L);
  }
  lk_anim_frame(L, P, 1, &F);
  if (n == 0 && (node = retarget_node(&F, 2, 3)) >= 0) {
    int params = !o.meta && (o.present >> KN_OPT_SPRING_PARAMS) != 0;
    for (i = KN_OPT_SPRING_PARAMS; o.meta && kn_anim_spring_options[i] != NULL; i++)
      if (field_present(L, &o, kn_anim_spring_options[i])) params = 1;
    retarget(&F, node, 2, 3, &o, params ? &mo : NULL);
  } else {
    m.vidx = 3;
    m.mo = &mo;
    m.o = &o;
    if (n > 0) {
      node = make_group(&F, 2, n, &o, 0.0, make_spring_node, KN_NODE_SPRING, &m);
    } else {
      node = new_node(&F, KN_NODE_SPRING, 0);
      make_spring_node(&F, node, 2, &m);
      P->A.nodes[node].span.delay = o.delay;
    }
    apply_callbacks(&F, node, &o);
    if (!kn_anim_root_add(&P->A, node)) return luaL_error(L, "not enough memory");
  }
  lk_anim_push_handle(&F, node);
  return 1;
}

/* ---- flings ------------------------------------------------------------------ */

/* opts.kind (stack index 5; default "inertia") as an enum kn_fling_kind.
   Arguments are named by stack index: lk_argerror counts them as called. */
static int fling_kind(lua_State *L) {
  int k;
  if (lua_type(L, 5) != LUA_TTABLE) return KN_FLING_INERTIA;
  lua_getfield(L, 5, "kind");
  k = lua_isnil(L, -1) ? KN_FLING_INERTIA
                       : lk_checkname(L, 5, "kind", kn_fling_kind_name,
                                      KN_NAMES_QUOTED | KN_NAMES_OR);
  lua_pop(L, 1);
  return k;
}

/* anim:fling(target, field, velocity [, opts]): a tween of one number field
   that follows a motion of opts.kind from the field's value now, with that
   velocity (per second), to where the motion rests. */
int lk_animator_fling(lua_State *L) {
  lk_animator *P = lk_anim_self(L);
  lk_frame F;
  anim_opts o;
  kn_fling motion;
  double x0, v0;
  int kind, node;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 5);
  if (lua_isnil(L, 5)) { lua_newtable(L); lua_replace(L, 5); }
  if (check_targets(L, 2) > 0) return lk_argerror(L, 2, "one target expected, got a list");
  if (lua_type(L, 3) != LUA_TSTRING) return lk_typeerror(L, 3, "string (a field name)");
  v0 = lk_checkfinite(L, 4);
  kind = fling_kind(L);
  read_opts(L, 5, kn_anim_fling_options[kind], 0, &o);
  lua_pushvalue(L, 3);
  lua_gettable(L, 2);
  if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
    return lk_argerror(L, 2, lua_pushfstring(L, "field '%s' holds %s, finite number expected",
                                              lua_tostring(L, 3), lk_typename(L, -1)));
  x0 = (double)lua_tonumber(L, -1);
  lua_pop(L, 1);
  lk_motion_read_fling(L, o.t, 5, kind, x0, v0, &motion);
  lua_settop(L, 5);
  lua_createtable(L, 0, 1);                      /* 6: { [field] = where it rests } */
  lua_pushvalue(L, 3);
  lua_pushnumber(L, (lua_Number)kn_fling_final(&motion));
  lua_rawset(L, 6);
  read_opts(L, 5, kn_anim_fling_options[kind], 0, &o);   /* the callbacks' stack slots */
  lk_anim_frame(L, P, 1, &F);
  node = new_node(&F, KN_NODE_TWEEN, 0);
  if (!kn_anim_fling_node(&P->A, node, &motion)) return luaL_error(L, "not enough memory");
  add_channels(&F, node, 2, 6, 0, NULL);
  apply_callbacks(&F, node, &o);
  apply_round(&F, node, &o);
  if (!kn_anim_root_add(&P->A, node)) return luaL_error(L, "not enough memory");
  lk_anim_push_handle(&F, node);
  return 1;
}

/* ---- shakes --------------------------------------------------------------------- */

/* The fields at 3: a non-empty array of field names; their count. */
static int shake_fields(lua_State *L) {
  int i, n;
  if (lua_type(L, 3) != LUA_TTABLE) lk_typeerror(L, 3, "array of field names");
  n = (int)lk_rawlen(L, 3);
  if (n <= 0) lk_argerror(L, 3, "array of field names expected, got an empty table");
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, i);
    if (lua_type(L, -1) != LUA_TSTRING)
      lk_argerror(L, 3, lua_pushfstring(L, "item %d: field name (string) expected, got %s", i,
                                        lk_typename(L, -1)));
    lua_pop(L, 1);
  }
  return n;
}

/* The amplitude of the field named on top, from opts.amplitude at 4. */
static double shake_amplitude(lua_State *L) {
  double a;
  lua_getfield(L, 4, "amplitude");
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushvalue(L, -2);
    lua_rawget(L, -2);
    lua_remove(L, -2);
  }
  if (lua_type(L, -1) != LUA_TNUMBER || !isfinite((double)lua_tonumber(L, -1)))
    lk_fielderror(L, 4, "amplitude", lua_pushfstring(L, "finite number (or a table of them by "
                                                     "field) expected for '%s', got %s",
                                                     lua_tostring(L, -2), lk_typename(L, -1)));
  a = (double)lua_tonumber(L, -1);
  lua_pop(L, 1);
  return a;
}

/* anim:shake(target, fields, opts): base + amplitude (1 - decay(p))
   noise(frequency t, seed + k) on each field, k its place in fields. */
int lk_animator_shake(lua_State *L) {
  lk_animator *P = lk_anim_self(L);
  lk_frame F;
  anim_opts o;
  double freq, dur, seed = 0.0, *amp, *kk;
  int n, i, node, c, vidx, decay = 0;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 4);
  if (check_targets(L, 2) > 0) return lk_argerror(L, 2, "one target expected, got a list");
  n = shake_fields(L);
  if (lua_type(L, 4) != LUA_TTABLE) return lk_typeerror(L, 4, "table of options");
  read_opts(L, 4, kn_anim_shake_options, 0, &o);
  for (i = 1; i <= n; i++) { lua_rawgeti(L, 3, i); (void)shake_amplitude(L); lua_pop(L, 1); }
  freq = lk_optfieldnonneg(L, 4, 4, "frequency", 15.0);
  dur = lk_optfieldnonneg(L, 4, 4, "duration", 0.5);
  if (lk_getfieldnum(L, 4, 4, "seed", &seed) &&
      !(seed == floor(seed) && fabs(seed) + n <= 9007199254740992.0))
    lk_fieldrangeerror(L, 4, "seed", "integer", seed);
  lua_getfield(L, 4, "decay");
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) == LUA_TFUNCTION || lk_toeasing(L, -1) == NULL)
      lk_fielderror(L, 4, "decay", lua_type(L, -1) == LUA_TFUNCTION
                    ? "an easing spec expected, got function" : lua_tostring(L, -1));
    decay = lua_gettop(L);
  }
  lua_newtable(L);                              /* { [field] = 0 }: the channels (grown as
                                                   the Lua backend grows it: one order) */
  vidx = lua_gettop(L);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, i);
    lua_pushinteger(L, 0);
    lua_rawset(L, vidx);
  }
  amp = (double *)lua_newuserdata(L, (size_t)(2 * n) * sizeof(double));
  kk = amp + n;
  lk_anim_frame(L, P, 1, &F);
  node = new_node(&F, KN_NODE_TWEEN, 0);
  add_channels(&F, node, 2, vidx, 0, NULL);
  for (i = 0, c = P->A.nodes[node].chan; c >= 0; c = P->A.chans[c].next, i++) {
    int j;
    lua_rawgeti(L, F.keys, c + 1);               /* its place in fields */
    for (j = 1; j <= n; j++) {
      lua_rawgeti(L, 3, j);
      if (lua_rawequal(L, -1, -2)) { lua_pop(L, 1); break; }
      lua_pop(L, 1);
    }
    amp[i] = shake_amplitude(L);
    kk[i] = (double)j;
    lua_pop(L, 1);
  }
  kn_span_init(&P->A.nodes[node].span, o.delay, dur, 1.0, KN_AFTER_STOP);
  if (!kn_anim_shake_node(&P->A, node, freq, seed, amp, kk))
    return luaL_error(L, "not enough memory");
  if (decay) {                                   /* kept alive by the node's extras */
    lk_anim_need_extras(&F, node);
    lua_pushvalue(L, decay);
    lua_setfield(L, -2, "decay");
    lua_pop(L, 1);
    P->A.nodes[node].easing = lk_toeasing(L, decay);
    lua_pop(L, 1);
  }
  apply_callbacks(&F, node, &o);
  apply_round(&F, node, &o);
  if (!kn_anim_root_add(&P->A, node)) return luaL_error(L, "not enough memory");
  lk_anim_push_handle(&F, node);
  return 1;
}

/* ---- followers ------------------------------------------------------------------ */

/* A follower's limit opts.key (opts at 4): a positive number, finite but
   for max_speed (default HUGE_VAL); max_acceleration is required. */
static double follow_limit(lua_State *L, const char *key, int required) {
  double x = HUGE_VAL;
  lua_getfield(L, 4, key);
  if (lua_isnil(L, -1) && required)
    lk_fielderror(L, 4, key, "number expected, got nil");
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TNUMBER)
      lk_fielderror(L, 4, key, lua_pushfstring(L, "number expected, got %s", lk_typename(L, -1)));
    x = (double)lua_tonumber(L, -1);
    if (!(x > 0) || (required && !isfinite(x)))
      lk_fieldrangeerror(L, 4, key, required ? "positive finite number" : "positive number", x);
  }
  lua_pop(L, 1);
  return x;
}

/* The values at 3 of a follow: numbers or relative strings. */
static void check_follow_values(lua_State *L) {
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    double r;
    if (lua_type(L, -1) != LUA_TNUMBER &&
        !(lua_type(L, -1) == LUA_TSTRING && relative_value(L, -1, &r)))
      lk_argerror(L, 3, lua_pushfstring(L, "field '%s': a number or \"+=n\" expected for a "
                                        "follower, got %s", lua_tostring(L, -2),
                                        lk_typename(L, -1)));
    lua_pop(L, 1);
  }
}

/* The follow node driving every field of the values at 3 on the object at
   2, live: -1 when none. */
static int follow_node(lk_frame *F) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  const void *object = lua_topointer(L, 2);
  int node = -1;
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    int id = known_key(F), c = id > 0 ? kn_anim_driver(A, object, id) : -1;
    lua_pop(L, 1);
    if (c < 0 || A->nodes[A->chans[c].node].follow == NULL ||
        A->nodes[A->chans[c].node].state != KN_NODE_LIVE ||
        A->nodes[A->chans[c].node].parent >= 0 || (node >= 0 && A->chans[c].node != node)) {
      lua_pop(L, 1);
      return -1;
    }
    node = A->chans[c].node;
  }
  return node;
}

/* Retarget follow node: each field's follower re-planned (or, before the
   start, its given value replaced). */
static void follow_retarget(lk_frame *F, int node) {
  lua_State *L = F->L;
  kn_animator *A = &F->P->A;
  const void *object = lua_topointer(L, 2);
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    int c = kn_anim_find_chan(A, node, object, known_key(F)), rel = 0;
    double t = 0.0;
    if (lua_type(L, -1) == LUA_TSTRING) rel = relative_value(L, -1, &t);
    else t = (double)lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!(A->chans[c].flags & KN_CH_STARTED)) {
      kn_anim_retarget(A, c, &t, rel);
    } else if (!kn_anim_follow_retarget(A, c, rel ? A->chans[c].to[0] + t : t)) {
      luaL_error(L, "follow: the plan overflows (beyond +-1.8e308)");
    }
  }
}

/* anim:follow(target, values [, opts]): followers drive the fields; called
   again for fields a live follow drives, it retargets them. */
int lk_animator_follow(lua_State *L) {
  lk_animator *P = lk_anim_self(L);
  lk_frame F;
  anim_opts o;
  double a, v;
  int node;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 4);
  if (check_targets(L, 2) > 0) return lk_argerror(L, 2, "one target expected, got a list");
  if (lua_type(L, 3) != LUA_TTABLE) return lk_typeerror(L, 3, "table of values");
  check_follow_values(L);
  if (lua_isnil(L, 4)) { lua_newtable(L); lua_replace(L, 4); }
  if (lua_type(L, 4) != LUA_TTABLE) return lk_typeerror(L, 4, "table of options");
  read_opts(L, 4, kn_anim_follow_options, 0, &o);
  lk_anim_frame(L, P, 1, &F);
  node = follow_node(&F);
  a = follow_limit(L, "max_acceleration", node < 0);
  v = follow_limit(L, "max_speed", 0);
  if (node >= 0) {
    const kn_node *nd = &P->A.nodes[node];    /* new limits: the plans made from now */
    kn_anim_follow_limits(&P->A, node, a < HUGE_VAL ? a : nd->follow_a,
                          field_present(L, &o, "max_speed") ? v : nd->follow_v);
    follow_retarget(&F, node);
    apply_callbacks(&F, node, &o);
    apply_round(&F, node, &o);
  } else {
    node = new_node(&F, KN_NODE_TWEEN, 0);
    add_channels(&F, node, 2, 3, 0, NULL);
    P->A.nodes[node].span.delay = o.delay;
    if (!kn_anim_follow_node(&P->A, node, a, v)) return luaL_error(L, "not enough memory");
    apply_callbacks(&F, node, &o);
    apply_round(&F, node, &o);
    if (!kn_anim_root_add(&P->A, node)) return luaL_error(L, "not enough memory");
  }
  lk_anim_push_handle(&F, node);
  return 1;
}

/* anim:to(target, duration, values [, opts]) and anim:from(...). */
static int add_tween(lua_State *L, int from_mode) {
  lk_animator *P = lk_anim_self(L);
  lk_frame F;
  int node;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 5);
  lk_anim_frame(L, P, 1, &F);
  node = lk_anim_make_tween(&F, 2, 3, lua_isnil(L, 5) ? 0 : 5, from_mode, 0);
  if (!kn_anim_root_add(&P->A, node)) return luaL_error(L, "not enough memory");
  lk_anim_push_handle(&F, node);
  return 1;
}

int lk_animator_to(lua_State *L) { return add_tween(L, 0); }
int lk_animator_from(lua_State *L) { return add_tween(L, 1); }

/* anim:sequence([opts]). */
int lk_animator_sequence(lua_State *L) {
  lk_animator *P = lk_anim_check(L, 1);
  lk_frame F;
  anim_opts o;
  int node;
  if (P->busy) return lk_anim_self_error(L, "animator busy (a frame is being written)");
  lua_settop(L, 2);
  read_opts(L, 2, kn_anim_sequence_options, 0, &o);
  lk_anim_frame(L, P, 1, &F);
  node = new_node(&F, KN_NODE_GROUP, 1);
  P->A.nodes[node].user |= KN_AN_SEQUENCE;
  kn_span_init(&P->A.nodes[node].span, o.delay, 0.0, o.iterations, o.after);
  apply_repeat(&F, node, &o);
  apply_callbacks(&F, node, &o);
  if (!kn_anim_root_add(&P->A, node)) return luaL_error(L, "not enough memory");
  lk_anim_push_handle(&F, node);
  return 1;
}

