// Helper for tools/gen/gen_penner.py: evaluates Penner's equations with the npm package
// js-easing-functions (a TypeScript port of jQuery Easing = Robert Penner's original
// equations) and prints JSON.  stdin: {"functions": [{"name", "params", "ts"}]};
// stdout: {"package": "...", "values": [[y...] or null, ...]}.
//   npm install --prefix /tmp/fixgen js-easing-functions@1.0.3
import { createRequire } from 'module';
import fs from 'fs';
import path from 'path';

const FIXGEN = process.env.FIXGEN_DIR || '/tmp/fixgen';
const require = createRequire(path.join(FIXGEN, 'package.json'));
const E = require('js-easing-functions');
const VERSION = JSON.parse(fs.readFileSync(path.join(FIXGEN, 'node_modules', 'js-easing-functions', 'package.json'), 'utf8')).version;

const input = JSON.parse(fs.readFileSync(0, 'utf8'));
function lookup(kind, family, params) {
  if (family === 'Elastic' && params.length) return null;      // the package takes no amplitude/period
  const fn = E['ease' + kind + family];
  if (!fn) return null;
  const extra = family === 'Back' && params.length ? [params[0]] : [];
  return (t) => fn(t, 0, 1, 1, ...extra);
}
const values = input.functions.map(({ name, params, ts }) => {
  if (name === 'linear') return null;
  const m = /^(inOut|outIn|in|out)(\w+)$/.exec(name);
  const kind = { in: 'In', out: 'Out', inOut: 'InOut', outIn: 'OutIn' }[m[1]];
  const family = m[2];
  let f;
  if (kind === 'OutIn') {
    const o = lookup('Out', family, params), i = lookup('In', family, params);
    if (!o || !i) return null;
    f = (t) => (t < 0.5 ? o(2 * t) / 2 : i(2 * t - 1) / 2 + 0.5);
  } else f = lookup(kind, family, params);
  if (!f) return null;
  return ts.map((t) => f(t));
});
process.stdout.write(JSON.stringify({ package: `js-easing-functions@${VERSION}`, values }));
