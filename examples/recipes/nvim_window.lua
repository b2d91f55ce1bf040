-- Animate a Neovim window on a timer: kinetic.nvim's animator runs its frames
-- from a libuv timer, handing the animator the time that really passed
-- between ticks, so the analytic spring gives the same motion however
-- irregular the ticks are.  A second move in flight retargets the spring.
-- Host: Neovim (`make nvim`, then :luafile examples/recipes/nvim_window.lua);
-- plain Lua runs it against a stub of the few vim calls it uses.
-- Run:  lua5.4 examples/recipes/nvim_window.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local stub                                    -- outside Neovim: the fake editor below
if rawget(_G, "vim") == nil then
  -- Only what this file and kinetic.nvim call: a clock and timers that the
  -- loop at the end of the file drives, a schedule queue, and float windows.
  stub = { now = 0, timers = {}, queue = {}, windows = {}, sets = 0 }
  local function new_timer()
    local t = { closed = false }
    function t.start(self, _, _, cb) self.cb = cb; stub.timers[self] = true end
    function t.stop(self) stub.timers[self] = nil end
    function t.close(self) self.closed = true end
    function t.is_closing(self) return self.closed end
    return t
  end
  _G.vim = {
    uv = { hrtime = function() return stub.now end, new_timer = new_timer },
    schedule_wrap = function(fn) return function() stub.queue[#stub.queue + 1] = fn end end,
    notify = function(msg) error(msg) end,
    log = { levels = { ERROR = 4 } },
    api = {
      nvim_create_buf = function() return 1 end,
      nvim_open_win = function(_, _, cfg) stub.windows[1000] = cfg; return 1000 end,
      nvim_win_get_config = function(win)
        local c = stub.windows[win]
        return { relative = c.relative, row = { [false] = c.row }, col = { [false] = c.col } }  -- as 0.7 did
      end,
      nvim_win_set_config = function(win, cfg)
        for k, v in pairs(cfg) do stub.windows[win][k] = v end
        stub.sets = stub.sets + 1
      end,
    },
  }
end
local vim = _G.vim

local kn = require("kinetic.nvim")
local anim = kn.animator()                    -- its update runs from a libuv timer
local positions = {}                          -- one table per window: springs retarget on it

-- Neovim 0.7 gives a float's row and col as { [false] = value }.
local function num(v) return type(v) == "table" and v[false] or v end

local function move(win, row, col, on_done)
  local pos = positions[win]
  if not pos then
    local cfg = vim.api.nvim_win_get_config(win)
    pos = { row = num(cfg.row), col = num(cfg.col) }
    positions[win] = pos
  end
  return anim:spring(pos, { row = row, col = col }, {
    duration = 0.3, bounce = 0.15,
    on_update = function()                    -- fractional rows and cols are fine
      vim.api.nvim_win_set_config(win, { relative = "editor", row = pos.row, col = pos.col })
    end,
    on_complete = on_done,
  })
end

local buf = vim.api.nvim_create_buf(false, true)
local win = vim.api.nvim_open_win(buf, false,
  { relative = "editor", row = 2, col = 4, width = 30, height = 5, style = "minimal" })
local arrived = 0
local first = move(win, 12, 40, function() arrived = arrived + 1 end)

if not stub then return end

-- Outside Neovim: the event loop, with ticks 3 to 100 ms apart; every timer
-- that is due fires, then the scheduled callbacks run.
local gaps = { 16, 16, 40, 3, 16, 100, 7, 16, 33 }
local function run(ticks)
  for i = 1, ticks do
    stub.now = stub.now + gaps[(i - 1) % #gaps + 1] * 1e6
    local due = {}
    for t in pairs(stub.timers) do due[#due + 1] = t end
    for _, t in ipairs(due) do t.cb() end
    local queue = stub.queue
    stub.queue = {}
    for _, fn in ipairs(queue) do fn() end
  end
end

-- For 5 ticks the window follows the spring from (2, 4) to (12, 40) at the
-- total time passed: irregular ticks, the same motion.
local alone = kinetic.spring{ duration = 0.3, bounce = 0.15, from = { 2, 4 }, to = { 12, 40 } }
for _ = 1, 5 do
  run(1)
  local r, c = alone:at(stub.now / 1e9)
  local w = stub.windows[win]
  assert(math.abs(w.row - r) < 1e-9 and math.abs(w.col - c) < 1e-9, "the spring at the time that passed")
end
assert(kn.running(anim), "the timer runs while there is work")

-- A second move in flight: the same springs take the new target.
assert(rawequal(move(win, 20, 10), first), "retargeted, not restarted")
run(200)
local w = stub.windows[win]
assert(w.row == 20 and w.col == 10, "at rest on the last target")
assert(arrived == 1 and not kn.running(anim), "on_complete once; the timer stopped and closed")
print(("nvim_window: float moved in %d ticks (%d config calls), at row %g col %g, timer stopped")
      :format(kn.frames(anim), stub.sets, w.row, w.col))
_G.vim = nil                                  -- the stub goes with the run
