#!/usr/bin/env python3
"""Generate spec/fixtures/step_times.lua: the exact first-crossing times of easings.

For an easing E on [0, 1] and a count n, step_times(E, n) is t_k = inf { t in [0, 1] : E(t) >= k/n },
k = 1 .. n: the FIRST input at which the output progress reaches k/n.  Easings that are not monotone
(Back, Elastic, Bounce, overshooting cubic-beziers and linear()) cross a level several times; the first
crossing counts.  Each t_k is stored with slope_k = E'(t_k):
  * the derivative where E is differentiable at t_k;
  * 1/0 when t_k is a jump of E (every steps() crossing; outExpo at t = 1, where E(1-) = 1 - 2^-10) or
    a vertical tangent (inOutCirc at 1/2, cubic-bezier(1, 0, 0, 1) at 1/2);
  * at a corner (a join of two pieces with different one-sided slopes, e.g. outBounce at 4/11 or
    linear() at a stop) the LEFT derivative: the slope with which E arrives at the level;
  * 0 at a tangency (the level is a local maximum touched from below: inOutBounce's 1/8 at t = 5/22)
    and where E is stationary (ease at t = 1, outInCubic at 1/2).
Numbers are rounded once to binary64 (correct rounding of the 60-digit value); the whole set is
recomputed at 90 digits and must give the same doubles.

Definitions (parameters are the exact doubles kinetic stores: 1.70158, 0.3, 0.45, 0.68, ...):
  * CSS cubic-bezier (CSS Easing 1): P0 = (0, 0), P3 = (1, 1), x(u) = 3 x1 u (1-u)^2 + 3 x2 u^2 (1-u) + u^3,
    y(u) likewise; E(x(u)) = y(u).  x1, x2 in [0, 1] make x non-decreasing, so the first t is x of the
    first u: u_k = the smallest root in [0, 1] of the cubic y(u) - k/n (mpmath.polyroots; cross-checked by
    bisection on the monotone pieces of y between the roots of the quadratic y'(u)), t_k = x(u_k),
    slope = y'(u)/x'(u) (y''/x'' when both vanish, 1/0 when only x' does).  Keywords:
    ease (0.25, 0.1, 0.25, 1), ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), ease-in-out (0.42, 0, 0.58, 1).
  * CSS linear() (CSS Easing 2): the piecewise-linear function through the stops, inputs as fractions.
  * CSS steps(m, position) (CSS Easing 1, no before flag): E(t) = min(floor(m t) + s, J) / J on [0, 1], with
    s = 1 for jump-start and jump-both, else 0, and J = m (jump-start, jump-end), m + 1 (jump-both),
    m - 1 (jump-none).  Exactly (rational arithmetic): level k/n needs step j = ceil(J k / n), reached at
    t = max(0, (j - s) / m); slope 1/0.
  * Penner (easings.net's formulas, with tween.lua's parameters as kinetic documents them in
    docs/easing.md "Penner"; p in [0, 1], E(0) = 0 and E(1) = 1 exactly):
      inQuad p^2; outCubic 1 - (1-p)^3; inOutQuart p < 1/2: 8 p^4, else 1 - (-2p+2)^4/2;
      inSine 1 - cos(p pi/2); inOutSine -(cos(pi p) - 1)/2;
      inExpo p == 0 ? 0 : 2^(10p - 10)  (docs/easing.md: easings.net's inExpo, exactly 0 at 0, no 0.001
        correction; levels here are >= 1/100 > 2^-10, so the jump at 0 is never the crossing);
      outExpo p == 1 ? 1 : 1 - 2^(-10p)  (so the level 1 is reached by the jump at p = 1);
      inOutCirc p < 1/2: (1 - sqrt(1 - (2p)^2))/2, else (sqrt(1 - (-2p+2)^2) + 1)/2;
      Back, c1 = s = 1.70158, c3 = c1 + 1, c2 = 1.525 c1 (exact product of the doubles):
        inBack c3 p^3 - c1 p^2; outBack 1 + c3 (p-1)^3 + c1 (p-1)^2;
        inOutBack p < 1/2: (2p)^2 ((c2+1) 2p - c2)/2, else ((2p-2)^2 ((c2+1)(2p-2) + c2) + 2)/2;
      Elastic (amplitude A = 1, period P = 0.3 for in/out, 0.45 for inOut; phase S = P/(2 pi) asin(1/A) = P/4):
        inElastic -(2^(10u) sin((u - S) 2pi/P)), u = p - 1;  outElastic 2^(-10p) sin((p - S) 2pi/P) + 1;
        inOutElastic, u = 2p - 1: u < 0: -2^(10u) sin((u - S) 2pi/P)/2, else 2^(-10u) sin((u - S) 2pi/P)/2 + 1
        (with P = 3/10 and 9/20 these are easings.net's c4 = 2pi/3 and c5 = 2pi/4.5 forms);
      outBounce (n1 = 7.5625, d1 = 2.75): p < 1/d1: n1 p^2; p < 2/d1: n1 (p - 1.5/d1)^2 + 0.75;
        p < 2.5/d1: n1 (p - 2.25/d1)^2 + 0.9375; else n1 (p - 2.625/d1)^2 + 0.984375;
      inOutBounce p < 1/2: (1 - outBounce(1 - 2p))/2, else (1 + outBounce(2p - 1))/2;
      outInCubic p < 1/2: outCubic(2p)/2, else 1/2 + inCubic(2p - 1)/2  (tween.lua's outIn).
Method for everything but steps() and cubic-bezier: E is split into its pieces (the formula branches and
the exact end values) and each piece into monotone segments at the roots of E' (found by sign changes of
the analytic E' on 1000 samples, refined by bisection; E' is checked against mpmath.diff).  The first
segment whose end reaches k/n holds t_k: the end itself if it equals k/n within 10^(-3 dps/4) (a touch,
a join or a stationary point), else the root found by bisection to the working precision.

Usage: python3 tools/gen/gen_step_times.py [out_path]
"""
import datetime
import os
import sys
from fractions import Fraction

import mpmath
from mpmath import mp, mpf

sys.dont_write_bytecode = True  # no tools/gen/__pycache__ from importing luaw
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DPS, DPS_CHECK = 60, 90
NS = [1, 2, 3, 7, 10, 24]
WITH_100 = {"ease", "inOutSine", "outElastic", "outBounce", "cubic-bezier(0.68, -0.55, 0.265, 1.55)"}
INF = mpf("inf")


def eps():
    return mpf(10) ** (-(mp.dps * 3 // 4))


class Piece:
    """f on [a, b] (b excluded unless it is the last piece), df its derivative."""

    def __init__(self, a, b, f, df):
        self.a, self.b, self.f, self.df = mpf(a), mpf(b), f, df
        self.segs = None

    def segments(self):
        if self.segs is None:
            a, b = self.a, self.b
            if a == b:
                self.segs = [(a, b)]
                return self.segs
            crit = critical_points(self.df, a, b)
            pts = [a] + crit + [b]
            self.segs = list(zip(pts[:-1], pts[1:]))
        return self.segs


def sgn(x):
    return (x > 0) - (x < 0)


def bisect_sign(g, lo, hi):
    """Root of g in [lo, hi], g(lo) and g(hi) of opposite signs."""
    glo = sgn(g(lo))
    for _ in range(mp.prec + 20):
        mid = (lo + hi) / 2
        s = sgn(g(mid))
        if s == 0:
            return mid
        if s == glo:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def critical_points(df, a, b, samples=1000):
    xs = [a + (b - a) * i / samples for i in range(samples + 1)]
    ss = [sgn(df(x)) for x in xs]
    out = []
    last = None  # index of the last non-zero sign
    for i in range(samples + 1):
        if ss[i] == 0:
            if 0 < i < samples:
                out.append(xs[i])
            continue
        if last is not None and ss[last] != ss[i] and last == i - 1:
            out.append(bisect_sign(df, xs[last], xs[i]))
        last = i
    return sorted(out)


class Piecewise:
    def __init__(self, name, pieces):
        self.name, self.pieces = name, pieces

    def E(self, t):
        for i, p in enumerate(self.pieces):
            last = i == len(self.pieces) - 1
            if p.a <= t and (t < p.b or (last and t == p.b) or (p.a == p.b == t)):
                return p.f(t)
        raise ValueError(t)

    def first(self, L):
        """(t, slope, kind) of the first crossing of level L > 0."""
        E = eps()
        prev = None
        for i, p in enumerate(self.pieces):
            for (l, r) in p.segments():
                fl = p.f(l)
                if fl >= L - E:
                    assert l == p.a and prev is not None, (self.name, L, l)
                    left = prev.f(prev.b)
                    if left < L - E:
                        return l, INF, "jump"
                    return l, prev.df(prev.b), "join"
                fr = p.f(r)
                if fr >= L - E:
                    if abs(fr - L) <= E:
                        if r == p.b and i + 1 < len(self.pieces):
                            nxt = self.pieces[i + 1]
                            assert nxt.f(r) >= L - E, (self.name, L, "downward jump at a touch")
                        return r, p.df(r), "end of segment"
                    t = bisect_sign(lambda x: p.f(x) - L, l, r)
                    return t, p.df(t), "root"
            prev = p
        raise ValueError("level not reached", self.name, L)

    def solutions(self, L):
        """All t with E(t) = L (touches included) and the jumps across L: for the diagnostics."""
        E = eps()
        sols = []
        for i, p in enumerate(self.pieces):
            for (l, r) in p.segments():
                fl, fr = p.f(l), p.f(r)
                if abs(fl - L) <= E:
                    sols.append(l)
                if abs(fr - L) <= E:
                    sols.append(r)
                if min(fl, fr) < L - E and max(fl, fr) > L + E:
                    sols.append(bisect_sign(lambda x: p.f(x) - L, l, r))
            if i + 1 < len(self.pieces):
                q = self.pieces[i + 1]
                left, v = p.f(p.b), q.f(p.b)
                if min(left, v) < L - E and max(left, v) > L + E:
                    sols.append(p.b)
        sols.sort()
        out = []
        for s in sols:
            if not out or s - out[-1] > mpf(10) ** (-(mp.dps // 2)):
                out.append(s)
        return out

    def right_slope(self, t):
        for i, p in enumerate(self.pieces):
            if p.a <= t < p.b:
                return p.df(t)
        return None


# ---------------------------------------------------------------- Penner
def pw(x):
    return mpmath.power(2, x)


def const(c):
    """The exact end value E(c) = c at c = 0 or 1, as a piece of length zero."""
    return Piece(c, c, lambda t: mpf(c), lambda t: mpf(0))


def smooth(name, f, df):
    return Piecewise(name, [Piece(0, 1, f, df), const(1)])


def halves(name, f1, d1, f2, d2):
    h = mpf(1) / 2
    return Piecewise(name, [Piece(0, h, f1, d1), Piece(h, 1, f2, d2), const(1)])


def circ_d(num, rad):
    return INF if rad == 0 else num / mpmath.sqrt(rad)


def bounce_pieces():
    n1, d1 = mpf(7.5625), mpf(2.75)
    spec = [(0, 1 / d1, 0, 0), (1 / d1, 2 / d1, mpf(1.5) / d1, mpf(0.75)),
            (2 / d1, mpf(2.5) / d1, mpf(2.25) / d1, mpf(0.9375)), (mpf(2.5) / d1, 1, mpf(2.625) / d1, mpf(0.984375))]
    return [(mpf(a), mpf(b), (lambda x, c=c, k=k: n1 * (x - c) ** 2 + k), (lambda x, c=c: 2 * n1 * (x - c)))
            for a, b, c, k in spec]


def penner(name):
    PI, LN2 = mp.pi, mpmath.ln(2)
    h = mpf(1) / 2
    c1 = mpf(1.70158)
    c3, c2 = c1 + 1, c1 * mpf(1.525)

    def elastic(P):
        P = mpf(P)
        A = mpf(1)
        S = P / (2 * PI) * mpmath.asin(1 / A)
        return A, S, 2 * PI / P

    if name == "inQuad":
        return smooth(name, lambda t: t * t, lambda t: 2 * t)
    if name == "outCubic":
        return smooth(name, lambda t: 1 - (1 - t) ** 3, lambda t: 3 * (1 - t) ** 2)
    if name == "inOutQuart":
        return halves(name, lambda t: 8 * t ** 4, lambda t: 32 * t ** 3,
                      lambda t: 1 - (-2 * t + 2) ** 4 / 2, lambda t: 4 * (2 - 2 * t) ** 3)
    if name == "inSine":
        return smooth(name, lambda t: 1 - mpmath.cos(t * PI / 2), lambda t: PI / 2 * mpmath.sin(t * PI / 2))
    if name == "inOutSine":
        return smooth(name, lambda t: -(mpmath.cos(PI * t) - 1) / 2, lambda t: PI / 2 * mpmath.sin(PI * t))
    if name == "inExpo":
        return Piecewise(name, [const(0), Piece(0, 1, lambda t: pw(10 * t - 10), lambda t: 10 * LN2 * pw(10 * t - 10)),
                                const(1)])
    if name == "outExpo":
        return smooth(name, lambda t: 1 - pw(-10 * t), lambda t: 10 * LN2 * pw(-10 * t))
    if name == "inOutCirc":
        return halves(name, lambda t: (1 - mpmath.sqrt(1 - (2 * t) ** 2)) / 2,
                      lambda t: circ_d(2 * t, 1 - 4 * t * t),
                      lambda t: (mpmath.sqrt(1 - (-2 * t + 2) ** 2) + 1) / 2,
                      lambda t: circ_d(2 - 2 * t, 1 - (2 - 2 * t) ** 2))
    if name == "inBack":
        return smooth(name, lambda t: c3 * t ** 3 - c1 * t ** 2, lambda t: 3 * c3 * t ** 2 - 2 * c1 * t)
    if name == "outBack":
        return smooth(name, lambda t: 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2,
                      lambda t: 3 * c3 * (t - 1) ** 2 + 2 * c1 * (t - 1))
    if name == "inOutBack":
        return halves(name, lambda t: (2 * t) ** 2 * ((c2 + 1) * 2 * t - c2) / 2,
                      lambda t: 12 * (c2 + 1) * t ** 2 - 4 * c2 * t,
                      lambda t: ((2 * t - 2) ** 2 * ((c2 + 1) * (t * 2 - 2) + c2) + 2) / 2,
                      lambda t: 3 * (c2 + 1) * (2 * t - 2) ** 2 + 2 * c2 * (2 * t - 2))
    if name == "inElastic":
        A, S, w = elastic(0.3)
        return smooth(name, lambda t: -(A * pw(10 * (t - 1)) * mpmath.sin((t - 1 - S) * w)),
                      lambda t: -A * pw(10 * (t - 1)) * (10 * LN2 * mpmath.sin((t - 1 - S) * w)
                                                         + w * mpmath.cos((t - 1 - S) * w)))
    if name == "outElastic":
        A, S, w = elastic(0.3)
        return smooth(name, lambda t: A * pw(-10 * t) * mpmath.sin((t - S) * w) + 1,
                      lambda t: A * pw(-10 * t) * (-10 * LN2 * mpmath.sin((t - S) * w) + w * mpmath.cos((t - S) * w)))
    if name == "inOutElastic":
        A, S, w = elastic(0.45)
        return halves(name, lambda t: -A * pw(10 * (2 * t - 1)) * mpmath.sin((2 * t - 1 - S) * w) / 2,
                      lambda t: -A * pw(10 * (2 * t - 1)) * (10 * LN2 * mpmath.sin((2 * t - 1 - S) * w)
                                                             + w * mpmath.cos((2 * t - 1 - S) * w)),
                      lambda t: A * pw(-10 * (2 * t - 1)) * mpmath.sin((2 * t - 1 - S) * w) / 2 + 1,
                      lambda t: A * pw(-10 * (2 * t - 1)) * (-10 * LN2 * mpmath.sin((2 * t - 1 - S) * w)
                                                             + w * mpmath.cos((2 * t - 1 - S) * w)))
    if name == "outBounce":
        return Piecewise(name, [Piece(a, b, f, d) for a, b, f, d in bounce_pieces()] + [const(1)])
    if name == "inOutBounce":
        pieces = []
        # first half: (1 - out(1 - 2p))/2, the out pieces in reverse order of p
        for a, b, f, d in reversed(bounce_pieces()):
            pieces.append(Piece((1 - b) / 2, (1 - a) / 2, (lambda t, f=f: (1 - f(1 - 2 * t)) / 2),
                                (lambda t, d=d: d(1 - 2 * t))))
        for a, b, f, d in bounce_pieces():
            pieces.append(Piece((1 + a) / 2, (1 + b) / 2, (lambda t, f=f: (1 + f(2 * t - 1)) / 2),
                                (lambda t, d=d: d(2 * t - 1))))
        return Piecewise(name, pieces + [const(1)])
    if name == "outInCubic":
        return halves(name, lambda t: (1 - (1 - 2 * t) ** 3) / 2, lambda t: 3 * (1 - 2 * t) ** 2,
                      lambda t: h + (2 * t - 1) ** 3 / 2, lambda t: 3 * (2 * t - 1) ** 2)
    raise KeyError(name)


PENNER = ["inQuad", "outCubic", "inOutQuart", "inSine", "inOutSine", "inExpo", "outExpo", "inOutCirc", "inBack",
          "outBack", "inOutBack", "inElastic", "outElastic", "inOutElastic", "outBounce", "inOutBounce", "outInCubic"]


# ---------------------------------------------------------------- linear()
def linear_fn(name, stops):
    """stops: (output, input fraction) with every input given."""
    pieces = []
    for (o0, i0), (o1, i1) in zip(stops[:-1], stops[1:]):
        o0, i0, o1, i1 = mpf(o0), mpf(i0), mpf(o1), mpf(i1)
        k = (o1 - o0) / (i1 - i0)
        pieces.append(Piece(i0, i1, (lambda t, o0=o0, i0=i0, k=k: o0 + (t - i0) * k), (lambda t, k=k: k)))
    return Piecewise(name, pieces + [const(1)])


LINEAR = [("linear(0, 0.25 75%, 1)", [(0, 0), (0.25, mpf(75) / 100), (1, 1)]),
          ("linear(0, 1.2 40%, 0.9 60%, 1)", [(0, 0), (1.2, mpf(40) / 100), (0.9, mpf(60) / 100), (1, 1)])]


# ---------------------------------------------------------------- cubic-bezier
class Bezier:
    def __init__(self, name, x1, y1, x2, y2):
        self.name = name
        self.cx = self.coef(mpf(x1), mpf(x2))
        self.cy = self.coef(mpf(y1), mpf(y2))
        # y'(u) = 3a u^2 + 2b u + c: its roots in (0, 1) split [0, 1] into monotone pieces of y
        a, b, c = self.cy
        crit = []
        if a == 0:
            if b != 0:
                crit = [-c / (2 * b)]
        else:
            disc = 4 * b * b - 12 * a * c
            if disc >= 0:
                sq = mpmath.sqrt(disc)
                crit = [(-2 * b - sq) / (6 * a), (-2 * b + sq) / (6 * a)]
        crit = sorted(u for u in crit if 0 < u < 1)
        self.pw = Piecewise(name, [Piece(0, 1, self.y, self.dy), const(1)])
        pts = [mpf(0)] + crit + [mpf(1)]
        self.pw.pieces[0].segs = list(zip(pts[:-1], pts[1:]))

    @staticmethod
    def coef(p1, p2):  # 3 p1 u (1-u)^2 + 3 p2 u^2 (1-u) + u^3 = a u^3 + b u^2 + c u
        return 3 * p1 - 3 * p2 + 1, 3 * p2 - 6 * p1, 3 * p1

    @staticmethod
    def ev(c, u):
        return ((c[0] * u + c[1]) * u + c[2]) * u

    @staticmethod
    def d1(c, u):
        return (3 * c[0] * u + 2 * c[1]) * u + c[2]

    @staticmethod
    def d2(c, u):
        return 6 * c[0] * u + 2 * c[1]

    def y(self, u):
        return self.ev(self.cy, u)

    def dy(self, u):
        return self.d1(self.cy, u)

    def x(self, u):
        return self.ev(self.cx, u)

    def slope(self, u):
        tiny = mpf(10) ** (-(mp.dps * 2 // 5))
        xd, yd = self.d1(self.cx, u), self.d1(self.cy, u)
        if abs(xd) <= tiny:
            if abs(yd) <= tiny:
                return self.d2(self.cy, u) / self.d2(self.cx, u)
            return INF if yd > 0 else -INF
        return yd / xd

    def first_u(self, L):
        u_seg, _, kind = self.pw.first(L)
        a, b, c = self.cy
        coeffs = [a, b, c, -L]
        while coeffs[0] == 0:
            coeffs = coeffs[1:]
        roots = mpmath.polyroots(coeffs, maxsteps=400, extraprec=2 * mp.prec)
        tol = mpf(10) ** (-(mp.dps // 3))
        real = sorted(mpmath.re(r) for r in roots if abs(mpmath.im(r)) < tol and -tol <= mpmath.re(r) <= 1 + tol)
        u_poly = real[0]
        assert abs(u_poly - u_seg) < tol, (self.name, L, u_poly, u_seg)
        # the polynomial root only checks: u_seg keeps the end point u = 1 exact (y(1) = 1)
        return u_seg, kind

    def first(self, L):
        u, kind = self.first_u(L)
        return self.x(u), self.slope(u), kind, u

    def solutions(self, L):
        return [self.x(u) for u in self.pw.solutions(L)]


BEZIERS = [("ease", 0.25, 0.1, 0.25, 1), ("ease-in", 0.42, 0, 1, 1), ("ease-out", 0, 0, 0.58, 1),
           ("ease-in-out", 0.42, 0, 0.58, 1), ("cubic-bezier(0.68, -0.55, 0.265, 1.55)", 0.68, -0.55, 0.265, 1.55),
           ("cubic-bezier(0, 1.5, 1, 1.5)", 0, 1.5, 1, 1.5), ("cubic-bezier(0.3, -0.8, 0.7, 1.8)", 0.3, -0.8, 0.7, 1.8),
           ("cubic-bezier(1, 0, 0, 1)", 1, 0, 0, 1)]


# ---------------------------------------------------------------- steps()
STEPS = [("steps(4)", 4, "jump-end"), ("steps(3, jump-start)", 3, "jump-start"), ("steps(5, jump-both)", 5, "jump-both"),
         ("steps(4, jump-none)", 4, "jump-none")]


def steps_first(m, pos, k, n):
    s = 1 if pos in ("jump-start", "jump-both") else 0
    J = {"jump-none": m - 1, "jump-both": m + 1}.get(pos, m)
    j = -((-J * k) // n)  # ceil(J k / n)
    return max(Fraction(0), Fraction(j - s, m))


def steps_E(m, pos, t):
    s = 1 if pos in ("jump-start", "jump-both") else 0
    J = {"jump-none": m - 1, "jump-both": m + 1}.get(pos, m)
    return Fraction(min(max((Fraction(t) * m).__floor__() + s, 0), J), J)


# ---------------------------------------------------------------- driver
def easings():
    out = []
    for name, x1, y1, x2, y2 in BEZIERS:
        out.append(("bezier", name, (x1, y1, x2, y2)))
    for name, stops in LINEAR:
        out.append(("linear", name, stops))
    for name, m, pos in STEPS:
        out.append(("steps", name, (m, pos)))
    for name in PENNER:
        out.append(("penner", name, None))
    return out


def check_derivatives(fn):
    """The analytic E' against mpmath.diff at interior points of every piece."""
    with mp.workdps(40):
        for p in fn.pieces:
            if p.a == p.b:
                continue
            for i in range(1, 8):
                t = p.a + (p.b - p.a) * i / 8
                num = mpmath.diff(p.f, t)
                assert abs(num - p.df(t)) <= mpf(10) ** -25 * (1 + abs(num)), (fn.name, t, num, p.df(t))


def compute(dps, diag=None):
    mp.dps = dps
    cases = []
    for kind, name, arg in easings():
        if kind == "bezier":
            fn = Bezier(name, *arg)
        elif kind == "linear":
            fn = linear_fn(name, [(o, mpf(i)) for o, i in arg])
        elif kind == "penner":
            fn = penner(name)
        else:
            fn = None
        if kind in ("linear", "penner") and diag is not None:
            check_derivatives(fn)
        for n in NS + ([100] if name in WITH_100 else []):
            ts, slopes = [], []
            for k in range(1, n + 1):
                if kind == "steps":
                    m, pos = arg
                    t = steps_first(m, pos, k, n)
                    assert steps_E(m, pos, t) >= Fraction(k, n)
                    assert t == 0 or steps_E(m, pos, t - Fraction(1, 10 ** 9)) < Fraction(k, n)
                    ts.append(float(t))
                    slopes.append(float("inf"))
                    continue
                L = mpf(k) / n
                if kind == "bezier":
                    t, slope, how, u = fn.first(L)
                    sols = fn.solutions(L)
                else:
                    t, slope, how = fn.first(L)
                    sols = fn.solutions(L)
                if abs(slope) < mpf(10) ** (-(mp.dps // 2)):
                    slope = mpf(0)  # a zero of E' (sin(pi), (1 - 2p)^2 at 1/2) evaluated at the rounded t
                ts.append(float(t) + 0.0)
                slopes.append(float(slope) + 0.0)
                if diag is not None:
                    touch = (t < 1 and kind != "bezier" and fn.E(t + mpf(10) ** -20) < L)
                    if kind == "bezier" and t < 1:
                        touch = fn.y(u + mpf(10) ** -20) < L
                    diag.append({"easing": name, "n": n, "k": k, "t": t, "slope": slope, "how": how,
                                 "crossings": len(sols), "touch": touch,
                                 "right_slope": None if kind == "bezier" else fn.right_slope(t)})
            cases.append({"easing": name, "n": n, "t": ts, "slope": slopes})
    return cases


HEADER = [
    "spec/fixtures/step_times.lua -- GENERATED by tools/gen/gen_step_times.py; do not edit by hand.",
    "Truth for kinetic.step_times(easing, n): t[k] = inf { t in [0, 1] : E(t) >= k/n }, k = 1 .. n, the FIRST input at",
    "which the output progress reaches k/n (non-monotone easings cross a level several times: the first crossing",
    "counts), and slope[k] = E'(t[k]): 1/0 at a jump (every steps() crossing, outExpo at 1) or a vertical tangent",
    "(inOutCirc and cubic-bezier(1, 0, 0, 1) at 1/2); the LEFT derivative at a join of two pieces (outBounce 4/11,",
    "linear() stops); 0 at a tangency (inOutBounce, k/n = 1/8, t = 5/22) and at stationary points (ease at 1).",
    "Computed with mpmath %s at %d digits (Python %s), every number rounded once to double; recomputed at %d digits",
    "with the same doubles. Date: %s.",
    "Definitions (public ones, written independently of kinetic's C code; parameters = the doubles kinetic stores):",
    "  cubic-bezier: CSS Easing 1, P0 = (0,0), P3 = (1,1); u[k] = smallest root in [0,1] of y(u) - k/n (mpmath",
    "    polyroots, cross-checked by bisection on the monotone pieces of y), t[k] = x(u[k]), slope = y'(u)/x'(u).",
    "  linear(): CSS Easing 2, piecewise linear through the stops (inputs as fractions).",
    "  steps(m, pos): CSS Easing 1 without the before flag, in exact rational arithmetic: level k/n needs step",
    "    j = ceil(J k/n) (J = m, m + 1 for jump-both, m - 1 for jump-none), reached at max(0, (j - s)/m), s = 1 for",
    "    jump-start and jump-both.",
    "  Penner: easings.net's formulas with tween.lua's parameters (docs/easing.md): Back s = 1.70158 (inOut 1.525 s,",
    "    the exact product), Elastic amplitude 1 and period 0.3 (inOut 0.45), phase P/4; Expo with exact 0 and 1",
    "    (inExpo(0) = 0, docs/easing.md; outExpo jumps to 1 at t = 1); Bounce n1 = 7.5625, d1 = 2.75;",
    "    outIn p < 1/2: out(2p)/2, else 1/2 + in(2p - 1)/2.",
    "  Method: E is split into pieces and monotone segments (roots of the analytic E'); the first segment whose end",
    "  reaches k/n holds t[k]: the end (touch, join, stationary point) or the bisection root.",
    "The formulas, piece by piece, are in the generator's docstring.",
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "step_times.lua")
    diag = []
    cases = compute(DPS, diag)
    check = compute(DPS_CHECK)
    for a, b in zip(cases, check):
        assert a["t"] == b["t"] and a["slope"] == b["slope"], (a["easing"], a["n"])
    mp.dps = DPS
    for d in diag:
        notes = []
        if d["crossings"] > 1:
            notes.append("%d crossings" % d["crossings"])
        if d["touch"]:
            notes.append("touch")
        if d["slope"] == 0 or mpmath.isinf(d["slope"]):
            notes.append("slope %s" % mpmath.nstr(d["slope"], 5))
        rs = d["right_slope"]
        if rs is not None and not mpmath.isinf(d["slope"]) and abs(rs - d["slope"]) > mpf(10) ** -20:
            notes.append("corner: right slope %s" % mpmath.nstr(rs, 8))
        if notes:
            print("%-42s n=%-3d k=%-3d t=%-22s %s (%s)" % (d["easing"], d["n"], d["k"], mpmath.nstr(d["t"], 17),
                                                          "; ".join(notes), d["how"]), file=sys.stderr)
    header = [h for h in HEADER]
    header[6] = header[6] % (mpmath.__version__, DPS, sys.version.split()[0], DPS_CHECK)
    header[7] = header[7] % datetime.date.today().isoformat()
    luaw.write(out, header, {"generator": "tools/gen/gen_step_times.py", "mpmath": mpmath.__version__,
                             "date": datetime.date.today().isoformat(), "cases": cases})
    print("cases", len(cases), file=sys.stderr)


if __name__ == "__main__":
    main()
