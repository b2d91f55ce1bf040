/*
** spring_params.c -- parameter families -> (mass, stiffness, damping).
** Sources of the conversions: SwiftUI/Flutter (duration, bounce, response),
** Rebound (Origami, BouncyConversion), react-spring (presets); see
** docs/spring.md.
*/
#include "fpcontract.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "names.h"
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
  if (t <= 18) return 0.0007 * (t * t * t) - 0.031 * (t * t) + 0.64 * t + 1.28;
  if (t <= 44) return 0.000044 * (t * t * t) - 0.006 * (t * t) + 0.36 * t + 2;
  return 0.00000045 * (t * t * t) - 0.000332 * (t * t) + 0.1078 * t + 5.84;
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

/* ---- options ------------------------------------------------------------ */

/* char arrays: no relocated pointers, no writable data */
static const char option_names[KN_SPO_COUNT][17] = {
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response", "duration",
  "bounce", "tension", "friction", "origami_tension", "origami_friction", "bounciness",
  "speed", "preset"
};

const char *kn_spring_option_name(int i) {
  return i >= 0 && i < KN_SPO_COUNT ? option_names[i] : NULL;
}

/* The fields of each family, in the order of the enum below (-1 = none). */
static const signed char family_keys[8][2] = {
  { KN_SPO_STIFFNESS, KN_SPO_DAMPING }, { KN_SPO_FREQUENCY, -1 }, { KN_SPO_RESPONSE, -1 },
  { KN_SPO_DURATION, KN_SPO_BOUNCE }, { KN_SPO_TENSION, KN_SPO_FRICTION },
  { KN_SPO_ORIGAMI_TENSION, KN_SPO_ORIGAMI_FRICTION }, { KN_SPO_BOUNCINESS, KN_SPO_SPEED },
  { KN_SPO_PRESET, -1 }
};
enum { F_PHYSICAL, F_FREQUENCY, F_RESPONSE, F_DURATION, F_REBOUND, F_ORIGAMI,
       F_BOUNCY, F_PRESET, F_NONE };

/* The options being read, and the first reason found: once one is
   written, every later read gives its default and writes nothing, so the
   reason is that of the first failed check in reading order. */
typedef struct reader {
  const kn_spring_option *opt;
  char *why;
  size_t cap;
  int failed;
} reader;

/* Write "field 'key': <fmt ...>" as the reason, unless there is one. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void field_fail(reader *r, int key, const char *fmt, ...) {
  va_list ap;
  int n;
  if (r->failed) return;
  r->failed = 1;
  n = snprintf(r->why, r->cap, "field '%s': ", option_names[key]);
  if (n < 0 || (size_t)n >= r->cap) return;
  va_start(ap, fmt);
  vsnprintf(r->why + n, r->cap - (size_t)n, fmt, ap);
  va_end(ap);
}

/* The field `key`, def when absent: a finite number, > 0 for kind 'p',
   >= 0 for kind 'n', any for kind 0. */
static double num(reader *r, int key, double def, int kind) {
  const kn_spring_option *o = &r->opt[key];
  char b[KN_NAMES_NUM_MAX];
  if (r->failed || !o->given) return def;
  if (!o->number) field_fail(r, key, "number expected, got %s", o->type);
  else if (!isfinite(o->value)) field_fail(r, key, "finite number expected, got %s", o->type);
  else if (kind == 'p' && !(o->value > 0))
    field_fail(r, key, "positive number expected, got %s", kn_names_num(b, o->value));
  else if (kind == 'n' && !(o->value >= 0))
    field_fail(r, key, "non-negative number expected, got %s", kn_names_num(b, o->value));
  return r->failed ? def : o->value;
}

/* The field `key`, which the family needs. */
static double required(reader *r, int key, int kind) {
  if (!r->failed && !r->opt[key].given) field_fail(r, key, "number expected, got nil");
  return num(r, key, 0, kind);
}

/* Which family the options use (F_NONE: none); *first is its first field
   given.  Two families mixed, damping_ratio without frequency or
   response, mass with a Rebound family: a reason. */
static int which_family(reader *r, int *first) {
  int f, k, found = F_NONE;
  *first = KN_SPO_STIFFNESS;
  for (f = 0; f < F_NONE; f++) {
    for (k = 0; k < 2 && family_keys[f][k] >= 0; k++) {
      int key = family_keys[f][k];
      if (!r->opt[key].given) continue;
      if (found != F_NONE && found != f) {
        snprintf(r->why, r->cap, "one parameter family expected, got '%s' and '%s'",
                 option_names[*first], option_names[key]);
        r->failed = 1;
        return found;
      }
      if (found == F_NONE) *first = key;
      found = f;
    }
  }
  if (r->opt[KN_SPO_DAMPING_RATIO].given && found != F_FREQUENCY && found != F_RESPONSE) {
    if (found == F_NONE) field_fail(r, KN_SPO_DAMPING_RATIO, "needs 'frequency' or 'response'");
    else field_fail(r, KN_SPO_DAMPING_RATIO, "cannot be mixed with '%s'", option_names[*first]);
  }
  if (r->opt[KN_SPO_MASS].given && (found == F_REBOUND || found == F_ORIGAMI || found == F_BOUNCY))
    field_fail(r, KN_SPO_MASS, "cannot be mixed with '%s' (Rebound springs have mass 1)",
               option_names[*first]);
  return found;
}

/* The preset's triple, its name checked (a string, one of the presets). */
static void read_preset(reader *r, kn_spring_triple *p) {
  const kn_spring_option *o = &r->opt[KN_SPO_PRESET];
  char list[128];
  if (o->text == NULL) {
    field_fail(r, KN_SPO_PRESET, "string expected, got %s", o->type);
  } else if (!kn_spring_from_preset(o->text, p)) {
    kn_names_text(list, sizeof list, kn_spring_preset_name, KN_NAMES_ONEOF | KN_NAMES_QUOTED);
    field_fail(r, KN_SPO_PRESET, "%s expected, got '%s'", list, o->text);
  }
}

/* The triple of family fam (mass already read); returns the field the
   derived stiffness and damping are reported on. */
static int read_family(reader *r, int fam, double mass, kn_spring_triple *p) {
  double a, b;
  switch (fam) {
    case F_NONE:
    case F_PHYSICAL:
      p->mass = mass;
      p->stiffness = num(r, KN_SPO_STIFFNESS, 170, 'n');
      p->damping = num(r, KN_SPO_DAMPING, 26, 'n');
      return KN_SPO_STIFFNESS;
    case F_FREQUENCY:
    case F_RESPONSE: {
      int key = fam == F_FREQUENCY ? KN_SPO_FREQUENCY : KN_SPO_RESPONSE;
      b = num(r, KN_SPO_DAMPING_RATIO, 1, 'n');   /* the ratio's errors come first */
      a = required(r, key, 'p');
      if (fam == F_FREQUENCY) kn_spring_from_frequency(mass, a, b, p);
      else kn_spring_from_response(mass, a, b, p);
      return key;
    }
    case F_DURATION:
      a = num(r, KN_SPO_DURATION, 0.5, 'p');
      b = num(r, KN_SPO_BOUNCE, 0, 0);
      if (!r->failed && !(b > -1 && b <= 1)) {
        char t[KN_NAMES_NUM_MAX];
        field_fail(r, KN_SPO_BOUNCE, "number in (-1, 1] expected, got %s", kn_names_num(t, b));
      }
      kn_spring_from_duration(mass, a, b, p);
      return KN_SPO_DURATION;
    case F_REBOUND:
      p->mass = 1;
      p->stiffness = required(r, KN_SPO_TENSION, 'n');
      p->damping = required(r, KN_SPO_FRICTION, 'n');
      return KN_SPO_TENSION;
    case F_ORIGAMI:
      b = required(r, KN_SPO_ORIGAMI_FRICTION, 0);   /* friction's errors first */
      kn_spring_from_origami(required(r, KN_SPO_ORIGAMI_TENSION, 0), b, p);
      return p->damping >= 0 ? KN_SPO_ORIGAMI_TENSION : KN_SPO_ORIGAMI_FRICTION;
    case F_BOUNCY:
      b = required(r, KN_SPO_SPEED, 'n');             /* speed's errors first */
      kn_spring_from_bouncy(required(r, KN_SPO_BOUNCINESS, 'n'), b, p);
      return KN_SPO_SPEED;
    default:   /* F_PRESET */
      read_preset(r, p);
      p->mass = mass;
      return KN_SPO_PRESET;
  }
}

int kn_spring_params_from_options(const kn_spring_option *opt, kn_spring_triple *out,
                                  char *why, size_t cap) {
  reader r;
  char b[KN_NAMES_NUM_MAX];
  int first, fam, key;
  double mass;
  r.opt = opt; r.why = why; r.cap = cap; r.failed = 0;
  fam = which_family(&r, &first);
  mass = num(&r, KN_SPO_MASS, 1, 'p');
  key = read_family(&r, fam, mass, out);
  if (r.failed) return 0;
  /* a family's formula can leave the range a spring needs */
  if (!isfinite(out->stiffness) || !(out->stiffness >= 0))
    field_fail(&r, key, "gives stiffness %s (non-negative finite expected)",
               kn_names_num(b, out->stiffness));
  else if (!isfinite(out->damping) || !(out->damping >= 0))
    field_fail(&r, key, "gives damping %s (non-negative finite expected)",
               kn_names_num(b, out->damping));
  return !r.failed;
}
