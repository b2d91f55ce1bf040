-- luacheck: no max line length
-- Callbacks that change the list kinetic.update_timelines is working on
-- (docs/timeline.md, Many timelines in one call).  The contract: every
-- timeline in the list when the call starts moves exactly once (once per
-- place it holds) and its state goes into out[i], i its place at the
-- start; only then do callbacks run.  So a callback may remove, insert or
-- nil entries: that changes the next call, not this one.  Timelines added
-- during the call neither move nor report events in it; a timeline
-- removed during the call still reports the events it crossed in it.
-- Under LuaJIT these run on the FFI path, and with KINETIC_FFI=0 on the
-- classic one: the same expectations hold for both.
local kinetic = require("kinetic")

local function index_of(list, x)
  for i = 1, #list do if list[i] == x then return i end end
end

-- Timelines 1 .. n: timeline i goes from 0 to 10 i over `durations[i]`
-- (1 when absent), with on_complete(tl) = complete(i, tl) when given.
local function make(n, durations, complete)
  local list = {}
  for i = 1, n do
    list[i] = kinetic.timeline { from = 0, { to = 10 * i, duration = durations[i] or 1 },
                                 on_complete = complete and function(tl) complete(i, tl) end }
  end
  return list
end

local function times(timelines)
  local t = {}
  for i, tl in ipairs(timelines) do t[i] = tl:time() end
  return t
end

local function copy(list)
  local c = {}
  for i = 1, #list do c[i] = list[i] end
  return c
end

describe("kinetic.update_timelines and callbacks that change the list", function()
  it("table.remove of the current timeline: every timeline moves once, every on_complete runs", function()
    local log, list = {}, nil
    list = make(5, {}, function(i, tl)
      log[#log + 1] = i
      table.remove(list, index_of(list, tl))
    end)
    local all, out = copy(list), {}
    local o, playing = kinetic.update_timelines(list, 1, out)
    assert.are.equal(out, o)
    assert.are.equal(0, playing)
    assert.are.same({ 1, 2, 3, 4, 5 }, log)
    assert.are.same({}, list)
    assert.are.same({ 1, 1, 1, 1, 1 }, times(all))
    assert.are.same({ 10, 20, 30, 40, 50 }, out)
  end)

  it("the timeline that shifts into the slot of a removed one does not skip the frame", function()
    local list
    list = make(4, { 2, 0.5, 2, 2 }, function(_, tl) table.remove(list, index_of(list, tl)) end)
    local all, out = copy(list), {}
    local _, playing = kinetic.update_timelines(list, 0.5, out)
    assert.are.equal(3, playing)
    assert.are.same({ all[1], all[3], all[4] }, list)
    assert.are.same({ 0.5, 0.5, 0.5, 0.5 }, times(all))
    assert.are.same({ 2.5, 20, 7.5, 10 }, out)      -- out[i]: the timeline at place i when the call started
    -- the next call writes out by the list as it is now; entries past its end are left as they were
    kinetic.update_timelines(list, 0.5, out)
    assert.are.same({ 1, 0.5, 1, 1 }, times(all))
    assert.are.same({ 5, 15, 20, 10 }, out)
  end)

  it("removing an earlier timeline", function()
    local log, list = {}, nil
    list = make(4, { 2, 2, 1, 1 }, function(i)
      log[#log + 1] = i
      if i == 3 then table.remove(list, 1) end
    end)
    local all, out = copy(list), {}
    kinetic.update_timelines(list, 1, out)
    assert.are.same({ 3, 4 }, log)
    assert.are.same({ all[2], all[3], all[4] }, list)
    assert.are.same({ 1, 1, 1, 1 }, times(all))
    assert.are.same({ 5, 10, 30, 40 }, out)
  end)

  it("removing a later timeline: it has moved, and still reports the events it crossed", function()
    local log, list = {}, nil
    list = make(4, { 1, 2, 1, 2 }, function(i)
      log[#log + 1] = i
      if i == 1 then table.remove(list, 3) end
    end)
    local all, out = copy(list), {}
    local _, playing = kinetic.update_timelines(list, 1, out)
    assert.are.equal(2, playing)
    assert.are.same({ 1, 3 }, log)
    assert.are.same({ all[1], all[2], all[4] }, list)
    assert.are.same({ 1, 1, 1, 1 }, times(all))
    assert.are.same({ 10, 10, 30, 20 }, out)
  end)

  it("nil-ing entries, the list cleared, a list replaced: nothing raises, every timeline moves once", function()
    local log, list = {}, nil
    list = make(5, {}, function(i)
      log[#log + 1] = i
      if i == 1 then list[2] = nil; list[5] = nil end
      if i == 3 then for k in pairs(list) do list[k] = nil end end
    end)
    local all, out = copy(list), {}
    kinetic.update_timelines(list, 1, out)
    assert.are.same({ 1, 2, 3, 4, 5 }, log)
    assert.is_nil(next(list))
    assert.are.same({ 1, 1, 1, 1, 1 }, times(all))
    assert.are.same({ 10, 20, 30, 40, 50 }, out)
  end)

  it("a timeline inserted by a callback neither moves nor reports events in that call; the next call moves it", function()
    local log, list = {}, nil
    local added = kinetic.timeline { from = 0, { to = 1, duration = 0.5 }, on_complete = function() log[#log + 1] = "added" end }
    local last = kinetic.timeline { from = 0, { to = 1, duration = 0.5 }, on_complete = function() log[#log + 1] = "last" end }
    list = make(3, {}, function(i)
      log[#log + 1] = i
      if i == 2 then table.insert(list, 1, added); list[#list + 1] = last end
    end)
    local all, out = copy(list), {}
    local _, playing = kinetic.update_timelines(list, 1, out)
    assert.are.equal(0, playing)
    assert.are.same({ 1, 2, 3 }, log)
    assert.are.same({ added, all[1], all[2], all[3], last }, list)
    assert.are.same({ 1, 1, 1 }, times(all))
    assert.are.same({ 0, 0 }, { added:time(), last:time() })
    assert.are.same({ 10, 20, 30 }, out)
    _, playing = kinetic.update_timelines(list, 0.5, out)
    assert.are.equal(0, playing)
    assert.are.same({ 1, 2, 3, "added", "last" }, log)
    assert.are.same({ 1, 10, 20, 30, 1 }, out)
  end)

  it("update_timelines called from a callback on the same list is a call of its own", function()
    -- A and B: endless restarts of 1 s.  The outer call moves both from 0
    -- to 1.5 (each crosses iteration 1); A's callback runs first and calls
    -- update_timelines(list, 0.75): both move to 2.25 (crossing iteration
    -- 2), and that call reports its events before it returns.  B's
    -- iteration 1 is then stale (its clock moved since the outer call
    -- moved it) and is dropped, as an update drops the events after a
    -- callback that moves the clock.
    local log, inner_out, inner, entered = {}, {}, nil, false
    local list = {}
    local function cb(tag)
      return function(_, n)
        log[#log + 1] = tag .. n
        if tag == "A" and not entered then
          entered = true
          inner = { kinetic.update_timelines(list, 0.75, inner_out) }
        end
      end
    end
    list[1] = kinetic.timeline { from = 0, { to = 10, duration = 1 }, after = "restart", on_iteration = cb("A") }
    list[2] = kinetic.timeline { from = 0, { to = 10, duration = 1 }, after = "restart", on_iteration = cb("B") }
    local out = {}
    local o, playing = kinetic.update_timelines(list, 1.5, out)
    assert.are.same({ "A1", "A2", "B2" }, log)
    assert.are.same({ 2.25, 2.25 }, times(list))
    assert.are.equal(out, o)
    assert.are.equal(2, playing)
    assert.are.same({ 5, 5 }, out)               -- the outer call's frame
    assert.are.same({ inner_out, 2 }, inner)
    assert.are.same({ 2.5, 2.5 }, inner_out)
  end)

  it("update_timelines on another list from a callback leaves this call's events alone", function()
    local log, others = {}, {}
    others[1] = kinetic.timeline { from = 0, { to = 1, duration = 0.25 }, on_complete = function() log[#log + 1] = "other" end }
    local list = make(2, {}, function(i)
      log[#log + 1] = i
      if i == 1 then kinetic.update_timelines(others, 1) end
    end)
    kinetic.update_timelines(list, 1)
    assert.are.same({ 1, "other", 2 }, log)
  end)

  it("a frame that fires no callback leaves the list and out as the loop would", function()
    local list = make(3, { 2, 2, 2 }, function() error("not reached") end)
    local out = {}
    for _ = 1, 8 do kinetic.update_timelines(list, 0.125, out) end
    assert.are.same({ 1, 1, 1 }, times(list))
    assert.are.same({ 5, 10, 15 }, out)
  end)
end)
