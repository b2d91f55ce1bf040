/*
** threads.c -- two Lua states in two threads use kinetic at once.
** Each thread runs spec/c/workload.lua, which returns a checksum string;
** both must succeed and agree with a run on the main thread.
** Build: cc threads.c $(pkg-config --cflags --libs lua5.4) -lpthread
*/
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

typedef struct { const char *cpath; char result[256]; int ok; } job;

static void *run(void *arg) {
  job *j = (job *)arg;
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_pushstring(L, j->cpath);
  lua_setfield(L, -2, "cpath");
  lua_pushliteral(L, "lua/?.lua;lua/?/init.lua");
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
  if (luaL_dofile(L, "spec/c/workload.lua") == 0 && lua_isstring(L, -1)) {
    snprintf(j->result, sizeof j->result, "%s", lua_tostring(L, -1));
    j->ok = 1;
  } else {
    snprintf(j->result, sizeof j->result, "%s", lua_tostring(L, -1));
  }
  lua_close(L);
  return NULL;
}

int main(int argc, char **argv) {
  job ref = { 0 }, a = { 0 }, b = { 0 };
  pthread_t ta, tb;
  if (argc < 2) { fprintf(stderr, "usage: threads CPATH\n"); return 2; }
  ref.cpath = a.cpath = b.cpath = argv[1];
  run(&ref);
  pthread_create(&ta, NULL, run, &a);
  pthread_create(&tb, NULL, run, &b);
  pthread_join(ta, NULL);
  pthread_join(tb, NULL);
  if (!ref.ok || !a.ok || !b.ok) {
    fprintf(stderr, "threads: workload failed: %s | %s | %s\n", ref.result, a.result, b.result);
    return 1;
  }
  if (strcmp(ref.result, a.result) != 0 || strcmp(ref.result, b.result) != 0) {
    fprintf(stderr, "threads: results differ: %s | %s | %s\n", ref.result, a.result, b.result);
    return 1;
  }
  printf("threads:         2 states in 2 threads agree (%s)\n", ref.result);
  return 0;
}
