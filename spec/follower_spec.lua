-- kinetic.follower: the least-time motion to rest at a target with
-- |acceleration| <= max_acceleration and |velocity| <= max_speed, checked
-- against a brute-force search over bang-bang profiles and by its limits.
local kinetic = require("kinetic")
local h = require("spec.helpers")
local abs = math.abs

-- The least total time over profiles "accelerate at s A for t1, coast at
-- the speed reached for t2 >= 0, brake at A to rest", s = +-1 and t1 on a
-- grid of n steps up to tmax and at the times the speed limit is reached:
-- an upper bound of the least time that comes within the grid's step of it
-- (the optimal plan is such a profile).
local function brute(A, V, x0, v0, X, tmax, n)
  local best = math.huge
  local D = X - x0
  for _, s in ipairs { 1, -1 } do
    local times = {}
    for i = 0, n do times[#times + 1] = tmax * i / n end
    if V < math.huge then
      local tv = (s * V - v0) / (s * A)            -- where v0 + s A t1 reaches s V
      if tv >= 0 then times[#times + 1] = tv end
    end
    for _, t1 in ipairs(times) do
      local v1 = v0 + s * A * t1
      if abs(v1) <= V * (1 + 1e-12) then
        local d = v0 * t1 + 0.5 * s * A * t1 * t1 + v1 * abs(v1) / (2 * A)
        local c = D - d
        local t2
        if abs(c) <= 1e-9 * (1 + abs(D)) then t2 = 0
        elseif v1 ~= 0 and c / v1 >= 0 then t2 = c / v1 end
        if t2 then best = math.min(best, t1 + t2 + abs(v1) / A) end
      end
    end
  end
  return best
end

describe("kinetic.follower", function()
  it("takes the least time a bang-bang search finds, never more", function()
    local r = h.lcg(17)
    for _ = 1, 60 do
      local A = 0.5 + r() * 20
      local V = r() < 0.3 and math.huge or 0.5 + r() * 10
      local x0, X = r() * 40 - 20, r() * 40 - 20
      local v0 = (r() * 2 - 1) * math.min(V, 8)
      local f = kinetic.follower { max_acceleration = A, max_speed = V, position = x0,
                                   velocity = v0, target = X }
      local T = f:remaining_time()
      local tmax = T + 1
      local b = brute(A, V, x0, v0, X, tmax, 20000)
      assert.is_true(T <= b + 1e-9 * (1 + b), T .. " > " .. b)
      assert.is_true(b - T <= 1e-3 * (1 + T), T .. " vs " .. b)
    end
  end)

  it("keeps its limits and comes to rest on the target", function()
    local r = h.lcg(3)
    for _ = 1, 40 do
      local A, V = 1 + r() * 10, 1 + r() * 5
      local o = { max_acceleration = A, max_speed = V, position = r() * 20 - 10,
                  velocity = (r() * 2 - 1) * V, target = r() * 20 - 10 }
      local f = kinetic.follower(o)
      local T = f:remaining_time()
      local px, pv = f:at(0)
      assert.are.same({ o.position, o.velocity }, { px, pv })
      local steps = 400
      for i = 1, steps do
        local t = T * i / steps
        local x, v = f:at(t)
        assert.is_true(abs(v) <= V * (1 + 1e-12), "speed " .. v)
        assert.is_true(abs(v - pv) <= A * T / steps * (1 + 1e-9) + 1e-12, "acceleration")
        local dt = T / steps                   -- (the speed inside the step: within A dt of its ends)
        assert.is_true(abs(x - px) <= (math.max(abs(v), abs(pv)) + A * dt) * dt * (1 + 1e-9) + 1e-9)
        px, pv = x, v
      end
      assert.are.same({ o.target / 1, 0.0 }, { f:at(T) })
      assert.is_true(f:done(T))
      assert.is_false(T > 0 and f:done(T * 0.999))
    end
  end)

  it("coasts at max_speed and brakes first when faster than it", function()
    local f = kinetic.follower { max_acceleration = 10, max_speed = 5, target = 20 }
    assert.are.equal(4.5, f:remaining_time())                 -- 0.5 up, 3.5 at 5, 0.5 down
    assert.are.same({ 11.25, 5.0 }, { f:at(2.5) })
    local g = kinetic.follower { max_acceleration = 2, max_speed = 1, velocity = 5, target = 100 }
    local _, v = g:at(1)
    assert.are.equal(3.0, v)                                    -- braking at 2 down to 1
    local _, w = g:at(2)
    assert.are.equal(1.0, w)
  end)

  it("re-plans from its state at the clock on set_target", function()
    local f = kinetic.follower { max_acceleration = 10, max_speed = 5, target = 20 }
    f:update(1)
    local x, v = f:position(), f:velocity()
    assert.are.equal(f, f:set_target(0))
    assert.are.same({ x, v }, { f:position(), f:velocity() })
    assert.are.equal(2.0, f:remaining_time())                   -- brake to 5, back at 5, stop
    assert.are.equal(0.0, f:final_position())
    f:update(2)
    assert.are.same({ 0.0, 0.0 }, { f:position(), f:velocity() })
    assert.is_true(f:done())
    assert.are.same({ x, v }, { f:at(0.5) })                    -- before the re-plan: its start
  end)

  it("is at rest at once on its target, and refuses bad options", function()
    local f = kinetic.follower { max_acceleration = 1, position = 3, target = 3 }
    assert.are.equal(0.0, f:remaining_time())
    assert.is_true(f:done())
    h.fails_bad_argument("field 'max_acceleration': positive number expected, got 0",
                         kinetic.follower, { max_acceleration = 0 })
    h.fails_bad_argument("field 'max_acceleration': number expected, got nil", kinetic.follower, {})
    h.fails_bad_argument("field 'max_speed': positive number expected, got nan",
                         kinetic.follower, { max_acceleration = 1, max_speed = 0 / 0 })
    h.fails_bad_argument("unknown option 'max_sped'", kinetic.follower,
                         { max_acceleration = 1, max_sped = 2 })
    h.fails_bad_argument("bad argument #1 to 'set_target' (finite number expected, got inf)",
                         function() local g = f:set_target(math.huge); return g end)
    h.fails("follower: the plan overflows", kinetic.follower,
            { max_acceleration = 1, position = -1e308, target = 1e308 })
  end)
end)
