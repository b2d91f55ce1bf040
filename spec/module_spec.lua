-- The module table, its version, and how it loads.
describe("kinetic module", function()
  local kinetic = require("kinetic")

  it("returns a table with a version string", function()
    assert.is_table(kinetic)
    assert.is_string(kinetic._VERSION)
    assert.truthy(kinetic._VERSION:match("^kinetic %d+%.%d+%.%d+$"))
  end)

  it("exposes the C part as kinetic.core with the same version #c_only", function()
    local core = require("kinetic.core")
    assert.are.equal(core._VERSION, kinetic._VERSION)
    -- under the LuaJIT fast path, kinetic.ffi's module functions stand in
    -- for their classic namesakes (and only those)
    local replaced = kinetic._ffi and require("kinetic.ffi").functions or {}
    for name, value in pairs(core) do
      if replaced[name] then
        assert.are.equal(replaced[name], kinetic[name], name)
        assert.are_not.equal(value, kinetic[name], name)
      else
        assert.are.equal(value, kinetic[name], name)
      end
    end
    for name in pairs(kinetic) do
      assert.is_true(core[name] ~= nil or name == "_ffi" or name == "_ffi_reason" or name == "_backend", name)
    end
  end)

  it("loads twice in one state", function()
    package.loaded["kinetic"] = nil
    package.loaded["kinetic.core"] = nil
    local again = require("kinetic")
    assert.are_not.equal(kinetic, again)
    assert.are.equal(kinetic._VERSION, again._VERSION)
  end)

  it("loads in a fresh state through package.loadlib as well #c_only", function()
    local path = package.searchpath and package.searchpath("kinetic.core", package.cpath)
    if not path then
      for pattern in package.cpath:gmatch("[^;]+") do
        local candidate = pattern:gsub("%?", "kinetic/core")
        local f = io.open(candidate, "rb")
        if f then f:close(); path = candidate; break end
      end
    end
    assert.is_string(path)
    local open = assert(package.loadlib(path, "luaopen_kinetic_core"))
    local mod = open()
    assert.are.equal(kinetic._VERSION, mod._VERSION)
  end)

  it("lists every C source in the rockspec", function()
    local f = assert(io.open("rockspec/kinetic-scm-1.rockspec", "r"))
    local text = f:read("*a")
    f:close()
    local p = io.popen("ls csrc/core/*.c csrc/lua/*.c")
    local n = 0
    for file in p:lines() do
      n = n + 1
      assert.truthy(text:find('"' .. file .. '"', 1, true), file .. " missing from the rockspec")
    end
    p:close()
    assert.is_true(n > 0)
  end)

  -- The rockspec names its Lua modules one by one (no globs): every file of
  -- lua/kinetic/ -- the Lua backend, lua/kinetic/pure/, included -- must be
  -- there as the module its path names, and every file listed must exist.
  it("lists every Lua file of lua/kinetic/ in the rockspec, as the module its path names", function()
    local f = assert(io.open("rockspec/kinetic-scm-1.rockspec", "r"))
    local text = f:read("*a")
    f:close()
    local listed = {}
    for name, file in text:gmatch('%[?"?([%w_.]+)"?%]?%s*=%s*"(lua/[^"]+%.lua)"') do
      listed[file] = name
    end
    local p = io.popen("find lua/kinetic -name '*.lua' | sort")
    local n = 0
    for file in p:lines() do
      n = n + 1
      local name = file:gsub("^lua/", ""):gsub("%.lua$", ""):gsub("/init$", ""):gsub("/", ".")
      assert.are.equal(name, listed[file], file .. " is not in the rockspec as [\"" .. name .. "\"]")
      listed[file] = nil
    end
    p:close()
    assert.is_true(n > 0)
    for file in pairs(listed) do
      error("the rockspec lists " .. file .. ", which is not in lua/kinetic/")
    end
  end)
end)
