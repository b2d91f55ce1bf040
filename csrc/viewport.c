/*
** viewport.c -- the seed's coordinate transform (section 5) and its inverse.
*/
#include "fpcontract.h"
#include "viewport.h"

void kn_viewport_to_screen(const kn_viewport *vp, double x, double y,
                           double *sx, double *sy) {
  *sx = vp->width * vp->origin_x + vp->unit_x * vp->scale_x * x;
  *sy = vp->height * vp->origin_y + vp->unit_y * vp->scale_y * y;
}

int kn_viewport_to_world(const kn_viewport *vp, double sx, double sy,
                         double *x, double *y) {
  double fx = vp->unit_x * vp->scale_x, fy = vp->unit_y * vp->scale_y;
  if (fx == 0.0 || fy == 0.0) return 0;
  *x = (sx - vp->width * vp->origin_x) / fx;
  *y = (sy - vp->height * vp->origin_y) / fy;
  return 1;
}
