-- kinetic.pure.util: classes, objects and the argument checks every
-- public function runs at the boundary; csrc/lua/util.c in Lua, with the
-- same messages byte for byte.
--
-- Objects.  An object the API hands out is a handle: an empty table with
-- the class's metatable (a newproxy userdata for a class with __len where
-- newproxy exists: Lua 5.1 and LuaJIT honour __len only there).  Its state
-- is a plain table that the handle holds under a private key (the class
-- table itself, which no other code can name), or, for a userdata handle,
-- the class's weak table.  Either way a method reads `cls.states[self]`,
-- which is at once the type check (nil for anything else) and the state.
-- Nothing is kept per object outside the object, so memory follows the
-- live objects exactly.  A state held in a weak table must not refer to
-- its own handle (Lua 5.1 and LuaJIT have no ephemeron tables); the
-- methods receive it as self.
--
-- Errors.  C raises with luaL_error from a C function: no position in
-- front of the message.  Here every error is raised at level 0 for the
-- same text.  Argument numbers are those of a call `obj:m(x)` for methods
-- (x is #1; a bad self is reported as "calling 'm' on bad self") and of
-- `f(x)` for module functions.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local names = require("kinetic.pure.names")

local type, error, pairs, format = type, error, pairs, string.format
local setmetatable, getmetatable, rawget = setmetatable, getmetatable, rawget
local huge, floor = math.huge, math.floor
local newproxy = rawget(_G, "newproxy")

local util = {}

-- Handle -> class name (nil for any other value), for every object of
-- every class: util.kind[v].
local NAME = {}                              -- private key of a table handle's class name
local proxy_kind = setmetatable({}, { __mode = "k" })
local kind = setmetatable({}, { __index = function(_, v)
  local t = type(v)
  if t == "table" then return rawget(v, NAME) end
  if t == "userdata" then return proxy_kind[v] end
  return nil
end })
util.kind = kind

local function refuse_write(h, key)
  error(format("attempt to write field '%s' of a %s (its fields are read-only)",
               tostring(key), kind[h] or "kinetic object"), 2)
end

-- A class named tname ("kinetic.Spring"): its methods (a table) and
-- metamethods (a table, may hold __tostring, __call, __len, __eq,
-- __newindex, __index as a function ...).  Returns the class: .name,
-- .methods, .meta (the metatable), .states (handle -> state), .new(state)
-- -> a new handle.
function util.class(tname, methods, meta)
  local cls = { name = tname, methods = methods or {} }
  local template, mt
  if newproxy and meta and meta.__len then
    template = newproxy(true)
    mt = getmetatable(template)
  else
    mt = {}
  end
  mt.__name = tname
  mt.__index = cls.methods
  mt.__newindex = refuse_write
  for k, v in pairs(meta or {}) do mt[k] = v end
  mt.__metatable = "kinetic"
  cls.meta = mt
  if template then
    local states = setmetatable({}, { __mode = "k" })
    cls.states = states
    function cls.new(state)
      local h = newproxy(template)
      states[h] = state
      proxy_kind[h] = tname
      return h
    end
  else
    cls.states = setmetatable({}, {
      __index = function(_, h)
        if type(h) == "table" then return rawget(h, cls) end
        return nil
      end,
      __newindex = function() error("kinetic.pure.util: a class's states are set by new", 2) end,
    })
    function cls.new(state)
      local h = { [cls] = state, [NAME] = tname }
      return setmetatable(h, mt)
    end
  end
  return cls
end

-- ---- errors -----------------------------------------------------------------

-- luaL_argerror's text; arg 0 is a method's self.
function util.argerror(arg, fname, msg)
  if arg == 0 then
    error(format("calling '%s' on bad self (%s)", fname, msg), 0)
  end
  error(format("bad argument #%d to '%s' (%s)", arg, fname, msg), 0)
end
local argerror = util.argerror

-- Name of the value's type as errors report it: "nan", "inf", "-inf" for
-- non-finite numbers, the class name for kinetic's objects.
function util.typename(v)
  local t = type(v)
  if t == "number" then
    if v ~= v then return "nan" end
    if v == huge then return "inf" end
    if v == -huge then return "-inf" end
    return "number"
  end
  if t == "table" or t == "userdata" then
    return kind[v] or t
  end
  return t
end
local typename = util.typename

-- "<what> expected, got <typename>"
function util.typeerror(arg, fname, what, v)
  argerror(arg, fname, format("%s expected, got %s", what, typename(v)))
end
local typeerror = util.typeerror

-- The state of a handle of cls at argument arg, else the type error.
function util.checkobject(cls, v, arg, fname)
  local s = cls.states[v]
  if s == nil then typeerror(arg, fname, cls.name, v) end
  return s
end

-- x as every message prints it ("%.14g", "nan", "inf", "-inf").
util.numstr = names.num

-- ---- numbers ------------------------------------------------------------------

-- A number as C reads it (lua_tonumber into a double): a float on 5.3+
-- and on LuaJIT's dual-number builds (ARM64), whose integer 0 would
-- negate to 0, not -0.0.  x / 1 is a float on every VM and keeps -0.0
-- (x * 1.0 is an integer on those LuaJIT builds; x + 0.0 loses -0.0).
function util.checkfinite(v, arg, fname)
  if type(v) ~= "number" then typeerror(arg, fname, "number", v) end
  if v - v ~= 0 then typeerror(arg, fname, "finite number", v) end
  return v / 1
end
local checkfinite = util.checkfinite

-- A default as a float (x / 1: see checkfinite), nil as nil.
local function float_default(def)
  if type(def) == "number" then return def / 1 end
  return def
end

function util.optfinite(v, arg, fname, def)
  if v == nil then return float_default(def) end
  return checkfinite(v, arg, fname)
end

function util.checknonneg(v, arg, fname)
  local x = checkfinite(v, arg, fname)
  if x < 0 then
    argerror(arg, fname, "non-negative number expected, got " .. names.num(x))
  end
  return x
end

-- ---- option-table fields ----------------------------------------------------

-- "field 'key': msg"
function util.fielderror(arg, fname, key, msg)
  argerror(arg, fname, format("field '%s': %s", key, msg))
end
local fielderror = util.fielderror

function util.fieldrangeerror(arg, fname, key, expected, x)
  fielderror(arg, fname, key, format("%s expected, got %s", expected, names.num(x)))
end

-- The number in t[key] (a float), or nil when the field is absent.
function util.fieldnum(t, key, arg, fname)
  local v = t[key]
  if v == nil then return nil end
  if type(v) ~= "number" then
    fielderror(arg, fname, key, "number expected, got " .. typename(v))
  end
  if v - v ~= 0 then
    fielderror(arg, fname, key, "finite number expected, got " .. typename(v))
  end
  return v / 1
end
local fieldnum = util.fieldnum

function util.optfieldnum(t, key, arg, fname, def)
  local x = fieldnum(t, key, arg, fname)
  if x == nil then return float_default(def) end
  return x
end

function util.optfieldnonneg(t, key, arg, fname, def)
  local x = fieldnum(t, key, arg, fname)
  if x == nil then return float_default(def) end
  if not (x >= 0) then util.fieldrangeerror(arg, fname, key, "non-negative number", x) end
  return x
end

function util.optfieldbool(t, key, arg, fname, def)
  local v = t[key]
  if v == nil then return def end
  if type(v) ~= "boolean" then
    fielderror(arg, fname, key, "boolean expected, got " .. typename(v))
  end
  return v
end

-- The `round` option t.round (pure/round.lua): nil for absent or false; a
-- rounding { q = step } for true (q = 1) or a positive finite step, or
-- { set = copy, nset = n } for a non-empty array of finite numbers; the
-- function itself for a function.  Else "field 'round': ...".
function util.optround(t, arg, fname)
  local v = t.round
  local tv = type(v)
  if v == nil or v == false then return nil end
  if v == true then return { q = 1.0 } end
  if tv == "number" then
    if not (v > 0) or v - v ~= 0 then
      util.fieldrangeerror(arg, fname, "round", "positive finite number", v)
    end
    return { q = v / 1 }
  end
  if tv == "function" then return v end
  if tv == "table" then
    local n = #v
    if n <= 0 then
      fielderror(arg, fname, "round", "non-empty array of numbers expected, got an empty table")
    end
    util.checkfielditems(v, n, arg, fname, "round")
    local set = {}
    for i = 1, n do set[i] = v[i] / 1 end
    return { set = set, nset = n }
  end
  fielderror(arg, fname, "round", "true, a step, an array of numbers or a function expected, got "
             .. typename(v))
end

-- Items 1..n of the array a are finite numbers, else
-- "field 'key': item i: finite number expected, got nan".
function util.checkfielditems(a, n, arg, fname, key)
  for i = 1, n do
    local v = a[i]
    if type(v) ~= "number" then
      fielderror(arg, fname, key, format("item %d: number expected, got %s", i, typename(v)))
    end
    if v - v ~= 0 then
      fielderror(arg, fname, key, format("item %d: finite number expected, got %s", i,
                                         typename(v)))
    end
  end
end

-- out[1..n] from the state field key of t (already checked: a number for
-- every component or an array of n numbers); def when absent or t is nil.
function util.state_fill(t, key, def, n, out)
  local v = t and t[key]
  if type(v) == "table" then
    for i = 1, n do out[i] = v[i] / 1 end
  else
    local x = v == nil and def or v / 1
    for i = 1, n do out[i] = x end
  end
  return out
end

-- ---- names of an enumeration ------------------------------------------------

util.QUOTED, util.OR, util.ONEOF = names.QUOTED, names.OR, names.ONEOF
util.namestext = names.text

-- The 0-based index of the string v in list, else raise
-- "[field 'field': ]one of 'a', 'b' expected, got 'z'".
function util.checkname(v, arg, fname, field, list, style)
  local i = type(v) == "string" and names.find(list, names.cstr(v)) or -1
  if i >= 0 then return i end
  local got = type(v) == "string" and ("'" .. names.cstr(v) .. "'") or typename(v)
  local msg = format("%s expected, got %s", names.text(list, style), got)
  if field ~= nil then fielderror(arg, fname, field, msg) end
  argerror(arg, fname, msg)
end

-- ---- option tables -------------------------------------------------------------

-- A list of option names as the checks use it: known.list (the names in
-- order), known.set (name -> true).
function util.known(list)
  local set = {}
  for i = 1, #list do set[list[i]] = true end
  return { list = list, set = set }
end

local type_order = { ["nil"] = 0, boolean = 1, lightuserdata = 2, number = 3, string = 4,
                     table = 5, ["function"] = 6, userdata = 7, thread = 8 }

-- Whether key a comes before key b in the order errors report bad keys
-- in: strings first (bytewise), then by type code, numbers by value,
-- false before true.
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    return ta == "string" or (tb ~= "string" and type_order[ta] < type_order[tb])
  end
  if ta == "string" or ta == "number" then return a < b end
  if ta == "boolean" then return not a and b end
  return false
end
util.key_before = key_before

-- nil when every key of t is a known name or an integer in 1..narray,
-- else the message for the least bad key.
function util.optionerror(t, known, narray, items)
  local set, bad = known.set, nil
  for k in pairs(t) do
    local ok
    local tk = type(k)
    if tk == "string" then ok = set[k]
    elseif tk == "number" then ok = k >= 1 and k <= narray and k == floor(k)
    end
    if not ok and (bad == nil or key_before(k, bad)) then bad = k end
  end
  if bad == nil then return nil end
  local tb = type(bad)
  local tail = items and (", " .. items) or ""
  if tb == "string" then
    if bad:find("\0", 1, true) then
      return format("unknown option '%s\\0...' (a name with a zero byte)", names.cstr(bad))
    end
    return format("unknown option '%s'%s", bad, names.unknown(bad, known.list))
  elseif tb == "number" then
    return format("unexpected key of type number (%s); options are named by strings%s",
                  names.num(bad), tail)
  end
  local b = tb == "boolean" and (bad and " (true)" or " (false)") or ""
  return format("unexpected key of type %s%s; options are named by strings%s",
                typename(bad), b, tail)
end

function util.checkoptions(t, arg, fname, known, narray, items)
  local msg = util.optionerror(t, known, narray or 0, items)
  if msg then argerror(arg, fname, msg) end
end

util.TABLE_EMPTY, util.TABLE_NAMED, util.TABLE_HOLED = 0, 1, 2

-- What the table t, which has no item 1, is, for an error where an array
-- was expected: the text and its kind.
function util.tablekind(t)
  local strs, any = {}, false
  for k in pairs(t) do
    any = true
    if type(k) == "string" then strs[#strs + 1] = k end
  end
  if #strs == 0 then
    if any then return "a table with no item 1", util.TABLE_HOLED end
    return "an empty table", util.TABLE_EMPTY
  end
  table.sort(strs)
  local shown = {}
  for i = 1, math.min(4, #strs) do shown[i] = strs[i] end
  return "a table with named keys (" .. table.concat(shown, ", ")
         .. (#strs > 4 and ", ...)" or ")"), util.TABLE_NAMED
end

return util
