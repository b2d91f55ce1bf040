/*
** decay.h -- exponential decay (Jetpack Compose's exponentialDecay, its
** FloatExponentialDecaySpec): with f = -4.2 * friction_multiplier,
**   v(t) = v0 e^{f t},   x(t) = x0 + v0 (e^{f t} - 1) / f,
** ending when |v| falls to the threshold, at T = ln(threshold / |v0|) / f
** (0 when |v0| is already at or below it); from T on, x = x(T), v = 0.
** Pure C99.
*/
#ifndef KINETIC_DECAY_H
#define KINETIC_DECAY_H

/* Compose's ExponentialDecayFriction. */
#define KN_DECAY_FRICTION 4.2

typedef struct kn_decay {
  double friction_multiplier, threshold;
  double x0, v0;
  double rate;        /* f = -4.2 * friction_multiplier < 0 */
  double duration;    /* T */
  double time;        /* the clock update advances */
} kn_decay;

/* friction_multiplier > 0, threshold > 0 (the caller checks). */
void kn_decay_init(kn_decay *d, double position, double velocity, double friction_multiplier,
                   double threshold);
void kn_decay_at(const kn_decay *d, double t, double *x, double *v);
double kn_decay_final_position(const kn_decay *d);
int kn_decay_done(const kn_decay *d, double t);

#endif
