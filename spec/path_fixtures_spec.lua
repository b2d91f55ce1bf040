-- kinetic.path against exact values: spec/fixtures/path.lua (mpmath at 40
-- digits, tools/gen/gen_path.py): arc lengths, the point and tangent at a
-- fraction of the arc length, and the point at the curve's own parameter,
-- for single Bezier curves of degree 1 to 7, cubic Bezier splines,
-- Catmull-Rom splines (alpha 0, 0.5, 1) and polylines, open and closed, at
-- scales 1e-3 to 1e4.
describe("paths against exact arc lengths (spec/fixtures/path.lua)", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local fx = h.fixture("path")

  local function make(c) return kinetic.path(c.def) end

  -- the distance of two angles on the circle (pi and -pi are one direction)
  local function angle_diff(a, b)
    local d = math.abs(a - b) % (2 * math.pi)
    return math.min(d, 2 * math.pi - d)
  end

  it("has every case it was generated with", function()
    assert.are.equal(29, #fx.cases)
    local kinds, n_at, n_point = {}, 0, 0
    for _, c in ipairs(fx.cases) do
      kinds[c.def.kind] = (kinds[c.def.kind] or 0) + 1
      n_at, n_point = n_at + #c.at, n_point + #c.point
    end
    assert.are.same({ bezier = 12, ["bezier-spline"] = 5, ["catmull-rom"] = 8, linear = 4 }, kinds)
    assert.are.equal(468, n_at)
    assert.are.equal(330, n_point)
  end)

  it("measures the length to 1e-12 (relative)", function()
    local n = 0
    for _, c in ipairs(fx.cases) do
      local len = make(c):length()
      assert.is_true(math.abs(len - c.length) <= 1e-12 * c.length,
                     string.format("%s: length %.17g, exact %.17g", c.name, len, c.length))
      n = n + 1
    end
    assert.are.equal(29, n)
  end)

  it("at(u) is the point at the fraction u of the arc length, with the direction of motion", function()
    -- positions to 1e-12 of the path's scale (max(length, bbox side)): the
    -- arc-length inverse is promised to ~1e-12 relative.  Angles to 1e-9
    -- rad; where the speed vanishes (zero_speed) the tangent's limit
    -- direction to 1e-6.  At a corner or cusp the fixture also gives the
    -- other side's direction (alt_angle): u * L rounded may fall on either.
    local n, n_zero, n_alt = 0, 0, 0
    for _, c in ipairs(fx.cases) do
      local p = make(c)
      local tol = 1e-12 * c.scale
      for _, r in ipairs(c.at) do
        local u = r[1]
        local x, y, a = p:at(u)
        local where = string.format("%s u=%.17g", c.name, u)
        assert.is_true(math.abs(x - r[2]) <= tol, string.format("%s: x %.17g, exact %.17g", where, x, r[2]))
        assert.is_true(math.abs(y - r[3]) <= tol, string.format("%s: y %.17g, exact %.17g", where, y, r[3]))
        local atol = r.zero_speed and 1e-6 or 1e-9
        local ok = angle_diff(a, r[4]) <= atol or (r.alt_angle ~= nil and angle_diff(a, r.alt_angle) <= atol)
        assert.is_true(ok, string.format("%s: angle %.17g, exact %.17g%s", where, a, r[4],
                                         r.alt_angle and string.format(" or %.17g", r.alt_angle) or ""))
        n = n + 1
        if r.zero_speed then n_zero = n_zero + 1 end
        if r.alt_angle then n_alt = n_alt + 1 end
      end
    end
    assert.are.equal(468, n)
    assert.are.equal(7, n_zero)
    assert.are.equal(19, n_alt)
  end)

  it("point(s) is the point at the curve's own parameter, the segments spread evenly over [0, 1]", function()
    local n = 0
    for _, c in ipairs(fx.cases) do
      local p = make(c)
      local tol = 1e-13 * c.scale
      for _, r in ipairs(c.point) do
        local x, y = p:point(r[1])
        local where = string.format("%s s=%.17g", c.name, r[1])
        assert.is_true(math.abs(x - r[2]) <= tol, string.format("%s: x %.17g, exact %.17g", where, x, r[2]))
        assert.is_true(math.abs(y - r[3]) <= tol, string.format("%s: y %.17g, exact %.17g", where, y, r[3]))
        n = n + 1
      end
    end
    assert.are.equal(330, n)
  end)

  it("sample(n) gives at(i/n) for i = 0 .. n, in a new table or in out", function()
    local n_cases = 0
    for _, c in ipairs(fx.cases) do
      local p = make(c)
      for _, n in ipairs { 1, 3, 16 } do
        local s = p:sample(n)
        assert.are.equal(2 * (n + 1), #s)
        local out = {}
        assert.are.equal(out, p:sample(n, out))
        assert.are.equal(2 * (n + 1), #out)
        for i = 0, n do
          local x, y = p:at(i / n)
          assert.are.equal(x, s[2 * i + 1], c.name .. " sample x " .. i .. "/" .. n)
          assert.are.equal(y, s[2 * i + 2], c.name .. " sample y " .. i .. "/" .. n)
          assert.are.equal(x, out[2 * i + 1], c.name .. " out x " .. i .. "/" .. n)
          assert.are.equal(y, out[2 * i + 2], c.name .. " out y " .. i .. "/" .. n)
        end
      end
      n_cases = n_cases + 1
    end
    assert.are.equal(29, n_cases)
  end)

  it("rejects definitions that cannot be a path", function()
    local function rejects(def)
      assert.error_matches(function() kinetic.path(def) end, "bad argument #1 to 'path'", nil, true)
    end
    rejects { kind = "spiral", { 0, 0 }, { 1, 1 } }
    for _, kind in ipairs { "bezier", "bezier-spline", "catmull-rom", "linear" } do
      rejects { kind = kind }
      rejects { kind = kind, { 0, 0 } }
      rejects { kind = kind, closed = true, { 0, 0 } }
      rejects { kind = kind, { 0, 0 }, { 0 / 0, 1 }, { 2, 2 }, { 3, 0 } }
      rejects { kind = kind, { 0, 0 }, { 1, 0 / 0 }, { 2, 2 }, { 3, 0 } }
    end
    -- a cubic spline has 3k + 1 points open, 3k closed
    rejects { kind = "bezier-spline", { 0, 0 }, { 1, 1 }, { 2, 1 } }
    rejects { kind = "bezier-spline", { 0, 0 }, { 1, 1 }, { 2, 1 }, { 3, 0 }, { 4, 4 } }
    rejects { kind = "bezier-spline", closed = true, { 0, 0 }, { 1, 1 }, { 2, 1 }, { 3, 0 } }
  end)
end)
