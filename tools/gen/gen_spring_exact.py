#!/usr/bin/env python3
"""Generate spec/fixtures/spring_exact.lua: exact damped-spring trajectories at high precision.

ODE: m x'' + c x' + k (x - to) = 0, x(0) = from, x'(0) = velocity.  With d = x - to,
w0 = sqrt(k/m), zeta = c / (2 sqrt(m k)), d0 = from - to, v0 = velocity:
  under-damped (c^2 < 4mk, includes c = 0):  wd = w0 sqrt(1 - zeta^2)
      d(t) = exp(-zeta w0 t) (A cos(wd t) + B sin(wd t)),  A = d0,  B = (v0 + zeta w0 d0) / wd
  critically damped (c^2 == 4mk exactly, for the exact binary64 parameters):
      d(t) = (A + B t) exp(-w0 t),  A = d0,  B = v0 + w0 d0
  over-damped (c^2 > 4mk):  r1,2 = -w0 (zeta -+ sqrt(zeta^2 - 1))
      d(t) = C1 exp(r1 t) + C2 exp(r2 t),  C2 = (v0 - r1 d0) / (r2 - r1),  C1 = d0 - C2
  v(t) = d'(t), differentiated analytically.
Evaluated with mpmath at 80 significant digits, parameters and times taken as the exact doubles,
so the near-critical cancellation (zeta = 1 +- 1e-9) costs nothing; results rounded once to double.
The branch is chosen by the exact sign of c^2 - 4mk of the double parameters.

Usage: python3 tools/gen/gen_spring_exact.py [out_path]
"""
import datetime
import os
import sys

import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
mp.dps = 80
TIMES = [0, 0.001, 0.008, 0.016, 0.05, 0.1, 0.25, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 20]


def dbl(x):
    return float(mpmath.nstr(x, 50, strip_zeros=False)) + 0.0


def solve(m, k, c, frm, to, v0):
    m, k, c, d0, v0 = mpf(m), mpf(k), mpf(c), mpf(frm) - mpf(to), mpf(v0)
    w0 = mpmath.sqrt(k / m)
    zeta = c / (2 * mpmath.sqrt(m * k))
    disc = c * c - 4 * m * k  # exact: products of doubles fit in 80 digits
    if disc < 0:
        kind = "under"
        wd = w0 * mpmath.sqrt(1 - zeta * zeta)
        a = zeta * w0
        A, B = d0, (v0 + a * d0) / wd

        def f(t):
            e, cs, sn = mpmath.exp(-a * t), mpmath.cos(wd * t), mpmath.sin(wd * t)
            return e * (A * cs + B * sn), e * ((B * wd - a * A) * cs - (A * wd + a * B) * sn)
    elif disc == 0:
        kind = "critical"
        A, B = d0, v0 + w0 * d0

        def f(t):
            e = mpmath.exp(-w0 * t)
            return (A + B * t) * e, (B - w0 * (A + B * t)) * e
    else:
        kind = "over"
        s = mpmath.sqrt(zeta * zeta - 1)
        r1, r2 = -w0 * (zeta - s), -w0 * (zeta + s)
        C2 = (v0 - r1 * d0) / (r2 - r1)
        C1 = d0 - C2

        def f(t):
            e1, e2 = mpmath.exp(r1 * t), mpmath.exp(r2 * t)
            return C1 * e1 + C2 * e2, C1 * r1 * e1 + C2 * r2 * e2
    return kind, w0, zeta, f


def c_for(m, k, zeta):
    return float(mpf(zeta) * 2 * mpmath.sqrt(mpf(m) * mpf(k)))


CASES = [
    # name, mass, stiffness, damping, from, to, velocity
    ("under_k170_c26", 1, 170, 26, 0, 1, 0),
    ("under_zeta0.5", 1, 100, 10, 0, 1, 0),
    ("under_zeta0.1", 1, 100, 2, 0, 1, 0),
    ("undamped_c0", 1, 100, 0, 0, 1, 0),
    ("critical_k100_c20", 1, 100, 20, 0, 1, 0),
    ("critical_m2_k50_c20", 2, 50, 20, 0, 1, 0),
    ("over_zeta2.5", 1, 100, 50, 0, 1, 0),
    ("over_zeta50", 1, 100, 1000, 0, 1, 0),
    ("near_critical_zeta_1+1e-9", 1, 100, c_for(1, 100, mpf(1) + mpf("1e-9")), 0, 1, 0),
    ("near_critical_zeta_1-1e-9", 1, 100, c_for(1, 100, mpf(1) - mpf("1e-9")), 0, 1, 0),
    ("near_critical_zeta_1+1e-4", 1, 100, c_for(1, 100, mpf(1) + mpf("1e-4")), 0, 1, 0),
    ("near_critical_zeta_1-1e-4", 1, 100, c_for(1, 100, mpf(1) - mpf("1e-4")), 0, 1, 0),
    ("near_critical_zeta_1-1e-9_velocity", 1, 100, c_for(1, 100, mpf(1) - mpf("1e-9")), 0, 1, -7),
    ("critical_next_double_up", 1, 100, 20.000000000000004, 0, 1, 0),
    ("critical_next_double_down", 1, 100, 19.999999999999996, 0, 1, 0),
    ("stiff_k1e6_zeta0.5", 1, 1e6, 1000, 0, 1, 0),
    ("stiff_k1e6_critical", 1, 1e6, 2000, 0, 1, 0),
    ("stiff_k1e6_undamped", 1, 1e6, 0, 0, 1, 0),
    ("tiny_omega_k1e-6_zeta0.5", 1, 1e-6, 1e-3, 0, 1, 0),
    ("tiny_omega_k1e-10_undamped", 1, 1e-10, 0, 0, 1, 0),
    ("tiny_omega_k1e-6_over", 1, 1e-6, 1, 0, 1, 0),
    ("velocity_under_v-10", 1, 170, 26, 0, 1, -10),
    ("velocity_under_v20", 1, 100, 10, 0, 1, 20),
    ("velocity_critical_v5", 1, 100, 20, 0, 1, 5),
    ("velocity_over_v-3", 1, 100, 50, 0, 1, -3),
    ("velocity_only_impulse", 1, 100, 10, 0, 0, 1),
    ("large_0_to_1e6", 1, 170, 26, 0, 1e6, 0),
    ("large_-1e4_to_1e4_v5e4", 1, 300, 12, -1e4, 1e4, 5e4),
    ("negative_1000_to_0_v5000", 1, 120, 14, 1000, 0, 5000),
    ("mass0.5_k200_c10", 0.5, 200, 10, 0, 1, 0),
    ("mass3_k10_c3", 3, 10, 3, -2, 5, 1.5),
    ("rebound_origami_40_7", 1, 230.2, 22, 0, 1, 0),
    ("react_spring_wobbly", 1, 180, 12, 0, 1, 0),
    ("react_spring_molasses", 1, 280, 120, 0, 1, 0),
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "spring_exact.lua")
    cases = []
    for name, m, k, c, frm, to, v in CASES:
        kind, w0, zeta, f = solve(m, k, c, frm, to, v)
        samples = []
        for t in TIMES:
            d, vel = f(mpf(t))
            samples.append([t, dbl(d + mpf(to)), dbl(vel)])
        cases.append({"name": name, "kind": kind, "mass": m, "stiffness": k, "damping": c, "from": frm, "to": to,
                      "velocity": v, "omega0": dbl(w0), "zeta": dbl(zeta), "samples": samples})
        print(name, kind, file=sys.stderr)
    header = [
        "spec/fixtures/spring_exact.lua -- GENERATED by tools/gen/gen_spring_exact.py; do not edit by hand.",
        "Source: exact solution of m x'' + c x' + k (x - to) = 0, x(0) = from, x'(0) = velocity, evaluated with",
        "mpmath %s at %d digits (Python %s); parameters and times are the exact doubles shown; every value rounded"
        % (mpmath.__version__, mp.dps, sys.version.split()[0]),
        "once to double. Date: %s." % datetime.date.today().isoformat(),
        "kind = under | critical | over, chosen by the exact sign of damping^2 - 4*mass*stiffness of the doubles.",
        "  under: d = e^(-zeta w0 t) (A cos wd t + B sin wd t); critical: d = (A + B t) e^(-w0 t); over: d = C1 e^(r1 t) + C2 e^(r2 t)",
        "  with d = x - to, w0 = sqrt(k/m), zeta = c / (2 sqrt(m k)), wd = w0 sqrt(1 - zeta^2), r = -w0 (zeta -+ sqrt(zeta^2 - 1)).",
        "omega0 and zeta are informative (rounded). samples = {{t (s), x, v (units/s)}}.",
        "Near-critical cases: damping = double nearest to 2 sqrt(m k) (1 +- eps); the *_next_double_* cases use the",
        "doubles adjacent to the critical damping 20 (k = 100, m = 1).",
    ]
    luaw.write(out, header, {"generator": "tools/gen/gen_spring_exact.py", "digits": mp.dps,
                             "date": datetime.date.today().isoformat(), "cases": cases})


if __name__ == "__main__":
    main()
