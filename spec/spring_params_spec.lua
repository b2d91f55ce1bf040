-- kinetic.spring parameter families, params(), and bad input.
describe("spring parameters", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local pi = math.pi

  local function p(opts) return kinetic.spring(opts):params() end

  it("defaults to react-spring's default (170, 26, mass 1)", function()
    local q = p {}
    assert.are.same({ 1, 170, 26 }, { q.mass, q.stiffness, q.damping })
    q = p { damping = 10 }
    assert.are.same({ 1, 170, 10 }, { q.mass, q.stiffness, q.damping })
    assert.are.equal(1, kinetic.spring():target())
  end)

  it("derives every params() value", function()
    local q = p { mass = 2, stiffness = 50, damping = 6 }
    local w = math.sqrt(25)
    assert.near(6 / (2 * math.sqrt(100)), q.damping_ratio, 1e-15)
    assert.near(w, q.omega, 1e-15)
    assert.near(w / (2 * pi), q.frequency, 1e-15)
    assert.near(2 * pi / w, q.response, 1e-15)
    assert.near(2 * pi / w, q.duration, 1e-15)
    assert.near(1 - 0.3, q.bounce, 1e-15)
    q = p { stiffness = 100, damping = 40 }                  -- zeta 2
    assert.near(1 / 2 - 1, q.bounce, 1e-15)
    q = p { stiffness = 0, damping = 1 }
    assert.are.equal(math.huge, q.damping_ratio)
    assert.are.equal(math.huge, q.response)
    assert.are.equal(-1, q.bounce)
  end)

  it("frequency (Hz) and response (s) with damping_ratio", function()
    local q = p { frequency = 2, damping_ratio = 0.5, mass = 3 }
    local w = 2 * pi * 2
    assert.near(w * w * 3, q.stiffness, 1e-12)
    assert.near(2 * 0.5 * w * 3, q.damping, 1e-12)
    q = p { response = 0.5, damping_ratio = 0.825 }
    assert.near((2 * pi / 0.5) ^ 2, q.stiffness, 1e-12)
    assert.near(4 * pi * 0.825 / 0.5, q.damping, 1e-12)
    assert.near(1, p { frequency = 1 }.damping_ratio, 1e-15)
  end)

  it("duration and bounce as SwiftUI / Flutter, negative bounce included", function()
    -- Apple's documentation: Spring(duration: 0.5, bounce: 0.3) -> (1.0, 157.9, 17.6)
    local q = p { duration = 0.5, bounce = 0.3 }
    assert.near(157.9, q.stiffness, 0.05)
    assert.near(17.6, q.damping, 0.05)
    assert.near(0.3, q.bounce, 1e-12)
    assert.near(0.5, q.duration, 1e-12)
    q = p { duration = 0.5, bounce = -0.3 }
    assert.near(1 / 0.7, q.damping_ratio, 1e-12)
    assert.near(-0.3, q.bounce, 1e-12)
    q = p { bounce = 1 }
    assert.are.equal(0, q.damping)
    assert.near(0.5, q.duration, 1e-12)
    -- Apple: Spring(mass: 1, stiffness: 100, damping: 10) -> duration 0.63, bounce 0.5
    q = p { stiffness = 100, damping = 10 }
    assert.near(0.63, q.duration, 0.005)
    assert.near(0.5, q.bounce, 1e-12)
  end)

  it("Rebound tension/friction, Origami and bouncy converters", function()
    local q = p { tension = 230.2, friction = 22 }
    assert.are.same({ 1, 230.2, 22 }, { q.mass, q.stiffness, q.damping })
    q = p { origami_tension = 40, origami_friction = 7 }
    assert.near(230.2, q.stiffness, 1e-12)
    assert.are.equal(22, q.damping)
    q = p { bounciness = 5, speed = 10 }                     -- measured in npm rebound
    assert.near(299.6188, q.stiffness, 1e-4)
    assert.near(27.0487, q.damping, 1e-4)
  end)

  it("react-spring presets", function()
    local want = { default = { 170, 26 }, gentle = { 120, 14 }, wobbly = { 180, 12 }, stiff = { 210, 20 },
                   slow = { 280, 60 }, molasses = { 280, 120 } }
    for name, tf in pairs(want) do
      local q = p { preset = name }
      assert.are.same({ 1, tf[1], tf[2] }, { q.mass, q.stiffness, q.damping })
    end
    assert.are.equal(2, p { preset = "wobbly", mass = 2 }.mass)
  end)

  -- called by name and not as a tail call, so that every VM knows the function's name
  local function err(opts) return h.error_of(function() local s = kinetic.spring(opts); return s end) end

  it("rejects bad input with a bad argument error", function()
    assert.matches("bad argument #1 to '[%w%.]*spring' %(field 'mass': positive number expected, got %-1%)",
                   err { mass = -1 })
    assert.matches("field 'mass': positive number expected, got 0", err { mass = 0 })
    assert.matches("field 'stiffness': non%-negative number expected, got %-5", err { stiffness = -5 })
    assert.matches("field 'damping': non%-negative number expected", err { damping = -0.1 })
    assert.matches("one parameter family expected, got 'stiffness' and 'frequency'",
                   err { stiffness = 1, frequency = 2 })
    assert.matches("one parameter family expected", err { tension = 1, friction = 1, preset = "stiff" })
    assert.matches("field 'damping_ratio': needs 'frequency' or 'response'", err { damping_ratio = 1 })
    assert.matches("field 'damping_ratio': cannot be mixed", err { stiffness = 1, damping_ratio = 1 })
    assert.matches("field 'mass': cannot be mixed", err { tension = 1, friction = 2, mass = 2 })
    assert.matches("field 'preset': one of 'default'.*got 'bouncy'", err { preset = "bouncy" })
    assert.matches("field 'preset': string expected, got number", err { preset = 3 })
    assert.matches("field 'bounce': number in %(%-1, 1%] expected, got %-1", err { bounce = -1 })
    assert.matches("field 'bounce'", err { duration = 1, bounce = 1.5 })
    assert.matches("field 'duration': positive number expected, got 0", err { duration = 0 })
    assert.matches("field 'frequency': positive number expected", err { frequency = -1 })
    assert.matches("field 'response': positive", err { response = 0, damping_ratio = 1 })
    assert.matches("field 'friction': number expected, got nil", err { tension = 100 })
    assert.matches("field 'origami_friction': gives damping", err { origami_tension = 40, origami_friction = -1 })
    assert.matches("field 'integrator': one of 'analytic', 'rk4', 'euler' expected, got 'verlet'",
                   err { integrator = "verlet" })
    assert.matches("field 'integrator': one of .* got boolean", err { integrator = true })
    assert.matches("field 'stiffness': finite number expected, got nan", err { stiffness = 0 / 0 })
    assert.matches("field 'damping': finite number expected, got inf", err { damping = math.huge })
    assert.matches("field 'from': finite number expected, got %-inf", err { from = -math.huge })
    assert.matches("field 'to': item 2: finite number expected, got nan", err { to = { 1, 0 / 0 } })
    assert.matches("field 'velocity': item 1: number expected, got string", err { velocity = { "x" } })
    assert.matches("field 'to': array of 2 numbers expected", err { from = { 1, 2 }, to = { 1, 2, 3 } })
    assert.matches("field 'from': non%-empty array", err { from = {} })
    assert.matches("field 'clamp': boolean expected", err { clamp = 1 })
    assert.matches("field 'on_rest': function expected, got number", err { on_rest = 1 })
    assert.matches("field 'rest_delta': non%-negative", err { rest_delta = -1 })
    assert.matches("bad argument #1 to '[%w%.]*spring' %(table expected, got string%)", err("x"))
    assert.matches("field 'frequency': gives stiffness inf", err { frequency = 1e300 })
  end)

  it("rejects bad method arguments", function()
    local s = kinetic.spring {}
    local v = kinetic.spring { to = { 1, 2 } }
    local error_of = h.error_of
    assert.matches("bad argument #1 to 'update' %(non%-negative number expected, got %-1%)",
                   error_of(function() local r = s:update(-1); return r end))
    assert.matches("bad argument #1 to 'update' %(finite number expected, got nan%)",
                   error_of(function() local r = s:update(0 / 0); return r end))
    assert.matches("bad argument #1 to 'at' %(number expected, got no value%)",
                   error_of(function() local r = s:at(); return r end))
    assert.matches("kinetic.Spring expected, got number", error_of(function() local r = s.update(5, 1); return r end))
    assert.matches("kinetic.Spring expected, got kinetic.Friction",
                   error_of(function() local r = s.update(kinetic.friction { drag = 0.5 }, 1); return r end))
    assert.matches("bad argument #1 to 'set_target' %(2 numbers or an array expected, got 1 values%)",
                   error_of(function() local r = v:set_target(1); return r end))
    assert.matches("array of 2 numbers expected, got 3 items",
                   error_of(function() local r = v:set_target { 1, 2, 3 }; return r end))
    assert.matches("bad argument #2 to 'set_position' %(finite number expected, got inf%)",
                   error_of(function() local r = v:set_position(1, math.huge); return r end))
    assert.matches("bad argument #1 to 'settle_time' %(positive number expected, got 0%)",
                   error_of(function() local r = s:settle_time(0); return r end))
    -- a failed call leaves the spring as it was
    assert.are.same({ 0, 0 }, { v:position() })
    assert.are.same({ 1, 2 }, { v:target() })
  end)

  it("has the type name, a __tostring and a protected metatable", function()
    local s = kinetic.spring { stiffness = 100, damping = 10 }
    assert.matches("^kinetic%.Spring%(stiffness=100, damping=10, mass=1, n=1, analytic, moving%)$", tostring(s))
    assert.are.equal("kinetic", getmetatable(s))
  end)
end)
