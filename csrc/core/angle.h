/*
** angle.h -- angle normalization and path selection (seed model, section 4).
**
** Every function takes the full turn `turn` (360 for degrees, 2*pi for
** radians), so one code path serves both units.
*/
#ifndef KINETIC_ANGLE_H
#define KINETIC_ANGLE_H

/* Real modulo of the seed (section 1.2.2): a mod b = a - b*floor(a/b),
   in [0, b) for b > 0 (the one rounding case that yields b returns 0). */
double kn_fmod_floor(double a, double b);

/* Section 4.1.1: theta in [0, turn). */
double kn_angle_norm_full(double theta, double turn);

/* Section 4.1.2: theta in [-turn/2, turn/2). */
double kn_angle_norm_half(double theta, double turn);

/* Sections 4.2 and 4.3: the endpoints to interpolate linearly between
   to rotate from alpha to beta.  The normalization with the smaller
   distance is chosen (ties go to [-turn/2, turn/2), as d360 >= d180 does
   in the seed); `longest` != 0 asks for the other way round, which the
   seed writes as "from f(alpha) + 360 to f(beta)" -- correct only when
   f(beta) >= f(alpha).  Here the full turn is added on the side that
   makes the path longer: from f(alpha) + turn when f(beta) >= f(alpha),
   else from f(alpha) - turn.  Stores the endpoints in *a, *b. */
void kn_angle_path(double alpha, double beta, double turn, int longest,
                   double *a, double *b);

#endif
