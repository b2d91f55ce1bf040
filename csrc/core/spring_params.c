/*
** spring_params.c -- parameter families -> (mass, stiffness, damping).
** Sources of the conversions: SwiftUI/Flutter (duration, bounce, response),
** Rebound (Origami, BouncyConversion), react-spring (presets); see
** docs/spring.md.
*/
#include "fpcontract.h"
#include <math.h>
#include <string.h>

#include "spring_params.h"

#define KN_TWO_PI 6.283185307179586476925286766559

/* char arrays: no relocated pointers, no writable data */
static const char preset_names[KN_SPRING_PRESETS][10] = {
  "default", "gentle", "wobbly", "stiff", "slow", "molasses"
};

/* @react-spring/core config: { tension, friction } */
static const double preset_values[][2] = {
  { 170, 26 }, { 120, 14 }, { 180, 12 }, { 210, 20 }, { 280, 60 }, { 280, 120 }
};

const char *kn_spring_preset_name(int i) {
  return i >= 0 && i < KN_SPRING_PRESETS ? preset_names[i] : NULL;
}

int kn_spring_from_preset(const char *name, kn_spring_triple *out) {
  int i;
  for (i = 0; i < KN_SPRING_PRESETS; i++) {
    if (strcmp(name, preset_names[i]) == 0) {
      out->mass = 1;
      out->stiffness = preset_values[i][0];
      out->damping = preset_values[i][1];
      return 1;
    }
  }
  return 0;
}

void kn_spring_from_frequency(double mass, double frequency, double zeta,
                              kn_spring_triple *out) {
  double w = KN_TWO_PI * frequency;
  out->mass = mass;
  out->stiffness = w * w * mass;
  out->damping = 2 * zeta * w * mass;
}

void kn_spring_from_response(double mass, double response, double zeta,
                             kn_spring_triple *out) {
  double w = KN_TWO_PI / response;
  out->mass = mass;
  out->stiffness = w * w * mass;
  out->damping = 2 * zeta * w * mass;       /* = 4 pi zeta m / response */
}

double kn_spring_bounce_to_ratio(double bounce) {
  return bounce >= 0 ? 1 - bounce : 1 / (1 + bounce);
}

void kn_spring_from_duration(double mass, double duration, double bounce,
                             kn_spring_triple *out) {
  kn_spring_from_response(mass, duration, kn_spring_bounce_to_ratio(bounce), out);
}

void kn_spring_from_origami(double otension, double ofriction, kn_spring_triple *out) {
  out->mass = 1;
  out->stiffness = (otension - 30.0) * 3.62 + 194.0;
  out->damping = (ofriction - 8.0) * 3.0 + 25.0;
}

/* BouncyConversion helpers, in Rebound's own order of operations. */
static double normalize(double v, double lo, double hi) { return (v - lo) / (hi - lo); }
static double project(double n, double lo, double hi) { return lo + n * (hi - lo); }
static double b3_nobounce(double t) {
  if (t <= 18) return 0.0007 * pow(t, 3) - 0.031 * pow(t, 2) + 0.64 * t + 1.28;
  if (t <= 44) return 0.000044 * pow(t, 3) - 0.006 * pow(t, 2) + 0.36 * t + 2;
  return 0.00000045 * pow(t, 3) - 0.000332 * pow(t, 2) + 0.1078 * t + 5.84;
}

void kn_spring_from_bouncy(double bounciness, double speed, kn_spring_triple *out) {
  double b = project(normalize(bounciness / 1.7, 0, 20.0), 0.0, 0.8);
  double s = normalize(speed / 1.7, 0, 20.0);
  double tension = project(s, 0.5, 200);
  double q = 2 * b - b * b;                           /* quadratic out */
  double friction = q * 0.01 + (1.0 - q) * b3_nobounce(tension);
  kn_spring_from_origami(tension, friction, out);
}

void kn_spring_derive(const kn_spring_triple *t, kn_spring_derived *out) {
  double m = t->mass, k = t->stiffness, c = t->damping;
  out->mass = m; out->stiffness = k; out->damping = c;
  out->omega = sqrt(k / m);
  out->frequency = out->omega / KN_TWO_PI;
  out->response = k > 0 ? KN_TWO_PI / out->omega : HUGE_VAL;
  out->duration = out->response;
  if (k > 0) out->damping_ratio = c / (2 * sqrt(m) * sqrt(k));   /* m k may underflow */
  else out->damping_ratio = c > 0 ? HUGE_VAL : 0;
  if (out->damping_ratio < 1) out->bounce = 1 - out->damping_ratio;
  else out->bounce = 1 / out->damping_ratio - 1;      /* -1 when zeta is inf */
}
