/*
** lanimator.h -- what the animator's binding files share: animator.c
** (kinetic.Animator: update, the frame, the controls), anim_make.c (making
** animations) and animation.c (the kinetic.Animation and kinetic.Sequence
** handles).
**
** The Lua side of an animator is its user value, a table of fixed slots
** (UV_*): the objects and field names of the channels (by channel id + 1),
** the handle of each node and its extras (callbacks, a Lua easing, a
** sequence's labels; by node id + 1), the interned field names, and the
** error of a frame.  The C side (kn_animator, csrc/core/animator.h) holds
** every number.
*/
#ifndef KINETIC_LANIMATOR_H
#define KINETIC_LANIMATOR_H

#include <stdint.h>

#include "lkinetic.h"
#include "animator.h"

enum {
  UV_SELF = 1,     /* the animator userdata */
  UV_TARGETS,      /* channel id + 1 -> its object */
  UV_KEYS,         /* channel id + 1 -> its field name */
  UV_VALUES,       /* channel id + 1 -> the path (or colour) it follows */
  UV_HANDLES,      /* node id + 1 -> its kinetic.Animation / Sequence */
  UV_EXTRAS,       /* node id + 1 -> { on_start = {f...}, ..., fn, labels, target } */
  UV_KEYIDS,       /* field name -> interned id */
  UV_KEYNAMES,     /* interned id -> field name */
  UV_EASES,        /* -(node id + 1) -> what keeps its easing alive; node id + 1 -> a Lua easing */
  UV_ERROR,        /* the first error of the running frame */
  UV_CORE,         /* the core's work under lua_pcall (lk_anim_core) */
  UV_META_ANIMATION, UV_META_SEQUENCE,   /* the handles' metatables */
  UV_NSLOTS = UV_META_SEQUENCE
};

/* The animator userdata's payload. */
typedef struct lk_animator {
  kn_animator A;
  lk_ease_site *ease_slot;   /* the site of the method running the core (Lua
                                easings run on its state) */
  int busy;            /* writes and reads of a frame run: no change allowed */
  int fire_next;       /* the callback phase's next event (INT_MAX: none runs) */
  const char *verb;    /* the method running a frame's work, for its messages */
  int nkeys;
  uint64_t rng;        /* stagger's "random" (xorshift64) */
} lk_animator;

/* A handle's payload; its user value is the animator's. */
typedef struct lk_handle {
  int node;
  unsigned gen;
  int kind;            /* enum kn_node_kind, for __tostring once ended */
  int ended;           /* the node is gone: time and progress below */
  double time, progress;
} lk_handle;

/* A frame of work on the Lua side: where the user value and its two
   channel tables sit on the stack. */
typedef struct lk_frame {
  lua_State *L;
  lk_animator *P;
  int uv, targets, keys, eases;
  lk_ease_site site;   /* this frame's Lua easing site */
  kn_anim_io io;       /* the core's hooks, with this frame as their ud */
  int keybase;         /* the first LK_KEYS_ON_STACK field names are on the */
  int nkeyed;          /* stack from keybase on (nkeyed of them), 0: none */
} lk_frame;

/* Field names a frame keeps on the stack: a write pushes its name with
   lua_pushvalue rather than a table look-up. */
#define LK_KEYS_ON_STACK 64

/* animator.c */
/* Push the user value of the userdata at idx and fill F for it. */
void lk_anim_frame(lua_State *L, lk_animator *P, int uvidx, lk_frame *F);
/* The node's extras table (UV_EXTRAS), pushed; made when missing. */
void lk_anim_need_extras(lk_frame *F, int node);
/* "tween", "spring", "group", "call", or "sequence" when user has
   KN_AN_SEQUENCE: what messages and __tostring call a node. */
const char *lk_anim_kind_name(int kind, unsigned user);
/* The node's handle, pushed. */
void lk_anim_push_handle(lk_frame *F, int node);
/* Fire the events from index `first` on (sorted), then drop them; on a
   callback's error, returns 0 with the error on top. */
int lk_anim_fire(lk_frame *F, int first);
/* Fire now the events of node still queued in the callback phase that
   runs (a:finish() during it: the node's start and update of this frame
   come before its completion); 0 with the error on top when one raised. */
int lk_anim_fire_pending(lk_frame *F, int node);
/* lua_pcall of the function and nargs arguments on top (no results) for
   a call that runs the core: what the callee's frame changed (the method's
   lua_State, the busy flag, A->current) is put back; *culprit (unless
   NULL) gets the node the core was in when it raised, -1 none. */
int lk_anim_pcall(lk_frame *F, int nargs, int *culprit);
/* The core's work that may run Lua code (a field's metamethods, a Lua
   easing), run under lk_anim_pcall: kn_anim_op's op (enum kn_anim_op)
   with its n numbers x. */
int lk_anim_core(lk_frame *F, int op, const double *x, int n, int *culprit);
/* Raise the frame's recorded error, if any. */
void lk_anim_raise_pending(lk_frame *F);
/* Create a tween (to / from) or a group of tweens for a list of targets:
   the target at tidx, the duration at arg, the values at arg + 1, the
   options at nopts (0: none).  Returns the node (not yet placed: the
   caller adds it as a root, a child or a chained node). */
int lk_anim_make_tween(lk_frame *F, int tidx, int arg, int nopts, int from_mode, int child);
/* Set or add a callback kind ("on_start" ...) from the function at idx;
   replace: drop those set before. */
void lk_anim_set_callback(lk_frame *F, int node, const char *kind, int idx, int replace);
/* Set the easing of a tween node from the value at idx (arg for errors). */
void lk_anim_set_easing(lk_frame *F, int node, int idx, int arg, const char *fname);

/* anim_color.c: colour channels (a tween's or a spring's). */
/* Whether the value at idx is a colour (a colour string or a Color). */
int lk_anim_color_value(lua_State *L, int idx);
/* Make channel c (n = 4) a colour channel for the value at idx,
   interpolated in `space` with hue mode `hue`; keeps the value. */
void lk_anim_color_chan(lk_frame *F, int c, int idx, int space, int hue);
/* The start of colour channel c, its field's value on top: the ends (a
   tween's from and to, a spring's position and target) from that colour
   and the one given; pops the value.  0 when the field holds no colour,
   with the message pushed above the value. */
int lk_anim_color_read(lk_frame *F, int c);
/* Write colour channel c's value: the object below its field name on top
   (both left there but the name, which the write consumes). */
void lk_anim_color_write(lk_frame *F, int c);
/* Retarget colour spring channel c to the colour at idx. */
void lk_anim_color_retarget(lk_frame *F, int c, int idx);

/* The LuaJIT FFI path's step (core._ffi_abi.api.animator_step): the
   core's kn_anim_split, the frame of the roots that need no Lua, with a
   write hook listing their writes in ids (channel id + 1) and vals (room
   for cap) for the caller's loop; the others are left KN_AN_DEFERRED for
   lk_anim_rest.
   counts[0]: the animations running, counts[1]: those deferred.  Returns
   the number of writes; -1 (nothing done) when the classic update must run
   it all (paused, inside update); -2 (nothing done) when cap is below the
   number of channels, counts[0] (the room needed).  No Lua call. */
int lk_anim_ffi_step(lk_animator *P, double dt, int *counts, int *ids, double *vals,
                     int cap);
/* core._ffi_abi.animator_rest(anim, dt): the classic update of the nodes
   the FFI step deferred (and of those chained in this frame). */
int lk_anim_rest(lua_State *L);

/* The animator at arg (raises when it is not one), and the one at 1 for
   the methods lk_setfastmethods registers. */
lk_animator *lk_anim_check(lua_State *L, int arg);
lk_animator *lk_anim_self(lua_State *L);

/* anim_make.c: the methods that make animations, and the check of one
   target (item > 0: the item-th of a list) at stack index idx. */
int lk_animator_to(lua_State *L);
int lk_animator_from(lua_State *L);
int lk_animator_spring(lua_State *L);
int lk_animator_fling(lua_State *L);
int lk_animator_sequence(lua_State *L);
int lk_animator_follow(lua_State *L);
int lk_animator_shake(lua_State *L);
/* anim_quick.c */
int lk_animator_quick_to(lua_State *L);
void lk_anim_check_target(lua_State *L, int idx, int arg, int item);

/* animation.c */
int lk_anim_self_error(lua_State *L, const char *msg);
void lk_open_animation(lua_State *L);

#endif
