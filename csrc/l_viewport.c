/*
** l_viewport.c -- Lua binding for the viewport part of kinetic.
*/
#include "lkinetic.h"

void kn_open_viewport(lua_State *L) {
  (void)L;   /* registers nothing yet: filled in by its issue */
}
