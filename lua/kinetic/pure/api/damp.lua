-- kinetic.pure.api.damp: csrc/lua/damp.c in Lua.  kinetic.damp,
-- kinetic.smooth_damp (kinetic.pure.damp) and kinetic.noise
-- (kinetic.pure.noise): plain functions of numbers.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local damp = require("kinetic.pure.damp")
local noise = require("kinetic.pure.noise")

local type, select, format, error = type, select, string.format, error
local argerror, typename = util.argerror, util.typename
local huge = math.huge
local K = require("kinetic.pure.kmath")

local M = {}

-- Argument i of n (value v) as lk_checkfinite reads it: a float.
local function finite(v, i, n, fname)
  if type(v) ~= "number" then
    argerror(i, fname, "number expected, got " .. (i > n and "no value" or typename(v)))
  end
  if v - v ~= 0 then argerror(i, fname, "finite number expected, got " .. typename(v)) end
  return v / 1
end

local function nonneg(v, i, n, fname)
  local x = finite(v, i, n, fname)
  if x < 0 then argerror(i, fname, "non-negative number expected, got " .. names.num(x)) end
  return x
end

-- kinetic.damp(current, target, rate, dt)
local function kinetic_damp(...)
  local n = select("#", ...)
  local current, target, rate, dt = ...
  current, target = finite(current, 1, n, "damp"), finite(target, 2, n, "damp")
  rate, dt = nonneg(rate, 3, n, "damp"), nonneg(dt, 4, n, "damp")
  return damp.damp(current, target, rate, dt)
end

-- kinetic.smooth_damp(current, target, velocity, smooth_time, dt [, max_speed])
local function kinetic_smooth_damp(...)
  local n = select("#", ...)
  local current, target, velocity, smooth_time, dt, max_speed = ...
  local F = "smooth_damp"
  current, target = finite(current, 1, n, F), finite(target, 2, n, F)
  velocity, smooth_time = finite(velocity, 3, n, F), finite(smooth_time, 4, n, F)
  if not (smooth_time > 0) then
    argerror(4, F, "positive number expected, got " .. names.num(smooth_time))
  end
  dt = nonneg(dt, 5, n, F)
  if max_speed == nil then
    max_speed = huge
  else
    if type(max_speed) ~= "number" then argerror(6, F, "number expected, got " .. typename(max_speed)) end
    max_speed = max_speed / 1
    if not (max_speed >= 0) then
      argerror(6, F, "non-negative number expected, got " .. names.num(max_speed))
    end
  end
  local x, v, overflow = damp.smooth_damp(current, target, velocity, smooth_time, dt, max_speed)
  if overflow then error("smooth_damp: the state overflowed (beyond +-1.8e308)", 0) end
  return x, v
end

-- kinetic.noise(x [, seed])
local function kinetic_noise(...)
  local n = select("#", ...)
  local x, seed = ...
  x = finite(x, 1, n, "noise")
  if seed == nil then
    seed = 0.0
  else
    if type(seed) ~= "number" then argerror(2, "noise", "number expected, got " .. typename(seed)) end
    seed = seed / 1
    if not (seed == K.floor(seed) and (seed < 0 and -seed or seed) <= 9007199254740992.0) then
      argerror(2, "noise", format("integer expected, got %s", names.num(seed)))
    end
  end
  return noise.noise(x, seed)
end

function M.open(kinetic)
  kinetic.damp = kinetic_damp
  kinetic.smooth_damp = kinetic_smooth_damp
  kinetic.noise = kinetic_noise
end

return M
