#!/usr/bin/env python3
"""Generate spec/fixtures/flutter_physics.lua: the NUMBERS of Flutter's physics unit tests as data.

The expectations below were transcribed by hand from flutter/flutter
packages/flutter/test/physics/*.dart (files read through the project's code-search tool; the
commit of each file is recorded).  Only numbers/parameters are ported, no code.  Tests of
features kinetic has no counterpart for (BoundedFrictionSimulation, FrictionSimulation.through,
BouncingScrollSimulation, ClampedSimulation, Tolerance/nearEqual helpers, toString) are left out.

Before writing, every expectation is re-checked against an independent re-statement of Flutter's
formulas in Python doubles (see `model_*` below), so a transcription error stops the generator.

Usage: python3 tools/gen/gen_flutter_physics.py [out_path]
"""
import datetime
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
INF = float("inf")
PET = 1e-10  # flutter precisionErrorTolerance: default epsilon of moreOrLessEquals

SRC = "packages/flutter/test/physics/"
COMMITS = {
    "friction_simulation_test.dart": "1d88827d33b49243b3ffaa448f9692a20fe140f7",
    "gravity_simulation_test.dart": "1d88827d33b49243b3ffaa448f9692a20fe140f7",
    "spring_simulation_test.dart": "25a15c8e0613f4f7efef8bc844aadc2ccd2c9db7",
    "newton_test.dart": "17bd7a8e38b0b5dcf50a2044843a94d9e3a69176",
}


def near(fn, t, value, eps=PET, **kw):
    d = {"fn": fn, "op": "near", "value": value, "eps": eps}
    if t is not None:
        d["t"] = t
    d.update(kw)
    return d


def eq(fn, t, value, **kw):
    d = {"fn": fn, "op": "eq", "value": value}
    if t is not None:
        d["t"] = t
    d.update(kw)
    return d


def floor(fn, t, value):
    return {"fn": fn, "t": t, "op": "floor", "value": value}


def between(fn, t, lo, hi):
    return {"fn": fn, "t": t, "op": "between", "lo": lo, "hi": hi}


def lt(fn, t, value):
    return {"fn": fn, "t": t, "op": "lt", "value": value}


def gt(fn, t, value):
    return {"fn": fn, "t": t, "op": "gt", "value": value}


CASES = []


def case(file, test, kind, params, checks, tolerance=None, note=None):
    c = {"source": SRC + file, "commit": COMMITS[file], "test": test, "kind": kind, "params": params}
    if tolerance:
        c["tolerance"] = tolerance
    if note:
        c["note"] = note
    c["checks"] = checks
    CASES.append(c)


# ---------------------------------------------------------------- friction_simulation_test.dart
F = "friction_simulation_test.dart"
case(F, "Friction simulation positive velocity", "friction",
     {"drag": 0.135, "position": 100.0, "velocity": 100.0, "constant_deceleration": 0},
     [near("x", 0.0, 100.0), near("dx", 0.0, 100.0),
      near("x", 0.1, 110.0, 1.0), near("x", 0.5, 131.0, 1.0), near("x", 2.0, 149.0, 1.0),
      near("final_x", None, 149.0, 1.0),
      eq("time_at_x", None, 0.0, x=100.0),
      near("time_at_x(x(t))", 0.1, 0.1), near("time_at_x(x(t))", 0.5, 0.5), near("time_at_x(x(t))", 2.0, 2.0),
      eq("time_at_x", None, INF, x=-1.0), eq("time_at_x", None, INF, x=200.0)])
case(F, "Friction simulation negative velocity", "friction",
     {"drag": 0.135, "position": 100.0, "velocity": -100.0, "constant_deceleration": 0},
     [near("x", 0.0, 100.0), near("dx", 0.0, -100.0),
      near("x", 0.1, 91.0, 1.0), near("x", 0.5, 68.0, 1.0), near("x", 2.0, 51.0, 1.0),
      near("final_x", None, 50.0, 1.0),
      eq("time_at_x", None, 0.0, x=100.0),
      near("time_at_x(x(t))", 0.1, 0.1), near("time_at_x(x(t))", 0.5, 0.5), near("time_at_x(x(t))", 2.0, 2.0),
      eq("time_at_x", None, INF, x=101.0), eq("time_at_x", None, INF, x=40.0)])
case(F, "Friction simulation constant deceleration", "friction",
     {"drag": 0.135, "position": 100.0, "velocity": -100.0, "constant_deceleration": 100},
     [near("x", 0.0, 100.0), near("dx", 0.0, -100.0),
      near("x", 0.1, 91.0, 1.0), near("x", 0.5, 80.0, 1.0), near("x", 2.0, 80.0, 1.0),
      near("final_x", None, 80.0, 1.0),
      eq("time_at_x", None, 0.0, x=100.0),
      near("time_at_x(x(t))", 0.1, 0.1), near("time_at_x(x(t))", 0.2, 0.2), near("time_at_x(x(t))", 0.3, 0.3),
      eq("time_at_x", None, INF, x=101.0), eq("time_at_x", None, INF, x=40.0)],
     note="constant_deceleration acts against the initial velocity (Flutter multiplies it by sign(v0)); "
          "motion stops when dx reaches 0 (Flutter: 10 Newton steps from t = 0 for that time), then x = final_x")

# ---------------------------------------------------------------- gravity_simulation_test.dart
G = "gravity_simulation_test.dart"
case(G, "Gravity simulation 1", "gravity",
     {"acceleration": 9.81, "position": 10.0, "end_distance": 0.0, "velocity": 0.0},
     [near("x", 10.0, 50.0 * 9.81 + 10.0)])
case(G, "Gravity simulation 2", "gravity",
     {"acceleration": -10.0, "position": 0.0, "end_distance": 6.0, "velocity": 10.0},
     [eq("x", 0.0, 0.0), eq("dx", 0.0, 10.0), eq("is_done", 0.0, False),
      eq("x", 1.0, 5.0), eq("dx", 1.0, 0.0), eq("is_done", 0.2, False),
      eq("x", 2.0, 0.0), eq("dx", 2.0, -10.0), eq("is_done", 2.0, False),
      eq("x", 3.0, -15.0), eq("dx", 3.0, -20.0), eq("is_done", 3.0, True)],
     note="Flutter GravitySimulation(acceleration, distance, endDistance, velocity); isDone(t) = |x(t)| >= end_distance")

# ---------------------------------------------------------------- newton_test.dart
N = "newton_test.dart"
case(N, "test_friction", "friction",
     {"drag": 0.3, "position": 100.0, "velocity": 400.0, "constant_deceleration": 0},
     [eq("is_done", 0.0, False), eq("x", 0.0, 100.0), eq("dx", 0.0, 400.0),
      between("x", 1.0, 330.0, 335.0),
      eq("dx", 1.0, 120.0), eq("dx", 2.0, 36.0), near("dx", 3.0, 10.8), lt("dx", 4.0, 3.5),
      eq("is_done", 5.0, True), between("x", 5.0, 431.0, 432.0)],
     tolerance={"velocity": 1.0},
     note="Flutter isDone(t) = |dx(t)| < tolerance.velocity. dx(1) == 120 and dx(2) == 36 are exact-equality "
          "expectations in Flutter (400 * 0.3^t computed as v0 * pow(drag, t)); compare with a few ulp")
case(N, "test_gravity", "gravity",
     {"acceleration": 200.0, "position": 100.0, "end_distance": 600.0, "velocity": 0.0},
     [eq("is_done", 0.0, False), eq("x", 0.0, 100.0), eq("dx", 0.0, 0.0),
      eq("x", 0.25, 106.25), eq("x", 0.5, 125.0), eq("x", 0.75, 156.25), eq("x", 1.0, 200.0),
      eq("x", 1.25, 256.25), eq("x", 1.5, 325.0), eq("x", 1.75, 406.25),
      eq("dx", 0.25, 50.0), eq("dx", 0.5, 100.0), eq("dx", 0.75, 150.0), eq("dx", 1.0, 200.0),
      eq("dx", 1.25, 250.0), eq("dx", 1.5, 300.0), eq("dx", 1.75, 350.0),
      eq("is_done", 2.5, True), eq("x", 2.5, 725.0), eq("dx", 2.5, 500.0)])


def spring(m, k, ratio=None, c=None, frm=0.0, to=0.0, v=0.0):
    if c is None:
        c = ratio * 2.0 * math.sqrt(m * k)
    p = {"mass": m, "stiffness": k, "damping": c}
    if ratio is not None:
        p["damping_ratio"] = ratio
    p.update({"from": frm, "to": to, "velocity": v})
    return p


case(N, "spring_types (ratio default 1.0)", "spring", spring(1.0, 100.0, 1.0, frm=0.0, to=300.0),
     [eq("type", None, "critical")])
case(N, "spring_types (ratio 0.75)", "spring", spring(1.0, 100.0, 0.75, frm=0.0, to=300.0),
     [eq("type", None, "under")])
case(N, "spring_types (ratio 1.25)", "spring", spring(1.0, 100.0, 1.25, frm=0.0, to=300.0),
     [eq("type", None, "over")])
case(N, "spring_types (damping 20)", "spring", spring(1.0, 100.0, c=20.0, frm=0.0, to=20.0, v=20.0),
     [eq("type", None, "critical")])
case(N, "crit_spring", "spring", spring(1.0, 100.0, 1.0, frm=0.0, to=500.0),
     [eq("is_done", 0.0, False), eq("x", 0.0, 0.0), eq("dx", 0.0, 0.0),
      floor("x", 0.25, 356), floor("x", 0.5, 479), floor("x", 0.75, 497),
      floor("dx", 0.25, 1026), floor("dx", 0.5, 168), floor("dx", 0.75, 20),
      between("x", 1.5, 499.0, 501.0), lt("dx", 1.5, 0.1), eq("is_done", 1.6, True)],
     tolerance={"distance": 0.01, "velocity": 0.01},
     note="this is the corrected critical solution (older Flutter revisions expected dx(0) = 5000, flutter#109675)")
case(N, "overdamped_spring", "spring", spring(1.0, 100.0, 1.25, frm=0.0, to=500.0),
     [eq("is_done", 0.0, False), eq("x", 0.0, 0.0), near("dx", 0.0, 0.0),
      floor("x", 0.5, 445), floor("x", 1.0, 495), floor("x", 1.5, 499),
      floor("dx", 0.5, 273), floor("dx", 1.0, 22), floor("dx", 1.5, 1),
      eq("is_done", 3.0, True)],
     tolerance={"distance": 0.01, "velocity": 0.01})
case(N, "underdamped_spring", "spring", spring(1.0, 100.0, 0.25, frm=0.0, to=300.0),
     [eq("is_done", 0.0, False), near("x", 0.0, 0.0), near("dx", 0.0, 0.0),
      floor("x", 1.0, 325), floor("dx", 1.0, -65),
      floor("dx", 6.0, 0), floor("x", 6.0, 299), eq("is_done", 6.0, True)],
     tolerance={"distance": 0.001, "velocity": 0.001},
     note="default Flutter Tolerance (1e-3 distance, time and velocity)")

# ---------------------------------------------------------------- spring_simulation_test.dart
S = "spring_simulation_test.dart"
case(S, "When snapToEnd is set, value is exactly `end` after completion", "spring",
     spring(1.0, 400.0, 1.0, frm=0.0, to=1.0),
     [lt("x", 0.4, 1.0), gt("dx", 0.4, 0.0)],
     tolerance={"distance": 0.1, "velocity": 0.1},
     note="without snapToEnd; withDampingRatio(mass 1, stiffness 400), ratio default 1")
case(S, "When snapToEnd is set, value is exactly `end` after completion (snapping)", "spring",
     dict(spring(1.0, 400.0, 1.0, frm=0.0, to=1.0), snap_to_end=True),
     [eq("x", 0.4, 1.0), eq("dx", 0.4, 0.0)],
     tolerance={"distance": 0.1, "velocity": 0.1},
     note="snapToEnd: once isDone(t) (|x - end| < distance and |dx| < velocity tolerance), x = end and dx = 0 exactly")
case(S, "SpringDescription.withDurationAndBounce: creates spring with expected results", "spring_description",
     {"duration": 0.5, "bounce": 0.3},
     [eq("mass", None, 1.0), near("stiffness", None, 157.91, 0.01), near("damping", None, 17.59, 0.01)],
     note="duration defaults to 500 ms in Flutter; the test passes only bounce")
case(S, "SpringDescription.withDurationAndBounce: creates spring with negative bounce", "spring_description",
     {"duration": 0.5, "bounce": -0.3},
     [eq("mass", None, 1.0), near("stiffness", None, 157.91, 0.01), near("damping", None, 35.90, 0.01)])
case(S, "SpringDescription.withDurationAndBounce: get duration and bounce based on mass and stiffness",
     "spring_description", {"mass": 1.0, "stiffness": 157.91, "damping": 17.59},
     [eq("duration_ms_truncated", None, 500), near("bounce", None, 0.3, 0.001)],
     note="Flutter compares Duration.inMilliseconds (integer truncation of the duration in ms) with 500")
case(S, "SpringDescription.withDurationAndBounce: duration <= 0 should fail", "spring_description",
     {"duration": -1.0, "bounce": 0.3}, [eq("error", None, True)])
case(S, "SpringDescription.withDurationAndBounce: duration <= 0 should fail (zero)", "spring_description",
     {"duration": 0.0, "bounce": 0.3}, [eq("error", None, True)])


# ---------------------------------------------------------------- independent re-check
def model_friction(p, tol):
    drag, x0, v0, cd = p["drag"], p["position"], p["velocity"], p["constant_deceleration"]
    lg = math.log(drag)
    cds = cd * (1 if v0 > 0 else -1 if v0 < 0 else 0)
    dx0 = lambda t: v0 * drag ** t - cds * t
    g = 0.0
    for _ in range(10):
        g = g - dx0(g) / (v0 * drag ** g * lg - cds)
    ft = g
    finx = x0 + v0 * drag ** ft / lg - v0 / lg - cds / 2 * ft * ft if cd else x0 - v0 / lg

    def x(t):
        if cd and t > ft:
            return finx
        return x0 + v0 * drag ** t / lg - v0 / lg - cds / 2 * t * t

    def dx(t):
        if cd and t > ft:
            return 0.0
        return v0 * drag ** t - cds * t

    def time_at(xx):
        if xx == x0:
            return 0.0
        if v0 == 0 or (x0 > xx or xx > finx if v0 > 0 else x0 < xx or xx < finx):
            return INF
        if not cd:
            return math.log(lg * (xx - x0) / v0 + 1) / lg
        lo, hi = 0.0, ft  # x monotone on [0, ft]
        for _ in range(200):
            mid = (lo + hi) / 2
            if (x(mid) - xx) * (1 if v0 > 0 else -1) < 0:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2
    vt = (tol or {}).get("velocity", 1e-3)
    return {"x": x, "dx": dx, "final_x": lambda: finx, "time_at_x": time_at,
            "time_at_x(x(t))": lambda t: time_at(x(t)), "is_done": lambda t: abs(dx(t)) < vt}


def model_gravity(p, tol):
    a, x0, end, v0 = p["acceleration"], p["position"], p["end_distance"], p["velocity"]
    x = lambda t: x0 + v0 * t + 0.5 * a * t * t
    return {"x": x, "dx": lambda t: v0 + t * a, "is_done": lambda t: abs(x(t)) >= end}


def model_spring(p, tol):
    m, k, c = p["mass"], p["stiffness"], p["damping"]
    d0, v0, end = p["from"] - p["to"], p["velocity"], p["to"]
    disc = c * c - 4 * m * k
    if disc == 0:
        typ = "critical"
        r = -c / (2 * m)
        c1, c2 = d0, v0 - r * d0
        x = lambda t: (c1 + c2 * t) * math.exp(r * t)
        dx = lambda t: (c2 + r * (c1 + c2 * t)) * math.exp(r * t)
    elif disc > 0:
        typ = "over"
        r1 = (-c - math.sqrt(disc)) / (2 * m)
        r2 = (-c + math.sqrt(disc)) / (2 * m)
        c2 = (v0 - r1 * d0) / (r2 - r1)
        c1 = d0 - c2
        x = lambda t: c1 * math.exp(r1 * t) + c2 * math.exp(r2 * t)
        dx = lambda t: c1 * r1 * math.exp(r1 * t) + c2 * r2 * math.exp(r2 * t)
    else:
        typ = "under"
        w = math.sqrt(4 * m * k - c * c) / (2 * m)
        r = -c / (2 * m)
        c1, c2 = d0, (v0 - r * d0) / w
        x = lambda t: math.exp(r * t) * (c1 * math.cos(w * t) + c2 * math.sin(w * t))
        dx = lambda t: math.exp(r * t) * ((c2 * w + r * c1) * math.cos(w * t) + (r * c2 - c1 * w) * math.sin(w * t))
    dt_, vt = (tol or {}).get("distance", 1e-3), (tol or {}).get("velocity", 1e-3)
    done = lambda t: abs(x(t)) < dt_ and abs(dx(t)) < vt
    snap = p.get("snap_to_end")
    return {"type": lambda: typ,
            "x": lambda t: end if snap and done(t) else end + x(t),
            "dx": lambda t: 0.0 if snap and done(t) else dx(t),
            "is_done": done}


def model_description(p, tol):
    if "duration" in p:
        d, b = p["duration"], p["bounce"]
        if d <= 0:
            return {"error": lambda: True}
        k = (2 * math.pi / d) ** 2
        z = 1 - b if b >= 0 else 1 / (1 + b)
        return {"mass": lambda: 1.0, "stiffness": lambda: k, "damping": lambda: z * 2 * math.sqrt(k)}
    m, k, c = p["mass"], p["stiffness"], p["damping"]
    z = c / (2 * math.sqrt(m * k))
    return {"duration_ms_truncated": lambda: int(2 * math.pi / math.sqrt(k / m) * 1000),
            "bounce": lambda: 1 - z if z < 1 else 1 / z - 1}


def verify(c):
    model = {"friction": model_friction, "gravity": model_gravity, "spring": model_spring,
             "spring_description": model_description}[c["kind"]](c["params"], c.get("tolerance"))
    for ck in c["checks"]:
        f = model[ck["fn"]]
        if "t" in ck:
            got = f(ck["t"])
        elif "x" in ck:
            got = f(ck["x"])
        else:
            got = f()
        op = ck["op"]
        ok = {"eq": lambda: got == ck["value"] or (isinstance(got, float) and abs(got - ck["value"]) <= 1e-12 * max(1, abs(got))),
              "near": lambda: abs(got - ck["value"]) <= ck["eps"],
              "floor": lambda: math.floor(got) == ck["value"],
              "between": lambda: ck["lo"] < got < ck["hi"],
              "lt": lambda: got < ck["value"], "gt": lambda: got > ck["value"]}[op]()
        if not ok:
            raise SystemExit("check failed: %s %s: got %r" % (c["test"], ck, got))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "flutter_physics.lua")
    for c in CASES:
        verify(c)
    header = [
        "spec/fixtures/flutter_physics.lua -- GENERATED by tools/gen/gen_flutter_physics.py; do not edit by hand.",
        "Numbers ported (not code) from Flutter's own unit tests, flutter/flutter packages/flutter/test/physics/",
        "(friction_simulation_test.dart, gravity_simulation_test.dart, newton_test.dart, spring_simulation_test.dart;",
        "file commit per case). Date: %s. Every check was re-verified by the generator against Python re-statements" % datetime.date.today().isoformat(),
        "of Flutter's formulas before writing.",
        "kind: friction {drag, position, velocity, constant_deceleration}: v(t) = v0*drag^t (- sign(v0)*cd*t);",
        "      gravity {acceleration, position, end_distance, velocity}: x = x0 + v0 t + a t^2/2;",
        "      spring {mass, stiffness, damping (= damping_ratio*2*sqrt(m k) when the test gives a ratio), from, to, velocity};",
        "      spring_description: Flutter SpringDescription.withDurationAndBounce / .duration / .bounce conversions.",
        "tolerance: the Flutter Tolerance the test sets (its isDone uses it); Flutter's default is 1e-3 everywhere.",
        "checks: fn = x | dx | is_done | final_x | time_at_x (argument `x`) | time_at_x(x(t)) | type | mass | stiffness |",
        "  damping | duration_ms_truncated | bounce | error; t = time in seconds where it applies; op =",
        "  eq (Flutter equals; exact in Flutter, allow a few ulp) | near (|got - value| <= eps; Flutter's default eps is 1e-10)",
        "  | floor (math.floor(got) == value) | between (lo < got < hi) | lt | gt.  time_at_x == 1/0 means never reached.",
        "Left out (no kinetic counterpart): BoundedFrictionSimulation, FrictionSimulation.through, BouncingScrollSimulation,",
        "  ClampedSimulation, Tolerance and nearEqual helpers, toString tests.",
    ]
    luaw.write(out, header, {"generator": "tools/gen/gen_flutter_physics.py", "source": "flutter/flutter",
                             "date": datetime.date.today().isoformat(), "cases": CASES})
    print("cases", len(CASES), "checks", sum(len(c["checks"]) for c in CASES), file=sys.stderr)


if __name__ == "__main__":
    main()
