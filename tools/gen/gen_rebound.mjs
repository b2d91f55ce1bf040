// Generate spec/fixtures/rebound.lua: trajectories of the npm `rebound` spring library
// (Facebook Rebound, JS port), its rest detection and its config conversions.
//
//   npm install --prefix /tmp/fixgen rebound@0.1.0
//   node tools/gen/gen_rebound.mjs [out_path]              (FIXGEN_DIR=/tmp/fixgen by default)
//
// Driving: a SpringSystem with a SteppingSimulationLooper (so nothing runs by itself), one Spring:
//   spring.setSpringConfig(cfg); spring.setCurrentValue(from); spring.setEndValue(to);
//   spring.setVelocity(velocity); then spring.advance(t, dt) called directly with dt in seconds
// (this bypasses SpringSystem.loop, whose first frame after idling always advances exactly 1 ms).
// One run ("system_loop_16.667ms") instead goes through looper.step(16.667) to show that.
import { createRequire } from 'module';
import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import { Chunk, write } from './luaw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXGEN = process.env.FIXGEN_DIR || '/tmp/fixgen';
const require = createRequire(path.join(FIXGEN, 'package.json'));
const rebound = require('rebound');
const VERSION = JSON.parse(fs.readFileSync(path.join(FIXGEN, 'node_modules', 'rebound', 'package.json'), 'utf8')).version;
const OUT = process.argv[2] || path.join(HERE, '..', '..', 'spec', 'fixtures', 'rebound.lua');
const { SpringConfig, SpringSystem, SteppingSimulationLooper } = rebound;

function makeSpring(cfg, from, to, velocity) {
  const looper = new SteppingSimulationLooper();
  const system = new SpringSystem(looper);
  const spring = system.createSpringWithConfig(cfg);
  spring.setCurrentValue(from);
  spring.setEndValue(to);
  if (velocity) spring.setVelocity(velocity);
  return { spring, looper, system };
}

const SAMPLE_MS = 10, END_MS = 2000, REST_LIMIT_S = 60;

// 1 ms steps: advance(t, 0.001) each call -> exactly one RK4 substep, no interpolation.
function run1ms(cfg, from, to, velocity) {
  const { spring } = makeSpring(cfg, from, to, velocity);
  const samples = [[0, spring.getCurrentValue(), spring.getVelocity()]];
  let restTime = null;
  for (let k = 1; k <= REST_LIMIT_S * 1000; k++) {
    spring.advance(k / 1000, 0.001);
    if (restTime === null && spring.isAtRest()) restTime = k / 1000;
    if (k <= END_MS && k % SAMPLE_MS === 0) samples.push([k / 1000, spring.getCurrentValue(), spring.getVelocity()]);
    if (k >= END_MS && restTime !== null) break;
  }
  return { samples, restTime };
}

// arbitrary frame sequence (seconds)
function runFrames(cfg, from, to, velocity, dts) {
  const { spring } = makeSpring(cfg, from, to, velocity);
  const samples = [[0, spring.getCurrentValue(), spring.getVelocity()]];
  let t = 0, restTime = null;
  for (const dt of dts) {
    t += dt;
    spring.advance(t, dt);
    if (restTime === null && spring.isAtRest()) restTime = t;
    samples.push([t, spring.getCurrentValue(), spring.getVelocity()]);
  }
  return { samples, restTime };
}

// through SpringSystem.loop with SteppingSimulationLooper.step(ms): records the dt each advance got.
function runSystem(cfg, from, to, velocity, stepMs, nFrames) {
  const { spring, looper } = makeSpring(cfg, from, to, velocity);
  const dts = [];
  const orig = spring.advance.bind(spring);
  spring.advance = (time, dt) => { dts.push(dt); return orig(time, dt); };
  const samples = [[0, spring.getCurrentValue(), spring.getVelocity()]];
  let restTime = null, clock = 0;
  for (let i = 0; i < nFrames; i++) {
    const before = dts.length;
    looper.step(stepMs);
    if (dts.length === before) break; // system idle
    clock += dts[dts.length - 1];
    if (restTime === null && spring.isAtRest()) restTime = clock;
    samples.push([clock, spring.getCurrentValue(), spring.getVelocity()]);
  }
  return { samples, restTime, dts };
}

const o = (ot, of) => ({ origami_tension: ot, origami_friction: of, cfg: SpringConfig.fromOrigamiTensionAndFriction(ot, of) });
const raw = (t, f) => ({ cfg: new SpringConfig(t, f) });
const bouncy = (b, s) => ({ bounciness: b, speed: s, cfg: SpringConfig.fromBouncinessAndSpeed(b, s) });

const CONFIGS = [
  ['origami_40_7_default', o(40, 7), 0, 1, 0],
  ['raw_230_22', raw(230, 22), 0, 1, 0],
  ['raw_100_20_critical', raw(100, 20), 0, 1, 0],
  ['raw_100_40_overdamped', raw(100, 40), 0, 1, 0],
  ['raw_400_4_underdamped', raw(400, 4), 0, 1, 0],
  ['origami_40_7_velocity_10', o(40, 7), 0, 1, 10],
  ['origami_40_7_velocity_-5', o(40, 7), 0, 1, -5],
  ['origami_40_7_large_0_to_1000', o(40, 7), 0, 1000, 0],
  ['origami_40_7_negative_1_to_0', o(40, 7), 1, 0, 0],
  ['raw_230_22_negative_250_to_-500_v300', raw(230, 22), 250, -500, 300],
  ['bouncy_5_10', bouncy(5, 10), 0, 1, 0],
  ['bouncy_12_3', bouncy(12, 3), 0, 1, 0],
  ['coasting_friction_origami_7', { origami_friction: 7, cfg: SpringConfig.coastingConfigWithOrigamiFriction(7) }, 0, 0, 1000],
];

function describe(name, c, from, to, velocity) {
  const r = { name };
  for (const k of ['origami_tension', 'origami_friction', 'bounciness', 'speed']) if (c[k] !== undefined) r[k] = c[k];
  Object.assign(r, { tension: c.cfg.tension, friction: c.cfg.friction, from, to, velocity });
  return r;
}

const runs = [];
for (const [name, c, from, to, v] of CONFIGS) {
  const { samples, restTime } = run1ms(c.cfg, from, to, v);
  runs.push(new Chunk(Object.assign(describe(name, c, from, to, v),
    { dt: 0.001, samples, rest_time: restTime === null ? undefined : restTime })));
}
const F = 0.016667;
const frames120 = Array.from({ length: 121 }, () => F);
for (const idx of [0, 1, 5, 7]) {
  const [name, c, from, to, v] = CONFIGS[idx];
  const { samples, restTime } = runFrames(c.cfg, from, to, v, frames120);
  runs.push(new Chunk(Object.assign(describe(name + '_frames_16.667ms', c, from, to, v),
    { dts: frames120, samples, rest_time: restTime === null ? undefined : restTime })));
}
{
  // jittery frames: sub-millisecond frames (interpolation only), integer-ms frames, and frames
  // longer than MAX_DELTA_TIME_SEC = 0.064 (clamped)
  const base = [0.016, 0.017, 0.0005, 0.0333, 0.1, 0.008, 0.0002, 0.0163, 0.05, 0.07, 0.004, 0.0167];
  const dts = [];
  for (let i = 0; i < 10; i++) dts.push(...base);
  const [name, c, from, to, v] = CONFIGS[0];
  const { samples, restTime } = runFrames(c.cfg, from, to, v, dts);
  runs.push(new Chunk(Object.assign(describe(name + '_jitter', c, from, to, v),
    { dts, samples, rest_time: restTime === null ? undefined : restTime })));
}
{
  const [name, c, from, to, v] = CONFIGS[0];
  const { samples, restTime, dts } = runSystem(c.cfg, from, to, v, 16.667, 400);
  runs.push(new Chunk(Object.assign(describe(name + '_system_loop_16.667ms', c, from, to, v),
    { dts, samples, rest_time: restTime === null ? undefined : restTime })));
}

const origamiPairs = [[40, 7], [0, 0], [30, 8], [1, 1], [10, 2], [20, 5], [50, 10], [100, 3], [100, 20], [200, 30],
  [300, 50], [5.5, 1.25]];
const bouncyPairs = [[0, 0], [5, 10], [12, 3], [0, 12], [20, 20], [3, 1], [8, 8], [1.7, 17], [34, 34], [10, 0], [0, 40]];
const conversions = {
  origami: origamiPairs.map(([ot, of]) => { const c = SpringConfig.fromOrigamiTensionAndFriction(ot, of); return [ot, of, c.tension, c.friction]; }),
  bouncy: bouncyPairs.map(([b, s]) => { const c = SpringConfig.fromBouncinessAndSpeed(b, s); return [b, s, c.tension, c.friction]; }),
};
const date = new Date().toISOString().slice(0, 10);
write(OUT, [
  'spec/fixtures/rebound.lua -- GENERATED by tools/gen/gen_rebound.mjs; do not edit by hand.',
  `Peer: npm rebound@${VERSION} (Facebook Rebound, JS port), node ${process.version}. Date: ${date}.`,
  'Model: mass 1, a = tension*(to - x) - friction*v; x in the caller\'s units, v in units/s, t in seconds.',
  'conversions.origami = {{origami_tension, origami_friction, tension, friction}} (SpringConfig.fromOrigamiTensionAndFriction:',
  '  tension = (ot - 30)*3.62 + 194, friction = (of - 8)*3 + 25; NO special case for 0 in the JS port).',
  'conversions.bouncy = {{bounciness, speed, tension, friction}} (SpringConfig.fromBouncinessAndSpeed -> BouncyConversion ->',
  '  Origami conversion).',
  'runs: spring created in a SpringSystem(SteppingSimulationLooper), setCurrentValue(from), setEndValue(to), setVelocity(velocity),',
  '  then Spring.advance(t, dt) called directly. dt = 0.001 => every call is exactly one RK4 substep (no interpolation);',
  '  samples = {{t, x, v}} every 10 ms for 0..2 s (taken after the advance ending at t). dts = {...} => the exact frame',
  '  sequence passed to advance(), one sample after every frame. rest_time = first t at which isAtRest() held after an',
  '  advance (the 1 ms runs keep stepping up to 60 s to find it); absent if never at rest.',
  'Rebound internals (read in node_modules/rebound/dist/rebound.js): SOLVER_TIMESTEP_SEC = 0.001; frame dt clamped to',
  '  MAX_DELTA_TIME_SEC = 0.064; leftover time stays in an accumulator; if leftover > 0 after the substeps the state is',
  '  REPLACED by previous*(1 - a) + current*a, a = leftover/0.001, where previous = state before the last substep',
  '  (even when no substep ran in this frame: then previous is stale) -- so frame-stepped runs lag the clock by up to 1 ms.',
  '  RK4 quirk: the first stage uses tempState.position (the last stage position of the previous substep; set to x by',
  '  setCurrentValue) instead of the current position. Rest: |v| < restSpeedThreshold (0.001, strict) and',
  '  |to - x| <= displacementFromRestThreshold (0.001) (or tension == 0); on rest x := to (tension > 0) or to := x',
  '  (tension == 0), v := 0 and advance() does nothing afterwards.',
  '  "*_system_loop_16.667ms": driven by SteppingSimulationLooper.step(16.667) through SpringSystem.loop: the first frame',
  '  after idle advances 1 ms (lastTime := now - 1) and dt = ms/1000 is not exactly 0.016667; dts records what advance() got,',
  '  and sample times are the running sum of those dts.',
], {
  generator: 'tools/gen/gen_rebound.mjs', package: `rebound@${VERSION}`, date,
  rest_speed_threshold: 0.001, rest_displacement_threshold: 0.001, solver_timestep: 0.001, max_delta_time: 0.064,
  conversions, runs,
});
console.error(`runs ${runs.length}`);
for (const r of runs) console.error(r.value.name, r.value.samples.length, r.value.rest_time);
