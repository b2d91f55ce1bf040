/*
** timeline_def.c -- what a timeline definition must satisfy that needs no
** script value to decide: the numbers of its fields, how its options
** combine, the shape every keyframe shares with the first, and the block
** made from the options (the model: timeline.h).
**
** A check that fails returns 0 and says where and why in a kn_tl_error;
** what a reason leaves out is what only the binding can show (the type or
** the text of the value it got).
*/
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "interp.h"
#include "color.h"
#include "timeline.h"

void kn_timeline_options_init(kn_tl_options *o, int nseg) {
  o->nseg = nseg;
  o->ncomp = 0;
  o->shape = KN_TL_NUMBER;
  o->mode = KN_INTERP_LINEAR;
  o->unit = KN_UNIT_DEGREES;
  o->after = KN_AFTER_STOP;
  o->iterations = 1.0;
  o->delay = 0.0;
  o->repeat_delay = 0.0;
  o->pivot[0] = o->pivot[1] = 0.0;
  o->space = KN_CS_OKLAB;
  o->hue = KN_HUE_SHORTER;
}

void kn_timeline_init(kn_timeline *tl, const kn_tl_options *o) {
  kn_timeline_layout(tl, o->nseg, o->ncomp);
  tl->mode = o->mode;
  tl->after = o->after;
  tl->iterations = o->iterations;
  tl->delay = o->delay;
  kn_timeline_extra(tl)->repeat_delay = o->repeat_delay;
  tl->turn = kn_timeline_turn(o->unit);
  tl->pivot[0] = o->pivot[0];
  tl->pivot[1] = o->pivot[1];
}

/* The failure of segment seg's (0: the definition's) field `field`. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int fail(kn_tl_error *e, int seg, const char *field, const char *fmt, ...) {
  va_list ap;
  e->seg = seg;
  e->field = field;
  va_start(ap, fmt);
  vsnprintf(e->why, sizeof e->why, fmt, ap);
  va_end(ap);
  return 0;
}

/* What each kind of number must be, and the reason when it is not: not a
   number, not finite, out of its range (NULL: any finite number). */
static const struct {
  const char *not_number, *not_finite, *out_of_range;
} number_kinds[] = {
  { "number expected", "finite number expected", NULL },                  /* FINITE */
  { "positive number expected", "finite number expected",
    "positive number expected" },                                          /* DURATION */
  { "number >= 1 expected", NULL, "number >= 1 expected" },               /* ITERATIONS */
  { "number expected", "finite number expected",
    "non-negative number expected" },                                      /* DELAY */
};

const char *kn_timeline_check_number(int kind, int is_number, double x) {
  if (!is_number) return number_kinds[kind].not_number;
  if (kind == KN_TL_ITERATIONS)                   /* math.huge included, NaN not */
    return x >= 1.0 ? NULL : number_kinds[kind].out_of_range;
  if (!isfinite(x)) return number_kinds[kind].not_finite;
  if ((kind == KN_TL_DURATION && !(x > 0.0)) || (kind == KN_TL_DELAY && x < 0.0))
    return number_kinds[kind].out_of_range;
  return NULL;
}

int kn_timeline_check_size(const kn_tl_options *o, kn_tl_error *e) {
  if ((double)o->nseg * (o->ncomp + 4) > KN_TIMELINE_MAX_ELEMENTS)
    return fail(e, 0, NULL, "too many segments");
  return 1;
}

/* 'polar' turns 2-vectors about the pivot; no other mode takes one. */
int kn_timeline_check_polar(const kn_tl_options *o, int has_pivot, kn_tl_error *e) {
  if (o->mode != KN_INTERP_POLAR)
    return has_pivot ? fail(e, 0, "pivot", "only used with interpolation = 'polar'") : 1;
  if (o->shape == KN_TL_VECTOR && o->ncomp == 2) return 1;
  if (o->shape == KN_TL_VECTOR)
    return fail(e, 0, "interpolation", "'polar' needs 2-vector states {x, y}, got %d components",
                o->ncomp);
  return fail(e, 0, "interpolation", "'polar' needs 2-vector states {x, y}, got %s",
              o->shape == KN_TL_NAMED ? "named properties" : "a number");
}

/* A path's keyframes are fractions of its length, interpolated linearly. */
int kn_timeline_check_path(const kn_tl_options *o, kn_tl_error *e) {
  if (o->shape != KN_TL_NUMBER)
    return fail(e, 0, "path", "keyframes that are numbers (fractions of its length) "
                "expected, got %s", o->shape == KN_TL_VECTOR ? "arrays" : "named properties");
  if (o->mode != KN_INTERP_LINEAR)
    return fail(e, 0, "interpolation", "a path's fractions interpolate linearly");
  return 1;
}

/* Colours mix linearly in their colour space, and only they take one. */
int kn_timeline_check_colors(const kn_tl_options *o, int colors, int has_space, int has_hue,
                             kn_tl_error *e) {
  if (colors && o->mode != KN_INTERP_LINEAR)
    return fail(e, 0, "interpolation", "colours interpolate in color_space (linear expected)");
  if (!colors && (has_space || has_hue))
    return fail(e, 0, has_space ? "color_space" : "hue", "only colour keyframes take it");
  return 1;
}

/* round rounds numbers; a colour's components are not numbers shown. */
int kn_timeline_check_round(const kn_tl_options *o, int colors, int has_round, kn_tl_error *e) {
  (void)o;
  if (colors && has_round) return fail(e, 0, "round", "colours are not rounded (numbers only)");
  return 1;
}

const char *kn_timeline_shape_name(int shape, int ncomp, int counted, char *buf,
                                   size_t size) {
  switch (shape) {
    case KN_TL_NUMBER: return "number";
    case KN_TL_COLOR:  return counted ? "colour" : "table of named numbers";
    case KN_TL_NAMED:  return "table of named numbers";
    default:
      if (!counted) return "array of numbers";
      snprintf(buf, size, "array of %d numbers", ncomp);
      return buf;
  }
}
