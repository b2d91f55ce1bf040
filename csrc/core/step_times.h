/*
** step_times.h -- step schedules: when an eased value crosses each k/n.
**
** For a value that can only move in whole steps (a terminal's lines, a
** grid's cells), the easing is carried by the waits: step k happens at
** t_k = D E^-1(k/n), the first time the eased progress reaches k/n.
*/
#ifndef KINETIC_STEP_TIMES_H
#define KINETIC_STEP_TIMES_H

#include <stddef.h>

#include "easing.h"

/* Most monotone pieces kn_step_times walks before giving up (an Elastic
   with a period near 0 has about 2 / period of them). */
#define KN_STEP_TIMES_MAX_PIECES 4000000

/* out[k-1] = the least double t in [0, duration] with
   E(t / duration) >= k / n (k = 1..n; n >= 1, duration > 0 finite), such
   that E at the double before t is below k / n; duration when E never
   reaches k / n on [0, 1] (it does at 1 for every easing with E(1) = 1).
   Returns 1, or 0 when the easing may have more than
   KN_STEP_TIMES_MAX_PIECES monotone pieces (kn_easing_max_breaks says so
   at once, or the walk meets them) -- out is then unspecified. */
int kn_step_times(const kn_easing *e, size_t n, double duration, double *out);

/* The checks of kinetic.step_times' numbers: n an integer in [1, 2^24]
   (kn_step_times_count), the duration > 0 (kn_step_times_duration); each
   1, else 0 with the reason in why[cap]. */
int kn_step_times_count(double n, char *why, size_t cap);
int kn_step_times_duration(double duration, char *why, size_t cap);

#endif
