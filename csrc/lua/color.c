/*
** color.c -- Lua binding of kinetic.color and kinetic.mix (type
** kinetic.Color).
**
** The userdata payload is a kn_color (csrc/core/color.h), never changed
** after it is made: kinetic.color(c) returns c itself.  Methods: hex and
** rgba (gamut-mapped to sRGB), to (the components in any space), and
** __tostring (the CSS text in the colour's own space).
*/

#include "lkinetic.h"
#include "color.h"

static const char space_list[] =
  "srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65, "
  "lab, lch, oklab, oklch, hsl, hwb";

int lk_tocolor(lua_State *L, int idx, struct kn_color *out) {
  const kn_color *c = (const kn_color *)lk_testudata(L, idx, KN_COLOR);
  char err[8];
  size_t len;
  const char *s;
  if (c != NULL) { *out = *c; return 1; }
  if (lua_type(L, idx) != LUA_TSTRING) return 0;
  s = lua_tolstring(L, idx, &len);
  return kn_color_parse(s, len, out, err, sizeof err) == 0;
}

void lk_pushcolor(lua_State *L, const struct kn_color *c) {
  kn_color *o = (kn_color *)lk_newobject(L, sizeof(kn_color), KN_COLOR);
  *o = *c;
}

/* The colour at arg -- a kinetic.Color or a colour string -- into out, or
   raise "bad argument #arg to 'f' (invalid colour 'rgb(1 2)': <why>)". */
static void check_color(lua_State *L, int arg, kn_color *out) {
  const kn_color *c = (const kn_color *)lk_testudata(L, arg, KN_COLOR);
  char err[256], quote[KN_COLOR_QUOTE_MAX];
  size_t len;
  const char *s;
  if (c != NULL) { *out = *c; return; }
  if (lua_type(L, arg) != LUA_TSTRING) {
    lk_typeerror(L, arg, "colour string or kinetic.Color");
    return;
  }
  s = lua_tolstring(L, arg, &len);
  if (kn_color_parse(s, len, out, err, sizeof err) == 0) return;
  kn_color_quote(quote, s, len);
  lk_argerror(L, arg, lua_pushfstring(L, "invalid colour '%s': %s", quote, err));
}

/* The colour space named by the string at arg (ASCII case ignored). */
static int check_space(lua_State *L, int arg) {
  size_t len;
  const char *s;
  int space;
  if (lua_type(L, arg) != LUA_TSTRING) return lk_typeerror(L, arg, "colour space name");
  s = lua_tolstring(L, arg, &len);
  space = kn_color_space_find(s, len);
  if (space < 0)
    lk_argerror(L, arg, lua_pushfstring(L, "unknown colour space '%s' (spaces: %s)", s,
                                        space_list));
  return space;
}

static int check_hue(lua_State *L, int arg) {
  int hue;
  if (lua_type(L, arg) != LUA_TSTRING) return lk_typeerror(L, arg, "hue interpolation method");
  hue = kn_names_find(kn_color_hue_name, lua_tostring(L, arg));
  if (hue < 0)
    lk_argerror(L, arg, lua_pushfstring(L, "unknown hue interpolation method '%s' (methods: %s)",
                                        lua_tostring(L, arg), lk_pushnames(L, kn_color_hue_name, 0)));
  return hue;
}

/* A finite number in [0, 1] at arg. */
static double check_unit(lua_State *L, int arg) {
  double x = lk_checkfinite(L, arg);
  if (x < 0 || x > 1)
    lk_argerror(L, arg, lua_pushfstring(L, "number in [0, 1] expected, got %s",
                                        lk_pushnumstr(L, x)));
  return x;
}

/* Raise on argument `first` when there is a non-nil argument from it on. */
static void check_no_more(lua_State *L, int first, const char *what) {
  int i, n = lua_gettop(L);
  for (i = first; i <= n; i++)
    if (!lua_isnil(L, i))
      lk_argerror(L, i, lua_pushfstring(L, "%s, got %s", what, lk_typename(L, i)));
}

/* kinetic.color(spec) / kinetic.color(c) / kinetic.color(r, g, b [, a]) */
static int kinetic_color(lua_State *L) {
  kn_color c;
  if (lua_type(L, 1) == LUA_TNUMBER) {
    check_no_more(L, 5, "at most 4 numbers (r, g, b, alpha) expected");
    c.space = KN_CS_SRGB;
    c.c[0] = check_unit(L, 1);
    c.c[1] = check_unit(L, 2);
    c.c[2] = check_unit(L, 3);
    c.alpha = lua_isnoneornil(L, 4) ? 1.0 : check_unit(L, 4);
    c.none = 0;
    lk_pushcolor(L, &c);
    return 1;
  }
  if (lua_type(L, 1) != LUA_TSTRING && lk_testudata(L, 1, KN_COLOR) == NULL)
    return lk_typeerror(L, 1, "colour string, kinetic.Color or number");
  check_no_more(L, 2, "no argument expected after a colour");
  if (lua_type(L, 1) != LUA_TSTRING) { lua_settop(L, 1); return 1; }
  check_color(L, 1, &c);
  lk_pushcolor(L, &c);
  return 1;
}

/* kinetic.mix(a, b, t [, space [, hue]]) */
static int kinetic_mix(lua_State *L) {
  kn_color a, b, out;
  double t;
  int space = KN_CS_OKLAB, hue = KN_HUE_SHORTER;
  check_color(L, 1, &a);
  check_color(L, 2, &b);
  t = lk_checkfinite(L, 3);
  if (!lua_isnoneornil(L, 4)) space = check_space(L, 4);
  if (!lua_isnoneornil(L, 5)) hue = check_hue(L, 5);
  check_no_more(L, 6, "at most 5 arguments expected");
  kn_color_mix(&a, &b, t, space, hue, &out);
  lk_pushcolor(L, &out);
  return 1;
}

static const kn_color *check_self(lua_State *L) {
  return (const kn_color *)lk_checkobject(L, 1, KN_COLOR);
}

static int color_hex(lua_State *L) {
  char buf[10];
  kn_color_hex(check_self(L), buf);
  lua_pushstring(L, buf);
  return 1;
}

static int color_rgba(lua_State *L) {
  double v[4];
  int i;
  kn_color_srgb(check_self(L), v);
  for (i = 0; i < 4; i++) lua_pushnumber(L, (lua_Number)v[i]);
  return 4;
}

static int color_to(lua_State *L) {
  const kn_color *c = check_self(L);
  double v[3];
  int i;
  kn_color_to(c, check_space(L, 2), v);
  for (i = 0; i < 3; i++) lua_pushnumber(L, (lua_Number)v[i]);
  lua_pushnumber(L, (lua_Number)c->alpha);
  return 4;
}

static int color_tostring(lua_State *L) {
  char buf[KN_COLOR_TEXT_MAX];
  size_t n = kn_color_format(check_self(L), buf, sizeof buf);
  lua_pushlstring(L, buf, n);
  return 1;
}

void lk_open_color(lua_State *L) {
  static const luaL_Reg methods[] = {
    { "hex", color_hex }, { "rgba", color_rgba }, { "to", color_to }, { NULL, NULL }
  };
  static const luaL_Reg meta[] = { { "__tostring", color_tostring }, { NULL, NULL } };
  static const luaL_Reg functions[] = {
    { "color", kinetic_color }, { "mix", kinetic_mix }, { NULL, NULL }
  };
  lk_newclass(L, KN_COLOR, methods, meta);
  lk_setfuncs(L, functions, 0);
}
