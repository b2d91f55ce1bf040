-- luacheck: max line length 200
-- Properties of springs over random cases from a seeded generator
-- (spec/helpers.lua's lcg, not math.random: the same cases on every run).
local kinetic = require("kinetic")
local h = require("spec.helpers")
local lcg = h.lcg

describe("property: springs", function()
  it("analytic springs are frame-rate independent under random dt splits", function()
    local r = lcg(5)
    for _ = 1, 100 do
      local opts = { stiffness = 1 + r() * 500, damping = r() * 40, mass = 0.2 + r() * 3,
                     from = r() * 10 - 5, to = r() * 10 - 5, velocity = r() * 20 - 10 }
      local a, b = kinetic.spring(opts), kinetic.spring(opts)
      local T = 0.2 + r()
      local xa = a:update(T)
      local t = 0
      while t < T do
        local dt = math.min(r() * 0.05, T - t)
        if T - t - dt < 1e-9 then dt = T - t end
        b:update(dt); t = t + dt
      end
      local scale = math.abs(opts.from - opts.to) + math.abs(opts.velocity) + 1
      assert.is_true(math.abs(xa - b:position()) <= 1e-12 * scale,
        string.format("%.17g vs %.17g", xa, b:position()))
    end
  end)

  it("energy never grows for damping > 0", function()
    local r = lcg(6)
    for _ = 1, 100 do
      local k, c, m = 1 + r() * 500, 0.01 + r() * 40, 0.2 + r() * 3
      local s = kinetic.spring{ stiffness = k, damping = c, mass = m, from = r() * 2 - 1, to = 0,
                                velocity = r() * 10 - 5, rest_delta = 0, rest_speed = 0 }
      local function energy() local y, v = s:position(), s:velocity(); return 0.5 * k * y * y + 0.5 * m * v * v end
      local prev = energy()
      for _ = 1, 100 do
        s:update(r() * 0.05)
        local E = energy()
        assert.is_true(E <= prev * (1 + 1e-12) + 1e-300)
        prev = E
      end
    end
  end)
end)
