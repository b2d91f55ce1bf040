#!/usr/bin/env python3
"""Generate spec/fixtures/path.lua: exact arc lengths, constant-speed positions and tangents of 2-D paths.

The paths are those of kinetic.path(def): one Bezier curve of any degree, cubic Bezier splines, centripetal /
uniform / chordal Catmull-Rom splines and polylines, open and closed.  Nothing here reads kinetic's C code: the
curves are written from their public definitions.

  Bezier (Bernstein form; Farin, "Curves and Surfaces for CAGD", 5th ed., ch. 4-5):
      B(t) = sum_i C(n,i) (1-t)^(n-i) t^i P_i,  t in [0,1], evaluated by de Casteljau's algorithm;
      B'(t) = n sum_i C(n-1,i) (1-t)^(n-1-i) t^i (P_(i+1) - P_i)  (the hodograph), and likewise for every
      higher derivative (forward differences of the control points).
  Cubic Bezier spline: segment i is the cubic (p_i, c1, c2, p_(i+1)) = def points 3i .. 3i+3; closed: the last
      segment ends on def point 1.
  Catmull-Rom (Barry & Goldman, "A recursive evaluation algorithm for a class of Catmull-Rom splines",
      SIGGRAPH 1988; Yuksel, Schaefer & Keyser, "Parameterization and applications of Catmull-Rom curves",
      CAD 43(7), 2011): for P0..P3, knots t0 = 0, t_(j+1) = t_j + |P_(j+1) - P_j|^alpha, and
          A_j = ((t_j - t) P_(j-1) + (t - t_(j-1)) P_j) / (t_j - t_(j-1))          j = 1, 2, 3
          B_j = ((t_(j+1) - t) A_j + (t - t_(j-1)) A_(j+1)) / (t_(j+1) - t_(j-1))   j = 1, 2
          C   = ((t2 - t) B_1 + (t - t1) B_2) / (t2 - t1)                            t in [t1, t2]
      C is a cubic in t, so the segment is converted to cubic Bezier form in its local parameter
      s = (t - t1)/(t2 - t1): control points P1, P1 + (t2-t1)/3 C'(t1), P2 - (t2-t1)/3 C'(t2), P2 with
          C'(t1) = (P1-P0)/(t1-t0) - (P2-P0)/(t2-t0) + (P2-P1)/(t2-t1)
          C'(t2) = (P2-P1)/(t2-t1) - (P3-P1)/(t3-t1) + (P3-P2)/(t3-t2)
      (differentiate the pyramid at t1 and t2); the script checks the converted form against the pyramid at
      interior points (a wrong tangent would show there) and the tangents against mpmath.diff of the pyramid.
      Open: phantom ends p_(-1) = 2 p0 - p1, p_n = 2 p_(n-1) - p_(n-2); closed: indices wrap, one segment a point.
  Polyline: degree-1 Bezier segments; closed adds the segment back to the first point.

Arc length: per segment, the integral of the speed |B'(t)| by mpmath.quad (tanh-sinh) over the pieces of [0,1]
split at every real root of d/dt |B'|^2 = 2 B'.B'' (the speed's critical points, among them every point where
it vanishes and |B'| has a kink) and at a uniform grid of 16; quad's error estimate is asserted below 1e-30 of the
scale, and every total length is recomputed at 60 digits with Gauss-Legendre and compared.
Inverse: the target arc length u * L (u the double, L the exact length) is located in a segment and a grid piece
by the prefix sums, then s(t) = target is solved in that piece by Newton's method safeguarded by bisection
(mpmath.findroot's Anderson-Bjorck solver stalls next to zeros of the speed, where s(t) is flat);
the residual is asserted below 1e-32 of the scale.

Usage: python3 tools/gen/gen_path.py [out_path]
"""
import math
import os
import sys

import mpmath
from mpmath import mp, mpf
from mpmath.libmp import to_float

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DIGITS = 40
mp.dps = DIGITS
DATE = "2026-11-26"
GRID = 16               # uniform pieces per segment (plus the speed's critical points)
NEAR = 1e-10            # a sample within NEAR * length of a join or a zero of the speed is marked
SENSITIVE = 200         # unmarked samples must have |curvature| * scale <= SENSITIVE (angle error <= 2e-10)

U_VALUES = [0, 1e-3, 0.05, 0.1, 0.25, 1 / 3, 0.4, 0.5, 0.6, 2 / 3, 0.75, 0.9, 0.99, 0.999, 1]
S_VALUES = [0, 0.05, 0.1, 0.25, 1 / 3, 0.5, 0.6, 2 / 3, 0.8, 0.99, 1]


def dbl(x):
    """x rounded once (to nearest) to a double."""
    return to_float(mpf(x)._mpf_, rnd="n") + 0.0


# ---------------------------------------------------------------- Bezier segments
def casteljau(ctrl, t):
    pts = [list(p) for p in ctrl]
    n = len(pts)
    for r in range(1, n):
        for i in range(n - r):
            pts[i] = [(1 - t) * pts[i][k] + t * pts[i + 1][k] for k in (0, 1)]
    return pts[0]


def power_coeffs(ctrl):
    """x(t), y(t) as power-basis coefficient lists (lowest degree first), exact from the Bernstein form."""
    n = len(ctrl) - 1
    out = []
    for k in (0, 1):
        c = [mpf(0)] * (n + 1)
        # B_i,n(t) = C(n,i) t^i (1-t)^(n-i) = sum_j C(n,i) C(n-i,j) (-1)^j t^(i+j)
        for i in range(n + 1):
            for j in range(n - i + 1):
                c[i + j] += mpmath.binomial(n, i) * mpmath.binomial(n - i, j) * (-1) ** j * ctrl[i][k]
        out.append(c)
    return out


def deriv(c):
    return [i * c[i] for i in range(1, len(c))] or [mpf(0)]


def horner(c, t):
    r = mpf(0)
    for a in reversed(c):
        r = r * t + a
    return r


def poly_mul(a, b):
    r = [mpf(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            r[i + j] += x * y
    return r


def poly_add(a, b):
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


class Segment:
    def __init__(self, ctrl, scale):
        self.ctrl = [(mpf(p[0]), mpf(p[1])) for p in ctrl]
        self.deg = len(ctrl) - 1
        self.scale = scale
        px, py = power_coeffs(self.ctrl)
        self.d = [(px, py)]             # self.d[m] = m-th derivative's coefficients
        for _ in range(self.deg):
            px, py = deriv(px), deriv(py)
            self.d.append((px, py))
        self.nodes = self._nodes()
        self.prefix = [mpf(0)]
        for a, b in zip(self.nodes, self.nodes[1:]):
            self.prefix.append(self.prefix[-1] + self.quad(a, b))
        self.length = self.prefix[-1]

    def point(self, t):
        return casteljau(self.ctrl, t)

    def derivative(self, m, t):
        px, py = self.d[m]
        return horner(px, t), horner(py, t)

    def speed(self, t):
        dx, dy = self.derivative(1, t)
        return mpmath.sqrt(dx * dx + dy * dy)

    def critical(self):
        """Real roots in (0,1) of B'.B'' (the speed's critical points, its zeros among them)."""
        if self.deg < 2:
            return []
        (xd, yd), (xdd, ydd) = self.d[1], self.d[2]
        g = poly_add(poly_mul(xd, xdd), poly_mul(yd, ydd))
        big = max(abs(a) for a in g)
        while len(g) > 1 and abs(g[-1]) <= big * mpf(10) ** (-DIGITS + 5):
            g.pop()
        if len(g) < 2 or big == 0:
            return []
        roots = []
        try:
            found = mpmath.polyroots(list(reversed(g)), maxsteps=400, extraprec=200)
        except mpmath.libmp.NoConvergence:
            found = []
        for r in found:
            r = mpmath.mpc(r)
            if abs(r.imag) < mpf(10) ** -20 and mpf(10) ** -30 < r.real < 1 - mpf(10) ** -30:
                roots.append(mpmath.findroot(lambda t: horner(g, t), r.real))
        # a sign change polyroots missed would mean a critical point left out: check on a fine grid
        xs = sorted(set([mpf(0), mpf(1)] + roots + [mpf(i) / 512 for i in range(513)]))
        vals = [horner(g, x) for x in xs]
        for a, b, fa, fb in zip(xs, xs[1:], vals, vals[1:]):
            assert not (fa * fb < 0 and abs(fa) > big * 1e-30 and abs(fb) > big * 1e-30), \
                ("missed a critical point", a, b)
        return sorted(set(roots))

    def _nodes(self):
        xs = [mpf(i) / GRID for i in range(GRID + 1)] + self.critical()
        xs.sort()
        out = [xs[0]]
        for x in xs[1:]:
            if x - out[-1] > mpf(10) ** -25:
                out.append(x)
        out[-1] = mpf(1)
        return out

    def quad(self, a, b):
        if self.deg == 1:
            return (b - a) * self.speed(a)
        v, err = mp.quad(self.speed, [a, b], error=True)
        assert err <= mpf(10) ** -30 * self.scale, ("quad error", err)
        return v

    def zeros(self):
        """Parameters in [0,1] where the speed vanishes (among the nodes, which hold every critical point)."""
        return [t for t in self.nodes if self.speed(t) <= mpf(10) ** -25 * self.scale]

    def t_at(self, r):
        """t in [0,1] with arc length r from t = 0."""
        if r <= 0:
            return mpf(0)
        if r >= self.length:
            return mpf(1)
        if self.deg == 1:
            return r / self.length
        k = 0
        while k + 1 < len(self.prefix) - 1 and self.prefix[k + 1] <= r:
            k += 1
        a, b = self.nodes[k], self.nodes[k + 1]
        if self.prefix[k] == r:
            return a

        def f(t):
            return self.prefix[k] + self.quad(a, t) - r
        fb = self.prefix[k + 1] - r
        if fb == 0:
            return b
        # safeguarded Newton (f' = speed > 0 inside the piece, which has no zero of the speed inside):
        # a Newton step from the current point when it stays in the bracket, else bisection
        lo, hi = a, b
        t = a + (b - a) * (r - self.prefix[k]) / (self.prefix[k + 1] - self.prefix[k])
        for _ in range(200):
            ft = f(t)
            if abs(ft) <= mpf(10) ** -36 * self.scale:
                break
            if ft < 0:
                lo = t
            else:
                hi = t
            sp = self.speed(t)
            nt = t - ft / sp if sp > 0 else lo
            t = nt if lo < nt < hi else (lo + hi) / 2
        else:
            raise AssertionError("no convergence")
        assert a <= t <= b, ("root outside its bracket", a, t, b)
        assert abs(f(t)) <= mpf(10) ** -32 * self.scale, ("residual", f(t))
        return t

    def limit_direction(self, t, side):
        """The unit tangent's limit as the parameter approaches t from side (+1 above, -1 below): the first
        non-vanishing derivative B^(m)(t), times side^(m-1) (B'(t+h) ~ B^(m)(t) h^(m-1) / (m-1)!)."""
        for m in range(1, self.deg + 1):
            dx, dy = self.derivative(m, t)
            if math.hypot(float(dx), float(dy)) > 1e-25 * self.scale:
                sgn = side ** (m - 1)
                return sgn * dx, sgn * dy
        raise AssertionError("constant segment")


# ---------------------------------------------------------------- the path kinds
def catmull_rom_segment(P, alpha):
    """Cubic Bezier control points of the Catmull-Rom segment between P[1] and P[2] (local s in [0,1])."""
    P = [(mpf(p[0]), mpf(p[1])) for p in P]
    t = [mpf(0)]
    for j in range(3):
        dist = mpmath.hypot(P[j + 1][0] - P[j][0], P[j + 1][1] - P[j][1])
        assert dist > 0, "coincident Catmull-Rom points"
        t.append(t[-1] + dist ** mpf(alpha))

    def lerp(a, b, ta, tb, x):
        return tuple(((tb - x) * a[k] + (x - ta) * b[k]) / (tb - ta) for k in (0, 1))

    def pyramid(x):  # Barry-Goldman
        A1 = lerp(P[0], P[1], t[0], t[1], x)
        A2 = lerp(P[1], P[2], t[1], t[2], x)
        A3 = lerp(P[2], P[3], t[2], t[3], x)
        B1 = lerp(A1, A2, t[0], t[2], x)
        B2 = lerp(A2, A3, t[1], t[3], x)
        return lerp(B1, B2, t[1], t[2], x)

    def d(a, b, ta, tb):
        return tuple((b[k] - a[k]) / (tb - ta) for k in (0, 1))

    m1 = tuple(d(P[0], P[1], t[0], t[1])[k] - d(P[0], P[2], t[0], t[2])[k] + d(P[1], P[2], t[1], t[2])[k]
               for k in (0, 1))
    m2 = tuple(d(P[1], P[2], t[1], t[2])[k] - d(P[1], P[3], t[1], t[3])[k] + d(P[2], P[3], t[2], t[3])[k]
               for k in (0, 1))
    h = (t[2] - t[1]) / 3
    ctrl = [P[1], (P[1][0] + h * m1[0], P[1][1] + h * m1[1]), (P[2][0] - h * m2[0], P[2][1] - h * m2[1]), P[2]]
    size = max(abs(c) for p in P for c in p) + 1
    for k in (0, 1):   # the tangents against a numerical derivative of the pyramid
        for tt, m in ((t[1], m1), (t[2], m2)):
            nd = mpmath.diff(lambda x: pyramid(x)[k], tt)
            assert abs(nd - m[k]) <= mpf(10) ** -25 * size / (t[2] - t[1]), ("CR tangent", nd, m[k])
    for s in (mpf("0.1"), mpf("0.37"), mpf("0.5"), mpf("0.83"), mpf(1)):
        a = casteljau(ctrl, s)
        b = pyramid(t[1] + s * (t[2] - t[1]))
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= mpf(10) ** -35 * size, ("CR form", s)
    return ctrl


def segments_of(kind, pts, closed, alpha):
    n = len(pts)
    if kind == "bezier":
        assert not closed
        return [pts]
    if kind == "linear":
        segs = [[pts[i], pts[i + 1]] for i in range(n - 1)]
        if closed:
            segs.append([pts[-1], pts[0]])
        return segs
    if kind == "bezier-spline":
        if closed:
            assert n % 3 == 0
            return [[pts[i], pts[i + 1], pts[i + 2], pts[(i + 3) % n]] for i in range(0, n, 3)]
        assert n % 3 == 1
        return [pts[i:i + 4] for i in range(0, n - 1, 3)]
    if kind == "catmull-rom":
        a = 0.5 if alpha is None else alpha
        if closed:
            return [catmull_rom_segment([pts[(i + j) % n] for j in (-1, 0, 1, 2)], a) for i in range(n)]
        first = (2 * mpf(pts[0][0]) - pts[1][0], 2 * mpf(pts[0][1]) - pts[1][1])
        last = (2 * mpf(pts[-1][0]) - pts[-2][0], 2 * mpf(pts[-1][1]) - pts[-2][1])
        ext = [first] + list(pts) + [last]
        return [catmull_rom_segment(ext[i:i + 4], a) for i in range(n - 1)]
    raise ValueError(kind)


# ---------------------------------------------------------------- cases
def S(k, pts):
    """pts scaled by k (the doubles nearest the products: the def holds these doubles)."""
    return [(p[0] * k, p[1] * k) for p in pts]


CASES = [
    # name, kind, points, closed, alpha, note
    ("bezier1_line", "bezier", [(0, 0), (3, 4)], False, None, "degree 1: a segment, length 5"),
    ("bezier1_leftwards_tiny", "bezier", [(2e-3, 1e-3), (-1e-3, 1e-3)], False, None,
     "degree 1 going in -x: angle pi (atan2(0, -3e-3))"),
    ("quad_arch", "bezier", [(0, 0), (50, 100), (100, 0)], False, None, "quadratic"),
    ("quad_backtrack", "bezier", [(0, 0), (2, 0), (1, 0)], False, None,
     "collinear quadratic: x = 4t - 3t^2 runs to 4/3 at t = 2/3 (speed 0) and back to 1; the angle turns "
     "from 0 to pi there, at arc length 4/3 of 5/3 (u = 0.8)"),
    ("cubic_s", "bezier", [(0, 0), (0.3, 1.2), (0.7, -0.2), (1, 1)], False, None, "cubic with an inflection"),
    ("cubic_cusp", "bezier", S(100, [(0, 0), (1, 1), (0, 1), (1, 0)]), False, None,
     "cusp at t = 1/2, (50, 75), the middle of the arc by symmetry: arrives going up (pi/2), leaves going "
     "down (-pi/2)"),
    ("cubic_loop", "bezier", [(0, 0), (3, 3), (-2, 3), (1, 0)], False, None, "self-intersecting loop"),
    ("cubic_end_coincident", "bezier", [(0, 0), (1, 2), (3, 1), (3, 1)], False, None,
     "c2 = p1: B'(1) = 0; arrives in the direction of P3 - P1 = (2, -1)"),
    ("cubic_start_coincident_big", "bezier", S(1e4, [(0, 0), (0, 0), (0.2, 0.3), (0.5, 0)]), False, None,
     "p0 = c1: B'(0) = 0; leaves in the direction of P2 - P0 = (2, 3)"),
    ("cubic_straight_both_coincident_tiny", "bezier", [(1e-3, 1e-3), (1e-3, 1e-3), (4e-3, -3e-3), (4e-3, -3e-3)],
     False, None, "a straight segment with speed 0 at both ends (smoothstep along it): angle atan2(-4, 3)"),
    ("degree5", "bezier", [(0, 0), (1, 3), (2, -1), (4, 4), (5, -2), (6, 1)], False, None, "degree 5"),
    ("degree7_big", "bezier", S(1e3, [(0, 0), (2, 5), (-1, 7), (3, 9), (6, 2), (4, -3), (9, 1), (10, 6)]),
     False, None, "degree 7, scale 1e4"),
    ("spline_open_smooth", "bezier-spline", [(0, 0), (1, 2), (3, 2), (4, 0), (5, -2), (7, -1), (8, 1)], False,
     None, "2 cubic segments, C1 join"),
    ("spline_open_corners", "bezier-spline",
     [(0, 0), (10, 0), (20, 10), (20, 20), (30, 20), (40, 30), (40, 40), (40, 50), (50, 50), (60, 40)], False,
     None, "3 segments; join 1 at (20,20) is a corner (arrives going up, leaves going right); join 2 at (40,40) "
           "is smooth (up on both sides)"),
    ("spline_open_zero_handle", "bezier-spline",
     [(0, 0), (2, 3), (5, 3), (5, 3), (7, 1), (9, 1), (10, 4)], False, None,
     "join at (5,3) with c2 = p1: speed 0 on the left of the join (arriving along (5,3) - (2,3), angle 0), "
     "leaving along (7,1) - (5,3) (angle -pi/4): a corner with zero speed on one side"),
    ("spline_closed_smooth", "bezier-spline",
     [(0, 0), (2, -1), (5, -1), (6, 1), (7, 3), (5, 5), (3, 5), (1, 5), (-2, 1)], True, None,
     "3 segments, closed: p0 joins the end with the tangents (2,-1) leaving and (2,-1) arriving: smooth"),
    ("spline_closed_corner_tiny", "bezier-spline",
     S(1e-3, [(0, 0), (1, 1), (2, 1), (3, 0), (2, -1), (1, -2)]), True, None,
     "2 segments, scale 1e-3, closed with corners at p0 and p1"),
    ("catmull_default_open", "catmull-rom", [(0, 0), (1, 3), (1.5, 3.2), (6, 2), (7, -1)], False, None,
     "centripetal (alpha omitted = 0.5), uneven spacing, phantom ends"),
    ("catmull_uniform_open", "catmull-rom", [(0, 0), (1, 3), (1.5, 3.2), (6, 2), (7, -1)], False, 0,
     "uniform (alpha 0), same points"),
    ("catmull_chordal_open", "catmull-rom", [(0, 0), (1, 3), (1.5, 3.2), (6, 2), (7, -1)], False, 1,
     "chordal (alpha 1), same points"),
    ("catmull_two_points", "catmull-rom", [(1, 1), (4, 5)], False, None,
     "2 points: the phantoms make 4 evenly spaced collinear points: the segment, at constant speed"),
    ("catmull_three_points_tiny", "catmull-rom", S(1e-3, [(0, 0), (4, 1), (5, 4)]), False, 0.5,
     "3 points at scale 1e-3, alpha 0.5 given explicitly"),
    ("catmull_closed_default", "catmull-rom", [(0, 0), (10, 0), (10, 2), (0, 10)], True, None,
     "closed, 4 points = 4 segments, centripetal"),
    ("catmull_closed_uniform", "catmull-rom", [(0, 0), (4, -1), (6, 2), (5, 5), (1, 4)], True, 0,
     "closed uniform, 5 points"),
    ("catmull_closed_chordal_big", "catmull-rom", S(1e3, [(0, 0), (3, 0.5), (4, 4), (2, 6), (-1, 3)]), True, 1,
     "closed chordal, scale 1e4"),
    ("linear_open", "linear", [(0, 0), (10, 0), (10, 5), (-3, 5), (-3, -2)], False, None,
     "polyline with right-angle corners and a leftwards leg (angle pi)"),
    ("linear_closed_triangle", "linear", [(0, 0), (4, 0), (0, 3)], True, None, "closed triangle, perimeter 12"),
    ("linear_closed_collinear_big", "linear", S(1e3, [(0, 0), (5, 0), (10, 0), (10, 10), (0, 10)]), True, None,
     "closed, scale 1e4, with a straight (non-corner) join at (5000, 0)"),
    ("linear_two_points_tiny", "linear", [(1e-3, 2e-3), (-2e-3, -2e-3)], False, None, "2 points, scale 1e-3"),
]


def angle(v):
    return mpmath.atan2(v[1], v[0])


def angle_diff(a, b):
    d = (a - b) % (2 * mpmath.pi)
    return min(d, 2 * mpmath.pi - d)


def build(name, kind, pts, closed, alpha, note):
    pts = [(float(p[0]), float(p[1])) for p in pts]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    bbox = max(max(xs) - min(xs), max(ys) - min(ys))
    segs0 = segments_of(kind, pts, closed, alpha)
    approx_scale = mpf(max(bbox, 1e-300))
    segs = [Segment(c, approx_scale) for c in segs0]
    k = len(segs)
    cum = [mpf(0)]
    for s in segs:
        cum.append(cum[-1] + s.length)
    L = cum[-1]
    scale = max(L, mpf(bbox))

    # special points: joins (and the two ends) and zeros of the speed, with their one-sided directions
    specials = []   # (arc position, left direction or None, right direction or None, zero speed?)
    for j, s in enumerate(segs):
        left = segs[j - 1].limit_direction(mpf(1), -1) if j > 0 else None
        right = s.limit_direction(mpf(0), 1)
        zero = s.speed(0) <= mpf(10) ** -25 * scale or (j > 0 and segs[j - 1].speed(1) <= mpf(10) ** -25 * scale)
        specials.append((cum[j], left, right, zero))
        for t in s.zeros():
            if 0 < t < 1:
                specials.append((cum[j] + s.prefix[s.nodes.index(t)], s.limit_direction(t, -1),
                                 s.limit_direction(t, 1), True))
    specials.append((L, segs[-1].limit_direction(mpf(1), -1), None, segs[-1].speed(1) <= mpf(10) ** -25 * scale))
    if closed:   # the closing point: either direction may be given at u = 0 and u = 1
        a, b = specials[0], specials[-1]
        specials[0] = (a[0], b[1], a[2], a[3] or b[3])
        specials[-1] = (b[0], b[1], a[2], a[3] or b[3])

    u_values = list(U_VALUES)
    for j in range(1, k):
        u_values.append(dbl(cum[j] / L))
    for sp in specials:
        if sp[3]:
            u_values.append(dbl(sp[0] / L))
    u_values = sorted(set(u_values))

    at_rows = []
    worst = 0
    for u in u_values:
        target = mpf(u) * L
        j = 0
        while j + 1 < k and cum[j + 1] <= target:
            j += 1
        if u == 1:
            j = k - 1
        seg = segs[j]
        t = mpf(1) if u == 1 else seg.t_at(target - cum[j])
        x, y = seg.point(t)
        near = [sp for sp in specials if abs(sp[0] - target) <= NEAR * L]
        assert len(near) <= 1
        row = luaw.Table([u, dbl(x), dbl(y)])
        on_zero = [sp for sp in near if sp[3] and abs(sp[0] - target) <= mpf(10) ** -30 * L]
        if seg.speed(t) > mpf(10) ** -20 * scale and not on_zero:
            th = angle(seg.derivative(1, t))
        elif on_zero:   # on a zero of the speed: the direction of leaving it (at the end: of arriving)
            th = angle(on_zero[0][2] if on_zero[0][2] is not None else on_zero[0][1])
        else:   # at a zero of the speed: the limit on the side the path moves on (leaving; at u = 1 arriving)
            th = angle(seg.limit_direction(t, -1 if u == 1 else 1))
        row.items.append(dbl(th))
        if near:
            _, left, right, zero = near[0]
            others = [angle(v) for v in (left, right) if v is not None]
            alt = [a for a in others if angle_diff(a, th) > mpf(10) ** -12]
            assert len(alt) <= 1
            if zero:
                row.set("zero_speed", True)
            if alt:
                row.set("alt_angle", dbl(alt[0]))
        else:
            d1 = seg.derivative(1, t)
            d2 = seg.derivative(2, t) if seg.deg > 1 else (0, 0)
            kappa = abs(d1[0] * d2[1] - d1[1] * d2[0]) / mpmath.hypot(*d1) ** 3
            worst = max(worst, float(kappa * scale))
            assert kappa * scale <= SENSITIVE, (name, u, "angle too sensitive", float(kappa * scale))
        at_rows.append(row)

    # the curve passes through its knots: Catmull-Rom and polyline points, spline end points
    knots = {"linear": pts, "catmull-rom": pts, "bezier-spline": pts[::3], "bezier": [pts[0], pts[-1]]}[kind]
    ends = [segs[i].point(mpf(0)) for i in range(k)] + ([] if closed else [segs[-1].point(mpf(1))])
    if kind == "bezier":
        ends = [segs[0].point(mpf(0)), segs[0].point(mpf(1))]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= mpf(10) ** -35 * scale for a, b in zip(ends, knots)), name
    assert len(ends) == len(knots), name

    s_values = sorted(set(S_VALUES + [dbl(mpf(i) / k) for i in range(1, k)]))
    point_rows = []
    for s in s_values:
        sk = mpf(s) * k
        i = min(int(mpmath.floor(sk)), k - 1)
        x, y = segs[i].point(sk - i)
        point_rows.append([s, dbl(x), dbl(y)])

    # the total length again: 60 digits, Gauss-Legendre, same split points
    with mp.workdps(60):
        check = mpf(0)
        for s in segs:
            if s.deg == 1:
                check += s.length
                continue
            seg60 = [(mpf(p[0]), mpf(p[1])) for p in s.ctrl]
            hodo = [(s.deg * (seg60[i + 1][0] - seg60[i][0]), s.deg * (seg60[i + 1][1] - seg60[i][1]))
                    for i in range(s.deg)]

            def sp60(t, hodo=hodo):
                v = casteljau(hodo, t)
                return mpmath.hypot(v[0], v[1])
            check += mp.quad(sp60, s.nodes, method="gauss-legendre")
        assert abs(check - L) <= mpf(10) ** -32 * scale, (name, "length check", check, L)

    d = luaw.Table([[p[0], p[1]] for p in pts], kind=kind)
    if alpha is not None:
        d.set("alpha", alpha)
    if closed:
        d.set("closed", True)
    print("%-36s k=%d L=%s worst kappa*scale=%.3g" % (name, k, mpmath.nstr(L, 20), worst), file=sys.stderr)
    return luaw.Chunk({
        "name": name, "note": note, "def": d, "segments": k, "length": dbl(L), "scale": dbl(scale),
        "joins": [dbl(c / L) for c in cum[1:-1]],
        "at": at_rows, "point": point_rows,
    })


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "path.lua")
    cases = [build(*c) for c in CASES]
    header = [
        "spec/fixtures/path.lua -- GENERATED by tools/gen/gen_path.py; do not edit by hand.",
        "Reference values for kinetic.path: no peer, the curves written from their public definitions (Bezier in",
        "  Bernstein form by de Casteljau, Farin's CAGD; Catmull-Rom by the Barry-Goldman pyramid, knots",
        "  t_(j+1) = t_j + |P_(j+1) - P_j|^alpha, Yuksel-Schaefer-Keyser 2011, converted to cubic Bezier form in the",
        "  segment's local parameter and checked against the pyramid). mpmath %s at %d digits (Python %s), %s."
        % (mpmath.__version__, DIGITS, sys.version.split()[0], DATE),
        "Arc length: mpmath.quad (tanh-sinh) of |B'(t)| per segment, split at every real root of B'.B'' in (0,1)",
        "  (the speed's critical points: every zero of the speed among them) and at t = i/16; the totals recomputed at",
        "  60 digits by Gauss-Legendre agree to 1e-32 of the scale. Inverse: u * L (u the double, L exact) is located",
        "  by the prefix sums and s(t) = u L solved by Newton's method kept in the bracket by bisection; residual <",
        "  1e-32 of the scale. Every number is the exact value rounded once to double.",
        "cases[i]: name, note, def (exactly the table given to kinetic.path: kind, the points {x, y}, alpha and",
        "  closed only when given), segments (k), length, scale = max(length, larger side of the def points' bbox),",
        "  joins = arc-length fractions of the segment joins (exact, rounded),",
        "  at = {u, x, y, angle}: the point at arc-length fraction u (constant speed) and atan2(dy, dx) of the",
        "    tangent there (direction of motion, in (-pi, pi]). The u are 0, 1, fixed fractions, the joins rounded",
        "    and the arc positions of zeros of the speed rounded.",
        "    zero_speed = true: the sample lies within 1e-10 L of a point where B' = 0 (a cusp, a coincident",
        "      control point, a zero-length handle at a join); angle is then the LIMIT of the tangent direction on",
        "      the side the exact u * L lies (B^(m)(t0) * side^(m-1), m the first non-vanishing derivative), and when",
        "      u * L sits on the point itself, the direction of leaving it (at u = 1: of arriving).",
        "    alt_angle: the sample lies within 1e-10 L of a join or zero-speed point whose two one-sided directions",
        "      differ (a corner, a cusp); alt_angle is the other side's direction, equally acceptable. On closed paths",
        "      u = 0 and u = 1 carry the arriving and leaving directions at the closing point as angle / alt_angle",
        "      when they differ. Unmarked samples have |curvature| * scale <= %d, so a 1e-12 relative error in the"
        % SENSITIVE,
        "      arc-length inverse moves the angle by at most 2e-10.",
        "  point = {s, x, y}: the point at the curve's own parameter s, segment i of k covering [i/k, (i+1)/k]",
        "    (i = min(floor(s k), k-1), local parameter s k - i; Catmull-Rom: t = t1 + local (t2 - t1)).",
        "Conventions: bezier-spline closed = p0, c, c, p1, ..., c, c (3k points), the last segment ending on p0;",
        "  linear closed adds the segment back to the first point; catmull-rom closed wraps (k = n), open uses the",
        "  phantoms 2 p0 - p1 and 2 p(n-1) - p(n-2) (k = n - 1). A closed single bezier is not a case.",
    ]
    luaw.write(out, header, {
        "generator": "tools/gen/gen_path.py", "digits": DIGITS, "mpmath": mpmath.__version__, "date": DATE,
        "cases": cases,
    })


if __name__ == "__main__":
    main()
