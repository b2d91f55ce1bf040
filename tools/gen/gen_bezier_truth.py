#!/usr/bin/env python3
"""Generate spec/fixtures/bezier_truth.lua: high-precision truth for CSS cubic-bezier().

Independent of any engine: Python's decimal module at 120 significant digits.
  * control points and inputs are the exact binary64 values (Decimal(float) is exact);
  * for t in [0,1]: x(u) = t is solved by 420 bisection steps on u in [0,1] (x(u) is
    monotone non-decreasing because x1, x2 are in [0,1]); output y(u) rounded once to the
    nearest double; t == 0 -> 0 and t == 1 -> 1 exactly (the curve's end points);
  * for t outside [0,1]: the browser ENGINES' extrapolation rule (Chromium gfx::CubicBezier,
    WebKit UnitBezier, Servo bezier.rs; also what WPT asserts), evaluated in Decimal:
      t < 0: y = start_gradient * t,    t > 1: y = 1 + end_gradient * (t - 1)
      start_gradient = y1/x1 if x1 > 0; else y2/x2 if y1 == 0 and x2 > 0;
                       else 1 if y1 == 0 and y2 == 0; else 0
      end_gradient   = (y2-1)/(x2-1) if x2 < 1; else (y1-1)/(x1-1) if y2 == 1 and x1 < 1;
                       else 1 if y2 == 1 and y1 == 1; else 0
    The literal CSS Easing 1 text (which differs for vertical tangents, see spec_text) is
    stored separately in `spec_text` for the same out-of-range inputs;
  * slopes dy/dx = (dy/du)/(dx/du) at the solved u; at t = 0 / t = 1 the one-sided limit
    (first non-vanishing derivative orders); outside [0,1] the engine gradient. Points where
    the slope is infinite (vertical tangent, e.g. x1 = 0 with y1 != 0 at t = 0, or the
    flat spot of x(u) of cubic-bezier(1,0,0,1) at t = 0.5) are omitted.

Usage: python3 tools/gen/gen_bezier_truth.py [out_path]   (default spec/fixtures/bezier_truth.lua)
"""
import datetime
import json
import os
import sys
from decimal import Decimal as D, getcontext

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

DIGITS = 120
getcontext().prec = DIGITS
BISECT = 420  # 2^-420 ~ 1e-126 in u

HERE = os.path.dirname(os.path.abspath(__file__))
ZERO, ONE, THREE, SIX = D(0), D(1), D(3), D(6)


def bern(p1, p2, u):
    v = ONE - u
    return THREE * v * v * u * p1 + THREE * v * u * u * p2 + u * u * u


def dbern(p1, p2, u):
    v = ONE - u
    return THREE * p1 * v * v + SIX * (p2 - p1) * u * v + THREE * (ONE - p2) * u * u


def solve_u(x1, x2, t):
    lo, hi = ZERO, ONE
    for _ in range(BISECT):
        mid = (lo + hi) / 2
        if bern(x1, x2, mid) < t:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def engine_gradients(x1, y1, x2, y2):
    if x1 > 0:
        s = y1 / x1
    elif y1 == 0 and x2 > 0:
        s = y2 / x2
    elif y1 == 0 and y2 == 0:
        s = ONE
    else:
        s = ZERO
    if x2 < 1:
        e = (y2 - ONE) / (x2 - ONE)
    elif y2 == 1 and x1 < 1:
        e = (y1 - ONE) / (x1 - ONE)
    elif y2 == 1 and y1 == 1:
        e = ONE
    else:
        e = ZERO
    return s, e


def spec_text_gradients(x1, y1, x2, y2):
    """CSS Easing 1 text: line through P0,P1 if x1 > 0, else P0,P2 if x2 > 0, else 0 (t<0);
    line through P2,P3 if x2 < 1, else P1,P3 if x1 < 1, else 1 (t>1: output 1)."""
    if x1 > 0:
        s = y1 / x1
    elif x2 > 0:
        s = y2 / x2
    else:
        s = None  # output 0
    if x2 < 1:
        e = (y2 - ONE) / (x2 - ONE)
    elif x1 < 1:
        e = (y1 - ONE) / (x1 - ONE)
    else:
        e = None  # output 1
    return s, e


def deriv_coeffs(p0, p1, p2, p3):
    c0 = THREE * (p1 - p0)
    c1 = SIX * (p2 - p1) - SIX * (p1 - p0)
    c2 = THREE * (p1 - p0) - SIX * (p2 - p1) + THREE * (p3 - p2)
    return [c0, c1, c2]


def end_slope(xs, ys):
    """One-sided limit of y'(s)/x'(s) as s -> 0+, None if infinite."""
    cx, cy = deriv_coeffs(*xs), deriv_coeffs(*ys)
    ox = next(i for i, c in enumerate(cx) if c != 0)
    oy = next((i for i, c in enumerate(cy) if c != 0), 99)
    if oy > ox:
        return ZERO
    if oy == ox:
        return cy[oy] / cx[ox]
    return None


def evaluate(x1, y1, x2, y2, t):
    if t == 0:
        return ZERO
    if t == 1:
        return ONE
    if t < 0 or t > 1:
        s, e = engine_gradients(x1, y1, x2, y2)
        return s * t if t < 0 else ONE + e * (t - ONE)
    u = solve_u(x1, x2, t)
    return bern(y1, y2, u)


def slope(x1, y1, x2, y2, t):
    s, e = engine_gradients(x1, y1, x2, y2)
    if t < 0:
        return s
    if t > 1:
        return e
    if t == 0:
        return end_slope((ZERO, x1, x2, ONE), (ZERO, y1, y2, ONE))
    if t == 1:
        return end_slope((ONE, x2, x1, ZERO), (ONE, y2, y1, ZERO))
    u = solve_u(x1, x2, t)
    dx = dbern(x1, x2, u)
    if abs(dx) < D("1e-40"):
        return None
    return dbern(y1, y2, u) / dx


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "bezier_truth.lua")
    cases = json.load(open(os.path.join(HERE, "cases.json")))
    curves = []
    seen = set()
    for kw in cases["keyword_curves"]:
        curves.append((kw["name"], kw["p"]))
        seen.add(tuple(float(v) for v in kw["p"]))
    for p in cases["curves"]:
        key = tuple(float(v) for v in p)
        if key in seen:
            continue
        seen.add(key)
        curves.append((None, p))
    ins = [float(v) for v in cases["inputs_in_range"]]
    outs = [float(v) for v in cases["inputs_out_of_range"]]
    sl_ins = [float(v) for v in cases["slope_inputs"]]
    result = []
    npoints = 0
    for name, p in curves:
        fx1, fy1, fx2, fy2 = (float(v) for v in p)
        x1, y1, x2, y2 = D(fx1), D(fy1), D(fx2), D(fy2)
        pts = []
        for t in ins + outs:
            y = evaluate(x1, y1, x2, y2, D(t))
            pts.append([t, float(y) + 0.0])
        npoints += len(pts)
        sgs, sge = spec_text_gradients(x1, y1, x2, y2)
        spec_pts = []
        for t in outs:
            dt = D(t)
            if t < 0:
                y = ZERO if sgs is None else sgs * dt
            else:
                y = ONE if sge is None else ONE + sge * (dt - ONE)
            spec_pts.append([t, float(y) + 0.0])
        slopes = []
        for t in sl_ins:
            s = slope(x1, y1, x2, y2, D(t))
            if s is not None:
                slopes.append([t, float(s) + 0.0])
        c = luaw.Table([fx1, fy1, fx2, fy2], x1=fx1, y1=fy1, x2=fx2, y2=fy2)
        if name:
            c.set("name", name)
        c.set("points", pts)
        c.set("slopes", slopes)
        c.set("spec_text", spec_pts)
        result.append(c)
        print(name or p, file=sys.stderr)
    header = [
        "spec/fixtures/bezier_truth.lua -- GENERATED by tools/gen/gen_bezier_truth.py; do not edit by hand.",
        "Source: Python %s decimal module, %d significant digits (no engine involved). Date: %s."
        % (sys.version.split()[0], DIGITS, datetime.date.today().isoformat()),
        "Each curve: [1..4] and x1,y1,x2,y2 = control points (exact doubles); name = CSS keyword if any.",
        "points = {{t, y}}: t in [0,1]: x(u) = t solved by %d bisection steps in Decimal, y(u) rounded once to" % BISECT,
        "  the nearest double (t = 0 -> 0, t = 1 -> 1). t outside [0,1]: the ENGINES' extrapolation rule",
        "  (Chromium/WebKit/Servo, asserted by WPT): t<0 -> start_gradient*t, t>1 -> 1 + end_gradient*(t-1), with",
        "  start_gradient = y1/x1 if x1>0; else y2/x2 if y1==0 and x2>0; else 1 if y1==0 and y2==0; else 0;",
        "  end_gradient = (y2-1)/(x2-1) if x2<1; else (y1-1)/(x1-1) if y2==1 and x1<1; else 1 if y2==1 and y1==1; else 0.",
        "spec_text = {{t, y}} for the same out-of-range t with the literal CSS Easing 1 text instead (x1>0: P0P1,",
        "  else x2>0: P0P2, else 0; x2<1: P2P3, else x1<1: P1P3, else 1) -- differs for vertical tangents.",
        "slopes = {{t, dy/dx}}: (dy/du)/(dx/du) at the solved u; t = 0/1: one-sided limit; outside [0,1]: the",
        "  engine gradient. Infinite slopes (vertical tangents) are omitted.",
    ]
    luaw.write(out, header, {"generator": "tools/gen/gen_bezier_truth.py", "digits": DIGITS,
                             "date": datetime.date.today().isoformat(), "curves": result})
    print("curves", len(result), "points", npoints, file=sys.stderr)


if __name__ == "__main__":
    main()
