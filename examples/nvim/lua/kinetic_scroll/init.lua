-- kinetic_scroll: smooth scrolling for Neovim windows with kinetic.nvim.
--
--   local ks = require("kinetic_scroll")
--   ks.scroll(0, 20)                     -- 20 lines down on a spring; again mid-flight: retargets
--   ks.scroll_to(0, 1, { duration = 0.3 })   -- a tween to line 1
--   vim.keymap.set("n", "<C-d>", function() ks.scroll(0, vim.wo.scroll) end)
--   vim.keymap.set("n", "<C-u>", function() ks.scroll(0, -vim.wo.scroll) end)
--
-- Each scrolled window has a view table whose `topline` field, fractional
-- while it moves, is what kinetic animates; every frame the animation's
-- on_update writes the nearest whole line to the window (winrestview inside
-- nvim_win_call), moving the cursor by as many lines as the view, as <C-d>
-- does.  One animator (ks.animator, from kinetic.nvim) drives every window:
-- its timer runs only while a scroll is in flight.
--
-- scroll(win, lines) springs the view: called again before it settles it
-- adds to the target and retargets the same spring, velocity kept, so
-- repeated <C-d> presses accelerate smoothly.  scroll_to(win, line) is a
-- tween of a fixed duration; it takes over from a spring in flight (the
-- newest animation of a field drives it).  Targets are clamped to the
-- buffer's lines; a scroll ends exactly on its target line.
local kn = require("kinetic.nvim")

local api = vim.api

local M = {}

-- The animator every scroll runs on.
M.animator = kn.animator()

-- Spring of scroll(): critically damped, so a single scroll does not overshoot.
M.spring = { duration = 0.3, bounce = 0 }

-- Tween of scroll_to().
M.duration = 0.25
M.easing = "outCubic"

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

-- The window's view as the animation sees it: topline (animated), cursor
-- offset from the top, last line written.
local function view_of(win)
  local v = views[win]
  if v then return v end
  local saved = api.nvim_win_call(win, vim.fn.winsaveview)
  v = { topline = saved.topline, target = saved.topline, offset = saved.lnum - saved.topline,
        written = saved.topline, frames = 0 }
  views[win] = v
  return v
end

-- Write the view's topline, rounded, to the window.
local function write(win, v)
  if not api.nvim_win_is_valid(win) then
    views[win] = nil
    M.animator:stop(v)                            -- the window is gone: nothing to scroll
    return
  end
  local last = api.nvim_buf_line_count(api.nvim_win_get_buf(win))
  local top = clamp(math.floor(v.topline + 0.5), 1, last)
  v.frames = v.frames + 1
  if top == v.written then return end
  v.written = top
  local lnum = clamp(top + v.offset, 1, last)
  api.nvim_win_call(win, function() vim.fn.winrestview({ topline = top, lnum = lnum }) end)
  if M.on_frame then M.on_frame(win, v) end
end

local function callbacks(win, v, on_done)
  return function() write(win, v) end,
         function()
           views[win] = nil                       -- next scroll starts from the window as it is
           if on_done then on_done(win, v.topline) end
         end
end

local function target_line(win, line)
  local last = api.nvim_buf_line_count(api.nvim_win_get_buf(win))
  return clamp(line, 1, last)
end

--- Scroll window `win` (0: the current one) by `lines` (negative: up) on a
-- spring.  opts: any kinetic.spring parameters (default M.spring), on_done(win,
-- topline).  Returns the animation (the same one while a scroll is in flight).
function M.scroll(win, lines, opts)
  win = window(win)
  local v = view_of(win)
  v.target = target_line(win, v.target + lines)
  local o = {}
  for k, x in pairs(opts or M.spring) do o[k] = x end
  local on_done = o.on_done
  o.on_done = nil
  o.on_update, o.on_complete = callbacks(win, v, on_done)
  return M.animator:spring(v, { topline = v.target }, o)
end

--- Scroll window `win` (0: the current one) so that `line` is its top line,
-- with a tween.  opts: duration (default M.duration), easing (default
-- M.easing), on_done(win, topline).  Returns the animation.
function M.scroll_to(win, line, opts)
  win = window(win)
  opts = opts or {}
  local v = view_of(win)
  v.target = target_line(win, line)
  local on_update, on_complete = callbacks(win, v, opts.on_done)
  return M.animator:to(v, opts.duration or M.duration, { topline = v.target },
                       { easing = opts.easing or M.easing, on_update = on_update,
                         on_complete = on_complete })
end

--- True while a scroll is in flight (the animator's timer is running).
function M.busy()
  return kn.running(M.animator)
end

--- The view table of a window being scrolled (nil when it is idle).
function M.view(win)
  return views[window(win)]
end

return M
