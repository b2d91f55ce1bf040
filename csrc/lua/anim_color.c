/*
** anim_color.c -- colour fields in kinetic.animator: what a tween or a
** spring on a colour reads, gives the core, and writes back.
**
** To the core a colour channel is 4 numbers (kn_chan.n = 4): the colour's
** components in the interpolation space, premultiplied by alpha, hue
** fixed up against the other end (kn_color_mix_ends), so that the core's
** per-component lerp, or a spring on each, is CSS Color 4 interpolation.
** The binding keeps in the channel the space (+ 1, kn_chan.color), the hue
** mode (kn_chan.hue) and how the field holds its colour (kn_chan.form),
** and in the user value's UV_VALUES slot the colour it was given.  A
** write turns the 4 numbers back into a colour (kn_color_mix_at) and
** stores it as the field held it: a string as "#rrggbb[aa]", a
** kinetic.Color as a new one, an array {r, g, b [, a]} filled in place
** with the gamut-mapped sRGB components.
*/
#include <math.h>
#include <string.h>

#include "lanimator.h"
#include "color.h"

enum { FORM_STRING = 1, FORM_OBJECT, FORM_RGB, FORM_RGBA };

/* The colour of an {r, g, b [, a]} array at idx (sRGB, finite numbers):
   1 and its form, or 0. */
static int array_color(lua_State *L, int idx, kn_color *c, int *form) {
  size_t n = lk_rawlen(L, idx);
  double v[4] = { 0.0, 0.0, 0.0, 1.0 };
  size_t i;
  if (n != 3 && n != 4) return 0;
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, idx, (int)i + 1);
    v[i] = (double)lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v[i])) { lua_pop(L, 1); return 0; }
    lua_pop(L, 1);
  }
  memset(c, 0, sizeof *c);
  c->space = KN_CS_SRGB;
  c->c[0] = v[0]; c->c[1] = v[1]; c->c[2] = v[2];
  c->alpha = v[3] < 0.0 ? 0.0 : v[3] > 1.0 ? 1.0 : v[3];
  *form = n == 3 ? FORM_RGB : FORM_RGBA;
  return 1;
}

/* The colour the field on top holds and its form; 0 with a message on top
   (the value left below it) when it holds none. */
static int field_color(lua_State *L, kn_color *c, int *form) {
  if (lua_type(L, -1) == LUA_TTABLE && array_color(L, -1, c, form)) return 1;
  if (lk_tocolor(L, -1, c)) {
    *form = lua_type(L, -1) == LUA_TSTRING ? FORM_STRING : FORM_OBJECT;
    return 1;
  }
  if (lua_type(L, -1) == LUA_TSTRING)
    lua_pushfstring(L, "colour expected, got '%s'", lua_tostring(L, -1));
  else
    lua_pushfstring(L, "colour (a string, a %s or an {r, g, b [, a]} array) expected, got %s",
                    KN_COLOR, lk_typename(L, -1));
  return 0;
}

/* The colour channel c was given (UV_VALUES), into g. */
static void given_color(lk_frame *F, int c, kn_color *g) {
  lua_rawgeti(F->L, F->uv, UV_VALUES);
  lua_rawgeti(F->L, -1, c + 1);
  (void)lk_tocolor(F->L, -1, g);
  lua_pop(F->L, 2);
}

int lk_anim_color_value(lua_State *L, int idx) {
  kn_color c;
  return lk_tocolor(L, idx, &c);
}

void lk_anim_color_chan(lk_frame *F, int c, int idx, int space, int hue) {
  kn_chan *ch = &F->P->A.chans[c];
  ch->color = space + 1;
  ch->hue = hue;
  lua_rawgeti(F->L, F->uv, UV_VALUES);
  lua_pushvalue(F->L, idx < 0 ? idx - 1 : idx);
  lua_rawseti(F->L, -2, c + 1);
  lua_pop(F->L, 1);
}

int lk_anim_color_read(lk_frame *F, int c) {
  lua_State *L = F->L;
  kn_color cur, g;
  int form;
  if (!field_color(L, &cur, &form)) return 0;
  lua_pop(L, 1);
  given_color(F, c, &g);
  F->P->A.chans[c].form = form;
  kn_anim_color_start(&F->P->A, c, &cur, &g);
  return 1;
}

void lk_anim_color_write(lk_frame *F, int c) {
  lua_State *L = F->L;
  const kn_chan *ch = &F->P->A.chans[c];
  kn_color col;
  char hex[10];
  double rgba[4];
  int i;
  kn_color_mix_at(ch->out, ch->color - 1, &col);
  switch (ch->form) {
    case FORM_STRING:
      kn_color_hex(&col, hex);
      lua_pushstring(L, hex);
      lua_settable(L, -3);
      return;
    case FORM_OBJECT:
      lk_pushcolor(L, &col);
      lua_settable(L, -3);
      return;
    default:
      kn_color_srgb(&col, rgba);
      lua_gettable(L, -2);
      if (lua_type(L, -1) == LUA_TTABLE)
        for (i = 0; i < (ch->form == FORM_RGB ? 3 : 4); i++) {
          lua_pushnumber(L, (lua_Number)rgba[i]);
          lua_rawseti(L, -2, i + 1);
        }
      lua_pop(L, 1);
  }
}

void lk_anim_color_retarget(lk_frame *F, int c, int idx) {
  const kn_chan *ch = &F->P->A.chans[c];
  kn_color g;
  if (!(ch->flags & KN_CH_STARTED)) {          /* its start reads the new one */
    lk_anim_color_chan(F, c, idx, ch->color - 1, ch->hue);
    return;
  }
  (void)lk_tocolor(F->L, idx, &g);
  kn_anim_color_retarget(&F->P->A, c, &g);
}
