#!/usr/bin/env python3
"""Generate spec/fixtures/decay.lua: Jetpack Compose's exponentialDecay (FloatExponentialDecaySpec).

Compose (androidx/androidx, compose/animation/animation-core, commonMain):
  exponentialDecay(frictionMultiplier = 1f, absVelocityThreshold = 0.1f)
      = FloatExponentialDecaySpec(frictionMultiplier, absVelocityThreshold).generateDecayAnimationSpec()
  FloatExponentialDecaySpec:
      absVelocityThreshold = max(0.0000001f, abs(absVelocityThreshold))
      friction = ExponentialDecayFriction * max(0.0001f, frictionMultiplier),  ExponentialDecayFriction = -4.2f
      value(t)    = x0 - v0/f + (v0/f) * exp(f t)          (t = whole ms / 1000f)
      velocity(t) = v0 * exp(f t)
      duration    = (1000f * ln(thr / |v0|) / f).toLong() ms   (truncated to whole ms, then * 1_000_000 ns)
      target      = x0 if |v0| <= thr, else the value at the untruncated duration, i.e. where |v| = thr:
                    x0 - v0/f + (v0/f) * thr/|v0| = x0 - (v0 - sign(v0) thr)/f   (NOT the limit x0 - v0/f)
  DecayAnimation: finished <=> playTimeNanos >= durationNanos; once finished, value = target and
      velocity = velocity(duration) clamped to [-thr, thr].
Here: exact values of those formulas (mpmath, 50 digits; f = -4.2 * multiplier with the DECIMAL 4.2 and the
double multiplier), rounded once to double; and beside them an emulation of Compose's Float arithmetic (each
Float operation rounded to binary32; kotlin.math.exp/ln on Float = the double function rounded to Float).

Usage: python3 tools/gen/gen_decay.py [out_path]
"""
import datetime
import math
import os
import struct
import sys

import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import luaw  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
mp.dps = 50
DATE = "2026-11-26"
TIMES_MS = [0, 1, 16, 50, 100, 200, 250, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000]

SRC_REPO = "androidx/androidx"
SRC = {
    "spec": ("compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/"
             "FloatDecayAnimationSpec.kt", "31adf48a5ba261a6d7abf653f74a38d1623fd319"),
    "spec_older_same_logic": ("compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/"
                              "FloatDecayAnimationSpec.kt", "aa889ef770884978462487563751d6041216faea"),
    "factory": ("compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/"
                "DecayAnimationSpec.kt", "31adf48a5ba261a6d7abf653f74a38d1623fd319"),
    "animation": ("compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/"
                  "Animation.kt", "f0eb74045ae3e084b590e19114ea8090c7e64cfa"),
    "test_common": ("compose/animation/animation-core/src/commonTest/kotlin/androidx/compose/animation/core/"
                    "DecayAnimationTest.kt", "ee5917d9e16e1bb3178f435dec89569ae8a6a183"),
    "test_android": ("compose/animation/animation-core/src/androidUnitTest/kotlin/androidx/compose/animation/core/"
                     "DecayAnimationTest.kt", "dcaa116fbfda77e64a319e1668056ce3b032469f"),
}

CASES = [
    # name, x0, v0 (units/s), frictionMultiplier, absVelocityThreshold
    ("default_v1000", 0, 1000, 1, 0.1),
    ("default_v-1000_from100", 100, -1000, 1, 0.1),
    ("default_v4000_from500", 500, 4000, 1, 0.1),
    ("tiny_v0.2_just_above_threshold", 0, 0.2, 1, 0.1),
    ("below_threshold_v0.05", 10, 0.05, 1, 0.1),
    ("below_threshold_v-0.05", 10, -0.05, 1, 0.1),
    ("zero_velocity", 10, 0, 1, 0.1),
    ("huge_v1e6", 0, 1e6, 1, 0.1),
    ("multiplier_0.5", 0, 1000, 0.5, 0.1),
    ("multiplier_3", 0, 1000, 3, 0.1),
    ("threshold_1", 0, 1000, 1, 1),
    ("threshold_1_multiplier_0.5_v-250", 50, -250, 0.5, 1),
    ("compose_test_v-800_thr2", 200, -800, 1, 2),
    ("compose_test_v800_thr500", 2000, 800, 1, 500),
]


def dbl(x):
    if mpmath.isinf(x):
        return math.inf if x > 0 else -math.inf
    return float(mpmath.nstr(x, 40, strip_zeros=False)) + 0.0


# ---------------------------------------------------------------- Float (binary32) emulation
def f32(x):
    if math.isinf(x) or math.isnan(x):
        return x
    return struct.unpack("<f", struct.pack("<f", x))[0]


def kt_exp(x):
    try:
        return f32(math.exp(x))
    except OverflowError:
        return math.inf


def kt_ln(x):
    if x == 0:
        return -math.inf
    if math.isinf(x):
        return math.inf
    return f32(math.log(x))


def to_long(x):
    """Kotlin Float/Double.toLong(): truncation, NaN -> 0, saturating at Long bounds."""
    if math.isnan(x):
        return 0
    if x >= 2.0 ** 63:
        return 2 ** 63 - 1
    if x <= -2.0 ** 63:
        return -2 ** 63
    return int(x)


def long_mul(a, b):
    """JVM Long multiplication (wraps modulo 2^64)."""
    r = (a * b) & (2 ** 64 - 1)
    return r - 2 ** 64 if r >= 2 ** 63 else r


class ComposeFloat:
    """FloatExponentialDecaySpec + DecayAnimation, operation by operation in Float (Long for times)."""

    def __init__(self, mult, thr):
        self.thr = max(f32(1e-7), abs(f32(thr)))
        self.friction = f32(f32(-4.2) * max(f32(1e-4), f32(mult)))

    def value(self, t_ns, x0, v0):
        f, x0, v0 = self.friction, f32(x0), f32(v0)
        ms = t_ns // 1_000_000
        e = kt_exp(f32(f32(f * f32(ms)) / f32(1000)))
        a = f32(v0 / f)
        return f32(f32(x0 - a) + f32(a * e))

    def velocity(self, t_ns, x0, v0):
        f, v0 = self.friction, f32(v0)
        ms = t_ns // 1_000_000
        return f32(v0 * kt_exp(f32(f32(f32(ms) / f32(1000)) * f)))

    def duration_ns(self, x0, v0):
        f, v0 = self.friction, f32(v0)
        q = f32(self.thr / abs(v0)) if v0 != 0 else math.inf
        ms = f32(f32(f32(1000) * kt_ln(q)) / f)
        return long_mul(to_long(ms), 1_000_000)

    def target(self, x0, v0):
        f, x0, v0 = self.friction, f32(x0), f32(v0)
        if abs(v0) <= self.thr:
            return x0
        duration = math.log(abs(f32(self.thr / v0))) / f * 1000          # Double
        e = f32(math.exp(f * duration / f32(1000)))                        # exp(Double).toFloat()
        a = f32(v0 / f)
        return f32(f32(x0 - a) + f32(a * e))

    def animation(self, x0, v0):
        dur = self.duration_ns(x0, v0)
        tgt = self.target(x0, v0)
        endv = self.velocity(dur, x0, v0)
        endv = min(max(endv, -self.thr), self.thr)

        def at(t_ns):
            if t_ns >= dur:
                return tgt, endv, True
            return self.value(t_ns, x0, v0), self.velocity(t_ns, x0, v0), False
        return dur, tgt, at


# ---------------------------------------------------------------- exact
def exact(x0, v0, mult, thr):
    x0, v0, thr = mpf(x0), mpf(v0), mpf(thr)
    f = mpf("-4.2") * mpf(mult)
    lim = x0 - v0 / f
    if v0 == 0:
        dur_formula = -mpmath.inf
    else:
        dur_formula = mpmath.log(thr / abs(v0)) / f
    if abs(v0) <= thr:
        target = x0
    else:
        target = x0 - (v0 - mpmath.sign(v0) * thr) / f

    def at(t):
        t = mpf(t)
        e = mpmath.exp(f * t)
        return x0 - v0 / f + v0 / f * e, v0 * e
    return f, lim, dur_formula, target, at


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "spec", "fixtures", "decay.lua")
    cases = []
    for name, x0, v0, mult, thr in CASES:
        f, lim, dur_formula, target, at = exact(x0, v0, mult, thr)
        cf = ComposeFloat(mult, thr)
        dur_ns, ctarget, cat = cf.animation(x0, v0)
        duration = dur_formula if dur_formula > 0 else mpf(0)
        samples = []
        for ms in TIMES_MS:
            t = mpf(ms) / 1000
            x, v = at(t)
            cx, cv, cfin = cat(ms * 1_000_000)
            samples.append([ms / 1000, dbl(x), dbl(v), 1 if cfin else 0, cx, cv])
        # self-checks of the closed forms
        if abs(v0) > thr:
            xd, vd = at(dur_formula)
            assert abs(abs(vd) - mpf(thr)) < mpf(10) ** -40, name
            assert abs(xd - target) < mpf(10) ** -40 * max(1, abs(target)), name
        cases.append({
            "name": name, "initial_value": x0, "initial_velocity": v0, "friction_multiplier": mult,
            "abs_velocity_threshold": thr, "friction": dbl(f), "limit": dbl(lim), "target": dbl(target),
            "duration": dbl(duration), "duration_formula": dbl(dur_formula),
            "compose_float": {"friction": cf.friction, "abs_velocity_threshold": cf.thr, "duration_ms": dur_ns // 1_000_000
                              if dur_ns >= 0 else -((-dur_ns) // 1_000_000), "duration_ns": dur_ns, "target": ctarget},
            "samples": samples,
        })
        print(name, dbl(target), dbl(duration), dur_ns, ctarget, file=sys.stderr)

    # ------------------------------------------------------------ Compose's own unit tests, transcribed
    tests = []
    cf = ComposeFloat(1, 2.0)
    dur_ns, tgt, cat = cf.animation(200, -800)
    checks = []
    for ms in range(0, 4001, 200):
        cx, cv, fin = cat(ms * 1_000_000)
        spec_x, spec_v = cf.value(ms * 1_000_000, 200, -800), cf.velocity(ms * 1_000_000, 200, -800)
        finished = ms * 1_000_000 >= dur_ns
        assert finished == fin
        if not finished:
            assert abs(spec_v) >= 2.0 and abs(spec_x - cx) <= 1e-5
        else:
            assert abs(spec_v) < 2.0 and abs(cx - tgt) <= 1e-5
        checks.append({"t": ms / 1000, "finished": finished,
                       "abs_velocity": "ge" if not finished else "lt", "value": "spec" if not finished else "final"})
    tests.append({
        "name": "testExponentialDecay", "src": SRC["test_common"][0], "commit": SRC["test_common"][1],
        "also_in": {"src": SRC["test_android"][0], "commit": SRC["test_android"][1]},
        "friction_multiplier": 1, "abs_velocity_threshold": 2, "initial_value": 200, "initial_velocity": -800,
        "epsilon": 1e-5,
        "what": ("for t = 0, 0.2, ..., 4 s: finished == (t >= duration, whole ms); not finished: |spec velocity(t)| >= 2"
                 " and the animation's value/velocity == the spec's (within epsilon); finished: |spec velocity(t)| < 2"
                 " and the animation's value == its value at Int.MAX_VALUE ns (2.147483647 s), i.e. the target"),
        "duration_ms_compose": dur_ns // 1_000_000, "target_compose_float": tgt,
        "checks": checks,
    })
    # testDecayThreshold
    c1 = ComposeFloat(1, 500.0)
    c0 = ComposeFloat(1, 0.0)
    big = 2 ** 31 - 1
    _, _, full_at = c0.animation(2000, 800)
    finish_value = full_at(big)[0]
    _, _, a1 = c1.animation(2000, 800)
    fv1, fvel1, fin1 = a1(big)
    assert fin1 and abs(fvel1 - 500) <= 1e-5
    _, _, a2 = c0.animation(fv1, fvel1)
    fv2 = a2(big)[0]
    assert abs(finish_value - fv2) <= 2
    tests.append({
        "name": "testDecayThreshold", "src": SRC["test_common"][0], "commit": SRC["test_common"][1],
        "also_in": {"src": SRC["test_android"][0], "commit": SRC["test_android"][1]},
        "initial_value": 2000, "initial_velocity": 800, "threshold": 500, "epsilon": 1e-5, "tolerance": 2,
        "what": ("anim1 = threshold 500, anim2/full = threshold 0 (clamped to 1e-7); at t = Int.MAX_VALUE ns"
                 " (2.147483647 s, evaluated as 2147 ms): anim1 velocity == 500 (the end velocity is clamped to the"
                 " threshold; unclamped it is 800 e^(-4.2 * 0.111) = 502.2); then anim2 started from anim1's final value"
                 " and velocity, at 2.147 s, == full anim at 2.147 s within 2"),
        "finish_value_1_compose_float": fv1, "finish_velocity_1_compose_float": fvel1,
        "finish_value_full_compose_float": finish_value, "finish_value_2_compose_float": fv2,
    })

    header = [
        "spec/fixtures/decay.lua -- GENERATED by tools/gen/gen_decay.py; do not edit by hand.",
        "Peer: Jetpack Compose exponentialDecay(frictionMultiplier = 1f, absVelocityThreshold = 0.1f), read in %s:" % SRC_REPO,
        "  %s @ %s" % SRC["spec"],
        "  (same logic @ %s), %s @ %s," % (SRC["spec_older_same_logic"][1], SRC["factory"][0].rsplit("/", 1)[1],
                                           SRC["factory"][1]),
        "  %s @ %s (DecayAnimation, isFinishedFromNanos). Date: %s." % (SRC["animation"][0].rsplit("/", 1)[1],
                                                                         SRC["animation"][1], DATE),
        "Definitions (Compose): friction f = -4.2f * max(0.0001f, frictionMultiplier) (ExponentialDecayFriction = -4.2f);",
        "  thr = max(0.0000001f, |absVelocityThreshold|).  x(t) = x0 - v0/f + (v0/f) e^(f t),  v(t) = v0 e^(f t),",
        "  t in seconds; Compose passes nanoseconds, truncates them to WHOLE MILLISECONDS (playTimeNanos / 1_000_000, Long",
        "  division) and uses t = ms / 1000f, all in Float. duration = (1000f ln(thr/|v0|) / f).toLong() ms (truncated",
        "  toward zero) * 1_000_000 ns. DecayAnimation: isFinished <=> playTimeNanos >= durationNanos; once finished the",
        "  value is targetValue and the velocity is v(duration) clamped to [-thr, thr]. getTargetValue = x0 when",
        "  |v0| <= thr, else x(ln(thr/|v0|)/f) computed with a Double duration = x0 - (v0 - sign(v0) thr)/f: the value",
        "  where |v| reaches thr, NOT the limit x0 - v0/f (they differ by thr/|f|, e.g. 0.1/4.2 = 0.0238 units).",
        "  |v0| < thr gives a negative duration (finished at once; target = x0); v0 = 0 gives ln(+inf) -> -inf ms,",
        "  toLong() = Long.MIN_VALUE, and * 1_000_000 wraps to 0 ns (so also finished at once).",
        "This file: exact values of those formulas with f = -4.2 * multiplier taken with the DECIMAL 4.2 (Compose's",
        "  -4.2f is -4.19999980926513671875), parameters as the doubles shown, mpmath %s at %d digits (Python %s), each"
        % (mpmath.__version__, mp.dps, sys.version.split()[0]),
        "  result rounded once to double. Units: seconds and units/s (Compose's velocities are units/s too).",
        "  friction, limit = x0 - v0/f, target (Compose's definition above), duration = max(0, duration_formula) s,",
        "  duration_formula = ln(thr/|v0|)/f s (negative or -1/0 below the threshold; not truncated).",
        "  samples = {{t, x_exact, v_exact, finished, x_compose, v_compose}}: x_exact/v_exact = the unclamped formulas",
        "  (they keep decaying past the duration); finished/x_compose/v_compose = an emulation of Compose's DecayAnimation",
        "  in Float (every Float op rounded to binary32, exp/ln = double function rounded to Float, Long truncation and",
        "  wrap-around as on the JVM): after `finished` it returns the Float target and the clamped end velocity.",
        "  compose_float = that emulation's friction, threshold, duration (ms and ns) and target.",
        "tests: Compose's own DecayAnimationTest (commonTest; the androidUnitTest copy has the same body), transcribed;",
        "  the assertions were re-run by the generator against the Float emulation. Times in the tests are in seconds.",
    ]
    luaw.write(out, header, {
        "generator": "tools/gen/gen_decay.py", "digits": mp.dps, "date": DATE,
        "source": {"repo": SRC_REPO, "files": [{"role": k, "path": p, "commit": c} for k, (p, c) in SRC.items()]},
        "cases": [luaw.Chunk(c) for c in cases], "tests": [luaw.Chunk(t) for t in tests],
    })


if __name__ == "__main__":
    main()
