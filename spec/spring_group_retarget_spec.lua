-- luacheck: no max line length
-- kinetic.spring_group's set_target / set_targets with the targets the
-- springs already have change nothing (no restart of the rest test, no
-- wake): a group sent the same targets every frame -- the usual
-- mouse-follow pattern -- comes to rest, still bit for bit equal to
-- separate Springs.
local kinetic = require("kinetic")
local h = require("spec.helpers")

describe("spring_group set_target / set_targets with unchanged targets", function()
  it("the mouse-follow pattern: set_targets every frame with the same values comes to rest", function()
    local g = kinetic.spring_group { count = 20, frequency = 3, damping_ratio = 0.9, from = 0, to = 100 }
    local tg = {}
    for i = 1, 20 do tg[i] = 100 end
    local moving
    for _ = 1, 600 do g:set_targets(tg); moving = g:update(1 / 60) end
    assert.are.equal(0, moving)
    for i = 1, 20 do
      assert.is_true(g:at_rest(i))
      assert.are.equal(100, g:position(i))
    end
    for _ = 1, 10 do
      g:set_targets(tg)
      g:set_target(3, 100)
      assert.are.equal(0, g:update(1 / 60))
    end
    g:set_target(3, 101)                  -- a changed target wakes only that spring
    assert.are.equal(1, g:update(1 / 60))
    assert.is_false(g:at_rest(3))
    assert.is_true(g:at_rest(4))
  end)

  it("stays bit for bit equal to separate Springs when re-sent partly unchanged targets", function()
    local rnd = h.lcg(7)
    for _, fam in ipairs {
      { frequency = 3, damping_ratio = 0.9 },
      { preset = "wobbly", clamp = true },
      { stiffness = 0, damping = 4 },
      { duration = 0.5, bounce = -0.3 },
    } do
      local count = 12
      local from, to, vel = {}, {}, {}
      for i = 1, count do
        from[i] = (rnd() - 0.5) * 200
        to[i] = i % 4 == 0 and from[i] or (rnd() - 0.5) * 200
        vel[i] = i % 3 == 0 and (rnd() - 0.5) * 300 or 0
      end
      local o = { count = count, from = from, to = to, velocity = vel }
      for k, v in pairs(fam) do o[k] = v end
      local g = kinetic.spring_group(o)
      local springs = {}
      for i = 1, count do
        local so = { from = from[i], to = to[i], velocity = vel[i] }
        for k, v in pairs(fam) do so[k] = v end
        springs[i] = kinetic.spring(so)
      end
      local tg = {}
      for step = 1, 500 do
        -- every frame: every target re-sent, most unchanged, a few moved
        for i = 1, count do
          tg[i] = springs[i]:target()
          if rnd() < 0.02 then tg[i] = (rnd() - 0.5) * 200 end
        end
        if step % 2 == 0 then
          g:set_targets(tg)
        else
          for i = 1, count do g:set_target(i, tg[i]) end
        end
        for i = 1, count do springs[i]:set_target(tg[i]) end
        local moving, expect = g:update(1 / 60), 0
        for i = 1, count do
          springs[i]:update(1 / 60)
          if not springs[i]:at_rest() then expect = expect + 1 end
        end
        assert.are.equal(expect, moving)
        for i = 1, count do
          local sp = springs[i]
          if g:position(i) ~= sp:position() or g:velocity(i) ~= sp:velocity()
             or g:target(i) ~= sp:target() or g:at_rest(i) ~= sp:at_rest() then
            error(("step %d spring %d: group (%.17g, %.17g) vs spring (%.17g, %.17g)"):format(
              step, i, g:position(i), g:velocity(i), sp:position(), sp:velocity()))
          end
        end
      end
    end
  end)
end)
