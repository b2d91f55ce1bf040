/*
** angle.h -- angle normalization and the path from one angle to another.
**
** Every function takes the full turn `turn` (360 for degrees, 2*pi for
** radians), so one code path serves both units.
*/
#ifndef KINETIC_ANGLE_H
#define KINETIC_ANGLE_H

/* The floored modulo a mod b = a - b*floor(a/b), in [0, b) for b > 0 (the
   one rounding case that yields b returns 0). */
double kn_fmod_floor(double a, double b);

/* theta normalized to [0, turn). */
double kn_angle_norm_full(double theta, double turn);

/* theta normalized to [-turn/2, turn/2). */
double kn_angle_norm_half(double theta, double turn);

/* The endpoints to interpolate linearly between to rotate from alpha to
   beta.  Both angles are normalized to [0, turn) and to [-turn/2, turn/2),
   and the normalization f with the smaller distance |f(beta) - f(alpha)|
   is chosen (ties go to [-turn/2, turn/2)): the shortest way round.
   `longest` != 0 asks for the other way round: the full turn is added on
   the side that makes the path longer, from f(alpha) + turn when
   f(beta) >= f(alpha), else from f(alpha) - turn.  Stores the endpoints
   in *a, *b. */
void kn_angle_path(double alpha, double beta, double turn, int longest,
                   double *a, double *b);

#endif
