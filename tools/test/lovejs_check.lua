-- tools/test/lovejs_check.lua: kinetic where love.js runs it -- PUC Lua 5.1
-- compiled to JavaScript, with no ffi, no bit, no debug, no io, no os and
-- no way to load a C module.  Run from the repository root by
-- tools/test/test-lovejs.sh as `lua5.1 tools/test/lovejs_check.lua`:
--
--   1. before anything is required, takes those libraries away: the
--      globals and package.loaded entries of ffi, bit, bit32, jit, debug,
--      io and os, package.loadlib, the C loaders of package.loaders (and
--      package.cpath), leaving require with package.preload and Lua files
--      on package.path (lua/);
--   2. require("kinetic") must then give the Lua backend, on its own (no
--      KINETIC_BACKEND: os.getenv is gone with os), with kinetic.core never
--      loaded, and give a few known values bit for bit: an easing, a
--      cubic-bezier, steps, a spring stepped and at(t), a timeline and an
--      animator tween (the numbers the C core gives);
--   3. runs tools/test/windows_check.lua -- every public function and method
--      on fixed inputs -- in the same environment, and prints its lines,
--      each after "dump<TAB>", for test-lovejs.sh to compare with the C
--      backend's.
-- Prints "lovejs: ..." lines; any failure raises (exit status 1).

-- 1. the love.js environment ---------------------------------------------------
local removed = { "ffi", "bit", "bit32", "jit", "utf8", "debug", "io", "os" }
for _, name in ipairs(removed) do
  _G[name] = nil
  package.loaded[name] = nil
  package.preload[name] = nil
end
package.loadlib = nil   -- luacheck: ignore 122
package.cpath = ""
local loaders = package.loaders or package.searchers
while #loaders > 2 do loaders[#loaders] = nil end     -- 3: C modules, 4: all-in-one
package.path = "lua/?.lua;lua/?/init.lua"

assert(_VERSION == "Lua 5.1", "run this with PUC Lua 5.1 (love.js), not " .. tostring(_VERSION))
for _, name in ipairs(removed) do
  assert(not pcall(require, name), "require('" .. name .. "') still works")
end
assert(not pcall(require, "lfs"), "a C module can still be required")

-- 2. the module and known values ------------------------------------------------
local ok, kinetic = pcall(require, "kinetic")
if not ok then error("lovejs: require('kinetic') failed: " .. tostring(kinetic), 0) end
assert(kinetic._backend == "lua", "kinetic._backend is " .. tostring(kinetic._backend) .. ", not lua")
assert(package.loaded["kinetic.core"] == nil, "kinetic.core was loaded")
assert(type(kinetic._VERSION) == "string" and kinetic._VERSION:match("^kinetic %d"), "kinetic._VERSION")

local checks = 0
local function f17(x) return type(x) == "number" and ("%.17g"):format(x) or tostring(x) end
-- the same double (the text of %.17g is the double)
local function same(what, want, got)
  checks = checks + 1
  if f17(want) ~= f17(got) then
    error(("lovejs: %s is %s, expected %s"):format(what, f17(got), f17(want)), 0)
  end
end
local function try(what, fn)
  local done, err = pcall(fn)
  if not done then error("lovejs: " .. what .. " raised: " .. tostring(err), 0) end
end

try("easings", function()
  same("easing('ease')(0.25)", 0.4085105913553958, kinetic.easing("ease")(0.25))
  same("easing('outBack')(0.5)", 1.0876975, kinetic.easing("outBack")(0.5))
  same("bezier(0.42, 0, 0.58, 1):eval(0.3)", 0.18739590670531256, kinetic.bezier(0.42, 0, 0.58, 1):eval(0.3))
  same("easing('steps(4, jump-end)')(0.6)", 0.5, kinetic.easing("steps(4, jump-end)")(0.6))
end)
try("springs", function()
  local s = kinetic.spring { stiffness = 170, damping = 26, from = 0, to = 100 }
  for _ = 1, 30 do s:update(1 / 60) end
  same("a spring after 30 updates of 1/60 s: position", 98.931037509830517, s:position())
  same("a spring after 30 updates of 1/60 s: velocity", 12.253381462482974, s:velocity())
  local at = kinetic.spring { stiffness = 100, damping = 10, from = 0, to = 1 }:at(0.25)
  same("spring:at(0.25)", 1.0233595799066924, at)
end)
try("timelines", function()
  local tl = kinetic.timeline { from = 0, { to = 10, duration = 1, easing = "ease-in-out" } }
  same("tl:update(0.3)", 1.8739590670531256, tl:update(0.3))
  same("tl:at(0.75)", 8.7083806895268019, tl:at(0.75))
end)
try("the animator", function()
  local anim = kinetic.animator()
  local obj = { x = 0, y = 5 }
  anim:to(obj, 1, { x = 100 }, { easing = "outQuad" })
  anim:update(0.25)
  same("a tween's x after 0.25 s", 43.75, obj.x)
  same("an untouched field", 5, obj.y)
  anim:update(1)
  same("a tween's x at its end", 100, obj.x)
  same("anim:count() at the end", 0, anim:count())
end)
print(("lovejs: %s on %s without ffi, bit, debug, io, os and C modules: kinetic._backend = lua; "
       .. "%d known values bit for bit"):format(kinetic._VERSION, _VERSION, checks))

-- 3. every function and method ---------------------------------------------------
local run = assert(loadfile("tools/test/windows_check.lua"))
local text
try("tools/test/windows_check.lua", function() run(function(t) text = t end) end)
local n = 0
for line in text:gmatch("[^\n]+") do
  n = n + 1
  print("dump\t" .. line)
end
print(("lovejs: tools/test/windows_check.lua ran, %d values"):format(n))
