-- The `round` option of timelines: only the values returned and written are
-- rounded (whole numbers, multiples of a step, the nearest of a set, or a
-- function), the clock and the interpolation stay exact.  Expected values
-- are worked out by hand from the linear formula and the rounding rules.
local kinetic = require("kinetic")

local function lin(round, extra)
  local def = { from = 0, { to = 10, duration = 1 }, round = round }
  for k, v in pairs(extra or {}) do def[k] = v end
  return kinetic.timeline(def)
end

local function err(def)
  local ok, msg = pcall(kinetic.timeline, def)
  assert.is_false(ok)
  return msg
end

describe("timeline round", function()
  it("rounds to whole numbers with round = true, halves up", function()
    local tl = lin(true)
    assert.equal(3, tl:at(0.26))          -- 2.6
    assert.equal(3, tl:at(0.25))          -- 2.5: floor(2.5 + 0.5)
    assert.equal(2, tl:at(0.24))          -- 2.4
    assert.equal(0, tl:at(0))
    assert.equal(10, tl:at(1))
    assert.equal(3, tl:update(0.26))
    assert.equal(0.26, tl:time())         -- the clock is exact
    assert.equal(4, tl:update(0.1))       -- 3.6
  end)

  it("rounds to multiples of a step", function()
    local tl = lin(0.25)
    assert.equal(2.5, tl:at(0.26))        -- 2.6 -> 2.5
    assert.equal(2.75, tl:at(0.27))       -- 2.7 -> 2.75 (2.7/0.25 = 10.8)
    assert.equal(0.25, tl:at(0.013))      -- 0.13 / 0.25 = 0.52 -> 1
    assert.equal(0, tl:at(0.012))         -- 0.12 / 0.25 = 0.48 -> 0
    local tl5 = lin(5)
    assert.equal(5, tl5:at(0.25))         -- 2.5 / 5 + 0.5 = 1
    assert.equal(0, tl5:at(0.24))
  end)

  it("picks the nearest member of a set, the earlier on a tie", function()
    local tl = lin({ 0, 10, 5 })
    assert.equal(0, tl:at(0.25))          -- 2.5: 0 and 5 tie, 0 listed first
    assert.equal(5, tl:at(0.26))
    assert.equal(10, tl:at(0.75))         -- 7.5: 10 and 5 tie, 10 listed first
    assert.equal(5, tl:at(0.74))
    local tl2 = lin({ 5, 0, 10 })
    assert.equal(5, tl2:at(0.25))         -- now 5 is listed first
    assert.equal(5, tl2:at(0.75))
  end)

  it("rounds every component of a vector", function()
    local tl = kinetic.timeline{ from = { 0, 100, -4 },
      { to = { 10, 0, 4 }, duration = 1 }, round = true }
    local a, b, c = tl:at(0.26)          -- 2.6, 74, -1.92
    assert.same({ 3, 74, -2 }, { a, b, c })
    local out = {}
    assert.equal(out, tl:update(0.35, out))   -- 3.5, 65, -1.2
    assert.same({ 4, 65, -1 }, out)
    local obj = tl:apply({})
    assert.same({ 4, 65, -1 }, obj)
  end)

  it("rounds named properties, in out and through apply", function()
    local tl = kinetic.timeline{ from = { x = 0, alpha = 0 },
      { to = { x = 100, alpha = 1 }, duration = 1 }, round = 0.5 }
    local s = tl:at(0.33)                 -- x 33 -> 33, alpha 0.33 -> 0.5
    assert.same({ x = 33, alpha = 0.5 }, s)
    tl:update(0.2)                        -- x 20, alpha 0.2 -> 0
    local sprite = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v) end })
    tl:apply(sprite)
    assert.equal(20, sprite.x)
    assert.equal(0, sprite.alpha)
  end)

  it("rounds what update_timelines writes", function()
    local a, b = lin(true), kinetic.timeline{ from = { 0, 0 }, { to = { 1, 2 }, duration = 1 },
                                                round = 0.5 }
    local out = kinetic.update_timelines({ a, b }, 0.3)
    assert.equal(3, out[1])               -- 3
    assert.same({ 0.5, 0.5 }, out[2])     -- 0.3 -> 0.5, 0.6 -> 0.5
  end)

  it("keeps the interpolation exact: the clock is not rounded", function()
    local tl = lin(true)
    for _ = 1, 10 do tl:update(0.01) end  -- 0.1 s: 1.0 (within rounding of the sum)
    assert.equal(1, tl:at(tl:time()))
    assert.near(0.1, tl:time(), 1e-15)
  end)

  it("rounds with a function, each value returned", function()
    local seen = {}
    local tl = kinetic.timeline{ from = { 0, 0 }, { to = { 10, 20 }, duration = 1 },
      round = function(v) seen[#seen + 1] = v; return math.floor(v) end }
    local a, b = tl:at(0.26)
    assert.same({ 2, 5 }, { a, b })
    assert.same({ 2.6, 5.2 }, seen)
  end)

  it("raises when the function returns a non-number", function()
    local tl = lin(function() return "x" end)
    local ok, msg = pcall(tl.at, tl, 0.5)
    assert.is_false(ok)
    assert.truthy(msg:find("round: number expected, got string", 1, true))
    local tl2 = lin(function() end)
    ok, msg = pcall(tl2.update, tl2, 0.5)
    assert.is_false(ok)
    assert.truthy(msg:find("round: number expected, got nil", 1, true))
  end)

  it("rounds a path's point", function()
    local p = kinetic.path{ kind = "linear", { 0, 0 }, { 10, 0 } }
    local tl = kinetic.timeline{ path = p, from = 0, { to = 1, duration = 1 }, round = true }
    local x, y = tl:at(0.26)
    assert.equal(3, x)
    assert.equal(0, y)
  end)

  it("refuses colours", function()
    assert.equal("bad argument #1 to 'timeline' (field 'round': colours are not rounded (numbers only))",
                 err{ from = "#000000", { to = "#ffffff", duration = 1 }, round = true })
    assert.equal("bad argument #1 to 'timeline' (field 'round': colours are not rounded (numbers only))",
                 err{ from = { fill = "red", a = 0 }, { to = { fill = "blue", a = 1 }, duration = 1 },
                      round = 1 })
    -- round = false is no rounding, and allowed
    assert.is_truthy(kinetic.timeline{ from = "#000000", { to = "#ffffff", duration = 1 },
                                       round = false })
  end)

  it("refuses every bad value, naming field 'round'", function()
    local function bad(r) return err{ from = 0, { to = 1, duration = 1 }, round = r } end
    local pre = "bad argument #1 to 'timeline' (field 'round': "
    assert.equal(pre .. "positive finite number expected, got 0)", bad(0))
    assert.equal(pre .. "positive finite number expected, got -1)", bad(-1))
    assert.equal(pre .. "positive finite number expected, got nan)", bad(0 / 0))
    assert.equal(pre .. "positive finite number expected, got inf)", bad(math.huge))
    assert.equal(pre .. "non-empty array of numbers expected, got an empty table)", bad({}))
    assert.equal(pre .. "true, a step, an array of numbers or a function expected, got string)",
                 bad("1"))
    assert.equal(pre .. "item 2: number expected, got string)", bad({ 1, "x" }))
  end)

  it("suggests the name of a misspelt option", function()
    assert.equal("bad argument #1 to 'timeline' (unknown option 'rund'; did you mean 'round'?)",
                 err{ from = 0, { to = 1, duration = 1 }, rund = true })
  end)

  it("leaves a timeline without round unchanged", function()
    local a, b = lin(nil), lin(false)
    assert.equal(2.6, a:at(0.26))
    assert.equal(2.6, b:at(0.26))
  end)
end)
