-- kinetic.pure.names: finding, listing and suggesting names, printing
-- numbers; csrc/core/names.c in Lua, the same texts byte for byte.
local format, sub, byte, find = string.format, string.sub, string.byte, string.find

local names = {}

names.QUOTED, names.OR, names.ONEOF = 1, 2, 4
names.SUGGEST_MAX = 64
names.LIST_MAX = 20

-- The index (0-based, as the core's enumerations count) of s in the list
-- of names, -1 for none.
function names.find(list, s)
  for i = 1, #list do
    if list[i] == s then return i - 1 end
  end
  return -1
end

-- "one of 'a', 'b', 'c'", "'a', 'b' or 'c'", "a, b, c" ... by style (a sum
-- of QUOTED, OR and ONEOF).
function names.text(list, style)
  local quoted, oneor, oneof = style % 2 >= 1, style % 4 >= 2, style % 8 >= 4
  local out, n = {}, #list
  if oneof then out[1] = "one of " end
  for i = 1, n do
    if i > 1 and oneor and i == n then out[#out + 1] = " or "
    elseif i > 1 then out[#out + 1] = ", " end
    out[#out + 1] = quoted and ("'" .. list[i] .. "'") or list[i]
  end
  return table.concat(out)
end

-- The optimal string alignment distance of a and b (Damerau-Levenshtein
-- with no substring edited twice), row by row as names.c computes it.
local function edit_distance(a, b)
  local na, nb = #a, #b
  local before, prev, cur = {}, {}, {}
  for j = 0, nb do prev[j] = j end
  for i = 1, na do
    cur[0] = i
    local ai, ai1 = byte(a, i), byte(a, i - 1)
    for j = 1, nb do
      local bj = byte(b, j)
      local d = prev[j - 1] + (ai ~= bj and 1 or 0)
      if prev[j] + 1 < d then d = prev[j] + 1 end
      if cur[j - 1] + 1 < d then d = cur[j - 1] + 1 end
      if i > 1 and j > 1 and ai == byte(b, j - 1) and ai1 == bj and before[j - 2] + 1 < d then
        d = before[j - 2] + 1
      end
      cur[j] = d
    end
    before, prev, cur = prev, cur, before
  end
  return prev[nb]
end

-- The index (1-based) in known of the name nearest to key, or nil: within
-- 1 edit for keys of up to 5 characters, 2 for longer ones, the first on
-- a tie; names longer than SUGGEST_MAX are never near.
function names.nearest(key, known)
  local len = #key
  local limit = math.floor(len / 3)
  if limit < 1 then limit = 1 end
  if limit > 2 then limit = 2 end
  if len > names.SUGGEST_MAX then return nil end
  local best, best_d
  for i = 1, #known do
    local k = known[i]
    if #k <= names.SUGGEST_MAX then
      local d = edit_distance(key, k)
      if d <= limit and (best == nil or d < best_d) then best, best_d = i, d end
    end
  end
  return best
end

-- What follows "unknown option 'key'" for a key not in known.
function names.unknown(key, known)
  local best = names.nearest(key, known)
  if best then return format("; did you mean '%s'?", known[best]) end
  if #known > 0 and #known <= names.LIST_MAX then
    return " (options: " .. table.concat(known, ", ") .. ")"
  end
  return ""
end

-- string.format(fmt, x) for one conversion "%.<P>g", "%.<P>f" or "%.<P>e"
-- of a finite x, as C's printf writes it.  PUC Lua hands the conversion to
-- the C library; LuaJIT formats numbers itself and rounds a decimal tie
-- (x exactly halfway between two texts) away from zero, where C rounds it
-- to the even digit.  On a tie whose kept digit d is even, LuaJIT wrote
-- d + 1 (no carry: d <= 8); C's text has d there instead, and %g then drops
-- the trailing zeros that leaves.
local ties_away = format("%.0f", 2.5) == "3"
local conv_cache = {}
function names.cformat(fmt, x)
  local s = format(fmt, x)
  if not ties_away or x - x ~= 0 or x == 0 then return s end
  local conv = conv_cache[fmt]
  if conv == nil then
    local p, c = fmt:match("^%%%.(%d+)([gfe])$")
    conv = { tonumber(p), c }
    conv_cache[fmt] = conv
  end
  -- the first 100 significant digits of |x| (LuaJIT writes them exactly)
  local e = format("%.99e", x < 0 and -x or x)
  local digits = e:sub(1, 1) .. e:sub(3, 101)
  local kept                  -- how many significant digits fmt keeps
  if conv[2] == "g" then kept = conv[1] == 0 and 1 or conv[1]
  elseif conv[2] == "e" then kept = conv[1] + 1
  else kept = conv[1] + tonumber(e:sub(103)) + 1 end
  if kept < 0 or kept >= 100 then return s end
  if digits:sub(kept + 1, kept + 1) ~= "5" or digits:find("[^0]", kept + 2) then return s end
  if kept > 0 and (digits:byte(kept) - 48) % 2 == 1 then return s end
  local mant, tail = s:match("^(.-)(e.*)$")
  if mant == nil then mant, tail = s, "" end
  mant = mant:sub(1, -2) .. string.char(mant:byte(-1) - 1)
  if conv[2] == "g" and mant:find(".", 1, true) then
    mant = mant:gsub("0+$", ""):gsub("%.$", "")
  end
  return mant .. tail
end
local cformat = names.cformat

-- x as every message prints it: "%.14g", "nan", "inf" or "-inf".
function names.num(x)
  if x ~= x then return "nan" end
  if x == math.huge then return "inf" end
  if x == -math.huge then return "-inf" end
  return cformat("%.14g", x)
end

-- The text of s up to its first zero byte (what C's %s prints).
function names.cstr(s)
  local z = find(s, "\0", 1, true)
  return z and sub(s, 1, z - 1) or s
end

return names
