-- kinetic.pure.linearfn: CSS linear(<stops>), evaluated as Blink does;
-- csrc/core/linearfn.c in Lua.
--
-- Points are n pairs {input in PERCENT, output} in a flat array: C's
-- pts[2i] (input) and pts[2i + 1] (output) at pts[2i + 1] and pts[2i + 2].
-- Evaluation: A = the last point with 100 p >= input (the first if none),
-- moved one back when it is the last point, B = A + 1; equal inputs give
-- output(B), otherwise out(A) + (p - in(A)/100) / ((in(B) - in(A))/100)
-- * (out(B) - out(A)): the end segments continue outside.
local floor = math.floor
local huge = math.huge

local M = {}

-- Turn parsed stops into points, in place: each input is a percentage or
-- NaN (a stop without one); inputs never decrease, a missing first input
-- is 0, a missing last one max(100, largest), runs of missing inputs are
-- spaced evenly between their neighbours (the rounding of Chromium's form).
function M.normalize(pts, n)
  local largest = -huge
  for i = 0, n - 1 do
    local x = pts[2 * i + 1]
    if x == x then
      if x < largest then pts[2 * i + 1] = largest end
      largest = pts[2 * i + 1]
    elseif i == 0 then
      pts[1] = 0.0
      largest = 0.0
    elseif i == n - 1 then
      pts[2 * i + 1] = largest > 100.0 and largest or 100.0
    end
  end
  local i = 1
  while i < n do
    if pts[2 * i + 1] ~= pts[2 * i + 1] then
      local j = i
      while pts[2 * j + 1] ~= pts[2 * j + 1] do j = j + 1 end   -- IN(n-1) is known
      for k = i, j - 1 do
        local prev = pts[2 * k - 1]
        pts[2 * k + 1] = prev + (pts[2 * j + 1] - prev) / (j - k + 1)
      end
      i = j
    end
    i = i + 1
  end
end

-- Output at progress p (n >= 2).
function M.eval(pts, n, p)
  local x = 100.0 * p
  local lo, hi = 0, n
  while lo < hi do                  -- upper bound: first input > 100 p
    local mid = lo + floor((hi - lo) / 2)
    if x < pts[2 * mid + 1] then hi = mid else lo = mid + 1 end
  end
  local a = lo == 0 and 0 or lo - 1
  if a == n - 1 then a = a - 1 end
  local ia, ib = pts[2 * a + 1], pts[2 * a + 3]
  if ia == ib then return pts[2 * a + 4] end
  local oa = pts[2 * a + 2]
  return oa + ((p - ia / 100.0) / ((ib - ia) / 100.0)) * (pts[2 * a + 4] - oa)
end

-- The first stop input after p (as a fraction, below 1), or 1.
function M.next_break(pts, n, p)
  local lo, hi = 0, n
  while lo < hi do                  -- first input > 100 p
    local mid = lo + floor((hi - lo) / 2)
    if 100.0 * p < pts[2 * mid + 1] then hi = mid else lo = mid + 1 end
  end
  while lo < n do
    local x = pts[2 * lo + 1] / 100.0
    if x > p then return x < 1.0 and x or 1.0 end
    lo = lo + 1
  end
  return 1.0
end

return M
