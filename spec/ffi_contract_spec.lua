-- luacheck: no max line length
-- #c_only file: it requires kinetic.core as it loads, so the Lua backend's runs leave it out
-- The contract between the C module and its LuaJIT FFI fast path: all
-- lua/kinetic/ffi.lua knows of C is exported by C in core._ffi_abi
-- (csrc/lua/ffi_abi.h) -- the cdef, the offset of every field it reads,
-- the size of every struct, the limits and `user` bits it tests -- and is
-- checked before the path turns on.  On every VM: the exported table, its
-- agreement with the cdef text and with C's behaviour, and ffi.lua's
-- source; under LuaJIT also ffi's own view of the cdef, and what a layout
-- that differs does.
local core = require("kinetic.core")
local kinetic = require("kinetic")
local abi = core._ffi_abi

local has_ffi = type(jit) == "table" and (pcall(require, "ffi"))

-- lua/kinetic/ffi.lua's source, without its comments (code) and also
-- without its strings (bare).
local function ffi_source()
  local name = "kinetic/ffi"
  for template in package.path:gmatch("[^;]+") do
    local f = io.open((template:gsub("%?", name)), "r")
    if f then
      local text = f:read("*a")
      f:close()
      local code = text:gsub("%-%-[^\n]*", "")
      local bare = code:gsub('"[^"\n]*"', '""')
      return code, bare
    end
  end
  error("lua/kinetic/ffi.lua not found on package.path")
end

-- The struct bodies of the cdef text: { kn_spring = "{ ... }", ... }.
local function cdef_bodies()
  local bodies = {}
  for name, body in abi.cdef:gmatch("typedef struct (kn_[%w_]+) (%b{}) %1;") do
    bodies[name] = body
  end
  return bodies
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local function is_count(x) return type(x) == "number" and x >= 0 and x == math.floor(x) end

describe("core._ffi_abi #c_only", function()
  it("holds the version, function table, cdef, sizes, offsets and constants", function()
    assert.is_table(abi)
    assert.is_true(is_count(abi.version) and abi.version >= 1)
    assert.are.equal("userdata", type(abi.api))
    assert.is_string(abi.cdef)
    for _, key in ipairs { "sizes", "offsets", "constants" } do assert.is_table(abi[key], key) end
    for _, ctype in ipairs { "kn_spring_model", "kn_spring_coefs", "kn_spring", "kn_spring_group",
                             "kn_timeline", "kn_ffi_api" } do
      assert.is_true(is_count(abi.sizes[ctype]) and abi.sizes[ctype] > 0, ctype)
    end
    for ctype, fields in pairs(abi.offsets) do
      assert.is_number(abi.sizes[ctype], ctype .. " has offsets but no size")
      for field, offset in pairs(fields) do
        assert.is_true(is_count(offset) and offset <= abi.sizes[ctype], ctype .. "." .. field)
      end
    end
    for name, value in pairs(abi.constants) do assert.is_number(value, name) end
  end)

  it("declares in its cdef every struct and field it gives a size or offset, in the offsets' order", function()
    local bodies = cdef_bodies()
    assert.truthy(abi.cdef:find("struct kn_easing;", 1, true))
    for _, ctype in ipairs(sorted_keys(abi.sizes)) do
      assert.is_string(bodies[ctype], ctype .. " is not a typedef struct of the cdef")
    end
    for _, ctype in ipairs(sorted_keys(abi.offsets)) do
      local body, fields = bodies[ctype], abi.offsets[ctype]
      -- each field's place in the text, against its offset: the same order
      local order = {}
      for field in pairs(fields) do
        local at = ctype == "kn_ffi_api" and body:find("(*" .. field .. ")", 1, true)
                   or body:find("%f[%w_]" .. field .. "%f[^%w_]")
        assert.is_number(at, ctype .. "." .. field .. " is not in the cdef")
        order[#order + 1] = { field = field, at = at, offset = fields[field] }
      end
      table.sort(order, function(a, b) return a.at < b.at end)
      for i = 2, #order do
        assert.is_true(order[i - 1].offset < order[i].offset,
                       ctype .. ": " .. order[i - 1].field .. " before " .. order[i].field)
      end
    end
    -- the flexible arrays end their structs; the function table is one
    -- pointer per function
    assert.are.equal(abi.sizes.kn_spring, abi.offsets.kn_spring.data)
    assert.are.equal(abi.sizes.kn_spring_group, abi.offsets.kn_spring_group.data)
    local n, pointer = 0, math.huge
    for _, offset in pairs(abi.offsets.kn_ffi_api) do
      n = n + 1
      if offset > 0 and offset < pointer then pointer = offset end
    end
    assert.are.equal(abi.sizes.kn_ffi_api, n * pointer)
  end)

  it("gives the stepped integrators' dt limit the classic update enforces", function()
    local max = abi.constants.spring_stepped_dt_max
    local s = kinetic.spring { integrator = "rk4", from = 0, to = 1 }
    assert.is_number(s:update(max))
    local ok, err = pcall(s.update, s, max * (1 + 2 ^ -52))
    assert.is_false(ok)
    assert.truthy(err:find("at most " .. ("%.14g"):format(max) .. " seconds", 1, true), err)
    assert.is_number(kinetic.spring { integrator = "analytic" }:update(2 * max))
  end)

  it("gives timeline shapes that fit their mask, below the callbacks' shift", function()
    local c = abi.constants
    local seen = {}
    for _, shape in ipairs { c.timeline_shape_number, c.timeline_shape_vector, c.timeline_shape_named } do
      assert.is_true(is_count(shape) and shape <= c.timeline_shape_mask)
      assert.is_nil(seen[shape])
      seen[shape] = true
    end
    assert.is_true(is_count(c.timeline_events_shift) and 2 ^ c.timeline_events_shift > c.timeline_shape_mask)
    assert.is_true(is_count(c.spring_callbacks) and c.spring_callbacks > 0)
  end)
end)

describe("lua/kinetic/ffi.lua #c_only", function()
  local code, bare = ffi_source()

  it("reads only fields whose offsets C exports, through pointers named after their struct", function()
    local struct_of = { sp = "kn_spring", gp = "kn_spring_group", tp = "kn_timeline", api = "kn_ffi_api" }
    local reads = 0
    for var, field in bare:gmatch("%f[%w_]([%a_][%w_]*)%.([%a_][%w_]*)") do
      local ctype = struct_of[var]
      if ctype then
        reads = reads + 1
        assert.is_number(abi.offsets[ctype][field], var .. "." .. field .. ": no offset of " .. ctype .. "." .. field .. " from C")
      end
    end
    assert.is_true(reads >= 40, "only " .. reads .. " field reads found")
    -- every cast names its pointer after the struct
    local casts = 0
    for var, ptr in bare:gmatch("([%w_]+) = cast%(([%w_]+),") do
      casts = casts + 1
      assert.are.equal(({ spring_ptr = "sp", group_ptr = "gp", timeline_ptr = "tp" })[ptr], var, ptr)
    end
    assert.is_true(casts >= 4)
    assert.is_nil(code:find('ffi%.cast%("kn_'), "a struct pointer cast past the named ones")
  end)

  it("reads only constants C exports", function()
    local reads = 0
    for name in code:gmatch('constant%("([%w_]+)"%)') do
      reads = reads + 1
      assert.is_number(abi.constants[name], 'constant("' .. name .. '"): C exports no such constant')
    end
    assert.is_true(reads >= 8)
  end)

  it("repeats no limit, bit field or error message of C", function()
    assert.is_nil(bare:find("%f[%w_]error%s*%("), "ffi.lua raises an error of its own")
    for str in code:gmatch('"([^"\n]*)"') do
      for _, piece in ipairs { "overflow", "bad argument", "expected", "at most", "clock" } do
        assert.is_nil(str:lower():find(piece, 1, true), ("string %q looks like a C message"):format(str))
      end
    end
    -- numbers: no constant C exports (but the small counts 0 .. 4 of the
    -- unrolled vectors) and nothing near DBL_MAX, where C's limits are
    local exported = {}
    for _, v in pairs(abi.constants) do if v > 4 then exported[v] = true end end
    for lit in bare:gmatch("%f[%w_.](%d[%w.]*)") do
      local v = tonumber(lit)
      assert.is_number(v, lit)
      assert.is_nil(exported[v], "literal " .. lit .. " is a constant of C")
      assert.is_true(v < 1e307, "literal " .. lit .. " is a limit near DBL_MAX")
    end
    for _, op in ipairs { "band", "rshift", "lshift", "bor" } do
      for args in bare:gmatch("%f[%w_]" .. op .. "(%b())") do
        assert.is_nil(args:find(",%s*%d"), op .. args .. ": a bit field spelled as a number")
      end
    end
  end)
end)

describe("errors on every path", function()
  it("are the classic functions' messages", function()
    local s = kinetic.spring { stiffness = 0, damping = 0, velocity = 1e300, to = 5 }
    local ok, err = pcall(s.update, s, 1e10)
    assert.is_false(ok)
    assert.are.equal("update: the spring's state overflowed (beyond +-1.8e308); it is reset to rest on its target", err)
    assert.is_true(s:at_rest())
    assert.are.same({ 5, 0 }, { s:position(), s:velocity() })
    local v = kinetic.spring { stiffness = 0, damping = 0, from = { 1, 2 }, to = { 3, 4 }, velocity = { 0, 1e300 } }
    ok, err = pcall(v.update, v, 1e10)
    assert.is_false(ok)
    assert.truthy(err:find("^update: the spring's state overflowed"))
    assert.are.same({ 3, 4 }, { v:position() })
    assert.are.same({ 0, 0 }, { v:velocity() })

    local a = kinetic.timeline { from = 0, { to = 1, duration = 1 } }
    local b = kinetic.timeline { from = { x = 0 }, { to = { x = 1 }, duration = 1 }, after = "restart" }
    b:seek(1.7e308)
    ok, err = pcall(kinetic.update_timelines, { a, a, b }, 1e308)
    assert.is_false(ok)
    assert.are.equal("update_timelines: timeline 3's clock would overflow", err)
    assert.are.equal(1, a:time())
    ok, err = pcall(kinetic.update_timelines, { a, 7 }, 0.5)
    assert.is_false(ok)
    assert.are.equal("bad argument #1 to 'update_timelines' (item 2: kinetic.Timeline expected, got number)", err)
  end)
end)

if has_ffi then
  local ffi = require("ffi")
  local bit = require("bit")
  local fast = require("kinetic.ffi")

  describe("kinetic.ffi under LuaJIT #c_only", function()
    it("is on unless KINETIC_FFI=0 or the JIT is off, and gives a reason only when it is off", function()
      local wanted = jit.status() and os.getenv("KINETIC_FFI") ~= "0"
      assert.are.equal(wanted and true or false, kinetic._ffi, kinetic._ffi_reason)
      if kinetic._ffi then assert.is_nil(kinetic._ffi_reason)
      elseif os.getenv("KINETIC_FFI") == "0" then assert.are.equal("KINETIC_FFI=0", kinetic._ffi_reason)
      else assert.is_string(kinetic._ffi_reason) end
    end)

    it("finds every exported size and offset in ffi's view of the cdef", function()
      local rows = assert(fast.layout(core))
      local count = 0
      for _ in pairs(abi.sizes) do count = count + 1 end
      for _, fields in pairs(abi.offsets) do for _ in pairs(fields) do count = count + 1 end end
      assert.are.equal(count, #rows)
      for _, r in ipairs(rows) do
        local ctype, field = r[1]:match("^([%w_]+)%.?([%w_]*)$")
        local view = field == "" and ffi.sizeof(ctype) or ffi.offsetof(ctype, field)
        assert.are.equal(view, r[2], r[1])
        assert.are.equal(r[3], r[2], r[1])
      end
      assert.are.equal(abi, fast.check(core))
    end)

    it("sees in the payloads the constants C exports", function()
      local c = abi.constants
      local function spring(opts) return ffi.cast("kn_spring *", kinetic.spring(opts)) end
      assert.are.equal(c.spring_analytic, spring { integrator = "analytic" }.integrator)
      assert.are_not.equal(c.spring_analytic, spring { integrator = "rk4" }.integrator)
      assert.are.equal(0, spring {}.user)
      local function cb() end
      assert.are_not.equal(0, bit.band(spring { on_update = cb }.user, c.spring_callbacks))
      assert.are_not.equal(0, bit.band(spring { on_rest = cb }.user, c.spring_callbacks))
      local function timeline(from, to, on_complete)
        local tl = kinetic.timeline { from = from, { to = to, duration = 1 }, on_complete = on_complete }
        return ffi.cast("kn_timeline *", tl), tl
      end
      for _, case in ipairs { { 0, 1, c.timeline_shape_number }, { { 0, 1 }, { 1, 2 }, c.timeline_shape_vector },
                              { { x = 0 }, { x = 1 }, c.timeline_shape_named } } do
        local tp = timeline(case[1], case[2])
        assert.are.equal(case[3], bit.band(tp.user, c.timeline_shape_mask))
        assert.are.equal(0, bit.rshift(tp.user, c.timeline_events_shift))
        tp = timeline(case[1], case[2], cb)
        assert.are.equal(case[3], bit.band(tp.user, c.timeline_shape_mask))
        assert.are_not.equal(0, bit.rshift(tp.user, c.timeline_events_shift))
      end
      local tp, tl = timeline(0, 1)
      tl:seek(0.25)
      assert.are.same({ 0.25, 1 }, { tp.clock, tp.total })
      assert.are.equal(1, tp.ncomp)
      assert.are.equal(2, ffi.cast("kn_spring_group *", kinetic.spring_group { count = 2 }).count)
    end)

    -- A copy of core whose _ffi_abi differs from C by `change`.
    local function faked(change)
      local copy = {}
      for k, v in pairs(abi) do copy[k] = v end
      for _, key in ipairs { "sizes", "constants" } do
        copy[key] = {}
        for k, v in pairs(abi[key]) do copy[key][k] = v end
      end
      copy.offsets = {}
      for ctype, fields in pairs(abi.offsets) do
        copy.offsets[ctype] = {}
        for k, v in pairs(fields) do copy.offsets[ctype][k] = v end
      end
      change(copy)
      return setmetatable({ _ffi_abi = copy }, { __index = core })
    end

    -- the functions the fast path would replace, by identity
    local function methods()
      local reg, seen = debug.getregistry(), {}
      for _, class in ipairs { "kinetic.Easing", "kinetic.Bezier", "kinetic.Spring", "kinetic.SpringGroup", "kinetic.Timeline" } do
        local mt = reg[class]
        seen[class .. ".__call"] = mt.__call
        for name, f in pairs(mt.__index) do seen[class .. ":" .. name] = f end
      end
      return seen
    end

    it("stays off, replacing nothing, when C and the cdef differ, and names the field", function()
      local off = abi.offsets
      local cases = {
        { function(a) a.offsets.kn_spring.integrator = off.kn_spring.integrator + 4 end,
          ("kn_spring.integrator: offset %d in C, %d in the cdef"):format(off.kn_spring.integrator + 4, off.kn_spring.integrator) },
        { function(a) a.offsets.kn_timeline.clock = 0 end,
          ("kn_timeline.clock: offset 0 in C, %d in the cdef"):format(off.kn_timeline.clock) },
        { function(a) a.offsets.kn_ffi_api.group_update = 0 end,
          ("kn_ffi_api.group_update: offset 0 in C, %d in the cdef"):format(off.kn_ffi_api.group_update) },
        { function(a) a.offsets.kn_spring.velocity = 0 end, "kn_spring.velocity: offset 0 in C, none in the cdef" },
        { function(a) a.sizes.kn_spring_group = a.sizes.kn_spring_group + 8 end,
          ("kn_spring_group: size %d in C, %d in the cdef"):format(abi.sizes.kn_spring_group + 8, abi.sizes.kn_spring_group) },
        { function(a) a.constants.timeline_shape_mask = nil end, "_ffi_abi.constants has no timeline_shape_mask" },
        { function(a) a.version = a.version + 1 end, "is version " .. (abi.version + 1) },
      }
      local before = methods()
      for _, case in ipairs(cases) do
        local active, why = fast.install(faked(case[1]))
        assert.is_false(active)
        assert.truthy(why:find(case[2], 1, true), why)
      end
      assert.are.same(before, methods())
    end)

    if jit.status() and os.getenv("KINETIC_FFI") ~= "0" then
      it("says why in kinetic._ffi_reason when require('kinetic') meets such a difference", function()
        local saved_core, saved = package.loaded["kinetic.core"], package.loaded["kinetic"]
        local fake = faked(function(a) a.offsets.kn_timeline.user = a.offsets.kn_timeline.user + 8 end)
        local copy = {}
        for k in pairs(core) do copy[k] = fake[k] end
        package.loaded["kinetic.core"], package.loaded["kinetic"] = copy, nil
        local ok, k = pcall(require, "kinetic")
        package.loaded["kinetic.core"], package.loaded["kinetic"] = saved_core, saved
        assert.is_true(ok, k)
        assert.is_false(k._ffi)
        assert.are.equal(("kn_timeline.user: offset %d in C, %d in the cdef")
                         :format(abi.offsets.kn_timeline.user + 8, abi.offsets.kn_timeline.user), k._ffi_reason)
        assert.are.equal(core.update_timelines, k.update_timelines)
      end)
    end
  end)
end
