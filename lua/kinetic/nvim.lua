-- kinetic.nvim: frames for kinetic.animator in Neovim, from a libuv timer.
--
--   local kn = require("kinetic.nvim")
--   local anim = kn.animator()                  -- or kn.animator{ fps = 30 }
--   anim:to(view, 0.25, { topline = 120 }, { on_update = function() ... end })
--   anim:spring(view, { topline = 140 })        -- again mid-flight: retargets
--
-- kn.animator(opts) returns an animator that behaves as kinetic.animator()
-- does -- every method of kinetic.Animator, the same arguments and results;
-- it is a table standing for one, and a method that returns the animator
-- (anim:time_scale(s)) returns this table -- but whose update(dt) this
-- module calls: one libuv timer (vim.uv, vim.loop
-- before Neovim 0.10) per animator ticks at opts.fps (default 60 frames a
-- second), and each tick hands the animator the time that really passed
-- since the previous one (vim.uv.hrtime), not the nominal interval.  The
-- tick itself runs through vim.schedule_wrap, so the animations' callbacks
-- (on_start, on_update, on_complete, seq:call) run where every API
-- function is allowed: they move windows, change views, redraw.
--
-- The timer runs only while the animator has work.  anim:to, anim:from,
-- anim:spring and anim:sequence start it when it is stopped; it stops (and
-- is closed) at the tick where update reports no animation left.  A
-- paused animator (anim:pause()) has no timer either: anim:resume() starts
-- it again, and the time spent paused is never handed out.  A callback that
-- adds work from inside a frame keeps the timer going.  Ticks run from the
-- event loop, never in the middle of your code: a sequence built in one go
-- (anim:sequence():to(...):to(...)) has all its children when it first
-- plays.  kn.running(anim) tells whether the timer is running,
-- kn.frames(anim) how many ticks it has run so far.  Do not call
-- anim:update yourself: the timer does.
--
-- An error raised by a callback (or by update, for an animation whose
-- field cannot be animated) is reported with vim.notify at the ERROR level.
-- The animator is left as update leaves it -- consistent, the frame's
-- other animations advanced -- and the timer goes on exactly when
-- animations are left.
--
-- Everything here is glue: the timing, easing and spring numerics are
-- kinetic's C part.  Loading the module needs no `vim` (plain Lua can
-- require it); the timer does.
local kinetic = require("kinetic")

-- luacheck: read globals vim

local M = {}

-- Frames a second when kn.animator is given no fps.
M.fps = 60

local OPTIONS = { fps = true }

-- Driver state of each animator this module made, by the animator it
-- returned; weak keys, so a dropped idle animator is collected.
local drivers = setmetatable({}, { __mode = "k" })

-- Methods that add work: the timer starts after a successful call.
local WAKES = { to = true, from = true, spring = true, sequence = true }

local function uv()
  return vim.uv or vim.loop
end

local function close_timer(d)
  local timer = d.timer
  if timer then
    d.timer = nil
    timer:stop()
    if not timer:is_closing() then timer:close() end
  end
end

local function tick(d, timer)
  d.pending = false
  if d.timer ~= timer then return end            -- stopped since this tick was queued
  local now = uv().hrtime()
  local dt = (now - d.last) / 1e9
  d.last = now
  d.frames = d.frames + 1
  local ok, left = pcall(d.animator.update, d.animator, dt)
  if not ok then
    vim.notify("kinetic.nvim: " .. tostring(left), vim.log.levels.ERROR)
    left = 0
  end
  -- update counts what is left after the frame's callbacks; count() is
  -- asked too, for a frame that raised (and so returned nothing).
  if left == 0 and d.animator:count() == 0 then close_timer(d) end
end

local function wake(d)
  if d.timer or d.paused then return end
  local u = uv()
  local timer = u.new_timer()
  d.timer, d.last, d.pending = timer, u.hrtime(), false
  local step = vim.schedule_wrap(function() tick(d, timer) end)
  timer:start(d.interval, d.interval, function()
    -- at most one tick waits in the queue: a busy editor gets one frame
    -- with the whole elapsed time instead of a burst of empty ones
    if d.pending then return end
    d.pending = true
    step()
  end)
end

local Driven = {}

Driven.__index = function(self, name)
  local d = drivers[self]
  local method = d.animator[name]
  if type(method) ~= "function" then return method end
  local real = d.animator
  local function out(first, ...)
    if rawequal(first, real) then return self, ... end   -- setters return the animator
    return first, ...
  end
  local f
  if WAKES[name] then
    f = function(_, ...)
      local function after(...) wake(d); return out(...) end
      return after(method(real, ...))
    end
  elseif name == "pause" then
    f = function(_, ...)
      local function after(...) d.paused = true; close_timer(d); return out(...) end
      return after(method(real, ...))
    end
  elseif name == "resume" then
    f = function(_, ...)
      local function after(...) d.paused = false; wake(d); return out(...) end
      return after(method(real, ...))
    end
  else
    f = function(_, ...) return out(method(real, ...)) end
  end
  rawset(self, name, f)
  return f
end

Driven.__tostring = function(self)
  return tostring(drivers[self].animator)
end

--- A kinetic animator driven by a libuv timer.  opts: fps (frames a second,
-- > 0; default kn.fps).  Returns the animator; every kinetic.Animator method
-- works on it.
function M.animator(opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #1 to 'animator' (table expected, got " .. type(opts) .. ")", 2)
  end
  opts = opts or {}
  for k in pairs(opts) do
    if not OPTIONS[k] then
      error("bad argument #1 to 'animator' (unknown option '" .. tostring(k) .. "')", 2)
    end
  end
  local fps = opts.fps == nil and M.fps or opts.fps
  if type(fps) ~= "number" or fps ~= fps or fps <= 0 or fps == math.huge then
    error("bad argument #1 to 'animator' (fps: a positive number expected, got "
          .. tostring(fps) .. ")", 2)
  end
  local self = setmetatable({}, Driven)
  drivers[self] = {
    animator = kinetic.animator(),
    interval = math.max(1, math.floor(1000 / fps + 0.5)),  -- libuv repeats whole milliseconds
    timer = nil, last = 0, frames = 0, paused = false, pending = false,
  }
  return self
end

local function driver(anim, fname)
  local d = drivers[anim]
  if not d then
    error("bad argument #1 to '" .. fname .. "' (an animator of kn.animator() expected, got "
          .. tostring(anim) .. ")", 3)
  end
  return d
end

--- True while the animator's timer is running (it has work and is not paused).
function M.running(anim)
  return driver(anim, "running").timer ~= nil
end

--- How many frames the timer has run for the animator so far.
function M.frames(anim)
  return driver(anim, "frames").frames
end

return M
