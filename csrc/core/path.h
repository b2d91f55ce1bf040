/*
** path.h -- plane curves traversed at constant speed: one Bezier curve of
** any degree, cubic Bezier splines, centripetal Catmull-Rom splines and
** polylines, open or closed.  Pure C99.
**
** Every path is a chain of polynomial segments of one degree d, each held
** as its Bezier control points: a Bezier curve is one segment, a spline's
** segments are cubic, a Catmull-Rom segment is converted to the cubic it
** is (below), a polyline's segments are lines.  The curve's own parameter
** s in [0, 1] is spread evenly over the segments (segment i of n covers
** [i/n, (i+1)/n]).
**
** Arc length.  Each segment's length is the integral of its speed
** |B'(t)| over [0, 1], first cut at the speed's critical points (the
** roots of B'.B'', among them every point where the speed vanishes and
** |B'| has a kink), then split adaptively: an interval is kept when its
** 7-point Gauss and 15-point Kronrod values differ by at most 1e-14 times
** the segment's control polygon length (which bounds the arc length), and
** its Kronrod value is stored.  That difference bounds the Gauss value's
** error on the interval alone (a test of an interval against its halves
** can be fooled where the halves' errors cancel), and the Kronrod value's
** error is far below it, so the stored cumulative lengths carry relative
** errors near the rounding of their sums.  kn_path_at inverts the
** length: it finds the stored interval holding the arc length u L, then
** solves  integral_a^t |B'| = r  for t by Newton's method on that
** interval, safeguarded by bisection (the integral is increasing in t, so
** a bracket always holds the root).
**
** Catmull-Rom.  With points P0..P3 and knots t_{j+1} = t_j + |P_{j+1} -
** P_j|^alpha (alpha 0.5: centripetal; Yuksel, Schaefer and Keyser 2011),
** the Barry-Goldman pyramid traces on [t1, t2] the cubic whose end
** tangents (with respect to t) are
**   m1 = (P1 - P0)/(t1 - t0) - (P2 - P0)/(t2 - t0) + (P2 - P1)/(t2 - t1)
**   m2 = (P2 - P1)/(t2 - t1) - (P3 - P1)/(t3 - t1) + (P3 - P2)/(t3 - t2),
** so its Bezier points are P1, P1 + m1 (t2 - t1)/3, P2 - m2 (t2 - t1)/3, P2.
** An open path's ends get phantom points reflected through its first and
** last points (P_-1 = 2 P0 - P1).
*/
#ifndef KINETIC_PATH_H
#define KINETIC_PATH_H

#include <stddef.h>

enum kn_path_kind { KN_PATH_BEZIER, KN_PATH_BEZIER_SPLINE, KN_PATH_CATMULL_ROM, KN_PATH_LINEAR };
/* The option name of a kind ("bezier", "bezier-spline", "catmull-rom",
   "linear"), NULL past the last (a kn_name_fn, names.h). */
const char *kn_path_kind_name(int kind);

/* The highest degree of a "bezier" path. */
#define KN_PATH_DEGREE_MAX 64
/* At most this many critical points of the speed per segment (B'.B'' has
   degree 2 d - 3), and this many length intervals per path. */
#define KN_PATH_CRIT_MAX (2 * KN_PATH_DEGREE_MAX)
#define KN_PATH_SUB_MAX (1 << 20)

typedef struct kn_path {
  int kind;            /* enum kn_path_kind */
  int closed;
  int degree;          /* d of every segment, 1..KN_PATH_DEGREE_MAX */
  int nseg;            /* segments, >= 1 */
  int nsub;            /* stored length intervals, >= nseg */
  double length;       /* L, the total arc length */
  double *ctrl;        /* nseg (d + 1) control points, x then y */
  double *hodo;        /* nseg d points of each segment's derivative */
  int *sub_seg;        /* interval k: its segment, */
  double *sub_a, *sub_b;   /* its parameter range within the segment, */
  double *sub_s;       /* the arc length before it, */
  double *sub_va, *sub_vb;  /* and the speeds |B'| at its ends */
  double out[3];       /* room for a caller's x, y and angle (the LuaJIT
                          fast path keeps its results there; the core
                          never reads it) */
} kn_path;

/* The checks of a path's definition, each 1 when it passes, else 0 with
   the reason written into why[cap] (NUL-terminated, cut to fit), in the
   order they apply.  The count of npts points for the kind: a closed path
   is not a single bezier; at least 2 points; a bezier of degree at most
   KN_PATH_DEGREE_MAX; a bezier-spline of 3k + 1 points open, 3k closed. */
int kn_path_check_count(int kind, int closed, int npts, char *why, size_t cap);
/* Catmull-Rom with alpha > 0: no two neighbours equal, since the knot
   interval |P_{j+1} - P_j|^alpha would be 0. */
int kn_path_check_neighbours(const double *pts, int npts, int closed, char *why, size_t cap);
/* Catmull-Rom, after kn_path_control: every control point finite.  A
   segment whose knots do not increase (neighbours so close that
   |P_{j+1} - P_j|^alpha vanishes beside the knot before it) has no finite
   cubic; the reason names the closest pair of the points it is made of
   (segment i: points i - 1 to i + 2). */
int kn_path_check_knots(const double *ctrl, const double *pts, int nseg, int closed, int npts,
                        char *why, size_t cap);
/* After kn_path_init: NULL when the length is a positive finite number,
   else the reason. */
const char *kn_path_length_error(const kn_path *p);

/* Segments and degree of a path of npts points (the caller has checked
   the count: bezier >= 2; bezier-spline 3k + 1 open, 3k closed, k >= 1;
   catmull-rom and linear >= 2). */
int kn_path_nseg(int kind, int closed, int npts);
int kn_path_degree(int kind, int npts);

/* The segments' control points into ctrl (nseg (d + 1) points), from the
   npts points pts (x then y).  Catmull-Rom with alpha > 0 needs no two
   consecutive points equal (the caller checks). */
void kn_path_control(int kind, int closed, double alpha, const double *pts, int npts,
                     double *ctrl);

/* The number of length intervals the adaptive split makes of ctrl. */
int kn_path_count(const double *ctrl, int nseg, int degree);

/* Bytes for a path of nseg segments of degree d with nsub intervals; the
   arrays follow the struct in the same block. */
size_t kn_path_size(int nseg, int degree, int nsub);

/* Build p in a block of kn_path_size bytes (nsub from kn_path_count). */
void kn_path_init(kn_path *p, int kind, int closed, int nseg, int degree, int nsub,
                  const double *ctrl);

/* The point at the fraction u of the arc length and the direction of
   motion there, atan2(dy, dx) (where the speed vanishes, the limit
   direction: leaving the point, or arriving at the end of an open path).
   A closed path takes u modulo 1; an open one clamps u to [0, 1].
   When d is not NULL, d[0..2] = dx/du, dy/du, dangle/du (0 where that is
   beyond the doubles: at a cusp the direction turns in no time). */
void kn_path_at(const kn_path *p, double u, double *x, double *y, double *angle, double *d);

/* The point at the curve's own parameter s (wrapped or clamped as u). */
void kn_path_point(const kn_path *p, double s, double *x, double *y);

#endif
