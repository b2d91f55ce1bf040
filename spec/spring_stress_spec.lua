-- Stress, kinetic.spring (tagged #stress: run on the five VMs, skipped under ASan/valgrind).
local kinetic = require("kinetic")

local function clock() return os.clock() end

describe("stress: spring", function()
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
end)
