-- Angle interpolation (the shortest or the longest way round) and rotation
-- about a pivot, the formulas written out again here, independently of the
-- C code.
local kinetic = require("kinetic")
local near = require("spec.helpers").relative_near(1e-9)

local function mod(a, b) return a - b * math.floor(a / b) end

-- An angle normalized for a full turn T (360 or 2*pi): into [0, T) and
-- into [-T/2, T/2).
local function norm_full(theta, T) return mod(T + mod(theta, T), T) end
local function norm_half(theta, T) return norm_full(theta + T / 2, T) - T / 2 end

-- f: the normalization with the smaller distance (ties: [-180, 180)).
local function f_pair(alpha, beta, T)
  local d_full = math.abs(norm_full(beta, T) - norm_full(alpha, T))
  local d_half = math.abs(norm_half(beta, T) - norm_half(alpha, T))
  if d_full < d_half then return norm_full(alpha, T), norm_full(beta, T) end
  return norm_half(alpha, T), norm_half(beta, T)
end

-- Shortest: from f(alpha) to f(beta).  Longest: a full turn added on the
-- side that makes the path longer -- from f(alpha) + 360 to f(beta) is the
-- longer way only when f(beta) >= f(alpha); otherwise it is the shorter
-- way plus a full turn (10 -> 350 would sweep 380 degrees), and the turn
-- is taken off f(alpha) instead.
local function endpoints(alpha, beta, T, longest)
  local a, b = f_pair(alpha, beta, T)
  if longest then
    if b >= a then a = a + T else a = a - T end
  end
  return a, b
end

describe("timeline: angles", function()
  it("350 -> 10 degrees goes the short way through 0", function()
    local tl = kinetic.timeline{ from = 350, { to = 10, duration = 1 }, interpolation = "shortest-angle" }
    near(-10, tl:at(0)); near(-5, tl:at(0.25)); near(0, tl:at(0.5)); near(10, tl:at(1))
  end)

  it("350 -> 10 degrees the long way passes 180", function()
    local tl = kinetic.timeline{ from = 350, { to = 10, duration = 1 }, interpolation = "longest-angle" }
    near(350, tl:at(0)); near(180, tl:at(0.5)); near(10, tl:at(1))
    near(265, tl:at(0.25))
  end)

  it("10 -> 350 degrees, both ways (the longest path takes the turn off the start)", function()
    local s = kinetic.timeline{ from = 10, { to = 350, duration = 1 }, interpolation = "shortest-angle" }
    near(10, s:at(0)); near(0, s:at(0.5)); near(-10, s:at(1))
    local l = kinetic.timeline{ from = 10, { to = 350, duration = 1 }, interpolation = "longest-angle" }
    -- from f(10) + 360 = 370 to f(350) = -10 would be 380 degrees: 10 - 360 to -10 instead
    near(10 - 360, l:at(0)); near(-180, l:at(0.5)); near(-10, l:at(1))
    assert.is_true(math.abs(l:at(1) - l:at(0)) == 340)
  end)

  it("works in radians", function()
    local pi = math.pi
    local tl = kinetic.timeline{ from = 350 * pi / 180, { to = 10 * pi / 180, duration = 2 },
                                 interpolation = "shortest-angle", angle_unit = "radians" }
    near(-10 * pi / 180, tl:at(0)); near(0, tl:at(1), 1e-12); near(10 * pi / 180, tl:at(2))
    local lt = kinetic.timeline{ from = 350 * pi / 180, { to = 10 * pi / 180, duration = 2 },
                                 interpolation = "longest-angle", angle_unit = "radians" }
    near(pi, lt:at(1))
  end)

  it("matches the normalization and selection above for a grid of angle pairs", function()
    for _, unit in ipairs({ "degrees", "radians" }) do
      local T = unit == "degrees" and 360 or 2 * math.pi
      for i = -8, 8 do
        for j = -8, 8 do
          local alpha, beta = i * T / 7.3, j * T / 5.1 + 0.01
          for _, longest in ipairs({ false, true }) do
            local tl = kinetic.timeline{ from = alpha, { to = beta, duration = 1 }, angle_unit = unit,
                                         interpolation = longest and "longest-angle" or "shortest-angle" }
            local a, b = endpoints(alpha, beta, T, longest)
            for _, p in ipairs({ 0, 0.3, 0.5, 1 }) do
              near(a + p * (b - a), tl:at(p), 1e-9, string.format("%s %g->%g p=%g", unit, alpha, beta, p))
            end
            -- the sweep is the short one (<= T/2) or its complement
            local sweep = math.abs(tl:at(1) - tl:at(0))
            if longest then assert.is_true(sweep >= T / 2 - 1e-9) else assert.is_true(sweep <= T / 2 + 1e-9) end
          end
        end
      end
    end
  end)

  it("interpolates each component of an angle vector; a half turn takes the [-180, 180) form", function()
    local tl = kinetic.timeline{ from = { 350, 90 }, { to = { 10, 270 }, duration = 1 },
                                 interpolation = "shortest-angle" }
    local a, b = tl:at(0.5)
    near(0, a)
    near(0, b)        -- d360 = d180 = 180: a tie takes [-180, 180), 90 -> -90
    a, b = tl:at(1)
    near(10, a); near(-90, b)
  end)
end)

describe("timeline: polar motion about a pivot", function()
  -- distance and direction from the pivot, interpolated, then back to x, y:
  --   x = x_v + d cos(theta),  y = y_v + d sin(theta)
  local function polar(p1, p2, pivot, s)
    local xv, yv = pivot[1], pivot[2]
    local d1 = math.sqrt((p1[1] - xv) ^ 2 + (p1[2] - yv) ^ 2)
    local d2 = math.sqrt((p2[1] - xv) ^ 2 + (p2[2] - yv) ^ 2)
    local th1 = math.atan2 and math.atan2(p1[2] - yv, p1[1] - xv) or math.atan(p1[2] - yv, p1[1] - xv)
    local th2 = math.atan2 and math.atan2(p2[2] - yv, p2[1] - xv) or math.atan(p2[2] - yv, p2[1] - xv)
    local a, b = endpoints(th1, th2, 2 * math.pi, false)     -- theta: the shortest way round
    local d, th = d1 + s * (d2 - d1), a + s * (b - a)
    return xv + d * math.cos(th), yv + d * math.sin(th)
  end

  it("rotates about a pivot that is not the origin", function()
    local pivot, p1, p2 = { 3, -2 }, { 5, -2 }, { 3, 2 }   -- radius 2 -> 4, a quarter turn
    local tl = kinetic.timeline{ from = p1, { to = p2, duration = 1 }, interpolation = "polar", pivot = pivot }
    for i = 0, 10 do
      local s = i / 10
      local ex, ey = polar(p1, p2, pivot, s)
      local x, y = tl:at(s)
      near(ex, x, 1e-12, "x s=" .. s); near(ey, y, 1e-12, "y s=" .. s)
    end
    local x, y = tl:at(0.5)                 -- halfway: radius 3 at 45 degrees
    near(3 + 3 * math.cos(math.pi / 4), x); near(-2 + 3 * math.sin(math.pi / 4), y)
    x, y = tl:at(1)
    assert.are.equal(3, x); assert.are.equal(2, y)
  end)

  it("takes the shorter way round across the +-180 degree line", function()
    local pivot = { -1, 1 }
    local tl = kinetic.timeline{ from = { -3, 1.5 }, { to = { -3, 0.5 }, duration = 1 }, interpolation = "polar",
                                 pivot = pivot }
    local x, y = tl:at(0.5)               -- passes due west of the pivot, not east
    assert.is_true(x < -1)
    near(1, y, 1e-12)
    for i = 0, 10 do
      local ex, ey = polar({ -3, 1.5 }, { -3, 0.5 }, pivot, i / 10)
      local gx, gy = tl:at(i / 10)
      near(ex, gx); near(ey, gy)
    end
  end)

  it("moves radially when one end is on the pivot", function()
    local tl = kinetic.timeline{ from = { 1, 1 }, { to = { 1, 5 }, duration = 1 }, interpolation = "polar",
                                 pivot = { 1, 1 } }
    local x, y = tl:at(0.5)
    near(1, x); near(3, y)
  end)

  it("chains polar segments and composes with the strategies", function()
    local pivot = { 10, 10 }
    local tl = kinetic.timeline{ from = { 11, 10 }, { to = { 10, 11 }, duration = 1 }, { to = { 9, 10 }, duration = 1 },
                                 interpolation = "polar", pivot = pivot, after = "reverse" }
    local x, y = tl:at(2.5)               -- on the way back, middle of segment 2
    local ex, ey = polar({ 10, 11 }, { 9, 10 }, pivot, 0.5)
    near(ex, x); near(ey, y)
  end)
end)
