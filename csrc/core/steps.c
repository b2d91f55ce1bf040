/*
** steps.c -- CSS steps(), computed as the browser engines do it.
**
** CSS Easing 1, "step easing function", evaluated in binary64 exactly like
** Blink's StepsTimingFunction: the product p*n is rounded to a double
** before floor(), so steps(5) at p = 0.6 gives 0.6 (0.6*5 rounds to 3.0)
** where exact rational arithmetic would give 0.4.
*/
#include "fpcontract.h"
#include <math.h>
#include <stddef.h>

#include "steps.h"

int kn_steps_jumps(const kn_steps *s) {
  switch (s->position) {
    case KN_JUMP_NONE: return s->n - 1;
    case KN_JUMP_BOTH: return s->n + 1;
    default:           return s->n;
  }
}

double kn_steps_eval(const kn_steps *s, double p, int before_flag) {
  double n = (double)s->n;
  double pn = n * p;
  double offset = (s->position == KN_JUMP_START || s->position == KN_START ||
                   s->position == KN_JUMP_BOTH) ? 1.0 : 0.0;
  double step = floor(pn + offset);
  double jumps = (double)kn_steps_jumps(s);
  /* The left limit at a discontinuity (before flag set, p*n integral). */
  if (before_flag && pn - floor(pn) == 0.0) step -= 1.0;
  if (p >= 0.0 && step < 0.0) step = 0.0;
  if (p <= 1.0 && step > jumps) step = jumps;
  return step / jumps;
}

const char *kn_steps_position_name(int position) {
  static const char names[][11] = {
    "jump-start", "jump-end", "jump-none", "jump-both", "start", "end"
  };
  if (position < 0 || position > KN_END) return NULL;
  return names[position];
}
