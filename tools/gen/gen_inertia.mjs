// Generate spec/fixtures/inertia.lua: the `inertia` (momentum scroll / fling) generators of npm
// `motion-dom` (Motion, the successor of framer-motion) and of the older npm `popmotion`.
//
//   npm install --prefix /tmp/inertiagen motion-dom popmotion@11.0.5
//   INERTIA_DIR=/tmp/inertiagen node tools/gen/gen_inertia.mjs [out_path]
//
// motion-dom: inertia({keyframes: [origin], velocity, power, timeConstant, bounceDamping,
//   bounceStiffness, restDelta, restSpeed, min, max, modifyTarget}) returns a generator
//   {next(t_ms) -> {value, done}}; it is stateful (the hand-off to the bounce spring happens at the
//   first next(t) whose friction value is out of [min, max]), so each run feeds a fresh generator.
// popmotion 11: inertia() is not a generator but an animation built on animate() and a `driver`;
//   it is run here with a deterministic driver (1 ms frames, framesync's frame.delta set to the
//   frame length, as its default framesync driver would). Its `decay` generator is also sampled.
import { createRequire } from 'module';
import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import { Chunk, LuaTable, write } from './luaw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIR = process.env.INERTIA_DIR || '/tmp/inertiagen';
const require = createRequire(path.join(DIR, 'package.json'));
const version = (p) => JSON.parse(fs.readFileSync(path.join(DIR, 'node_modules', p, 'package.json'), 'utf8')).version;
const MD_VERSION = version('motion-dom');
const MU_VERSION = version('motion-utils');
const PM_VERSION = version('popmotion');
const FS_VERSION = version('framesync');
const md = require('motion-dom');
const pm = require('popmotion');
const framesync = require('framesync');
const OUT = process.argv[2] || path.join(HERE, '..', '..', 'spec', 'fixtures', 'inertia.lua');

const GRID = [0, 16, 33, 50, 100, 200, 325, 500, 750, 1000, 1500, 2000, 3000, 5000];
const FRAME_MS = 1;         // popmotion driver frame
const RUN_MS = 20000;     // driver run length (done_t); samples only on GRID

const MODIFIERS = {
  round_to_100: (v) => Math.round(v / 100) * 100,
};

// name, options (motion-dom spelling; velocity in units/s, times in ms), modifier name.
// Unless the case says so, both packages get motion-dom's defaults explicitly (power 0.8,
// timeConstant 325, restDelta 0.5, bounceStiffness 500, bounceDamping 10) so that the runs compare
// algorithms, not defaults; `defaults_*` passes nothing, so each package uses its own defaults.
const CASES = [
  ['plain_v1000', { origin: 0, velocity: 1000 }],
  ['plain_v-800_from100', { origin: 100, velocity: -800 }],
  ['plain_v0', { origin: 50, velocity: 0 }],
  ['plain_v0.5_below_restDelta', { origin: 0, velocity: 0.5 }],
  ['plain_huge_v1e6', { origin: 0, velocity: 1e6 }],
  ['defaults_v1000', { origin: 0, velocity: 1000, ownDefaults: true }],
  ['power_0.5', { origin: 0, velocity: 1000, power: 0.5 }],
  ['power_1', { origin: 0, velocity: 1000, power: 1 }],
  ['timeConstant_100', { origin: 0, velocity: 1000, timeConstant: 100 }],
  ['timeConstant_700', { origin: 0, velocity: 1000, timeConstant: 700 }],
  ['snap_round_to_100', { origin: 0, velocity: 1130, modifyTarget: 'round_to_100' }],
  ['snap_round_to_100_negative', { origin: 30, velocity: -700, modifyTarget: 'round_to_100' }],
  ['tiny_restDelta_0.001', { origin: 0, velocity: 1000, restDelta: 0.001 }],
  ['max_only_cross', { origin: 0, velocity: 1000, max: 500 }],
  ['min_only_cross', { origin: 0, velocity: -1000, min: -300 }],
  ['min_max_inside', { origin: 0, velocity: 300, min: -500, max: 500 }],
  ['min_max_cross_max', { origin: 0, velocity: 2000, min: -100, max: 400 }],
  ['min_max_cross_min', { origin: 200, velocity: -1500, min: 0, max: 1000 }],
  ['min_max_cross_max_restSpeed_10', { origin: 0, velocity: 2000, min: -100, max: 400, restSpeed: 10 }],
  ['min_max_cross_max_overdamped_bounce', { origin: 0, velocity: 2000, min: -100, max: 400, bounceStiffness: 200, bounceDamping: 40 }],
  ['min_eq_max_fling', { origin: 200, velocity: 1000, min: 200, max: 200 }],
  ['min_eq_max_start_below', { origin: 0, velocity: 1000, min: 200, max: 200 }],
  ['snap_with_max', { origin: 0, velocity: 1130, max: 850, modifyTarget: 'round_to_100' }],
  ['start_below_min', { origin: -200, velocity: 0, min: 0, max: 500 }],
  ['start_below_min_moving_away', { origin: -100, velocity: -300, min: 0, max: 500 }],
  ['start_above_max_moving_away', { origin: 700, velocity: 500, min: 0, max: 500 }],
];

const MD_DEFAULTS = { power: 0.8, timeConstant: 325, bounceDamping: 10, bounceStiffness: 500, restDelta: 0.5 };
const PM_INERTIA_DEFAULTS = { power: 0.8, timeConstant: 750, bounceDamping: 10, bounceStiffness: 500, restDelta: 1 };

function params(c) {
  const p = c.ownDefaults ? {} : { ...MD_DEFAULTS };
  for (const k of ['power', 'timeConstant', 'bounceDamping', 'bounceStiffness', 'restDelta', 'restSpeed', 'min', 'max'])
    if (c[k] !== undefined) p[k] = c[k];
  if (c.modifyTarget) p.modifyTarget = MODIFIERS[c.modifyTarget];
  return p;
}

// ---------------------------------------------------------------- motion-dom
// Re-statement of motion-dom's friction part (same double operations), used only to locate the
// hand-off instant and to check the recorded samples.
function mdModel(c, p) {
  const q = { ...MD_DEFAULTS, ...p };
  const origin = c.origin;
  let amplitude = q.power * c.velocity;
  const ideal = origin + amplitude;
  const target = q.modifyTarget ? q.modifyTarget(ideal) : ideal;
  if (target !== ideal) amplitude = target - origin;
  const calcDelta = (t) => -amplitude * Math.exp(-t / q.timeConstant);
  const friction = (t) => {
    const d = calcDelta(t);
    const done = Math.abs(d) <= q.restDelta;
    return { value: done ? target : t ? target + d : origin, done };
  };
  const out = (v) => v < q.min || v > q.max;
  const nearest = (v) => (q.min === undefined ? q.max : q.max === undefined ? q.min
    : Math.abs(q.min - v) < Math.abs(q.max - v) ? q.min : q.max);
  const handVelocity = (t) => (-calcDelta(t) / q.timeConstant) * 1000;
  return { q, target, amplitude, ideal, friction, out, nearest, handVelocity, calcDelta };
}

// The smallest double t >= 0 whose friction value is out of bounds (the exact crossing instant as
// motion-dom can detect it), or undefined when the friction curve never leaves [min, max].
// out(x(t)) is monotone in t (x moves monotonically towards target), so bisect over the bit
// patterns of the non-negative doubles, which are ordered like the doubles themselves.
function exactHandoff(m) {
  if (m.out(m.friction(0).value)) return 0;
  const b = m.target > m.q.max ? m.q.max : m.target < m.q.min ? m.q.min : undefined;
  if (b === undefined) return undefined;
  const buf = new Float64Array(1), bits = new BigInt64Array(buf.buffer);
  const toBits = (x) => { buf[0] = x; return bits[0]; };
  const fromBits = (n) => { bits[0] = n; return buf[0]; };
  const guess = -m.q.timeConstant * Math.log((m.target - b) / m.amplitude);   // continuous crossing time
  let hi = Math.max(guess, 1e-3);
  while (!m.out(m.friction(hi).value)) hi *= 2;
  let lo = 0n, hiB = toBits(hi);                   // out(lo) false, out(hi) true
  while (hiB - lo > 1n) {
    const mid = (lo + hiB) / 2n;
    if (m.out(m.friction(fromBits(mid)).value)) hiB = mid; else lo = mid;
  }
  return fromBits(hiB);
}

function runMotionDom(c, p, times) {
  const gen = md.inertia({ keyframes: [c.origin], velocity: c.velocity, ...p });
  return times.map((t) => { const s = gen.next(t); return [t, s.value, s.done]; });
}

// Independent check: friction re-statement before the hand-off, motion-dom's own spring after it.
function checkMotionDom(m, rows, handoffT, name) {
  let spring;
  if (handoffT !== undefined) {
    const v0 = m.friction(handoffT).value;
    spring = md.spring({ keyframes: [v0, m.nearest(v0)], velocity: m.handVelocity(handoffT),
      damping: m.q.bounceDamping, stiffness: m.q.bounceStiffness, restDelta: m.q.restDelta, restSpeed: m.q.restSpeed });
  }
  for (const [t, value, done] of rows) {
    const e = handoffT !== undefined && t >= handoffT ? spring.next(t - handoffT) : m.friction(t);
    if (e.value !== value || e.done !== done) throw new Error(`${name}: motion-dom model mismatch at t=${t}: ${value} ${done} vs ${e.value} ${e.done}`);
  }
}

// ---------------------------------------------------------------- popmotion
function runPopmotionInertia(c, p) {
  const active = new Set();
  const driver = (update) => ({ start: () => active.add(update), stop: () => active.delete(update) });
  const frames = [];   // frames[k] = value reported at elapsed k ms (k >= 1)
  let starts = 0, handoffFrame, elapsed = 0, doneFrame;
  const wrapped = (update) => {
    const d = driver(update);
    return { start: () => { starts++; if (starts === 2) handoffFrame = elapsed; d.start(); }, stop: d.stop };
  };
  let latest = c.origin;
  const opts = { from: c.origin, velocity: c.velocity, ...p, driver: wrapped, onUpdate: (v) => { latest = v; } };
  pm.inertia(opts);
  const startOutside = starts === 1 && (p.min !== undefined && c.origin < p.min || p.max !== undefined && c.origin > p.max);
  if (startOutside) handoffFrame = 0;
  frames[0] = c.origin;
  for (let k = 1; k * FRAME_MS <= RUN_MS; k++) {
    elapsed = k * FRAME_MS;
    framesync.getFrameData().delta = FRAME_MS;
    for (const u of [...active]) u(FRAME_MS);
    frames[k] = latest;
    if (active.size === 0 && doneFrame === undefined) doneFrame = k;
  }
  const rows = GRID.map((t) => [t, frames[t / FRAME_MS], doneFrame !== undefined && t >= doneFrame * FRAME_MS]);
  let handoff;
  if (handoffFrame !== undefined) {
    const k = handoffFrame / FRAME_MS;
    handoff = {
      t: handoffFrame / 1000, value: frames[k],
      velocity: k === 0 ? c.velocity : (frames[k] - frames[k - 1]) * (1000 / FRAME_MS),
      detected_at_frame: !startOutside,
    };
  }
  return { rows, handoff, done_t: doneFrame === undefined ? undefined : doneFrame * FRAME_MS / 1000 };
}

function runPopmotionDecay(c, p) {
  const q = { ...MD_DEFAULTS, ...p };
  const gen = pm.decay({ from: c.origin, velocity: c.velocity, power: q.power, timeConstant: q.timeConstant,
    restDelta: q.restDelta, modifyTarget: q.modifyTarget });
  return GRID.map((t) => { const s = gen.next(t); return [t, s.value, s.done]; });
}

const toLua = (rows) => rows.map(([t, v, d]) => [t / 1000, v, d ? 1 : 0]);
const maxDiff = (a, b) => Math.max(...a.map((r, i) => Math.abs(r[1] - b[i][1])));

// ---------------------------------------------------------------- cases
const cases = [];
const notes = [];
for (const [name, c] of CASES) {
  const p = params(c);
  const m = mdModel(c, p);
  const fields = { name, origin: c.origin, velocity: c.velocity };
  const q = c.ownDefaults ? {} : m.q;
  for (const k of ['power', 'timeConstant', 'bounceDamping', 'bounceStiffness', 'restDelta', 'restSpeed', 'min', 'max'])
    if (q[k] !== undefined) fields[k === 'timeConstant' ? 'time_constant' : k.replace(/[A-Z]/g, (x) => '_' + x.toLowerCase())] =
      k === 'timeConstant' ? q[k] / 1000 : q[k];
  if (c.modifyTarget) fields.modify_target = c.modifyTarget;
  fields.own_defaults = c.ownDefaults ? true : undefined;
  fields.ideal = m.ideal;
  fields.target = m.target;
  fields.amplitude = m.amplitude;

  // motion-dom, exact hand-off: next(0), next(t_handoff), then the grid
  const th = exactHandoff(m);
  const times = th === undefined || GRID.includes(th) ? GRID : [...GRID, th].sort((a, b) => a - b);
  const primed = th === undefined ? GRID : [0, th, ...GRID.filter((t) => t !== 0 && t !== th)];
  const rowsByT = new Map(runMotionDom(c, p, primed).map((r) => [r[0], r]));
  const mdRows = times.map((t) => rowsByT.get(t));
  checkMotionDom(m, mdRows, th, name);
  const mdEntry = { package: `motion-dom@${MD_VERSION}`, samples: toLua(mdRows) };
  if (th !== undefined) {
    const v0 = m.friction(th).value;
    const delta = m.nearest(v0) - v0;
    mdEntry.handoff = {
      t: th / 1000, t_ms: th, value: v0, boundary: m.nearest(v0), velocity: m.handVelocity(th),
      spring_rest_speed: m.q.restSpeed || (Math.abs(delta) < 5 ? 0.01 : 2),
      spring_rest_delta: m.q.restDelta || (Math.abs(delta) < 5 ? 0.005 : 0.5),
    };
  }
  // first whole ms at which the (exactly handed-off) generator reports done, scanning 0..20000 ms
  {
    const gen = md.inertia({ keyframes: [c.origin], velocity: c.velocity, ...p });
    gen.next(0); if (th !== undefined) gen.next(th);
    for (let t = 0; t <= 20000; t++) if (gen.next(t).done) { mdEntry.done_t = t / 1000; break; }
  }
  fields.motion_dom = mdEntry;

  // motion-dom, grid only (hand-off detected at the first grid time past the boundary)
  if (th !== undefined && th !== 0) {
    const gridRows = runMotionDom(c, p, GRID);
    const tg = GRID.find((t) => m.out(m.friction(t).value));
    checkMotionDom(m, gridRows, tg, name + ' (grid)');
    const entry = { package: `motion-dom@${MD_VERSION}`, samples: toLua(gridRows) };
    if (tg !== undefined) {
      const v0 = m.friction(tg).value;
      entry.handoff = { t: tg / 1000, t_ms: tg, value: v0, boundary: m.nearest(v0), velocity: m.handVelocity(tg),
        spring_rest_speed: m.q.restSpeed || (Math.abs(m.nearest(v0) - v0) < 5 ? 0.01 : 2) };
    }
    fields.motion_dom_grid = entry;
  }

  // popmotion inertia() through a 1 ms driver
  const pmr = runPopmotionInertia(c, p);
  fields.popmotion = { package: `popmotion@${PM_VERSION}`, frame_ms: FRAME_MS, samples: toLua(pmr.rows),
    handoff: pmr.handoff, done_t: pmr.done_t };
  // popmotion decay generator (friction only; no min/max)
  if (p.min === undefined && p.max === undefined) {
    const rows = runPopmotionDecay(c, p);
    fields.popmotion_decay = { package: `popmotion@${PM_VERSION}`, samples: toLua(rows) };
    const d = maxDiff(rows.slice(1), mdRows.filter((r) => GRID.includes(r[0])).slice(1));
    fields.popmotion_decay.max_abs_diff_vs_motion_dom_t_gt_0 = d;
  }
  const mdGrid = mdRows.filter((r) => GRID.includes(r[0]));
  fields.max_abs_diff_popmotion_vs_motion_dom = maxDiff(pmr.rows, mdGrid);
  notes.push(`${name}: target ${m.target}, md handoff ${th}, pm handoff ${pmr.handoff && pmr.handoff.t * 1000},` +
    ` max|md-pm| ${fields.max_abs_diff_popmotion_vs_motion_dom}`);
  cases.push(new Chunk(fields));
}

write(OUT, [
  'spec/fixtures/inertia.lua -- GENERATED by tools/gen/gen_inertia.mjs; do not edit by hand.',
  `Peers: npm motion-dom@${MD_VERSION} (with motion-utils@${MU_VERSION}) inertia() generator, and npm popmotion@${PM_VERSION}`,
  `  (with framesync@${FS_VERSION}) inertia() animation + decay() generator; node ${process.version}. Date: 2026-11-26.`,
  'UNITS IN THIS FILE: times in SECONDS, velocities in units/s. Both packages work in ms internally: the grid was',
  `  t_ms = ${GRID.join(', ')} (= samples t * 1000); time_constant = timeConstant_ms / 1000`,
  '  (motion-dom default 325 ms = 0.325 s); handoff.t_ms is the original ms value. `velocity` is what was passed',
  '  (units/s in both packages). samples = {{t, value, done}}, done = 1 when the package reports done.',
  'Case parameters: unless own_defaults = true, BOTH packages got the same explicit parameters (motion-dom defaults:',
  '  power 0.8, timeConstant 325 ms, bounceDamping 10, bounceStiffness 500, restDelta 0.5; restSpeed left undefined).',
  '  own_defaults = true passes only origin/velocity: motion-dom uses the above, popmotion inertia() uses power 0.8,',
  '  timeConstant 750 ms, restDelta 1 (popmotion decay() alone defaults to timeConstant 350 ms, restDelta 0.5).',
  '  modify_target = "round_to_100": modifyTarget(v) = Math.round(v / 100) * 100 (JS round: half up).',
  'motion-dom inertia (dist/es/animation/generators/inertia.mjs), t in ms:',
  '  amplitude = power * velocity; ideal = origin + amplitude; target = modifyTarget ? modifyTarget(ideal) : ideal;',
  '  if target !== ideal then amplitude = target - origin.  delta(t) = -amplitude * exp(-t / timeConstant);',
  '  done = |delta(t)| <= restDelta; value = done ? target : (t ? target + delta(t) : origin).',
  '  So dx/dt(0) = amplitude / timeConstant = power * velocity * 1000 / timeConstant units/s (2.4615 * velocity with the',
  '  defaults), NOT `velocity`; the curve ends at target, reached (done) when |target - x| <= restDelta.',
  '  Bounds: out(v) = v < min || v > max (undefined bound never out). checkCatchBoundary runs at creation (t = 0) and',
  '  after each friction evaluation until a spring exists: the first next(t) whose friction value is out of bounds sets',
  '  timeReachedBoundary = t and creates spring({keyframes: [x(t), nearest(x(t))], velocity: amplitude*exp(-t/tc)/tc*1000',
  '  (the exact derivative of the friction curve, units/s), stiffness: bounceStiffness, damping: bounceDamping,',
  '  restDelta, restSpeed}); nearest = the closer of min/max (max when tied, so min == max gives max). From then on',
  '  next(t >= timeReachedBoundary) = spring.next(t - timeReachedBoundary) (value, done); earlier t: friction again.',
  '  The spring (generators/spring.mjs) uses mass 1, velocity -v/1000 internally (physical sign, as popmotion.lua),',
  '  done = |v| <= restSpeed && |boundary - x| <= restDelta, value snaps to boundary once done. restSpeed undefined',
  '  => 0.01 units/s if |boundary - x(t_hand-off)| < 5 ("granular"), else 2; restDelta is inertia\'s (0.5) unless 0.',
  '  The hand-off therefore DEPENDS ON WHICH t ARE SAMPLED. motion_dom = a fresh generator fed next(0), next(t_h), then',
  '  the grid, where t_h = the smallest double t with x(t) out of bounds (found from t = -tc ln((target - b)/amplitude)',
  '  by ulp steps): the exact crossing; handoff = {t, t_ms, value = x(t_h) (just past the boundary), boundary, velocity,',
  '  spring_rest_speed, spring_rest_delta}. motion_dom_grid (crossing cases only) = a fresh generator fed the grid only,',
  '  so the hand-off happens at the first grid time past the boundary, from a value well past it.',
  '  motion_dom.done_t = first whole ms (in s) at which that generator reports done (scan 0..20000 ms after priming).',
  '  Start outside [min, max]: hand-off at t = 0 from origin with velocity power*velocity*1000/tc (again not `velocity`),',
  '  towards the nearest bound, whichever way velocity points.',
  '  Every motion-dom sample was checked by the generator against a re-statement of the friction formula before t_h and',
  '  motion-dom\'s own spring() built from the hand-off state after it (bit-identical).',
  'popmotion inertia (dist/es/animations/inertia.mjs) is not a generator: it chains animate() runs on a driver. It was',
  `  run with a deterministic driver of ${FRAME_MS} ms frames (elapsed = k ms after k frames; framesync getFrameData().delta set`,
  '  to the frame length each frame, as the default framesync driver would). samples at t > 0 are the onUpdate value of',
  '  the frame at that elapsed time; t = 0 is `from` (no frame reports it); done = 1 once no animation is running;',
  '  popmotion.done_t = elapsed time of the frame after which nothing runs (run for 20 s).',
  '  popmotion: if from is out of bounds -> spring(from, to nearest bound, velocity = the GIVEN velocity). Otherwise',
  '  target = modifyTarget(power*velocity + from) and a decay() animation runs (same formula as motion-dom, but at t = 0',
  '  it returns target + delta, not origin); ONLY IF target is out of bounds, each frame checks the bound nearest the',
  '  TARGET (heading = -1 if that bound === min, else +1) and, once x passes it, starts spring(from: x, to: bound,',
  '  velocity = (x - x_prev) * 1000 / frame.delta, a backward difference) with restDelta passed and popmotion\'s spring',
  '  restSpeed default 2 (its critical/over-damped springs report velocity 0). popmotion.handoff = {t (frame where the',
  '  crossing was seen; the spring is first evaluated one frame later at its t = 1 ms), value, velocity}.',
  'done: popmotion\'s animate() stops at the first done frame (latched); motion-dom\'s generator re-evaluates done at every',
  '  next(t), so a spring can be done at one t and not at a later one (start_below_min at 1.5 s: |v| > restSpeed again).',
  '  popmotion_decay = popmotion decay() generator with the same power/timeConstant/restDelta/modifyTarget (no bounds).',
  'max_abs_diff_popmotion_vs_motion_dom = max over the grid of |popmotion - motion_dom| (see the per-case values;',
  '  differences come from the hand-off rules above, never from the friction formula, which is identical for t > 0).',
], {
  generator: 'tools/gen/gen_inertia.mjs',
  packages: { motion_dom: `motion-dom@${MD_VERSION}`, motion_utils: `motion-utils@${MU_VERSION}`,
    popmotion: `popmotion@${PM_VERSION}`, framesync: `framesync@${FS_VERSION}` },
  date: '2026-11-26', grid_ms: GRID, cases,
});
for (const n of notes) console.error(n);
console.error(`cases ${cases.length}`);
