-- kinetic.friction and kinetic.gravity: Flutter's physics tests
-- (spec/fixtures/flutter_physics.lua) and exact values derived here.
describe("friction and gravity", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local F = h.fixture("flutter_physics")

  local function check(op, got, c)
    if op == "eq" then
      if type(c.value) == "number" and c.value ~= 0 and math.abs(c.value) < math.huge then
        return math.abs(got - c.value) <= 4 * 2.2e-16 * math.abs(c.value)
      end
      return got == c.value
    elseif op == "near" then return math.abs(got - c.value) <= c.eps
    elseif op == "between" then return got > c.lo and got < c.hi
    elseif op == "lt" then return got < c.value
    elseif op == "gt" then return got > c.value
    elseif op == "floor" then return math.floor(got) == c.value
    end
    error("unknown op " .. tostring(op))
  end

  for _, case in ipairs(F.cases) do
    if case.kind == "friction" or case.kind == "gravity" then
      it("Flutter: " .. case.test, function()
        local p, o = case.params
        if case.kind == "friction" then
          o = kinetic.friction { drag = p.drag, position = p.position, velocity = p.velocity,
                                 constant_deceleration = p.constant_deceleration,
                                 tolerance = case.tolerance and case.tolerance.velocity }
        else
          o = kinetic.gravity { acceleration = p.acceleration, position = p.position, velocity = p.velocity,
                                end_distance = p.end_distance }
        end
        for _, c in ipairs(case.checks) do
          local got
          if c.fn == "x" then got = (o:at(c.t))
          elseif c.fn == "dx" then got = select(2, o:at(c.t))
          elseif c.fn == "is_done" then got = o:done(c.t)
          elseif c.fn == "final_x" then got = o:final_position()
          elseif c.fn == "time_at_x" then got = o:time_at(c.x)
          elseif c.fn == "time_at_x(x(t))" then got = o:time_at((o:at(c.t)))
          else error("unhandled " .. c.fn) end
          assert.is_true(check(c.op, got, c), string.format("%s t=%s x=%s: got %s, want %s %s", c.fn,
                         tostring(c.t), tostring(c.x), tostring(got), c.op, tostring(c.value or c.lo)))
        end
      end)
    end
  end

  it("friction velocity is v0 * drag^t exactly (pow, not exp(t ln drag))", function()
    local f = kinetic.friction { drag = 0.3, velocity = 400 }
    assert.are.equal(120, select(2, f:at(1)))
    assert.are.equal(36, select(2, f:at(2)))
    -- x(t) = v0 (drag^t - 1) / ln drag
    local L = math.log(0.3)
    for _, t in ipairs { 1e-9, 0.25, 1, 3 } do
      assert.near(400 * (0.3 ^ t - 1) / L, (f:at(t)), 1e-12 * 400)
    end
    assert.near(-400 / L, f:final_position(), 1e-12)
    assert.are.equal(math.huge, f:time_at(-400 / L))
    assert.near(1, f:time_at(400 * (0.3 - 1) / L), 1e-14)
  end)

  it("constant deceleration opposes the motion and stops it for good", function()
    for _, v0 in ipairs { 50, -50 } do
      local f = kinetic.friction { drag = 0.5, velocity = v0, constant_deceleration = 30 }
      local stop = f:time_at(f:final_position())
      assert.is_true(stop > 0 and stop < math.huge)
      -- v(stop) = v0 0.5^stop - 30 sign(v0) stop = 0
      assert.near(0, v0 * 0.5 ^ stop - 30 * (v0 > 0 and 1 or -1) * stop, 1e-12)
      local x, v = f:at(stop + 10)
      assert.are.equal(f:final_position(), x)
      assert.are.equal(0, v)
      assert.is_true(f:done(stop))
      assert.is_false(f:done(0))
    end
  end)

  it("update advances the clock; done() uses it", function()
    local f = kinetic.friction { drag = 0.3, position = 100, velocity = 400, tolerance = 1 }
    for _ = 1, 60 do f:update(1 / 12) end
    assert.near(5, f:time(), 1e-12)
    assert.near((f:at(5)), f:position(), 1e-12)
    assert.is_true(f:done())
    local g = kinetic.gravity { acceleration = -10, velocity = 10 }
    for _ = 1, 4 do g:update(0.5) end
    assert.are.equal(0, g:position())
    assert.are.equal(-10, g:velocity())
    assert.is_false(g:done())
  end)

  it("rejects bad input", function()
    local function err(f, o) return h.error_of(function() local r = f(o); return r end) end
    assert.matches("field 'drag': number in %(0, 1%) expected, got 1", err(kinetic.friction, { drag = 1 }))
    assert.matches("field 'drag': number in %(0, 1%) expected, got 0", err(kinetic.friction, { drag = 0 }))
    assert.matches("field 'drag': number expected, got nil", err(kinetic.friction, {}))
    assert.matches("field 'velocity': finite number expected, got nan",
                   err(kinetic.friction, { drag = 0.5, velocity = 0 / 0 }))
    assert.matches("field 'constant_deceleration': non%-negative",
                   err(kinetic.friction, { drag = 0.5, constant_deceleration = -1 }))
    assert.matches("field 'acceleration': number expected, got nil", err(kinetic.gravity, {}))
    assert.matches("field 'position': finite number expected, got inf",
                   err(kinetic.gravity, { acceleration = 1, position = math.huge }))
    assert.matches("table expected, got nil", err(kinetic.gravity, nil))
    local f = kinetic.friction { drag = 0.5 }
    assert.matches("bad argument #1 to 'at' %(non%-negative number expected, got %-1%)",
                   select(2, pcall(function() local x = f:at(-1); return x end)))
    assert.matches("^kinetic%.Friction%(", tostring(f))
    assert.matches("^kinetic%.Gravity%(", tostring(kinetic.gravity { acceleration = 1 }))
  end)
end)
