// Tiny Lua table writer shared by the tools/gen/gen_*.mjs fixture generators.
// Numbers: Number.prototype.toString() = shortest round-trip representation (Lua's tonumber
// recovers the exact double); NaN / +-Infinity are written 0/0, 1/0, -1/0.
// Lua values: JS arrays -> Lua arrays; plain objects -> tables with named fields (insertion
// order); `new LuaTable(items, fields)` -> positional items followed by named fields;
// `new Chunk(v)` -> `(function() return v end)()` (own constant table: keeps the Lua 5.1 /
// LuaJIT per-function constant limits far away for big fixtures).
import fs from 'fs';

export class LuaTable { constructor(items = [], fields = {}) { this.items = items; this.fields = fields; } }
export class Chunk { constructor(value) { this.value = value; } }

const KW = new Set(['and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in',
  'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while']);

export function num(x) {
  if (Number.isNaN(x)) return '0/0';
  if (x === Infinity) return '1/0';
  if (x === -Infinity) return '-1/0';
  if (Object.is(x, -0)) return '-0.0';
  return String(x);
}

export function str(s) {
  let out = '"';
  for (const b of Buffer.from(s, 'utf8')) {
    if (b === 34) out += '\\"';
    else if (b === 92) out += '\\\\';
    else if (b === 10) out += '\\n';
    else if (b < 32 || b > 126) out += '\\' + String(b).padStart(3, '0');
    else out += String.fromCharCode(b);
  }
  return out + '"';
}

function key(k) { return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && !KW.has(k) ? k : '[' + str(k) + ']'; }

// compact: numeric leaf arrays are written without spaces.
export function dump(v, indent = 0) {
  const pad = '  '.repeat(indent);
  if (v instanceof Chunk) return '(function() return ' + dump(v.value, indent) + ' end)()';
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return num(v);
  if (typeof v === 'string') return str(v);
  let items, fields;
  if (v instanceof LuaTable) { items = v.items; fields = v.fields; }
  else if (Array.isArray(v)) { items = v; fields = {}; }
  else { items = []; fields = v; }
  if (Object.keys(fields).length === 0 && items.length > 0 && items.every(x => typeof x === 'number'))
    return '{' + items.map(num).join(',') + '}';
  const parts = items.map(x => dump(x, indent + 1));
  for (const [k, x] of Object.entries(fields)) if (x !== undefined) parts.push(key(k) + ' = ' + dump(x, indent + 1));
  if (parts.length === 0) return '{}';
  const flat = '{ ' + parts.join(', ') + ' }';
  if (flat.length <= 100 && !flat.includes('\n')) return flat;
  const inner = '  '.repeat(indent + 1);
  const lines = [];
  let cur = '';
  for (const p of parts) {
    if (p.includes('\n') || p.length > 60) { if (cur) { lines.push(cur); cur = ''; } lines.push(p); }
    else if (cur && cur.length + p.length + 1 > 110) { lines.push(cur); cur = p; }
    else cur = cur ? cur + ',' + p : p;
  }
  if (cur) lines.push(cur);
  return '{\n' + lines.map(l => inner + l).join(',\n') + ',\n' + pad + '}';
}

export function write(path, headerLines, value) {
  const head = headerLines.map(l => (l ? '-- ' + l : '--')).join('\n');
  fs.writeFileSync(path, head + '\nreturn ' + dump(value) + '\n');
}
