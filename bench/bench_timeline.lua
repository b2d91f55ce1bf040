-- Timelines: a 10-segment keyframe timeline advanced by update(dt), against a
-- straightforward pure-Lua keyframe interpolator doing the same work (clock,
-- restart by modulo, find the segment, ease, interpolate) in the same run.
local kinetic = require("kinetic")

local NSEG, DT = 10, 1 / 60

local function in_out_quad(p)
  if p < 0.5 then return 2 * p * p end
  return 1 - (-2 * p + 2) ^ 2 / 2
end

-- The keyframes: numbers, and 4 named properties.
local durs, nums, named = {}, { [0] = 0 }, { [0] = { x = 0, y = 0, alpha = 1, angle = 0 } }
for i = 1, NSEG do
  durs[i] = 0.05 + (i % 3) * 0.04
  nums[i] = (i % 2 == 0) and i * 10 or -i * 7
  named[i] = { x = i * 12, y = (i % 3) * 30, alpha = (i % 2), angle = i * 36 }
end

local function kinetic_def(values, easing)
  local def = { from = values[0], after = "restart" }
  for i = 1, NSEG do def[i] = { to = values[i], duration = durs[i], easing = easing } end
  return def
end

-- Pure Lua: the obvious keyframe player.
local function lua_player(values, ease, names)
  local total = 0
  for i = 1, NSEG do total = total + durs[i] end
  local self = { clock = 0 }
  local function segment(t)
    local u = t % total
    local start = 0
    for i = 1, NSEG do
      if u < start + durs[i] or i == NSEG then return i, (u - start) / durs[i] end
      start = start + durs[i]
    end
  end
  if names then
    function self.update(dt, out)
      self.clock = self.clock + dt
      local i, p = segment(self.clock)
      local f = ease and ease(p) or p
      local a, b = values[i - 1], values[i]
      for _, k in ipairs(names) do out[k] = a[k] + f * (b[k] - a[k]) end
      return out
    end
  else
    function self.update(dt)
      self.clock = self.clock + dt
      local i, p = segment(self.clock)
      local f = ease and ease(p) or p
      local a, b = values[i - 1], values[i]
      return a + f * (b - a)
    end
  end
  return self
end

local names = { "x", "y", "alpha", "angle" }

-- A frame of NB timelines: kinetic.update_timelines (one call) against the
-- pure-Lua players updated one by one, as a UI with many animated elements
-- does; each row's time is per timeline.
local NB = 100
local function batch_rows(label, values, ease_name, ease_f, named_props)
  return {
    name = label, per = NB,
    kinetic = function(n)
      local list, out = {}, {}
      for i = 1, NB do list[i] = kinetic.timeline(kinetic_def(values, ease_name)) end
      for _ = 1, n do kinetic.update_timelines(list, DT, out) end
      return out
    end,
    baseline = function(n)
      local players, out = {}, {}
      for i = 1, NB do
        players[i] = lua_player(values, ease_f, named_props and names)
        out[i] = named_props and {} or 0
      end
      for _ = 1, n do
        for i = 1, NB do
          if named_props then players[i].update(DT, out[i]) else out[i] = players[i].update(DT) end
        end
      end
      return out
    end,
  }
end

-- A number timeline, one update call a frame: kinetic with the named
-- easing (linear when nil) against the Lua player with the Lua easing.
local function number_row(name, easing, lua_easing)
  return {
    name = name,
    kinetic = function(n)
      local tl = kinetic.timeline(kinetic_def(nums, easing))
      local s = 0
      for _ = 1, n do s = s + tl:update(DT) end
      return s
    end,
    baseline = function(n)
      local tl = lua_player(nums, lua_easing)
      local s = 0
      for _ = 1, n do s = s + tl.update(DT) end
      return s
    end,
  }
end

return {
  title = "timeline: 10 segments, update(1/60)",
  rows = {
    number_row("number, linear", nil, nil),
    number_row("number, inOutQuad", "inOutQuad", in_out_quad),
    {
      name = "4 named properties into out, inOutQuad",
      kinetic = function(n)
        local tl = kinetic.timeline(kinetic_def(named, "inOutQuad"))
        local out = {}
        for _ = 1, n do tl:update(DT, out) end
        return out
      end,
      baseline = function(n)
        local tl = lua_player(named, in_out_quad, names)
        local out = {}
        for _ = 1, n do tl.update(DT, out) end
        return out
      end,
    },
    batch_rows("update_timelines of 100: number, linear", nums),
    batch_rows("update_timelines of 100: inOutQuad", nums, "inOutQuad", in_out_quad),
    batch_rows("update_timelines of 100: 4 named, inOutQuad", named, "inOutQuad", in_out_quad, true),
  },
}
