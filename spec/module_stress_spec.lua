-- Stress, every kind of object (tagged #stress: run on the five VMs, skipped under ASan/valgrind).
local kinetic = require("kinetic")

local function clock() return os.clock() end

-- N objects, and the growth allowed: 256 KB for 1e6, the same per object
-- (0.26 bytes: any object kept would show) for the Lua backend's 2.5e5,
-- whose objects cost some 40 us each to make.
local N = kinetic._backend == "lua" and 250000 or 1000000
local BOUND = 256 * N / 1000000

local function make(n)
  for i = 1, n do
    local k = i % 4
    if k == 0 then local _ = kinetic.bezier(0.25, 0.1, 0.25, 1)
    elseif k == 1 then local _ = kinetic.spring{ stiffness = 170, damping = 26 }
    elseif k == 2 then local _ = kinetic.steps(4)
    else local _ = kinetic.timeline{ from = 0, { to = 1, duration = 1 } } end
  end
end

describe("stress: objects", function()
  it(N .. " objects created and dropped return memory to its baseline #stress", function()
    make(N / 10)            -- first, so that LuaJIT's compiled traces are in the baseline
    collectgarbage("collect"); collectgarbage("collect")
    local before = collectgarbage("count")
    local t0 = clock()
    make(N)
    collectgarbage("collect"); collectgarbage("collect")
    local after = collectgarbage("count")
    print(string.format("\n  [stress] %d objects: %.0f KB before, %.0f KB after, %.2f s", N, before, after,
                        clock() - t0))
    assert.is_true(after - before < BOUND, string.format("%.0f KB -> %.0f KB", before, after))
  end)
end)
