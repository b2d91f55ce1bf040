// Generate spec/fixtures/chromium_easing.lua: eased progress measured in the real Debian
// `chromium` browser through the Web Animations API.
//
//   apt-get install -y chromium chromium-driver
//   npm install --prefix /tmp/fixgen playwright-core@1.65.1
//   node tools/gen/gen_chromium_easing.mjs [out_path]        (FIXGEN_DIR=/tmp/fixgen by default)
//
// Method (all in one headless page, fresh --user-data-dir):
//  * active phase, before flag 0, input p in [0,1): el.animate([{opacity:0},{opacity:1}],
//    {duration: 1000, easing: E, fill: 'both', iterationStart: p}), paused at currentTime 0;
//    anim.effect.getComputedTiming().progress is E(p).  iterationStart makes the iteration
//    progress exactly p (currentTime = p*duration does not: Blink snaps times within 1 us of a
//    boundary, so 1e-12 became 0 and 0.999999999999 became 1).  p = 1: currentTime = duration
//    (after phase, fill forwards).  The input actually used is re-read with easing 'linear'
//    under identical timing and must equal p bit for bit (checked; the run aborts otherwise).
//  * before flag 1: same with delay 1000 and currentTime 0, i.e. the before phase with
//    backwards fill; the iteration progress is then iterationStart = p and Blink sets the
//    before flag (forwards direction, before phase).
//  * inputs outside [0,1]: the easing under test is the KEYFRAME easing of a registered
//    <number> custom property --x animated 0 -> 1, and the effect easing is linear(P, P),
//    which makes the iteration progress exactly P; el.computedStyleMap().get('--x').value is
//    then E(P) in full double precision (getComputedStyle rounds to 6 digits).  Keyframe
//    easings are evaluated without the before flag in the active phase (flag recorded as 0).
//    The keyframe path was cross-checked against the effect path for every in-range point.
import { createRequire } from 'module';
import { execSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { fileURLToPath } from 'url';
import { Chunk, write } from './luaw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXGEN = process.env.FIXGEN_DIR || '/tmp/fixgen';
const require = createRequire(path.join(FIXGEN, 'package.json'));
const { chromium } = require('playwright-core');
const PW_VERSION = require('playwright-core/package.json').version;
const OUT = process.argv[2] || path.join(HERE, '..', '..', 'spec', 'fixtures', 'chromium_easing.lua');
const EXE = process.env.CHROMIUM || '/usr/bin/chromium';

const cases = JSON.parse(fs.readFileSync(path.join(HERE, 'cases.json'), 'utf8'));
const fmt = (p) => `cubic-bezier(${p.map(String).join(', ')})`;

const EASINGS = ['linear', 'ease', 'ease-in', 'ease-out', 'ease-in-out', 'step-start', 'step-end'];
for (const c of cases.curves) EASINGS.push(fmt(c));
for (const n of [1, 2, 5, 2000])
  for (const pos of ['jump-start', 'jump-end', 'jump-none', 'jump-both', 'start', 'end'])
    if (!(pos === 'jump-none' && n < 2)) EASINGS.push(`steps(${n}, ${pos})`);
EASINGS.push('steps(3)');
EASINGS.push(
  'linear(0, 1)', 'linear(0, 0.25, 1)', 'linear(0, 0.25 75%, 1)', 'linear(0 0%, 0.5 25% 75%, 1 100%)',
  'linear(0, 1.2 50%, 0.8 50%, 1)', 'linear(0 20%, 1 80%)', 'linear(0, 0.5 60%, 0.3 40%, 1)',
  'linear(0, 1.5, 1)', 'linear(1, -0.5, 0)', 'linear(0, 0.1 -10%, 1)', 'linear(0, 0.9 110%, 1)',
  'linear(0 20%, 0.5 10%, 1 80%)', 'linear(0, 0.5 50%, 0.2 50%, 1)', 'linear(0, 0.25 25% 75%, 1)',
  'linear(0, 1 100% 100%)', 'linear(0 0% 0%, 1)',
  'linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1 80% 100%)',
  'linear(0, 0.01, 0.04, 0.09, 0.16, 0.25, 0.36, 0.49, 0.64, 0.81, 1)',
  'linear(0, 0.063, 0.25, 0.563, 1 36.4%, 0.812, 0.75, 0.813, 1 72.7%, 0.953, 0.938, 0.953, 1 90.9%, 0.984, 1 100%)',
  'linear(0, 0.009, 0.035 2.1%, 0.141, 0.281 6.7%, 0.723 12.9%, 0.938 16.7%, 1.017, 1.077, 1.121, 1.149 24.3%, ' +
    '1.159, 1.163, 1.161, 1.154 29.9%, 1.129 32.8%, 1.051 39.6%, 1.017 43.1%, 0.991, 0.977 51%, 0.974 53.8%, ' +
    '0.975 57.1%, 0.997 69.8%, 1.003 76.9%, 1.004 83.8%, 1)',
);

const INVALID = ['steps(1, jump-none)', 'steps(0)', 'steps(-1, start)', 'steps(0.1, start)', 'steps(1.5)',
  'steps(3, nowhere)', 'steps(2, jump-none, end)', 'cubic-bezier(1.1, 0, 0.5, 1)', 'cubic-bezier(-0.1, 0, 0.5, 1)',
  'cubic-bezier(0.1, 0, 4, 0.4)', 'cubic-bezier(0.5, 0, 0.5)', 'linear()', 'linear(1)', 'linear(0.5)',
  'linear(0 0% 100%)', 'linear(100%)', 'linear(0% 1 50%)', 'linear(0%, 1)', 'linear(0, 1 50% 60% 70%)',
  'frames(3)', '', '7', 'test', 'initial', 'ease-in-out-back', 'cubic-bezier(0, 0, 1)'];

const IN = [...new Set(cases.inputs_in_range.map(Number).concat([0.0005, 0.0015, 0.6, 0.49975, 0.5005]))]
  .sort((a, b) => a - b);
const BEFORE = [0, 1e-4, 0.0005, 0.1, 0.2, 0.25, 1 / 3, 0.4, 0.5, 0.6, 0.75, 0.8, 0.9995];
const OUTR = [...new Set(cases.inputs_out_of_range.map(Number)
  .concat([-2, -1.5, -0.25, -0.01, -0.0005, 1.0005, 1.01, 1.25]))].sort((a, b) => a - b);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinetic-chromium-'));
const ctx = await chromium.launchPersistentContext(dir, {
  executablePath: EXE, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const page = await ctx.newPage();
await page.setContent('<!doctype html><html><body><div id="el"></div></body></html>');
await page.evaluate(() => {
  CSS.registerProperty({ name: '--x', syntax: '<number>', inherits: false, initialValue: '0' });
});

const results = [];
let kfChecked = 0;
for (const E of EASINGS) {
  const r = await page.evaluate(([E, IN, BEFORE, OUTR]) => {
    const el = document.getElementById('el');
    const D = 1000;
    function eff(easing, opts, ct) {
      const a = el.animate([{ opacity: 0 }, { opacity: 1 }], Object.assign({ duration: D, fill: 'both', easing }, opts));
      a.pause(); a.currentTime = ct;
      const p = a.effect.getComputedTiming().progress;
      a.cancel();
      return p;
    }
    function kf(easing, P) {
      const a = el.animate([{ '--x': 0, easing }, { '--x': 1 }],
        { duration: D, fill: 'both', easing: `linear(${P}, ${P})` });
      a.pause(); a.currentTime = D / 2;
      const v = el.computedStyleMap().get('--x').value;
      a.cancel();
      return v;
    }
    const probe = el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: D, easing: E });
    const serialized = probe.effect.getTiming().easing;
    probe.cancel();
    const pts = [], errs = [];
    let kfn = 0;
    for (const p of IN) {
      let y, pin;
      if (p < 1) { y = eff(E, { iterationStart: p }, 0); pin = eff('linear', { iterationStart: p }, 0); }
      else { y = eff(E, {}, D); pin = eff('linear', {}, D); }
      if (pin !== p) errs.push(`input ${p} read back as ${pin}`);
      const yk = kf(E, p); kfn++;
      if (!Object.is(yk, y) && !(yk === 0 && y === 0)) errs.push(`keyframe path differs at ${p}: ${yk} vs ${y}`);
      pts.push([pin, 0, y]);
    }
    for (const p of BEFORE) {
      const y = eff(E, { iterationStart: p, delay: D }, 0);
      const pin = eff('linear', { iterationStart: p, delay: D }, 0);
      if (pin !== p) errs.push(`before input ${p} read back as ${pin}`);
      pts.push([pin, 1, y]);
    }
    for (const P of OUTR) {
      const pin = kf('linear', P);
      if (pin !== P) errs.push(`out-of-range input ${P} read back as ${pin}`);
      pts.push([pin, 0, kf(E, P)]);
    }
    return { serialized, pts, errs, kfn };
  }, [E, IN, BEFORE, OUTR]);
  if (r.errs.length) { console.error(E, r.errs.slice(0, 5)); process.exitCode = 1; }
  kfChecked += r.kfn;
  results.push(new Chunk({ easing: E, serialized: r.serialized, points: r.pts.map(([p, b, y]) => [p, b, y === 0 ? 0 : y]) }));
}
const invalid = await page.evaluate((INVALID) => {
  const el = document.getElementById('el');
  return INVALID.map((E) => {
    try { el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 1000, easing: E }).cancel(); return [E, false]; }
    catch (e) { return [E, String(e.name)]; }
  });
}, INVALID);
await ctx.close();
fs.rmSync(dir, { recursive: true, force: true });
if (process.exitCode) { console.error('aborting: input read-back or keyframe cross-check failed'); process.exit(1); }

const version = execSync(`${EXE} --version 2>/dev/null`).toString().trim();
let deb = '';
try { deb = execSync("dpkg-query -W -f='${Version}' chromium").toString().trim(); } catch { /* not Debian */ }
const rejected = invalid.filter(([, e]) => e).map(([E]) => E);
const accepted = invalid.filter(([, e]) => !e).map(([E]) => E);
const date = new Date().toISOString().slice(0, 10);
const header = [
  'spec/fixtures/chromium_easing.lua -- GENERATED by tools/gen/gen_chromium_easing.mjs; do not edit by hand.',
  `Peer: ${version}; Debian package chromium ${deb}; driven headless by playwright-core ${PW_VERSION}. Date: ${date}.`,
  'Each case: easing = the CSS text given to el.animate(); serialized = Chromium\'s serialization (effect.getTiming().easing);',
  'points = {{p, before, y}}: p = input progress (exact double), before = CSS Easing before flag (0/1), y = output.',
  ' * before = 0, p in [0,1): effect easing, iterationStart = p, paused at currentTime 0, y = getComputedTiming().progress;',
  '   p = 1: currentTime = duration (after phase). Every input was re-read with easing "linear" and equals p exactly.',
  ' * before = 1: same with delay = duration and currentTime 0 (before phase, fill backwards => before flag set, input p).',
  ' * p outside [0,1] (after the before=1 block): keyframe easing of a registered <number> custom property --x (0 -> 1)',
  '   with effect easing linear(P, P) (iteration progress exactly P), read with computedStyleMap() (full double).',
  `   For all ${kfChecked} in-range points the keyframe path gave bit-identical results to the effect path.`,
  'Note: currentTime = p * duration is NOT exact: Blink snaps times within 1 microsecond of a phase boundary.',
  `invalid = easings that el.animate() rejects with a TypeError in this Chromium; accepted_unexpectedly = ${JSON.stringify(accepted)}.`,
];
write(OUT, header, {
  generator: 'tools/gen/gen_chromium_easing.mjs', chromium: version, debian_package: deb,
  playwright_core: PW_VERSION, date, cases: results, invalid: rejected,
});
console.error(`cases ${results.length}, points ${results.reduce((s, c) => s + c.value.points.length, 0)}, invalid ${rejected.length}`);
