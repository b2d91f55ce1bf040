-- fuzz/diff.lua: the differential fuzzer of kinetic's two backends.
--
-- One Lua state loads the C core (require("kinetic")) and the Lua backend
-- (require("kinetic.pure")).  Each run draws a seeded random script of API
-- calls -- constructors with random options, good and bad; updates with
-- random dt; retargets, seeks; callbacks that stop or start other
-- animations -- and runs it once on each backend from the same seed.  Every
-- value a call returns or writes, every callback and every error message is
-- recorded; the two records must be equal: numbers bit for bit (and of the
-- same subtype on Lua 5.3+), texts byte for byte.  The first difference
-- stops the run with the script's seed, the part and both records around it.
--
--   lua fuzz/diff.lua [runs [seed [part]]]      (FUZZ_DIFF_RUNS, FUZZ_DIFF_SEED)
--
-- package.path must reach lua/ and package.cpath the C core of this VM.
local runs = tonumber(arg and arg[1]) or tonumber(os.getenv("FUZZ_DIFF_RUNS")) or 2000
local seed0 = tonumber(arg and arg[2]) or tonumber(os.getenv("FUZZ_DIFF_SEED")) or 1
local only = arg and arg[3]

local C = require("kinetic")
assert(C._backend ~= "lua", "fuzz/diff.lua: the C core did not load (KINETIC_BACKEND set?)")
local L = require("kinetic.pure")
assert(L._backend == "lua")

local format, floor, huge = string.format, math.floor, math.huge
local mtype = math.type or function() return "float" end

-- ---- a random source with the same sequence on every VM ----------------------
-- Park and Miller's minimal standard generator: every product is below
-- 2^53, so doubles (and 5.3's floats) compute it exactly.
local state = 1.0
local R = {}
function R.seed(s) state = (s % 2147483646) + 1.0 end
function R.u()
  state = (state * 16807.0) % 2147483647.0
  return state / 2147483647.0
end
function R.int(a, b) return a + floor(R.u() * (b - a + 1)) end
function R.pick(t) return t[R.int(1, #t)] end
function R.chance(p) return R.u() < p end
function R.range(a, b) return a + (b - a) * R.u() end

local odd_numbers = { 0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, -1e-300, 1e300, 2.0, 3, 0, -3,
                      1 / 3, 0.1, 0.25, 0.75, 0.999999999999, 1.000000000001, 1e-9,
                      huge, -huge, 0 / 0, 100.0, 1e6, -7.5 }
-- a number, sometimes an edge case, sometimes a value of another type
local function num(a, b, bad)
  local r = R.u()
  if bad and r < 0.04 then return R.pick({ "1", true, {}, "x" }) end
  if r < 0.15 then return R.pick(odd_numbers) end
  if r < 0.25 then return R.int(floor(a), floor(b)) end
  return R.range(a, b)
end
local function good(a, b) return R.range(a, b) end

-- ---- the record ------------------------------------------------------------------
local record
local function key_of(v, depth)
  local t = type(v)
  if t == "number" then return mtype(v) .. ":" .. format("%.17g", v) end
  if t == "string" then return "s:" .. (v:gsub("0x%x+", "0x?"):gsub(": %x%x%x%x%x+", ": ?")) end
  if (t == "table" or t == "userdata") and getmetatable(v) == "kinetic" then
    return "object:" .. (tostring(v):gsub("0x%x+", "0x?"):gsub(": %x%x%x%x%x+", ": ?"))
  end
  if t == "table" and (depth or 0) < 3 then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
      return type(a) < type(b)
    end)
    local out = {}
    for i = 1, #keys do
      out[i] = key_of(keys[i], 3) .. "=" .. key_of(v[keys[i]], (depth or 0) + 1)
    end
    return "{" .. table.concat(out, ",") .. "}"
  end
  if t == "table" or t == "userdata" or t == "function" then
    return t .. ":" .. (tostring(v):gsub("0x%x+", "0x?"):gsub(": %x%x%x%x%x+", ": ?"))
  end
  return t .. ":" .. tostring(v)
end
local function obs(tag, ...)
  local n = select("#", ...)
  local parts = { tag }
  for i = 1, n do parts[#parts + 1] = key_of((select(i, ...))) end
  record[#record + 1] = table.concat(parts, " ")
end
-- call f(...) protected; record its results or its error
local unpack = table.unpack or unpack
local function pack(...) return { n = select("#", ...), ... } end
local function try(tag, f, ...)
  local res = pack(pcall(f, ...))
  if res[1] then
    obs(tag, unpack(res, 2, res.n))
  else
    -- C's luaL_error puts the caller's position in front; the Lua
    -- backend's messages have none (docs/internals.md)
    local e = res[2]
    if type(e) == "string" then e = e:gsub("^.-:%d+: ", "", 1) end
    obs(tag .. " error", e)
  end
  return res[1], res[2]
end

-- a method call that is recorded: m(tag, obj, "name", args...), made in
-- the method form obj:name(...) (C numbers the arguments by the call's form)
local callers = {}
local load_ = loadstring or load
local function m(tag, obj, name, ...)
  local call = callers[name]
  if call == nil then
    -- not a tail call: LuaJIT would then count self as argument #1
    call = load_("local id = ...; return function(o, ...) return id(o:" .. name
                 .. "(...)) end")(function(...) return ... end)
    callers[name] = call
  end
  return try(tag .. ":" .. name, call, obj, ...)
end

-- ---- easings ----------------------------------------------------------------------
local families = { "Quad", "Cubic", "Quart", "Quint", "Sine", "Expo", "Circ", "Back", "Elastic",
                   "Bounce" }
local css = { "linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end",
              "cubic-bezier(0.25, 0.1, 0.25, 1)", "steps(4, jump-both)", "steps(3)",
              "linear(0, 0.25 75%, 1)", "cubic-bezier(0.3, -0.5, 0.7, 1.5)",
              "steps(2, jump-none)", "cubic-bezier(calc(0.1 + 0.2), 0, 1, 1)",
              "accelerate(0.3)", "accelerate-decelerate(0.5)", "quadout", "backout",
              "outBack(2.2)", "outElastic(1, 0.3)", "in-out-quad", "LINEAR", "ease-outt",
              "cubic-bezier(1.2, 0, 1, 1)", "steps(0)", "linear()", "" }
local function easing_spec()
  local r = R.u()
  if r < 0.5 then
    return R.pick({ "in", "out", "inOut", "outIn" }) .. R.pick(families)
  elseif r < 0.85 then
    return R.pick(css)
  elseif r < 0.92 then
    return format("cubic-bezier(%.3f, %.3f, %.3f, %.3f)", R.u(), R.range(-2, 2), R.u(),
                  R.range(-2, 2))
  end
  return format("steps(%d, %s)", R.int(1, 6), R.pick({ "start", "end", "jump-none",
                                                        "jump-both", "jump-start" }))
end

local function part_easing(K)
  local ok, e = try("easing", K.easing, easing_spec())
  if R.chance(0.2) then ok, e = try("bezier", K.bezier, num(-0.2, 1.2, true), num(-2, 2),
                                    num(0, 1), num(-2, 2)) end
  if R.chance(0.1) then ok, e = try("steps", K.steps, num(0, 6, true),
                                    R.pick({ "end", "start", "jump-none", "x" })) end
  if R.chance(0.1) then
    local stops = {}
    for i = 1, R.int(0, 5) do
      stops[i] = R.chance(0.5) and num(-1, 2) or { num(-1, 2), num(0, 1) }
    end
    ok, e = try("linear", K.linear, stops)
  end
  if not ok then return end
  obs("tostring", tostring(e))
  for _ = 1, R.int(1, 12) do
    local p = num(-0.5, 1.5, true)
    try("call", e, p, R.chance(0.2))
  end
  m("e", e, "sample", R.int(1, 8))
  if R.chance(0.3) then m("e", e, "css", R.pick({ "specified", "computed", "x" })) end
  if R.chance(0.3) then try("reparse", K.easing, tostring(e)) end
  if e.slope then
    m("b", e, "slope", num(-0.5, 1.5))
    m("b", e, "inverse", num(0, 1))
    m("b", e, "control_points")
  end
  if R.chance(0.3) then try("step_times", K.step_times, e, R.int(1, 6), num(0.1, 3)) end
end

-- ---- springs ----------------------------------------------------------------------
local spring_families = {
  function() return { stiffness = num(1, 500), damping = num(0, 40), mass = num(0.1, 4) } end,
  function() return { frequency = num(0.1, 5), damping_ratio = num(0, 2) } end,
  function() return { response = num(0.05, 2), damping_ratio = num(0, 2) } end,
  function() return { duration = num(0.05, 2), bounce = num(-0.9, 1) } end,
  function() return { tension = num(10, 400), friction = num(1, 40) } end,
  function() return { origami_tension = num(10, 100), origami_friction = num(1, 20) } end,
  function() return { bounciness = num(0, 20), speed = num(1, 20) } end,
  function() return { preset = R.pick({ "default", "gentle", "wobbly", "stiff", "slow",
                                        "molasses", "wobly" }) } end,
}
local function spring_opts(n)
  local o = R.pick(spring_families)()
  if R.chance(0.05) then o.stiffnes = 1 end
  if R.chance(0.05) then o.tension = 100 end
  local function st(a, b)
    if n == 1 then return num(a, b) end
    local v = {}
    for i = 1, n do v[i] = num(a, b) end
    return v
  end
  if R.chance(0.8) then o.from = st(-100, 100) end
  if R.chance(0.8) then o.to = st(-100, 100) end
  if R.chance(0.5) then o.velocity = st(-500, 500) end
  if R.chance(0.3) then o.integrator = R.pick({ "analytic", "rk4", "euler", "exact" }) end
  if R.chance(0.2) then o.clamp = R.chance(0.5) end
  if R.chance(0.2) then o.rest_delta = num(0, 0.1) end
  if R.chance(0.2) then o.rest_speed = num(0, 0.1) end
  return o
end

local function part_spring(K)
  local n = R.chance(0.8) and 1 or R.int(2, 3)
  local o = spring_opts(n)
  if R.chance(0.3) then o.on_rest = function(s) obs("on_rest", s:position()) end end
  if R.chance(0.2) then o.on_update = function(s) obs("on_update", s:velocity()) end end
  local ok, s = try("spring", K.spring, o)
  if not ok then return end
  for _ = 1, R.int(1, 25) do
    local r = R.u()
    if r < 0.5 then m("s", s, "update", num(0, 0.1, true))
    elseif r < 0.6 then m("s", s, "set_target", num(-100, 100, true))
    elseif r < 0.65 then m("s", s, "set_position", num(-100, 100))
    elseif r < 0.7 then m("s", s, "set_velocity", num(-100, 100))
    elseif r < 0.75 then m("s", s, "at", num(0, 2, true))
    elseif r < 0.8 then m("s", s, "velocity_at", num(0, 2))
    elseif r < 0.85 then m("s", s, "settle_time", R.chance(0.5) and num(0, 1) or nil)
    elseif r < 0.9 then m("s", s, "coefficients", num(0, 0.1))
    elseif r < 0.93 then m("s", s, "params")
    elseif r < 0.96 then
      m("s", s, "position"); m("s", s, "velocity"); m("s", s, "target"); m("s", s, "at_rest")
    else
      local okk, e = m("s", s, "easing", R.chance(0.5) and num(0.1, 3) or nil)
      if okk and R.chance(0.5) then try("spring easing", e, num(0, 1)) end
    end
  end
end

local function part_group(K)
  local count = R.int(1, 40)
  local o = spring_opts(1)
  o.count = R.chance(0.97) and count or num(-1, 3, true)
  o.clamp = nil
  if R.chance(0.5) then
    local to = {}
    for i = 1, count do to[i] = num(-50, 50) end
    o.to = to
  end
  local ok, g = try("spring_group", K.spring_group, o)
  if not ok then return end
  obs("#g", #g)
  for _ = 1, R.int(1, 20) do
    local r = R.u()
    local i = R.int(0, count + 1)
    if r < 0.45 then m("g", g, "update", num(0, 0.1, true))
    elseif r < 0.55 then m("g", g, "set_target", i, num(-50, 50, true))
    elseif r < 0.6 then m("g", g, "set", i, num(-50, 50), R.chance(0.5) and num(-9, 9) or nil)
    elseif r < 0.65 then
      local t = {}
      for k = 1, count do t[k] = num(-50, 50) end
      m("g", g, "set_targets", t)
    elseif r < 0.8 then m("g", g, "positions")
    else
      m("g", g, "position", i); m("g", g, "velocity", i); m("g", g, "target", i)
      m("g", g, "at_rest", i)
    end
  end
end

-- ---- motions and the viewport -------------------------------------------------------
local motions = {
  function(K) return "friction", K.friction, { drag = num(0.01, 0.99), position = num(-100, 100),
    velocity = num(-1000, 1000), constant_deceleration = R.chance(0.3) and num(0, 100) or nil } end,
  function(K) return "gravity", K.gravity, { acceleration = num(-100, 100),
    position = num(-10, 10), velocity = num(-10, 10) } end,
  function(K) return "bouncing_scroll", K.bouncing_scroll, { position = num(-200, 1200),
    velocity = num(-5000, 5000), min = 0, max = num(0, 1000) } end,
  function(K) return "clamping_scroll", K.clamping_scroll, { position = num(0, 1000),
    velocity = num(-5000, 5000), friction = R.chance(0.3) and num(0.001, 0.1) or nil } end,
  function(K) return "inertia", K.inertia, { position = num(-100, 100), velocity = num(-2000, 2000),
    power = R.chance(0.3) and num(0, 1) or nil, min = R.chance(0.4) and -50 or nil,
    max = R.chance(0.4) and 80 or nil, snap = R.chance(0.2) and { -40, 0, 40, 120 } or nil } end,
  function(K) return "decay", K.decay, { position = num(-100, 100), velocity = num(-2000, 2000),
    friction_multiplier = R.chance(0.3) and num(0.1, 3) or nil } end,
}

local function part_motion(K)
  local name, f, o = R.pick(motions)(K)
  if R.chance(0.05) then o.positon = 1 end
  local ok, mo = try(name, f, o)
  if not ok then return end
  for _ = 1, R.int(1, 15) do
    local r = R.u()
    if r < 0.4 then m(name, mo, "update", num(0, 0.1, true))
    elseif r < 0.7 then m(name, mo, "at", num(0, 5, true))
    elseif r < 0.8 then m(name, mo, "done", R.chance(0.5) and num(0, 5) or nil)
    elseif mo.final_position and r < 0.9 then m(name, mo, "final_position")
    elseif mo.time_at and r < 0.95 then m(name, mo, "time_at", num(-100, 100))
    elseif mo.position then m(name, mo, "position"); m(name, mo, "velocity"); m(name, mo, "time")
    end
  end
end

local function part_viewport(K)
  local o = { width = num(1, 2000, true), height = num(1, 2000), origin = { num(0, 1), num(0, 1) },
              unit = { num(-2, 2), num(-2, 2) }, scale = { num(0.1, 3), num(0.1, 3) } }
  if R.chance(0.1) then o.orgin = o.origin end
  local ok, vp = try("viewport", K.viewport, o)
  if not ok then return end
  for _ = 1, R.int(1, 6) do
    m("vp", vp, "to_screen", num(-100, 100, true), num(-100, 100))
    m("vp", vp, "to_world", num(-100, 100), num(-100, 100))
  end
end

-- ---- the round option (timelines and animators) -------------------------------------
-- true, a step, a set, a function; and bad ones (0, -1, an empty set, a
-- string, a function returning a non-number)
local function round_value()
  return R.pick({ true, false, 0.5, 1 / 3, num(0.01, 5), { 0, 10, 5 },
                  { num(-100, 100), num(-100, 100) },
                  function(v) return math.floor(v * 4) / 4 end, 0, -1, {}, "x",
                  function() return "no" end })
end

-- ---- timelines ----------------------------------------------------------------------
local function value_of(shape, n)
  if shape == "number" then return num(-100, 100) end
  if shape == "vector" then
    local v = {}
    for i = 1, n do v[i] = num(-100, 100) end
    return v
  end
  if shape == "color" then return R.pick({ "red", "#00ff0080", "oklch(70% 0.1 200)", "blue" }) end
  return { x = num(-100, 100), y = num(-100, 100) }
end

local function part_timeline(K)
  local shape = R.pick({ "number", "number", "vector", "named", "color" })
  local n = R.int(1, 3)
  local def = { from = value_of(shape, n) }
  for i = 1, R.int(1, 4) do
    local seg = { to = value_of(shape, n), duration = R.chance(0.97) and good(0.05, 1) or 0 }
    if R.chance(0.6) then
      seg.easing = R.chance(0.9) and easing_spec() or function(p) return p * p end
    end
    def[i] = seg
  end
  if R.chance(0.5) then def.after = R.pick({ "stop", "restart", "reverse", "bounce" }) end
  if R.chance(0.4) then def.iterations = R.pick({ 1, 2, 3, huge, 0 }) end
  if R.chance(0.3) then def.delay = num(0, 0.5) end
  if R.chance(0.3) then
    def.repeat_delay = R.chance(0.9) and num(0, 0.5) or R.pick({ -1, 0 / 0, huge, "x" })
  end
  if R.chance(0.4) then def.round = round_value() end
  if shape == "number" and R.chance(0.2) then
    def.interpolation = R.pick({ "shortest-angle", "longest-angle", "linear" })
    def.angle_unit = R.pick({ "degrees", "radians" })
  end
  if R.chance(0.3) then def.on_keyframe = function(_, i) obs("on_keyframe", i) end end
  if R.chance(0.3) then def.on_iteration = function(_, i) obs("on_iteration", i) end end
  if R.chance(0.3) then def.on_complete = function(tl) obs("on_complete", tl:time()) end end
  local ok, tl = try("timeline", K.timeline, def)
  if not ok then return end
  m("tl", tl, "duration"); m("tl", tl, "total_duration")
  for _ = 1, R.int(1, 20) do
    local r = R.u()
    if r < 0.5 then
      if shape == "named" then m("tl", tl, "update", num(0, 0.3, true), {})
      else m("tl", tl, "update", num(0, 0.3, true)) end
    elseif r < 0.7 then
      if shape == "named" then m("tl", tl, "at", num(-0.5, 4), {})
      else m("tl", tl, "at", num(-0.5, 4)) end
    elseif r < 0.8 then m("tl", tl, "seek", num(0, 4, true))
    elseif r < 0.9 then
      -- sleep until the next change, as a host would
      local okk, nc = m("tl", tl, "next_change")
      if okk and type(nc) == "number" and nc > 0 and nc < huge then
        if shape == "named" then m("tl", tl, "update", nc, {})
        else m("tl", tl, "update", nc) end
      end
    else m("tl", tl, "time"); m("tl", tl, "done") end
  end
  if R.chance(0.3) then
    local tls = { tl }
    for i = 2, R.int(2, 4) do
      local okk, t2 = pcall(K.timeline, { from = 0, { to = 1, duration = good(0.1, 1) },
        on_complete = function(t) obs("batch complete", t:time()); if R.chance(0.5) then
          tl:seek(0) end end })
      if okk then tls[i] = t2 end
    end
    for _ = 1, 4 do try("update_timelines", K.update_timelines, tls, num(0, 0.5)) end
  end
end

-- ---- paths and colours --------------------------------------------------------------
local function part_path(K)
  local kind = R.pick({ "bezier", "bezier-spline", "catmull-rom", "linear", "spiral" })
  local def = { kind = kind }
  local np = kind == "bezier-spline" and 3 * R.int(1, 3) + 1 or R.int(1, 7)
  for i = 1, np do def[i] = { num(-100, 100), num(-100, 100) } end
  if R.chance(0.3) then def.closed = true end
  if kind == "catmull-rom" and R.chance(0.5) then def.alpha = num(0, 1) end
  local ok, p = try("path", K.path, def)
  if not ok then return end
  m("p", p, "length")
  for _ = 1, R.int(1, 8) do
    m("p", p, "at", num(-0.2, 1.2, true))
    m("p", p, "point", num(0, 1))
  end
  m("p", p, "sample", R.int(1, 6))
end

local color_specs = { "red", "#abc", "#aabbccdd", "rgb(300 -20 0)", "rgb(10%, 20%, 30%)",
  "hsl(120 50% 50%)", "hsl(120deg, 50%, 50%, 0.5)", "hwb(200 10% 20%)", "lab(50% 40 -20)",
  "lch(70% 50 200)", "oklab(0.6 0.1 -0.1)", "oklch(0.7 0.2 30 / 50%)", "transparent",
  "color(display-p3 1 0 0)", "color(srgb-linear 0.2 0.4 0.6)", "color(rec2020 1 1 0)",
  "color(xyz 0.3 0.3 0.3)", "rgb(calc(100 + 20) 0 0)", "rebeccapurple", "notacolor", "#12345",
  "oklch(1.2 0.5 400)", "lab(120% 0 0)", "hsl(none 50% 50%)", "color(a98-rgb 0.5 0.5 0.5)",
  "color(prophoto-rgb 0.5 0.5 0.5)", "lch(50% -10 30)" }

local function part_color(K)
  local ok, c = try("color", K.color, R.chance(0.85) and R.pick(color_specs)
                    or num(0, 1, true), num(0, 1), num(0, 1))
  if not ok then return end
  obs("tostring", tostring(c))
  m("c", c, "hex"); m("c", c, "rgba")
  m("c", c, "to", R.pick({ "srgb", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3",
                           "xyz-d50", "rec2020", "nope" }))
  local _, d = pcall(K.color, R.pick(color_specs))
  if d then
    local okm, mixed = try("mix", K.mix, c, d, num(-0.2, 1.2, true),
      R.chance(0.5) and R.pick({ "oklab", "oklch", "srgb", "hsl", "lch", "lab", "xyz" }) or nil,
      R.chance(0.3) and R.pick({ "shorter", "longer", "increasing", "decreasing", "x" }) or nil)
    if okm then m("mix", mixed, "hex"); m("mix", mixed, "to", "oklch") end
  end
end

-- ---- animators ----------------------------------------------------------------------
local function part_animator(K)
  local anim
  if R.chance(0.1) then
    anim = select(2, try("animator", K.animator, R.chance(0.9) and { reduced_motion = true }
                         or R.pick({ { reduced_motion = "x" }, { reduced_motin = true } })))
  end
  if type(anim) ~= "userdata" and type(anim) ~= "table" then anim = K.animator() end
  local targets = {}
  for i = 1, R.int(1, 4) do
    targets[i] = { x = num(-50, 50), y = num(-50, 50), c = "#ff0000", v = { 1, 2 } }
  end
  local handles, setters = {}, {}
  local function cb(name)
    return function(a, ...)
      -- every argument after the handle too (on_repeat's n)
      obs(name, a:progress(), select("#", ...), ...)
      local r = R.u()
      if r < 0.1 and handles[1] then pcall(handles[1].stop, handles[1])
      elseif r < 0.15 then
        pcall(anim.to, anim, R.pick(targets), good(0.1, 1), { x = num(-50, 50) })
      end
    end
  end
  local function opts()
    local o = {}
    if R.chance(0.5) then o.easing = R.chance(0.9) and easing_spec()
                                     or function(p) return p end end
    if R.chance(0.3) then o.delay = num(0, 0.3) end
    if R.chance(0.2) then o.iterations = R.pick({ 1, 2, 3, 2.5, huge }) end
    if R.chance(0.2) then o.after = R.pick({ "stop", "restart", "reverse" }) end
    if R.chance(0.2) then o.on_complete = cb("on_complete") end
    if R.chance(0.1) then o.on_start = cb("on_start") end
    if R.chance(0.1) then o.on_update = cb("on_update") end
    if R.chance(0.03) then o.eassing = "x" end
    if R.chance(0.2) then o.round = round_value() end
    if R.chance(0.2) then
      o.repeat_delay = R.chance(0.9) and num(0, 0.3) or R.pick({ -1, 0 / 0, huge, "x" })
    end
    if R.chance(0.15) then o.on_repeat = R.chance(0.95) and cb("on_repeat") or 1 end
    if R.chance(0.1) then
      if R.chance(0.8) then
        o.after = "reverse"
        o.iterations = o.iterations or R.pick({ 2, 3, 2.5, huge })
      end
      o.yoyo_ease = R.chance(0.8) and R.pick({ true, false, easing_spec() })
                    or R.pick({ function(p) return p end, 1, "nope", {} })
    end
    if R.chance(0.01) then o.repeat_delya = 0.1 end
    return o
  end
  -- the options of a sequence
  local function seq_opts()
    local r = R.u()
    if r < 0.3 then return nil end
    if r < 0.45 then return { iterations = 2 } end
    local o = {}
    if R.chance(0.7) then o.iterations = R.pick({ 1, 2, 3, 2.5, huge }) end
    if R.chance(0.6) then o.after = R.pick({ "stop", "restart", "reverse" }) end
    if R.chance(0.3) then o.delay = num(0, 0.3) end
    if R.chance(0.6) then
      o.repeat_delay = R.chance(0.9) and num(0, 0.3) or R.pick({ -1, 0 / 0, huge, "x" })
    end
    if R.chance(0.5) then o.on_repeat = cb("on_repeat") end
    if R.chance(0.2) then o.on_complete = cb("on_complete") end
    if R.chance(0.05) then o.yoyo_ease = true end
    return o
  end
  local function vals()
    local v = {}
    local r = R.u()
    if r < 0.6 then v.x = num(-100, 100) end
    if r > 0.3 then v.y = R.chance(0.8) and num(-100, 100) or R.pick({ "+=10", "-=5", "*=2" }) end
    if R.chance(0.1) then v.c = R.pick({ "#00ff00", "blue" }) end
    if R.chance(0.1) then v.v = { num(-9, 9), num(-9, 9) } end
    return v
  end
  for _ = 1, R.int(1, 30) do
    local r = R.u()
    local t = R.chance(0.1) and targets or R.pick(targets)
    if r < 0.2 then
      local ok, a = m("anim", anim, "to", t, num(0, 1, true), vals(), opts())
      if ok then handles[#handles + 1] = a end
    elseif r < 0.25 then m("anim", anim, "from", t, good(0.1, 1), vals(), opts())
    elseif r < 0.33 then
      local o = spring_opts(1)
      o.from, o.to, o.velocity = nil, nil, nil
      if R.chance(0.2) then o.round = round_value() end
      m("anim", anim, "spring", R.pick(targets), { x = num(-100, 100) }, o)
    elseif r < 0.36 then
      local fo = { kind = R.pick({ "inertia", "bouncing", "clamping", "decay" }), min = -100,
                   max = 100 }
      if R.chance(0.3) then fo.round = round_value() end
      if R.chance(0.03) then fo.repeat_delay = 0.1 end
      m("anim", anim, "fling", R.pick(targets), "y", num(-2000, 2000), fo)
    elseif r < 0.4 then
      local ok, seq = m("anim", anim, "sequence", seq_opts())
      if ok then
        for _ = 1, R.int(1, 4) do
          local co = {}
          if R.chance(0.2) then co.round = round_value() end
          if R.chance(0.1) then co.repeat_delay = num(0, 0.2) end
          m("seq", seq, "to", R.pick(targets), good(0.05, 0.5), vals(), co,
            R.pick({ nil, ">", "<", "<0.1", "+=0.2", "-=0.1", 0.3, "lbl", "lbl+=0.1", "?" }))
          if R.chance(0.2) then m("seq", seq, "label", "lbl") end
          if R.chance(0.2) then m("seq", seq, "call", function() obs("seq call") end) end
        end
      end
    elseif r < 0.75 then
      m("anim", anim, "update", num(0, 0.2, true))
      for i = 1, #targets do obs("target" .. i, targets[i]) end
    elseif r < 0.8 and #handles > 0 then
      local a = R.pick(handles)
      local what = R.pick({ "stop", "finish", "pause", "resume", "seek", "time", "progress",
                            "time_scale", "done" })
      if what == "seek" then m("a", a, "seek", num(0, 1, true))
      elseif what == "time_scale" then m("a", a, "time_scale", R.chance(0.5) and num(0, 3) or nil)
      else m("a", a, what) end
    elseif r < 0.85 and #handles > 0 then
      m("a", R.pick(handles), "after", R.pick(targets), good(0.1, 0.5), vals())
    elseif r < 0.9 then
      m("anim", anim, "stop", R.chance(0.5) and R.pick(targets) or nil,
          R.chance(0.3) and "x" or nil)
    elseif r < 0.95 then
      -- sleep until the next change, as a host would
      local ok, nc = m("anim", anim, "next_change")
      if ok and type(nc) == "number" and nc > 0 and nc < huge and R.chance(0.8) then
        m("anim", anim, "update", nc)
        for i = 1, #targets do obs("target" .. i, targets[i]) end
      end
    elseif r < 0.97 then
      if R.chance(0.8) then m("anim", anim, "reduced_motion", R.chance(0.5))
      elseif R.chance(0.5) then m("anim", anim, "reduced_motion")
      else m("anim", anim, "reduced_motion", R.pick({ "x", 1, {} })) end
    elseif r < 0.975 then
      local fo = { max_acceleration = R.chance(0.95) and num(1, 2000) or R.pick({ 0, -1, "x" }) }
      if R.chance(0.5) then fo.max_speed = R.chance(0.8) and num(1, 500) or huge end
      if R.chance(0.3) then fo.round = round_value() end
      if R.chance(0.2) then fo.delay = num(0, 0.2) end
      if R.chance(0.2) then fo.on_complete = function() obs("follow done") end end
      local fv = { x = num(-100, 100) }
      if R.chance(0.3) then fv.y = R.chance(0.8) and num(-100, 100) or "+=5" end
      if R.chance(0.03) then fv.x = { 1, 2 } end
      local ok, a = m("anim", anim, "follow", R.pick(targets), fv, R.chance(0.9) and fo or nil)
      if ok then handles[#handles + 1] = a end
    elseif r < 0.98 then
      local so = { amplitude = R.chance(0.9) and num(-10, 10) or R.pick({ { x = 2 }, "x" }),
                   frequency = R.chance(0.7) and num(0, 30) or nil,
                   duration = R.chance(0.7) and num(0, 0.8) or nil,
                   seed = R.chance(0.5) and R.int(-5, 5) or (R.chance(0.1) and 0.5 or nil) }
      if R.chance(0.3) then so.round = round_value() end
      if R.chance(0.3) then so.decay = R.pick({ "linear", "inQuad", "steps(3)", "nope" }) end
      local ok, a = m("anim", anim, "shake", R.pick(targets),
                      R.chance(0.95) and { "x", "y" } or R.pick({ {}, { 1 } }), so)
      if ok then handles[#handles + 1] = a end
    elseif r < 0.985 then
      local qo = R.chance(0.5) and { duration = num(0, 0.5), easing = "inOutSine" }
                 or { spring = { preset = R.pick({ "stiff", "wobbly", "nope" }) } }
      if R.chance(0.3) then qo.round = round_value() end
      local ok, set = m("anim", anim, "quick_to", R.pick(targets), "x", qo)
      if ok and type(set) == "function" then setters[#setters + 1] = set end
    elseif r < 0.99 and #setters > 0 then
      local set = R.pick(setters)
      try("set", set, R.chance(0.95) and num(-100, 100) or "x")
    else
      m("anim", anim, "count"); m("anim", anim, "time_scale", R.chance(0.3) and num(0, 2) or nil)
    end
  end
end

-- ---- damp, smooth_damp, follower, noise ------------------------------------------------------
local function part_damp(K)
  for _ = 1, R.int(1, 6) do
    local r = R.u()
    if r < 0.35 then
      try("damp", K.damp, num(-100, 100, true), num(-100, 100, true), num(0, 30, true),
          num(0, 0.2, true))
    elseif r < 0.7 then
      local x, v = num(-100, 100), num(-300, 300)
      local target, st = good(-100, 100), num(0, 1, true)
      local ms = R.chance(0.4) and num(0, 50, true) or nil
      for _ = 1, R.int(1, 20) do
        local ok, nx, nv = try("smooth_damp", K.smooth_damp, x, target, v, st, num(0, 0.1), ms)
        if ok then x = nx; v = nv end
        if R.chance(0.1) then target = good(-100, 100) end
      end
    elseif r < 0.85 then
      local o = { max_acceleration = num(0, 50, true), position = num(-100, 100),
                  velocity = num(-60, 60), target = num(-100, 100) }
      if R.chance(0.6) then o.max_speed = num(0, 40, true) end
      if R.chance(0.05) then o.max_sped = 1 end
      local ok, f = try("follower", K.follower, o)
      if ok then
        for _ = 1, R.int(1, 12) do
          local c = R.u()
          if c < 0.5 then m("follower", f, "update", num(0, 0.5, true))
          elseif c < 0.65 then m("follower", f, "set_target", num(-100, 100, true))
          elseif c < 0.8 then m("follower", f, "at", num(0, 5, true))
          else
            m("follower", f, "remaining_time"); m("follower", f, "done")
            m("follower", f, "velocity"); try("follower:tostring", tostring, f)
          end
        end
      end
    else
      local seed = R.chance(0.3) and num(-1e6, 1e6, true) or R.int(-1e6, 1e6)
      for _ = 1, R.int(1, 8) do
        try("noise", K.noise, R.chance(0.7) and good(-1e4, 1e4) or num(-1e9, 1e9, true),
            R.chance(0.5) and seed or nil)
      end
    end
  end
end

local parts = {
  damp = part_damp,
  easing = part_easing, spring = part_spring, spring_group = part_group, motion = part_motion,
  viewport = part_viewport, timeline = part_timeline, path = part_path, color = part_color,
  animator = part_animator,
}
local order = { "easing", "spring", "spring_group", "motion", "viewport", "timeline", "path",
                "color", "animator", "damp" }

local function run_one(part, s, K)
  record = {}
  R.seed(s)
  local ok, err = pcall(parts[part], K)
  if not ok then obs("script error", err) end
  return record
end

local failures, counts = 0, {}
for i = 0, runs - 1 do
  local part = only or order[i % #order + 1]
  local s = seed0 + i
  local a = run_one(part, s, C)
  local b = run_one(part, s, L)
  counts[part] = (counts[part] or 0) + 1
  local n = math.max(#a, #b)
  for j = 1, n do
    if a[j] ~= b[j] then
      failures = failures + 1
      io.stderr:write(format("DIFF part=%s seed=%d entry %d of %d\n", part, s, j, n))
      for k = math.max(1, j - 3), j - 1 do io.stderr:write("  same: ", a[k], "\n") end
      io.stderr:write("  C:    ", tostring(a[j]), "\n  Lua:  ", tostring(b[j]), "\n")
      break
    end
  end
  if failures >= 10 then break end
end

local summary = {}
for _, p in ipairs(order) do
  if counts[p] then summary[#summary + 1] = p .. " " .. counts[p] end
end
print(format("fuzz/diff.lua on %s: %d scripts (%s), seed %d: %d differing",
             _VERSION .. (type(jit) == "table" and " (" .. jit.version .. ")" or ""),
             runs, table.concat(summary, ", "), seed0, failures))
os.exit(failures == 0 and 0 or 1)
