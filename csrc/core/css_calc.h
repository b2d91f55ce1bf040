/*
** css_calc.h -- CSS math functions over numbers and percentages: calc(),
** min(), max(), clamp(), the four operators, parentheses and the
** constants e, pi, infinity, -infinity and NaN (CSS Values and Units 4,
** "10. Mathematical Expressions").
**
** Every operand is a number or a percentage, so every expression
** simplifies to one value at parse time: that value and its type are the
** result.  Types follow the spec's rules for a context that takes a
** <number> or a <percentage> but does not resolve one into the other:
** + and - need operands of one type, * at least one number, / a number
** on its right; min(), max() and clamp() arguments share one type.  '+'
** and '-' must have whitespace on both sides.  IEEE-754 arithmetic gives
** the spec's infinities and NaN (1/0, 0/0, 0 * infinity ...), and NaN
** propagates through min, max and clamp.
*/
#ifndef KINETIC_CSS_CALC_H
#define KINETIC_CSS_CALC_H

#include <stddef.h>

#include "css_token.h"

enum kn_calc_type { KN_CALC_NUMBER = 1, KN_CALC_PERCENTAGE = 2 };

/* Deepest nesting of math functions and parentheses accepted. */
#define KN_CALC_DEPTH 32

/* 1 when tk is the FUNCTION token of a math function this file knows. */
int kn_css_is_math(const kn_css_token *tk);

/* A message when tk is what only a document can compute -- var(), env(),
   attr(), sibling-index(), sibling-count(), a CSS-wide keyword -- else
   NULL. */
const char *kn_css_needs_document(const kn_css_token *tk);

/* The value of the math function whose FUNCTION token fn was just read
   from lx, reading through its closing ')': returns 1 with *value and
   *type, or 0 with a message in err (NUL-terminated, at most errcap). */
int kn_css_math(kn_css_lexer *lx, const kn_css_token *fn, double *value, int *type,
                char *err, size_t errcap);

#endif
