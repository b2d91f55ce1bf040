-- Stress, every kind of object (tagged #stress: run on the five VMs, skipped under ASan/valgrind).
local kinetic = require("kinetic")

local function clock() return os.clock() end

describe("stress: objects", function()
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
end)
