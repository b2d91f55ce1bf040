/*
** spring_params.h -- every spring parameter family reduced to the physical
** triple (mass m, stiffness k, damping c) of  m x'' = -k (x - target) - c x',
** and the derived values params() reports.  Pure C99, inputs trusted (the
** binding checks ranges).
*/
#ifndef KINETIC_SPRING_PARAMS_H
#define KINETIC_SPRING_PARAMS_H

typedef struct kn_spring_triple {
  double mass, stiffness, damping;
} kn_spring_triple;

/* Derived values of a triple. */
typedef struct kn_spring_derived {
  double mass, stiffness, damping;
  double damping_ratio;   /* zeta = c / (2 sqrt(m k)); inf when k = 0 < c, 0 when k = c = 0 */
  double omega;           /* omega0 = sqrt(k / m), rad/s */
  double frequency;       /* omega0 / (2 pi), Hz */
  double response;        /* 2 pi / omega0, s (SwiftUI response; inf when k = 0) */
  double duration;        /* SwiftUI / Flutter duration: the same undamped period */
  double bounce;          /* 1 - zeta (zeta < 1), 1/zeta - 1 (zeta >= 1) */
} kn_spring_derived;

/* react-spring presets (tension, friction; mass 1).  Returns 0 when `name`
   is unknown.  kn_spring_preset_name(i): the name of preset i, NULL past
   the last (a kn_name_fn, names.h). */
#define KN_SPRING_PRESETS 6
const char *kn_spring_preset_name(int i);
int kn_spring_from_preset(const char *name, kn_spring_triple *out);

/* omega0 = 2 pi f, c = 2 zeta omega0 m. */
void kn_spring_from_frequency(double mass, double frequency, double zeta,
                              kn_spring_triple *out);
/* SwiftUI response: k = (2 pi / response)^2 m, c = 4 pi zeta m / response. */
void kn_spring_from_response(double mass, double response, double zeta,
                             kn_spring_triple *out);
/* SwiftUI / Flutter duration and bounce (-1 < b <= 1): the response family
   with zeta = 1 - b (b >= 0) or 1 / (1 + b) (b < 0). */
double kn_spring_bounce_to_ratio(double bounce);
void kn_spring_from_duration(double mass, double duration, double bounce,
                             kn_spring_triple *out);
/* Rebound's OrigamiValueConverter (the JS port: no zero guard):
   k = (t - 30) 3.62 + 194, c = (f - 8) 3 + 25, mass 1. */
void kn_spring_from_origami(double otension, double ofriction, kn_spring_triple *out);
/* Rebound's BouncyConversion(bounciness, speed) followed by the Origami
   conversion. */
void kn_spring_from_bouncy(double bounciness, double speed, kn_spring_triple *out);

void kn_spring_derive(const kn_spring_triple *t, kn_spring_derived *out);

#endif
