-- Choosing the backend: require("kinetic") takes the C core when it loads,
-- else the Lua backend; KINETIC_BACKEND forces one; kinetic.pure lives
-- beside the C module in one state.
local kinetic = require("kinetic")

-- require("kinetic") afresh with the environment `env` (a table standing in
-- for os.getenv; false: unset) and package.cpath `cpath` (nil: as it is).
-- With cpath "" the C core is nowhere: package.loadlib is hidden too, so a
-- core.so beside init.lua (`make nvim` puts one there) is not found either.
-- luacheck: push ignore 122 (os.getenv stands in for the environment)
local function load_with(env, cpath)
  local getenv, saved_cpath, loadlib = os.getenv, package.cpath, package.loadlib
  local saved_kinetic, saved_core = package.loaded["kinetic"], package.loaded["kinetic.core"]
  os.getenv = function(name)
    if env[name] ~= nil then return env[name] or nil end
    return getenv(name)
  end
  package.loaded["kinetic"], package.loaded["kinetic.core"] = nil, nil
  package.cpath = cpath or saved_cpath
  if cpath == "" then package.loadlib = nil end
  local ok, result = pcall(require, "kinetic")
  os.getenv, package.cpath, package.loadlib = getenv, saved_cpath, loadlib
  package.loaded["kinetic"], package.loaded["kinetic.core"] = saved_kinetic, saved_core
  return ok, result
end
-- luacheck: pop

-- The names every backend's module holds (kinetic.core's internals for the
-- FFI path, _ffi_abi, are the C core's own; _ffi_reason is absent while the
-- FFI path is on).
local function public_names(module)
  local names = {}
  for name in pairs(module) do
    if name ~= "_ffi_abi" and name ~= "_ffi_reason" then names[#names + 1] = name end
  end
  table.sort(names)
  return table.concat(names, " ")
end

describe("the backend", function()
  it("is named by kinetic._backend", function()
    local want = os.getenv("KINETIC_BACKEND") == "lua" and "lua"
                 or kinetic._ffi and "ffi" or "c"
    assert.are.equal(want, kinetic._backend)
    assert.are.equal(kinetic._backend == "ffi", kinetic._ffi)
  end)

  it("is the Lua backend when KINETIC_BACKEND=lua", function()
    local ok, k = load_with({ KINETIC_BACKEND = "lua" })
    assert.is_true(ok, tostring(k))
    assert.are.equal("lua", k._backend)
    assert.is_false(k._ffi)
    assert.are.equal(kinetic._VERSION, k._VERSION)
  end)

  it("falls back to the Lua backend, silently, when the C core is not found", function()
    local ok, k = load_with({ KINETIC_BACKEND = false }, "")
    assert.is_true(ok, tostring(k))
    assert.are.equal("lua", k._backend)
    assert.are.equal(0.25, k.easing("linear")(0.25))
  end)

  it("raises the 'not built' error when KINETIC_BACKEND=c finds no C core", function()
    local ok, err = load_with({ KINETIC_BACKEND = "c" }, "")
    assert.is_false(ok)
    assert.truthy(err:find("kinetic.core, is not built or not on package.cpath", 1, true), err)
  end)

  it("refuses a KINETIC_BACKEND it does not know", function()
    local ok, err = load_with({ KINETIC_BACKEND = "fortran" })
    assert.is_false(ok)
    assert.are.equal("kinetic: KINETIC_BACKEND is 'fortran'; it may be 'lua' or 'c'", err)
  end)

  it("is the C core when KINETIC_BACKEND=c finds it #c_only", function()
    local ok, k = load_with({ KINETIC_BACKEND = "c" })
    assert.is_true(ok, tostring(k))
    assert.are_not.equal("lua", k._backend)
  end)

  it("kinetic.pure is a module of its own with the same names", function()
    local pure = require("kinetic.pure")
    assert.are.equal("lua", pure._backend)
    assert.are_not.equal(kinetic, pure)
    assert.are.equal(public_names(kinetic), public_names(pure))
  end)

  it("both backends live in one state, each with its own objects #c_only", function()
    local pure = require("kinetic.pure")
    local c = require("kinetic.core")
    local a, b = c.spring { stiffness = 170, damping = 26 }, pure.spring { stiffness = 170, damping = 26 }
    for _ = 1, 30 do assert.are.equal(a:update(1 / 60), b:update(1 / 60)) end
    assert.are.equal(tostring(c.easing("ease")), tostring(pure.easing("ease")))
    assert.has_error(function() pure.timeline { from = 0, { to = 1, duration = 1,
                                                easing = c.easing("ease") } } end)
  end)
end)
