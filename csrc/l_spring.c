/*
** l_spring.c -- Lua binding for the spring part of kinetic.
*/
#include "lkinetic.h"

void kn_open_spring(lua_State *L) {
  (void)L;   /* registers nothing yet: filled in by its issue */
}
