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
-- `topline` field, fractional while it moves, that kinetic animates; every
-- frame the animation's on_update writes the nearest whole line.  Called
-- again before it settles, scroll adds to the target and retargets the same
-- spring, velocity kept, so repeated <C-d> presses accelerate smoothly.  One
-- animator (ks.animator, from kinetic.nvim) drives every window at a fixed
-- frame rate; its timer runs only while a spring is in flight.
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
-- a spring, whole on a schedule), target, cursor offset from the top, last
-- line written, writes so far, and the step schedule moving it (if any).
local function view_of(win)
  local v = views[win]
  if v then return v end
  local saved = api.nvim_win_call(win, vim.fn.winsaveview)
  v = { topline = saved.topline, target = saved.topline, offset = saved.lnum - saved.topline,
        written = saved.topline, frames = 0, schedule = nil }
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

-- Stop whatever moves the view (a spring, a schedule) where it is; the
-- window keeps the last line written.
local function replace(v)
  M.animator:stop(v)                              -- no on_complete: a replaced spring is not done
  if v.schedule then
    end_schedule(v.schedule, "replaced")
    v.schedule = nil
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
-- spring.  opts: any kinetic.spring parameters (default M.spring), on_done(win,
-- topline).  Returns the animation (the same one while a spring is in flight).
function M.scroll(win, lines, opts)
  win = window(win)
  local v = view_of(win)
  if v.schedule then                              -- a schedule in flight: from the line shown
    replace(v)
    v.target = v.written
  end
  v.target = target_line(win, v.target + lines)
  local o = {}
  for k, x in pairs(opts or M.spring) do o[k] = x end
  local on_done = o.on_done
  o.on_done = nil
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

--- True while a scroll is in flight (a spring on the animator, or a schedule).
function M.busy()
  if kn.running(M.animator) then return true end
  for _, v in pairs(views) do
    if v.schedule then return true end
  end
  return false
end

--- The view table of a window being scrolled (nil when it is idle); its
-- `schedule` field is the step schedule moving it, if any.
function M.view(win)
  return views[window(win)]
end

return M
