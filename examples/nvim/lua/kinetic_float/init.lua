-- kinetic_float: a small Neovim plugin that moves floating windows with kinetic.
--
--   local kf = require("kinetic_float")
--   local f = kf.open{ row = 1, col = 1, width = 24, height = 3, lines = { "hello" } }
--   f:spring_to(10, 40, { preset = "wobbly" })          -- interruptible: call again mid-flight
--   f:play{ { to = { 2, 4 }, duration = 0.4, easing = "ease-out" } }   -- a kinetic.timeline
--
-- kinetic owns no clock: each float runs one libuv timer (vim.uv, or vim.loop
-- before Neovim 0.10) and hands the measured elapsed time to the animation's
-- update(dt).  Positions are editor cells (row, col), fractional while moving.
local kinetic = require("kinetic")

local uv = vim.uv or vim.loop
local api = vim.api

local M = {}

-- Default frame interval in milliseconds (libuv repeats are whole milliseconds).
M.interval = 16

-- Neovim 0.7 returns float fields of nvim_win_get_config as {[false] = value}.
local function num(v)
  if type(v) == "table" then return v[false] end
  return v
end

local Float = {}
Float.__index = Float

--- Open a floating window (relative to the editor) at row, col.
-- opts: row, col, width, height, lines (array of strings), border, interval (ms).
function M.open(opts)
  opts = opts or {}
  local buf = api.nvim_create_buf(false, true)
  if opts.lines then api.nvim_buf_set_lines(buf, 0, -1, false, opts.lines) end
  local win = api.nvim_open_win(buf, false, {
    relative = "editor", style = "minimal",
    row = opts.row or 0, col = opts.col or 0,
    width = opts.width or 20, height = opts.height or 3,
    border = opts.border,
  })
  local self = setmetatable({
    win = win, buf = buf, timer = nil, anim = nil, kind = nil,
    interval = opts.interval or M.interval, frames = 0, clock = 0,
    on_frame = opts.on_frame,
  }, Float)
  return self
end

--- Current position of the window, as configured: row, col.
function Float:position()
  local c = api.nvim_win_get_config(self.win)
  return num(c.row), num(c.col)
end

function Float:valid()
  return self.win ~= nil and api.nvim_win_is_valid(self.win)
end

function Float:_move(row, col, resting)
  api.nvim_win_set_config(self.win, { relative = "editor", row = row, col = col })
  self.frames = self.frames + 1
  if self.on_frame then self.on_frame(self, row, col, self.clock, resting) end
end

function Float:_stop_timer()
  if self.timer then
    self.timer:stop()
    self.timer:close()
    self.timer = nil
  end
end

-- Start the frame timer: every tick measures the real elapsed time and calls
-- step(dt), which returns true when the animation is finished.  self.clock
-- is the time since the animation started (the sum of the dts handed out).
function Float:_run(step, on_done)
  self:_stop_timer()
  self.clock = 0
  local last = uv.hrtime()
  local timer = uv.new_timer()
  self.timer = timer
  timer:start(self.interval, self.interval, vim.schedule_wrap(function()
    if self.timer ~= timer then return end           -- superseded or stopped
    if not self:valid() then self:_stop_timer(); return end
    local now = uv.hrtime()
    local dt = (now - last) / 1e9
    last = now
    self.clock = self.clock + dt
    local ok, finished = pcall(step, dt)
    if not ok then
      self:_stop_timer()
      self.error = finished
      vim.notify("kinetic_float: " .. tostring(finished), vim.log.levels.ERROR)
      return
    end
    if finished then
      self:_stop_timer()
      self.anim, self.kind = nil, nil
      if on_done then on_done(self) end
    end
  end))
end

--- Move to (row, col) with a 2-vector kinetic.spring.  spring_opts are any
-- kinetic.spring parameters (preset, stiffness/damping, frequency/damping_ratio,
-- duration/bounce ...).  Called while a spring is running, it only retargets
-- it: position and velocity are kept, so the motion stays continuous.
function Float:spring_to(row, col, spring_opts, on_done)
  self.on_done = on_done
  if self.kind == "spring" and self.timer then
    self.anim:set_target(row, col)
    return self.anim
  end
  local r0, c0 = self:position()
  local o = {}
  for k, v in pairs(spring_opts or { preset = "default" }) do o[k] = v end
  o.from, o.to = { r0, c0 }, { row, col }
  o.velocity = o.velocity or { 0, 0 }
  local s = kinetic.spring(o)
  self.anim, self.kind = s, "spring"
  self:_run(function(dt)
    local r, c = s:update(dt)
    local rest = s:at_rest()
    if rest then r, c = s:target() end   -- land exactly on the target cell
    self:_move(r, c, rest)
    return rest
  end, function(f) if f.on_done then f.on_done(f) end end)
  return s
end

--- Play a kinetic.timeline over the position {row, col}.  `def` is a timeline
-- definition whose values are 2-arrays {row, col}; `from` defaults to the
-- current position.  Timelines with after = "restart"/"reverse" run until stop().
function Float:play(def, on_done)
  local d = {}
  for k, v in pairs(def) do d[k] = v end
  if d.from == nil then
    local r0, c0 = self:position()
    d.from = { r0, c0 }
  end
  local tl = kinetic.timeline(d)
  local out = { 0, 0 }
  self.anim, self.kind = tl, "timeline"
  self.on_done = on_done
  self:_run(function(dt)
    tl:update(dt, out)
    local done = tl:done()
    self:_move(out[1], out[2], done)
    return done
  end, function(f) if f.on_done then f.on_done(f) end end)
  return tl
end

--- True while an animation is running.
function Float:busy()
  return self.timer ~= nil
end

function Float:stop()
  self:_stop_timer()
  self.anim, self.kind = nil, nil
end

function Float:close()
  self:stop()
  if self:valid() then api.nvim_win_close(self.win, true) end
  if api.nvim_buf_is_valid(self.buf) then api.nvim_buf_delete(self.buf, { force = true }) end
end

--- :KineticFloat -- a float that springs to a random spot every second, until closed.
function M.demo()
  local f = M.open{ row = 1, col = 1, width = 28, height = 3, border = "rounded",
                    lines = { " kinetic", " a spring-driven float", " (:close it with <C-w>c)" } }
  local hop = uv.new_timer()
  local function go()
    if not f:valid() then hop:stop(); hop:close(); return end
    local rows = math.max(1, vim.o.lines - 6)
    local cols = math.max(1, vim.o.columns - 30)
    f:spring_to(math.random(0, rows), math.random(0, cols), { preset = "wobbly" })
  end
  hop:start(0, 1500, vim.schedule_wrap(go))
  return f
end

M.Float = Float
return M
