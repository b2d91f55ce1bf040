-- luacheck: max line length 200
-- Bad-input matrix, generated: every public function and method of the
-- module x each argument position x (nil, true, "str", {}, NaN, inf, -inf,
-- 1e308, -1, 0).  The call must raise "bad argument #N to '" or succeed
-- where listed below.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local NAN = 0 / 0
local values = { { "nil", nil }, { "true", true }, { "str", "str" }, { "table", {} }, { "nan", NAN },
                 { "inf", math.huge }, { "-inf", -math.huge }, { "1e308", 1e308 }, { "-1", -1 }, { "0", 0 } }

-- Each entry: name, a maker of (callable, valid args), and which
-- "argpos:value" may succeed, with the reason.
local cases = {
  { "easing", function() return kinetic.easing, { "ease" } end, {} },
  { "bezier", function() return kinetic.bezier, { 0.25, 0.1, 0.25, 1 } end,
    { ["1:0"] = "x1 = 0 is in [0,1]", ["3:0"] = "x2 = 0", ["2:0"] = "y any finite", ["4:0"] = "y any finite",
      ["2:-1"] = "y any finite", ["4:-1"] = "y any finite" } },
  { "steps", function() return kinetic.steps, { 5, "end" } end, { ["2:nil"] = "position optional (end)" } },
  { "linear", function() return kinetic.linear, { { 0, 1 } } end, {} },
  { "accelerate", function() return kinetic.accelerate, { 0.5 } end,
    { ["1:0"] = "v0 = 0 is a valid model", ["1:-1"] = "v0 any finite (docs/easing.md)", ["1:nil"] = "v0 optional", ["1:1e308"] = "v0 any finite" } },
  { "accelerate_decelerate", function() return kinetic.accelerate_decelerate, { 0.5 } end,
    { ["1:0"] = "v0 = 0 is a valid model", ["1:-1"] = "v0 any finite", ["1:nil"] = "v0 optional", ["1:1e308"] = "v0 any finite" } },
  { "spring", function() return kinetic.spring, { { stiffness = 170 } } end, { ["1:nil"] = "all defaults", ["1:table"] = "{}: all defaults" } },
  { "friction", function() return kinetic.friction, { { drag = 0.5 } } end, {} },
  { "gravity", function() return kinetic.gravity, { { acceleration = 1 } } end, {} },
  { "timeline", function() return kinetic.timeline, { { from = 0, { to = 1, duration = 1 } } } end, {} },
  { "viewport", function() return kinetic.viewport, { { width = 100, height = 100 } } end, {} },
  { "e:eval", function() local e = kinetic.easing("ease"); return function(...) return e:eval(...) end, { 0.5, false } end,
    { ["1:1e308"] = "any finite progress", ["1:-1"] = "any finite progress", ["1:0"] = "progress 0",
      ["2:nil"] = "before flag optional", ["2:true"] = "before flag", ["2:str"] = "before flag: any truthy value",
      ["2:table"] = "truthy", ["2:nan"] = "truthy", ["2:inf"] = "truthy", ["2:-inf"] = "truthy",
      ["2:1e308"] = "truthy", ["2:-1"] = "truthy", ["2:0"] = "truthy (0 is true in Lua)" } },
  { "e:sample", function() local e = kinetic.easing("ease"); return function(...) return e:sample(...) end, { 4 } end, {} },
  { "b:slope", function() local b = kinetic.bezier(0.25, 0.1, 0.25, 1); return function(...) return b:slope(...) end, { 0.5 } end,
    { ["1:1e308"] = "any finite p", ["1:-1"] = "any finite p", ["1:0"] = "p = 0" } },
  { "b:inverse", function() local b = kinetic.bezier(0.25, 0.1, 0.25, 1); return function(...) return b:inverse(...) end, { 0.5 } end,
    { ["1:0"] = "inverse(0) = 0", ["1:1e308"] = "extrapolated line reaches any y", ["1:-1"] = "extrapolated line" } },
  { "s:update", function() local s = kinetic.spring{}; return function(...) return s:update(...) end, { 1 / 60 } end,
    { ["1:0"] = "dt = 0 is a no-op", ["1:1e308"] = "a huge finite dt settles (exact solution)" } },
  { "s:set_target", function() local s = kinetic.spring{}; return function(...) return s:set_target(...) end, { 2 } end,
    { ["1:1e308"] = "any finite target", ["1:-1"] = "any finite", ["1:0"] = "any finite" } },
  { "s:set_position", function() local s = kinetic.spring{}; return function(...) return s:set_position(...) end, { 2 } end,
    { ["1:1e308"] = "any finite", ["1:-1"] = "any finite", ["1:0"] = "any finite" } },
  { "s:set_velocity", function() local s = kinetic.spring{}; return function(...) return s:set_velocity(...) end, { 2 } end,
    { ["1:1e308"] = "any finite", ["1:-1"] = "any finite", ["1:0"] = "any finite" } },
  { "s:at", function() local s = kinetic.spring{}; return function(...) return s:at(...) end, { 0.5 } end,
    { ["1:0"] = "t = 0", ["1:1e308"] = "huge finite t" } },
  { "s:velocity_at", function() local s = kinetic.spring{}; return function(...) return s:velocity_at(...) end, { 0.5 } end,
    { ["1:0"] = "t = 0", ["1:1e308"] = "huge finite t" } },
  { "s:settle_time", function() local s = kinetic.spring{}; return function(...) return s:settle_time(...) end, { 0.01 } end,
    { ["1:nil"] = "default epsilon", ["1:1e308"] = "any positive epsilon (0 s)" } },
  { "s:coefficients", function() local s = kinetic.spring{}; return function(...) return s:coefficients(...) end, { 0.1 } end,
    { ["1:0"] = "dt = 0: identity", ["1:1e308"] = "huge finite dt" } },
  { "step_times", function() return kinetic.step_times, { "ease", 4, 1 } end,
    { ["3:nil"] = "duration optional (1)", ["3:1e308"] = "any positive duration" } },
  { "e:css", function() local e = kinetic.easing("ease"); return function(...) return e:css(...) end, { "specified" } end,
    { ["1:nil"] = "form optional (computed)" } },
  { "s:easing", function() local s = kinetic.spring{}; return function(...) return s:easing(...) end, { 0.5 } end,
    { ["1:nil"] = "default duration: the settle time", ["1:1e308"] = "any positive duration" } },
  { "s:linear", function() local s = kinetic.spring{}; return function(...) return s:linear(...) end, { 1e-3 } end,
    { ["1:nil"] = "default max_error", ["1:1e308"] = "any max_error >= 1e-7 (two stops)" } },
  { "bouncing_scroll", function() return kinetic.bouncing_scroll, { { min = 0, max = 1 } } end, {} },
  { "clamping_scroll", function() return kinetic.clamping_scroll, { { velocity = 1 } } end, { ["1:table"] = "{}: all defaults" } },
  { "inertia", function() return kinetic.inertia, { { velocity = 1 } } end, { ["1:table"] = "{}: all defaults" } },
  { "decay", function() return kinetic.decay, { { velocity = 1 } } end, { ["1:table"] = "{}: all defaults" } },
  { "m:at (inertia)", function() local m = kinetic.inertia { velocity = 1 }; return function(...) return m:at(...) end, { 0.5 } end,
    { ["1:0"] = "t = 0", ["1:1e308"] = "huge finite t" } },
  { "m:update (decay)", function() local m = kinetic.decay { velocity = 1 }; return function(...) return m:update(...) end, { 0.1 } end,
    { ["1:0"] = "dt = 0", ["1:1e308"] = "huge finite dt: at rest" } },
  { "anim:fling", function() local a = kinetic.animator(); local o = { x = 0 }
      return function(...) return a:fling(...) end, { o, "x", 10, { kind = "decay" } } end,
    { ["4:nil"] = "options optional (inertia)", ["4:table"] = "{}: inertia", ["3:0"] = "velocity 0", ["3:-1"] = "any finite velocity",
      ["3:1e308"] = "any finite velocity (decay)" } },
  { "tl:at", function() local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 } }; return function(...) return tl:at(...) end, { 0.5 } end,
    { ["1:1e308"] = "any finite time", ["1:-1"] = "before the start", ["1:0"] = "t = 0" } },
  { "tl:update", function() local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 } }; return function(...) return tl:update(...) end, { 0.5 } end,
    { ["1:0"] = "dt = 0", ["1:1e308"] = "clock clamps at the end of a finite timeline" } },
  { "tl:seek", function() local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 } }; return function(...) return tl:seek(...) end, { 0.5 } end,
    { ["1:0"] = "t = 0", ["1:1e308"] = "clamped to the end", ["1:-1"] = "clamped to 0" } },
  { "tl:apply", function() local tl = kinetic.timeline{ from = { x = 0 }, { to = { x = 1 }, duration = 1 } }; return function(...) return tl:apply(...) end, { {} } end,
    { ["1:table"] = "writes the fields" } },
  { "path", function() return kinetic.path, { { kind = "linear", { 0, 0 }, { 1, 1 } } } end, {} },
  { "p:at", function() local p = kinetic.path { kind = "linear", { 0, 0 }, { 1, 1 } }; return function(...) return p:at(...) end, { 0.5 } end,
    { ["1:0"] = "u = 0", ["1:-1"] = "clamped to 0 (open path)", ["1:1e308"] = "clamped to 1" } },
  { "p:point", function() local p = kinetic.path { kind = "linear", { 0, 0 }, { 1, 1 } }; return function(...) return p:point(...) end, { 0.5 } end,
    { ["1:0"] = "s = 0", ["1:-1"] = "clamped to 0 (open path)", ["1:1e308"] = "clamped to 1" } },
  { "p:sample", function() local p = kinetic.path { kind = "linear", { 0, 0 }, { 1, 1 } }; return function(...) return p:sample(...) end, { 4, {} } end,
    { ["2:nil"] = "out optional", ["2:table"] = "fills out" } },
  { "color", function() return kinetic.color, { "#ff0000" } end, {} },
  { "color (numbers)", function() return kinetic.color, { 0.2, 0.4, 0.6, 1 } end,
    { ["1:0"] = "r = 0", ["2:0"] = "g = 0", ["3:0"] = "b = 0", ["4:0"] = "alpha = 0", ["4:nil"] = "alpha optional" } },
  { "mix", function() return kinetic.mix, { "red", "blue", 0.5, "oklch", "longer" } end,
    { ["3:0"] = "t = 0", ["3:-1"] = "any finite t (extrapolates)", ["3:1e308"] = "any finite t", ["4:nil"] = "space optional (oklab)",
      ["5:nil"] = "hue optional (shorter)" } },
  { "c:to", function() local c = kinetic.color("red"); return function(...) return c:to(...) end, { "lab" } end, {} },
  { "vp:to_screen", function() local vp = kinetic.viewport{ width = 100, height = 100 }; return function(...) return vp:to_screen(...) end, { 1, 2 } end,
    { ["1:-1"] = "any finite", ["1:0"] = "any finite", ["2:-1"] = "any finite", ["2:0"] = "any finite",
      ["1:1e308"] = "finite coordinate", ["2:1e308"] = "finite coordinate" } },
  { "vp:to_world", function() local vp = kinetic.viewport{ width = 100, height = 100 }; return function(...) return vp:to_world(...) end, { 1, 2 } end,
    { ["1:-1"] = "any finite", ["1:0"] = "any finite", ["2:-1"] = "any finite", ["2:0"] = "any finite",
      ["1:1e308"] = "finite coordinate", ["2:1e308"] = "finite coordinate" } },
}
if kinetic.spring_group then
  local function g2() return kinetic.spring_group{ count = 2, from = 0, to = 1 } end
  local function method(name, args, allowed)
    cases[#cases + 1] = { "g:" .. name, function()
      local g = g2(); return function(...) return g[name](g, ...) end, args end, allowed }
  end
  local finite = { ["2:1e308"] = "any finite value", ["2:-1"] = "any finite value", ["2:0"] = "any finite value" }
  cases[#cases + 1] = { "spring_group", function() return kinetic.spring_group, { { count = 2 } } end, {} }
  method("update", { 1 / 60 }, { ["1:0"] = "dt = 0", ["1:1e308"] = "a huge finite dt settles" })
  method("set", { 1, 0.5, 0 }, { ["2:1e308"] = "any finite", ["2:-1"] = "any finite", ["2:0"] = "any finite",
    ["3:1e308"] = "any finite", ["3:-1"] = "any finite", ["3:0"] = "any finite", ["3:nil"] = "velocity optional" })
  method("set_target", { 1, 0.5 }, finite)
  method("set_targets", { { 1, 2 } }, {})
  method("position", { 1 }, {})
  method("velocity", { 1 }, {})
  method("target", { 1 }, {})
  method("at_rest", { 1 }, {})
  method("positions", { {} }, { ["1:nil"] = "out optional", ["1:table"] = "fills out" })
  method("_simd", { "scalar" }, { ["1:nil"] = "no cap: reports the path in use" })
end

local pack, unpack_ = h.pack, h.unpack

describe("bad-input matrix", function()
  for _, case in ipairs(cases) do
    local name, make, allowed = case[1], case[2], case[3]
    it(name .. " x every argument position x every bad value", function()
      local _, valid = make()
      local nargs = #valid
      for pos = 1, nargs do
        for _, v in ipairs(values) do
          local f, args = make()
          args[pos] = v[2]
          local key = pos .. ":" .. v[1]
          local r = pack(pcall(f, unpack_(args, 1, nargs)))
          if r[1] then
            assert(allowed[key], string.format("%s(%s) succeeded but is not listed as allowed", name, key))
            for i = 2, r.n do
              if type(r[i]) == "number" then assert(r[i] == r[i], name .. " " .. key .. " returned NaN") end
            end
          elseif not allowed[key] then
            assert.matches("bad argument #%d+ to '", tostring(r[2]), 1, false, name .. " " .. key)
          end
        end
      end
    end)
  end
end)

-- LuaJIT really tail-calls C functions: in `local function step(dt) return
-- s:update(dt) end; step(-1)` Lua finds the name of the call that led there
-- ("bad argument #2 to 'step'"), or none ('?'); Lua 5.1/5.2 say '?' for
-- pcall(f, ...) too.  kinetic always names its own function.  How a method
-- there counts its arguments depends on what Lua saw: #1 for dt after a
-- method call, #2 (self first) after a function call -- both are allowed
-- for the methods below, the name and the message are not negotiable.
describe("error messages name kinetic's function", function()
  local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 } }
  local s = kinetic.spring{ stiffness = 170, damping = 26 }
  local g = kinetic.spring_group{ count = 2, stiffness = 170, damping = 26 }
  local p = kinetic.path{ kind = "linear", { 0, 0 }, { 1, 1 } }
  local red = kinetic.color("red")
  local tail_cases = {
    { function() return tl:update(-1) end, "bad argument #[12] to 'update' %(non%-negative number expected, got %-1%)" },
    { function() return tl:seek(-1) end, "bad argument #[12] to 'seek' %(non%-negative number expected, got %-1%)" },
    { function() return s:update(-1) end, "bad argument #[12] to 'update' %(non%-negative number expected, got %-1%)" },
    { function() return g:update(-1) end, "bad argument #[12] to 'update' %(non%-negative number expected, got %-1%)" },
    { function() return kinetic.spring{ stiffness = -1 } end,
      "bad argument #1 to 'spring' %(field 'stiffness': non%-negative number expected, got %-1%)" },
    { function() return kinetic.timeline(5) end, "bad argument #1 to 'timeline' %(table expected, got number%)" },
    { function() return kinetic.update_timelines({ tl, 5 }, 0.1) end,
      "bad argument #1 to 'update_timelines' %(item 2: kinetic.Timeline expected, got number%)" },
    { function() return kinetic.update_timelines({ tl }, -1) end,
      "bad argument #2 to 'update_timelines' %(non%-negative number expected, got %-1%)" },
    { function() return p:sample(0) end, "bad argument #[12] to 'sample' %(integer in %[1, 10000000%] expected, got 0%)" },
    { function() return red:to("cmyk") end, "bad argument #[12] to 'to' %(unknown colour space 'cmyk'" },
    { function() return kinetic.mix("red", "nope", 0.5) end, "bad argument #2 to 'mix' %(invalid colour 'nope'" },
  }
  local function step(f) local r = f(); return r end
  it("in a tail call, reached from Lua code and from pcall, on every VM", function()
    for i, c in ipairs(tail_cases) do
      local ok, err = pcall(step, c[1])
      assert.is_false(ok, "case " .. i)
      assert.matches(c[2], tostring(err), 1, false, "case " .. i .. " from Lua")
      ok, err = pcall(c[1])
      assert.is_false(ok, "case " .. i)
      assert.matches(c[2], tostring(err), 1, false, "case " .. i .. " from pcall")
    end
  end)
  it("a bad self in a tail call", function()
    local ok, err = pcall(step, function() return tl.update(5, 1) end)
    assert.is_false(ok)
    err = tostring(err)
    assert.is_truthy(err:find("calling 'update' on bad self (kinetic.Timeline expected, got number)", 1, true)
                     or err:find("bad argument #1 to 'update' (kinetic.Timeline expected, got number)", 1, true), err)
  end)
  it("under an alias: the API name, self counted as in a function call #c_only", function()
    local upd = tl.update
    local ok, err = pcall(function() local r = upd(tl, -1); return r end)
    assert.is_false(ok)
    assert.matches("bad argument #2 to 'update' %(non%-negative number expected, got %-1%)", err)
  end)
  it("for a function given to pcall", function()
    local ok, err = pcall(kinetic.update_timelines, 5, 1)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'update_timelines' %(table of timelines expected, got number%)", err)
    ok, err = pcall(kinetic.timeline, 5)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'timeline' %(table expected, got number%)", err)
  end)
  it("for a method given to pcall: self counted as in a function call #c_only", function()
    -- a method given to pcall takes self as argument #1, as a function call does
    local ok, err = pcall(tl.seek, tl, -1)
    assert.is_false(ok)
    assert.matches("bad argument #2 to 'seek' %(non%-negative number expected, got %-1%)", err)
    ok, err = pcall(tl.seek, 5, 1)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'seek' %(kinetic.Timeline expected, got number%)", err)
  end)
end)
