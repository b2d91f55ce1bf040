-- Random use of one animator, with callbacks that themselves make, stop,
-- finish, seek and pause animations (three levels deep), Lua easings and
-- field metamethods that sometimes raise, staggered lists, sequences,
-- springs and after-chains: whatever happens, every error is one the
-- animator documents, every driven field stays a finite number, and
-- update's result is the animator's count.  The suite runs this under
-- ASan + UBSan and valgrind too, which check that no step touches freed
-- or unowned memory.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local EXPECTED = {
  "bad argument", "update: ", "seek: ", "finish: ", "injected", "update already running",
}

local function expected_error(err)
  local text = tostring(err)
  for _, e in ipairs(EXPECTED) do
    if text:find(e, 1, true) then return true end
  end
  return false, text
end

local function run(seed)
  local rnd = h.lcg(seed)
  local function pick(n) return math.floor(rnd() * n) + 1 end
  local anim = kinetic.animator()
  local store = { x = 0, y = 0, v = { 0, 0 } }
  local objs = {}
  for i = 1, 4 do objs[i] = { x = 0, y = 0, v = { 0, 0 } } end
  objs[5] = setmetatable({}, { __index = store, __newindex = function(_, k, v)
    if pick(60) == 1 then error("injected write error") end
    store[k] = v
  end })
  local handles, depth, op = {}, 0, nil
  local easings = { "linear", "outBack", "inOutCubic", function(p)
    if pick(300) == 1 then error("injected easing error") end
    return p * p
  end }
  local function callback()
    return function()
      if depth < 3 and pick(3) == 1 then
        depth = depth + 1
        local ok, err = pcall(op, true)
        depth = depth - 1
        assert(ok or expected_error(err), tostring(err))
      end
      if pick(80) == 1 then error("injected callback error") end
    end
  end
  local function opts(spring)
    local o = {}
    if pick(3) == 1 then o.on_start = callback() end
    if pick(4) == 1 then o.on_update = callback() end
    if pick(2) == 1 then o.on_complete = callback() end
    if pick(3) == 1 then o.delay = rnd() * 0.3 end
    if pick(4) == 1 then o.stagger = { each = rnd() * 0.1, from = ({ "start", "end", "center", "edges" })[pick(4)] } end
    if spring then
      o.preset = ({ "wobbly", "stiff", "gentle" })[pick(3)]
    else
      if pick(2) == 1 then o.easing = easings[pick(#easings)] end
      if pick(4) == 1 then o.after = ({ "restart", "reverse" })[pick(2)]; o.iterations = pick(3) end
    end
    return o
  end
  local function target()
    if pick(4) == 1 then return { objs[pick(5)], objs[pick(5)] } end
    return objs[pick(5)]
  end
  local function values()
    return ({ { x = rnd() * 100 }, { y = "+=" .. pick(9) }, { v = { rnd(), rnd() } }, { x = 1, y = 2 } })[pick(4)]
  end
  function op(inner)
    local k = pick(inner and 12 or 16)
    local a = #handles > 0 and handles[pick(#handles)] or nil
    for _ = 1, 4 do                        -- mostly one still playing
      if a == nil or not a:done() then break end
      a = handles[pick(#handles)]
    end
    if k <= 3 then
      handles[#handles + 1] = anim:to(target(), rnd(), values(), opts(false))
    elseif k == 4 then
      handles[#handles + 1] = anim:spring(target(), values(), opts(true))
    elseif k == 5 then
      local seq = anim:sequence(pick(2) == 1 and { iterations = 2, after = "reverse" } or nil)
      seq:to(objs[pick(4)], rnd() * 0.5, values(), ({ ">", "<", "+=0.1", 0.2 })[pick(4)])
      seq:call(callback(), ({ 0, "<", ">" })[pick(3)])
      handles[#handles + 1] = seq
    elseif k == 6 and a then a:stop()
    elseif k == 7 and a then a:finish()
    elseif k == 8 and a then a:seek(rnd())
    elseif k == 9 and a then (pick(2) == 1 and a.pause or a.resume)(a)
    elseif k == 10 and a then handles[#handles + 1] = a:after(objs[pick(4)], rnd() * 0.3, values())
    elseif k == 11 then anim:stop(objs[pick(5)], pick(2) == 1 and "x" or nil)
    elseif k == 12 and a then a:time_scale(pick(3) - 1)
    else
      local n = anim:update(({ 0, 1 / 60, 0.1, 0.5 })[pick(4)])
      assert(n == anim:count(), "update's result is the count")
    end
  end
  for _ = 1, 200 do
    local ok, err = pcall(op, false)
    local fine, text = expected_error(err)
    assert(ok or fine, text)
    for i = 1, 4 do
      local o = objs[i]
      for _, x in ipairs { o.x, o.y, o.v[1], o.v[2] } do
        assert(type(x) == "number" and x == x and x > -math.huge and x < math.huge,
               ("seed %d: a field is %s"):format(seed, tostring(x)))
      end
    end
  end
  anim:stop()
  assert(anim:update(0) == 0)
end

describe("an animator used at random", function()
  it("keeps its fields finite and raises only documented errors (40 seeds)", function()
    for seed = 1, 40 do run(seed) end
  end)
end)
