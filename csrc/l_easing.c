/*
** l_easing.c -- Lua binding for the easing part of kinetic.
*/
#include "lkinetic.h"

void kn_open_easing(lua_State *L) {
  (void)L;   /* registers nothing yet: filled in by its issue */
}
