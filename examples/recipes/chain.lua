-- Chain animations: a drawer opens on a spring; when it comes to rest its
-- on_complete fades the content in, and a:after slides the content up once
-- the fade completes.  settle_time says in advance how long the spring will
-- take, for planning (a progress bar, a sound cue).
-- Host: any (plain Lua).
-- Run:  lua5.4 examples/recipes/chain.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local anim = kinetic.animator()
local drawer = { x = 0 }
local content = { alpha = 0, y = 20 }
local now, log = 0, {}
local function mark(what) log[#log + 1] = { what = what, t = now } end

-- The same spring alone says when it will be within its rest distance for good.
local wait = kinetic.spring{ duration = 0.35, from = 0, to = 280 }:settle_time()

anim:spring(drawer, { x = 280 }, {
  duration = 0.35,
  on_complete = function()                    -- at rest, exactly on 280
    mark("drawer open")
    anim:to(content, 0.2, { alpha = 1 }, { on_complete = function() mark("faded in") end })
      :after(0.15, { y = 0 }, { on_complete = function() mark("in place") end })
  end,
})

local dt = 1 / 60
repeat now = now + dt until anim:update(dt) == 0

assert(#log == 3, "three steps, each after the one before")
assert(log[1].what == "drawer open" and log[2].what == "faded in" and log[3].what == "in place")
assert(log[1].t >= wait and log[1].t < wait + 0.1, "the drawer rests soon after settle_time says")
assert(math.abs(log[2].t - log[1].t - 0.2) < dt + 1e-9 and math.abs(log[3].t - log[2].t - 0.15) < dt + 1e-9)
assert(drawer.x == 280 and content.alpha == 1 and content.y == 0)
print(("chain: drawer open at %.3f s (settle_time %.3f s), faded in at %.3f s, in place at %.3f s")
      :format(log[1].t, wait, log[2].t, log[3].t))
