#!/usr/bin/env python3
"""Generate spec/fixtures/flutter_scroll.lua: Flutter's two scroll simulations as reference data.

BouncingScrollSimulation (iOS) and ClampingScrollSimulation (Android), flutter/flutter
packages/flutter/lib/src/widgets/scroll_simulation.dart, with the FrictionSimulation,
ScrollSpringSimulation and Tolerance they use.  The formulas were read in the Dart sources (files
and commits in SOURCES) and are restated here in Python; no Flutter code is copied.

Two parts:
  tests     every assertion of Flutter's own tests on these two simulations (newton_test.dart,
            scroll_simulation_test.dart), transcribed by hand, one entry per assertion; loops and
            relations that are not one number at one time go to `relations`, with a note.
  curves    x, dx and isDone of 15 bouncing and 8 clamping cases at about 20 times each, the exact
            values of Flutter's formulas for the double parameters (mpmath, 50 digits), rounded once.

Every test is re-checked against the exact model before writing, and the exact model is
compared at every sample with a second model that repeats Flutter's arithmetic in doubles, so
a transcription or restatement error stops the generator.

Usage: python3 tools/gen/gen_flutter_scroll.py [out_path]
"""
import datetime
import math
import os
import sys

import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
mp.dps = 50
INF = float("inf")
NAN = float("nan")
PET = 1e-10  # flutter_test precisionErrorTolerance: default epsilon of moreOrLessEquals

REPO = "flutter/flutter"
SOURCES = [
    {"repo": REPO, "path": "packages/flutter/lib/src/widgets/scroll_simulation.dart",
     "commit": "095d6b964df074dd00eff7e48eb0f25230d9e382",
     "use": "BouncingScrollSimulation, ClampingScrollSimulation (identical classes at "
            "b2ce50a48fd0832889291361f8ee689091de5678; 095d6b9 only adds SmoothScrollSimulation)"},
    {"repo": REPO, "path": "packages/flutter/lib/src/physics/friction_simulation.dart",
     "commit": "b2ce50a48fd0832889291361f8ee689091de5678",
     "use": "FrictionSimulation: x, dx, finalX, timeAtX (10 Newton steps), _finalTime (10 Newton steps)"},
    {"repo": REPO, "path": "packages/flutter/lib/src/physics/spring_simulation.dart",
     "commit": "04fbdcfac997f9bcbef805fe785ff71971ea16d2",
     "use": "SpringDescription.withDampingRatio, SpringSimulation, ScrollSpringSimulation, the three solutions"},
    {"repo": REPO, "path": "packages/flutter/lib/src/physics/tolerance.dart",
     "commit": "17bd7a8e38b0b5dcf50a2044843a94d9e3a69176", "use": "Tolerance defaults (1e-3, 1e-3, 1e-3)"},
    {"repo": REPO, "path": "packages/flutter/lib/src/physics/utils.dart",
     "commit": "08d672e4adb7c1a7e03a36992a206a2b82e6b761", "use": "nearEqual / nearZero (strict <)"},
    {"repo": REPO, "path": "packages/flutter/lib/src/physics/simulation.dart",
     "commit": "b2ce50a48fd0832889291361f8ee689091de5678", "use": "Simulation.tolerance (mutable, default Tolerance())"},
    {"repo": REPO, "path": "packages/flutter/lib/src/widgets/scroll_physics.dart",
     "commit": "000a6d6447e77b91fc31894c20a6e0bd74941c66",
     "use": "ScrollPhysics._kDefaultSpring = withDampingRatio(mass 0.5, stiffness 100, ratio 1.1), used by "
            "BouncingScrollPhysics (decelerationRate.normal); .fast: (0.3, 75, 1.3) and constantDeceleration 1400"},
    {"repo": REPO, "path": "packages/flutter/test/physics/newton_test.dart",
     "commit": "17bd7a8e38b0b5dcf50a2044843a94d9e3a69176",
     "use": "tests test_kinetic_scroll, scroll_with_inf_edge_ends, over/under scroll spring"},
    {"repo": REPO, "path": "packages/flutter/test/widgets/scroll_simulation_test.dart",
     "commit": "unknown: the newest stored revision (code index file id 202038311, 6671 chars); "
               "the index did not name its commit",
     "use": "all ClampingScrollSimulation tests except 'velocity eventually reaches zero'"},
    {"repo": REPO, "path": "packages/flutter/test/widgets/scroll_simulation_test.dart",
     "commit": "10166b719c34ff754efdba71590a0b1af0e7204c",
     "use": "older revision: 'ClampingScrollSimulation velocity eventually reaches zero' (absent from the newest)"},
    {"repo": REPO, "path": "packages/flutter/lib/src/foundation/math.dart",
     "commit": "unknown: stored revision with code index file id 14228271726",
     "use": "clampDouble(x, min, max): x < min -> min, x > max -> max, NaN -> max (dart:ui's clampDouble, which "
            "scroll_simulation.dart @095d6b9 imports, reads the same)"},
]
NEWTON = "packages/flutter/test/physics/newton_test.dart@17bd7a8e38b0b5dcf50a2044843a94d9e3a69176"
SCROLL_NEW = "packages/flutter/test/widgets/scroll_simulation_test.dart@newest-stored(index id 202038311)"
SCROLL_OLD = "packages/flutter/test/widgets/scroll_simulation_test.dart@10166b719c34ff754efdba71590a0b1af0e7204c"

DRAG = 0.135           # BouncingScrollSimulation: FrictionSimulation(0.135, ...)
CAP = 5000.0           # BouncingScrollSimulation.maxSpringTransferVelocity
DEFAULT_TOL = {"distance": 1e-3, "time": 1e-3, "velocity": 1e-3}
NEWTON_STEPS = 10


def dbl(x):
    """Round an mpf (or number) once to the nearest double."""
    if isinstance(x, float):
        return x
    if mpmath.isnan(x):
        return NAN
    if mpmath.isinf(x):
        return INF if x > 0 else -INF
    return float(mpmath.nstr(x, 40, strip_zeros=False)) + 0.0


def spring_from_ratio(m, k, ratio):
    # SpringDescription.withDampingRatio: damping = ratio * 2.0 * math.sqrt(mass * stiffness), in doubles
    return {"mass": m, "stiffness": k, "damping": ratio * 2.0 * math.sqrt(m * k), "ratio": ratio}


DEFAULT_SPRING = spring_from_ratio(0.5, 100.0, 1.1)


def near_zero(a, eps):
    # utils.dart nearEqual(a, 0, eps): (a > -eps) && (a < eps) || a == 0
    return (-eps < a < eps) or a == 0


# ==================================================================== exact model (mpmath)
class Spring:
    """ScrollSpringSimulation(spring, start, end, velocity) with tolerance tol, exact."""

    def __init__(self, sp, start, end, velocity, tol):
        m, k, c = mpf(sp["mass"]), mpf(sp["stiffness"]), mpf(sp["damping"])
        self.end = mpf(end)
        d0, v = mpf(start) - mpf(end), mpf(velocity)
        self.tol = tol
        disc = c * c - 4 * m * k  # exact (products of doubles)
        dd = sp["damping"] * sp["damping"] - 4 * sp["mass"] * sp["stiffness"]  # Flutter decides in doubles
        self.type = "over" if dd > 0 else "under" if dd < 0 else "critical"
        exact_type = "over" if disc > 0 else "under" if disc < 0 else "critical"
        assert self.type == exact_type, (sp, self.type, exact_type)
        if self.type == "over":
            s = mpmath.sqrt(disc)
            self.r1, self.r2 = (-c - s) / (2 * m), (-c + s) / (2 * m)
            self.c2 = (v - self.r1 * d0) / (self.r2 - self.r1)
            self.c1 = d0 - self.c2
        elif self.type == "under":
            self.w = mpmath.sqrt(4 * m * k - c * c) / (2 * m)
            self.r = -(c / 2 / m)
            self.c1, self.c2 = d0, (v - self.r * d0) / self.w
        else:
            self.r = -c / (2 * m)
            self.c1, self.c2 = d0, v - self.r * d0

    def sol(self, t):
        t = mpf(t)
        if self.type == "over":
            e1, e2 = mpmath.exp(self.r1 * t), mpmath.exp(self.r2 * t)
            return self.c1 * e1 + self.c2 * e2, self.c1 * self.r1 * e1 + self.c2 * self.r2 * e2
        if self.type == "under":
            p, cs, sn = mpmath.exp(self.r * t), mpmath.cos(self.w * t), mpmath.sin(self.w * t)
            return (p * (self.c1 * cs + self.c2 * sn),
                    p * (self.c2 * self.w * cs - self.c1 * self.w * sn) + self.r * p * (self.c2 * sn + self.c1 * cs))
        p = mpmath.exp(self.r * t)
        return (self.c1 + self.c2 * t) * p, self.r * (self.c1 + self.c2 * t) * p + self.c2 * p

    def done(self, t):
        x, v = self.sol(t)
        return near_zero(x, self.tol["distance"]) and near_zero(v, self.tol["velocity"])

    def x(self, t):
        # ScrollSpringSimulation.x: isDone(time) ? _endPosition : super.x(time)   (dx is never snapped)
        return self.end if self.done(t) else self.end + self.sol(t)[0]

    def dx(self, t):
        return self.sol(t)[1]


class Friction:
    """FrictionSimulation(drag, position, velocity) with constantDeceleration 0, exact.

    x(t) = x0 + v d^t / ln d - v / ln d and dx(t) = v d^t for t <= _finalTime; finalX and 0 after.
    _finalTime = 10 Newton steps on dx from 0 (each step adds exactly -1/ln d when v != 0; NaN when v == 0),
    rounded to double because Flutter compares query times against it.
    """

    def __init__(self, drag, position, velocity, tol):
        self.d, self.x0, self.v = mpf(drag), mpf(position), mpf(velocity)
        self.L = mpmath.log(self.d)
        self.tol = tol
        self.final_time = INF  # while the constructor runs
        g = mpf(0)
        for _ in range(NEWTON_STEPS):
            f, df = self.dx(g), self.v * self.d ** g * self.L
            if df == 0:
                g = None
                break
            g = g - f / df
        self.final_time_exact = g
        self.final_time = NAN if g is None else dbl(g)

    def finalX(self):
        return self.x0 - self.v / self.L

    def x(self, t):
        if t > self.final_time:
            return self.finalX()
        return self.x0 + self.v * self.d ** mpf(t) / self.L - self.v / self.L

    def dx(self, t):
        if t > self.final_time:
            return mpf(0)
        return self.v * self.d ** mpf(t)

    def done(self, t):
        return abs(self.dx(t)) < self.tol["velocity"]

    def time_at_x(self, x):
        """Flutter's timeAtX: 10 Newton steps on x(t) = target from 0 (exact arithmetic)."""
        x = mpf(x)
        if x == self.x0:
            return mpf(0)
        fx = self.finalX()
        if self.v == 0 or ((x < self.x0 or x > fx) if self.v > 0 else (x > self.x0 or x < fx)):
            return mpf("inf")
        g = mpf(0)
        for _ in range(NEWTON_STEPS):
            g = g - (self.x(g) - x) / self.dx(g)
        return g

    def crossing(self, x):
        """The exact crossing time (closed form; Flutter's timeAtX before it became Newton's method)."""
        return mpmath.log(self.L * (mpf(x) - self.x0) / self.v + 1) / self.L


class Bouncing:
    def __init__(self, position, velocity, leading, trailing, spring, tol=None):
        self.tol = tol or DEFAULT_TOL
        self.friction = None
        self.crossing_exact = None
        self.handoff_newton_exact = None
        self.handoff_velocity_uncapped = None
        if position < leading:
            self.spring = Spring(spring, position, leading, velocity, self.tol)
            self.T, self.edge = -INF, "leading"
        elif position > trailing:
            self.spring = Spring(spring, position, trailing, velocity, self.tol)
            self.T, self.edge = -INF, "trailing"
        else:
            fr = self.friction = Friction(DRAG, position, velocity, self.tol)
            fx = fr.finalX()
            edge = None
            if velocity > 0 and fx > trailing:
                edge, self.edge = trailing, "trailing"
            elif velocity < 0 and fx < leading:
                edge, self.edge = leading, "leading"
            if edge is None:
                self.T, self.edge, self.spring = INF, None, None
            else:
                tn = fr.time_at_x(edge)
                self.handoff_newton_exact = tn
                self.T = dbl(tn)  # _springTime: compared with query times, so a double
                assert math.isfinite(self.T)
                self.crossing_exact = fr.crossing(edge) if edge != position else mpf(0)
                vh = fr.dx(self.T)
                self.handoff_velocity_uncapped = vh
                self.vh = min(vh, mpf(CAP))  # math.min(dx, maxSpringTransferVelocity)
                self.spring = Spring(spring, edge, edge, self.vh, self.tol)

    def which(self, t):
        if t > self.T:
            return self.spring, (mpf(self.T) if math.isfinite(self.T) else mpf(0))
        return self.friction, mpf(0)

    def x(self, t):
        s, off = self.which(t)
        return s.x(mpf(t) - off)

    def dx(self, t):
        s, off = self.which(t)
        return s.dx(mpf(t) - off)

    def done(self, t):
        s, off = self.which(t)
        return s.done(mpf(t) - off)


class Clamping:
    """ClampingScrollSimulation(position, velocity, friction), exact.

    D = ln 0.78 / ln 0.9; c = 9.80665 * 39.37 * 160 * 0.84 (the four literals multiplied exactly);
    reference velocity vr = friction * c / 0.35; T = D * 0.35 * (|v| / vr)^(1 / (D - 1)), rounded to double
    (Flutter compares query times against it); distance = v T / D;
    x = p + distance (1 - (1 - clamp(t/T, 0, 1))^D); dx = v (1 - clamp(t/T, 0, 1))^(D - 1); isDone = t >= T.
    """

    def __init__(self, position, velocity, friction=0.015):
        self.p, self.v, self.f = mpf(position), mpf(velocity), mpf(friction)
        self.D = mpmath.log(mpf(0.78)) / mpmath.log(mpf(0.9))
        coeff = mpf(9.80665) * mpf(39.37) * mpf(160.0) * mpf(0.84)
        vr = self.f * coeff / mpf(0.35)
        self.T_exact = self.D * mpf(0.35) * (abs(self.v) / vr) ** (1 / (self.D - 1))
        self.T = dbl(self.T_exact)
        self.dist = self.v * mpf(self.T) / self.D

    def u(self, t):
        if self.T == 0.0:  # velocity 0: t / 0 is NaN (t = 0) or +inf; clampDouble(NaN, 0, 1) returns 1
            return mpf(0) if t < 0 else mpf(1)
        return min(max(mpf(t) / mpf(self.T), mpf(0)), mpf(1))

    def x(self, t):
        return self.p + self.dist * (1 - (1 - self.u(t)) ** self.D)

    def dx(self, t):
        return self.v * (1 - self.u(t)) ** (self.D - 1)

    def done(self, t):
        return t >= self.T


# ==================================================================== Flutter's arithmetic in doubles
def newton_d(guess, target, f, df):
    for _ in range(NEWTON_STEPS):
        guess = guess - (f(guess) - target) / df(guess)
    return guess


class FrictionD:
    def __init__(self, drag, position, velocity, tol):
        self.d, self.L, self.x0, self.v, self.tol = drag, math.log(drag), position, velocity, tol
        self.cd = 0.0 * math.copysign(1.0, velocity) if velocity != 0 else 0.0
        self.final_time = INF
        try:
            self.final_time = newton_d(0.0, 0.0, self.dx, lambda t: (self.v * math.pow(self.d, t) * self.L) - self.cd)
        except ZeroDivisionError:  # Dart: 0.0 / 0.0 is NaN
            self.final_time = NAN

    def x(self, t):
        if t > self.final_time:
            return self.finalX()
        return self.x0 + self.v * math.pow(self.d, t) / self.L - self.v / self.L - ((self.cd / 2) * t * t)

    def dx(self, t):
        if t > self.final_time:
            return 0.0
        return self.v * math.pow(self.d, t) - self.cd * t

    def finalX(self):
        return self.x0 - self.v / self.L

    def time_at_x(self, x):
        if x == self.x0:
            return 0.0
        fx = self.finalX()
        if self.v == 0.0 or ((x < self.x0 or x > fx) if self.v > 0 else (x > self.x0 or x < fx)):
            return INF
        return newton_d(0.0, x, self.x, self.dx)

    def done(self, t):
        return abs(self.dx(t)) < self.tol["velocity"]


class SpringD(Spring):
    def __init__(self, sp, start, end, velocity, tol):
        m, k, c = sp["mass"], sp["stiffness"], sp["damping"]
        self.end, self.tol = end, tol
        d0, v = start - end, velocity
        cmk = c * c - 4 * m * k
        if cmk > 0:
            self.type = "over"
            self.r1 = (-c - math.sqrt(cmk)) / (2.0 * m)
            self.r2 = (-c + math.sqrt(cmk)) / (2.0 * m)
            self.c2 = (v - self.r1 * d0) / (self.r2 - self.r1)
            self.c1 = d0 - self.c2
        elif cmk < 0:
            self.type = "under"
            self.w = math.sqrt(4.0 * m * k - c * c) / (2.0 * m)
            self.r = -(c / 2.0 / m)
            self.c1, self.c2 = d0, (v - self.r * d0) / self.w
        else:
            self.type = "critical"
            self.r = -c / (2.0 * m)
            self.c1, self.c2 = d0, v - (self.r * d0)

    def sol(self, t):
        E = math.e
        if self.type == "over":
            return (self.c1 * math.pow(E, self.r1 * t) + self.c2 * math.pow(E, self.r2 * t),
                    self.c1 * self.r1 * math.pow(E, self.r1 * t) + self.c2 * self.r2 * math.pow(E, self.r2 * t))
        if self.type == "under":
            p, cs, sn = math.pow(E, self.r * t), math.cos(self.w * t), math.sin(self.w * t)
            return (p * (self.c1 * cs + self.c2 * sn),
                    p * (self.c2 * self.w * cs - self.c1 * self.w * sn) + self.r * p * (self.c2 * sn + self.c1 * cs))
        p = math.pow(E, self.r * t)
        return (self.c1 + self.c2 * t) * p, self.r * (self.c1 + self.c2 * t) * p + self.c2 * p


class BouncingD:
    def __init__(self, position, velocity, leading, trailing, spring, tol=None):
        tol = tol or DEFAULT_TOL
        self.friction = None
        if position < leading:
            self.spring, self.T = SpringD(spring, position, leading, velocity, tol), -INF
        elif position > trailing:
            self.spring, self.T = SpringD(spring, position, trailing, velocity, tol), -INF
        else:
            fr = self.friction = FrictionD(DRAG, position, velocity, tol)
            fx = fr.finalX()
            if velocity > 0.0 and fx > trailing:
                self.T = fr.time_at_x(trailing)
                self.spring = SpringD(spring, trailing, trailing, min(fr.dx(self.T), CAP), tol)
            elif velocity < 0.0 and fx < leading:
                self.T = fr.time_at_x(leading)
                self.spring = SpringD(spring, leading, leading, min(fr.dx(self.T), CAP), tol)
            else:
                self.T, self.spring = INF, None

    def which(self, t):
        if t > self.T:
            return self.spring, (self.T if math.isfinite(self.T) else 0.0)
        return self.friction, 0.0

    def x(self, t):
        s, o = self.which(t)
        return s.x(t - o)

    def dx(self, t):
        s, o = self.which(t)
        return s.dx(t - o)

    def done(self, t):
        s, o = self.which(t)
        return s.done(t - o)


D_DBL = math.log(0.78) / math.log(0.9)
COEFF_DBL = 9.80665 * 39.37 * 160.0 * 0.84


class ClampingD:
    def __init__(self, position, velocity, friction=0.015):
        self.p, self.v, self.f = position, velocity, friction
        ref = friction * COEFF_DBL / 0.35
        self.T = D_DBL * 0.35 * math.pow(abs(velocity) / ref, 1 / (D_DBL - 1.0))
        self.dist = velocity * self.T / D_DBL

    def u(self, t):
        # clampDouble(time / _duration, 0, 1); Dart: x / 0.0 is +-inf or NaN, and clampDouble(NaN) is max
        if self.T == 0.0:
            q = NAN if t == 0 else math.copysign(INF, t)
        else:
            q = t / self.T
        return 0.0 if q < 0.0 else 1.0 if q > 1.0 else 1.0 if math.isnan(q) else q

    def x(self, t):
        return self.p + self.dist * (1.0 - math.pow(1.0 - self.u(t), D_DBL))

    def dx(self, t):
        return self.v * math.pow(1.0 - self.u(t), D_DBL - 1.0)

    def done(self, t):
        return t >= self.T


# ==================================================================== tests (transcribed)
TESTS = []
RELATIONS = []


def bparams(position, velocity, leading, trailing, spring, tol=None):
    p = {"position": position, "velocity": velocity, "leading": leading, "trailing": trailing,
         "spring": dict(spring)}
    if tol:
        p["tolerance"] = tol
    return p


def cparams(position, velocity, friction=0.015):
    return {"position": position, "velocity": velocity, "friction": friction}


def T(kind, params, t, check, expected, tol=0.0, op=None, src="", test="", note=None):
    e = {"kind": kind, "params": params, "t": t, "check": check, "expected": expected,
         "op": op or ("eq" if check == "done" or tol == 0 else "near"), "tol": tol, "src": src, "test": test}
    if note:
        e["note"] = note
    TESTS.append(e)


# ---- newton_test.dart: test_kinetic_scroll
SP_50 = spring_from_ratio(1.0, 50.0, 0.5)
TOL_K = {"distance": 0.1, "time": 1e-3, "velocity": 0.5}
for v in (800.0, -800.0):
    p = bparams(100.0, v, 0.0, 300.0, SP_50, TOL_K)
    for t, exp, note in ((0.0, False, None), (0.5, False, "switch from friction to spring"), (3.5, True, None)):
        T("bouncing", p, t, "done", exp, src=NEWTON, test="test_kinetic_scroll", note=note)

# ---- newton_test.dart: scroll_with_inf_edge_ends
p = bparams(100.0, 400.0, 0.0, INF, SP_50, {"distance": 1e-3, "time": 1e-3, "velocity": 1.0})
S = dict(src=NEWTON, test="scroll_with_inf_edge_ends")
T("bouncing", p, 0.0, "done", False, **S)
T("bouncing", p, 0.0, "x", 100.0, **S)
T("bouncing", p, 0.0, "dx", 400.0, **S)
T("bouncing", p, 1.0, "x", 272.0, 1.0, **S)
T("bouncing", p, 1.0, "dx", 54.0, 1.0, **S)
T("bouncing", p, 2.0, "dx", 7.0, 1.0, **S)
T("bouncing", p, 3.0, "dx", 1.0, op="lt", **S)
T("bouncing", p, 5.0, "done", True, **S)
T("bouncing", p, 5.0, "x", 300.0, 1.0, **S)

# ---- newton_test.dart: over/under scroll spring
SP_170 = spring_from_ratio(1.0, 170.0, 1.1)
p = bparams(500.0, -7500.0, 0.0, 1000.0, SP_170, {"distance": 1.5, "time": 1e-3, "velocity": 45.0})
S = dict(src=NEWTON, test="over/under scroll spring")
T("bouncing", p, 0.0, "done", False, **S)
T("bouncing", p, 0.0, "x", 500.0, PET, **S)
T("bouncing", p, 0.0, "dx", -7500.0, PET, **S)
T("bouncing", p, 0.065, "done", False, **S)
T("bouncing", p, 0.065, "x", 42.0, 1.0, **S)
T("bouncing", p, 0.065, "dx", -6584.0, 1.0, **S)
T("bouncing", p, 0.1, "done", False, **S)
T("bouncing", p, 0.1, "x", -123.0, 1.0, **S)
T("bouncing", p, 0.1, "dx", -2613.0, 1.0, **S)
T("bouncing", p, 0.5, "done", False, **S)
T("bouncing", p, 0.5, "x", -15.0, 1.0, **S)
T("bouncing", p, 0.5, "dx", 124.0, 1.0, **S)
T("bouncing", p, 0.0, "done", False, note="'jump back to the beginning': queried again after t = 0.5", **S)
T("bouncing", p, 0.0, "x", 500.0, PET, note="queried again after t = 0.5", **S)
T("bouncing", p, 0.0, "dx", -7500.0, PET, note="queried again after t = 0.5", **S)
T("bouncing", p, 2.0, "done", True, **S)
T("bouncing", p, 2.0, "x", 0.0, note="exact: ScrollSpringSimulation.x returns the end once isDone", **S)
T("bouncing", p, 2.0, "dx", 0.0, 1.0, **S)

# ---- scroll_simulation_test.dart (newest stored): stable initial conditions
INIT = [(51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634),
        (-156.2, 1541.57665), (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093), (5469.0, 182.114534)]
for pos, vel in INIT:
    S = dict(src=SCROLL_NEW, test="ClampingScrollSimulation has a stable initial conditions")
    T("clamping", cparams(pos, vel), 0.0, "x", pos, PET, **S)
    T("clamping", cparams(pos, vel), 0.0, "dx", vel, PET, **S)

# ---- older revision: velocity eventually reaches zero
for pos, vel in [(51.0, 2000.0)] + INIT[1:]:
    T("clamping", cparams(pos, vel), 10.0, "dx", 0.0, src=SCROLL_OLD,
      test="ClampingScrollSimulation velocity eventually reaches zero",
      note="Flutter equals(0.0): exact; this test is absent from the newest stored revision")


def loop_times(step, stop):
    """time = 0; repeat time += step (double accumulation) while stop(time) is false; the visited times."""
    ts, t = [], 0.0
    while True:
        t += step
        ts.append(t)
        if stop(t):
            return ts


# ---- only decelerates / smooth stop: loops (relations), plus the one plain check at the end
c8000 = ClampingD(0.0, 8000.0)
ts60 = loop_times(1 / 60, c8000.done)
RELATIONS.append({
    "kind": "clamping", "params": cparams(0.0, 8000.0), "src": SCROLL_NEW,
    "test": "ClampingScrollSimulation only decelerates, never speeds up",
    "relation": "dx_nonincreasing", "step": 1 / 60, "time_bound": 3.0,
    "note": "time = 0; while not isDone(time): expect(time < 3.0); time += 1/60 (double accumulation); "
            "expect(dx(time) <= dx(previous time)). Visits %d times, the last %r (the first with isDone)."
            % (len(ts60), ts60[-1]),
    "times": ts60})
RELATIONS.append({
    "kind": "clamping", "params": cparams(0.0, 8000.0), "src": SCROLL_NEW,
    "test": "ClampingScrollSimulation reaches a smooth stop: velocity is continuous and goes to zero",
    "relation": "dx_step_bounded", "step": 1 / 60, "time_bound": 3.0, "bound": 5130.0,
    "note": "do { expect(time < 3.0); time += 1/60; expect(|dx(time) - dx(previous)| < (1/60) * 5130) } "
            "while (!isDone(time)); then expect(dx(last time), moreOrLessEquals(0.0)) (the entry in tests). "
            "5130 is the test's maxDeceleration constant.",
    "times": ts60})
T("clamping", cparams(0.0, 8000.0), ts60[-1], "dx", 0.0, PET, src=SCROLL_NEW,
  test="ClampingScrollSimulation reaches a smooth stop: velocity is continuous and goes to zero",
  note="t is the first loop time (k/60 accumulated in doubles) with isDone; dx is exactly 0 there")

# ---- is ballistic
RELATIONS.append({
    "kind": "clamping", "params": cparams(0.0, 8000.0), "src": SCROLL_NEW,
    "test": "ClampingScrollSimulation is ballistic", "relation": "restart_invariant",
    "step": 1 / 90, "time_bound": 4.0, "tol": PET,
    "note": "undisturbed = sim(0, 8000); restarted = undisturbed; time = 0; do { expect(time < 4.0); time += 1/90; "
            "restarted = ClampingScrollSimulation(position: restarted.x(1/90), velocity: restarted.dx(1/90)); "
            "record restarted.x(0), undisturbed.x(time), restarted.dx(0), undisturbed.dx(time) } while "
            "(!restarted.isDone(0) || !undisturbed.isDone(time)); expect last x's moreOrLessEquals (1e-10), then every "
            "recorded x and dx pair moreOrLessEquals (absolute 1e-10). Not a fixed-time check: it says the motion "
            "depends only on (x, dx). The exact formulas satisfy it exactly; in doubles it held to %s (x) / %s (dx) "
            "here (see generator)."})

# ---- physical acceleration formula
RELATIONS.append({
    "kind": "clamping", "src": SCROLL_NEW, "test": "ClampingScrollSimulation satisfies a physical acceleration formula",
    "relation": "acceleration_formula", "step": 1 / 60, "time_bound": 2.0,
    "cases": [cparams(p_, v_) for p_, v_ in INIT],
    "note": "D = ln 0.78 / ln 0.9; vr = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35; Tr = 0.35 D; "
            "a(v) = -sign(v) (D - 1) vr / Tr * (|v|/vr)^((D - 2)/(D - 1)); "
            "j(v) = vr / Tr^2 (D - 1)(D - 2) (|v|/vr)^((D - 3)/(D - 1)); for time = 0, 1/60, ... < 2 "
            "(double accumulation), h = 1/60: |(dx(time + h) - dx(time)) - h a(dx(time + h/2))| < j(dx(time + h)) h^2 / 2."})


def not_expressed():
    return [
        "ScrollPhysics tests that reach these simulations only through createBallisticSimulation (e.g. "
        "scroll_physics_test.dart 'Creating the simulation doesn't alter the velocity for time 0': "
        "BouncingScrollPhysics / ClampingScrollPhysics at pixels 20 in [0, 100], velocity 1000, dx(0) ~= 1000) "
        "are not transcribed: the brief limits this file to tests that construct the simulations directly.",
        "toString tests are left out.",
    ]


# ==================================================================== verification of the tests
def eval_exact(e):
    p = e["params"]
    if e["kind"] == "bouncing":
        s = Bouncing(p["position"], p["velocity"], p["leading"], p["trailing"], p["spring"], p.get("tolerance"))
    else:
        s = Clamping(p["position"], p["velocity"], p["friction"])
    t = e["t"]
    return {"x": lambda: s.x(t), "dx": lambda: s.dx(t), "done": lambda: s.done(t)}[e["check"]]()


def verify_tests():
    for e in TESTS:
        got = eval_exact(e)
        if e["check"] == "done":
            ok = got == e["expected"]
        else:
            g = dbl(got)
            e["exact"] = g
            ok = {"eq": lambda: g == e["expected"], "near": lambda: abs(g - e["expected"]) <= e["tol"],
                  "lt": lambda: g < e["expected"]}[e["op"]]()
        if not ok:
            raise SystemExit("test check failed: %s t=%r %s: got %r" % (e["test"], e["t"], e, got))


def verify_relations():
    info = {}
    # only decelerates / smooth stop (doubles: these are statements about Flutter's double evaluation)
    s = ClampingD(0.0, 8000.0)
    prev = s.dx(0.0)
    t_prev = 0.0
    for t in ts60:
        assert t_prev < 3.0
        cur = s.dx(t)
        assert cur <= prev, ("not monotone", t)
        assert abs(cur - prev) < (1 / 60) * 5130.0, ("step too big", t)
        prev, t_prev = cur, t
    # same with the exact model
    se = Clamping(0.0, 8000.0)
    prev = se.dx(0.0)
    for t in ts60:
        cur = se.dx(t)
        assert cur <= prev and abs(cur - prev) < mpf(1) / 60 * 5130
        prev = cur
    # ballistic restart (doubles)
    delta = 1 / 90
    und = ClampingD(0.0, 8000.0)
    rs = und
    t = 0.0
    xr, xu, dr, du = [], [], [], []
    while True:
        assert t < 4.0
        t += delta
        rs = ClampingD(rs.x(delta), rs.dx(delta))
        xr.append(rs.x(0)), xu.append(und.x(t)), dr.append(rs.dx(0)), du.append(und.dx(t))
        if not (not rs.done(0) or not und.done(t)):
            break
    mx = max(abs(a - b) for a, b in zip(xr, xu))
    mdx = max(abs(a - b) for a, b in zip(dr, du))
    info["ballistic"] = (mx, mdx, len(xr))
    # acceleration formula (doubles, as the test)
    D = D_DBL
    vr = .015 * 9.80665 * 39.37 * 160.0 * 0.84 / 0.35
    Tr = D * 0.35
    rd = (D - 1) * vr / Tr

    def acc(v):
        return -math.copysign(1.0, v) * rd * math.pow(abs(v) / vr, (D - 2) / (D - 1)) if v != 0 else -0.0 * rd

    def jerk(v):  # Dart: pow(0.0, negative) is +inf
        b = abs(v) / vr
        return vr / Tr / Tr * (D - 1) * (D - 2) * (INF if b == 0 else math.pow(b, (D - 3) / (D - 1)))

    worst = 0.0
    for p_, v_ in INIT:
        s = ClampingD(p_, v_)
        h = 1 / 60
        tt = 0.0
        while tt < 2.0:
            diff = s.dx(tt + h) - s.dx(tt)
            pred = h * acc(s.dx(tt + h / 2))
            lim = jerk(s.dx(tt + h)) * h ** 2 / 2
            if not abs(diff - pred) < lim:
                raise SystemExit("acceleration formula fails at %r %r t=%r" % (p_, v_, tt))
            if lim > 0:
                worst = max(worst, abs(diff - pred) / lim)
            tt += h
    info["accel_worst_ratio"] = worst
    return info


# ==================================================================== curves
def nxt(t, d):
    return math.nextafter(t, d)


def _edge(sp, lo, hi):
    """Bisect the change of sp.done between lo (value v) and hi (not v); returns the first time of the new state."""
    lo, hi = mpf(lo), mpf(hi)
    v = sp.done(lo)
    for _ in range(200):
        mid = (lo + hi) / 2
        if sp.done(mid) == v:
            lo = mid
        else:
            hi = mid
    return hi


def spring_done_time(sp):
    """Spring-local time after which isDone holds for good, and the earlier windows where it holds for a while
    (there ScrollSpringSimulation.x snaps to the end and then lets go again).  Exact scan on a 2 ms grid until the
    state has been done for 2 s in a row, then bisection of every change."""
    step, tmax = 2e-3, 60.0
    states = []
    i = 0
    run = 0
    while i * step <= tmax:
        dn = sp.done(i * step)
        states.append(dn)
        run = run + 1 if dn else 0
        if run * step >= 2.0:
            break
        i += 1
    changes = [j for j in range(1, len(states)) if states[j] != states[j - 1]]
    if not any(not s_ for s_ in states):
        return mpf(0), []
    last_bad = max(j for j, s_ in enumerate(states) if not s_)
    windows = []
    start = mpf(0) if states[0] else None
    for j in changes:
        e = _edge(sp, (j - 1) * step, j * step)
        if states[j]:
            start = e
        elif start is not None:
            windows.append((start, e))
            start = None
    return _edge(sp, last_bad * step, (last_bad + 1) * step), windows


def bouncing_curve(name, position, velocity, leading, trailing, spring=DEFAULT_SPRING, note=None, extra_times=()):
    b = Bouncing(position, velocity, leading, trailing, spring)
    bd = BouncingD(position, velocity, leading, trailing, spring)
    c = {"kind": "bouncing", "name": name,
         "params": bparams(position, velocity, leading, trailing, spring)}
    times = {0.0, 1e-6, 0.01, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 3.0, 5.0}
    times.update(extra_times)
    fields = {}
    if b.friction is not None:
        fields["final"] = dbl(b.friction.finalX()) if math.isinf(b.T) else (leading if b.edge == "leading" else trailing)
        fields["friction_final_x"] = dbl(b.friction.finalX())
        fields["friction_final_time"] = b.friction.final_time
        fields["friction_final_time_double"] = bd.friction.final_time
        if math.isfinite(b.friction.final_time) and b.T > b.friction.final_time or math.isinf(b.T):
            if not math.isnan(b.friction.final_time):
                ft = b.friction.final_time
                times.update({ft, nxt(ft, INF), nxt(ft, -INF)})
    else:
        fields["final"] = leading if b.edge == "leading" else trailing
    if math.isfinite(b.T):
        Th = b.T
        fields["handoff_time"] = Th
        fields["handoff_time_double"] = bd.T
        fields["handoff_crossing_exact"] = dbl(b.crossing_exact)
        fields["handoff_velocity"] = dbl(b.vh)
        fields["handoff_velocity_uncapped"] = dbl(b.handoff_velocity_uncapped)
        fields["handoff_edge"] = b.edge
        fields["handoff_x_friction"] = dbl(b.friction.x(Th))
        conv = abs(b.handoff_newton_exact - b.crossing_exact) <= mpf(2) ** -50 * max(1, abs(b.crossing_exact))
        fields["newton_converged"] = bool(conv)
        times.update({Th, nxt(Th, INF), nxt(Th, -INF), Th + 1e-6, Th + 1e-3, Th + 0.1})
        if Th - 1e-6 >= 0:
            times.add(Th - 1e-6)
        if Th - 1e-3 >= 0:
            times.add(Th - 1e-3)
    elif b.T == -INF:
        fields["handoff_time"] = -INF
        fields["handoff_edge"] = b.edge
        fields["handoff_velocity"] = velocity
    else:
        fields["handoff_time"] = INF
    # duration: the time after which isDone holds for good (default tolerance)
    flicker = False
    if b.spring is not None:
        tau, windows = spring_done_time(b.spring)
        off = mpf(b.T) if math.isfinite(b.T) else mpf(0)
        dur = dbl(off + tau)
        if windows:
            flicker = [[dbl(off + w0), dbl(off + w1)] for w0, w1 in windows]
    else:
        fr = b.friction
        if fr.v == 0:
            dur = 0.0
        else:
            tv = mpmath.log(mpf(DEFAULT_TOL["velocity"]) / abs(fr.v)) / fr.L
            dur = min(dbl(tv), fr.final_time)
    for _ in range(8):  # the first double at which isDone holds (the boundary itself may round below it)
        if b.done(dur):
            break
        dur = nxt(dur, INF)
    assert b.done(dur) and b.done(dur + 0.5), (name, dur)
    fields["duration"] = dur
    if flicker:
        fields["done_windows"] = flicker
        for w0, w1 in flicker:
            times.update({w0, (w0 + w1) / 2, w1})
    times.update({dur, nxt(dur, INF)})
    # decision boundaries: the exact model and Flutter's doubles may legitimately decide differently there
    edges = [fields.get("handoff_time"), fields.get("handoff_time_double"), fields.get("friction_final_time"),
             fields.get("friction_final_time_double"), dur]
    edges += [w for win in fields.get("done_windows", []) for w in win]
    edges = [e for e in edges if isinstance(e, float) and math.isfinite(e)]

    def on_boundary(t):
        return any(abs(t - e) <= 4 * math.ulp(max(abs(e), 1e-300)) + 1e-15 for e in edges)

    samples, boundary = [], []
    for t in sorted(x for x in times if x >= 0 and math.isfinite(x)):
        x, dx, dn = dbl(b.x(t)), dbl(b.dx(t)), b.done(t)
        samples.append([t, x, dx, dn])
        if on_boundary(t):
            boundary.append(t)
        # cross-check against the double model
        xd, dxd = bd.x(t), bd.dx(t)
        scale = max([1.0, abs(position)] + [abs(e) for e in (leading, trailing) if math.isfinite(e)])
        ex, edx = abs(xd - x) / scale, abs(dxd - dx) / max(1.0, abs(velocity))
        if on_boundary(t):
            if ex > 1e-9 or edx > 1e-9 or bd.done(t) != dn:
                CHECK["boundary"].append("%s t=%r: exact x %r dx %r done %r | doubles x %r dx %r done %r"
                                         % (name, t, x, dx, dn, xd, dxd, bd.done(t)))
            continue
        CHECK["bx"], CHECK["bdx"] = max(CHECK["bx"], ex), max(CHECK["bdx"], edx)
        if ex > 1e-9 or edx > 1e-9 or bd.done(t) != dn:
            raise SystemExit("double model differs: %s t=%r x %r/%r dx %r/%r" % (name, t, x, xd, dx, dxd))
    c.update(fields)
    c["boundary"] = boundary
    if note:
        c["note"] = note
    c["samples"] = luaw.Chunk(samples)
    return c


def clamping_curve(name, position, velocity, friction=0.015, note=None):
    s = Clamping(position, velocity, friction)
    sd = ClampingD(position, velocity, friction)
    Tn = s.T
    times = {0.0, 1e-6, 0.001, 0.016, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0,
             Tn, nxt(Tn, INF), nxt(Tn, -INF), Tn / 2, Tn + 0.1}
    if Tn - 1e-6 > 0:
        times.add(Tn - 1e-6)
    samples = []
    for t in sorted(x for x in times if x >= 0):
        x, dx = dbl(s.x(t)), dbl(s.dx(t))
        samples.append([t, x, dx, s.done(t)])
        xd, dxd = sd.x(t), sd.dx(t)
        if t in (Tn, nxt(Tn, -INF), nxt(Tn, INF)) and (sd.done(t) != s.done(t) or abs(xd - x) > 1e-9 * max(1.0, abs(x))):
            CHECK["boundary"].append("%s t=%r: exact x %r dx %r done %r | doubles x %r dx %r done %r"
                                     % (name, t, x, dx, s.done(t), xd, dxd, sd.done(t)))
            continue
        ex, edx = abs(xd - x) / max(1.0, abs(position) + abs(s.dist)), abs(dxd - dx) / max(1.0, abs(velocity))
        CHECK["cx"], CHECK["cdx"] = max(CHECK["cx"], ex), max(CHECK["cdx"], edx)
        if ex > 1e-9 or edx > 1e-9 or sd.done(t) != s.done(t):
            raise SystemExit("double model differs: %s t=%r x %r/%r dx %r/%r" % (name, t, x, xd, dx, dxd))
    c = {"kind": "clamping", "name": name, "params": cparams(position, velocity, friction),
         "duration": Tn, "duration_double": sd.T, "distance": dbl(s.dist), "final": dbl(s.p + s.dist),
         "handoff_time": Tn, "boundary": sorted({t for t in (Tn, nxt(Tn, -INF), nxt(Tn, INF)) if t >= 0})}
    if note:
        c["note"] = note
    c["samples"] = luaw.Chunk(samples)
    return c


CHECK = {"bx": 0.0, "bdx": 0.0, "cx": 0.0, "cdx": 0.0, "boundary": []}


def grazing_velocity():
    # finalX = 100 * (1 + 1e-4 / 0.9999)-ish: u* = d^(t*) ~ 1.1e-4, too small for 10 Newton steps from 0
    return 200.27


def make_curves():
    cs = [
        bouncing_curve("inside_stop", 100.0, 800.0, 0.0, 1000.0,
                       note="friction only: finalX inside; _springTime = +inf"),
        bouncing_curve("inside_stop_negative", 900.0, -1500.0, 0.0, 1000.0),
        bouncing_curve("zero_velocity_inside", 250.0, 0.0, 0.0, 1000.0,
                       note="v = 0: finalX = x0, _finalTime is NaN (0/0 in its Newton step), isDone from t = 0"),
        bouncing_curve("trailing_small", 0.0, 1200.0, 0.0, 500.0),
        bouncing_curve("trailing_huge_capped", 0.0, 20000.0, 0.0, 1000.0,
                       note="friction dx at the hand-off > 5000: the spring starts with 5000"),
        bouncing_curve("trailing_grazing_newton_unconverged", 0.0, grazing_velocity(), 0.0, 100.0,
                       note="finalX barely past the edge: the crossing is late and 10 Newton steps from t = 0 do not "
                            "reach it, so Flutter hands off early (handoff_time < handoff_crossing_exact) with the "
                            "friction still short of the edge (handoff_x_friction) and the spring starts AT the edge: "
                            "x jumps at the hand-off"),
        bouncing_curve("leading_small", 300.0, -800.0, 0.0, 1000.0),
        bouncing_curve("leading_fast_uncapped", 500.0, -9000.0, 0.0, 1000.0,
                       note="min(dx, 5000) leaves negative velocities alone: no cap at the leading edge"),
        bouncing_curve("start_beyond_trailing_rest", 1100.0, 0.0, 0.0, 1000.0),
        bouncing_curve("start_beyond_trailing_moving_out", 1050.0, 800.0, 0.0, 1000.0,
                       note="start outside: spring from t = 0 with the full velocity (no cap)"),
        bouncing_curve("start_beyond_trailing_fast_out", 1050.0, 9000.0, 0.0, 1000.0,
                       note="start outside: no cap even above 5000"),
        bouncing_curve("start_beyond_leading_rest", -120.0, 0.0, 0.0, 1000.0),
        bouncing_curve("start_beyond_leading_moving_in", -80.0, 1500.0, 0.0, 1000.0),
        bouncing_curve("min_eq_max", 100.0, 600.0, 100.0, 100.0,
                       note="timeAtX(edge) = 0 (x == x0): friction at t = 0 exactly, spring for every t > 0"),
        bouncing_curve("min_eq_max_negative", 100.0, -7000.0, 100.0, 100.0),
        bouncing_curve("at_trailing_edge_moving_out", 1000.0, 300.0, 0.0, 1000.0,
                       note="position == trailing counts as inside; hand-off at t = 0"),
    ]
    cl = [
        clamping_curve("fling_8000", 0.0, 8000.0, note="the velocity of Flutter's own tests"),
        clamping_curve("fling_negative", 500.0, -3000.0),
        clamping_curve("fling_small", 10.0, 50.0),
        clamping_curve("fling_tiny", 0.0, 1.0, note="duration of a few ms"),
        clamping_curve("fling_huge", -200.0, 50000.0),
        clamping_curve("friction_0.03", 0.0, 4000.0, 0.03),
        clamping_curve("friction_0.025_negative", 1000.0, -6000.0, 0.025),
        clamping_curve("friction_0.005", 0.0, 2000.0, 0.005),
        clamping_curve("zero_velocity", 100.0, 0.0,
                       note="v = 0: duration 0, and t / 0 is NaN at t = 0 (clampDouble(NaN, 0, 1) returns 1): "
                            "x = position, dx = 0, isDone from t = 0"),
    ]
    return cs + cl


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "flutter_scroll.lua")
    verify_tests()
    info = verify_relations()
    for r in RELATIONS:
        if r["relation"] == "restart_invariant":
            r["note"] = r["note"] % ("%.3g" % info["ballistic"][0], "%.3g" % info["ballistic"][1])
    curves = make_curves()
    for d in CHECK["boundary"]:
        print("decided differently in doubles (boundary sample):", d, file=sys.stderr)
    print("double model vs exact: bouncing x %.3g dx %.3g, clamping x %.3g dx %.3g (relative)"
          % (CHECK["bx"], CHECK["bdx"], CHECK["cx"], CHECK["cdx"]), file=sys.stderr)
    print("ballistic restart max |dx| x %.3g dx %.3g over %d steps; accel formula worst ratio %.3g"
          % (info["ballistic"] + (info["accel_worst_ratio"],)), file=sys.stderr)
    date = datetime.date.today().isoformat()
    header = HEADER.format(date=date, mpv=mpmath.__version__, ds=DEFAULT_SPRING["damping"], nb=len(CHECK["boundary"]),
                           bx=CHECK["bx"], bdx=CHECK["bdx"]).split("\n")
    data = {"generator": "tools/gen/gen_flutter_scroll.py", "date": date, "mpmath": mpmath.__version__,
            "sources": SOURCES,
            "constants": {"drag": DRAG, "max_spring_transfer_velocity": CAP, "default_spring": DEFAULT_SPRING,
                          "default_tolerance": DEFAULT_TOL, "newton_steps": NEWTON_STEPS,
                          "clamping_friction_default": 0.015, "clamping_deceleration_rate_double": D_DBL,
                          "clamping_physical_coeff_double": COEFF_DBL, "clamping_inflexion": 0.35},
            "tests": luaw.Chunk(TESTS), "relations": RELATIONS, "not_transcribed": not_expressed(),
            "curves": curves}
    luaw.write(out, header, data)
    print("tests", len(TESTS), "relations", len(RELATIONS), "curves", len(curves),
          "samples", sum(len(c["samples"].value) for c in curves), file=sys.stderr)


HEADER = """\
spec/fixtures/flutter_scroll.lua -- GENERATED by tools/gen/gen_flutter_scroll.py; do not edit by hand.
Flutter's scroll simulations BouncingScrollSimulation (iOS) and ClampingScrollSimulation (Android) as reference data.
Date: {date}. mpmath {mpv}, mp.dps = 50. Sources (flutter/flutter, read through the project's code index; the files and
commits are also in `sources`): widgets/scroll_simulation.dart @095d6b9 (= b2ce50a for these two classes),
physics/friction_simulation.dart @b2ce50a, physics/spring_simulation.dart @04fbdcf, physics/tolerance.dart @17bd7a8,
physics/utils.dart @08d672e, physics/simulation.dart @b2ce50a, widgets/scroll_physics.dart @000a6d6; tests
test/physics/newton_test.dart @17bd7a8 and test/widgets/scroll_simulation_test.dart (newest stored revision, commit not
named by the index; plus one test from the older @10166b7). The formulas were read in the Dart and restated in Python.

WHAT FLUTTER DOES (as read):
 Bouncing(position, velocity, leading, trailing, spring, tolerance = Tolerance()):
   position < leading: ScrollSpringSimulation(spring, position, leading, velocity) from t = 0 (_springTime = -inf);
   position > trailing: the same towards trailing; no velocity cap in either.
   else friction F = FrictionSimulation(0.135, position, velocity); if velocity > 0 and F.finalX > trailing:
   _springTime = F.timeAtX(trailing), spring = ScrollSpringSimulation(spring, trailing, trailing,
   min(F.dx(_springTime), 5000)); if velocity < 0 and F.finalX < leading: the same at leading (min(dx, 5000) of a
   negative dx is dx: the cap acts only at the trailing edge); otherwise _springTime = +inf.
   x/dx/isDone(t): t > _springTime (strictly) -> spring at t - _springTime (t - 0 when _springTime = -inf); else F at t.
   So at t == _springTime exactly the friction answers (x ~ edge, dx UNCAPPED); just after, the spring (dx capped).
   The tolerance of the Bouncing object is copied into the sub-simulation on every call.
 FrictionSimulation(d, x0, v) (constantDeceleration 0): x = x0 + v d^t / ln d - v / ln d, dx = v d^t,
   finalX = x0 - v / ln d, isDone = |dx| < tolerance.velocity. timeAtX(x): 0 if x == x0; +inf if v == 0 or x is not
   between x0 and finalX; else 10 Newton steps on x(t) = x from t = 0 (NOT the closed form ln(ln d (x - x0)/v + 1)/ln d
   of older revisions). The constructor also sets _finalTime = 10 Newton steps on dx(t) = 0 from 0; with
   constantDeceleration 0 each step adds exactly -1/ln d, so _finalTime = 10 / -ln(0.135) = 4.99374... s, and for
   t > _finalTime x returns finalX and dx returns 0: a small jump (|v| d^4.99/|ln d| ~ 2.2e-5 |v|) at t ~ 4.994 s.
   v == 0: the Newton step is 0/0, _finalTime is NaN, the clamp never applies.
 ScrollSpringSimulation(spring, start, end, v): SpringSimulation with snapToEnd false, plus x(t) = end when isDone(t)
   (dx is NOT snapped). isDone = nearZero(xs, tol.distance) && nearZero(dxs, tol.velocity), xs/dxs relative to end,
   nearZero(a, e) = (-e < a < e) || a == 0. Solution by the sign of c*c - 4*m*k in doubles: > 0 over-damped
   r1,2 = (-c -+ sqrt(c^2 - 4mk)) / 2m, c2 = (v - r1 d0) / (r2 - r1), c1 = d0 - c2, x = c1 e^(r1 t) + c2 e^(r2 t);
   < 0 under-damped w = sqrt(4mk - c^2) / 2m, r = -c/2m, c1 = d0, c2 = (v - r d0)/w, x = e^(rt)(c1 cos wt + c2 sin wt);
   == 0 critical r = -c/2m, c1 = d0, c2 = v - r d0, x = (c1 + c2 t) e^(rt); dx the derivative.
 Spring of BouncingScrollPhysics (decelerationRate.normal) = ScrollPhysics._kDefaultSpring =
   SpringDescription.withDampingRatio(mass: 0.5, stiffness: 100, ratio: 1.1), damping = ratio * 2.0 * sqrt(m k) in
   doubles = {ds!r} (over-damped). (decelerationRate.fast: (0.3, 75, 1.3) and constantDeceleration 1400: not covered.)
 Tolerance() = (distance 1e-3, time 1e-3, velocity 1e-3). BouncingScrollPhysics passes toleranceFor(metrics)
   (velocity 1/(0.05 dpr), distance 1/dpr); these curves use the constructor default Tolerance().
 Clamping(position, velocity, friction = 0.015): D = ln 0.78 / ln 0.9, c = 9.80665 * 39.37 * 160 * 0.84,
   vr = friction c / 0.35, T = D * 0.35 * (|v| / vr)^(1/(D - 1)), distance = v T / D,
   x = position + distance (1 - (1 - clamp(t/T, 0, 1))^D), dx = v (1 - clamp(t/T, 0, 1))^(D - 1), isDone = t >= T.
   clamp is clampDouble, which returns max for NaN: with v = 0, T = 0 and t/T = 0/0 at t = 0 gives 1, so x = position.
   In doubles 1 - (1 - t/T)^D cancels for small t: Flutter's own x has ~1e-16 * |distance| absolute error there.

TRUTH (curves, and `exact` in tests): the exact values of these formulas for the double parameters (mpmath, 50
 digits), rounded once to double. Judgement calls: (1) the parameters are the doubles Flutter holds: the literals
 (0.135, 0.78, 0.9, 0.35, 9.80665, 39.37, 160, 0.84, 5000) and arguments as doubles, and SpringDescription.damping as
 the double withDampingRatio computes; (2) the three stored times Flutter compares query times against are rounded to
 double: _springTime (handoff_time), _finalTime (friction_final_time) and ClampingScrollSimulation._duration
 (duration); distance = v T / D then uses that double T, so x(T) is exactly the final position; (3) Flutter's two
 fixed 10-step Newton loops are run in exact arithmetic (not to convergence): handoff_time is the 10-step Newton value
 rounded to double; handoff_time_double repeats the loop in IEEE doubles (Python floats, libm pow/log like the Dart
 VM; another platform's pow may move it by an ulp); handoff_crossing_exact is the true crossing time, rounded;
 (4) the spring starts with the exact min(F.dx(handoff_time), 5000), not a rounded one; t - _springTime is exact;
 (5) isDone and the ScrollSpringSimulation snap are decided on exact values. Samples sit on a decision boundary only
 where put there on purpose (handoff_time, duration, friction_final_time, done_windows edges and their nextafter
 neighbours); each curve lists those times in `boundary`: Flutter's doubles may take the other branch there (the
 generator found {nb} such samples: a 1-ulp different _springTime/_finalTime/_duration, or |dx| = 1e-3 +- 1e-16).
 Every other sample was also computed by a model that repeats Flutter's double arithmetic; the largest difference
 was {bx:.2g} (x, relative to the extents) and {bdx:.2g} (dx, relative to |v|; pow(math.e, r t) with a rounded e); the
 generator stops above 1e-9.

LAYOUT
 tests: one entry per assertion of Flutter's tests, {{kind, params, t, check = x|dx|done, expected, op, tol, exact,
   src (path@commit), test (name), note}}; op: eq (Flutter equals / plain bool; exact), near (moreOrLessEquals:
   |got - expected| <= tol; default tol 1e-10), lt (lessThan: got < expected). params: position, velocity, leading,
   trailing, spring {{mass, stiffness, damping, ratio}}, tolerance {{distance, time, velocity}} (absent: the default
   Tolerance()) for bouncing; position, velocity, friction for clamping. `exact` = the exact model's value.
 relations: loop/relation assertions that are not one value at one time (monotone velocity, bounded velocity steps,
   restart invariance, acceleration formula), each with the loop times or the formula in `note`; all re-checked.
 curves: {{kind, name, params, handoff_time (bouncing: _springTime; -1/0 = spring from t = 0; 1/0 = friction only;
   clamping: = duration), handoff_time_double, handoff_crossing_exact, handoff_edge, handoff_velocity (the spring's
   start velocity, capped), handoff_velocity_uncapped (friction dx at handoff_time, what dx(handoff_time) returns),
   handoff_x_friction (friction x at handoff_time), newton_converged, final (where the motion ends), friction_final_x,
   friction_final_time (_finalTime, rounded exact) and friction_final_time_double, duration (bouncing: the time after
   which isDone holds for good with Tolerance(); clamping: T), done_windows (earlier [from, to) intervals where the
   spring's isDone holds, so x snaps to the end and lets go again), boundary (see 5), distance (clamping),
   note, samples = {{{{t, x, dx, isDone}}, ...}}}}.

Not transcribed: see `not_transcribed`."""


if __name__ == "__main__":
    main()
