-- luacheck: max line length 200
-- Properties of timelines over random cases from a seeded generator
-- (spec/helpers.lua's lcg, not math.random: the same cases on every run).
local kinetic = require("kinetic")
local h = require("spec.helpers")
local lcg = h.lcg
local close = h.close

describe("property: timelines", function()
  it("at(t) equals stepping update to t", function()
    local r = lcg(7)
    local afters = { "stop", "restart", "reverse" }
    for _ = 1, 100 do
      local def = { from = r() * 100, after = afters[1 + math.floor(r() * 3)], iterations = 1 + math.floor(r() * 3),
                    delay = r() * 0.2 }
      for i = 1, 1 + math.floor(r() * 4) do def[i] = { to = r() * 100, duration = 0.05 + r() * 0.5, easing = "ease-in-out" } end
      local tl = kinetic.timeline(def)
      local t = 0
      for _ = 1, 50 do
        local dt = r() * 0.1
        local x = tl:update(dt); t = t + dt
        assert.is_true(close(x, tl:at(tl:time()), 1e-12))
        assert.is_true(close(tl:time(), math.min(t, tl:total_duration()), 1e-12))
      end
    end
  end)

  it("update_timelines equals each timeline's update, bit for bit (random lists, shapes, callbacks)", function()
    local r = lcg(23)
    local afters = { "stop", "restart", "reverse" }
    local easings = { "linear", "ease", "outBack", "steps(3, jump-both)", "inOutElastic", "cubic-bezier(0.3, -0.5, 0.6, 1.6)" }
    local names = { "x", "y", "alpha", "scale", "angle", "w" }
    local function random_def()
      local shape = math.floor(r() * 3)            -- number, vector, named
      local n = 1 + math.floor(r() * 6)
      local function state()
        if shape == 0 then return r() * 200 - 100 end
        local v = {}
        for j = 1, n do v[shape == 1 and j or names[j]] = r() * 200 - 100 end
        return v
      end
      local def = { from = state(), after = afters[1 + math.floor(r() * 3)], delay = r() < 0.3 and r() * 0.3 or nil }
      def.iterations = def.after ~= "stop" and r() < 0.5 and math.huge or 1 + math.floor(r() * 4)
      for i = 1, 1 + math.floor(r() * 5) do
        def[i] = { to = state(), duration = 0.02 + r() * 0.4, easing = easings[1 + math.floor(r() * #easings)] }
      end
      return def, r() < 0.25
    end
    -- the definition, with callbacks that log to `log` when `calls`
    local function with_log(def, calls, log, tag)
      local d = {}
      for k, x in pairs(def) do d[k] = x end
      if calls then
        d.on_keyframe = function(_, k) log[#log + 1] = tag .. "k" .. k end
        d.on_complete = function() log[#log + 1] = tag .. "c" end
      end
      return d
    end
    local quiet, events = 0, 0          -- lists without callbacks (LuaJIT: the FFI loop); events seen
    for _ = 1, 60 do
      local log_a, log_b, list, twins, tables = {}, {}, {}, {}, {}
      local with_callbacks = false
      for i = 1, 1 + math.floor(r() * 12) do
        -- one random definition (its numbers drawn once), twice
        local def, calls = random_def()
        list[i] = kinetic.timeline(with_log(def, calls, log_a, i))
        twins[i], tables[i] = kinetic.timeline(with_log(def, calls, log_b, i)), type(def.from) == "table"
        with_callbacks = with_callbacks or calls
      end
      local out, outs = {}, {}
      for _ = 1, 80 do
        local dt = r() < 0.1 and 0 or r() * 0.08
        local _, playing = kinetic.update_timelines(list, dt, out)
        local playing_b = 0
        for i, tl in ipairs(twins) do
          if tables[i] then                      -- vectors (of 1 too) and named properties
            outs[i] = outs[i] or {}
            tl:update(dt, outs[i])
          else
            outs[i] = tl:update(dt)
          end
          if not tl:done() then playing_b = playing_b + 1 end
        end
        assert.are.equal(playing_b, playing)
        assert.are.same(outs, out)
      end
      assert.are.same(log_b, log_a)
      events = events + #log_a
      if not with_callbacks then quiet = quiet + 1 end
    end
    assert.is_true(quiet >= 5 and events >= 50, quiet .. " quiet lists, " .. events .. " events")
  end)
end)
