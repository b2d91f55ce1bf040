-- luacheck: max line length 200
-- Properties of easings over random cases from a seeded generator
-- (spec/helpers.lua's lcg, not math.random: the same cases on every run).
local kinetic = require("kinetic")
local h = require("spec.helpers")
local lcg = h.lcg

describe("property: easings", function()
  it("cubic-bezier with y1, y2 in [0,1] is monotone and continuous", function()
    local r = lcg(1)
    for _ = 1, 300 do
      local e = kinetic.bezier(r(), r(), r(), r())
      local prev = e(0)
      for i = 1, 200 do
        local y = e(i / 200)
        if y < prev - 4e-15 then error("not monotone: " .. tostring(e)) end
        prev = y
      end
      assert.are.equal(0, e(0)); assert.are.equal(1, e(1))
      -- continuity: a tiny step in p moves y a little (slope bounded by the hull)
      local p = r()
      assert.is_true(math.abs(e(p + 1e-9) - e(p)) < 1e-3, tostring(e))
    end
  end)

  it("every named easing but steps is continuous (random p, tiny step)", function()
    local r = lcg(9)
    for _, name in ipairs(kinetic.easings()) do
      if not name:find("step") then
        local e = kinetic.easing(name)
        assert.are.equal(0, e(0)); assert.are.equal(1, e(1))
        for _ = 1, 200 do
          local p = r()
          local d = math.abs(e(p + 1e-10) - e(p))
          if d > 1e-6 then error(string.format("%s jumps by %g at %.17g", name, d, p)) end
        end
      end
    end
  end)

  it("inverse(eval(p)) = p for monotone curves", function()
    local r = lcg(2)
    for _ = 1, 300 do
      local x1, x2 = r(), r()
      local e = kinetic.bezier(x1, x1 * r(), x2, x2 + (1 - x2) * r())
      for _ = 1, 10 do
        local p = r()
        local q = e:inverse(e(p))
        assert.is_true(math.abs(e(q) - e(p)) <= 1e-12, tostring(e))
      end
    end
  end)

  it("linear() with monotone outputs is monotone; steps are non-decreasing", function()
    local r = lcg(3)
    for _ = 1, 200 do
      local stops, v = {}, 0
      for i = 1, 2 + math.floor(r() * 6) do v = v + r(); stops[i] = v end
      local e = kinetic.linear(stops)
      local n = 1 + math.floor(r() * 10)
      local positions = { "jump-start", "jump-end", "jump-none", "jump-both", "start", "end" }
      local pos = positions[1 + math.floor(r() * 6)]
      if pos == "jump-none" and n < 2 then n = 2 end
      local st = kinetic.steps(n, pos)
      local pe, ps = e(0), st(0)
      for i = 1, 100 do
        local p = i / 100
        if e(p) < pe - 1e-15 then error("linear() not monotone: " .. tostring(e)) end
        if st(p) < ps then error("steps decreasing: " .. tostring(st)) end
        pe, ps = e(p), st(p)
      end
    end
  end)

  it("tostring round trips for random easings", function()
    local r = lcg(4)
    local names = kinetic.easings()
    for _ = 1, 300 do
      local e
      local k = math.floor(r() * 4)
      if k == 0 then e = kinetic.bezier(r(), r() * 4 - 2, r(), r() * 4 - 2)
      elseif k == 1 then e = kinetic.steps(2 + math.floor(r() * 20), ({ "jump-start", "jump-none", "end" })[1 + math.floor(r() * 3)])
      elseif k == 2 then e = kinetic.linear{ r(), { r(), 0.3 }, { r(), 0.6, 0.8 }, r() }
      else e = kinetic.easing(names[1 + math.floor(r() * #names)]) end
      local s = tostring(e)
      local e2 = kinetic.easing(s)
      assert.are.equal(s, tostring(e2))
      for i = 0, 10 do assert.are.equal(e(i / 10), e2(i / 10)) end
    end
  end)
end)
