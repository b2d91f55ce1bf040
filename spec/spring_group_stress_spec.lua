-- Stress, kinetic.spring_group (tagged #stress: run on the five VMs, skipped under ASan/valgrind).
local kinetic = require("kinetic")

local function clock() return os.clock() end

describe("stress: spring_group", function()
  it("a spring group of 1e6 springs updates #stress", function()
    assert.is_function(kinetic.spring_group, "kinetic.spring_group is missing")
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
