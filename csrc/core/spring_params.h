/*
** spring_params.h -- every spring parameter family reduced to the physical
** triple (mass m, stiffness k, damping c) of  m x'' = -k (x - target) - c x',
** and the derived values params() reports, and the choice and checks of
** the family an options table gives.  Pure C99.
*/
#ifndef KINETIC_SPRING_PARAMS_H
#define KINETIC_SPRING_PARAMS_H

#include <stddef.h>

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

/* The option fields the parameter families read, in this order;
   kn_spring_option_name(i) is the name of field i, NULL past the last. */
enum {
  KN_SPO_STIFFNESS, KN_SPO_DAMPING, KN_SPO_MASS, KN_SPO_FREQUENCY, KN_SPO_DAMPING_RATIO,
  KN_SPO_RESPONSE, KN_SPO_DURATION, KN_SPO_BOUNCE, KN_SPO_TENSION, KN_SPO_FRICTION,
  KN_SPO_ORIGAMI_TENSION, KN_SPO_ORIGAMI_FRICTION, KN_SPO_BOUNCINESS, KN_SPO_SPEED,
  KN_SPO_PRESET, KN_SPO_COUNT
};
const char *kn_spring_option_name(int i);

/* One option field as the binding found it. */
typedef struct kn_spring_option {
  int given;          /* present (not nil) */
  int number;         /* a number, in value */
  double value;
  const char *text;   /* a string's text, else NULL */
  const char *type;   /* its type's name as messages print it ("string", "nan" ...) */
} kn_spring_option;

/* Longest reason kn_spring_params_from_options writes. */
#define KN_SPRING_WHY_MAX 320

/* The triple of the options opt[KN_SPO_COUNT] (none given: the defaults,
   mass 1, stiffness 170, damping 26), checked in the order the errors are
   reported: one family only (damping_ratio with frequency or response,
   mass with no Rebound family); mass > 0; then the family's fields, each
   a finite number (in range: > 0 for frequency, response and duration,
   >= 0 for stiffness, damping, damping_ratio, tension, friction,
   bounciness and speed, bounce in (-1, 1]), those the family needs given,
   the preset a known name; finally the derived stiffness and damping
   finite and >= 0.  Returns 1, or 0 with the reason written into why[cap]
   ("field 'mass': positive number expected, got -1"). */
int kn_spring_params_from_options(const kn_spring_option *opt, kn_spring_triple *out,
                                  char *why, size_t cap);

#endif
