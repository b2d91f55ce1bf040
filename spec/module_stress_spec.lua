-- Stress (tagged #stress: run on the five VMs, skipped under ASan/valgrind).
local kinetic = require("kinetic")

local function clock() return os.clock() end

describe("stress", function()
  it("1e6 objects created and dropped return memory to its baseline #stress", function()
    collectgarbage("collect"); collectgarbage("collect")
    local before = collectgarbage("count")
    local t0 = clock()
    for i = 1, 1000000 do
      local k = i % 4
      if k == 0 then local _ = kinetic.bezier(0.25, 0.1, 0.25, 1)
      elseif k == 1 then local _ = kinetic.spring{ stiffness = 170, damping = 26 }
      elseif k == 2 then local _ = kinetic.steps(4)
      else local _ = kinetic.timeline{ from = 0, { to = 1, duration = 1 } } end
    end
    collectgarbage("collect"); collectgarbage("collect")
    local after = collectgarbage("count")
    print(string.format("\n  [stress] 1e6 objects: %.0f KB before, %.0f KB after, %.2f s", before, after, clock() - t0))
    assert.is_true(after - before < 256, string.format("%.0f KB -> %.0f KB", before, after))
  end)

  it("1e7 spring steps stay finite and settle #stress", function()
    -- a 10-component spring: 1e6 updates = 1e7 component steps
    local t0 = clock()
    local from, to = {}, {}
    for i = 1, 10 do from[i] = 0; to[i] = i end
    local s = kinetic.spring{ stiffness = 170, damping = 26, from = from, to = to }
    local settled = 0
    for i = 1, 1000000 do
      local pos = s:update(1 / 240)
      if pos ~= pos or pos == math.huge or pos == -math.huge then error("non-finite at step " .. i) end
      if s:at_rest() then
        settled = settled + 1
        local sign = i % 2 == 0 and 1 or -1
        for j = 1, 10 do to[j] = sign * j end
        s:set_target(to)
      end
    end
    for _ = 1, 2000 do s:update(1 / 240) end
    assert.is_true(s:at_rest())
    print(string.format("\n  [stress] 1e7 spring component steps: %d settles, %.2f s", settled, clock() - t0))
    assert.is_true(settled > 1000)
  end)

  it("a spring group of 1e6 springs updates #stress", function()
    assert.is_function(kinetic.spring_group, "kinetic.spring_group (API.md section 6) is missing")
    local t0 = clock()
    local g = kinetic.spring_group{ count = 1000000, stiffness = 170, damping = 26, from = 0, to = 1 }
    assert.are.equal(1000000, #g)
    local moving
    for _ = 1, 20 do moving = g:update(1 / 60) end
    assert.are.equal(1000000, moving)
    local x = g:position(1)
    assert.is_true(x > 0 and x < 1.2)
    assert.are.equal(x, g:position(1000000))
    for _ = 1, 200 do moving = g:update(1 / 60) end
    assert.are.equal(0, moving)
    assert.are.equal(1, g:position(500000))
    print(string.format("\n  [stress] spring group of 1e6: 220 updates in %.2f s", clock() - t0))
  end)
end)
