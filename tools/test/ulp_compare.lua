-- tools/test/ulp_compare.lua: how far the Lua backend's numbers are from the C
-- core's, in one Lua state: require("kinetic") (the C core, with LuaJIT's
-- FFI path where it is on) against require("kinetic.pure"), on a few
-- thousand values -- every easing of kinetic.easings() and a few
-- cubic-beziers at 65 progress values each, and springs (under-, critically
-- and over-damped, with mass and initial velocity) stepped frame by frame
-- (position and velocity after every update) and evaluated with s:at(t).
--
-- Run from the repository root with kinetic.core on package.cpath, e.g.
--   LUA_PATH='lua/?.lua;lua/?/init.lua' LUA_CPATH='build/luajit/?.so' luajit tools/test/ulp_compare.lua
-- tools/test/test-arm64.sh runs it on ARM64 LuaJIT, whose compiled code fuses
-- a*b + c into one rounding (API.md, section 12: "state the bound
-- measured"), and on ARM64 Lua 5.4.  Prints one line: the count of values,
-- how many differ, and the largest difference in ulps per group and over
-- all.  It measures, it does not judge: the exit status is non-zero only
-- when it cannot run (no C core, a Lua backend that lacks or fails a call)
-- or, with --max=N, when some value is more than N ulps away.
local max_allowed
for _, a in ipairs(arg or {}) do
  if a:match("^%-%-max=") then max_allowed = tonumber(a:match("=(.*)$")) end
end

local C = require("kinetic")
assert(C._backend == "c" or C._backend == "ffi",
       "require('kinetic') is not the C core here (kinetic._backend = " .. tostring(C._backend)
       .. "): put kinetic.core on package.cpath")
local L = require("kinetic.pure")
assert(L._backend == "lua" and L ~= C)

local frexp = math.frexp or function(x)
  local e = math.floor(math.log(x) / math.log(2)) + 1
  return x / 2 ^ e, e
end
-- the distance of two doubles in units in the last place of the larger
local function ulps(a, b)
  if a == b then return 0 end
  if a ~= a and b ~= b then return 0 end
  if a ~= a or b ~= b or a == math.huge or a == -math.huge or b == math.huge or b == -math.huge then
    return math.huge
  end
  local m = math.max(math.abs(a), math.abs(b))
  local _, e = frexp(m)
  local ulp = m < 2 ^ -1021 and 2 ^ -1074 or 2 ^ (e - 53)
  return math.abs(a - b) / ulp
end

local groups, order = {}, {}
local total, differ, worst, worst_what = 0, 0, 0, nil
local function record(group, what, a, b)
  local g = groups[group]
  if not g then
    g = { n = 0, differ = 0, max = 0 }
    groups[group] = g
    order[#order + 1] = group
  end
  local d = ulps(a, b)
  g.n = g.n + 1
  total = total + 1
  if d > 0 then g.differ = g.differ + 1; differ = differ + 1 end
  if d > g.max then g.max = d end
  if d > worst then
    worst = d
    worst_what = ("%s: C %.17g, Lua %.17g"):format(what, a, b)
  end
end
local function call(what, f, ...)
  local ok, a, b = pcall(f, ...)
  if not ok then error(("the Lua backend fails %s: %s"):format(what, tostring(a)), 0) end
  return a, b
end

-- easings: every name, and cubic-beziers
local P = {}
for i = 0, 64 do P[#P + 1] = i / 64 end
P[#P + 1] = 0.1; P[#P + 1] = 1 / 3; P[#P + 1] = 2 / 3; P[#P + 1] = 0.999
local function easings(name, ec, el)
  for _, p in ipairs(P) do
    record("easings", name .. "(" .. p .. ")", ec(p), call(name, el, p))
  end
end
for _, name in ipairs(C.easings()) do
  easings(name, C.easing(name), call("easing('" .. name .. "')", L.easing, name))
end
for _, c in ipairs { { 0.25, 0.1, 0.25, 1 }, { 0.68, -0.55, 0.265, 1.55 }, { 0.3, 0.9, 0.1, 0.2 },
                     { 0, 3, 1, 3 }, { 0.2, 0, 0, 1 } } do
  local name = ("cubic-bezier(%g, %g, %g, %g)"):format(c[1], c[2], c[3], c[4])
  easings(name, C.bezier(c[1], c[2], c[3], c[4]), call(name, L.bezier, c[1], c[2], c[3], c[4]))
end

-- springs: stepped, and at(t)
local SPRINGS = {
  { stiffness = 170, damping = 26 }, { stiffness = 120, damping = 14 }, { stiffness = 210, damping = 20 },
  { stiffness = 300, damping = 10, mass = 2 }, { stiffness = 100, damping = 20 },   -- critical
  { stiffness = 50, damping = 40 }, { stiffness = 500, damping = 1, velocity = 30 },
  { stiffness = 80, damping = 12, mass = 0.5, velocity = -8 }, { frequency = 2, damping_ratio = 0.4 },
  { duration = 0.6, bounce = 0.3 }, { duration = 1, bounce = -0.4 }, { stiffness = 1000, damping = 63.2 },
}
for i, opts in ipairs(SPRINGS) do
  local o = { from = -3, to = 97 }
  for k, v in pairs(opts) do o[k] = v end
  local sc, sl = C.spring(o), call("spring " .. i, L.spring, o)
  for step = 1, 150 do
    local dt = step % 7 == 0 and 1 / 30 or 1 / 60
    record("springs", ("spring %d step %d"):format(i, step), sc:update(dt), call("update", sl.update, sl, dt))
    record("springs", ("spring %d velocity %d"):format(i, step), sc:velocity(), call("velocity", sl.velocity, sl))
  end
  local fc, fl = C.spring(o), call("spring " .. i, L.spring, o)
  for k = 1, 60 do
    local t = k / 40
    record("spring at(t)", ("spring %d at(%g)"):format(i, t), fc:at(t), call("at", fl.at, fl, t))
  end
end

local parts = {}
for _, name in ipairs(order) do
  local g = groups[name]
  parts[#parts + 1] = ("%s %d, max %.3g"):format(name, g.n, g.max)
end
print(("ulp_compare (%s, %s): %d values, %d differ, max %.3g ulps (%s)%s"):format(
  jit and jit.version .. " " .. jit.arch .. (jit.status() and "" or ", JIT off") or _VERSION,
  C._backend, total, differ, worst, table.concat(parts, "; "),
  worst > 0 and ("; worst " .. worst_what) or ""))
if max_allowed and worst > max_allowed then
  print(("ulp_compare: %.3g ulps is more than --max=%g"):format(worst, max_allowed))
  os.exit(1)
end
