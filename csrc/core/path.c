/*
** path.c -- plane curves at constant speed (path.h).
*/
#include "fpcontract.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kmath.h"
#include "path.h"

/* ---- segments ------------------------------------------------------------- */

const char *kn_path_kind_name(int kind) {
  static const char names[4][14] = { "bezier", "bezier-spline", "catmull-rom", "linear" };
  return kind >= 0 && kind <= KN_PATH_LINEAR ? names[kind] : NULL;
}

int kn_path_nseg(int kind, int closed, int npts) {
  switch (kind) {
    case KN_PATH_BEZIER: return 1;
    case KN_PATH_BEZIER_SPLINE: return closed ? npts / 3 : (npts - 1) / 3;
    default: return closed ? npts : npts - 1;
  }
}

int kn_path_degree(int kind, int npts) {
  switch (kind) {
    case KN_PATH_BEZIER: return npts - 1;
    case KN_PATH_LINEAR: return 1;
    default: return 3;
  }
}

/* Point i of a closed list of n (wrapping), or of an open one extended by
   the reflections P_-1 = 2 P0 - P1 and P_n = 2 P_{n-1} - P_{n-2}. */
static void cr_point(const double *pts, int n, int closed, int i, double *q) {
  if (closed) {
    i = ((i % n) + n) % n;
    q[0] = pts[2 * i]; q[1] = pts[2 * i + 1];
  } else if (i < 0) {
    q[0] = 2.0 * pts[0] - pts[2]; q[1] = 2.0 * pts[1] - pts[3];
  } else if (i >= n) {
    q[0] = 2.0 * pts[2 * n - 2] - pts[2 * n - 4];
    q[1] = 2.0 * pts[2 * n - 1] - pts[2 * n - 3];
  } else {
    q[0] = pts[2 * i]; q[1] = pts[2 * i + 1];
  }
}

/* The cubic Bezier points of the Catmull-Rom segment P1 -> P2 (path.h). */
static void cr_segment(const double P[4][2], double alpha, double *out) {
  double t[4], m1[2], m2[2];
  int j;
  t[0] = 0.0;
  for (j = 0; j < 3; j++)
    t[j + 1] = t[j] + kn_pow(kn_hypot(P[j + 1][0] - P[j][0], P[j + 1][1] - P[j][1]), alpha);
  for (j = 0; j < 2; j++) {
    double h = t[2] - t[1];
    m1[j] = (P[1][j] - P[0][j]) / (t[1] - t[0]) - (P[2][j] - P[0][j]) / (t[2] - t[0]) +
            (P[2][j] - P[1][j]) / h;
    m2[j] = (P[2][j] - P[1][j]) / h - (P[3][j] - P[1][j]) / (t[3] - t[1]) +
            (P[3][j] - P[2][j]) / (t[3] - t[2]);
    out[j] = P[1][j];
    out[2 + j] = P[1][j] + m1[j] * h / 3.0;
    out[4 + j] = P[2][j] - m2[j] * h / 3.0;
    out[6 + j] = P[2][j];
  }
}

void kn_path_control(int kind, int closed, double alpha, const double *pts, int npts,
                     double *ctrl) {
  int nseg = kn_path_nseg(kind, closed, npts), i, j;
  if (kind == KN_PATH_BEZIER) {
    memcpy(ctrl, pts, (size_t)npts * 2 * sizeof(double));
  } else if (kind == KN_PATH_LINEAR) {
    for (i = 0; i < nseg; i++) {
      int b = (i + 1) % npts;
      ctrl[4 * i] = pts[2 * i]; ctrl[4 * i + 1] = pts[2 * i + 1];
      ctrl[4 * i + 2] = pts[2 * b]; ctrl[4 * i + 3] = pts[2 * b + 1];
    }
  } else if (kind == KN_PATH_BEZIER_SPLINE) {
    for (i = 0; i < nseg; i++)
      for (j = 0; j < 4; j++) {
        int k = (3 * i + j) % npts;
        ctrl[8 * i + 2 * j] = pts[2 * k];
        ctrl[8 * i + 2 * j + 1] = pts[2 * k + 1];
      }
  } else {
    for (i = 0; i < nseg; i++) {
      double P[4][2];
      for (j = 0; j < 4; j++) cr_point(pts, npts, closed, i - 1 + j, P[j]);
      cr_segment((const double (*)[2])P, alpha, ctrl + 8 * i);
    }
  }
}

/* ---- definition checks ---------------------------------------------------- */

int kn_path_check_count(int kind, int closed, int npts, char *why, size_t cap) {
  if (kind == KN_PATH_BEZIER && closed)
    snprintf(why, cap, "a closed path needs kind 'bezier-spline', 'catmull-rom' or 'linear'");
  else if (npts < 2)
    snprintf(why, cap, "at least 2 points expected, got %d", npts);
  else if (kind == KN_PATH_BEZIER && npts > KN_PATH_DEGREE_MAX + 1)
    snprintf(why, cap, "a bezier of degree at most %d expected (%d points), got %d points",
             KN_PATH_DEGREE_MAX, KN_PATH_DEGREE_MAX + 1, npts);
  else if (kind == KN_PATH_BEZIER_SPLINE && !closed && (npts - 1) % 3 != 0)
    snprintf(why, cap, "an open bezier-spline has 3k + 1 points (p0, c1, c2, p1, ...), got %d",
             npts);
  else if (kind == KN_PATH_BEZIER_SPLINE && closed && npts % 3 != 0)
    snprintf(why, cap, "a closed bezier-spline has 3k points (p0, c1, c2, p1, ..., c1, c2), "
             "got %d", npts);
  else
    return 1;
  return 0;
}

int kn_path_check_neighbours(const double *pts, int npts, int closed, char *why, size_t cap) {
  int i, m = closed ? npts : npts - 1;
  for (i = 0; i < m; i++) {
    int j = (i + 1) % npts;
    if (pts[2 * i] == pts[2 * j] && pts[2 * i + 1] == pts[2 * j + 1]) {
      snprintf(why, cap, "points %d and %d coincide (a catmull-rom path with alpha > 0 needs "
               "distinct neighbours)", i + 1, j + 1);
      return 0;
    }
  }
  return 1;
}

int kn_path_check_knots(const double *ctrl, const double *pts, int nseg, int closed, int npts,
                        char *why, size_t cap) {
  int i, j, k;
  for (i = 0; i < nseg; i++) {
    double best = HUGE_VAL;
    int a = 0;
    for (k = 0; k < 8 && isfinite(ctrl[8 * i + k]); k++) {}
    if (k == 8) continue;
    for (j = i - 1; j <= i + 1; j++) {
      int p = closed ? (j + npts) % npts : j, q = closed ? (j + 1) % npts : j + 1;
      double dist;
      if (p < 0 || q >= npts) continue;
      dist = kn_hypot(pts[2 * q] - pts[2 * p], pts[2 * q + 1] - pts[2 * p + 1]);
      if (dist < best) { best = dist; a = p; }
    }
    snprintf(why, cap, "points %d and %d are too close together for the knots of a "
             "catmull-rom path", a + 1, (a + 1) % npts + 1);
    return 0;
  }
  return 1;
}

const char *kn_path_length_error(const kn_path *p) {
  if (p->length > 0.0 && isfinite(p->length)) return NULL;
  return isfinite(p->length) ? "the points span no length" : "the path is too long for a double";
}

/* ---- evaluation ------------------------------------------------------------ */

/* The Bezier curve of degree d with points b (x then y) at t, by the
   Horner-like scheme for the Bernstein form (Farin, Curves and Surfaces
   for CAGD, section 5.1): no scratch space, O(d). */
static void bernstein(const double *b, int d, double t, double *x, double *y) {
  double s = 1.0 - t, tn = 1.0, bc = 1.0, ax, ay;
  int i;
  if (d == 3) {                      /* the splines' cubics, written out */
    double w0 = s * s * s, w1 = 3.0 * s * s * t, w2 = 3.0 * s * t * t, w3 = t * t * t;
    *x = w0 * b[0] + w1 * b[2] + w2 * b[4] + w3 * b[6];
    *y = w0 * b[1] + w1 * b[3] + w2 * b[5] + w3 * b[7];
    return;
  }
  if (d == 2) {
    double w0 = s * s, w1 = 2.0 * s * t, w2 = t * t;
    *x = w0 * b[0] + w1 * b[2] + w2 * b[4];
    *y = w0 * b[1] + w1 * b[3] + w2 * b[5];
    return;
  }
  if (d == 0) { *x = b[0]; *y = b[1]; return; }
  ax = b[0] * s; ay = b[1] * s;
  for (i = 1; i < d; i++) {
    tn *= t;
    bc = bc * (double)(d - i + 1) / (double)i;
    ax = (ax + tn * bc * b[2 * i]) * s;
    ay = (ay + tn * bc * b[2 * i + 1]) * s;
  }
  tn *= t;
  *x = ax + tn * b[2 * d];
  *y = ay + tn * b[2 * d + 1];
}

static const double *seg_ctrl(const kn_path *p, int seg) {
  return p->ctrl + (size_t)seg * (size_t)(p->degree + 1) * 2;
}

static const double *seg_hodo(const kn_path *p, int seg) {
  return p->hodo + (size_t)seg * (size_t)p->degree * 2;
}

/* The derivative's control points of the degree-d points b, into h. */
static void hodograph(const double *b, int d, double *h) {
  int i;
  for (i = 0; i < d; i++) {
    h[2 * i] = (double)d * (b[2 * i + 2] - b[2 * i]);
    h[2 * i + 1] = (double)d * (b[2 * i + 3] - b[2 * i + 1]);
  }
}

/* |B'(t)| from the derivative's points h (degree d - 1): the quadratic of
   a cubic written out, sqrt of the sum of squares unless that leaves the
   normal range (then hypot). */
static double speed_of(const double *h, int d, double t) {
  double dx, dy, q;
  bernstein(h, d - 1, t, &dx, &dy);
  q = dx * dx + dy * dy;
  return q >= DBL_MIN && q <= DBL_MAX ? sqrt(q) : kn_hypot(dx, dy);
}

/* ---- arc length ------------------------------------------------------------ */

/* 8-point Gauss-Legendre nodes and weights on [-1, 1] (Abramowitz and
   Stegun, table 25.4). */
static const double gl_x[4] = { 0.1834346424956498049394761, 0.5255324099163289858177390,
                                0.7966664774136267395915539, 0.9602898564975362316835609 };
static const double gl_w[4] = { 0.3626837833783619829651504, 0.3137066458778872873379622,
                                0.2223810344533744705443560, 0.1012285362903762591525314 };

/* integral_a^b |B'(t)| dt, B' given by its d - 1 degree points h (signed:
   negative when b < a). */
static double gl8(const double *h, int d, double a, double b) {
  double m = 0.5 * (a + b), r = 0.5 * (b - a), sum = 0.0;
  int i;
  for (i = 0; i < 4; i++)
    sum += gl_w[i] * (speed_of(h, d, m - r * gl_x[i]) + speed_of(h, d, m + r * gl_x[i]));
  return sum * r;
}

/* The same with 3 nodes (sqrt(3/5), weights 5/9 and 8/9), for the short
   steps of kn_path_at's iteration: over a step of h within an interval of
   width w where the speed is smooth on the scale w, its error is of order
   (h/w)^6 of the step's length. */
static double gl3(const double *h, int d, double a, double b) {
  double m = 0.5 * (a + b), r = 0.5 * (b - a), x = r * 0.7745966692414833770358531;
  return r * ((5.0 / 9.0) * (speed_of(h, d, m - x) + speed_of(h, d, m + x)) +
              (8.0 / 9.0) * speed_of(h, d, m));
}

/* The 15-point Gauss-Kronrod rule and its embedded 7-point Gauss rule on
   [-1, 1] (Piessens et al., QUADPACK, qk15): nodes, Kronrod weights, and
   the Gauss weights of the odd nodes and of 0.  K15 is exact for degree
   22, G7 for degree 13; |K15 - G7| bounds G7's error on one interval by
   itself, whatever its neighbours do. */
static const double gk_x[8] = {
  0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
  0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
  0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
  0.207784955007898467600689403773245, 0.0 };
static const double gk_wk[8] = {
  0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
  0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
  0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
  0.204432940075298892414161999234649, 0.209482141084727828012999174891714 };
static const double gk_wg[4] = {
  0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
  0.381830050505118944950369775488975, 0.417959183673469387755102040816327 };

/* integral_a^b |B'| by K15, and G7's value into *g7. */
static double gk15(const double *h, int d, double a, double b, double *g7) {
  double m = 0.5 * (a + b), r = 0.5 * (b - a), k = 0.0, g = 0.0;
  int i;
  for (i = 0; i < 7; i++) {
    double f = speed_of(h, d, m - r * gk_x[i]) + speed_of(h, d, m + r * gk_x[i]);
    k += gk_wk[i] * f;
    if (i % 2 == 1) g += gk_wg[i / 2] * f;
  }
  {
    double f0 = speed_of(h, d, m);
    k += gk_wk[7] * f0;
    g += gk_wg[3] * f0;
  }
  *g7 = g * r;
  return k * r;
}

/* The adaptive split of one segment (path.h).  With p NULL it only counts. */
typedef struct split {
  const double *h;     /* the segment's derivative points */
  int d, seg;
  double tol;
  kn_path *p;
  int n;               /* intervals so far */
  double s;            /* arc length so far */
} split;

static void keep(split *S, double a, double b, double len) {
  if (S->p != NULL) {
    S->p->sub_seg[S->n] = S->seg;
    S->p->sub_a[S->n] = a;
    S->p->sub_b[S->n] = b;
    S->p->sub_s[S->n] = S->s;
    S->p->sub_va[S->n] = speed_of(S->h, S->d, a);
    S->p->sub_vb[S->n] = speed_of(S->h, S->d, b);
  }
  S->n++;
  S->s += len;
}

/* [a, b] is kept when G7 is within tol of K15 there (then K15, far more
   accurate, is its length), else halved; the depth, the count and a
   non-finite value end the split.  Every piece is halved twice first: a
   speed whose excess over a constant is odd about the midpoint of an
   interval is integrated exactly there by every symmetric rule, so that
   the two rules agree however badly they resolve it (a straight path that
   creeps away from a repeated control point is one); a speed odd so about
   the midpoints of two levels at once would be periodic, or linear. */
static void adapt(split *S, double a, double b, int depth) {
  double m = 0.5 * (a + b), g7, k15 = gk15(S->h, S->d, a, b, &g7);
  if (depth >= 48 || S->n >= KN_PATH_SUB_MAX || !isfinite(k15) ||
      (depth >= 2 && fabs(k15 - g7) <= S->tol) || !(m > a && m < b)) {
    keep(S, a, b, k15);
    return;
  }
  adapt(S, a, m, depth + 1);
  adapt(S, m, b, depth + 1);
}

/* The derivative's control points of the degree-(d - 1) points h (the
   second derivative of the curve whose first is h), into g. */
static void hodograph2(const double *h, int d, double *g) {
  int i;
  for (i = 0; i + 1 < d; i++) {
    g[2 * i] = (double)(d - 1) * (h[2 * i + 2] - h[2 * i]);
    g[2 * i + 1] = (double)(d - 1) * (h[2 * i + 3] - h[2 * i + 1]);
  }
}

/* B'(t) . B''(t): half the derivative of the squared speed. */
static double speed_slope(const double *h, const double *g, int d, double t) {
  double dx, dy, cx, cy;
  bernstein(h, d - 1, t, &dx, &dy);
  bernstein(g, d - 2, t, &cx, &cy);
  return dx * cx + dy * cy;
}

/* The speed's critical points in (0, 1), in order, into roots: the grid
   points of 32 d intervals where B'.B'' is 0, and its sign changes
   between them, each narrowed by bisection to the last bit.  Every zero
   of the speed is one (|B'|^2 has a minimum 0 there, so B'.B'' changes
   sign), and those are the only points where the speed is not smooth:
   the adaptive split starts from the pieces between them, so that no
   interval holds a kink the quadrature could miss.  Returns the count. */
static int critical_points(const double *h, int d, double *roots) {
  double g[2 * KN_PATH_DEGREE_MAX], prev;
  int n = 0, i, steps = 32 * d;
  if (d < 2) return 0;
  hodograph2(h, d, g);
  prev = speed_slope(h, g, d, 0.0);
  for (i = 1; i <= steps && n < KN_PATH_CRIT_MAX; i++) {
    double lo = (double)(i - 1) / steps, hi = (double)i / steps, f = speed_slope(h, g, d, hi);
    if ((prev < 0.0 && f > 0.0) || (prev > 0.0 && f < 0.0)) {
      double flo = prev;
      while (hi - lo > 0.0) {
        double m = 0.5 * (lo + hi), fm;
        if (!(m > lo && m < hi)) break;
        fm = speed_slope(h, g, d, m);
        if ((fm < 0.0) == (flo < 0.0) && fm != 0.0) { lo = m; flo = fm; }
        else hi = m;
      }
      if (i < steps || hi < 1.0) roots[n++] = hi;
    } else if (f == 0.0 && i < steps) {
      roots[n++] = hi;                       /* on the grid itself */
    }
    prev = f;
  }
  return n;
}

/* Length of the control polygon of degree-d points b. */
static double polygon(const double *b, int d) {
  double len = 0.0;
  int i;
  for (i = 0; i < d; i++) len += kn_hypot(b[2 * i + 2] - b[2 * i], b[2 * i + 3] - b[2 * i + 1]);
  return len;
}

/* Split every segment; a polyline's lines need no split. */
static int split_all(const double *ctrl, int nseg, int d, kn_path *p) {
  double h[2 * KN_PATH_DEGREE_MAX], cut[KN_PATH_CRIT_MAX + 2];
  split S;
  int i, j, n;
  S.p = p; S.n = 0; S.s = 0.0; S.d = d; S.h = h;
  for (i = 0; i < nseg; i++) {
    const double *b = ctrl + (size_t)i * (size_t)(d + 1) * 2;
    hodograph(b, d, h);
    S.seg = i;
    S.tol = 1e-14 * polygon(b, d);
    if (d == 1) { keep(&S, 0.0, 1.0, kn_hypot(h[0], h[1])); continue; }
    n = critical_points(h, d, cut + 1);
    cut[0] = 0.0;
    cut[n + 1] = 1.0;
    for (j = 0; j <= n; j++)
      if (cut[j + 1] > cut[j]) adapt(&S, cut[j], cut[j + 1], 0);
  }
  if (p != NULL) p->length = S.s;
  return S.n;
}

int kn_path_count(const double *ctrl, int nseg, int degree) {
  return split_all(ctrl, nseg, degree, NULL);
}

size_t kn_path_size(int nseg, int degree, int nsub) {
  size_t pts = (size_t)nseg * (size_t)(2 * degree + 1) * 2;
  return sizeof(kn_path) + (pts + 5 * (size_t)nsub) * sizeof(double) +
         (size_t)nsub * sizeof(int);
}

void kn_path_init(kn_path *p, int kind, int closed, int nseg, int degree, int nsub,
                  const double *ctrl) {
  double *arr = (double *)(void *)(p + 1);
  int i;
  p->kind = kind;
  p->closed = closed;
  p->nseg = nseg;
  p->degree = degree;
  p->nsub = nsub;
  p->ctrl = arr;
  p->hodo = p->ctrl + (size_t)nseg * (size_t)(degree + 1) * 2;
  p->sub_a = p->hodo + (size_t)nseg * (size_t)degree * 2;
  p->sub_b = p->sub_a + nsub;
  p->sub_s = p->sub_b + nsub;
  p->sub_va = p->sub_s + nsub;
  p->sub_vb = p->sub_va + nsub;
  p->sub_seg = (int *)(void *)(p->sub_vb + nsub);
  memcpy(p->ctrl, ctrl, (size_t)nseg * (size_t)(degree + 1) * 2 * sizeof(double));
  for (i = 0; i < nseg; i++) hodograph(seg_ctrl(p, i), degree, p->hodo + (size_t)i * (size_t)degree * 2);
  (void)split_all(p->ctrl, nseg, degree, p);
}

/* ---- the inverse of the arc length ------------------------------------------ */

static double sub_length(const kn_path *p, int k) {
  return (k + 1 < p->nsub ? p->sub_s[k + 1] : p->length) - p->sub_s[k];
}

/* The interval holding arc length s: the last one starting at or before
   s, passing back over intervals of no length. */
static int find_sub(const kn_path *p, double s) {
  int lo = 0, hi = p->nsub - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (p->sub_s[mid] <= s) lo = mid;
    else hi = mid - 1;
  }
  while (lo > 0 && !(sub_length(p, lo) > 0.0)) lo--;
  return lo;
}

/* The start of the iteration: the cubic Hermite interpolant of the
   inverse x(s) = t - a on [0, len], from x(0) = 0, x(len) = w and the
   slopes dx/ds = 1/va, 1/vb at the ends (va, vb the speeds there); where
   a speed vanishes, or the cubic leaves (0, w), the chord guess r/len w. */
static double first_guess(double va, double vb, double w, double r, double len) {
  double q = r / len, x = -1.0;
  if (va > 0.0 && vb > 0.0) {
    double q2 = q * q, q3 = q2 * q;
    x = (3.0 * q2 - 2.0 * q3) * w + (q3 - 2.0 * q2 + q) * (len / va) + (q3 - q2) * (len / vb);
  }
  return x > 0.0 && x < w ? x : w * q;
}

/* The t of interval k where the arc length from its start is r, 0 < r <
   len: Newton on F(t) = integral_a^t |B'| - r, each step kept inside the
   bracket that the signs of F have left (else bisected), until |F| -- the
   error along the curve itself -- is within 4 ulps of len, the rounding
   of F's own sum, or the bracket closes.  F is integrated from a at the
   first iterate and after a long step, and carried by the 3-node rule
   over a short one (below 1e-3 of the width w: an error of order 1e-18 of
   the step). */
static double invert(const kn_path *p, int k, double r, double len) {
  const double *h = seg_hodo(p, p->sub_seg[k]);
  int d = p->degree, i;
  double a = p->sub_a[k], lo = a, hi = p->sub_b[k], w = hi - lo, t, f;
  double tol = 4.0 * DBL_EPSILON * len;
  if (d == 1) return a + w * (r / len);       /* a line's speed is constant */
  t = a + first_guess(p->sub_va[k], p->sub_vb[k], w, r, len);
  f = gl8(h, d, a, t) - r;
  for (i = 0; i < 100 && fabs(f) > tol; i++) {
    double v = speed_of(h, d, t), tn;
    if (f > 0.0) hi = t;
    else lo = t;
    tn = v > 0.0 ? t - f / v : 0.5 * (lo + hi);
    if (!(tn > lo && tn < hi)) tn = 0.5 * (lo + hi);
    if (tn == t || !(hi > lo)) break;
    f = fabs(tn - t) <= 1e-3 * w ? f + gl3(h, d, t, tn) : gl8(h, d, a, tn) - r;
    t = tn;
  }
  return t;
}

/* ---- tangent ----------------------------------------------------------------- */

/* The direction of motion of segment seg at t: B'(t), or where it
   vanishes the first derivative that does not, D_k, which B' follows as
   D_k (t - t0)^(k-1) / (k-1)!: leaving the point that is D_k itself,
   arriving it is (-1)^(k-1) D_k.  Returns 0 when every derivative
   vanishes (a segment reduced to a point). */
static int direction(const kn_path *p, int seg, double t, int arriving, double *dx, double *dy) {
  double diff[2 * (KN_PATH_DEGREE_MAX + 1)];
  int d = p->degree, k, i;
  bernstein(seg_hodo(p, seg), d - 1, t, dx, dy);
  if (*dx != 0.0 || *dy != 0.0) return 1;
  memcpy(diff, seg_hodo(p, seg), (size_t)d * 2 * sizeof(double));
  for (k = 2; k <= d; k++) {
    for (i = 0; i <= d - k; i++) {          /* forward differences: D_k up to a factor */
      diff[2 * i] = diff[2 * i + 2] - diff[2 * i];
      diff[2 * i + 1] = diff[2 * i + 3] - diff[2 * i + 1];
    }
    bernstein(diff, d - k, t, dx, dy);
    if (*dx != 0.0 || *dy != 0.0) {
      if (arriving && (k - 1) % 2 == 1) { *dx = -*dx; *dy = -*dy; }
      return 1;
    }
  }
  return 0;
}

/* dangle/ds = the curvature, (B' x B'') / |B'|^3, taken as 0 where the
   speed is so small that it is not a double (the direction turns at a
   cusp in no time). */
static double curvature(const kn_path *p, int seg, double t, double bx, double by) {
  double g[2 * KN_PATH_DEGREE_MAX], cx, cy, v = kn_hypot(bx, by), k;
  int d = p->degree;
  if (d < 2 || v == 0.0) return 0.0;
  hodograph2(seg_hodo(p, seg), d, g);
  bernstein(g, d - 2, t, &cx, &cy);
  k = ((bx / v) * cy - (by / v) * cx) / v / v;
  return isfinite(k) ? k : 0.0;
}

/* ---- queries ----------------------------------------------------------------- */

static double wrap(const kn_path *p, double u) {
  if (p->closed) return (u < 0.0 || u > 1.0) ? u - floor(u) : u;
  return u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
}

void kn_path_at(const kn_path *p, double u, double *x, double *y, double *angle, double *d) {
  double s = wrap(p, u) * p->length, r, len, t, dx = 1.0, dy = 0.0;
  int k = s > 0.0 ? find_sub(p, s) : 0, seg = p->sub_seg[k], arriving = 0;
  len = sub_length(p, k);
  r = s - p->sub_s[k];
  if (!(r > 0.0)) t = p->sub_a[k];
  else if (r >= len) { t = p->sub_b[k]; arriving = 1; }
  else t = invert(p, k, r, len);
  bernstein(seg_ctrl(p, seg), p->degree, t, x, y);
  if (!direction(p, seg, t, arriving, &dx, &dy)) { dx = 1.0; dy = 0.0; }
  *angle = atan2(dy, dx);
  if (d != NULL) {                   /* ds/du = L, |dP/ds| = 1 */
    bernstein(seg_hodo(p, seg), p->degree - 1, t, &dx, &dy);
    d[0] = p->length * cos(*angle);
    d[1] = p->length * sin(*angle);
    d[2] = p->length * curvature(p, seg, t, dx, dy);
    if (!isfinite(d[2])) d[2] = 0.0;              /* at a cusp: see curvature */
  }
}

void kn_path_point(const kn_path *p, double s, double *x, double *y) {
  double v = wrap(p, s) * (double)p->nseg;
  int seg = (int)v;
  if (seg >= p->nseg) seg = p->nseg - 1;
  bernstein(seg_ctrl(p, seg), p->degree, v - (double)seg, x, y);
}
