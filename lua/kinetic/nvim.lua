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
-- module calls, from one libuv timer (vim.uv, vim.loop before Neovim 0.10)
-- per animator.  Each tick hands the animator the time that really passed
-- since the previous one (vim.uv.hrtime), not the nominal interval.  The
-- tick itself runs through vim.schedule_wrap, so the animations' callbacks
-- (on_start, on_update, on_complete, seq:call) run where every API
-- function is allowed: they move windows, change views, redraw.
--
-- The timer sleeps until the next change.  After each tick it asks
-- anim:next_change(), the least time after which an update shows
-- something (a written value changes -- for a field animated with the
-- `round` option, only when its rounded value does --, an animation starts
-- or ends, a callback other than on_update is due):
--   0           (a field without `round` is moving, or something is due):
--               the next tick comes one frame later, at opts.fps (default
--               60 frames a second), as long as this lasts;
--   t > 0       the timer sleeps t seconds, rounded up to the next whole
--               millisecond so the tick reaches the change, and never less
--               than one frame interval: max(1 / fps, t);
--   math.huge   nothing will ever happen: with no animation left the timer
--               stops and is closed; with animations left that are paused
--               through their handles (a:pause()) or at time scale 0, it
--               looks again every 250 ms (so a:resume() on a handle is
--               seen within that).
-- So a tween with `round = true` that moves a window's top line 8 lines
-- in 0.4 s wakes about 10 times instead of 24.  kn.animator{ sleep = false }
-- ticks every frame while animations run, as kinetic.nvim did before
-- next_change existed.
--
-- The timer runs only while the animator has work.  anim:to, anim:from,
-- anim:spring, anim:fling and anim:sequence (and the setter anim:quick_to
-- returns, at each call) start it when it is stopped, and wake it within a
-- frame when it sleeps; so does every other method call that may change
-- the timing (anim:stop, anim:time_scale(s), ...), and kn.wake(anim).  A
-- handle's methods (a:pause(), a:resume(), a:seek(t), a:finish(),
-- a:time_scale(s), a:delay(s), seq:to on a sequence already playing) do
-- not pass through here: their effect shows at the next tick, which may be
-- a sleep away; call kn.wake(anim) after them to see it within a frame.  It
-- stops (and is closed) at the tick where no animation is left.  A paused
-- animator (anim:pause()) has no timer either: anim:resume() starts it
-- again, and the time spent paused is never handed out.  A callback that
-- adds work from inside a frame keeps the timer going.  Ticks run from the
-- event loop, never in the middle of your code: a sequence built in one go
-- (anim:sequence():to(...):to(...)) has all its children when it first
-- plays.  kn.running(anim) tells whether the timer is running (ticking or
-- asleep), kn.frames(anim) how many ticks (wake-ups) it has run so far.  Do
-- not call anim:update yourself: the timer does.
--
-- Reduced motion: the animator follows the global vim.g.kinetic_reduced_motion.
-- When it is true (or a non-zero number, as `let g:kinetic_reduced_motion =
-- 1` sets it), the animator has reduced motion on (anim:reduced_motion()):
-- every animation that starts completes in the tick that starts it.  It is
-- read when kn.animator makes the animator and at every tick, before the
-- update; anim:reduced_motion(on) is called only when the global changed,
-- so an animator's own setting holds until the global changes again.
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

-- Milliseconds between two looks at an animator whose animations are all
-- paused through their handles (or at time scale 0): next_change is
-- math.huge, but a:resume() on a handle may set one going again.
local WATCH_MS = 250

-- The longest sleep (libuv takes whole milliseconds; about 24.8 days).
local MAX_MS = 2147483647

local HUGE = math.huge

local OPTIONS = { fps = true, sleep = true }

-- Driver state of each animator this module made, by the animator it
-- returned; weak keys, so a dropped idle animator is collected.
local drivers = setmetatable({}, { __mode = "k" })

-- Methods that add work: the timer starts after a successful call.
local WAKES = { to = true, from = true, spring = true, fling = true, sequence = true }

-- Methods that change nothing: no wake-up after them.  time_scale and
-- reduced_motion only read without an argument.
local READS = { count = true, next_change = true }
local GETSETS = { time_scale = true, reduced_motion = true }

local function uv()
  return vim.uv or vim.loop
end

local function index(t, k) return t[k] end

-- vim.g.kinetic_reduced_motion as a boolean: false where there is no vim,
-- or where vim.g cannot be read (a libuv callback; the tick reads it again).
local function reduced_wanted()
  local v = rawget(_G, "vim")
  local g = v and v.g
  if not g then return false end
  local ok, on = pcall(index, g, "kinetic_reduced_motion")
  return ok and (on == true or (type(on) == "number" and on ~= 0))
end

local function close_timer(d)
  local timer = d.timer
  if timer then
    d.timer, d.mode, d.due = nil, nil, nil
    timer:stop()
    if not timer:is_closing() then timer:close() end
  end
end

-- The timer ticks every frame (a repeating libuv timer at the interval).
local function every_frame(d)
  if d.mode == "frames" then return end
  local u = uv()
  if u.update_time then u.update_time() end     -- libuv counts from its loop time
  d.mode, d.due = "frames", nil
  d.timer:start(d.interval, d.interval, d.fire)
end

-- The timer fires once, ms milliseconds from now.
local function sleep_for(d, ms)
  local u = uv()
  d.mode, d.due = "sleep", u.hrtime() + ms * 1e6
  d.timer:start(ms, 0, d.fire)
end

-- The timer fires once, when the next tick's dt (counted from d.last) will
-- be at least t seconds, and no sooner than a frame from now.
local function sleep_until(d, t)
  local u = uv()
  local ms = math.ceil(t * 1000)
  if ms / 1000 < t then ms = ms + 1 end          -- up: the tick must reach the change
  if u.update_time and u.now then
    -- libuv fires when its loop clock (whole milliseconds, never ahead of
    -- hrtime) reaches now() + ms: aim at the first whole millisecond at or
    -- after d.last + t, so the tick neither comes early nor waits the
    -- milliseconds already spent since d.last
    u.update_time()
    local rel = math.ceil((d.last + t * 1e9) / 1e6) - u.now()
    if rel < 0 then rel = 0 end
    if rel <= ms + 8 then ms = rel else ms = ms + 1 end   -- + 8: a clock that is not hrtime's
  else
    ms = ms + 1                                   -- the loop clock's millisecond
  end
  sleep_for(d, math.min(math.max(d.interval, ms), MAX_MS))
end

-- After a tick: when the timer fires next, from anim:next_change().
local function plan(d, left)
  local a = d.animator
  if not d.sleep then
    if left == 0 and a:count() == 0 then close_timer(d) end
    return
  end
  local ok, nc = pcall(a.next_change, a)
  if not ok or type(nc) ~= "number" or nc ~= nc then nc = 0 end
  if nc == HUGE then
    if a:count() == 0 then return close_timer(d) end
    return sleep_for(d, math.max(d.interval, WATCH_MS))
  end
  if nc <= 0 then return every_frame(d) end
  sleep_until(d, nc)
end

-- Follows vim.g.kinetic_reduced_motion when it changed.
local function follow_reduced(d)
  local want = reduced_wanted()
  if want ~= d.reduced then
    d.reduced = want
    d.animator:reduced_motion(want)
  end
end

local function tick(d, timer)
  if d.timer ~= timer then return end            -- stopped since this tick was queued
  d.pending = false
  local now = uv().hrtime()
  local dt = (now - d.last) / 1e9
  d.last = now
  d.frames = d.frames + 1
  follow_reduced(d)
  d.in_tick = true
  local ok, left = pcall(d.animator.update, d.animator, dt)
  d.in_tick = false
  if not ok then
    vim.notify("kinetic.nvim: " .. tostring(left), vim.log.levels.ERROR)
    left = 0
  end
  if d.timer ~= timer then return end            -- a callback paused the animator
  -- update counts what is left after the frame's callbacks; count() is
  -- asked too, for a frame that raised (and so returned nothing).
  plan(d, left)
end

local function start_timer(d)
  local u = uv()
  local timer = u.new_timer()
  d.timer, d.last, d.pending, d.mode = timer, u.hrtime(), false, nil
  local step = vim.schedule_wrap(function() tick(d, timer) end)
  d.fire = function()
    -- at most one tick waits in the queue: a busy editor gets one frame
    -- with the whole elapsed time instead of a burst of empty ones
    if d.pending then return end
    d.pending = true
    step()
  end
  every_frame(d)
end

-- Work may have changed: a tick within a frame.  adds: new work (starts a
-- stopped timer); otherwise a stopped timer starts only for animations left.
local function wake(d, adds)
  if d.paused then return end
  if not d.timer then
    if adds or d.animator:count() > 0 then start_timer(d) end
    return
  end
  -- inside a tick the tick plans afterwards; a queued tick will too
  if d.in_tick or d.pending or d.mode ~= "sleep" then return end
  if d.due - uv().hrtime() > d.interval * 1e6 then every_frame(d) end
end

local Driven = {}

Driven.__index = function(self, name)
  local d = drivers[self]
  local method = d.animator[name]
  if type(method) ~= "function" then return method end
  local real = d.animator
  local function out(first, ...)
    if rawequal(first, real) then return self, ... end   -- setters return the animator
    if type(first) == "function" then                     -- quick_to's setter: each call adds work
      local set = first
      return function(...) wake(d, true); return set(...) end, ...
    end
    return first, ...
  end
  local f
  if WAKES[name] then
    f = function(_, ...)
      local function after(...) wake(d, true); return out(...) end
      return after(method(real, ...))
    end
  elseif name == "pause" then
    f = function(_, ...)
      local function after(...) d.paused = true; close_timer(d); return out(...) end
      return after(method(real, ...))
    end
  elseif name == "resume" then
    f = function(_, ...)
      local function after(...) d.paused = false; wake(d, true); return out(...) end
      return after(method(real, ...))
    end
  elseif READS[name] then
    f = function(_, ...) return out(method(real, ...)) end
  else
    local getset = GETSETS[name]
    f = function(_, ...)
      local sets = not getset or select("#", ...) > 0
      local function after(...)
        if sets then wake(d, false) end
        return out(...)
      end
      return after(method(real, ...))
    end
  end
  rawset(self, name, f)
  return f
end

Driven.__tostring = function(self)
  return tostring(drivers[self].animator)
end

--- A kinetic animator driven by a libuv timer.  opts: fps (frames a second,
-- > 0; default kn.fps); sleep (default true: sleep until anim:next_change();
-- false: tick every frame while animations run).  Returns the animator;
-- every kinetic.Animator method works on it.
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
  local sleep = opts.sleep
  if sleep == nil then sleep = true end
  if type(sleep) ~= "boolean" then
    error("bad argument #1 to 'animator' (sleep: a boolean expected, got " .. tostring(sleep) .. ")", 2)
  end
  local self = setmetatable({}, Driven)
  local reduced = reduced_wanted()
  drivers[self] = {
    animator = kinetic.animator{ reduced_motion = reduced },
    interval = math.max(1, math.floor(1000 / fps + 0.5)),  -- libuv repeats whole milliseconds
    sleep = sleep, reduced = reduced,
    timer = nil, mode = nil, due = nil, fire = nil,
    last = 0, frames = 0, paused = false, pending = false, in_tick = false,
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

--- True while the animator's timer is running, ticking or asleep until the
-- next change (it has work and is not paused).
function M.running(anim)
  return driver(anim, "running").timer ~= nil
end

--- How many frames (wake-ups of its timer) the animator has run so far.
function M.frames(anim)
  return driver(anim, "frames").frames
end

--- Wakes the animator's timer within a frame, for a change made through a
-- handle (a:resume(), a:seek(t), a:finish(), seq:to(...) on a sequence
-- playing ...) while it sleeps; starts it if animations are left and it is
-- stopped.  Returns anim.
function M.wake(anim)
  wake(driver(anim, "wake"), false)
  return anim
end

return M
