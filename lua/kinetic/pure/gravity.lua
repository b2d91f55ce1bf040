-- kinetic.pure.gravity: csrc/core/gravity.c in Lua.  Constant acceleration
-- (Gravitas, Flutter's GravitySimulation):
--   x(t) = x0 + v0 t + a t^2 / 2,   v(t) = v0 + a t.
-- A gravity motion is a table with the fields of C's kn_gravity.
local gravity = {}

local abs = math.abs

function gravity.init(g, acceleration, position, velocity, end_distance)
  g.acceleration = acceleration
  g.x0 = position
  g.v0 = velocity
  g.end_distance = end_distance   -- done when |x| >= end_distance; math.huge: never
  g.time = 0.0
  return g
end

-- x, v at time t, x in Flutter's GravitySimulation order.  Where its terms
-- overflow with opposite signs (inf - inf = NaN) the same polynomial in
-- Horner form x0 + t (v0 + a t/2) cannot give NaN for finite inputs, and it
-- is taken whenever the first form leaves the doubles.
function gravity.at(g, t)
  local a, x0, v0 = g.acceleration, g.x0, g.v0
  local x = x0 + v0 * t + 0.5 * a * t * t
  if x - x ~= 0 then x = x0 + t * (v0 + 0.5 * a * t) end
  return x, v0 + a * t
end

function gravity.done(g, t)
  local x = gravity.at(g, t)
  return abs(x) >= g.end_distance
end

return gravity
