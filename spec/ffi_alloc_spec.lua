-- luacheck: no max line length
-- The LuaJIT FFI fast path (lua/kinetic/ffi.lua) and the allocation-free
-- `out` forms (tl:update(dt, out), e:sample(n, out), g:positions(out), ...).
-- The whole suite runs with the fast path on (luajit default) and off
-- (KINETIC_FFI=0, and every PUC VM).
local kinetic = require("kinetic")
local h = require("spec.helpers")

describe("kinetic._ffi #c_only", function()
  it("says which path is active", function()
    local expect = h.is_luajit and jit.status() and os.getenv("KINETIC_FFI") ~= "0"
                   and h.has_ffi or false
    assert.are.equal(expect and true or false, kinetic._ffi)
  end)

  it("says why when it is off", function()
    if kinetic._ffi then assert.is_nil(kinetic._ffi_reason)
    elseif not h.is_luajit then assert.are.equal("not LuaJIT", kinetic._ffi_reason)
    else assert.is_string(kinetic._ffi_reason) end
  end)

  it("exposes the C function table and the struct sizes", function()
    assert.are.equal("userdata", type(kinetic._ffi_abi.api))
    assert.is_true(kinetic._ffi_abi.sizes.kn_spring > 0)
  end)

  if h.has_ffi then
    local ffi = require("ffi")
    local fast = require("kinetic.ffi")

    it("declares every struct with the size and offsets C reports", function()
      for _, r in ipairs(fast.layout(require("kinetic.core"))) do
        assert.are.equal(r[3], r[2], r[1])
      end
    end)

    it("hands a userdata's payload to FFI pointer parameters (the same struct)", function()
      local s = kinetic.spring { from = { 3, 4 }, to = { 5, 6 } }
      local p = ffi.cast("kn_spring *", s)
      assert.are.equal(2, p.n)
      assert.are.equal(3, p.data[0])
      assert.are.equal(4, p.data[1])
      p.data[0] = 7                                -- the very same memory
      assert.are.equal(7, (s:position()))
      local api = ffi.cast("const kn_ffi_api *", kinetic._ffi_abi.api)
      local e = kinetic.bezier(0.1, 0.7, 0.2, 1)
      assert.are.equal(e:eval(0.3), api.easing_eval(e, 0.3, 0))
    end)
  end
end)

-- Objects with callbacks always take the classic path; without, the fast
-- one (under LuaJIT): both must give the same doubles.
describe("fast and classic paths agree", function()
  it("springs (scalar, 2-vector) with and without callbacks", function()
    for _, opts in ipairs { { from = 0, to = 1 }, { from = { 0, 5 }, to = { 1, -2 }, velocity = { 3, 0 } } } do
      local plain = kinetic.spring { stiffness = 200, damping = 9, from = opts.from, to = opts.to, velocity = opts.velocity }
      local cb = kinetic.spring { stiffness = 200, damping = 9, from = opts.from, to = opts.to, velocity = opts.velocity,
                                  on_update = function() end }
      for i = 1, 300 do
        local dt = (i % 7 == 0) and 1 / 30 or 1 / 60
        local a1, a2 = plain:update(dt)
        local b1, b2 = cb:update(dt)
        assert.are.equal(b1, a1)
        assert.are.equal(b2, a2)
        local p1, p2 = plain:position()
        assert.are.equal(a1, p1)
        assert.are.equal(a2, p2)
      end
    end
  end)

  it("spring setters (numbers, one array, scalar extra values) with and without callbacks", function()
    for _, opts in ipairs { { from = 0, to = 1 }, { from = { 0, 5 }, to = { 1, -2 } },
                            { from = { 1, 2, 3, 4 }, to = { 0, 0, 0, 0 } } } do
      local plain = kinetic.spring { stiffness = 120, damping = 14, from = opts.from, to = opts.to }
      local cb = kinetic.spring { stiffness = 120, damping = 14, from = opts.from, to = opts.to,
                                  on_rest = function() end }
      local n = type(opts.from) == "table" and #opts.from or 1
      for i = 1, 120 do
        local vals = {}
        for j = 1, n do vals[j] = math.sin(i * j) * 50 end
        for _, s in ipairs { plain, cb } do
          if i % 3 == 0 then assert.are.equal(s, s:set_target(vals))
          elseif i % 3 == 1 then assert.are.equal(s, s:set_target(h.unpack(vals)))
          elseif n == 1 then assert.are.equal(s, s:set_target(vals[1], "ignored"))
          else assert.are.equal(s, s:set_target(vals)) end
          if i % 17 == 0 then s:set_position(vals) end
          if i % 19 == 0 then s:set_velocity(h.unpack(vals)) end
          s:update(1 / 60)
        end
        assert.are.same({ cb:position() }, { plain:position() })
        assert.are.same({ cb:velocity() }, { plain:velocity() })
        assert.are.same({ cb:target() }, { plain:target() })
        assert.are.equal(cb:at_rest(), plain:at_rest())
      end
    end
  end)

  it("spring_group set_targets gives what separate Springs' set_target give (FFI path under LuaJIT)", function()
    local count = 21
    local a = kinetic.spring_group { count = count, stiffness = 300, damping = 20 }
    local tg = {}
    for step = 1, 200 do
      if step % 10 == 1 then
        for i = 1, count do tg[i] = math.cos(step * i) * 10 end
        assert.are.equal(a, a:set_targets(tg))
      end
      a:update(1 / 60)
    end
    for i = 1, count do
      local s = kinetic.spring { stiffness = 300, damping = 20 }
      for step = 1, 200 do
        if step % 10 == 1 then s:set_target(math.cos(step * i) * 10) end
        s:update(1 / 60)
      end
      assert.are.equal(s:position(), a:position(i))
      assert.are.equal(s:velocity(), a:velocity(i))
    end
  end)

  it("timelines (number, vector, named) with and without callbacks", function()
    local function def(from, to, cb)
      return { from = from, { to = to, duration = 0.3, easing = "ease-out" },
               { to = from, duration = 0.2, easing = "outBack" }, after = "reverse", iterations = 4,
               on_iteration = cb }
    end
    for _, st in ipairs { { 0, 10 }, { { 1, 2, 3 }, { 4, 5, 6 } }, { { x = 1, y = 2 }, { x = -3, y = 8 } } } do
      local a = kinetic.timeline(def(st[1], st[2]))
      local b = kinetic.timeline(def(st[1], st[2], function() end))
      local oa, ob = {}, {}
      for i = 1, 200 do
        local dt = (i % 5) / 97
        local ra = { a:update(dt, type(st[1]) == "table" and oa or nil) }
        local rb = { b:update(dt, type(st[1]) == "table" and ob or nil) }
        assert.are.same(rb, ra)
        assert.are.same({ b:at(i / 50) }, { a:at(i / 50) })
      end
    end
  end)
end)

-- No allocation in steady state: collectgarbage("count") flat over 1e6
-- calls of each `out` form, 1e5 on the Lua backend, whose calls take ten
-- times as long (#stress: skipped under ASan / valgrind).
local CALLS = kinetic._backend == "lua" and 1e5 or 1e6
describe("allocation-free out forms #stress", function()
  local function flat(name, fn)
    -- the warm-up compiles LuaJIT's traces and fills table slots; a
    -- measurement may still see a trace compiled or recompiled in it (the
    -- Lua backend's longer code has more side traces), a few KB once, so
    -- the least of three measurements counts: an allocation per call would
    -- be >= 1.6 MB (1e5 calls) in every one, against the bound of 16 KB
    local function run(k) for _ = 1, k do fn() end end
    run(CALLS / 10)
    local least = math.huge
    for _ = 1, 3 do
      collectgarbage("collect")
      collectgarbage("stop")
      local before = collectgarbage("count")
      run(CALLS)
      local after = collectgarbage("count")
      collectgarbage("restart")
      least = math.min(least, after - before)
      if least < 16 then break end
    end
    assert.is_true(least < 16, ("%s: %.1f KB allocated over %d calls"):format(name, least, CALLS))
  end

  it("easing sample(n, out)", function()
    local e, out = kinetic.easing("ease"), {}
    flat("sample(10, out)", function() e:sample(10, out) end)
  end)

  it("easing calls: e(p), e:eval(p) and e:fn()'s function", function()
    local e = kinetic.easing("ease")
    local f, k = e:fn(), 0
    flat("e(p)", function() k = k + 1; return e(k % 97 / 97) end)
    flat("e:eval(p)", function() k = k + 1; return e:eval(k % 97 / 97) end)
    flat("f(p)", function() k = k + 1; return f(k % 97 / 97) end)
  end)

  it("timeline update(dt, out) and at(t, out): vector and named", function()
    local v = kinetic.timeline { from = { 0, 0, 0 }, { to = { 1, 2, 3 }, duration = 1 }, after = "restart" }
    local n = kinetic.timeline { from = { x = 0, y = 0 }, { to = { x = 1, y = 2 }, duration = 1, easing = "ease" },
                                 after = "reverse" }
    local ov, on = {}, {}
    flat("vector update(dt, out)", function() v:update(1 / 60, ov) end)
    flat("named update(dt, out)", function() n:update(1 / 60, on) end)
    local t = 0
    flat("named at(t, out)", function() t = t + 0.001; n:at(t, on) end)
    local list, out = { v, n, kinetic.timeline { from = 0, { to = 1, duration = 1 }, after = "restart" } }, {}
    flat("update_timelines(list, dt, out)", function() kinetic.update_timelines(list, 1 / 60, out) end)
  end)

  it("spring update, spring_group update and positions(out)", function()
    local s = kinetic.spring { stiffness = 100, damping = 0, rest_delta = 0, rest_speed = 0 }
    flat("spring update", function() s:update(1 / 60) end)
    local k = 0
    flat("spring set_target + update", function() k = k + 1; s:set_target(k % 7); s:update(1 / 60) end)
    local v = kinetic.spring { from = { 0, 0 }, to = { 1, 1 }, rest_delta = 0, rest_speed = 0 }
    local arr = { 0, 0 }
    flat("2-vector set_target(array) + update", function()
      k = k + 1; arr[1] = k % 5; v:set_target(arr); v:update(1 / 60)
    end)
    local g = kinetic.spring_group { count = 8, stiffness = 100, damping = 0, rest_delta = 0, rest_speed = 0 }
    local out = {}
    flat("group update + positions(out)", function() g:update(1 / 60); g:positions(out) end)
    local tg = { 1, 2, 3, 4, 5, 6, 7, 8 }
    flat("group set_targets + update", function()
      k = k + 1; tg[1] = k % 3; g:set_targets(tg); g:update(1 / 60)
    end)
  end)
end)
