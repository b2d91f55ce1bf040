/*
** viewport.h -- world to screen coordinates:
**   S_x(x) = w O_x + U_x K_x x,   S_y(y) = h O_y + U_y K_y y
** w, h: screen size; O: origin as a fraction of it; U: screen units per
** world unit; K: scale (K_y < 0 turns a y-up world into a y-down screen).
*/
#ifndef KINETIC_VIEWPORT_H
#define KINETIC_VIEWPORT_H

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

#endif
