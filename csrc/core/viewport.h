/*
** viewport.h -- world to screen coordinates:
**   S_x(x) = w O_x + U_x K_x x,   S_y(y) = h O_y + U_y K_y y
** w, h: screen size; O: origin as a fraction of it; U: screen units per
** world unit; K: scale (K_y < 0 turns a y-up world into a y-down screen).
*/
#ifndef KINETIC_VIEWPORT_H
#define KINETIC_VIEWPORT_H

#include <stddef.h>

typedef struct kn_viewport {
  double width, height;        /* w, h */
  double origin_x, origin_y;   /* O_x, O_y */
  double unit_x, unit_y;       /* U_x, U_y */
  double scale_x, scale_y;     /* K_x, K_y */
} kn_viewport;

void kn_viewport_to_screen(const kn_viewport *vp, double x, double y,
                           double *sx, double *sy);

/* The inverse: x = (S_x - w O_x) / (U_x K_x), likewise y.  Returns 0 (and
   leaves x, y alone) when U_x K_x or U_y K_y is 0 (a factor is 0). */
int kn_viewport_to_world(const kn_viewport *vp, double sx, double sy,
                         double *x, double *y);

/* Origin (0, 0), unit (1, 1) and scale (1, 1); width and height left. */
void kn_viewport_defaults(kn_viewport *vp);

/* The parameters by name: the eight numbers (width, height, origin_x ...
   scale_y) and the pairs origin, unit and scale ({x, y}).  The parameter
   named `name` in vp, a pointer to its (first) double, *count 1 for a
   number, 2 for a pair; NULL for no such name. */
double *kn_viewport_param(kn_viewport *vp, const char *name, int *count);
/* The name of pair i (origin, unit, scale), NULL past the last (a
   kn_name_fn, names.h). */
const char *kn_viewport_pair_name(int i);

#endif
