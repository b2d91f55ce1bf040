/*
** penner.h -- Robert Penner's easing equations, normalized to [0,1].
*/
#ifndef KINETIC_PENNER_H
#define KINETIC_PENNER_H

enum kn_penner_family {
  KN_QUAD, KN_CUBIC, KN_QUART, KN_QUINT, KN_SINE, KN_EXPO, KN_CIRC,
  KN_BACK, KN_ELASTIC, KN_BOUNCE, KN_PENNER_FAMILIES
};
enum kn_penner_mode { KN_IN, KN_OUT, KN_INOUT, KN_OUTIN, KN_PENNER_MODES };

typedef struct kn_penner {
  int family, mode;
  double a;   /* Back: overshoot s; Elastic: amplitude */
  double b;   /* Elastic: period */
  double amp, phase;   /* Elastic, derived from a and b by kn_penner_set */
} kn_penner;

/* Default parameters, with tween.lua's meaning: Back s = 1.70158; Elastic
   amplitude 1, period 0.3 (0.45 for inOut, as Penner's inOutElastic). */
#define KN_BACK_OVERSHOOT 1.70158
void kn_penner_init(kn_penner *pn, int family, int mode);

/* Set the parameters (Back: a; Elastic: a, b with b > 0) and what eval
   derives from them once. */
void kn_penner_set(kn_penner *pn, double a, double b);

/* f(t) on [0,1] with f(0) = 0 and f(1) = 1 exactly; t outside [0,1] is
   clamped (the equations are not defined there: inCirc would be NaN). */
double kn_penner_eval(const kn_penner *pn, double t);

/* The first point after t (t in [0, 1)) where f may change direction, or
   1 when there is none: f is monotone between two such points. */
double kn_penner_next_break(const kn_penner *pn, double t);

/* Camel-case name: "inOutQuad".  Writes at most `cap` bytes. */
void kn_penner_name(const kn_penner *pn, char *buf, unsigned cap);
/* Number of parameters the family takes (0, 1 or 2). */
int kn_penner_nparams(int family);
const char *kn_penner_family_name(int family);   /* "Quad" */
const char *kn_penner_mode_name(int mode);       /* "inOut" */

#endif
