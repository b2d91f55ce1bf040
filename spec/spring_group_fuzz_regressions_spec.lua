-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): kinetic.spring_group.
local kinetic = require("kinetic")
local not_nan = require("spec.helpers").not_nan

describe("spring_group: fuzz regressions", function()
  it("a coasting spring_group whose state overflows raises and rests on the target, as kinetic.Spring", function()
    -- no stiffness, no damping: x += v dt grows past 1.8e308; the group went to inf, then NaN, silently
    local g = kinetic.spring_group { count = 3, stiffness = 0, damping = 0, from = { 1e308, 0, -5 },
                                     to = { 7, 0, 0 }, velocity = { 1e308, 1, 0 } }
    local ok, err = pcall(g.update, g, 1)
    assert.is_false(ok)
    assert.matches("update: spring 1's state overflowed %(beyond %+%-1.8e308%); it is reset to rest on its target", err)
    assert.are.equal(7, g:position(1))
    assert.are.equal(0, g:velocity(1))
    assert.is_true(g:at_rest(1))
    assert.are.equal(1, g:position(2))            -- the others moved on as usual
    assert.are.equal(-5, g:position(3))
    assert.are.equal(1, g:update(1))               -- spring 2 still coasts
    assert.are.equal(2, g:position(2))
    not_nan(g:position(1), g:position(2), g:position(3), g:velocity(1), g:velocity(2))
    local s = kinetic.spring { stiffness = 0, damping = 0, from = 1e308, to = 7, velocity = 1e308 }
    local ok2, err2 = pcall(s.update, s, 1)
    assert.is_false(ok2)
    assert.matches("state overflowed", err2)
    assert.are.equal(7, s:position())
  end)

  it("a stiff spring_group whose velocity overflows raises as kinetic.Spring does (fuzz_group)", function()
    -- w0 = 10, a motion of 1.7e308: v = w0 y leaves the doubles in the first frame
    local s = kinetic.spring { stiffness = 100, damping = 1, from = 0, to = 1.7e308 }
    local g = kinetic.spring_group { count = 2, stiffness = 100, damping = 1, from = 0, to = { 1.7e308, 1 } }
    local ok1, err1 = pcall(s.update, s, 0.02)
    local ok2, err2 = pcall(g.update, g, 0.02)
    assert.is_false(ok1)
    assert.is_false(ok2)
    assert.matches("state overflowed", err1)
    assert.matches("update: spring 1's state overflowed", err2)
    assert.are.equal(s:position(), g:position(1))
    assert.is_true(g:at_rest(1))
    not_nan(g:position(2), g:velocity(2))
    -- an ordinary group is stepped as always: the same doubles as separate springs
    local h = kinetic.spring_group { count = 1, stiffness = 100, damping = 1, from = 0, to = 1 }
    local t = kinetic.spring { stiffness = 100, damping = 1, from = 0, to = 1 }
    for _ = 1, 10 do h:update(0.02); assert.are.equal(t:update(0.02), h:position(1)) end
  end)

  it("a spring without stiffness whose stop overflows rests on its old target, alone and in a group (finding 26)", function()
    -- it stops where it is, so the snap moved its target there -- to inf -- and the
    -- reset 'on its target' left it at inf, moving, raising on every update
    local M = 1.7976931348623157e308
    local s = kinetic.spring { stiffness = 0, damping = 0.5, from = M, to = M, velocity = M }
    local g = kinetic.spring_group { count = 2, stiffness = 0, damping = 0.5, from = { M, 1 }, to = { M, 1 },
                                     velocity = { M, 2 } }
    assert.is_false((pcall(s.update, s, 2.14)))
    assert.is_false((pcall(g.update, g, 2.14)))
    for _, st in ipairs { { s:position(), s:velocity(), s:target(), s:at_rest() },
                          { g:position(1), g:velocity(1), g:target(1), g:at_rest(1) } } do
      assert.are.same({ M, 0, M, true }, st)
    end
    assert.are.equal(M, s:update(1))                  -- at rest: no more errors
    assert.are.equal(1, g:update(1))                  -- spring 2 still coasts to its stop
    not_nan(g:position(2))
  end)
end)
