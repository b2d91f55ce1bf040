-- kinetic.pure.round: csrc/core/round.c in Lua.  A rounding is a step
-- q > 0, v -> q floor(v / q + 1/2) (multiples of q, halves up), or a set
-- of allowed values, v -> the nearest member (on a tie the one listed
-- first).  Only the values written and returned are rounded.  A rounding
-- is a table { q = step } or { set = array, nset = n }, or nil for none.
local K = require("kinetic.pure.kmath")

local floor, abs = K.floor, math.abs

local M = {}

-- The member of set nearest v: |v - s_i| smallest, the first on a tie.
local function nearest(set, n, v)
  local best = set[1]
  local dist = abs(v - best)
  for i = 2, n do
    local d = abs(v - set[i])
    if d < dist then dist = d; best = set[i] end
  end
  return best
end

-- v rounded by r (v itself when r is nil).
local function value(r, v)
  if r == nil then return v end
  local q = r.q
  if q then return q * floor(v / q + 0.5) end
  return nearest(r.set, r.nset, v)
end
M.value = value

-- n values of array v (1-based) rounded in place.
function M.values(r, v, n)
  if r == nil then return end
  for i = 1, n do v[i] = value(r, v[i]) end
end

return M
