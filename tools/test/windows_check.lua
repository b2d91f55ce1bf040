-- tools/test/windows_check.lua OUT: call every public function and method of
-- kinetic on fixed inputs and write what each returns to the file OUT, one
-- value a line:
--
--   <label> TAB <kind> TAB <value>
--
-- label names the call (and which of its results, for several); kind is
-- the value's Lua type (a table: its key count, then a line per key),
-- object (a kinetic object: its tostring), none (no results) or error (the
-- value is the message).  A number is written with %.17g (LuaJIT's own formatter, not
-- the C runtime's), so two files are equal line for line exactly when every
-- double is bit for bit the same (a NaN's payload aside).  Run by
-- tools/test/test-windows.sh on the Linux LuaJIT and on the Windows luajit.exe
-- under wine, with the FFI fast path on and with KINETIC_FFI=0; that script
-- compares the files (tools/test/windows_compare.lua).  tools/test/lovejs_check.lua
-- runs it too, on the Lua backend, against the C backend's output.
--
-- It exits non-zero when a public function or method (a field of the module
-- or of a kinetic.* class's method table whose name does not start with an
-- underscore, and the metamethods) was not called: a new one must be added
-- here.  Nothing printed depends on addresses, time or the machine, except
-- g:_simd()'s name of the SIMD path, the same for both runs on one CPU.
--
-- It runs on either backend, and without io, os and debug (the love.js-like
-- run of tools/test/lovejs_check.lua): called as a function,
-- loadfile("tools/test/windows_check.lua")(write), it hands the whole text
-- to write(text) instead of writing a file.  An object of either backend
-- (a userdata, or a table whose getmetatable is "kinetic") is written as
-- kind `object`, its tostring without addresses; the coverage check needs
-- the C backend's registry, so it runs only where debug and the C
-- backend are there.
local out = ...
if type(out) ~= "function" then
  out = assert(out or (arg and arg[1]), "usage: luajit tools/test/windows_check.lua OUT")
end

local kinetic = require("kinetic")
if kinetic._backend == "lua" then
  assert(kinetic._ffi == false, "the Lua backend's kinetic._ffi is " .. tostring(kinetic._ffi))
else
  local ffi_wanted = type(jit) == "table" and os.getenv("KINETIC_FFI") ~= "0"
  assert(kinetic._ffi == ffi_wanted, ("kinetic._ffi is %s, expected %s (jit: %s)"):format(
    tostring(kinetic._ffi), tostring(ffi_wanted), tostring(jit and jit.status())))
end

local lines = {}
local function put(label, kind, value)
  lines[#lines + 1] = label .. "\t" .. kind .. "\t" .. value
end

-- what a value is on one line: tables by their sorted keys, strings with
-- control characters escaped, object addresses left out
local function emit(label, v)
  local t = type(v)
  if t == "userdata" or (t == "table" and getmetatable(v) == "kinetic") then
    put(label, "object", (tostring(v):gsub(":? ?0x%x+", "")))
  elseif t == "number" then
    put(label, "number", ("%.17g"):format(v))
  elseif t == "string" then
    put(label, "string", (v:gsub("[%c\\]", function(c) return ("\\%03d"):format(c:byte()) end)))
  elseif t == "boolean" or t == "nil" then
    put(label, t, tostring(v))
  elseif t == "table" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) == type(b) then return a < b end
      return type(a) == "number"
    end)
    put(label, "table", tostring(#keys))
    for _, k in ipairs(keys) do emit(label .. "." .. tostring(k), v[k]) end
  else
    put(label, t, "")
  end
end

-- emit every result of f(...), or the error it raises
local function emit_call(label, f, ...)
  local r = { pcall(f, ...) }
  local n = 1
  for k in pairs(r) do if k > n then n = k end end
  if not r[1] then
    put(label, "error", (tostring(r[2]):gsub("[%c\\]", function(c) return ("\\%03d"):format(c:byte()) end)))
    return nil
  end
  if n == 1 then put(label, "none", "") end
  for i = 2, n do emit(n > 2 and (label .. "#" .. (i - 1)) or label, r[i]) end
  return (unpack or table.unpack)(r, 2, n)
end

-- Coverage: what has been called, by "kinetic.name" and "Class:method".
local called = {}
local function class_of(obj)
  local mt = debug and debug.getmetatable(obj)     -- getmetatable gives __metatable
  return mt and mt.__name and mt.__name:match("^kinetic%.(.*)$") or "?"
end
-- K(label, "name", ...): kinetic.name(...)
local function K(label, name, ...)
  called["kinetic." .. name] = true
  return emit_call(label, kinetic[name], ...)
end
-- M(label, obj, "method", ...): obj:method(...), in the method form (C
-- numbers a method's arguments by the call's form) and not as a tail call
-- (LuaJIT would then count self as argument #1)
local callers = {}
local load_ = loadstring or load
local function M(label, obj, name, ...)
  called[class_of(obj) .. ":" .. name] = true
  local call = callers[name]
  if call == nil then
    call = load_("local id = ...; return function(o, ...) return id(o:" .. name
                 .. "(...)) end")(function(...) return ... end)
    callers[name] = call
  end
  return emit_call(label, call, obj, ...)
end
-- a metamethod or operator: op(label, obj, "__call", f, ...) runs f(...)
local function op(label, obj, meta, f, ...)
  called[class_of(obj) .. ":" .. meta] = true
  return emit_call(label, f, ...)
end
-- tostring(obj), the address some types print left out
local function ts(label, obj)
  return op(label, obj, "__tostring", function() return (tostring(obj):gsub(":? ?0x%x+", "")) end)
end

emit("_VERSION", kinetic._VERSION)
emit("_ffi", kinetic._ffi)

---------------------------------------------------------------- easings
local P = { -0.5, -0.1, 0, 1e-12, 0.01, 0.1, 0.2, 0.25, 1 / 3, 0.4, 0.5, 0.6, 2 / 3, 0.75, 0.8,
            0.9, 0.99, 1 - 1e-12, 1, 1.1, 1.5 }

local function easing_points(label, e)
  for _, p in ipairs(P) do M(label .. ":eval(" .. p .. ")", e, "eval", p) end
  op(label .. "(0.3)", e, "__call", function() return e(0.3) end)
  M(label .. ":eval(0.5, true)", e, "eval", 0.5, true)
  local f = M(label .. ":fn()", e, "fn")
  if type(f) == "function" then
    emit_call(label .. ":fn()(0.7)", f, 0.7)
    emit_call(label .. ":fn()(0.7, true)", f, 0.7, true)
  end
  M(label .. ":sample(16)", e, "sample", 16)
  M(label .. ":sample(3, out)", e, "sample", 3, { 9, 9, 9, 9, 9, 9 })
  ts("tostring(" .. label .. ")", e)
  M(label .. ":css()", e, "css")
  M(label .. ":css('specified')", e, "css", "specified")
  K("step_times(" .. label .. ", 7, 0.5)", "step_times", e, 7, 0.5)
end

local names = K("easings()", "easings")
for _, name in ipairs(names or {}) do
  local e = K("easing(" .. name .. ")", "easing", name)
  if e then easing_points("easing(" .. name .. ")", e) end
end

local specs = {
  "cubic-bezier(0.68, -0.55, 0.265, 1.55)", "cubic-bezier(0, 3, 1, 3)", "cubic-bezier(0.05, 20, 0.95, -19)",
  "steps(4, jump-both)", "steps(5, jump-none)", "steps(3, start)", "step-start", "step-end",
  "linear(0, 0.25 75%, 1)", "linear(0, 1.2 40% 60%, 0.9, 1)", "outBack(2.2)", "inBack(1)",
  "outElastic(1, 0.3)", "inOutElastic(1.5, 0.45)", "outInElastic(0.5, 0.3)", "accelerate(0.3)",
  "accelerate-decelerate(0.5)", "in-out-quad", "quadout", "backout", "  EASE-IN-OUT  ",
  "cubic-bezier(calc(0.1 + 0.2), min(2, -0.5), clamp(0, 1.5, 1), calc(1 / 3))",
  "steps(calc(7 / 2), JUMP-BOTH)", "linear(0, calc(1 / 4) calc(25% * 3), 1 100% 100%)",
  "E\\61se-in /* comment */", "linear(calc(0 / 0), 1)", "steps(calc(-10), start)",
}
for _, spec in ipairs(specs) do
  local e = K("easing('" .. spec .. "')", "easing", spec)
  if e then
    easing_points("easing('" .. spec .. "')", e)
    local back = K("easing(tostring(easing('" .. spec .. "')))", "easing", tostring(e))
    if back then
      op("easing('" .. spec .. "') == easing(tostring(.))", e, "__eq", function() return e == back end)
    end
  end
end
local ease = kinetic.easing("ease")
K("easing(easing('ease')) is the same", "easing", ease)
op("easing('ease') == easing('ease-in')", ease, "__eq", function() return ease == kinetic.easing("ease-in") end)
for _, bad in ipairs({ "nope", "cubic-bezier(2, 0, 0, 1)", "steps(0)", "linear()", "outBack(nan)", "",
                       "steps(calc(0 / 0))", "var(--x)", "ease, linear", "initial", "calc(1px)" }) do
  K("easing('" .. bad .. "')", "easing", bad)
end
K("easing(42)", "easing", 42)

local curves = {
  { 0.25, 0.1, 0.25, 1 }, { 0.42, 0, 1, 1 }, { 0, 0, 0.58, 1 }, { 0.68, -0.55, 0.265, 1.55 },
  { 0, 3, 1, 3 }, { 0.3, 0.9, 0.1, 0.2 }, { 1, 0, 0, 1 }, { 0, 1, 1, 0 }, { 0.2, 0, 0, 1 },
}
for _, c in ipairs(curves) do
  local label = ("bezier(%.17g, %.17g, %.17g, %.17g)"):format(c[1], c[2], c[3], c[4])
  local b = K(label, "bezier", c[1], c[2], c[3], c[4])
  if b then
    easing_points(label, b)
    for _, p in ipairs(P) do M(label .. ":slope(" .. p .. ")", b, "slope", p) end
    for _, y in ipairs({ -0.2, 0, 0.001, 0.1, 0.3, 0.5, 0.7, 0.999, 1, 1.2 }) do
      M(label .. ":inverse(" .. y .. ")", b, "inverse", y)
    end
    M(label .. ":control_points()", b, "control_points")
  end
end
K("bezier(1.5, 0, 0, 1)", "bezier", 1.5, 0, 0, 1)
K("bezier(0, 0/0, 0, 1)", "bezier", 0, 0 / 0, 0, 1)

for _, pos in ipairs({ "jump-start", "jump-end", "jump-none", "jump-both", "start", "end" }) do
  for _, n in ipairs({ 1, 2, 5, 2000 }) do
    local label = "steps(" .. n .. ", " .. pos .. ")"
    local e = K(label, "steps", n, pos)
    if e then
      for _, p in ipairs({ -0.1, 0, 0.2, 0.5, 0.75, 0.9995, 1, 1.1 }) do
        M(label .. ":eval(" .. p .. ")", e, "eval", p)
        M(label .. ":eval(" .. p .. ", true)", e, "eval", p, true)
      end
      ts("tostring(" .. label .. ")", e)
    end
  end
end
K("steps(3)", "steps", 3)
K("steps(2.5)", "steps", 2.5)
K("steps(3, 'sideways')", "steps", 3, "sideways")

local stop_lists = {
  { 0, 1 }, { 0, { 0.25, 0.75 }, 1 }, { 0, { 1.2, 0.4, 0.6 }, 0.9, 1 }, { 1, 0, 1, 0 },
  { { 0, 0.2 }, { 1, 0.1 } },
}
for i, stops in ipairs(stop_lists) do
  local e = K("linear(stops " .. i .. ")", "linear", stops)
  if e then easing_points("linear(stops " .. i .. ")", e) end
end
K("linear({})", "linear", {})
K("linear({0, 'x'})", "linear", { 0, "x" })

for _, v0 in ipairs({ 0, 0.3, 1, 2, -0.5 }) do
  local a = K("accelerate(" .. v0 .. ")", "accelerate", v0)
  if a then easing_points("accelerate(" .. v0 .. ")", a) end
  local ad = K("accelerate_decelerate(" .. v0 .. ")", "accelerate_decelerate", v0)
  if ad then easing_points("accelerate_decelerate(" .. v0 .. ")", ad) end
end
K("accelerate(1/0)", "accelerate", 1 / 0)

---------------------------------------------------------------- springs
local DT = { 1 / 60, 1 / 60, 1 / 144, 0.05, 1 / 60, 0.2, 0.0005, 1 / 30, 1 / 60, 0.5, 1, 3 }

local function spring_run(label, opts, frames)
  local s = K(label, "spring", opts)
  if not s then return nil end
  ts("tostring(" .. label .. ")", s)
  M(label .. ":params()", s, "params")
  M(label .. ":position()", s, "position")
  M(label .. ":velocity()", s, "velocity")
  M(label .. ":target()", s, "target")
  M(label .. ":at_rest()", s, "at_rest")
  for _, t in ipairs({ 0, 0.01, 0.1, 0.35, 1, 2.5, 10 }) do
    M(label .. ":at(" .. t .. ")", s, "at", t)
    M(label .. ":velocity_at(" .. t .. ")", s, "velocity_at", t)
  end
  M(label .. ":settle_time()", s, "settle_time")
  M(label .. ":settle_time(1e-3)", s, "settle_time", 1e-3)
  for _, dt in ipairs({ 1 / 60, 0.1, 2 }) do M(label .. ":coefficients(" .. dt .. ")", s, "coefficients", dt) end
  for f = 1, frames or #DT do
    local dt = DT[(f - 1) % #DT + 1]
    M(label .. ":update#" .. f, s, "update", dt)
    if f % 4 == 0 then
      M(label .. ":velocity()#" .. f, s, "velocity")
      M(label .. ":at_rest()#" .. f, s, "at_rest")
    end
  end
  return s
end

local families = {
  { "under", { stiffness = 170, damping = 10 } },
  { "critical", { stiffness = 100, damping = 20 } },
  { "over", { stiffness = 100, damping = 60, mass = 2 } },
  { "undamped", { stiffness = 50, damping = 0, from = 1, to = 0 } },
  { "frequency", { frequency = 1.5, damping_ratio = 0.4, from = -3, to = 7 } },
  { "response", { response = 0.55, damping_ratio = 0.825, velocity = 4 } },
  { "duration", { duration = 0.4, bounce = 0.3 } },
  { "duration-", { duration = 0.4, bounce = -0.5 } },
  { "rebound", { tension = 40, friction = 7 } },
  { "origami", { origami_tension = 40, origami_friction = 7, from = 0, to = 100 } },
  { "bouncy", { bounciness = 5, speed = 12 } },
  { "near-critical", { stiffness = 100, damping = 20 * (1 + 1e-9) } },
  { "rk4", { tension = 230, friction = 22, integrator = "rk4", from = 0, to = 300 } },
  { "euler", { stiffness = 170, damping = 26, integrator = "euler" } },
  { "clamp", { stiffness = 300, damping = 5, clamp = true } },
  { "rest", { stiffness = 170, damping = 26, rest_delta = 0.01, rest_speed = 0.02 } },
  { "vec2", { stiffness = 120, damping = 14, from = { 0, 10 }, to = { 5, -3 }, velocity = { 1, 0 } } },
  { "vec3", { frequency = 2, damping_ratio = 0.7, from = { 0, 0, 0 }, to = { 1, 2, 3 } } },
  { "vec5", { stiffness = 80, damping = 9, from = { 1, 2, 3, 4, 5 }, to = { 0, 0, 0, 0, 0 } } },
}
for _, preset in ipairs({ "default", "gentle", "wobbly", "stiff", "slow", "molasses" }) do
  families[#families + 1] = { "preset " .. preset, { preset = preset, from = 0, to = 100 } }
end
for _, fam in ipairs(families) do
  local label = "spring(" .. fam[1] .. ")"
  local s = spring_run(label, fam[2])
  if s then
    -- interrupt: new target, position and velocity mid-flight, then more frames
    M(label .. ":at(0.1) before", s, "at", 0.1)
    local n = select("#", s:position())
    local function vals(a) local t = {} for i = 1, n do t[i] = a + i / 8 end return (unpack or table.unpack)(t) end
    M(label .. ":set_target", s, "set_target", vals(2))
    for f = 1, 6 do M(label .. ":update after set_target#" .. f, s, "update", 1 / 60) end
    M(label .. ":set_position", s, "set_position", vals(-1))
    M(label .. ":set_velocity", s, "set_velocity", vals(3))
    M(label .. ":settle_time() again", s, "settle_time")
    for f = 1, 6 do M(label .. ":update after set_velocity#" .. f, s, "update", 1 / 60) end
    M(label .. ":target() again", s, "target")
    local e = M(label .. ":easing()", s, "easing")
    if e then easing_points(label .. ":easing()", e) end
    M(label .. ":easing(0.5)", s, "easing", 0.5)
    local l = M(label .. ":linear()", s, "linear")
    if l then ts("tostring(" .. label .. ":linear())", l) end
    M(label .. ":linear(1e-2)", s, "linear", 1e-2)
    if n > 1 then
      local arr = { vals(0.5) }
      M(label .. ":set_target(array)", s, "set_target", arr)
      M(label .. ":update after set_target(array)", s, "update", 0.1)
    end
  end
end
-- callbacks
do
  local events = 0
  local s = K("spring(callbacks)", "spring", { stiffness = 400, damping = 40,
    on_update = function(sp) events = events + 1; emit("on_update#" .. events, (sp:position())) end,
    on_rest = function(sp) emit("on_rest at", (sp:position())) end })
  for f = 1, 40 do M("spring(callbacks):update#" .. f, s, "update", 1 / 30) end
  emit("spring(callbacks) on_update calls", events)
end
-- errors
K("spring{stiffnes}", "spring", { stiffnes = 100 })
K("spring{stiffness, frequency}", "spring", { stiffness = 100, frequency = 2 })
K("spring{mass = -1}", "spring", { stiffness = 100, damping = 1, mass = -1 })
K("spring{preset = 'bouncy'}", "spring", { preset = "bouncy" })
K("spring{from = {1, 2}, to = 3}", "spring", { from = { 1, 2 }, to = 3 })
K("spring(5)", "spring", 5)
do
  local s = kinetic.spring{}
  M("spring{}:update(-1)", s, "update", -1)
  M("spring{}:update(nan)", s, "update", 0 / 0)
  M("spring{}:set_target('x')", s, "set_target", "x")
  M("spring{}:settle_time(0)", s, "settle_time", 0)
end

---------------------------------------------------------------- spring groups
local function group_run(label, opts, simd)
  local g = K(label, "spring_group", opts)
  if not g then return end
  if simd then M(label .. ":_simd(" .. simd .. ")", g, "_simd", simd) end
  ts("tostring(" .. label .. ")", g)
  op("#" .. label, g, "__len", function() return #g end)
  local n = #g
  for f = 1, 30 do
    M(label .. ":update#" .. f, g, "update", DT[(f - 1) % #DT + 1] / 2)
    if f == 5 then
      M(label .. ":set(3, 2, -1)", g, "set", 3, 2, -1)
      M(label .. ":set(4, 0.5)", g, "set", 4, 0.5)
      M(label .. ":set_target(1, 10)", g, "set_target", 1, 10)
    elseif f == 10 then
      local t = {}
      for i = 1, n do t[i] = (i * 7) % 11 - 5 end
      M(label .. ":set_targets", g, "set_targets", t)
    end
    if f % 5 == 0 then M(label .. ":positions()#" .. f, g, "positions") end
  end
  M(label .. ":positions(out)", g, "positions", { 1, 2 })
  for i = 1, n do
    M(label .. ":position(" .. i .. ")", g, "position", i)
    M(label .. ":velocity(" .. i .. ")", g, "velocity", i)
    M(label .. ":target(" .. i .. ")", g, "target", i)
    M(label .. ":at_rest(" .. i .. ")", g, "at_rest", i)
  end
  M(label .. ":position(0)", g, "position", 0)
  M(label .. ":set_targets({1})", g, "set_targets", { 1 })
  M(label .. ":update(-1)", g, "update", -1)
end
local function ramp(n, a, b) local t = {} for i = 1, n do t[i] = a + (b - a) * (i - 1) / (n - 1) end return t end
local group_opts = {
  { "under", { count = 37, stiffness = 170, damping = 12, from = ramp(37, -4, 9), to = 1 } },
  { "critical", { count = 37, stiffness = 100, damping = 20, to = ramp(37, 3, -3) } },
  { "over", { count = 19, stiffness = 100, damping = 70, mass = 1.5, velocity = ramp(19, -8, 8) } },
  { "wobbly", { count = 9, preset = "wobbly", from = 0, to = 100 } },
  { "duration", { count = 33, duration = 0.35, bounce = 0.2, clamp = true } },
}
for _, simd in ipairs({ "best", "avx512", "avx", "sse2", "scalar" }) do
  for _, go in ipairs(group_opts) do
    group_run("spring_group(" .. go[1] .. ", " .. simd .. ")", go[2], simd)
  end
end
K("spring_group{count = 0}", "spring_group", { count = 0 })
K("spring_group{count = 3, to = {1, 2}}", "spring_group", { count = 3, to = { 1, 2 } })
K("spring_group{count = 2, frobnicate}", "spring_group", { count = 2, frobnicate = 1 })

---------------------------------------------------------------- friction, gravity
local function motion_common(label, m, times)
  ts("tostring(" .. label .. ")", m)
  for _, t in ipairs(times) do
    M(label .. ":at(" .. t .. ")", m, "at", t)
    M(label .. ":done(" .. t .. ")", m, "done", t)
  end
  for f = 1, 20 do
    M(label .. ":update#" .. f, m, "update", DT[(f - 1) % #DT + 1])
    M(label .. ":position()#" .. f, m, "position")
    M(label .. ":velocity()#" .. f, m, "velocity")
    M(label .. ":time()#" .. f, m, "time")
    M(label .. ":done()#" .. f, m, "done")
  end
end
local T = { 0, 0.016, 0.1, 0.5, 1, 2.5, 7, 30 }
local frictions = {
  { "plain", { drag = 0.135, position = 10, velocity = 800 } },
  { "negative", { drag = 0.5, position = -3, velocity = -40 } },
  { "constant", { drag = 0.2, velocity = 300, constant_deceleration = 120 } },
  { "strong", { drag = 1e-6, velocity = 1 } },
}
for _, fr in ipairs(frictions) do
  local label = "friction(" .. fr[1] .. ")"
  local f = K(label, "friction", fr[2])
  if f then
    M(label .. ":final_position()", f, "final_position")
    for _, x in ipairs({ 0, 10, 50, 200, 1e6, -1e6 }) do M(label .. ":time_at(" .. x .. ")", f, "time_at", x) end
    motion_common(label, f, T)
  end
end
K("friction{drag = 0}", "friction", { drag = 0 })
K("friction{drag = 2}", "friction", { drag = 2, velocity = 1 })
K("friction{}", "friction", {})
local gravities = {
  { "down", { acceleration = 9.81, position = 0, velocity = -5 } },
  { "up", { acceleration = -1000, position = 300, velocity = 250 } },
}
for _, gr in ipairs(gravities) do
  local label = "gravity(" .. gr[1] .. ")"
  local g = K(label, "gravity", gr[2])
  if g then motion_common(label, g, T) end
end
K("gravity{acceleration = 1/0}", "gravity", { acceleration = 1 / 0 })
K("gravity{gravity = 1}", "gravity", { gravity = 1 })

---------------------------------------------------------------- scroll and inertia
local scrolls = {
  { "bouncing_scroll", "past max", { position = 0, velocity = 3000, min = 0, max = 500 } },
  { "bouncing_scroll", "past min", { position = 500, velocity = -1e5, min = 0, max = 500 } },
  { "bouncing_scroll", "outside", { position = -40, velocity = 10, min = 0, max = 100,
                                    spring = { stiffness = 300, damping = 10 } } },
  { "bouncing_scroll", "inside", { position = 10, velocity = 100, min = -1 / 0, max = 1 / 0 } },
  { "clamping_scroll", "fling", { position = 0, velocity = 3000 } },
  { "clamping_scroll", "back", { position = 10, velocity = -700, friction = 0.03 } },
  { "inertia", "plain", { position = 0, velocity = 1000 } },
  { "inertia", "bounds", { position = 0, velocity = 1000, max = 300, snap = { 0, 250, 500 } } },
  { "inertia", "outside", { position = 400, velocity = -20, min = 0, max = 300, rest_speed = 1 } },
  { "inertia", "function", { velocity = 640, snap = function(x) return math.floor(x / 64 + 0.5) * 64 end } },
  { "decay", "plain", { position = 3, velocity = 640 } },
  { "decay", "strong", { velocity = -900, friction_multiplier = 3, threshold = 1 } },
}
for _, sc in ipairs(scrolls) do
  local label = sc[1] .. "(" .. sc[2] .. ")"
  local m = K(label, sc[1], sc[3])
  if m then
    M(label .. ":final_position()", m, "final_position")
    motion_common(label, m, T)
  end
end
K("bouncing_scroll{min = 2, max = 1}", "bouncing_scroll", { min = 2, max = 1 })
K("inertia{snap = 'x'}", "inertia", { snap = "x" })
K("decay{threshold = 0}", "decay", { threshold = 0 })

---------------------------------------------------------------- damping, followers, noise
for i, c in ipairs { { 0, 10, 2, 0.5 }, { -3.5, 7, 0.1, 1 / 60 }, { 5, 5, 9, 2 }, { 1e300, -1e300, 1, 3 } } do
  K("damp #" .. i, "damp", c[1], c[2], c[3], c[4])
end
K("damp(rate = -1)", "damp", 0, 1, -1, 1)
for i, c in ipairs { { 0, 10, 0, 0.3, 1 / 60 }, { 9.9, 10, 50, 0.3, 0.5 }, { 0, 1000, 0, 0.5, 1 / 60, 2 },
                     { 3, -4, 12, 1e-6, 0.1 }, { 5, 5, -3, 0.2, 0 } } do
  K("smooth_damp #" .. i, "smooth_damp", c[1], c[2], c[3], c[4], c[5], c[6])
end
K("smooth_damp(smooth_time = 0)", "smooth_damp", 0, 1, 0, 0, 1)
for _, x in ipairs { 0, 0.25, 0.5, 1.75, -3.3, 1234.5678, 2 ^ 52 + 2 } do
  K("noise(" .. x .. ")", "noise", x)
  K("noise(" .. x .. ", 7)", "noise", x, 7)
end
K("noise(1, 0.5)", "noise", 1, 0.5)
local followers = {
  { "coast", { max_acceleration = 10, max_speed = 5, target = 20 } },
  { "overshoot", { max_acceleration = 3, position = 2, velocity = 9, target = 0 } },
  { "too fast", { max_acceleration = 2, max_speed = 1, velocity = -5, target = 10 } },
}
for _, fc in ipairs(followers) do
  local label = "follower(" .. fc[1] .. ")"
  local f = K(label, "follower", fc[2])
  if f then
    M(label .. ":remaining_time()", f, "remaining_time")
    M(label .. ":final_position()", f, "final_position")
    motion_common(label, f, T)
    M(label .. ":set_target(-4)", f, "set_target", -4)
    M(label .. ":remaining_time() after", f, "remaining_time")
    motion_common(label .. " re-planned", f, T)
  end
end
K("follower{max_acceleration = 0}", "follower", { max_acceleration = 0 })

---------------------------------------------------------------- timelines
local events = {}
local function recorder(name)
  return function(_, x) events[#events + 1] = name .. (x and ("(" .. x .. ")") or "") end
end
local timelines = {
  { "number", { from = 0, { to = 100, duration = 0.5, easing = "ease-out" },
                { to = 40, duration = 0.25, easing = kinetic.bezier(0.2, 0, 0, 1) },
                after = "reverse", iterations = 3, delay = 0.1 } },
  { "restart", { from = -1, { to = 1, duration = 0.3, easing = "outElastic" },
                 { to = 0, duration = 0.2, easing = "inOutSine" }, after = "restart" } },
  { "vector", { from = { 0, 0, 0 }, { to = { 1, 2, 3 }, duration = 1, easing = "outBounce" },
                { to = { -1, 5, 0.5 }, duration = 0.5, easing = "steps(4)" } } },
  { "vector6", { from = { 1, 2, 3, 4, 5, 6 }, { to = { 6, 5, 4, 3, 2, 1 }, duration = 0.8, easing = "inExpo" } } },
  { "named", { from = { x = 0, y = 10, alpha = 1 },
               { to = { x = 100, y = -10, alpha = 0.5 }, duration = 0.6, easing = "outBack" },
               { to = { x = 50, y = 0, alpha = 1 }, duration = 0.4, easing = "inOutSine" } } },
  { "lua easing", { from = 0, { to = 1, duration = 1, easing = function(p) return p * p * (3 - 2 * p) end } } },
  { "shortest-angle", { from = 350, { to = 10, duration = 1 }, { to = 180, duration = 1, easing = "inOutCubic" },
                        interpolation = "shortest-angle" } },
  { "longest-angle", { from = 0.1, { to = 6, duration = 1, easing = "outCirc" },
                       interpolation = "longest-angle", angle_unit = "radians" } },
  { "polar", { from = { 5, -2 }, { to = { 3, 2 }, duration = 1, easing = "inOutQuart" },
               { to = { -4, -1 }, duration = 0.5 }, interpolation = "polar", pivot = { 3, -2 } } },
  { "events", { from = 0, { to = 1, duration = 0.25 }, { to = 2, duration = 0.25 }, after = "reverse",
                iterations = 4, on_keyframe = recorder("keyframe"), on_iteration = recorder("iteration"),
                on_complete = recorder("complete") } },
}
local tl_times = { -1, 0, 0.05, 0.1, 0.2, 0.3333, 0.45, 0.6, 0.75, 0.85, 1, 1.2, 1.5, 2.2, 5 }
local made = {}
for _, def in ipairs(timelines) do
  local label = "timeline(" .. def[1] .. ")"
  local tl = K(label, "timeline", def[2])
  if tl then
    made[#made + 1] = tl
    ts("tostring(" .. label .. ")", tl)
    M(label .. ":duration()", tl, "duration")
    M(label .. ":total_duration()", tl, "total_duration")
    for _, t in ipairs(tl_times) do
      M(label .. ":at(" .. t .. ")", tl, "at", t)
      M(label .. ":at(" .. t .. ", out)", tl, "at", t, {})
    end
    for f = 1, 24 do
      M(label .. ":update#" .. f, tl, "update", DT[(f - 1) % #DT + 1] / 3)
      if f % 3 == 0 then M(label .. ":update(0, out)#" .. f, tl, "update", 0, {}) end
      if f % 6 == 0 then
        M(label .. ":time()#" .. f, tl, "time")
        M(label .. ":done()#" .. f, tl, "done")
      end
    end
    local obj = {}
    M(label .. ":apply(obj)", tl, "apply", obj)
    emit(label .. " obj", obj)
    M(label .. ":seek(0.4)", tl, "seek", 0.4)
    M(label .. ":time()", tl, "time")
    M(label .. ":update(0.01)", tl, "update", 0.01)
    M(label .. ":seek(1e9)", tl, "seek", 1e9)
    M(label .. ":done()", tl, "done")
  end
end
emit("timeline events", events)
K("update_timelines(list, 0.05)", "update_timelines", made, 0.05)
for f = 1, 8 do K("update_timelines(list, 1/60, out)#" .. f, "update_timelines", made, 1 / 60, {}) end
K("update_timelines({1}, 0.1)", "update_timelines", { 1 }, 0.1)
K("timeline{}", "timeline", {})
K("timeline{from = 0, {to = 1, duration = 0}}", "timeline", { from = 0, { to = 1, duration = 0 } })
K("timeline{from = 0, {to = 1, duration = 1, easing = 'nope'}}", "timeline",
  { from = 0, { to = 1, duration = 1, easing = "nope" } })
K("timeline{after = 'sideways'}", "timeline", { from = 0, { to = 1, duration = 1 }, after = "sideways" })
K("timeline{from = {1, 2}, {to = {1}}}", "timeline", { from = { 1, 2 }, { to = { 1 }, duration = 1 } })

---------------------------------------------------------------- viewport
local viewports = {
  { "plain", { width = 800, height = 600 } },
  { "centred", { width = 1920, height = 1080, origin = { 0.5, 0.5 }, unit = { 1, -1 }, scale = { 37.5, 37.5 } } },
  { "odd", { width = 333, height = 777, origin = { 0.1, 0.9 }, unit = { 0.3, -0.7 }, scale = { 1e-3, 1e5 } } },
}
local fields = { "width", "height", "origin_x", "origin_y", "unit_x", "unit_y", "scale_x", "scale_y" }
for _, v in ipairs(viewports) do
  local label = "viewport(" .. v[1] .. ")"
  local vp = K(label, "viewport", v[2])
  if vp then
    ts("tostring(" .. label .. ")", vp)
    for _, f in ipairs(fields) do op(label .. "." .. f, vp, "__index", function() return vp[f] end) end
    for _, xy in ipairs({ { 0, 0 }, { 1, 1 }, { -3.25, 7.5 }, { 1e6, -1e-6 }, { 0.1, 0.2 } }) do
      local sx, sy = M(label .. ":to_screen(" .. xy[1] .. ", " .. xy[2] .. ")", vp, "to_screen", xy[1], xy[2])
      if sx then M(label .. ":to_world(to_screen(" .. xy[1] .. ", " .. xy[2] .. "))", vp, "to_world", sx, sy) end
    end
    op(label .. ".scale = {2, 3}", vp, "__newindex", function() vp.scale = { 2, 3 } end)
    op(label .. ".width = 1024", vp, "__newindex", function() vp.width = 1024 end)
    M(label .. ":to_screen(1, 1) after", vp, "to_screen", 1, 1)
    M(label .. ":to_world(10, 10) after", vp, "to_world", 10, 10)
    op(label .. ".width = -1", vp, "__newindex", function() vp.width = -1 end)
    op(label .. ".depth = 1", vp, "__newindex", function() vp.depth = 1 end)
    op(label .. ".depth", vp, "__index", function() return vp.depth end)
  end
end
K("viewport{width = 0/0}", "viewport", { width = 0 / 0, height = 1 })
K("viewport{colour}", "viewport", { width = 1, height = 1, colour = 1 })

---------------------------------------------------------------- paths and colours
local PATHS = {
  { "bezier5", { kind = "bezier", { 0, 0 }, { 30, 80 }, { 60, -20 }, { 90, 100 }, { 120, 10 }, { 150, 60 } } },
  { "spline", { kind = "bezier-spline", closed = true, { 0, 0 }, { 40, 80 }, { 120, 80 }, { 160, 0 },
                { 120, -80 }, { 40, -80 } } },
  { "catmull", { kind = "catmull-rom", { 0, 0 }, { 100, 20 }, { 130, 120 }, { 40, 160 }, { -30, 90 } } },
  { "chordal", { kind = "catmull-rom", alpha = 1, closed = true, { 0, 0 }, { 10, 0 }, { 10, 30 } } },
  { "cusp", { kind = "bezier", { 0, 0 }, { 100, 100 }, { 0, 100 }, { 100, 0 } } },
  { "linear", { kind = "linear", closed = true, { 0, 0 }, { 3, 0 }, { 3, 4 } } },
}
local paths = {}
for _, c in ipairs(PATHS) do
  local p = K("path(" .. c[1] .. ")", "path", c[2])
  if p then
    paths[c[1]] = p
    ts("tostring(path(" .. c[1] .. "))", p)
    M("path(" .. c[1] .. "):length()", p, "length")
    for _, u in ipairs({ -0.25, 0, 0.1, 1 / 3, 0.5, 0.77, 1, 1.5 }) do
      M("path(" .. c[1] .. "):at(" .. u .. ")", p, "at", u)
      M("path(" .. c[1] .. "):point(" .. u .. ")", p, "point", u)
    end
    M("path(" .. c[1] .. "):sample(8)", p, "sample", 8)
    M("path(" .. c[1] .. "):sample(2, out)", p, "sample", 2, { 9 })
  end
end
K("path{one point}", "path", { kind = "linear", { 0, 0 } })
K("path{kind}", "path", { kind = "spiral", { 0, 0 }, { 1, 1 } })
K("path{nan}", "path", { kind = "linear", { 0, 0 }, { 0 / 0, 1 } })
K("path{spline count}", "path", { kind = "bezier-spline", { 0, 0 }, { 1, 1 }, { 2, 2 } })

local COLORS = { "#0f8", "#11223344", "rebeccapurple", "transparent", "rgb(300 -20 0)", "rgba(10, 20, 30, 0.5)",
                 "hsl(200deg 80% 40%)", "hwb(90 10% 20% / 0.7)", "lab(50% 120 -120)", "lch(70 40 none)",
                 "oklab(0.6 0.1 -0.1)", "oklch(0.9 0.4 30)", "color(display-p3 1 0 0)", "color(rec2020 0.2 0.8 0.1)",
                 "color(a98-rgb 0.5 0.5 0.5)", "color(prophoto-rgb 0.3 0.6 0.9)", "color(xyz-d50 0.2 0.3 0.4)",
                 "color(srgb-linear 0.5 none 0.25)" }
local SPACES = { "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50",
                 "xyz-d65", "lab", "lch", "oklab", "oklch", "hsl", "hwb" }
for _, spec in ipairs(COLORS) do
  local c = K("color(" .. spec .. ")", "color", spec)
  if c then
    ts("tostring(color(" .. spec .. "))", c)
    M("color(" .. spec .. "):hex()", c, "hex")
    M("color(" .. spec .. "):rgba()", c, "rgba")
    for _, space in ipairs(SPACES) do M("color(" .. spec .. "):to(" .. space .. ")", c, "to", space) end
  end
end
K("color(r, g, b, a)", "color", 0.2, 0.4, 0.6, 0.8)
K("color(bad)", "color", "rgb(1 2)")
K("color(1.5, 0, 0)", "color", 1.5, 0, 0)
for _, hue in ipairs({ "shorter", "longer", "increasing", "decreasing" }) do
  for _, space in ipairs({ "oklab", "oklch", "srgb", "hsl", "lab" }) do
    for _, t in ipairs({ 0, 0.3, 1 }) do
      K("mix(" .. space .. ", " .. hue .. ", " .. t .. ")", "mix", "hsl(30 90% 50% / 0.4)", "oklch(0.6 0.2 300)",
        t, space, hue)
    end
  end
end
K("mix(bad space)", "mix", "red", "blue", 0.5, "cmyk")
if paths.spline then
  local tp = K("timeline{path}", "timeline", { path = paths.spline, rotate = true, from = 0,
                                               { to = 0.6, duration = 1, easing = "ease-in" },
                                               { to = 1, duration = 1 } })
  if tp then
    for _, t in ipairs({ 0, 0.4, 1.2, 2 }) do M("timeline{path}:at(" .. t .. ")", tp, "at", t) end
    M("timeline{path}:update", tp, "update", 0.5, {})
    M("timeline{path}:apply", tp, "apply", {})
  end
end
local tc = K("timeline{colours}", "timeline", { from = { fill = "#ff0000", x = 0 }, color_space = "lch",
                                                 { to = { fill = "color(display-p3 0 1 0)", x = 1 }, duration = 1 } })
if tc then
  for _, t in ipairs({ 0, 0.3, 1 }) do M("timeline{colours}:at(" .. t .. ")", tc, "at", t) end
end

---------------------------------------------------------------- animator
do
  local anim = K("animator()", "animator")
  ts("tostring(animator())", anim)
  local objs = {}
  for i = 1, 5 do objs[i] = { x = 0, y = i, v = { 0, 1 } } end
  local t1 = M("anim:to(obj1)", anim, "to", objs[1], 0.7, { x = 100, y = "+=5", v = { 2, 3 } },
               { easing = "outBack", delay = 0.05 })
  local t2 = M("anim:from(obj2)", anim, "from", objs[2], 0.4, { x = 50 },
               { easing = "inOutCubic", after = "reverse", iterations = 3 })
  local g = M("anim:to(list)", anim, "to", { objs[3], objs[4], objs[5] }, 0.3, { x = 10 },
              { stagger = { each = 0.05, from = "center", easing = "inQuad" } })
  local spring_obj = { x = 0, p = { 0, 0 } }
  local sp = M("anim:spring(obj)", anim, "spring", spring_obj, { x = 10, p = { 3, -4 } },
               { preset = "wobbly", velocity = 2 })
  local fling_obj = { a = 10, b = 0, c = 0, d = 5 }
  local fl = M("anim:fling(inertia)", anim, "fling", fling_obj, "a", 900, { max = 200, snap = { 0, 150, 300 } })
  M("anim:fling(bouncing)", anim, "fling", fling_obj, "b", 2000, { kind = "bouncing", min = 0, max = 100 })
  M("anim:fling(clamping)", anim, "fling", fling_obj, "c", -1500, { kind = "clamping" })
  M("anim:fling(decay)", anim, "fling", fling_obj, "d", 300, { kind = "decay", threshold = 1 })
  M("anim:fling(bad kind)", anim, "fling", fling_obj, "a", 1, { kind = "nope" })
  local path_obj, color_obj = {}, { s = "#ff0000", c = kinetic.color("navy"), a = { 1, 1, 1, 1 } }
  if paths.catmull then
    M("anim:to(path)", anim, "to", path_obj, 0.5, { pos = paths.catmull }, { rotate = true, easing = "inOutSine" })
  end
  M("anim:to(colours)", anim, "to", color_obj, 0.5, { s = "oklch(0.7 0.2 150)", c = "white", a = "#00f8" },
    { color_space = "oklch", hue = "longer" })
  local color_spring = { c = "#123456" }
  M("anim:spring(colour)", anim, "spring", color_spring, { c = "#fedcba" }, { preset = "gentle" })
  local seq_obj = { a = 0 }
  local seq = M("anim:sequence()", anim, "sequence", { iterations = 2, after = "reverse" })
  if seq then
    ts("tostring(seq)", seq)
    M("seq:to", seq, "to", seq_obj, 0.2, { a = 1 }, { easing = "linear" })
    M("seq:label", seq, "label", "mid")
    M("seq:from", seq, "from", seq_obj, 0.2, { a = 2 }, "mid+=0.05")
    M("seq:call", seq, "call", function() end, "<0.1")
  end
  if t1 then
    ts("tostring(t1)", t1)
    M("t1:ease", t1, "ease", "outQuad")
    M("t1:on_start", t1, "on_start", function() end)
    M("t1:on_update", t1, "on_update", function() end)
    M("t1:on_complete", t1, "on_complete", function() end)
    M("t1:delay", t1, "delay", 0.02)
    M("t1:after", t1, "after", 0.2, { x = 0 })
    M("t1:time_scale(1.5)", t1, "time_scale", 1.5)
  end
  for f = 1, 40 do
    M("anim:update#" .. f, anim, "update", DT[(f - 1) % #DT + 1] / 2)
    if f == 10 and sp then M("anim:spring retarget", anim, "spring", spring_obj, { x = -5 }) end
    if f == 12 and t2 then M("t2:pause", t2, "pause") end
    if f == 16 and t2 then M("t2:resume", t2, "resume") end
    if f % 8 == 0 then
      emit("objs#" .. f, objs)
      emit("fling_obj#" .. f, fling_obj)
      if fl then M("fl:progress()#" .. f, fl, "progress") end
      emit("spring_obj#" .. f, spring_obj)
      emit("seq_obj#" .. f, seq_obj)
      emit("path_obj#" .. f, path_obj)
      emit("color_obj.s#" .. f, color_obj.s)
      emit("color_obj.c#" .. f, tostring(color_obj.c))
      emit("color_obj.a#" .. f, color_obj.a)
      emit("color_spring#" .. f, color_spring)
      for _, nh in ipairs({ { "t1", t1 }, { "t2", t2 }, { "g", g }, { "sp", sp }, { "seq", seq } }) do
        local name, h = nh[1], nh[2]
        M(name .. ":time()#" .. f, h, "time")
        M(name .. ":progress()#" .. f, h, "progress")
        M(name .. ":done()#" .. f, h, "done")
      end
    end
  end
  if seq then
    M("seq:pause", seq, "pause")
    M("seq:resume", seq, "resume")
    M("seq:time_scale(2)", seq, "time_scale", 2)
    M("seq:seek(0.1)", seq, "seek", 0.1)
    emit("seq_obj after seek", seq_obj)
    M("seq:ease", seq, "ease", "linear")
    M("seq:delay", seq, "delay", 1)
    M("seq:on_start", seq, "on_start", function() end)
    M("seq:on_update", seq, "on_update", function() end)
    M("seq:on_complete", seq, "on_complete", function() end)
    M("seq:after", seq, "after", seq_obj, 0.1, { a = 5 })
    M("seq:finish", seq, "finish")
    emit("seq_obj after finish", seq_obj)
    M("seq:stop", seq, "stop")
  end
  if t2 then
    M("t2:seek(0.3)", t2, "seek", 0.3)
    emit("obj2 after seek", objs[2])
    M("t2:finish()", t2, "finish")
    M("t2:stop()", t2, "stop")
  end
  M("anim:time_scale(2)", anim, "time_scale", 2)
  M("anim:time_scale()", anim, "time_scale")
  M("anim:pause()", anim, "pause")
  M("anim:update(paused)", anim, "update", 0.1)
  M("anim:resume()", anim, "resume")
  M("anim:count()", anim, "count")
  M("anim:stop(obj, 'x')", anim, "stop", spring_obj, "x")
  M("anim:stop()", anim, "stop")
  M("anim:count() after", anim, "count")
  M("anim:to(bad)", anim, "to", 1, 1, { x = 1 })
  M("anim:to(eas)", anim, "to", {}, 1, { x = 1 }, { eas = "linear" })
end

---------------------------------------------------------------- the toolbox
do
  local anim = K("animator{reduced_motion}", "animator", { reduced_motion = false })
  local o = { x = 0.3, y = 7, p = { 0, 0 }, s = 5, f = 0, q = 0 }
  local log = {}
  M("anim:to(round)", anim, "to", o, 0.9, { x = 40, p = { 3, -7 } },
    { easing = "outBack", round = 0.5, repeat_delay = 0.2, iterations = 3, after = "reverse",
      yoyo_ease = "inCubic", on_repeat = function(_, n) log[#log + 1] = n end })
  M("anim:spring(round set)", anim, "spring", o, { y = 30 }, { preset = "wobbly", round = { 0, 10, 20, 30 } })
  M("anim:follow", anim, "follow", o, { s = 80 }, { max_acceleration = 400, max_speed = 90, round = true })
  M("anim:shake", anim, "shake", o, { "f" }, { amplitude = 4, frequency = 9, seed = 2, duration = 0.6 })
  local set = M("anim:quick_to", anim, "quick_to", o, "q", { duration = 0.25, easing = "inOutSine" })
  M("anim:next_change()#0", anim, "next_change")
  for f = 1, 30 do
    if set and f % 7 == 1 then emit_call("set#" .. f, set, f * 3) end
    local nc = M("anim:next_change()#" .. f, anim, "next_change")
    M("anim:update#" .. f, anim, "update", nc and nc > 0 and nc < 0.2 and nc or DT[(f - 1) % #DT + 1] / 2)
    if f == 12 then M("anim:follow retarget", anim, "follow", o, { s = -20 }) end
    if f % 6 == 0 then emit("toolbox#" .. f, o) end
  end
  emit("on_repeat", log)
  M("anim:reduced_motion(true)", anim, "reduced_motion", true)
  M("anim:reduced_motion()", anim, "reduced_motion")
  M("anim:to(reduced)", anim, "to", o, 1, { x = -3 }, { round = true })
  M("anim:update(reduced)", anim, "update", 0.01)
  emit("toolbox reduced", o)
  M("anim:to(round = 0)", anim, "to", o, 1, { x = 1 }, { round = 0 })
  M("anim:follow(no limit)", anim, "follow", {}, { x = 1 }, {})
  M("anim:shake(no fields)", anim, "shake", o, {}, { amplitude = 1 })
  local tl = K("timeline{round, repeat_delay}", "timeline",
               { from = 0, { to = 10, duration = 1, easing = "outElastic" }, round = 0.5,
                 repeat_delay = 0.3, iterations = 2, after = "reverse" })
  if tl then
    for f = 1, 12 do
      local nc = M("tl:next_change()#" .. f, tl, "next_change")
      M("tl:update#" .. f, tl, "update", nc and nc > 0 and nc < 1 and nc or 0.1)
    end
  end
end

---------------------------------------------------------------- coverage
local missing = {}
for name, v in pairs(kinetic) do
  if type(v) == "function" and not name:match("^_") and not called["kinetic." .. name] then
    missing[#missing + 1] = "kinetic." .. name
  end
end
local metamethods = { __call = true, __tostring = true, __eq = true, __len = true, __newindex = true }
local registry = debug and kinetic._backend ~= "lua" and debug.getregistry() or {}
for key, mt in pairs(registry) do
  if type(key) == "string" and key:match("^kinetic%.%u") and type(mt) == "table" then
    local class = key:match("^kinetic%.(.*)$")
    local index = rawget(mt, "__index")
    if type(index) == "table" then
      for name, v in pairs(index) do
        if type(v) == "function" and not name:match("^_") and not called[class .. ":" .. name] then
          missing[#missing + 1] = class .. ":" .. name
        end
      end
    elseif type(index) == "function" then   -- fields and methods (Viewport)
      if not called[class .. ":__index"] then missing[#missing + 1] = class .. ":__index" end
      local _, methods = debug.getupvalue(index, 1)
      if type(methods) == "table" then
        for name, v in pairs(methods) do
          if type(v) == "function" and not name:match("^_") and not called[class .. ":" .. name] then
            missing[#missing + 1] = class .. ":" .. name
          end
        end
      end
    end
    for name in pairs(metamethods) do
      if rawget(mt, name) ~= nil and not called[class .. ":" .. name] then
        missing[#missing + 1] = class .. ":" .. name
      end
    end
  end
end

if type(out) == "function" then
  out(table.concat(lines, "\n") .. "\n")
else
  local fh = assert(io.open(out, "wb"))
  fh:write(table.concat(lines, "\n"), "\n")
  fh:close()
end
if #missing > 0 then
  table.sort(missing)
  local msg = "tools/test/windows_check.lua calls no " .. table.concat(missing, ", ") .. ": add them there"
  if type(out) == "function" then error(msg, 0) end
  io.stderr:write(msg, "\n")
  os.exit(1)
end
