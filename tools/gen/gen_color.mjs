// Generate spec/fixtures/color.lua: CSS Color 4 reference data (parsing, conversion between the 15 space
// names, CSS gamut mapping to sRGB with its hex form, and interpolation) from npm colorjs.io, cross-checked
// against npm culori.
//
//   npm install --prefix /tmp/colorgen colorjs.io@0.7.1 culori@4.0.2
//   COLOR_DIR=/tmp/colorgen node tools/gen/gen_color.mjs [out_path]
//
// colorjs.io (its authors edit CSS Color 4) is the primary reference: every number below comes from its
// conversions (ColorSpace.to, as Color#to uses) and from its toGamutCSS (the CSS Color 4 binary search).
// Where colorjs.io departs from the CSS Color 4 text, the generator applies the CSS rule on top of colorjs
// numbers and says so in the fixture (parse-time clamping and hue normalization, the powerless epsilons, and
// the whole of interpolation, which is written out here from the spec's steps and checked against
// colorjs Color.mix(..., {premultiplied: true}) wherever their semantics coincide). culori is converted with
// the same inputs and every difference is either within the bound stated in the header or marked per case.
import { createRequire } from 'module';
import fs from 'fs';
import path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import { Chunk, write } from './luaw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIR = process.env.COLOR_DIR || '/tmp/colorgen';
const require = createRequire(path.join(DIR, 'package.json'));
const pkgVersion = (p) => JSON.parse(fs.readFileSync(path.join(DIR, 'node_modules', p, 'package.json'), 'utf8')).version;
const CJ_VERSION = pkgVersion('colorjs.io');
const CU_VERSION = pkgVersion('culori');
const cjSrc = (f) => pathToFileURL(path.join(DIR, 'node_modules', 'colorjs.io', 'src', f)).href;
const Color = (await import(cjSrc('index.js'))).default;
const { toGamutCSS } = await import(cjSrc('toGamut.js'));
const deltaEOK = (await import(cjSrc('deltaE/deltaEOK.js'))).default;
const inGamut = (await import(cjSrc('inGamut.js'))).default;
const KEYWORDS = (await import(cjSrc('keywords.js'))).default;
const culori = require('culori');
const OUT = process.argv[2] || path.join(HERE, '..', '..', 'spec', 'fixtures', 'color.lua');
const TODAY = new Date().toISOString().slice(0, 10);

// ------------------------------------------------------------------ spaces
const SPACES = ['srgb', 'srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz', 'xyz-d50',
  'xyz-d65', 'hsl', 'hwb', 'lab', 'lch', 'oklab', 'oklch'];
const CJ = { srgb: 'srgb', 'srgb-linear': 'srgb-linear', 'display-p3': 'p3', 'a98-rgb': 'a98rgb',
  'prophoto-rgb': 'prophoto', rec2020: 'rec2020', xyz: 'xyz-d65', 'xyz-d50': 'xyz-d50', 'xyz-d65': 'xyz-d65',
  hsl: 'hsl', hwb: 'hwb', lab: 'lab', lch: 'lch', oklab: 'oklab', oklch: 'oklch' };
const FROM_CJ = { srgb: 'srgb', 'srgb-linear': 'srgb-linear', p3: 'display-p3', a98rgb: 'a98-rgb',
  prophoto: 'prophoto-rgb', rec2020: 'rec2020', 'xyz-d65': 'xyz-d65', 'xyz-d50': 'xyz-d50', hsl: 'hsl', hwb: 'hwb',
  lab: 'lab', lch: 'lch', oklab: 'oklab', oklch: 'oklch' };
// culori modes and the factor from culori's scale to the CSS scale, per component
const CU = { srgb: 'rgb', 'srgb-linear': 'lrgb', 'display-p3': 'p3', 'a98-rgb': 'a98', 'prophoto-rgb': 'prophoto',
  rec2020: 'rec2020', xyz: 'xyz65', 'xyz-d50': 'xyz50', 'xyz-d65': 'xyz65', hsl: 'hsl', hwb: 'hwb', lab: 'lab',
  lch: 'lch', oklab: 'oklab', oklch: 'oklch' };
const CU_CH = { rgb: ['r', 'g', 'b'], lrgb: ['r', 'g', 'b'], p3: ['r', 'g', 'b'], a98: ['r', 'g', 'b'],
  prophoto: ['r', 'g', 'b'], rec2020: ['r', 'g', 'b'], xyz65: ['x', 'y', 'z'], xyz50: ['x', 'y', 'z'],
  hsl: ['h', 's', 'l'], hwb: ['h', 'w', 'b'], lab: ['l', 'a', 'b'], lch: ['l', 'c', 'h'], oklab: ['l', 'a', 'b'],
  oklch: ['l', 'c', 'h'] };
const CU_SCALE = { hsl: [1, 100, 100], hwb: [1, 100, 100] };
const HUE = { hsl: 0, hwb: 0, lch: 2, oklch: 2 };          // index of the hue component
const POLAR = (s) => HUE[s] !== undefined;
// The component scale of each space (what "relative to the component scale" means in the spec).
const SCALE = (s) => (s === 'hsl' || s === 'hwb') ? [360, 100, 100] : s === 'lab' ? [100, 100, 100]
  : s === 'lch' ? [100, 100, 360] : s === 'oklch' ? [1, 1, 360] : [1, 1, 1];
const BOUNDED = new Set(['srgb', 'srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'hsl', 'hwb']);
// CSS Color 4 powerless-hue epsilons (ED tables "Powerless hue ε"; rgbToHsl's 1/100000 on the 0..1 scale)
const EPS = { hsl: 0.001, hwb: 99.999, lch: 0.0015, oklch: 0.000004 };

const constrain = (h) => ((h % 360) + 360) % 360;
const isNone = (v) => v === null || v === undefined || Number.isNaN(v);

// colorjs conversion of a CSS-resolved colour {space, c: [3], none: [4 booleans], alpha} to `dest`, followed by
// the CSS Color 4 powerless rule (section 4.4.1) for polar destinations. Returns {c, none, pw} where none
// marks missing components (value 0 in c) and pw the powerless hue (reported 0; chroma set to 0 if in (0, eps]).
function convert(col, dest) {
  const src = col.space;
  const coords = col.c.map((v, i) => (col.none[i] ? 0 : v));
  if (src === dest || (src === 'xyz' && dest === 'xyz-d65') || (src === 'xyz-d65' && dest === 'xyz')) {
    const c = coords.slice();
    let pw = false;
    if (POLAR(dest)) pw = powerlessOf(dest, c);   // manually specified: kept as specified, only flagged
    return { c, none: col.none.slice(0, 3), pw, same: true };
  }
  const out = new Color(CJ[src], coords, 1).to(CJ[dest]).coords.slice();
  const none = [false, false, false];
  let pw = false;
  if (POLAR(dest)) {
    const h = HUE[dest];
    for (let i = 0; i < 3; i++) if (isNone(out[i])) out[i] = i === h ? NaN : 0;
    if (dest === 'lch' || dest === 'oklch') {
      // colorjs: achromatic when |a| and |b| are below range/1e5; CSS: when C <= eps. Restate from the
      // rectangular value so that the CSS rule decides.
      const lab = new Color(CJ[src], coords, 1).to(dest === 'lch' ? 'lab' : 'oklab').coords;
      const C = Math.sqrt(lab[1] ** 2 + lab[2] ** 2);
      if (C <= EPS[dest]) { if (!Number.isNaN(out[2])) stats.powerlessRestated++; out[1] = 0; out[2] = 0; pw = true; }
      else if (Number.isNaN(out[2])) { out[1] = C; out[2] = constrain((Math.atan2(lab[2], lab[1]) * 180) / Math.PI); stats.colorjsHueRestored++; }
    } else if (dest === 'hsl') {
      if (Number.isNaN(out[0])) { out[0] = 0; pw = true; }
      if (out[1] <= EPS.hsl) { if (!pw) stats.powerlessRestated++; out[0] = 0; if (out[1] > 0) out[1] = 0; pw = true; }
    } else if (dest === 'hwb') {
      if (Number.isNaN(out[0])) { out[0] = 0; pw = true; }
      const s = out[1] + out[2];
      if (s >= EPS.hwb) {
        if (!pw) stats.powerlessRestated++;
        out[0] = 0; pw = true;
        if (s < 100) out[2] = 100 - out[1];
      }
    }
    if (pw) none[h] = true;
  }
  return { c: out, none, pw };
}

// colourfulness on a 0..1 scale, for the hue tolerance: oklch C; lch C / 100; hsl chroma max - min =
// 2 s min(l, 1 - l); hwb 1 - w - b
function colourfulness(space, c) {
  if (space === 'oklch') return Math.abs(c[1]);
  if (space === 'lch') return Math.abs(c[1]) / 100;
  if (space === 'hsl') return (2 * Math.abs(c[1]) / 100) * Math.min(Math.abs(c[2]), Math.abs(100 - c[2])) / 100;
  return Math.abs(1 - (c[1] + c[2]) / 100);
}

function powerlessOf(space, c) {
  if (space === 'hsl') return c[1] <= EPS.hsl;
  if (space === 'hwb') return c[1] + c[2] >= EPS.hwb;
  return c[1] <= EPS[space];
}

const stats = { powerlessRestated: 0, colorjsHueRestored: 0 };

// ------------------------------------------------------------------ CSS Color 4 sample code (section 19)
// An independent second path for every to[] value: the ED's own sample code (rational matrices, transfer
// functions, Bradford, Lab, OKLab, hslToRgb/rgbToHsl, hwbToRgb/rgbToHwb), transcribed, routed through XYZ as
// section 11.2 says. It shares no code with colorjs; its distance to colorjs is recorded in the header.
const SC = (() => {
  const mul = (M, v) => M.map((r) => r[0] * v[0] + r[1] * v[1] + r[2] * v[2]);
  const D50 = [0.3457 / 0.3585, 1.00000, (1.0 - 0.3457 - 0.3585) / 0.3585];
  const linS = (v) => v.map((x) => { const s = x < 0 ? -1 : 1, a = Math.abs(x); return a <= 0.04045 ? x / 12.92 : s * Math.pow((a + 0.055) / 1.055, 2.4); });
  const gamS = (v) => v.map((x) => { const s = x < 0 ? -1 : 1, a = Math.abs(x); return a > 0.0031308 ? s * (1.055 * Math.pow(a, 1 / 2.4) - 0.055) : 12.92 * x; });
  const linPP = (v) => v.map((x) => { const s = x < 0 ? -1 : 1, a = Math.abs(x); return a <= 16 / 512 ? x / 16 : s * Math.pow(a, 1.8); });
  const gamPP = (v) => v.map((x) => { const s = x < 0 ? -1 : 1, a = Math.abs(x); return a >= 1 / 512 ? s * Math.pow(a, 1 / 1.8) : 16 * x; });
  const pw = (g) => (v) => v.map((x) => Math.sign(x) * Math.pow(Math.abs(x), g));
  const id = (v) => v.slice();
  const M = {
    srgb: [[[506752 / 1228815, 87881 / 245763, 12673 / 70218], [87098 / 409605, 175762 / 245763, 12673 / 175545], [7918 / 409605, 87881 / 737289, 1001167 / 1053270]],
      [[12831 / 3959, -329 / 214, -1974 / 3959], [-851781 / 878810, 1648619 / 878810, 36519 / 878810], [705 / 12673, -2585 / 12673, 705 / 667]]],
    p3: [[[608311 / 1250200, 189793 / 714400, 198249 / 1000160], [35783 / 156275, 247089 / 357200, 198249 / 2500400], [0 / 1, 32229 / 714400, 5220557 / 5000800]],
      [[446124 / 178915, -333277 / 357830, -72051 / 178915], [-14852 / 17905, 63121 / 35810, 423 / 17905], [11844 / 330415, -50337 / 660830, 316169 / 330415]]],
    pp: [[[0.79776664490064230, 0.13518129740053308, 0.03134773412839220], [0.28807482881940130, 0.71183523424187300, 0.00008993693872564], [0, 0, 0.82510460251046020]],
      [[1.34578688164715830, -0.25557208737979464, -0.05110186497554526], [-0.54463070512490190, 1.50824774284514680, 0.02052744743642139], [0, 0, 1.21196754563894520]]],
    a98: [[[573536 / 994567, 263643 / 1420810, 187206 / 994567], [591459 / 1989134, 6239551 / 9945670, 374412 / 4972835], [53769 / 1989134, 351524 / 4972835, 4929758 / 4972835]],
      [[1829569 / 896150, -506331 / 896150, -308931 / 896150], [-851781 / 878810, 1648619 / 878810, 36519 / 878810], [16779 / 1248040, -147721 / 1248040, 1266979 / 1248040]]],
    r2020: [[[63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314], [26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157], [0 / 1, 19567812 / 697040785, 295819943 / 278816314]],
      [[30757411 / 17917100, -6372589 / 17917100, -4539589 / 17917100], [-19765991 / 29648200, 47925759 / 29648200, 467509 / 29648200], [792561 / 44930125, -1921689 / 44930125, 42328811 / 44930125]]],
  };
  const D65toD50 = [[1.0479297925449969, 0.022946870601609652, -0.05019226628920524], [0.02962780877005599, 0.9904344267538799, -0.017073799063418826], [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371]];
  const D50toD65 = [[0.955473421488075, -0.02309845494876471, 0.06325924320057072], [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323], [0.012314014864481998, -0.020507649298898964, 1.330365926242124]];
  const k = 24389 / 27, e = 216 / 24389;
  const xyzToLab = (X) => { const f = X.map((v, i) => v / D50[i]).map((v) => (v > e ? Math.cbrt(v) : (k * v + 16) / 116)); return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]; };
  const labToXyz = (L) => { const f1 = (L[0] + 16) / 116, f0 = L[1] / 500 + f1, f2 = f1 - L[2] / 200;
    return [f0 ** 3 > e ? f0 ** 3 : (116 * f0 - 16) / k, L[0] > k * e ? ((L[0] + 16) / 116) ** 3 : L[0] / k, f2 ** 3 > e ? f2 ** 3 : (116 * f2 - 16) / k].map((v, i) => v * D50[i]); };
  const X2LMS = [[0.8190224379967030, 0.3619062600528904, -0.1288737815209879], [0.0329836539323885, 0.9292868615863434, 0.0361446663506424], [0.0481771893596242, 0.2642395317527308, 0.6335478284694309]];
  const LMS2O = [[0.2104542683093140, 0.7936177747023054, -0.0040720430116193], [1.9779985324311684, -2.4285922420485799, 0.4505937096174110], [0.0259040424655478, 0.7827717124575296, -0.8086757549230774]];
  const LMS2X = [[1.2268798758459243, -0.5578149944602171, 0.2813910456659647], [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164], [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816]];
  const O2LMS = [[1, 0.3963377773761749, 0.2158037573099136], [1, -0.1055613458156586, -0.0638541728258133], [1, -0.0894841775298119, -1.2914855480194092]];
  const toPolar = (v) => [v[0], Math.sqrt(v[1] ** 2 + v[2] ** 2), constrain((Math.atan2(v[2], v[1]) * 180) / Math.PI)];
  const toRect = (v) => [v[0], v[1] * Math.cos((v[2] * Math.PI) / 180), v[1] * Math.sin((v[2] * Math.PI) / 180)];
  const hslToRgb = ([hue, sat, light]) => { sat /= 100; light /= 100;
    const f = (n) => { const kk = (n + hue / 30) % 12; const a = sat * Math.min(light, 1 - light); return light - a * Math.max(-1, Math.min(kk - 3, 9 - kk, 1)); };
    return [f(0), f(8), f(4)]; };
  const rgbToHsl = ([r, g, b]) => { const mx = Math.max(r, g, b), mn = Math.min(r, g, b); let [hue, sat] = [NaN, 0]; const light = (mn + mx) / 2; const d = mx - mn;
    if (d !== 0) { sat = light === 0 || light === 1 ? 0 : (mx - light) / Math.min(light, 1 - light);
      switch (mx) { case r: hue = (g - b) / d + (g < b ? 6 : 0); break; case g: hue = (b - r) / d + 2; break; default: hue = (r - g) / d + 4; }
      hue *= 60; }
    if (sat < 0) { hue += 180; sat = Math.abs(sat); }
    if (hue >= 360) hue -= 360;
    return [hue, sat * 100, light * 100]; };
  const rgbToHue = ([r, g, b]) => { const mx = Math.max(r, g, b), mn = Math.min(r, g, b); let hue = NaN; const d = mx - mn;
    if (d !== 0) { switch (mx) { case r: hue = (g - b) / d + (g < b ? 6 : 0); break; case g: hue = (b - r) / d + 2; break; default: hue = (r - g) / d + 4; } hue *= 60; }
    if (hue >= 360) hue -= 360; return hue; };
  const hwbToRgb = ([hue, w, bl]) => { w /= 100; bl /= 100; if (w + bl >= 1) { const gray = w / (w + bl); return [gray, gray, gray]; }
    return hslToRgb([hue, 100, 50]).map((v) => v * (1 - w - bl) + w); };
  const rgbToHwb = (rgb) => [rgbToHue(rgb), Math.min(...rgb) * 100, (1 - Math.max(...rgb)) * 100];
  // each space: [to XYZ (D65), from XYZ (D65)]
  const rgbSpace = (lin, gam, m, d50) => [(v) => { const x = mul(m[0], lin(v)); return d50 ? mul(D50toD65, x) : x; },
    (x) => gam(mul(m[1], d50 ? mul(D65toD50, x) : x))];
  const S = {
    srgb: rgbSpace(linS, gamS, M.srgb), 'srgb-linear': rgbSpace(id, id, M.srgb), 'display-p3': rgbSpace(linS, gamS, M.p3),
    'a98-rgb': rgbSpace(pw(563 / 256), pw(256 / 563), M.a98), 'prophoto-rgb': rgbSpace(linPP, gamPP, M.pp, true),
    rec2020: rgbSpace(pw(2.4), pw(1 / 2.4), M.r2020),
    xyz: [id, id], 'xyz-d65': [id, id], 'xyz-d50': [(v) => mul(D50toD65, v), (x) => mul(D65toD50, x)],
    lab: [(v) => mul(D50toD65, labToXyz(v)), (x) => xyzToLab(mul(D65toD50, x))],
    oklab: [(v) => mul(LMS2X, mul(O2LMS, v).map((c) => c ** 3)), (x) => mul(LMS2O, mul(X2LMS, x).map((c) => Math.cbrt(c)))],
  };
  S.lch = [(v) => S.lab[0](toRect(v)), (x) => toPolar(S.lab[1](x))];
  S.oklch = [(v) => S.oklab[0](toRect(v)), (x) => toPolar(S.oklab[1](x))];
  S.hsl = [(v) => S.srgb[0](hslToRgb(v)), (x) => rgbToHsl(S.srgb[1](x))];
  S.hwb = [(v) => S.srgb[0](hwbToRgb(v)), (x) => rgbToHwb(S.srgb[1](x))];
  return (src, coords, dest) => {
    if (src === dest) return coords.slice();
    // sRGB-based pairs without the XYZ round trip, as the sample functions chain them
    const viaSrgb = { hsl: [hslToRgb, rgbToHsl], hwb: [hwbToRgb, rgbToHwb], srgb: [id, id] };
    if (viaSrgb[src] && viaSrgb[dest]) return viaSrgb[dest][1](viaSrgb[src][0](coords));
    return S[dest][1](S[src][0](coords));
  };
})();

// ------------------------------------------------------------------ parse cases
// Each: [input, canon?]. `canon` is the string handed to colorjs when colorjs cannot read the input itself
// (tabs/newlines, uppercase units, ...); the CSS meaning of input and canon is the same.
const HEX = ['#000', '#fff', '#f00', '#0f0', '#00f', '#123', '#abc', '#ABC', '#AbCdEf', '#fedcba', '#7f7f7f',
  '#808080', '#0000ffcc', '#12345678', '#FEDCBA98', '#1234', '#fff0', '#ffffff80', '#00000000', '#01020304'];
const RGB = ['rgb(255 0 0)', 'rgb(255, 0, 0)', 'rgba(255, 0, 0, 0.5)', 'rgb(100% 0% 0%)', 'rgb(100%, 50%, 0%)',
  'rgb(10% 20 30%)', 'rgb(255 0 0 / 50%)', 'rgb(255 0 0 / 0.25)', 'rgba(0 255 0 / 0.3)', 'rgba(10 20 30)',
  'rgb(10, 20, 30, 0.4)', 'rgba(10%, 20%, 30%, 40%)', 'rgb(0 0 255 / none)', 'rgb(none 128 0)',
  'rgb(none none none)', 'rgb(none none none / none)', 'rgb(20% none none / none)', 'rgb(300 -20 0)',
  'rgb(-10% 150% 50%)', 'rgb(255 0 0 / 1.5)', 'rgb(255 0 0 / -0.5)', 'rgb(255 0 0 / 200%)', 'rgba(255, 0, 0, -1)',
  'rgb(127.5 63.75 0)', 'rgb(1e2 2e1 3e0)', 'rgb(.5 .25 .125)', 'rgb(+5 +10 +15)', 'rgb(12.34% 56.78% 90.12%)',
  'rgb(146.064 107.457 131.223)', 'rgb(57.28% 42.14% 51.46%)', 'rgb(29 164 192 / 95%)', 'RGB(255 0 0)',
  'rGbA(1, 2, 3, 0.4)', 'rgb( 10 , 20 , 30 )', 'rgb(10,20,30)', 'rgba(10,20,30,50%)', ['rgb(10\t20\n30)', 'rgb(10 20 30)'],
  'rgb(10 20 30/0.5)', 'rgb(10 20 30 /0.5)', 'rgb(0 0 0 / 0)', 'rgb(255 255 255)', 'rgba(255 255 255 / 1)',
  ['  rgb(1 2 3)  ', 'rgb(1 2 3)']];
const HSL = ['hsl(120 100% 50%)', 'hsl(120, 100%, 50%)', 'hsla(120, 100%, 50%, 0.5)', 'hsl(120deg 100% 50%)',
  'hsl(120 100 50)', 'hsl(120 50 50%)', 'hsl(0.5turn 50% 50%)', 'hsl(3.14159rad 50% 50%)', 'hsl(200grad 50% 50%)',
  'hsl(-120 50% 50%)', 'hsl(480 50% 50%)', 'hsl(-540 50% 50%)', 'hsl(720deg 50% 50%)', 'hsl(1turn 50% 50%)',
  'hsl(-0.25turn 50% 50%)', 'hsl(12e1 50% 50%)', 'hsl(none 50% 50%)', 'hsl(120 none 50%)', 'hsl(120 50% none)',
  'hsl(120 0% 50%)', 'hsl(120 -20% 50%)', 'hsl(120 150% 50%)', 'hsl(120 50% 120%)', 'hsl(120 50% -10%)',
  'hsla(120 50% 50% / 0.3)', ['HSL(120DEG 50% 50%)', 'hsl(120deg 50% 50%)'], 'hsl(120 50% 50% / none)',
  'hsla(120deg, 50%, 50%, 30%)', 'hsl(0 100% 50%)', 'hsl(300 75% 25%)', 'hsl(38.824 100% 50%)', 'hsl(39 100% 50%)',
  ['hsl(120deg 50% 50%/.5)', 'hsl(120deg 50% 50% / .5)'], 'hsl(150 77.78% 55%)', 'hsl(0 0% 100%)', 'hsl(0 0% 0%)'];
const HWB = ['hwb(120 20% 30%)', 'hwb(120 20 30)', 'hwb(0 0% 0%)', 'hwb(45 40% 80%)', 'hwb(120 100% 0%)',
  'hwb(120 60% 40%)', 'hwb(none 20% 30%)', 'hwb(120 none 30%)', 'hwb(120 20% none)', 'hwb(-30 20% 30%)',
  'hwb(1.5rad 10% 10% / 0.5)', 'hwb(120 -10% 30%)', 'hwb(120 20% 30% / 150%)', ['HWB(0.25TURN 0% 0%)', 'hwb(0.25turn 0% 0%)'],
  'hwb(150 20% 10%)', 'hwb(240 0% 0% / 0.5)'];
const LAB = ['lab(50 20 -30)', 'lab(50% 20 -30)', 'lab(50 16% -24%)', 'lab(0 0 0)', 'lab(100 0 0)', 'lab(120 0 0)',
  'lab(-10 20 30)', 'lab(50 120 -120)', 'lab(none 20 30)', 'lab(50 none none)', 'lab(50 20 30 / 0.5)',
  'lab(29.2345% 39.3825 20.0664)', 'lab(100 50 0)', 'lab(0 50 50)', 'lab(99.9 0 0)', 'lab(29.69% 44.888% -29.04%)',
  'lab(56.2% 0 83.6)', 'lab(44.36% 36.05 -58.99)'];
const LCH = ['lch(50 30 120)', 'lch(50% 20% 120deg)', 'lch(50 -10 30)', 'lch(50 0 30)', 'lch(50 30 none)',
  'lch(none 30 120)', 'lch(120 30 30)', 'lch(50 150 30)', 'lch(50 30 -30)', 'lch(50 30 390)', 'lch(50 30 0.5turn)',
  'lch(52.2345% 72.2 56.2 / 1)', 'lch(50 30 120 / 25%)', 'lch(100 50 200)', 'lch(0 50 200)', 'lch(29.69% 45.553% 327.1)',
  'lch(37% 105 305)', 'lch(85.9017% 166.116 138.207)'];
const OKLAB = ['oklab(0.5 0.1 -0.1)', 'oklab(50% 0.1 -0.1)', 'oklab(0.5 25% -25%)', 'oklab(1.2 0 0)', 'oklab(-0.1 0 0)',
  'oklab(0 0 0)', 'oklab(1 0 0)', 'oklab(0.7 0.3 0.3)', 'oklab(none 0.1 0.1)', 'oklab(0.5 none 0.1)',
  'oklab(0.5 0.1 0.1 / none)', 'oklab(0.99 0.05 0)', 'oklab(0.01 0.05 0)', 'oklab(40.101% 0.1147 0.0453)',
  'oklab(42.1% 41% -25%)', 'oklab(54.0% -0.10 -0.02)'];
const OKLCH = ['oklch(0.7 0.1 30)', 'oklch(70% 25% 30deg)', 'oklch(0.9 0.4 30)', 'oklch(0.6 0.24 30)',
  'oklch(0.5 -0.1 30)', 'oklch(0.5 0 30)', 'oklch(1.5 0.1 30)', 'oklch(-0.5 0.1 30)', 'oklch(0.5 0.1 none)',
  'oklch(none 0.1 30)', 'oklch(0.5 none 30)', 'oklch(0.5 0.1 -90)', 'oklch(0.5 0.1 450)', 'oklch(0.5 0.1 1rad)',
  'oklch(0.5 0.1 100grad)', 'oklch(0.8 0.3 145)', 'oklch(0.96476 0.24503 110.23)', 'oklch(0.3 0.35 264)',
  'oklch(0.999 0.1 100)', 'oklch(0.001 0.1 100)', 'oklch(0.5 0.1 30 / 0.5)', 'oklch(42.1% 48.25% 328.4)',
  'oklch(.5 .1 30)', 'oklch(76% 0.27 60)', 'oklch(65% 0.25 270)', 'oklch(0.452 0.313 264.1)'];
const COLORFN = ['color(srgb 1 0 0)', 'color(srgb 0.5 0.25 0.125 / 0.5)', 'color(srgb 50% 25% 12.5%)',
  'color(srgb 1.2 -0.1 0.5)', 'color(srgb none 0.5 0.5)', 'color(srgb-linear 0.5 0.5 0.5)', 'color(srgb-linear 1 0 0)',
  'color(srgb-linear 0.5 1 3)', 'color(display-p3 1 0 0)', 'color(display-p3 0 1 0)', 'color(display-p3 1 1 0)',
  'color(display-p3 0.823 0.6554 0.2537)', 'color(display-p3 1.1 0.4 0.2)', 'color(display-p3 0.91748756 0.20028681 0.13856059)',
  'color(a98-rgb 1 0 0)', 'color(a98-rgb 0.5 0.5 0.5)', 'color(a98-rgb 0.44091 0.49971 0.37408)',
  'color(prophoto-rgb 1 0 0)', 'color(prophoto-rgb 0.36589 0.41717 0.31333)', 'color(prophoto-rgb 0.2 1.0 0.1)',
  'color(prophoto-rgb 0.88 0.45 0.10)', 'color(rec2020 1 0 0)', 'color(rec2020 0.42053 0.979780 0.00579)',
  'color(rec2020 0.5 0.5 0.5)', 'color(rec2020 0.54 0.9 0)', 'color(xyz 0.472 0.372 0.131)',
  'color(xyz-d65 0.9505 1 1.089)', 'color(xyz-d50 0.9643 1 0.8251)', 'color(xyz-d50 0.2005 0.14089 0.4472)',
  'color(xyz 1 1 1)', 'color(xyz 0 0 0)', 'color(xyz 50% 50% 50%)', 'color(xyz-d65 -0.1 0.2 0.3)',
  ['COLOR(Display-P3 1 0 0)', 'color(display-p3 1 0 0)'], 'color(display-p3 1 0 0 / 25%)', 'color(srgb 1 1 1)',
  'color(display-p3 1 1 1)', 'color(rec2020 0 0 0 / none)', ['color(srgb 1 0 0/50%)', 'color(srgb 1 0 0 / 50%)'],
  'color(xyz-d65 0.21661 0.14602 0.59452)'];
const NAMED_EXTRA = ['RED', 'Red', 'RebeccaPurple', 'TRANSPARENT', [' red', 'red'], ['red\n', 'red'], ['\tblue\t', 'blue']];

const GROUPS = [['hex', HEX], ['rgb', RGB], ['hsl', HSL], ['hwb', HWB], ['lab', LAB], ['lch', LCH], ['oklab', OKLAB],
  ['oklch', OKLCH], ['color', COLORFN], ['named', NAMED_EXTRA]];
const NAMED = [...Object.keys(KEYWORDS), 'transparent'];

// CSS Color 4 parse-time rules that colorjs does not apply (colorjs clamps only alpha):
//   rgb()/rgba(): r, g, b clamped to [0, 255] (section 5.1); hsl(): saturation < 0 clamped to 0 (section 7);
//   lab()/lch(): L clamped to [0, 100]; lch() C < 0 clamped to 0; oklab()/oklch(): L clamped to [0, 1];
//   oklch() C < 0 clamped to 0 (section 9); <hue> normalized to [0, 360) (section 4.3).
//   color() and hwb() components are not clamped.
function cssResolve(input, space, raw, alpha) {
  const fn = (input.trim().match(/^([a-z]+)\(/i) || [])[1];
  const c = raw.slice();
  const clampTo = (i, lo, hi) => { if (!isNone(c[i])) c[i] = Math.min(Math.max(c[i], lo), hi); };
  if (fn && /^rgba?$/i.test(fn)) { clampTo(0, 0, 1); clampTo(1, 0, 1); clampTo(2, 0, 1); }
  if (space === 'hsl' && !isNone(c[1]) && c[1] < 0) c[1] = 0;
  if (space === 'lab' || space === 'lch') clampTo(0, 0, 100);
  if (space === 'oklab' || space === 'oklch') clampTo(0, 0, 1);
  if ((space === 'lch' || space === 'oklch') && !isNone(c[1]) && c[1] < 0) c[1] = 0;
  if (POLAR(space) && !isNone(c[HUE[space]])) c[HUE[space]] = constrain(c[HUE[space]]);
  const none = [isNone(c[0]), isNone(c[1]), isNone(c[2]), isNone(alpha)];
  return { space, c: c.map((v) => (isNone(v) ? 0 : v)), none, alpha: isNone(alpha) ? 0 : alpha };
}

function parseWithColorjs(input, canon) {
  const col = new Color(canon);
  const space = FROM_CJ[col.space.id];
  const raw = col.coords.slice();
  return { space, raw, alpha: col.alpha, resolved: cssResolve(input, space, raw, col.alpha) };
}

// culori's view of the same input, on the CSS scales (hue undefined => none).
function culoriParse(input, space) {
  let p;
  try { p = culori.parse(input); } catch (e) { return { error: 'throws: ' + e.message }; }
  if (!p) return { error: 'rejects' };
  const mode = CU[space];
  const conv = p.mode === mode ? p : culori.converter(mode)(p);
  const sc = CU_SCALE[mode] || [1, 1, 1];
  return { c: CU_CH[mode].map((k, i) => (conv[k] === undefined ? null : conv[k] * sc[i])), alpha: conv.alpha };
}

function culoriConvert(col, dest) {
  const smode = CU[col.space];
  const sc = CU_SCALE[smode] || [1, 1, 1];
  const obj = { mode: smode };
  CU_CH[smode].forEach((k, i) => { obj[k] = (col.none[i] ? 0 : col.c[i]) / sc[i]; });
  const dmode = CU[dest];
  const r = culori.converter(dmode)(obj);
  const dsc = CU_SCALE[dmode] || [1, 1, 1];
  return CU_CH[dmode].map((k, i) => (r[k] === undefined ? null : r[k] * dsc[i]));
}

// ------------------------------------------------------------------ gamut mapping (CSS Color 4 section 14.2.2)
// colorjs toGamutCSS(origin, {space: "srgb"}) is the reference. restateGamut repeats it step by step with the
// same colorjs functions (it must agree to the last bit) to measure how close each decision came to flipping:
// the L >= 1 / L <= 0 tests, every deltaEOK comparison with JND (E < JND, JND - E < eps), and the in-gamut tests of
// the search while min_inGamut holds (a flip leaves the same `min` but changes which `clipped` is returned last).
function restateGamut(origin, skipL = false) {
  const JND = 0.02, eps = 0.0001;
  let margin = Infinity;
  const note = (m) => { margin = Math.min(margin, Math.abs(m)); };
  const oklch = origin.to('oklch');
  const L = oklch.coords[0];
  if (!skipL) {
    // |L - 1| or |L| tiny: a flip matters only if the other branch gives another colour
    // (oklab/oklch origins copy L exactly: nothing to flip)
    const lm = Math.min(Math.abs(L - 1), Math.abs(L));
    if (lm < 1e-9 && !['oklab', 'oklch'].includes(origin.space.id)) {
      const a = restateGamut(origin, true).rgb;
      const b = new Color('oklab', [L >= 0.5 ? 1 : 0, 0, 0]).to('srgb').coords;
      if (Math.max(...a.map((v, i) => Math.abs(v - b[i]))) > 1e-9) note(lm);
    }
    if (L >= 1) return { rgb: new Color('oklab', [1, 0, 0]).to('srgb').coords, margin, path: 'white' };
    if (L <= 0) return { rgb: new Color('oklab', [0, 0, 0]).to('srgb').coords, margin, path: 'black' };
  }
  if (inGamut(oklch, 'srgb', { epsilon: 0 })) return { rgb: oklch.to('srgb').coords, margin, path: 'in gamut' };
  const clip = (c) => c.to('srgb').coords.map((v) => Math.min(Math.max(v, 0), 1));
  const current = oklch.clone();
  let clipped = clip(current);
  let E = deltaEOK(new Color('srgb', clipped), current);
  note(E - JND);
  if (E < JND) return { rgb: clipped, margin, path: 'clip' };
  let min = 0, max = oklch.coords[1], minIn = true, steps = 0;
  while (max - min > eps) {
    steps++;
    const chroma = (min + max) / 2;
    current.coords[1] = chroma;
    if (minIn) {
      // a flipped in-gamut test changes which `clipped` is returned last: its margin counts too
      const v = current.to('srgb').coords;
      const inside = v.every((x) => x >= 0 && x <= 1);
      note(inside ? Math.min(...v.map((x) => Math.min(x, 1 - x))) : Math.max(...v.map((x) => Math.max(-x, x - 1))));
      if (inGamut(current, 'srgb', { epsilon: 0 })) { min = chroma; continue; }
    }
    clipped = clip(current);
    E = deltaEOK(new Color('srgb', clipped), current);
    note(E - JND);
    if (E < JND) {
      note(JND - E - eps);
      if (JND - E < eps) break;
      minIn = false; min = chroma;
    } else max = chroma;
  }
  return { rgb: clipped, margin, path: `search(${steps})` };
}

// colorjs Color#toGamut({space: "srgb", method: "css"}): a colour whose sRGB conversion is inside [0, 1] is
// returned as is (inGamut with epsilon 0; relative colorimetric intent), anything else goes through toGamutCSS.
// (toGamut itself would hand the result back in the colour's own space; it is taken in srgb here.)
function gamutMap(col) {
  const origin = new Color(CJ[col.space], col.c.map((v, i) => (col.none[i] ? 0 : v)), 1);
  let ref, re;
  const srgb = origin.to('srgb').coords.slice();
  if (srgb.every((v) => v >= 0 && v <= 1)) { ref = srgb; re = { rgb: srgb, margin: Infinity, path: 'in gamut' }; }
  else {
    ref = toGamutCSS(origin, { space: 'srgb' }).coords.slice();
    re = restateGamut(origin);
    const d = Math.max(...ref.map((v, i) => Math.abs(v - re.rgb[i])));
    if (d > 0) throw new Error(`gamut restatement differs from colorjs by ${d} for ${JSON.stringify(col)}`);
    if (re.path === 'in gamut') re.path = 'in gamut (oklch)';
  }
  // culori: toGamut('rgb', 'oklch', differenceEuclidean('oklch'), 0.02), its version of the CSS algorithm
  const obj = { mode: CU[col.space] };
  const sc = CU_SCALE[obj.mode] || [1, 1, 1];
  CU_CH[obj.mode].forEach((k, i) => { obj[k] = (col.none[i] ? 0 : col.c[i]) / sc[i]; });
  const cu = culori.toGamut('rgb', 'oklch', culori.differenceEuclidean('oklch'), 0.02)(obj);
  const cuRgb = [cu.r, cu.g, cu.b];
  return { rgb: ref, margin: re.margin, path: re.path, culori: Math.max(...ref.map((v, i) => Math.abs(v - cuRgb[i]))) };
}

const hex2 = (v) => Math.round(v * 255).toString(16).padStart(2, '0');
function hexOf(rgb, alpha) {
  return '#' + rgb.map(hex2).join('') + (alpha === 1 ? '' : hex2(alpha));
}
// a channel whose v * 255 lies within 1e-9 of a rounding boundary k + 0.5
const nearHalf = (v) => { const x = v * 255; return Math.abs(x - Math.floor(x) - 0.5) < 1e-9; };

// ------------------------------------------------------------------ disagreement book-keeping
const maxd = {};
function track(key, d, where) {
  if (!maxd[key] || d > maxd[key].d) maxd[key] = { d, where };
}
function compHue(a, b) { const d = Math.abs(constrain(a) - constrain(b)); return Math.min(d, 360 - d); }
function diffRel(space, x, y, skipHue) {
  // max over components of |x - y| / scale (hue: angular); null (none) on one side only counts as 1
  const sc = SCALE(space);
  let m = 0;
  for (let i = 0; i < 3; i++) {
    if (skipHue && HUE[space] === i) continue;
    if (isNone(x[i]) || isNone(y[i])) { if (isNone(x[i]) !== isNone(y[i]) && !(HUE[space] === i)) m = Math.max(m, 1); continue; }
    const d = HUE[space] === i ? compHue(x[i], y[i]) / 360 : Math.abs(x[i] - y[i]) / sc[i];
    m = Math.max(m, d);
  }
  return m;
}

// ------------------------------------------------------------------ parse entries
// all 15 spaces for every second color() entry and every fourth entry of the other groups; otherwise the own space and
// srgb and oklch; the full named-colour table gets oklch only
const SHORT_TO = ['srgb', 'oklch'];
const NAMED_TO = ['oklch'];
const CU_BOUND = 1e-12;                  // culori vs colorjs, relative to the component scale (rec2020 excluded)
const notes = [];
const parse = [];
const culoriParseDiffs = [];
let minMargin = { m: Infinity, where: '' };
const peerCounts = { clamped: 0, hueNormalized: 0, canon: 0, culoriRejects: 0, culoriDiffers: 0, gmFragile: 0, hexBoundary: 0 };

function buildParse(group, input, canon, full) {
  const p = parseWithColorjs(input, canon);
  const col = p.resolved;
  const e = { spec: input };
  if (canon !== input) { e.colorjs_input = canon; peerCounts.canon++; }
  e.space = col.space;
  e.coords = col.c;
  e.alpha = col.alpha;
  const noneList = [];
  col.none.forEach((n, i) => { if (n) noneList.push(i + 1); });
  if (noneList.length) e.none = noneList;
  // what colorjs returned before the CSS parse-time rules, when they changed something
  const rawCmp = p.raw.map((v) => (isNone(v) ? 0 : v));
  if (rawCmp.some((v, i) => v !== col.c[i])) {
    e.colorjs_coords = p.raw.map((v) => (isNone(v) ? 0 : v));
    const hueOnly = rawCmp.every((v, i) => v === col.c[i] || HUE[col.space] === i);
    if (hueOnly) peerCounts.hueNormalized++; else peerCounts.clamped++;
  }
  if (POLAR(col.space) && powerlessOf(col.space, col.c) && !col.none[HUE[col.space]]) e.powerless_hue = true;
  const outOf100 = (i) => !col.none[i] && (col.c[i] < 0 || col.c[i] > 100);
  if ((col.space === 'hsl' && (outOf100(1) || outOf100(2))) || (col.space === 'hwb' && (outOf100(1) || outOf100(2)))) {
    e.note = 'ED rule: only a negative hsl saturation is clamped (section 7), hwb is not clamped (section 8); '
      + 'older drafts clamped hsl s and l to [0%, 100%] at computed-value time';
  }
  // conversions
  const targets = group === 'named_all' ? NAMED_TO : full ? SPACES
    : SPACES.filter((x) => x === col.space || SHORT_TO.includes(x));
  const to = {};
  const pw = [];
  const ill = [];
  const oog = convert(col, 'srgb').c.some((v) => v < 0 || v > 1);
  for (const s of targets) {
    const r = convert(col, s);
    to[s] = r.c;
    if (r.pw) pw.push(s);
    // culori cross-check (conversion of the same CSS-resolved colour)
    const cu = culoriConvert(col, s).map((v, i) => (v === null && HUE[s] !== i ? 0 : v));
    const where = `${input} -> ${s}`;
    const scv = SC(col.space, col.c.map((v, i) => (col.none[i] ? 0 : v)), s);
    if (POLAR(s) && s !== col.space && powerlessOf(s, scv.map((v) => (Number.isNaN(v) ? 0 : v)))) {
      // the sample code marks the hue NaN but keeps C / s (4.4.1's prose sets them to 0, as to[] does)
      if (s === 'hwb') { if (scv[1] + scv[2] < 100) scv[2] = 100 - scv[1]; } else if (scv[1] > 0) scv[1] = 0;
      scv[HUE[s]] = 0;
    }
    const sill = s === 'hsl' && Math.min(Math.abs(r.c[2]), Math.abs(100 - r.c[2])) < 1e-4;
    const toe = (s === 'a98-rgb' || s === 'rec2020') && r.c.some((v) => Math.abs(v) < 1e-3);
    if (!sill) {
      const dsc = diffRel(s, r.c, scv, r.pw || (POLAR(s) && colourfulness(s, r.c) < 1e-3));
      track(toe ? 'spec_code_toe' : 'spec_code', dsc, where);
      if (!toe && s !== 'hsl') track('spec_code_no_hsl', dsc, where);
      if (POLAR(s) && !r.pw) {
        // the hue against the spec's hue tolerance 1e-9 deg * max(1, 1 / colourfulness)
        const cf = colourfulness(s, r.c);
        track('spec_code_hue_vs_tol', compHue(r.c[HUE[s]], scv[HUE[s]]) / (1e-9 * Math.max(1, 1 / cf)), where);
      }
      if (dsc > 1e-12 && !toe) console.error(`spec sample code differs from colorjs by ${dsc} for ${where}`);
    }
    if (s === 'rec2020' || col.space === 'rec2020') track('culori_rec2020', diffRel(s, r.c, cu, r.pw), where);
    else if ((s === 'hsl' || s === 'hwb') && oog) track('culori_hsl_oog', diffRel(s, r.c, cu, r.pw), where);
    else if (s === 'hsl' && Math.min(Math.abs(r.c[2]), Math.abs(100 - r.c[2])) < 1e-4) { /* ill-conditioned */ }
    else {
      track('culori_convert', diffRel(s, r.c, cu, true), where);
      if (POLAR(s) && !r.pw && colourfulness(s, r.c) >= 0.01) {
        const hi = HUE[s];
        track('culori_hue', cu[hi] === null ? 360 : compHue(r.c[hi], cu[hi]), where);
      }
    }
    if (s === 'hsl') {
      // hsl s and h are ill-conditioned when l is within 1e-4 of 0 or 100 (s = (max - l) / min(l, 1 - l)
      // divides rounding errors by min(l, 1 - l)): they are then not asserted
      const m = Math.min(Math.abs(r.c[2]), Math.abs(100 - r.c[2]));
      if (m < 1e-4 && !r.pw) ill.push(s);
    }
  }
  e.to = to;
  if (pw.length) e.powerless = pw;
  if (ill.length) e.ill_conditioned = ill;
  // culori's parse of the raw input
  const cp = culoriParse(input, col.space);
  if (cp.error) { e.culori = cp.error; peerCounts.culoriRejects++; }
  else {
    const d = diffRel(col.space, col.c.map((v, i) => (col.none[i] ? null : v)), cp.c, e.powerless_hue);
    const da = Math.abs((cp.alpha === undefined ? 1 : cp.alpha) - (col.none[3] ? 1 : col.alpha));
    if (d > CU_BOUND || da > CU_BOUND || (col.none[3] && cp.alpha !== undefined)) {
      e.culori = `differs (${d.toPrecision(3)} relative, alpha ${cp.alpha})`;
      peerCounts.culoriDiffers++;
      culoriParseDiffs.push(`${input}: ${JSON.stringify(cp.c)} / ${cp.alpha} vs ${JSON.stringify(col.c)} / ${col.alpha}`);
    }
  }
  // gamut mapping and hex
  const gm = gamutMap(col);
  e.rgba = [...gm.rgb, col.alpha];
  e.hex = hexOf(gm.rgb, col.alpha);
  e.gamut = gm.path;
  if (gm.margin < 1e-9) { e.gm_fragile = gm.margin; peerCounts.gmFragile++; }
  if (gm.margin < minMargin.m) minMargin = { m: gm.margin, where: input };
  // alpha is parsed, never computed: round(alpha * 255) is exact (half up), so only r, g, b can be near a boundary
  if (gm.rgb.some(nearHalf)) { e.hex_boundary = true; peerCounts.hexBoundary++; }
  track(col.space === 'rec2020' ? 'culori_gamut_rec2020' : 'culori_gamut', gm.culori, input);
  if (gm.path === 'in gamut' && col.space !== 'rec2020') track('culori_gamut_in', gm.culori, input);
  return e;
}

for (const [g, list] of GROUPS) {
  list.forEach((item, i) => {
    const [input, canon] = Array.isArray(item) ? item : [item, item];
    parse.push(Object.assign({ group: g }, buildParse(g, input, canon, g === 'color' ? i % 2 === 0 : i % 4 === 0)));
  });
}
for (const name of NAMED) parse.push(Object.assign({ group: 'named_all' }, buildParse('named_all', name, name)));
// culori's named colours must agree exactly with colorjs's table
for (const name of Object.keys(KEYWORDS)) {
  const a = culori.parse(name);
  const k = KEYWORDS[name];
  if (!a || Math.abs(a.r - k[0]) + Math.abs(a.g - k[1]) + Math.abs(a.b - k[2]) > 0) notes.push(`named colour ${name}: culori differs`);
}

// ------------------------------------------------------------------ invalid strings
// [string, rule]; each is invalid by the CSS Color 4 grammar quoted in `rule`.
const G_LEGACY = 'section 4.1.2 legacy syntax: components all <percentage> or all <number>, none not allowed';
const G_COMMAS = 'section 4.1.2: commas only in the legacy syntax of rgb()/rgba()/hsl()/hsla(), and then between every argument';
const G_NOLEGACY = 'sections 8, 9.3, 9.4, 10.1: hwb(), lab(), lch(), oklab(), oklch(), color() have no legacy (comma) syntax';
const G_COUNT = 'grammar: exactly three components, then an optional "/ <alpha-value>"';
const G_TYPES = 'grammar: rgb() takes <number> | <percentage> | none, <hue> is <number> | <angle>, <alpha-value> is <number> | <percentage>';
const G_HEX = 'section 5.2: a <hash-token> of 3, 4, 6 or 8 hexadecimal digits';
const G_COLORSPACE = 'section 10.1: <predefined-rgb> | <xyz-space> names only';
const G_KEYWORD = 'section 6: a <named-color> keyword, transparent, or a color function; anything else is not a <color>';
const INVALID = [
  ['rgb(10%, 20, 30)', G_LEGACY], ['rgb(10, 20%, 30%)', G_LEGACY], ['rgba(1, 2, 3%, 0.5)', G_LEGACY],
  ['rgb(none, 0, 0)', G_LEGACY], ['rgb(0, 0, none)', G_LEGACY], ['rgba(1, 2, 3, none)', G_LEGACY],
  ['hsl(10, 20%, 30)', G_LEGACY], ['hsl(10, 20, 30)', G_LEGACY], ['hsl(120, none, 50%)', G_LEGACY],
  ['hsl(none, 50%, 50%)', G_LEGACY], ['hsla(120, 50%, 50%, none)', G_LEGACY],
  ['rgb(1, 2 3)', G_COMMAS], ['rgb(1 2, 3)', G_COMMAS], ['rgb(1 2 3, 0.5)', G_COMMAS], ['rgb(1,,2,3)', G_COMMAS],
  ['rgb(1,2,3,)', G_COMMAS], ['rgb(1, 2, 3 / 0.5)', G_COMMAS], ['hsl(120 50%, 50%)', G_COMMAS],
  ['hwb(120, 20%, 30%)', G_NOLEGACY], ['lab(50, 20, 30)', G_NOLEGACY], ['lch(50, 30, 120)', G_NOLEGACY],
  ['oklab(0.5, 0.1, 0.1)', G_NOLEGACY], ['oklch(0.5, 0.1, 30)', G_NOLEGACY], ['color(srgb, 1, 0, 0)', G_NOLEGACY],
  ['color(srgb 1, 0, 0)', G_NOLEGACY], ['oklab(none, 0.1, 0.1)', G_NOLEGACY],
  ['rgb(1 2)', G_COUNT], ['rgb(1 2 3 4)', G_COUNT], ['rgb(1, 2, 3, 4, 5)', G_COUNT], ['rgb(1 2 3 /)', G_COUNT],
  ['rgb(1 2 3 / 0.5 / 0.5)', G_COUNT], ['rgb(/ 1 2 3)', G_COUNT], ['rgb()', G_COUNT], ['lab(50 20)', G_COUNT],
  ['oklch(0.5 0.1)', G_COUNT], ['hwb(120 20% 30% 0.5)', G_COUNT], ['color(srgb 1 0)', G_COUNT],
  ['color(srgb 1 0 0 0)', G_COUNT], ['hsl(120deg, 50%, 50%, 50%, 1)', G_COUNT], ['rgb(1 2 3 / none none)', G_COUNT],
  ['rgb(1deg 2 3)', G_TYPES], ['rgb(1 2 3 / 1deg)', G_TYPES], ['rgb(1px 2 3)', G_TYPES], ['hsl(120% 50% 50%)', G_TYPES],
  ['lch(50 30 30%)', G_TYPES], ['hsl(120 50% 50deg)', G_TYPES], ['color(srgb 1deg 0 0)', G_TYPES],
  ['rgb(NaN 0 0)', G_TYPES], ['rgb(1e 2 3)', G_TYPES], ['rgb(1 2 3 / 50%%)', G_TYPES],
  ['#12345', G_HEX], ['#1234567', G_HEX], ['#ggg', G_HEX], ['#', G_HEX], ['#12', G_HEX], ['#1234567890', G_HEX],
  ['#ff000g', G_HEX], ['123456', G_HEX],
  ['color(foo 1 0 0)', G_COLORSPACE], ['color(profoto-rgb 0.4835 0.9167 0.2188)', G_COLORSPACE],
  ['color(1 0 0)', G_COLORSPACE], ['color(xyz-d55 1 1 1)', G_COLORSPACE], ['color(srgb-linear-p3 1 0 0)', G_COLORSPACE],
  ['notacolor', G_KEYWORD], ['', G_KEYWORD], ['   ', G_KEYWORD], ['red blue', G_KEYWORD], ['rgb', G_KEYWORD],
  ['rgb 1 2 3', G_KEYWORD], ['rgb[1 2 3]', G_KEYWORD], ['rgb(1 2 3) red', G_KEYWORD], ['transparent(0)', G_KEYWORD],
  ['rgb (1 2 3)', G_KEYWORD],
];
const invalid = INVALID.map(([s, rule]) => {
  let cj = 'rejects';
  try { new Color(s); cj = 'accepts'; } catch (e) { /* rejected */ }
  let cu = 'rejects';
  try { if (culori.parse(s)) cu = 'accepts'; } catch (e) { cu = 'throws'; }
  return { spec: s, rule, colorjs: cj, culori: cu };
});

// ------------------------------------------------------------------ interpolation (CSS Color 4 section 13)
// analogous-component categories per space (section 13.3); null = no analogue
const CAT = (s) => s === 'lab' || s === 'oklab' ? ['L', 'a', 'b'] : s === 'lch' || s === 'oklch' ? ['L', 'C', 'H']
  : s === 'hsl' ? ['H', 'C', 'L'] : s === 'hwb' ? ['H', null, null] : ['R', 'G', 'B'];

// One endpoint in the interpolation space: {c, none[4], alpha}. Steps 1-4 of section 13: carried-forward
// missing components (analogous components and analogous sets), conversion (powerless -> missing), re-insertion.
function toInterp(col, space) {
  if (col.space === space || (col.space === 'xyz' && space === 'xyz-d65') || (col.space === 'xyz-d65' && space === 'xyz')) {
    return { c: col.c.slice(), none: col.none.slice(), alpha: col.alpha, carried: false, converted: false };
  }
  const cs = CAT(col.space), cd = CAT(space);
  const carry = [false, false, false];
  const analogS = new Set(), analogD = new Set();
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    if (cs[i] && cs[i] === cd[j]) { analogS.add(i); analogD.add(j); if (col.none[i]) carry[j] = true; }
  }
  const restS = [0, 1, 2].filter((i) => !analogS.has(i));
  const restD = [0, 1, 2].filter((j) => !analogD.has(j));
  if (restS.length && restD.length && restS.every((i) => col.none[i])) for (const j of restD) carry[j] = true;
  const r = convert(col, space);
  const none = r.none.slice();
  for (let j = 0; j < 3; j++) if (carry[j]) none[j] = true;
  return { c: r.c.map((v, j) => (none[j] ? 0 : v)), none: [...none, col.none[3]], alpha: col.alpha,
    carried: carry.some(Boolean), converted: true };
}

function mixCss(a, b, t, space, hue) {
  const A = toInterp(a, space), B = toInterp(b, space);
  const ca = A.c.slice(), cb = B.c.slice();
  const none = [false, false, false, false];
  for (let i = 0; i < 3; i++) {                               // step 5: fill in from the other colour
    if (A.none[i] && B.none[i]) none[i] = true;
    else if (A.none[i]) ca[i] = cb[i];
    else if (B.none[i]) cb[i] = ca[i];
  }
  let aa = A.alpha, ab = B.alpha;
  if (A.none[3] && B.none[3]) none[3] = true;
  else if (A.none[3]) aa = ab;
  else if (B.none[3]) ab = aa;
  const h = HUE[space];
  if (h !== undefined && !none[h]) {                          // step 6: hue fix-up (hues are in [0, 360))
    let t1 = constrain(ca[h]), t2 = constrain(cb[h]);
    const d = t2 - t1;
    if (hue === 'shorter') { if (d > 180) t1 += 360; else if (d < -180) t2 += 360; }
    else if (hue === 'longer') { if (d > 0 && d < 180) t1 += 360; else if (d > -180 && d <= 0) t2 += 360; }
    else if (hue === 'increasing') { if (t2 < t1) t2 += 360; }
    else if (hue === 'decreasing') { if (t1 < t2) t1 += 360; }
    ca[h] = t1; cb[h] = t2;
  }
  const pre = !none[3];                                       // step 7: premultiply (not the hue, not none)
  const pa = ca.map((v, i) => (pre && i !== h ? v * aa : v));
  const pb = cb.map((v, i) => (pre && i !== h ? v * ab : v));
  const lerp = (x, y) => x + t * (y - x);                     // step 8
  let alpha = none[3] ? 0 : lerp(aa, ab);
  alpha = Math.min(Math.max(alpha, 0), 1);
  const out = pa.map((v, i) => (none[i] ? 0 : lerp(v, pb[i])));
  if (pre && alpha !== 0) for (let i = 0; i < 3; i++) if (i !== h && !none[i]) out[i] /= alpha;   // step 9
  if (h !== undefined) out[h] = none[h] ? 0 : constrain(out[h]);
  return { c: out, alpha, none, carried: A.carried || B.carried, A, B };
}

// colorjs Color.mix(a, b, t, {space, hue, premultiplied: true}) = range(a, b, options)(t): t is the amount of b,
// as color-mix(in <space>, a (1 - t), b t). Its known departures, checked per case when they disagree.
function colorjsMix(a, b, t, space, hue) {
  const mk = (c) => new Color(CJ[c.space], c.c.map((v, i) => (c.none[i] ? null : v)), c.none[3] ? null : c.alpha);
  const opts = { space: CJ[space], premultiplied: true };
  if (POLAR(space)) opts.hue = hue;
  const r = Color.mix(mk(a), mk(b), t, opts);
  return { c: r.coords.map((v) => (isNone(v) ? null : v)), alpha: isNone(r.alpha) ? null : r.alpha };
}

function culoriMix(a, b, t, space, hue) {
  const mk = (c) => {
    const mode = CU[c.space], sc = CU_SCALE[mode] || [1, 1, 1];
    const o = { mode };
    CU_CH[mode].forEach((k, i) => { if (!c.none[i]) o[k] = c.c[i] / sc[i]; });
    if (!c.none[3]) o.alpha = c.alpha;
    return o;
  };
  const fix = { shorter: culori.fixupHueShorter, longer: culori.fixupHueLonger, increasing: culori.fixupHueIncreasing,
    decreasing: culori.fixupHueDecreasing }[hue || 'shorter'];
  const mode = CU[space];
  const r = culori.interpolateWithPremultipliedAlpha([mk(a), mk(b)], mode, POLAR(space) ? { h: { fixup: fix } } : undefined)(t);
  const sc = CU_SCALE[mode] || [1, 1, 1];
  return { c: CU_CH[mode].map((k, i) => (r[k] === undefined ? null : r[k] * sc[i])), alpha: r.alpha };
}

function outOfGamut(col, space) {
  if (!BOUNDED.has(space)) return false;
  const target = space === 'hsl' || space === 'hwb' ? 'srgb' : space;
  const r = convert(col, target).c;
  return r.some((v) => v < 0 || v > 1);
}

const P = (s) => parseWithColorjs(s, s).resolved;
const TS = [0, 0.25, 0.5, 0.75, 1];
const HUES = ['shorter', 'longer', 'increasing', 'decreasing'];
// [a, b, spaces, hue modes (polar spaces only), note]; spaces 'default' = call without a space (oklab)
const MIX = [
  ['red', 'blue', ['default', 'oklab', 'lab', 'srgb', 'srgb-linear', 'xyz', 'display-p3'], null],
  ['red', 'blue', ['oklch', 'lch', 'hsl', 'hwb'], HUES],
  ['red', 'blue', ['oklch', 'lch', 'hsl'], ['default'], 'no hue argument: shorter'],
  ['oklch(0.6 0.24 30)', 'oklch(0.8 0.15 90)', ['oklch'], HUES, 'spec 13.5.1/13.5.2 examples (60 / 240 at the midpoint)'],
  ['oklch(0.5 0.1 30)', 'oklch(0.7 0.1 190)', ['oklch'], HUES, 'spec 13.5.3/13.5.4 examples (110 / 290 at the midpoint)'],
  ['oklch(0.5 0.1 30)', 'oklch(0.7 0.1 230)', ['oklch'], ['increasing', 'decreasing'], 'spec examples (130 / 310)'],
  ['white', '#008000', ['hsl', 'oklch', 'lch', 'hwb'], ['shorter'], 'white has a powerless (missing) hue after conversion'],
  ['rgb(24% 12% 98% / 0.4)', 'rgb(62% 26% 64% / 0.6)', ['srgb'], null, 'spec 13.4 example: rgb(46.8% 20.4% 77.6% / 0.5)'],
  ['rgb(76% 62% 03% / 0.4)', 'color(display-p3 0.84 0.19 0.72 / 0.6)', ['lab'], null, 'spec 13.4 example'],
  ['rgb(76% 62% 03% / 0.4)', 'color(display-p3 0.84 0.19 0.72 / 0.6)', ['lch'], ['shorter'], 'spec 13.4 example'],
  ['oklch(78.3% 0.108 326.5)', 'oklch(39.2% 0.4 none)', ['oklch'], ['shorter', 'longer'], 'spec 13.3: missing hue'],
  ['oklch(0.783 0.108 326.5 / 0.5)', 'oklch(0.392 0.4 0 / none)', ['oklch'], ['shorter'], 'spec 13.3: missing alpha'],
  ['lch(50% 0.02 none)', 'color(display-p3 0.7 0.5 none)', ['oklch'], ['shorter'], 'spec 13.3: hue carried forward, blue not'],
  ['transparent', 'red', ['srgb', 'oklab'], null, 'premultiplied: no darkening towards transparent black'],
  ['transparent', 'red', ['oklch'], ['shorter'], 'transparent black has a powerless hue'],
  ['rgb(255 0 0 / 0.2)', 'rgb(0 0 255 / 0.8)', ['srgb-linear', 'xyz', 'oklab'], null],
  ['lab(50% none none)', 'lch(70 40 120)', ['lch'], ['shorter'], 'spec 13.3: analogous set (a, b) -> (C, H) carried (ED text and example)'],
  ['rgb(none none none / 50%)', 'oklab(0.7 0.1 0.1)', ['oklab'], null, 'spec 13.3: analogous set, all three components carried (ED example)'],
  ['hsl(none 50% 50%)', 'hsl(240 none 50%)', ['hsl'], ['shorter'], 'missing components in the same space'],
  ['hsl(120 0% 50%)', 'hsl(240 100% 50%)', ['hsl'], ['shorter'], 'no conversion: the specified (powerless) hue 120 is used'],
  ['hwb(60 20% 30%)', 'hwb(300 10% 10%)', ['hwb'], HUES],
  ['color(display-p3 1 0 0)', 'color(display-p3 0 1 0)', ['srgb', 'display-p3', 'oklab', 'hsl'], ['shorter'], 'out-of-gamut endpoints are not clipped (13.2)'],
  ['oklch(0.9 0.4 30)', 'lab(50 120 -120)', ['oklab', 'lab', 'srgb'], null, 'out of every RGB gamut'],
  ['#000', '#fff', ['lab', 'oklab', 'xyz', 'srgb-linear', 'srgb'], null],
  ['hsl(0 100% 50%)', 'hsl(180 100% 50%)', ['hsl'], HUES, 'hue difference exactly 180'],
  ['lch(50 30 350)', 'lch(60 40 10)', ['lch'], HUES, 'shorter arc crosses 0'],
  ['oklch(0.5 0.1 45)', 'oklch(0.7 0.2 45)', ['oklch'], HUES, 'equal hues: longer/increasing/decreasing go round (or not)'],
  ['color(xyz 0.2 0.3 0.4 / 0.5)', 'color(xyz-d50 0.5 0.4 0.3)', ['xyz', 'xyz-d50', 'lab'], null],
  ['rgb(0 0 0 / 0)', 'rgb(255 255 255 / 0)', ['srgb', 'oklab'], null, 'both transparent: alpha stays 0, no division'],
  ['red', 'rgb(0 0 255 / none)', ['srgb', 'oklab'], null, 'missing alpha takes the other alpha'],
  ['rgb(none 100 200 / none)', 'rgb(50 none 100 / none)', ['srgb'], null, 'both alphas missing: no premultiplication'],
  ['oklab(none 0.1 0.1 / 0.5)', 'oklab(0.8 0 0)', ['oklab'], null, 'missing L filled before premultiplying'],
  ['color(rec2020 0.42053 0.979780 0.00579)', 'color(prophoto-rgb 0.2 1.0 0.1)', ['oklch', 'rec2020', 'prophoto-rgb'], ['shorter']],
  ['color(a98-rgb 0.2 0.4 0.9)', 'hwb(30 10% 20% / 0.7)', ['a98-rgb', 'hwb'], ['increasing']],
];

const mix = [];
const mixDiscord = [];
for (const [sa, sb, spaces, hues, note] of MIX) {
  const a = P(sa), b = P(sb);
  for (const sp0 of spaces) {
    const space = sp0 === 'default' ? 'oklab' : sp0;
    for (const hue0 of POLAR(space) ? hues || ['shorter'] : [null]) {
      const hue = hue0 === 'default' ? 'shorter' : hue0;
      const entry = { a: sa, b: sb, space: sp0 === 'default' ? undefined : space,
        hue: hue0 === 'default' ? undefined : hue || undefined };
      if (sp0 === 'default') entry.default_space = true;
      if (note) entry.note = note;
      const samples = [];
      let cjWorst = 0, cuWorst = 0, cuAlpha = 0;
      const reasons = new Set();
      for (const t of TS) {
        const r = mixCss(a, b, t, space, hue);
        const row = [t, ...r.c, r.alpha];
        // the result's hue, if powerless, is not asserted (see header); a missing hue is asserted as 0
        const h = HUE[space];
        const pw = h !== undefined && !r.none[h] && powerlessOf(space, r.c) ? 1 : 0;
        row.push(pw);
        samples.push(row);
        const want = r.c.map((v, i) => (r.none[i] ? null : v));
        const cj = colorjsMix(a, b, t, space, hue);
        const dj = Math.max(diffRel(space, want, cj.c, pw === 1), Math.abs((cj.alpha ?? 0) - r.alpha));
        cjWorst = Math.max(cjWorst, dj);
        const cu = culoriMix(a, b, t, space, hue);
        cuWorst = Math.max(cuWorst, diffRel(space, want, cu.c, pw === 1));
        cuAlpha = Math.max(cuAlpha, Math.abs((cu.alpha ?? 1) - (r.none[3] ? 1 : r.alpha)));
      }
      // classify a colorjs disagreement by its known departures from section 13
      if (cjWorst > 1e-12) {
        if ([a, b].some((c) => outOfGamut(c, space))) reasons.add('colorjs gamut-maps the endpoints (CSS: not clipped)');
        const A = toInterp(a, space), B = toInterp(b, space);
        if (A.carried || B.carried) reasons.add('colorjs does not carry missing components forward (13.3)');
        const anyNone = [0, 1, 2].some((i) => A.none[i] || B.none[i]);
        if (anyNone && !A.none[3] && !B.none[3] && A.alpha !== B.alpha) reasons.add('colorjs fills a missing component after premultiplying');
        if ((space === 'hsl' || space === 'hwb') && [a, b].some((c) => c.space !== space && convert(c, space).pw)) reasons.add('powerless epsilon');
        if (reasons.size === 0) mixDiscord.push(`UNEXPLAINED colorjs mix disagreement ${cjWorst} for ${sa} / ${sb} in ${space} ${hue || ''}`);
        entry.colorjs = `differs by ${cjWorst.toPrecision(3)}: ${[...reasons].join('; ') || 'unexplained'}`;
      } else {
        entry.colorjs = 'agrees';
        track('colorjs_mix', cjWorst, `${sa} / ${sb} in ${space} ${hue || ''}`);
      }
      const cuw = Math.max(cuWorst, cuAlpha);
      if (cuw > 1e-12) {
        const A = toInterp(a, space), B = toInterp(b, space);
        const why = [];
        if (!A.none[3] && A.alpha !== 1) why.push('culori returns a / alpha_a at t = 0');
        if ([0, 1, 2].some((i) => A.none[i] || B.none[i])) why.push('culori premultiplies a missing component as 0');
        if (A.none[3] || B.none[3]) why.push('culori reads a missing alpha as 1');
        if (hue === 'longer' && HUE[space] !== undefined && constrain(A.c[HUE[space]]) === constrain(B.c[HUE[space]])) why.push('culori keeps equal hues under longer');
        if ([a.space, b.space, space].includes('rec2020')) why.push('culori rec2020 transfer');
        if (cuw < 1e-5) why.push('culori conversion constants (Lab/D50, ~1e-7)');
        if ([a, b].some((c) => outOfGamut(c, 'srgb')) && (space === 'hsl' || space === 'hwb')) why.push('culori hsl/hwb of out-of-gamut colours');
        if (why.length === 0) mixDiscord.push(`UNEXPLAINED culori mix disagreement ${cuw} for ${sa} / ${sb} in ${space} ${hue || ''}`);
        entry.culori = `differs by ${cuw.toPrecision(3)}: ${why.join('; ') || 'unexplained'}`;
      } else { entry.culori = 'agrees'; track('culori_mix', cuWorst, `${sa} / ${sb} in ${space} ${hue || ''}`); }
      // tolerance inputs for the hue: the smallest colourfulness (0..1 of its scale) among the endpoints whose
      // hue comes out of a conversion (a hue given in the space itself carries no conversion error)
      if (POLAR(space)) {
        const A = toInterp(a, space), B = toInterp(b, space);
        const conv = [A, B].filter((X) => X.converted && !X.none[HUE[space]]);
        entry.cmin = Math.min(1, ...conv.map((X) => colourfulness(space, X.c)));
        if (space === 'hsl' && conv.some((X) => X.c[1] > EPS.hsl
          && Math.min(Math.abs(X.c[2]), Math.abs(100 - X.c[2])) < 1e-4)) entry.ill_conditioned = true;
      }
      entry.samples = samples;
      mix.push(entry);
    }
  }
}

// ------------------------------------------------------------------ report and write
const fmt = (k) => (maxd[k] ? `${maxd[k].d.toPrecision(3)} (${maxd[k].where})` : 'n/a');
for (const n of mixDiscord) console.error(n);
for (const n of notes) console.error(n);
for (const d of culoriParseDiffs) console.error('culori parse: ' + d);
for (const e of mix) if (e.colorjs !== 'agrees') console.error(`mix ${e.a} / ${e.b} in ${e.space || 'oklab (default)'} ${e.hue || ''}: colorjs ${e.colorjs}`);
for (const e of mix) if (e.culori !== 'agrees') console.error(`mix ${e.a} / ${e.b} in ${e.space || 'oklab (default)'} ${e.hue || ''}: culori ${e.culori}`);
for (const e of invalid) if (e.colorjs !== 'rejects' || e.culori !== 'rejects') console.error(`invalid ${JSON.stringify(e.spec)}: colorjs ${e.colorjs}, culori ${e.culori}`);
const nFull = parse.filter((e) => Object.keys(e.to).length === SPACES.length).length;
const cjMixAgree = mix.filter((e) => e.colorjs === 'agrees').length;
const cuMixAgree = mix.filter((e) => e.culori === 'agrees').length;
const cjLenient = invalid.filter((e) => e.colorjs === 'accepts').length;
const cuLenient = invalid.filter((e) => e.culori === 'accepts').length;
console.error(`parse ${parse.length} (${nFull} with all ${SPACES.length} spaces), invalid ${invalid.length}, mix ${mix.length} cases / ${mix.length * TS.length} samples`);
console.error(`max culori vs colorjs: convert ${fmt('culori_convert')}; rec2020 ${fmt('culori_rec2020')}; gamut ${fmt('culori_gamut')}; mix ${fmt('culori_mix')}; colorjs mix ${fmt('colorjs_mix')}`);
console.error(JSON.stringify(peerCounts), JSON.stringify(stats));
for (const k of Object.keys(maxd)) console.error('  max', k, fmt(k));

// every parse and mix entry in its own closure (Lua 5.1 / LuaJIT per-function constant limits)
const chunks = (arr) => arr.map((e) => new Chunk(e));
write(OUT, [
  'spec/fixtures/color.lua -- GENERATED by tools/gen/gen_color.mjs; do not edit by hand.',
  `Peers: npm colorjs.io@${CJ_VERSION} (primary, its src/ ES modules) and npm culori@${CU_VERSION} (cross-check); node ${process.version}.`,
  `  Date: ${TODAY}. Rules: CSS Color 4, Editor's Draft (section numbers are the ED's; the ED was read in 2026).`,
  'API under test: kinetic.color(spec) -> c; c:to(space) -> c0, c1, c2, alpha on CSS scales, not gamut mapped, a none or',
  '  powerless component reported as 0; c:rgba(), c:hex() after CSS gamut mapping to sRGB; kinetic.mix(a, b, t [, space [, hue]]).',
  'Scales: rgb-like and xyz spaces 0..1; hsl s, l and hwb w, b 0..100; lab/lch L 0..100; oklab/oklch L 0..1; hues in degrees.',
  '  spaces = the 15 names; "xyz" is xyz-d65. Numbers are the doubles JS printed (shortest round trip).',
  '',
  'parse[i] = {group, spec, space, coords, alpha, none?, to, powerless?, powerless_hue?, ill_conditioned?, rgba, hex, gamut, ...}',
  '  spec: the string for kinetic.color. colorjs_input: what colorjs was given instead, with the same CSS meaning, where',
  '    colorjs cannot read `spec` (tab/newline separators, uppercase units, mixed-case color() space names).',
  '  space: the space colorjs parses into (rgb(), hex, named colours: srgb; color(xyz ...): xyz-d65, its computed value).',
  '  coords/alpha: colorjs parse + the CSS parse-time rules colorjs does not apply (it clamps only alpha to [0, 1]):',
  '    rgb()/rgba() r, g, b clamped to [0, 255] (5.1); hsl() saturation < 0 -> 0 (7; s > 100% and any lightness stay);',
  '    lab()/lch() L to [0, 100], oklab()/oklch() L to [0, 1]; lch()/oklch() C < 0 -> 0 (9.3, 9.4); <hue> normalized',
  '    to [0, 360) (4.3); color() and hwb() unclamped. colorjs_coords = colorjs\'s own values where these changed them.',
  '    none = 1-based indices of missing components (4 = alpha), written as 0. powerless_hue: a hue that is powerless',
  '    (C or s = 0, w + b >= 100) but specified: not asserted. note: hsl s > 100%, l outside [0, 100]%, hwb w or b',
  '    outside [0, 100]%: kept, as the ED says (older drafts clamped hsl s and l).',
  '  to[space] = {c0, c1, c2}: colorjs conversion of the CSS-resolved colour (missing -> 0 first, 11.2) followed by the',
  '    4.4.1 powerless rule for polar results with the CSS epsilons (lch C <= 0.0015, oklch C <= 0.000004, hsl',
  '    s <= 0.001 = rgbToHsl\'s 1e-5 on 0..1, hwb w + b >= 99.999): hue written 0, C or s set to 0 when in (0, eps], hwb b',
  '    set to 100 - w when w + b < 100. powerless = the spaces where that happened, or where a specified hue is',
  '    powerless: their hue is not asserted, the rest is. ill_conditioned = {"hsl"}: l within 1e-4 of 0 or 100 with',
  '    s > 0.001 (s = (max - l) / min(l, 1 - l) divides rounding errors by min(l, 1 - l)): hsl s and h not asserted.',
  '    Alpha of every to[] is `alpha` (none -> 0). All 15 spaces for every second color() entry and every fourth entry',
  '    of the other groups; otherwise the own space, srgb and oklch; named_all (the whole named-colour table) oklch.',
  '  rgba/hex/gamut: colorjs Color#toGamut({space: "srgb", method: "css"}): a colour whose sRGB conversion lies in [0, 1]',
  '    is kept as is (gamut = "in gamut"), anything else goes through toGamutCSS (14.2.2: binary search on OkLCh chroma',
  '    with local MINDE, deltaEOK, JND 0.02, epsilon 0.0001; OkLCh L >= 1 -> white, L <= 0 -> black, from oklab(1 0 0) and',
  '    oklab(0 0 0) unclipped), gamut = "clip" (first clip within the JND), "white", "black" or "search(n)" (n halvings).',
  '    rgba = those r, g, b and alpha (none -> 0). hex = "#" .. lowercase 2-digit round(v * 255) (half up, as JS Math.round',
  '    and CSS "towards +infinity") for r, g, b, and alpha unless alpha == 1. The generator repeats the search step by',
  '    step with the same colorjs functions (bit-identical results) to find how close each decision came to flipping',
  '    (|E - JND|, |JND - E - eps|, the distance to the sRGB cube of the in-gamut tests while min_inGamut holds, and',
  '    |L - 1|, |L| when L is computed and the other branch gives another colour): gm_fragile = that margin where below',
  `    1e-9 (${peerCounts.gmFragile} entries; the smallest margin is ${minMargin.m.toPrecision(3)}, ${minMargin.where}). hex_boundary: an r, g or b with v * 255 within 1e-9`,
  '    of k + 0.5, where either rounding is accepted (alpha is parsed, never computed, so its rounding is exact).',
  '  culori = how culori parses `spec` where it does not agree within 1e-12 of the scale: "rejects"/"throws" (uppercase',
  '    function names and units, "TRANSPARENT", whitespace around a keyword), "differs" (no parse-time clamping either).',
  `  Counts: ${parse.length} entries = ${parse.length - NAMED.length} forms + all ${NAMED.length} named colours incl. transparent; ${nFull} with all 15`,
  `    spaces; the CSS rules changed colorjs's coords in ${peerCounts.clamped} (clamping) + ${peerCounts.hueNormalized} (hue only); colorjs_input ${peerCounts.canon};`,
  `    gm_fragile ${peerCounts.gmFragile}; hex_boundary ${peerCounts.hexBoundary}; culori rejects ${peerCounts.culoriRejects}, differs on ${peerCounts.culoriDiffers}; the CSS epsilons`,
  `    made a hue powerless that colorjs kept in ${stats.powerlessRestated} conversions (near-greys reached through another space).`,
  '',
  `invalid[i] = {spec, rule, colorjs, culori}: ${invalid.length} strings that CSS Color 4 rejects (rule = the grammar that rejects`,
  `  them); colorjs/culori = whether that peer rejects it too: colorjs accepts ${cjLenient} of them, culori ${cuLenient} ("123456").`,
  '  Left out on purpose: calc() (colorjs cannot parse it), currentcolor and system colours (they need a document),',
  '  an unclosed parenthesis (CSS closes blocks at EOF: "rgb(1 2 3" is valid).',
  '',
  `mix[i] = {a, b, space, hue?, default_space?, note?, cmin?, ill_conditioned?, colorjs, culori, samples}: ${mix.length} cases,`,
  `  ${mix.length * TS.length} samples {t, c0, c1, c2, alpha, p} for t = 0, 0.25, 0.5, 0.75, 1 = kinetic.mix(a, b, t, space, hue):to(space)`,
  '  (default_space: called with no space, i.e. oklab; hue passed when present: a polar case without it tests the',
  '  default, shorter). p = 1: the result hue is powerless but not missing (not asserted); a missing result hue (both',
  '  missing) is written and asserted as 0.',
  '  cmin = min(1, colourfulness (0..1: oklch C, lch C/100, hsl 2 s min(l, 1-l), hwb 1 - w - b) of each endpoint whose',
  '  hue comes out of a conversion), for the hue tolerance; ill_conditioned: such an endpoint\'s hsl s, h are ill-conditioned.',
  '  Method: CSS Color 4 section 13 written out in the generator on colorjs conversions: 1) carried-forward missing',
  '  components: analogous components (r/x, g/y, b/z, L, C/S, H, a, b, alpha) and analogous sets (all remaining components',
  '  missing), only when a conversion happens; 2-4) conversion with powerless -> missing as in to[], carried components',
  '  re-inserted (a colour already in the space is not converted, so a specified powerless hue is used); 5) a missing',
  '  component takes the other colour\'s value (before premultiplying); 6) hue fix-up on [0, 360) hues: shorter d > 180',
  '  -> h1 += 360, d < -180 -> h2 += 360; longer 0 < d < 180 -> h1 += 360, -180 < d <= 0 -> h2 += 360; increasing h2 < h1 ->',
  '  h2 += 360; decreasing h1 < h2 -> h1 += 360 (d = h2 - h1); 7) premultiply all but the hue unless alpha is missing;',
  '  8) p_a + t (p_b - p_a); 9) divide by the result alpha unless it is 0 or missing; alpha clamped to [0, 1], hue reduced',
  '  to [0, 360). t is the amount of b: color-mix(in space, a (1 - t), b t).',
  '  colorjs = Color.mix(a, b, t, {space, hue, premultiplied: true}), which is range(a, b, opts)(t) and has the same t',
  '  convention as color-mix(): "agrees" (within 1e-12 of the scale at every t) or "differs by x: reason". Its',
  '  departures from section 13: it gamut-maps both endpoints into a bounded interpolation space (13.2: "not clipped"),',
  '  does not carry missing components through a conversion, and fills a missing component after premultiplying, i.e.',
  `  with the other colour's alpha. ${cjMixAgree} of ${mix.length} cases agree; every other one has one of these reasons.`,
  `  culori = interpolateWithPremultipliedAlpha([a, b], mode, {h: {fixup}}): ${cuMixAgree} of ${mix.length} agree; the others: at t = 0 it returns`,
  '  a divided by its alpha, it premultiplies a missing component (hue included) as 0, reads a missing alpha as 1, keeps',
  '  equal hues under "longer", uses the old BT.2020 transfer for rec2020, and its Lab/D50 constants differ by ~1e-7.',
  '',
  'max_disagreement (|diff| / component scale; scales rgb/xyz/oklab 1, lab 100, lch 100 100 360, oklch 1 1 360, hsl/hwb',
  '  360 100 100; hues angular, powerless hues skipped):',
  `  culori_convert (no hue, rec2020 and sRGB-out-of-gamut hsl/hwb apart) ${fmt('culori_convert')};`,
  `  culori_hue (colourfulness >= 0.01) ${fmt('culori_hue')};`,
  `  culori_rec2020 (culori 4 keeps the BT.2020 OETF; the ED and colorjs use the BT.1886 gamma 2.4) ${fmt('culori_rec2020')};`,
  `  culori_hsl_oog (culori does not rotate the hue of a negative saturation, 7.2) ${fmt('culori_hsl_oog')};`,
  `  culori_gamut (rgba; culori toGamut has no first clip test and no local-MINDE exit) ${fmt('culori_gamut')};`,
  `  culori_gamut_in (colours inside sRGB: culori maps some that its own round trip puts outside) ${fmt('culori_gamut_in')};`,
  `  culori_gamut_rec2020 ${fmt('culori_gamut_rec2020')}; culori_mix (agreeing cases) ${fmt('culori_mix')};`,
  `  colorjs_mix (agreeing cases) ${fmt('colorjs_mix')}.`,
  '  spec_code: every to[] value again from the ED\'s sample code (section 19: rational matrices, Bradford, Lab, OKLab,',
  '  hslToRgb/rgbToHsl, hwbToRgb/rgbToHwb, transcribed in the generator, through XYZ as 11.2 says; powerless C/s/b zeroed',
  '  as 4.4.1\'s prose says, which the sample code itself does not do; hues of colourfulness < 1e-3 and ill-conditioned',
  `  hsl left out): ${fmt('spec_code')}; without hsl ${fmt('spec_code_no_hsl')};`,
  `  a98-rgb/rec2020 values below 1e-3 (no linear toe) ${fmt('spec_code_toe')};`,
  `  hue error / (1e-9 deg * max(1, 1 / colourfulness)) ${fmt('spec_code_hue_vs_tol')}.`,
  'colorjs departures from the ED text met while generating (the CSS rule is what this file holds): no parse-time',
  '  clamping of rgb() channels, lab/oklab L, lch/oklch C, hsl s < 0; hues not normalized at parse; achromatic test',
  '  |a|, |b| < range / 1e5 instead of C <= eps; hsl hue powerless only when max == min; reads "120DEG" as a string and',
  '  rejects tab/newline separators; accepts "rgb(1 2 3 4)", legacy number/percentage mixes, commas in modern-only',
  `  functions, none and NaN in legacy syntax (${cjLenient} of the invalid strings); the three interpolation departures above.`,
], {
  generator: 'tools/gen/gen_color.mjs',
  packages: { colorjs: `colorjs.io@${CJ_VERSION}`, culori: `culori@${CU_VERSION}` },
  date: TODAY,
  spaces: SPACES,
  parse: chunks(parse),
  invalid,
  mix: chunks(mix),
  max_disagreement: Object.fromEntries(Object.entries(maxd).map(([k, v]) => [k, v.d])),
});
