/*
** l_motion.c -- Lua binding for the motion part of kinetic.
*/
#include "lkinetic.h"

void kn_open_motion(lua_State *L) {
  (void)L;   /* registers nothing yet: filled in by its issue */
}
