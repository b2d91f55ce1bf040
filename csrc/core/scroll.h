/*
** scroll.h -- Flutter's scroll simulations (widgets/scroll_simulation.dart).
**
** Bouncing (iOS): inside [leading, trailing] a friction motion of drag
** 0.135 (UIScrollView's 0.998 per millisecond, 0.998^1000); when it would
** come to rest beyond the edge it moves towards, it hands off at the
** instant it reaches that edge to a spring resting on the edge, with the
** friction's velocity there -- min(v, 5000): only a velocity towards the
** trailing edge is capped, as Flutter writes it.  A start outside the
** extent is that spring from t = 0, towards the nearer edge.  The spring
** phase is Flutter's ScrollSpringSimulation: done where its displacement
** and velocity are both within the tolerance (1e-3), and its position
** then is the edge itself.
**
** Clamping (Android): x(t) = x0 + d (1 - (1 - t/T)^D), D = ln 0.78 / ln 0.9,
** with Android's fling duration and distance for the given friction
** (OverScroller's spline, made ballistic by Flutter):
**   T = 0.35 D (|v0| / v_ref)^(1 / (D - 1)),  v_ref = friction c / 0.35,
**   d = v0 T / D,  c = 9.80665 * 39.37 * 160 * 0.84 (0.84 g in px/s^2).
** Pure C99.
*/
#ifndef KINETIC_SCROLL_H
#define KINETIC_SCROLL_H

#include "friction.h"
#include "spring.h"

#define KN_BOUNCING_DRAG 0.135
#define KN_BOUNCING_MAX_TRANSFER 5000.0
/* Flutter's Tolerance.defaultTolerance (distance and velocity). */
#define KN_SCROLL_TOLERANCE 1e-3

typedef struct kn_bouncing {
  double leading, trailing;
  double x0, v0;
  kn_friction friction;     /* the motion inside the extent */
  kn_spring_model spring;   /* the edge spring */
  double spring_time;       /* the hand-off: -HUGE_VAL (a spring from the
                               start), HUGE_VAL (never) or the instant */
  double spring_x0, spring_v0, spring_end;   /* the spring's start and edge */
  double time;              /* the clock update advances */
} kn_bouncing;

/* leading <= trailing, a model the caller accepted. */
void kn_bouncing_init(kn_bouncing *b, double position, double velocity, double leading,
                      double trailing, const kn_spring_model *spring);
void kn_bouncing_at(const kn_bouncing *b, double t, double *x, double *v);
int kn_bouncing_done(const kn_bouncing *b, double t);
/* Where it comes to rest: the edge of its spring, or the friction's end. */
double kn_bouncing_final_position(const kn_bouncing *b);

typedef struct kn_clamping {
  double friction;          /* Android's fling friction (default 0.015) */
  double x0, v0;
  double duration, distance;
  double time;
} kn_clamping;

/* friction > 0 (the caller checks). */
void kn_clamping_init(kn_clamping *c, double position, double velocity, double friction);
void kn_clamping_at(const kn_clamping *c, double t, double *x, double *v);
int kn_clamping_done(const kn_clamping *c, double t);
double kn_clamping_final_position(const kn_clamping *c);

#endif
