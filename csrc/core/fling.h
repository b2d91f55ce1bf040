/*
** fling.h -- one motion of any of the fling kinds, for the animator: a
** tagged union of inertia, bouncing and clamping scrolls and decay, with
** the time it comes to rest for good.  Pure C99.
*/
#ifndef KINETIC_FLING_H
#define KINETIC_FLING_H

#include "decay.h"
#include "inertia.h"
#include "scroll.h"

enum kn_fling_kind { KN_FLING_INERTIA, KN_FLING_BOUNCING, KN_FLING_CLAMPING, KN_FLING_DECAY };

/* The name of a kind ("inertia", "bouncing", "clamping", "decay"), NULL
   past the last (a kn_name_fn, names.h). */
const char *kn_fling_kind_name(int kind);

typedef struct kn_fling {
  int kind;            /* enum kn_fling_kind */
  double end;          /* at rest for good from here on (HUGE_VAL: never) */
  union {
    kn_inertia inertia;
    kn_bouncing bouncing;
    kn_clamping clamping;
    kn_decay decay;
  } u;
} kn_fling;

/* Sets f->end from the motion already in f->u (f->kind set):
     inertia, clamping, decay  their own end (done from then on);
     bouncing                  the friction's end (|v| below the tolerance,
                               v0 d^t = 1e-3) without a hand-off, else the
                               hand-off plus the spring's rest for good:
                               displacement and velocity within 1e-3. */
void kn_fling_finish_init(kn_fling *f);

/* State at time t >= 0 since the start; from f->end on the final position
   with velocity 0. */
void kn_fling_at(const kn_fling *f, double t, double *x, double *v);
double kn_fling_final(const kn_fling *f);

#endif
