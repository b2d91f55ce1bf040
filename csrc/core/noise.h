/*
** noise.h -- one-dimensional gradient noise (Perlin's construction):
** at each integer i a gradient g(i) in [-1, 1) drawn from (i, seed) by an
** integer hash, and between i and i + 1, with f = x - i,
**   n(x) = 2 (a + s(f) (b - a)),  a = g(i) f,  b = g(i+1) (f - 1),
**   s(f) = f^3 (f (6 f - 15) + 10)   (Perlin's quintic fade: s(0) = 0,
**                                     s(1) = 1, s' = s'' = 0 at both),
** so n is 0 at every integer, its slope there is 2 g(i) from both sides
** (C1, in fact C2), and |n| <= 2 max((1 - s) f + s (1 - f)) = 1.
** The hash works on integers below 2^31 - 1 with products below 2^53 and
** reductions by floor: + - * / and floor only, every step exact, so every
** platform and the Lua backend give the same bits.  Pure C99.
*/
#ifndef KINETIC_NOISE_H
#define KINETIC_NOISE_H

/* x finite, seed an integer of magnitude at most 2^53 (the caller checks).
   For |x| >= 2^52 (every such double is an integer) the result is 0. */
double kn_noise(double x, double seed);

#endif
