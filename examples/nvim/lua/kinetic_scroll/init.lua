-- kinetic_scroll: smooth scrolling for Neovim windows with kinetic.
--
--   local ks = require("kinetic_scroll")
--   ks.scroll(0, 20)                     -- 20 lines down on a spring; again mid-flight: retargets
--   ks.scroll_to(0, 1, { duration = 0.3 })   -- line 1 to the top, line by line on a step schedule
--   vim.keymap.set("n", "<C-d>", function() ks.scroll(0, vim.wo.scroll) end)
--   vim.keymap.set("n", "<C-u>", function() ks.scroll(0, -vim.wo.scroll) end)
--
-- Two ways to move a window's top line, both ending exactly on their target
-- line (clamped to the buffer's lines), both moving the cursor by as many
-- lines as the view, as <C-d> does (winrestview inside nvim_win_call):
--
-- scroll(win, lines) springs the view.  The window's view table has a
-- `topline` field that kinetic animates with `round = true`: the spring
-- moves exactly and writes the nearest whole line (halves up), and the
-- animation's on_update shows it.  Called again before it settles, scroll
-- adds to the target and retargets the same spring, velocity kept (the
-- spring's own, not one taken from whole lines), so repeated <C-d> presses
-- accelerate smoothly.  One animator (ks.animator, from kinetic.nvim)
-- drives every window; its timer runs only while a spring is in flight,
-- and as the field changes only when the line does, it sleeps until the
-- next line is due (anim:next_change()) instead of waking every frame.
--
-- scroll_to(win, line) is a tween that moves whole lines on a step schedule:
-- the n = |line - topline| lines are scrolled one at a time, line k at
-- t_k = kinetic.step_times(easing, n, duration)[k] seconds after the start,
-- the first time the eased progress reaches k/n.  The window shows only the
-- whole lines of the schedule, never a rounded in-between; the easing is in
-- the waits between lines; the last line lands at the duration (or earlier,
-- when the easing first reaches 1 before it).  Each window's schedule has
-- its own one-shot libuv timer (vim.uv, vim.loop before Neovim 0.10), armed
-- for the next due step -- it sleeps between lines, it does not poll -- and
-- closed when the last line is written.  A wake-up is never early: it
-- writes only the steps due by the time it measures (uv.hrtime), and when
-- the timer came late and several steps are due, it writes the latest of
-- them at once.
--
-- scroll_to on a window that is moving replaces what moves it: its schedule
-- starts from the whole line the window shows (a spring in flight is
-- stopped there).  scroll on a window moved by a schedule replaces it too:
-- its spring starts from that line, at rest, with the target that line +
-- lines.  (scroll on a spring in flight retargets it, as above.)  A replaced
-- scroll's on_done is not called.
--
-- wheel(win, lines) is momentum scrolling for a mouse wheel: call it once
-- per wheel event (plugin/kinetic_scroll.lua maps <ScrollWheelDown> and
-- <ScrollWheelUp> to it after :KineticScrollWheel, or at start-up when
-- g:kinetic_scroll_wheel is set; not by default).  Each event is an impulse
-- of lines / time_constant lines a second (time_constant of M.inertia), and
-- a window has at most ONE fling, a kinetic.inertia motion the plugin holds:
-- the first event starts it from the line shown with the impulse as its
-- velocity; an event while it is in flight advances it to now (uv.hrtime)
-- and replaces its motion by a new kinetic.inertia from the motion's
-- current, fractional position with velocity = the motion's current
-- velocity (m:velocity()) + the impulse -- same fling, same timer -- so a
-- burst of events accelerates it and an event the other way brakes it.
-- The inertia is given power = time_constant, which makes its velocity at
-- the start the velocity it is given (Motion's starts at power * velocity /
-- time_constant): a retargeted fling carries on at the speed it had plus
-- the impulse.  Its target snaps to the nearest whole line (the first
-- event's starting velocity is off by less than half a line /
-- time_constant).  As the decay's position + time_constant * velocity is
-- its target, one event on a view at rest travels its `lines`, and a burst
-- that keeps clear of the edges the sum of its events' lines.  min = 1 and
-- max = the buffer's last line (the last line that can be the top, as for
-- <C-e>): a fling past an edge hands off to the inertia's bounce spring
-- there and springs back to that line; the window shows the position
-- clamped to [1, last].  Every frame (a repeating libuv timer at
-- M.fling_fps, each frame given the time that really passed) the window
-- shows the nearest whole line of the motion's position, the cursor
-- following the view as in scroll; the fling ends (timer closed, view
-- dropped, on_done(win, topline)) when the motion is done, at rest on its
-- final position (m:final_position(), a whole line).  wheel on a window
-- moved by a spring or a schedule replaces it from the line shown; scroll
-- and scroll_to replace a fling from the line shown.
local kinetic = require("kinetic")
local kn = require("kinetic.nvim")

local api = vim.api

local M = {}

-- The animator every spring runs on.
M.animator = kn.animator()

-- Spring of scroll(): critically damped, so a single scroll does not overshoot.
M.spring = { duration = 0.3, bounce = 0 }

-- Tween of scroll_to(): seconds for the whole scroll, and its easing (any
-- easing spec string or kinetic easing object).
M.duration = 0.25
M.easing = "outCubic"

-- The inertia of wheel(): kinetic.inertia parameters (power is always
-- time_constant, min and max the buffer's edges, the target a whole line),
-- and the flings' frame rate.
M.inertia = { time_constant = 0.325, bounce_stiffness = 500, bounce_damping = 10, rest_delta = 0.5 }
M.fling_fps = 60

-- Called after each write of a window's top line: M.on_frame(win, view).
M.on_frame = nil

local function uv()
  return vim.uv or vim.loop
end

-- The view table of each window being scrolled, by window id.
local views = {}

local function window(win)
  if win == nil or win == 0 then return api.nvim_get_current_win() end
  return win
end

local function clamp(x, lo, hi)
  if x < lo then return lo elseif x > hi then return hi end
  return x
end

-- The window's view as the scrolls see it: topline (animated: fractional on
-- a fling, whole on a spring or a schedule), target, cursor offset from the
-- top, last line written, writes so far, and the step schedule or the fling
-- moving it (if any).
local function view_of(win)
  local v = views[win]
  if v then return v end
  local saved = api.nvim_win_call(win, vim.fn.winsaveview)
  v = { topline = saved.topline, target = saved.topline, offset = saved.lnum - saved.topline,
        written = saved.topline, frames = 0, schedule = nil, fling = nil }
  views[win] = v
  return v
end

-- A step schedule, as scroll_to returns it.  Fields (read them, do not set
-- them): win; from and target (lines); dir (+1 or -1); n (lines to move);
-- times (kinetic.step_times(easing, n, duration), seconds after the start);
-- started (uv.hrtime() at the start, nanoseconds); k (steps written so far);
-- now (seconds after the start at the last wake-up); wakes (wake-ups so
-- far); state ("running", "done" once on its target, "replaced" when a
-- scroll took over or the window closed).
local Schedule = {}
Schedule.__index = Schedule

--- True once the schedule is over (done or replaced).
function Schedule:done()
  return self.state ~= "running"
end

-- Stop the schedule's timer and mark it `state`.
local function end_schedule(s, state)
  s.state = state
  local timer = s.timer
  if timer then
    s.timer = nil
    timer:stop()
    if not timer:is_closing() then timer:close() end
  end
end

-- Stop whatever moves the view (a spring, a schedule, a fling) where it is;
-- the window keeps the last line written.
local function replace(v)
  M.animator:stop(v)                              -- no on_complete: a replaced spring is not done
  if v.schedule then
    end_schedule(v.schedule, "replaced")
    v.schedule = nil
  end
  if v.fling then
    end_schedule(v.fling, "replaced")             -- the same timer and state fields
    v.fling = nil
  end
  v.topline = v.written                           -- the whole line the window shows
end

-- Write the view's topline, rounded, to the window.  False when the window
-- is gone (the view is dropped, nothing moves it any more).
local function write(win, v)
  if not api.nvim_win_is_valid(win) then
    if views[win] == v then views[win] = nil end
    replace(v)
    return false
  end
  local last = api.nvim_buf_line_count(api.nvim_win_get_buf(win))
  local top = clamp(math.floor(v.topline + 0.5), 1, last)
  v.frames = v.frames + 1
  if top == v.written then return true end
  v.written = top
  local lnum = clamp(top + v.offset, 1, last)
  api.nvim_win_call(win, function() vim.fn.winrestview({ topline = top, lnum = lnum }) end)
  if M.on_frame then M.on_frame(win, v) end
  return true
end

local function target_line(win, line)
  local last = api.nvim_buf_line_count(api.nvim_win_get_buf(win))
  return clamp(line, 1, last)
end

--- Scroll window `win` (0: the current one) by `lines` (negative: up) on a
-- spring.  opts: any kinetic.spring parameters (default M.spring), round
-- (default true: whole lines), on_done(win, topline).  Returns the
-- animation (the same one while a spring is in flight).
function M.scroll(win, lines, opts)
  win = window(win)
  local v = view_of(win)
  if v.schedule or v.fling then                   -- a schedule or fling in flight: from the line shown
    replace(v)
    v.target = v.written
  end
  v.target = target_line(win, v.target + lines)
  local o = {}
  for k, x in pairs(opts or M.spring) do o[k] = x end
  local on_done = o.on_done
  o.on_done = nil
  if o.round == nil then o.round = true end      -- whole lines: the timer sleeps between them
  o.on_update = function() write(win, v) end
  o.on_complete = function()
    if views[win] == v then views[win] = nil end  -- next scroll starts from the window as it is
    if on_done then on_done(win, v.topline) end
  end
  return M.animator:spring(v, { topline = v.target }, o)
end

-- Arm the schedule's timer for its next step; libuv counts whole
-- milliseconds, rounded up.  The callback runs in libuv's fast context, so
-- the step itself is queued with vim.schedule (where API calls are allowed).
local advance
local function arm(s, v)
  local wait = s.times[s.k + 1] - (uv().hrtime() - s.started) / 1e9
  local ms = wait > 0 and math.ceil(wait * 1000) or 0
  s.timer:start(ms, 0, function() vim.schedule(function() advance(s, v) end) end)
end

-- One wake-up: write the latest step due by now (none when the timer fired
-- early: libuv's clock is coarser than hrtime), then sleep until the next.
advance = function(s, v)
  if s.state ~= "running" then return end         -- replaced since this wake-up was queued
  local now = (uv().hrtime() - s.started) / 1e9
  s.now, s.wakes = now, s.wakes + 1
  local k, times = s.k, s.times
  while k < s.n and times[k + 1] <= now do k = k + 1 end
  if k > s.k then
    s.k = k
    v.topline = s.from + s.dir * k
    if not write(s.win, v) then return end        -- the window closed: replaced
  end
  if s.k < s.n then return arm(s, v) end
  end_schedule(s, "done")
  v.schedule = nil
  if views[s.win] == v then views[s.win] = nil end   -- next scroll starts from the window as it is
  if s.on_done then s.on_done(s.win, v.topline) end
end

--- Scroll window `win` (0: the current one) so that `line` is its top line,
-- whole lines on a step schedule.  opts: duration (seconds, > 0; default
-- M.duration), easing (a spec string or an easing object; default
-- M.easing), on_done(win, topline) when the last line is written.  Returns
-- the schedule (see Schedule above).
function M.scroll_to(win, line, opts)
  win = window(win)
  opts = opts or {}
  local target = target_line(win, line)
  local from = views[win] and views[win].written or api.nvim_win_call(win, vim.fn.winsaveview).topline
  local n = math.abs(target - from)
  -- computed before anything changes: a bad easing or duration raises here
  local times = kinetic.step_times(opts.easing or M.easing, math.max(n, 1), opts.duration or M.duration)
  if n == 0 then times = {} end
  local v = view_of(win)
  replace(v)
  v.target = target
  local s = setmetatable({ win = win, from = from, target = target, dir = target >= from and 1 or -1,
                           n = n, times = times, started = uv().hrtime(), k = 0, now = 0, wakes = 0,
                           state = "running", on_done = opts.on_done }, Schedule)
  v.schedule = s
  s.timer = uv().new_timer()
  if n > 0 then
    arm(s, v)
  else                                            -- already there: done at the next wake-up
    s.timer:start(0, 0, function() vim.schedule(function() advance(s, v) end) end)
  end
  return s
end

-- A fling, as wheel returns it (the same table for every event while it is
-- in flight).  Fields (read them, do not set them): win; motion (the
-- kinetic.inertia moving it now, replaced at each event); events (wheel
-- events so far; 1 + the retargets); velocity (the motion's velocity right
-- after the last event: the velocity held + the impulse); last (uv.hrtime()
-- of the motion's clock); frames (timer ticks so far); state ("running",
-- "done" at rest, "replaced" when a scroll took over or the window closed).
local Fling = {}
Fling.__index = Fling

--- True once the fling is over (done or replaced).
function Fling:done()
  return self.state ~= "running"
end

-- The inertia from `x` with velocity `vel` in window `win`'s buffer.
local function inertia(win, x, vel, o)
  local last = api.nvim_buf_line_count(api.nvim_win_get_buf(win))
  local tau = o.time_constant
  return kinetic.inertia{ position = x, velocity = vel, power = tau, time_constant = tau,
                          min = 1, max = last, snap = function(t) return math.floor(t + 0.5) end,
                          bounce_stiffness = o.bounce_stiffness, bounce_damping = o.bounce_damping,
                          rest_delta = o.rest_delta, rest_speed = o.rest_speed }
end

-- Advance the fling's motion to now (a no-op within the same hrtime).
local function catch_up(f)
  local now = uv().hrtime()
  if now > f.last then
    f.motion:update((now - f.last) / 1e9)
    f.last = now
  end
end

-- One frame: the motion to now, its nearest whole line to the window; at
-- rest, the fling ends.
local function fling_frame(f, v)
  if f.state ~= "running" then return end         -- replaced since this frame was queued
  f.pending = false
  catch_up(f)
  f.frames = f.frames + 1
  v.topline = f.motion:position()
  if not write(f.win, v) then return end          -- the window closed: replaced
  if not f.motion:done() then return end
  end_schedule(f, "done")
  v.fling = nil
  if views[f.win] == v then views[f.win] = nil end   -- next scroll starts from the window as it is
  if f.on_done then f.on_done(f.win, v.written) end
end

--- A wheel event on window `win` (0: the current one): `lines` lines (negative:
-- up) of momentum.  opts: on_done(win, topline) at rest, and any of
-- M.inertia's parameters (time_constant, bounce_stiffness, bounce_damping,
-- rest_delta, rest_speed) for this event's motion.  Returns the window's
-- fling (see Fling above), the same one while it is in flight.
function M.wheel(win, lines, opts)
  win = window(win)
  local o = {}
  for k, x in pairs(M.inertia) do o[k] = x end
  for k, x in pairs(opts or {}) do o[k] = x end
  local impulse = lines / o.time_constant
  local v = view_of(win)
  local f = v.fling
  if f then                                       -- in flight: from where it is, velocity kept
    catch_up(f)
    local vel = f.motion:velocity() + impulse
    f.motion = inertia(win, f.motion:position(), vel, o)
    f.events, f.velocity = f.events + 1, f.motion:velocity()
    if opts and opts.on_done then f.on_done = opts.on_done end
    return f
  end
  local m = inertia(win, v.written, impulse, o)   -- raises before anything changes
  replace(v)                                      -- a spring or a schedule: from the line shown
  f = setmetatable({ win = win, motion = m, events = 1, velocity = m:velocity(), last = uv().hrtime(),
                     frames = 0, state = "running", on_done = opts and opts.on_done, pending = false },
                   Fling)
  v.fling = f
  local ms = math.max(1, math.floor(1000 / M.fling_fps + 0.5))
  f.timer = uv().new_timer()
  f.timer:start(ms, ms, function()
    if f.pending then return end                  -- at most one frame waits in the queue
    f.pending = true
    vim.schedule(function() fling_frame(f, v) end)
  end)
  return f
end

--- True while a scroll is in flight (a spring on the animator, a schedule or
-- a fling).
function M.busy()
  if kn.running(M.animator) then return true end
  for _, v in pairs(views) do
    if v.schedule or v.fling then return true end
  end
  return false
end

--- The view table of a window being scrolled (nil when it is idle); its
-- `schedule` field is the step schedule moving it, its `fling` field the
-- fling, if any.
function M.view(win)
  return views[window(win)]
end

return M
