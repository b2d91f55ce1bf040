-- Animators: kinetic.animator against a pure-Lua tween manager written here
-- the way flux builds one (a list of tween tables; per tween its object, a
-- { start, diff } table per field, progress advanced by rate * dt, the
-- easing looked up by name in a table of functions every frame, the fields
-- written in a pairs() loop, finished tweens swapped out of the list; a
-- table per object of its tweens for the override rule), and against a
-- pure-Lua manager of field springs.
--
-- The tween rows use the default easing on both sides: kinetic's "outQuad"
-- and the manager's "quadout", both 1 - (1 - p)^2; the creation row names
-- it, as a program does (an options table; flux's :ease).  The row of NT
-- tweens keeps its animator (its manager) from one harness call to the
-- next: it is built after a full collection, and its tweens started by a
-- first frame, on the first call only, so every timed frame is a frame of
-- running tweens (1e9 s long: none ends).  The guards below, run at load,
-- check that both sides write the same values.
local kinetic = require("kinetic")

local DT = 1 / 60
local abs, max, exp, cos, sin = math.abs, math.max, math.exp, math.cos, math.sin

---------------------------------------------------------------------------
-- The pure-Lua tween manager.

local easing = {
  linear = function(p) return p end,
  quadout = function(p) local u = 1 - p return 1 - u * u end,
}

local Tween = {}
Tween.__index = Tween

-- Made at the call; the fields' start values are read when the tween
-- starts, at its first update (kinetic reads them then too).
local function tween_new(obj, time, vars)
  local self = setmetatable({}, Tween)
  self.obj = obj
  self.rate = time > 0 and 1 / time or 0
  self.progress = time > 0 and 0 or 1
  self._delay = 0
  self._ease = "quadout"
  self.inited = false
  self.vars = {}
  for k, v in pairs(vars) do
    if type(v) ~= "number" then error("bad value for key '" .. tostring(k) .. "'; expected number") end
    self.vars[k] = v
  end
  return self
end

-- tw:ease(name): the easing of that name, refused when the easing table
-- has none (flux checks the name when it is set); chains.
function Tween:ease(name)
  if not easing[name] then error("bad easing type '" .. tostring(name) .. "'", 2) end
  self._ease = name
  return self
end

function Tween:init()
  local obj = self.obj
  for k, v in pairs(self.vars) do
    local x = obj[k]
    if type(x) ~= "number" then error("bad value on object key '" .. tostring(k) .. "'") end
    self.vars[k] = { start = x, diff = v - x }
  end
  self.inited = true
end

local Group = {}
Group.__index = Group

local function group_new()
  return setmetatable({ list = {}, tweens_of = {} }, Group)
end

-- The tween joins the list and its object's set, and knows its group (as
-- flux's does, for its :after).
function Group:to(obj, time, vars)
  if type(obj) ~= "table" then error("expected object table") end
  local tw = tween_new(obj, time, vars)
  local of = self.tweens_of[obj]
  if not of then
    of = {}
    self.tweens_of[obj] = of
  end
  of[tw] = true
  table.insert(self.list, tw)
  tw.parent = self
  return tw
end

-- Override: the started tweens of obj let go of the fields in vars.
function Group:clear(obj, vars)
  for tw in pairs(self.tweens_of[obj]) do
    if tw.inited then
      for k in pairs(vars) do tw.vars[k] = nil end
    end
  end
end

function Group:remove(i)
  local list = self.list
  local tw = list[i]
  local of = self.tweens_of[tw.obj]
  of[tw] = nil
  if not next(of) then self.tweens_of[tw.obj] = nil end
  list[i] = list[#list]
  list[#list] = nil
end

-- Every tween removed.
function Group:stop()
  for i = #self.list, 1, -1 do self:remove(i) end
end

function Group:update(dt)
  local list = self.list
  for i = #list, 1, -1 do
    local t = list[i]
    if t._delay > 0 then
      t._delay = t._delay - dt
    else
      if not t.inited then
        self:clear(t.obj, t.vars)
        t:init()
      end
      if t._onstart then
        t._onstart()
        t._onstart = nil
      end
      t.progress = t.progress + t.rate * dt
      local p = t.progress
      local x = p >= 1 and 1 or easing[t._ease](p)
      for k, v in pairs(t.vars) do
        t.obj[k] = v.start + x * v.diff
      end
      if t._onupdate then t._onupdate() end
      if p >= 1 then
        self:remove(i)
        if t._oncomplete then t._oncomplete() end
      end
    end
  end
  return #list
end

---------------------------------------------------------------------------
-- A frame of NT tweens of 2 fields.

local NT, LONG = 10000, 1e9

local function kinetic_tweens(count, duration)
  local anim, objs = kinetic.animator(), {}
  for i = 1, count do
    local o = { x = 0, y = 0 }
    objs[i] = o
    anim:to(o, duration, { x = 100, y = 50 })
  end
  return anim, objs
end

local function lua_tweens(count, duration)
  local group, objs = group_new(), {}
  for i = 1, count do
    local o = { x = 0, y = 0 }
    objs[i] = o
    group:to(o, duration, { x = 100, y = 50 })
  end
  return group, objs
end

local function kinetic_frame()
  local anim
  return function(n)
    if not anim then
      collectgarbage("collect")
      anim = kinetic_tweens(NT, LONG)
      anim:update(DT)
    end
    local running
    for _ = 1, n do running = anim:update(DT) end
    return running
  end
end

local function lua_frame()
  local group
  return function(n)
    if not group then
      collectgarbage("collect")
      group = lua_tweens(NT, LONG)
      group:update(DT)
    end
    local running
    for _ = 1, n do running = group:update(DT) end
    return running
  end
end

---------------------------------------------------------------------------
-- Creation of one tween of 2 fields on a fresh object, the way a program
-- writes it: each side builds, per call, its object, its values table
-- and its easing -- kinetic an options table { easing = "outQuad" },
-- the manager flux's chained :ease("quadout").  NC new objects go into
-- one animator (one group): a fresh one per harness call, and a fresh one
-- again every NC tweens when a call makes more, so that the time per
-- tween includes its share of a store growing to NC tweens and of the
-- collection of the ones before.

local NC = 10000

local function kinetic_create(n)
  local anim, a
  for i = 1, n do
    if i % NC == 1 then anim = kinetic.animator() end
    a = anim:to({ x = 0, y = 0 }, 0.5, { x = 100, y = 50 }, { easing = "outQuad" })
  end
  return a
end

local function lua_create(n)
  local group, tw
  for i = 1, n do
    if i % NC == 1 then group = group_new() end
    tw = group:to({ x = 0, y = 0 }, 0.5, { x = 100, y = 50 }):ease("quadout")
  end
  return tw
end

---------------------------------------------------------------------------
-- Field springs: NS objects, a spring on the field x of each, sent to a new
-- target every RETARGET frames (as bench_spring.lua does: a spring left on
-- its target decays into subnormal numbers), and no rest thresholds.  The
-- pure-Lua manager: a record per (object, field) found through a table per
-- object (for retargets), the exact under-damped step with its
-- coefficients computed per spring every frame, the rest test, the field
-- written.

local K, C = 180, 12                      -- react-spring "wobbly", unit mass
local NS, RETARGET = 100, 64
local SPRING = { stiffness = K, damping = C, rest_delta = 0, rest_speed = 0 }

local Springs = {}
Springs.__index = Springs

local function springs_new()
  return setmetatable({ list = {}, springs_of = {} }, Springs)
end

-- params: stiffness and damping of an under-damped spring, rest thresholds.
function Springs:spring(obj, values, params)
  local of = self.springs_of[obj]
  if not of then
    of = {}
    self.springs_of[obj] = of
  end
  for key, target in pairs(values) do
    local s = of[key]
    if not s then
      local a = params.damping / 2
      s = { obj = obj, key = key, x = obj[key], v = 0, k = params.stiffness, a = a,
            b = math.sqrt(params.stiffness - a * a), w0 = math.sqrt(params.stiffness),
            rest_delta = params.rest_delta, rest_speed = params.rest_speed }
      of[key] = s
      self.list[#self.list + 1] = s
    end
    s.target = target
    s.scale = max(abs(target - s.x), abs(s.v) / s.w0)
  end
end

function Springs:update(dt)
  local list = self.list
  for i = #list, 1, -1 do
    local s = list[i]
    local a, b, k = s.a, s.b, s.k
    local e = exp(-a * dt)
    local c, sn = cos(b * dt), sin(b * dt)
    local tg = s.target
    local y, w = s.x - tg, s.v
    local x = tg + e * (c + a * sn / b) * y + e * sn / b * w
    local v = -k * e * sn / b * y + e * (c - a * sn / b) * w
    local sc = s.scale
    local rest = abs(v) <= s.rest_speed * sc and abs(x - tg) <= s.rest_delta * sc
    if rest then x, v = tg, 0 end
    s.x, s.v = x, v
    s.obj[s.key] = x
    if rest then
      local of = self.springs_of[s.obj]
      of[s.key] = nil
      if not next(of) then self.springs_of[s.obj] = nil end
      list[i] = list[#list]
      list[#list] = nil
    end
  end
  return #list
end

local function kinetic_springs(n)
  local anim, objs, target = kinetic.animator(), {}, {}
  for i = 1, NS do
    objs[i], target[i] = { x = 0 }, i
    anim:spring(objs[i], { x = i }, SPRING)
  end
  local running
  for f = 1, n do
    if f % RETARGET == 0 then
      for i = 1, NS do
        target[i] = -target[i]
        anim:spring(objs[i], { x = target[i] })
      end
    end
    running = anim:update(DT)
  end
  return running
end

local function lua_springs(n)
  local group, objs, target = springs_new(), {}, {}
  for i = 1, NS do
    objs[i], target[i] = { x = 0 }, i
    group:spring(objs[i], { x = i }, SPRING)
  end
  local running
  for f = 1, n do
    if f % RETARGET == 0 then
      for i = 1, NS do
        target[i] = -target[i]
        group:spring(objs[i], { x = target[i] }, SPRING)
      end
    end
    running = group:update(DT)
  end
  return running
end

---------------------------------------------------------------------------
-- Guards, outside the timed code: both sides write the same values.

local function close(a, b, tol)
  return abs(a - b) <= tol * max(abs(a), abs(b))
end

-- kinetic's tweens of the objects ko and the manager's of lo, 1 s long:
-- checked mid-way and after the end.
local function check_tweens(what, anim, ko, group, lo)
  for frame = 1, 80 do
    anim:update(DT)
    group:update(DT)
    if frame == 40 or frame == 80 then
      for i = 1, #ko do
        for _, k in ipairs({ "x", "y" }) do
          if not close(ko[i][k], lo[i][k], 1e-12) then
            error(string.format("bench_animator: %s %d field %s after %d frames: kinetic %.17g, Lua %.17g",
                                what, i, k, frame, ko[i][k], lo[i][k]))
          end
        end
      end
    end
  end
  assert(ko[1].x == 100 and ko[1].y == 50, "bench_animator: kinetic's " .. what .. "s did not end on their values")
  assert(anim:count() == 0 and #group.list == 0, "bench_animator: " .. what .. "s left running")
end

do -- the frame row's tweens
  local anim, ko = kinetic_tweens(200, 1)
  local group, lo = lua_tweens(200, 1)
  check_tweens("tween", anim, ko, group, lo)
end

do -- the creation row's tweens, made as it makes them
  local anim, group, ko, lo = kinetic.animator(), group_new(), {}, {}
  for i = 1, 200 do
    ko[i], lo[i] = { x = 0, y = 0 }, { x = 0, y = 0 }
    anim:to(ko[i], 1, { x = 100, y = 50 }, { easing = "outQuad" })
    group:to(lo[i], 1, { x = 100, y = 50 }):ease("quadout")
  end
  check_tweens("created tween", anim, ko, group, lo)
end

do -- springs: through a retarget
  local anim, group, ko, lo = kinetic.animator(), springs_new(), {}, {}
  for i = 1, 20 do
    ko[i], lo[i] = { x = -i }, { x = -i }
    anim:spring(ko[i], { x = 10 * i }, SPRING)
    group:spring(lo[i], { x = 10 * i }, SPRING)
  end
  for frame = 1, 100 do
    if frame == 50 then
      for i = 1, 20 do
        anim:spring(ko[i], { x = -5 * i })
        group:spring(lo[i], { x = -5 * i }, SPRING)
      end
    end
    anim:update(DT)
    group:update(DT)
    for i = 1, 20 do
      if abs(ko[i].x - lo[i].x) > 1e-9 * 10 * i then
        error(string.format("bench_animator: spring %d after %d frames: kinetic %.17g, Lua %.17g",
                            i, frame, ko[i].x, lo[i].x))
      end
    end
  end
end

return {
  title = "animator: tweens and springs on fields",
  -- The frame of NT tweens comes last: the tweens it keeps from call to
  -- call (both sides') would stay alive through the rows after it, and a
  -- heap that large spaces out the collections the creation row pays for.
  rows = {
    -- ns per tween: anim:to with an options table into an animator of
    -- NC new objects
    { name = "anim:to creation, options, 10,000 objects",
      kinetic = kinetic_create, baseline = lua_create },
    -- ns per spring (per = NS); reported, no target
    { name = "100 field springs, one frame", per = NS,
      kinetic = kinetic_springs, baseline = lua_springs },
    -- ns per tween (per = NT): one anim:update(1/60) over NT running tweens
    { name = "10,000 tweens of 2 fields, one frame", per = NT,
      kinetic = kinetic_frame(), baseline = lua_frame() },
  },
}
