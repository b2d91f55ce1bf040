#!/usr/bin/env python3
"""Generate spec/fixtures/penner.lua: Robert Penner's easing equations, normalized to [0,1].

Values computed independently with mpmath (50 digits, inputs = the exact doubles, result rounded once)
from the formulas published on easings.net; Back's overshoot s and Elastic's amplitude a and period p
follow tween.lua's meaning (kikito/tween.lua, read for the formulas only).  A second column comes from
the npm package js-easing-functions (jQuery Easing / Penner's original code) through
tools/gen/penner_npm.mjs (node), for cross-checking.

Usage: python3 tools/gen/gen_penner.py [out_path]        (needs node + /tmp/fixgen/node_modules/js-easing-functions)
"""
import datetime
import json
import os
import subprocess
import sys

import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
mp.dps = 50
PI = mp.pi
S_DEFAULT = mpf(1.70158)  # the double nearest 1.70158, as implementations store it
HALF = mpf(1) / 2


def two(x):
    return mpmath.power(2, x)


# ---- families: each returns (in, out, inOut) as functions of an mpf t in [0,1]
def poly(n):
    return (lambda t: t ** n,
            lambda t: 1 - (1 - t) ** n,
            lambda t: 2 ** (n - 1) * t ** n if t < HALF else 1 - (-2 * t + 2) ** n / 2)


def sine():
    return (lambda t: 1 - mpmath.cos(t * PI / 2),
            lambda t: mpmath.sin(t * PI / 2),
            lambda t: -(mpmath.cos(PI * t) - 1) / 2)


def expo():
    return (lambda t: mpf(0) if t == 0 else two(10 * t - 10),
            lambda t: mpf(1) if t == 1 else 1 - two(-10 * t),
            lambda t: mpf(0) if t == 0 else mpf(1) if t == 1 else
            two(20 * t - 10) / 2 if t < HALF else (2 - two(-20 * t + 10)) / 2)


def circ():
    return (lambda t: 1 - mpmath.sqrt(1 - t ** 2),
            lambda t: mpmath.sqrt(1 - (t - 1) ** 2),
            lambda t: (1 - mpmath.sqrt(1 - (2 * t) ** 2)) / 2 if t < HALF
            else (mpmath.sqrt(1 - (-2 * t + 2) ** 2) + 1) / 2)


def back(s=S_DEFAULT):
    c1 = mpf(s)
    c2 = c1 * mpf(1.525)
    c3 = c1 + 1
    return (lambda t: c3 * t ** 3 - c1 * t ** 2,
            lambda t: 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2,
            lambda t: ((2 * t) ** 2 * ((c2 + 1) * 2 * t - c2)) / 2 if t < HALF
            else ((2 * t - 2) ** 2 * ((c2 + 1) * (t * 2 - 2) + c2) + 2) / 2)


def elastic_parts(a, p):
    a, p = mpf(a), mpf(p)
    if a < 1:  # tween.lua: an amplitude below |change| is replaced by the change, s = p/4
        a, s = mpf(1), p / 4
    else:
        s = p / (2 * PI) * mpmath.asin(1 / a)
    w = 2 * PI / p

    def ein(t):
        if t == 0:
            return mpf(0)
        if t == 1:
            return mpf(1)
        u = t - 1
        return -(a * two(10 * u) * mpmath.sin((u - s) * w))

    def eout(t):
        if t == 0:
            return mpf(0)
        if t == 1:
            return mpf(1)
        return a * two(-10 * t) * mpmath.sin((t - s) * w) + 1

    def einout(t):
        if t == 0:
            return mpf(0)
        if t == 1:
            return mpf(1)
        u = 2 * t - 1
        if u < 0:
            return -HALF * (a * two(10 * u) * mpmath.sin((u - s) * w))
        return a * two(-10 * u) * mpmath.sin((u - s) * w) * HALF + 1
    return ein, eout, einout


def elastic(a=1, p=0.3, p_inout=0.45):
    ein, eout, _ = elastic_parts(a, p)
    _, _, einout = elastic_parts(a, p_inout)
    return ein, eout, einout


def bounce():
    n1, d1 = mpf(7.5625), mpf(2.75)

    def out(x):
        if x < 1 / d1:
            return n1 * x * x
        if x < 2 / d1:
            x = x - mpf(1.5) / d1
            return n1 * x * x + mpf(0.75)
        if x < mpf(2.5) / d1:
            x = x - mpf(2.25) / d1
            return n1 * x * x + mpf(0.9375)
        x = x - mpf(2.625) / d1
        return n1 * x * x + mpf(0.984375)
    return (lambda t: 1 - out(1 - t), out,
            lambda t: (1 - out(1 - 2 * t)) / 2 if t < HALF else (1 + out(2 * t - 1)) / 2)


FORMULAS = {
    "Quad": "in t^2; out 1-(1-t)^2; inOut t<1/2: 2t^2 else 1-(-2t+2)^2/2",
    "Cubic": "in t^3; out 1-(1-t)^3; inOut t<1/2: 4t^3 else 1-(-2t+2)^3/2",
    "Quart": "in t^4; out 1-(1-t)^4; inOut t<1/2: 8t^4 else 1-(-2t+2)^4/2",
    "Quint": "in t^5; out 1-(1-t)^5; inOut t<1/2: 16t^5 else 1-(-2t+2)^5/2",
    "Sine": "in 1-cos(t pi/2); out sin(t pi/2); inOut -(cos(pi t)-1)/2",
    "Expo": "in t==0 ? 0 : 2^(10t-10); out t==1 ? 1 : 1-2^(-10t); inOut 0->0, 1->1, t<1/2: 2^(20t-10)/2 else "
            "(2-2^(-20t+10))/2 (easings.net; NO 0.001 correction as in tween.lua)",
    "Circ": "in 1-sqrt(1-t^2); out sqrt(1-(t-1)^2); inOut t<1/2: (1-sqrt(1-(2t)^2))/2 else (sqrt(1-(-2t+2)^2)+1)/2",
    "Back": "c1 = s (default 1.70158), c3 = c1+1, c2 = c1*1.525; in c3 t^3 - c1 t^2; out 1 + c3 (t-1)^3 + c1 (t-1)^2; "
            "inOut t<1/2: ((2t)^2((c2+1)2t - c2))/2 else ((2t-2)^2((c2+1)(2t-2)+c2)+2)/2",
    "Elastic": "params (a, p) as in tween.lua: if a < 1 then a = 1, s = p/4 else s = p/(2 pi) asin(1/a); "
               "in: 0->0, 1->1, u=t-1: -(a 2^(10u) sin((u-s) 2pi/p)); out: 0->0, 1->1, a 2^(-10t) sin((t-s) 2pi/p) + 1; "
               "inOut: 0->0, 1->1, u=2t-1: u<0: -a 2^(10u) sin((u-s) 2pi/p)/2 else a 2^(-10u) sin((u-s) 2pi/p)/2 + 1. "
               "Defaults a = 1, p = 0.3 for in/out/outIn; inOut with NO params uses p = 0.45 (easings.net = Penner/jQuery "
               "p = 0.3*1.5; tween.lua's default would be 0.3: that is the entry with params {1, 0.3})",
    "Bounce": "out (n1=7.5625, d1=2.75): t<1/d1: n1 t^2; t<2/d1: n1 (t-1.5/d1)^2+0.75; t<2.5/d1: n1 (t-2.25/d1)^2+0.9375; "
              "else n1 (t-2.625/d1)^2+0.984375; in 1-out(1-t); inOut t<1/2: (1-out(1-2t))/2 else (1+out(2t-1))/2",
}


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "penner.lua")
    ts = sorted(set([k / 40 for k in range(41)] + [1e-3, 0.999]))
    fams = [("Quad", {(): poly(2)}), ("Cubic", {(): poly(3)}), ("Quart", {(): poly(4)}), ("Quint", {(): poly(5)}),
            ("Sine", {(): sine()}), ("Expo", {(): expo()}), ("Circ", {(): circ()}),
            ("Back", {(): back(), (2.2,): back(2.2)}),
            ("Elastic", {(): elastic(), (1, 0.3): elastic(1, 0.3, 0.3), (1, 0.45): elastic(1, 0.45, 0.45),
                         (1.5, 0.45): elastic(1.5, 0.45, 0.45), (0.5, 0.3): elastic(0.5, 0.3, 0.3)}),
            ("Bounce", {(): bounce()})]
    funcs = [("linear", (), lambda t: t, "identity")]
    for fam, variants in fams:
        for params, (fin, fout, finout) in variants.items():
            def outin(t, fin=fin, fout=fout):
                return fout(2 * t) / 2 if t < HALF else fin(2 * t - 1) / 2 + HALF
            for kind, f in (("in", fin), ("out", fout), ("inOut", finout), ("outIn", outin)):
                funcs.append((kind + fam, params, f, FORMULAS[fam]))
    req = {"functions": [{"name": n, "params": list(p), "ts": ts} for n, p, _, _ in funcs]}
    npm = json.loads(subprocess.run(["node", os.path.join(HERE, "penner_npm.mjs")], input=json.dumps(req),
                                    capture_output=True, text=True, check=True).stdout)
    result = []
    for (name, params, f, formula), nv in zip(funcs, npm["values"]):
        pts = []
        for i, t in enumerate(ts):
            y = float(mpmath.nstr(f(mpf(t)), 40)) + 0.0
            pts.append([t, y] + ([nv[i] + 0.0] if nv is not None else []))
        entry = {"name": name, "params": list(params)}
        if nv is not None:
            entry["npm"] = npm["package"]
        entry["points"] = pts
        result.append(entry)
    header = [
        "spec/fixtures/penner.lua -- GENERATED by tools/gen/gen_penner.py; do not edit by hand.",
        "Truth: mpmath %s at %d digits from easings.net's published formulas (written independently), inputs the exact"
        % (mpmath.__version__, mp.dps),
        "doubles, each value rounded once. Cross-check column: npm %s (Penner's original code as in jQuery Easing)," % npm["package"],
        "called as easeXxx(t, 0, 1, 1[, s]); outIn for it is composed from its out/in; absent where the package has no",
        "equivalent (Elastic with explicit a/p, linear). Date: %s." % datetime.date.today().isoformat(),
        "Each function: name, params = {} (defaults) or the explicit parameters, points = {{t, y[, y_npm]}}.",
        "outInX(t) = t < 1/2 ? outX(2t)/2 : inX(2t-1)/2 + 1/2 (tween.lua's composition; with explicit Elastic amplitude",
        "tween.lua's own outIn applies the amplitude to the half-size change, which differs: not used here).",
    ]
    for fam in ["Quad", "Cubic", "Quart", "Quint", "Sine", "Expo", "Circ", "Back", "Elastic", "Bounce"]:
        header.append("%s: %s" % (fam, FORMULAS[fam]))
    header.append("Back params {2.2}: s = 2.2 (inOut uses 2.2*1.525). Elastic params {a, p}: see above; {0.5, 0.3} shows a<1 -> 1.")
    luaw.write(out_path, header, {"generator": "tools/gen/gen_penner.py", "digits": mp.dps, "npm": npm["package"],
                                  "date": datetime.date.today().isoformat(), "functions": result})
    print("functions", len(result), "points", len(result) * len(ts), file=sys.stderr)


if __name__ == "__main__":
    main()
