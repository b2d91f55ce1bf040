-- luacheck: no max line length
-- kinetic.update_timelines(timelines, dt [, out]): many timelines in one call
-- (an extension, docs/timeline.md).  Its definition is the loop
--   for i = 1, #timelines do out[i] = timelines[i]:update(dt, out[i]) end
-- with out[i] a table for vectors and named properties; every result here
-- is compared with that loop run on twin timelines.
local kinetic = require("kinetic")
local unpack = require("spec.helpers").unpack

-- Definitions of every shape, strategy and a callback; `log` receives the
-- callbacks' events.
local function defs(log)
  local function cb(tag) return function(_, v) log[#log + 1] = tag .. ":" .. tostring(v) end end
  return {
    { from = 0, { to = 10, duration = 0.5, easing = "ease-out" }, { to = -4, duration = 0.25 } },
    { from = 1, { to = 3, duration = 0.2, easing = "inOutQuad" }, after = "restart", iterations = 7, delay = 0.1 },
    { from = { 0, 1, 2 }, { to = { 5, 6, 7 }, duration = 0.3, easing = "steps(4)" }, after = "reverse" },
    { from = { x = 0, y = 5 }, { to = { x = 8, y = -5 }, duration = 0.4, easing = "outBack" },
      { to = { x = 1, y = 1 }, duration = 0.1 }, after = "restart", iterations = math.huge },
    { from = { a = 0, b = 1, c = 2, d = 3, e = 4 }, { to = { a = 1, b = 2, c = 3, d = 4, e = 5 }, duration = 1 } },
    { from = 0, { to = 360, duration = 0.6 }, interpolation = "shortest-angle", after = "reverse", iterations = 20,
      on_keyframe = cb("k5"), on_iteration = cb("i5"), on_complete = cb("c5") },
    { from = { x = 0 }, { to = { x = 1 }, duration = 0.15 }, after = "restart", iterations = 40,
      on_iteration = cb("i6") },
    { from = { 1, 2, 3, 4, 5, 6 }, { to = { 6, 5, 4, 3, 2, 1 }, duration = 0.35, easing = "ease" },
      after = "reverse", iterations = 3 },
  }
end

local function make(list_defs)
  local list = {}
  for i, d in ipairs(list_defs) do list[i] = kinetic.timeline(d) end
  return list
end

-- What the loop gives on `twins`, in the shape update_timelines returns.
local function by_loop(twins, dt, outs)
  local playing = 0
  for i, tl in ipairs(twins) do
    local o = outs[i]
    outs[i] = tl:update(dt, type(o) == "table" and o or nil)
    if not tl:done() then playing = playing + 1 end
  end
  return outs, playing
end

describe("kinetic.update_timelines", function()
  -- keep(i, def): which definitions go in the list
  local function agrees(keep)
    local log_a, log_b = {}, {}
    local da, db = {}, {}
    for i, d in ipairs(defs(log_a)) do if keep(i, d) then da[#da + 1] = d end end
    for i, d in ipairs(defs(log_b)) do if keep(i, d) then db[#db + 1] = d end end
    local list, twins = make(da), make(db)
    local out, outs = {}, {}
    -- the loop needs tables for the vector and named ones
    for i, tl in ipairs(twins) do
      local r = { tl:at(0) }
      if #r > 1 or type(r[1]) == "table" then outs[i] = {} end
    end
    for step = 1, 400 do
      local dt = step == 200 and 2.5 or ({ 1 / 60, 0, 1 / 7, 0.013, 1 / 30 })[step % 5 + 1]
      local o, playing = kinetic.update_timelines(list, dt, out)
      local _, playing_b = by_loop(twins, dt, outs)
      assert.are.equal(out, o)
      assert.are.equal(playing_b, playing)
      for i = 1, #list do
        if type(outs[i]) == "table" then
          assert.are.same(outs[i], out[i])
        else
          assert.are.equal(outs[i], out[i])
        end
        assert.are.equal(twins[i]:time(), list[i]:time())
      end
    end
    assert.are.same(log_b, log_a)
    return log_a
  end

  it("gives what each timeline's update(dt, out[i]) gives, bit for bit, callbacks in the same order", function()
    local log = agrees(function() return true end)
    assert.is_true(#log >= 60, #log .. " events")
  end)

  it("gives the same without callbacks (under LuaJIT: the FFI loop)", function()
    agrees(function(_, d) return not (d.on_keyframe or d.on_iteration or d.on_complete) end)
    agrees(function(_, d) return type(d.from) == "number" and not d.on_complete end)
  end)

  it("makes out, and out[i] tables for vectors and named properties, then reuses them", function()
    local list = make { { from = 0, { to = 1, duration = 1 } },
                        { from = { 1, 2 }, { to = { 3, 4 }, duration = 1 } },
                        { from = { x = 0 }, { to = { x = 2 }, duration = 1 } } }
    local out, playing = kinetic.update_timelines(list, 0.25)
    assert.are.equal(3, playing)
    assert.are.equal(0.25, out[1])
    assert.are.same({ 1.5, 2.5 }, out[2])
    assert.are.same({ x = 0.5 }, out[3])
    local t2, t3 = out[2], out[3]
    local again = kinetic.update_timelines(list, 0.25, out)
    assert.are.equal(out, again)
    assert.are.equal(t2, out[2])
    assert.are.equal(t3, out[3])
    assert.are.same({ 2, 3 }, out[2])
    assert.are.same({ x = 1 }, out[3])
    -- an out[i] that is not a table is replaced by one; a number timeline's is overwritten
    out[2], out[3], out[1] = "text", 7, { "not kept" }
    kinetic.update_timelines(list, 0.25, out)
    assert.are.same({ 2.5, 3.5 }, out[2])
    assert.are.same({ x = 1.5 }, out[3])
    assert.are.equal(0.75, out[1])
    local _, p = kinetic.update_timelines(list, 1, out)
    assert.are.equal(0, p)
  end)

  it("takes an empty list", function()
    local out, playing = kinetic.update_timelines({}, 1)
    assert.are.same({}, out)
    assert.are.equal(0, playing)
  end)

  it("writes raw, as update(dt, out) does: out and out[i] metatables are not consulted", function()
    local hits = 0
    local mt = { __newindex = function(t, k, v) hits = hits + 1; rawset(t, k, v) end }
    local list = make { { from = 0, { to = 1, duration = 1 } },
                        { from = { x = 0, y = 0 }, { to = { x = 2, y = 4 }, duration = 1 } },
                        { from = { 0, 0 }, { to = { 2, 4 }, duration = 1 } } }
    local out = setmetatable({ [2] = setmetatable({}, mt), [3] = setmetatable({}, mt) }, mt)
    kinetic.update_timelines(list, 0.5, out)
    assert.are.equal(0, hits)
    assert.are.equal(0.5, rawget(out, 1))
    assert.are.same({ x = 1, y = 2 }, { x = rawget(out[2], "x"), y = rawget(out[2], "y") })
    assert.are.same({ 1, 2 }, { rawget(out[3], 1), rawget(out[3], 2) })
    -- the same for one timeline's update(dt, out)
    local o = setmetatable({}, mt)
    list[2]:update(0.25, o)
    assert.are.equal(0, hits)
    assert.are.equal(1.5, rawget(o, "x"))
  end)

  it("keeps property names with an embedded NUL apart", function()
    local tl = kinetic.timeline { from = { ["a\0b"] = 0, a = 10 }, { to = { ["a\0b"] = 1, a = 20 }, duration = 1 } }
    local out = kinetic.update_timelines({ tl }, 0.5)
    assert.are.equal(0.5, out[1]["a\0b"])
    assert.are.equal(15, out[1].a)
    local o = tl:update(0.25, {})
    assert.are.equal(0.75, o["a\0b"])
    assert.are.equal(17.5, o.a)
    assert.are.same({ ["a\0b"] = 0.75, a = 17.5 }, tl:at(0.75))
  end)

  it("updates a timeline listed twice twice; callbacks change the list of the next call, not this one's", function()
    local a = kinetic.timeline { from = 0, { to = 1, duration = 1 } }
    local _, playing = kinetic.update_timelines({ a, a }, 0.25)
    assert.are.equal(0.5, a:time())
    assert.are.equal(2, playing)
    -- a callback that replaces the next item: every timeline moves before
    -- any callback runs, so b has moved and d moves from the next call on
    local list
    local b = kinetic.timeline { from = 0, { to = 1, duration = 1 } }
    local d = kinetic.timeline { from = 0, { to = 1, duration = 1 } }
    local c = kinetic.timeline { from = 0, { to = 1, duration = 0.5 },
                                 on_complete = function() list[3] = d end }
    list = { a, c, b }
    kinetic.update_timelines(list, 0.5)
    assert.are.equal(1, a:time())
    assert.are.equal(0.5, c:time())
    assert.are.equal(0.5, b:time())
    assert.are.equal(0, d:time())
    -- one that removes it: no error, and the removed one has moved
    local e = kinetic.timeline { from = 0, { to = 1, duration = 0.5 },
                                 on_complete = function() list[3] = nil end }
    list = { e, b, d }
    kinetic.update_timelines(list, 0.25)
    assert.are.same({ 0.25, 0.75, 0.25 }, { e:time(), b:time(), d:time() })
    kinetic.update_timelines(list, 0.25)
    assert.are.same({ 0.5, 1, 0.5 }, { e:time(), b:time(), d:time() })
    assert.is_nil(list[3])
  end)

  it("rejects bad arguments with the standard message", function()
    local tl = kinetic.timeline { from = 0, { to = 1, duration = 1 } }
    local fake = {}
    debug.setmetatable(fake, debug.getmetatable(tl))
    local cases = {
      { { nil, 1 }, "bad argument #1 to '[^']*' %(table of timelines expected, got nil%)" },
      { { "x", 1 }, "bad argument #1 to '[^']*' %(table of timelines expected, got string%)" },
      { { { tl }, -1 }, "bad argument #2 to '[^']*' %(non%-negative number expected, got %-1%)" },
      { { { tl }, 0 / 0 }, "bad argument #2 to '[^']*' %(finite number expected, got nan%)" },
      { { { tl }, math.huge }, "bad argument #2 to '[^']*' %(finite number expected, got inf%)" },
      { { { tl }, "1" }, "bad argument #2 to '[^']*' %(number expected, got string%)" },
      { { { tl }, 1, 5 }, "bad argument #3 to '[^']*' %(table expected, got number%)" },
      { { { tl, 5 }, 1 }, "bad argument #1 to '[^']*' %(item 2: kinetic.Timeline expected, got number%)" },
      { { { tl, {} }, 1 }, "bad argument #1 to '[^']*' %(item 2: kinetic.Timeline expected, got table%)" },
      { { { tl, kinetic.spring {} }, 1 }, "bad argument #1 to '[^']*' %(item 2: kinetic.Timeline expected, got kinetic.Spring%)" },
      -- a table given the class's metatable (the debug library can) is still a table
      { { { tl, fake }, 1 }, "bad argument #1 to '[^']*' %(item 2: kinetic.Timeline expected, got table%)" },
    }
    for _, c in ipairs(cases) do
      local before = tl:time()
      local ok, err = pcall(kinetic.update_timelines, unpack(c[1], 1, 3))
      assert.is_false(ok)
      assert.matches(c[2], err)
      -- argument errors move nothing; a bad item comes after tl, which has moved
      if not err:find("item") then assert.are.equal(before, tl:time()) end
      tl:seek(0)
    end
  end)

  it("refuses to push a clock past the doubles, naming the timeline", function()
    local a = kinetic.timeline { from = 0, { to = 1, duration = 1 }, after = "restart" }
    local b = kinetic.timeline { from = 0, { to = 1, duration = 1 }, after = "restart" }
    b:seek(1.7e308)
    local ok, err = pcall(kinetic.update_timelines, { a, b }, 1e308)
    assert.is_false(ok)
    assert.matches("update_timelines: timeline 2's clock would overflow", err, 1, true)
    assert.are.equal(1.7e308, b:time())
    -- listed twice: the second turn finds the clock the first one left
    local c = kinetic.timeline { from = 0, { to = 1, duration = 1 }, after = "restart" }
    c:seek(1e308)
    ok, err = pcall(kinetic.update_timelines, { c, c }, 0.5e308)
    assert.is_false(ok)
    assert.matches("update_timelines: timeline 2's clock would overflow", err, 1, true)
    assert.are.equal(1.5e308, c:time())
    -- and the next call works as ever
    local fresh = kinetic.timeline { from = 0, { to = 1, duration = 1 } }
    local out = kinetic.update_timelines({ fresh, kinetic.timeline { from = { x = 0 }, { to = { x = 4 }, duration = 1 } } }, 0.25)
    assert.are.equal(0.25, out[1])
    assert.are.same({ x = 1 }, out[2])
  end)
end)
