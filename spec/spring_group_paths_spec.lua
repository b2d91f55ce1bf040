-- kinetic.spring_group's paths (csrc/core/spring_group.c): the update step
-- and the set_targets restart are each one C loop, compiled once per x86-64
-- instruction set (AVX-512F: "avx512", AVX2: "avx", SSE2: "sse2") and as
-- the plain loop ("scalar").  These specs check that this machine runs
-- every path its CPU has, and that every path leaves every spring with the
-- bits the plain loop leaves: at every group size (springs before the first
-- 64-byte line, whole blocks of 8, springs after), with blocks all moving,
-- all at rest or mixed, without stiffness, with clamp, and across targets
-- that change only the sign of a zero.
local kinetic = require("kinetic")
local h = require("spec.helpers")
local lcg = h.lcg

local CAPS = { "avx512", "avx", "sse2", "scalar" }
local RANK = { avx512 = 1, avx = 2, sse2 = 3, scalar = 4 }
local NEG0 = -1 / math.huge

-- The widest path the CPU's flags allow (Linux on x86-64: /proc/cpuinfo);
-- nil where they cannot be read, or on another architecture.
local function cpu_best()
  local f = io.open("/proc/cpuinfo")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  local flags = text:match("\nflags%s*:([^\n]*)") or text:match("^flags%s*:([^\n]*)")
  if not flags then return nil end
  flags = " " .. flags .. " "
  local function has(name) return flags:find(" " .. name .. " ", 1, true) ~= nil end
  if not has("lm") then return nil end                 -- not an x86-64 CPU
  if has("avx512f") then return "avx512" end
  if has("avx2") then return "avx" end
  return "sse2"
end

-- valgrind runs the suite on a CPU of its own, without AVX-512.
local function emulated()
  return (os.getenv("LD_PRELOAD") or ""):find("vgpreload", 1, true) ~= nil
end

-- The same double, bit for bit (the sign of a zero included).
local function same(a, b)
  if a ~= a then return b ~= b end
  return a == b and (a ~= 0 or 1 / a == 1 / b)
end

local function state_of(g, n)
  local t = {}
  for i = 1, n do
    t[i] = { g:position(i), g:velocity(i), g:target(i), g:at_rest(i) }
  end
  return t
end

local function assert_same_state(g, ref, n, what)
  for i = 1, n do
    local a = { g:position(i), g:velocity(i), g:target(i), g:at_rest(i) }
    local b = ref[i]
    if not (same(a[1], b[1]) and same(a[2], b[2]) and same(a[3], b[3]) and a[4] == b[4]) then
      error(("%s, spring %d: (%.17g, %.17g, %.17g, %s) where the plain loop has (%.17g, %.17g, %.17g, %s)"):format(
        what, i, a[1], a[2], a[3], tostring(a[4]), b[1], b[2], b[3], tostring(b[4])), 2)
    end
  end
end

describe("kinetic.spring_group paths", function()
  it("runs every path the CPU has, and the path asked for #c_only", function()
    local g = kinetic.spring_group { count = 3 }
    local best = g:_simd()
    assert.is_truthy(RANK[best])
    assert.are.equal(best, g:_simd("best"))
    local cpu = cpu_best()
    if cpu then
      if emulated() then
        assert.is_true(RANK[best] >= RANK[cpu])
      else
        assert.are.equal(cpu, best)
      end
    end
    for _, cap in ipairs(CAPS) do
      local want = RANK[cap] >= RANK[best] and cap or best
      assert.are.equal(want, g:_simd(cap))
      assert.are.equal(want, g:_simd())
    end
  end)

  local CONFIGS = {
    { name = "springs that come to rest", opts = { stiffness = 170, damping = 26 } },
    { name = "no rest test (thresholds 0)", opts = { stiffness = 180, damping = 12, rest_delta = 0, rest_speed = 0 } },
    { name = "no stiffness", opts = { stiffness = 0, damping = 4 } },
    { name = "clamp", opts = { stiffness = 300, damping = 10, clamp = true } },
  }
  local COUNTS = { 1, 3, 7, 8, 9, 16, 17, 31, 40, 64 }

  for ci, config in ipairs(CONFIGS) do
    for _, count in ipairs(COUNTS) do
      it(("leaves the plain loop's bits on every path (%s, %d springs)"):format(config.name, count), function()
        local rnd = lcg(count * 10 + ci)
        local from, to, vel = {}, {}, {}
        for i = 1, count do
          from[i] = (rnd() - 0.5) * 100
          -- a third start at rest, some of them on a zero target
          if i % 3 == 0 then
            to[i] = i % 6 == 0 and 0 or from[i]
            from[i] = to[i]
            vel[i] = 0
          else
            to[i] = (rnd() - 0.5) * 100
            vel[i] = i % 4 == 0 and (rnd() - 0.5) * 300 or 0
          end
        end
        local groups = {}
        for k, cap in ipairs(CAPS) do
          local opts = { count = count, from = from, to = to, velocity = vel }
          for key, v in pairs(config.opts) do opts[key] = v end
          groups[k] = kinetic.spring_group(opts)
          groups[k]:_simd(cap)
        end
        local plain = groups[#groups]
        for step = 1, 60 do
          local r = rnd()
          local dt = r < 0.7 and 1 / 60 or r < 0.9 and 1 / 144 or rnd() * 0.2
          local moving = {}
          for k = 1, #groups do moving[k] = groups[k]:update(dt) end
          local ref = state_of(plain, count)
          for k = 1, #groups - 1 do
            assert.are.equal(moving[#groups], moving[k])
            assert_same_state(groups[k], ref, count, ("%s path, step %d"):format(groups[k]:_simd(), step))
          end
          if step % 9 == 0 then
            -- new targets for some, the same for others, and a zero target
            -- given as -0: equal, so unchanged, its +0 bits kept
            local tg = {}
            for i = 1, count do
              local old = plain:target(i)
              local u = rnd()
              tg[i] = old == 0 and NEG0 or u < 0.4 and old or (rnd() - 0.5) * 100
            end
            for k = 1, #groups do groups[k]:set_targets(tg) end
          elseif step % 7 == 0 then
            local i = 1 + math.floor(rnd() * count)
            local x, v = (rnd() - 0.5) * 50, (rnd() - 0.5) * 50
            for k = 1, #groups do groups[k]:set(i, x, v) end
          elseif step % 5 == 0 then
            local i = 1 + math.floor(rnd() * count)
            local x = rnd() < 0.5 and NEG0 or (rnd() - 0.5) * 50
            for k = 1, #groups do groups[k]:set_target(i, x) end
          end
        end
      end)
    end
  end

  for _, cap in ipairs(CAPS) do
    it(("keeps the sign of a zero target that set_targets leaves unchanged (%s path)"):format(cap), function()
      local count = 21
      local zeros, negs = {}, {}
      for i = 1, count do
        zeros[i] = i % 2 == 0 and 0.0 or NEG0
        negs[i] = -zeros[i]
      end
      local g = kinetic.spring_group { count = count, from = zeros, to = zeros }
      g:_simd(cap)
      g:set_targets(negs)                       -- every target equal: nothing changes
      assert.are.equal(0, g:update(1 / 60))
      for i = 1, count do
        assert.is_true(same(zeros[i], g:target(i)))
        assert.is_true(g:at_rest(i))
      end
    end)
  end

  it("gives the same bits on every path where most blocks are at rest", function()
    local count = 203
    local groups = {}
    for k, cap in ipairs(CAPS) do
      groups[k] = kinetic.spring_group { count = count, stiffness = 200, damping = 20, from = 5, to = 5 }
      groups[k]:_simd(cap)
    end
    local rnd = lcg(4242)
    for step = 1, 80 do
      if step % 10 == 1 then
        -- wake a few springs, scattered over the blocks
        for _ = 1, 3 do
          local i = 1 + math.floor(rnd() * count)
          local x = (rnd() - 0.5) * 20
          for k = 1, #groups do groups[k]:set_target(i, x) end
        end
      end
      local m = {}
      for k = 1, #groups do m[k] = groups[k]:update(1 / 60) end
      local ref = state_of(groups[#groups], count)
      for k = 1, #groups - 1 do
        assert.are.equal(m[#groups], m[k])
        assert_same_state(groups[k], ref, count, ("%s path, step %d"):format(groups[k]:_simd(), step))
      end
    end
  end)
end)
