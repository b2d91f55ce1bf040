/*
** l_timeline.c -- Lua binding for the timeline part of kinetic.
*/
#include "lkinetic.h"

void kn_open_timeline(lua_State *L) {
  (void)L;   /* registers nothing yet: filled in by its issue */
}
