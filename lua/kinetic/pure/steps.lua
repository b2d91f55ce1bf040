-- kinetic.pure.steps: CSS steps() as the browser engines compute it;
-- csrc/core/steps.c in Lua.
--
-- CSS Easing 1, "step easing function", in binary64 like Blink's
-- StepsTimingFunction: p*n is rounded to a double before floor(), so
-- steps(5) at p = 0.6 gives 0.6 (0.6*5 rounds to 3.0).
--
-- A kn_steps is a table: n (an integer >= 1, >= 2 for jump-none),
-- position (the enum below).
local M = {}

-- enum kn_step_position
local JUMP_START, JUMP_END, JUMP_NONE, JUMP_BOTH, START, END = 0, 1, 2, 3, 4, 5
M.JUMP_START, M.JUMP_END, M.JUMP_NONE, M.JUMP_BOTH, M.START, M.END =
  JUMP_START, JUMP_END, JUMP_NONE, JUMP_BOTH, START, END

-- Number of jumps: n, n - 1 (jump-none) or n + 1 (jump-both).
function M.jumps(s)
  local p = s.position
  if p == JUMP_NONE then return s.n - 1 end
  if p == JUMP_BOTH then return s.n + 1 end
  return s.n
end

-- floor(x) is written x - x % 1.0: exact for finite x on every VM (as a
-- float; only -0.0 would lose its sign, which no caller here sees), and
-- no call; an infinite x (n p past the doubles) is its own floor.
function M.eval(s, p, before_flag)
  local n = s.n / 1
  local pn = n * p
  local pos = s.position
  local x = pn + ((pos == JUMP_START or pos == START or pos == JUMP_BOTH) and 1.0 or 0.0)
  local step = x - x % 1.0
  if step ~= step then step = x end      -- x = +-inf (n p overflows): floor(x) = x
  local jumps = pos == JUMP_NONE and n - 1.0 or (pos == JUMP_BOTH and n + 1.0 or n)
  -- the left limit at a discontinuity (before flag set, p*n integral)
  if before_flag and pn % 1.0 == 0.0 then step = step - 1.0 end
  if p >= 0.0 and step < 0.0 then step = 0.0 end
  if p <= 1.0 and step > jumps then step = jumps end
  return step / jumps
end

-- The names of the positions, in the order of the enum (kn_steps_position_name).
M.position_names = { "jump-start", "jump-end", "jump-none", "jump-both", "start", "end" }

-- "jump-start" ... "end"; nil for an unknown value.
function M.position_name(position)
  return M.position_names[position + 1]
end

return M
