-- One UI script, played with and without reduced motion.  A menu opens: the
-- panel slides in, its title fades in and then pops (an :after chain), the
-- items cascade in a sequence, the cursor springs to the first item, and a
-- spinner turns for ever.  With kinetic.animator{ reduced_motion = true }
-- (a player's setting) every animation that starts completes in the update
-- that starts it: the same end values and the same callbacks, each
-- animation's in its usual order, at once (the items wait for their delay,
-- then arrive at once); the endless spinner keeps turning either way.
-- Host: any (LÖVE: read the setting from your options menu; Neovim:
-- kinetic.nvim follows vim.g.kinetic_reduced_motion).
-- Run:  lua5.4 examples/recipes/reduced_motion.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local FRAME = 1 / 60

-- Opens the menu on an animator with or without reduced motion; returns the
-- final state, the callbacks in the order they came, when the last one came,
-- the spinner's angle and the animations left.
local function open_menu(reduced)
  local ui = kinetic.animator{ reduced_motion = reduced }
  local panel = { x = -320, alpha = 0 }
  local title = { alpha = 0, scale = 1 }
  local items = { { x = -40 }, { x = -40 }, { x = -40 } }
  local cursor = { y = 0 }
  local spinner = { angle = 0 }
  local log, clock, last = {}, 0, 0
  local function note(what) return function() log[#log + 1] = what; last = clock end end

  ui:to(panel, 0.4, { x = 0, alpha = 1 }, { easing = "outCubic", on_complete = note("panel in") })
  ui:to(title, 0.3, { alpha = 1 }, { on_complete = note("title shown") })
    :after(0.15, { scale = 1.1 }, { after = "reverse", iterations = 2, on_complete = note("title popped") })
  local seq = ui:sequence { delay = 0.2, on_complete = note("items in") }
  for i, item in ipairs(items) do
    seq:to(item, 0.25, { x = 0 }, { easing = "outBack" }, (i - 1) * 0.08)
  end
  seq:call(note("halfway"), 0.2)
  ui:spring(cursor, { y = 48 }, { duration = 0.35, bounce = 0.3, on_complete = note("cursor set") })
  ui:to(spinner, 1, { angle = 360 }, { easing = "linear", after = "restart" })   -- endless

  repeat
    clock = clock + FRAME
  until ui:update(FRAME) == 1 or clock > 5                       -- only the spinner left
  local state = ("panel %g/%g, title %g/%g, items %g %g %g, cursor %g"):format(panel.x, panel.alpha,
    title.alpha, title.scale, items[1].x, items[2].x, items[3].x, cursor.y)
  return state, log, last, spinner.angle, ui:count()
end

local function before(log, a, b)              -- a came before b in log
  local ia, ib
  for i, what in ipairs(log) do
    if what == a then ia = i elseif what == b then ib = i end
  end
  return ia and ib and ia < ib
end

local function sorted(log)
  local t = {}
  for i, what in ipairs(log) do t[i] = what end
  table.sort(t)
  return table.concat(t, ", ")
end

local state, order, took, angle = open_menu(false)
local rstate, rorder, rtook, rangle, left = open_menu(true)

assert(state == rstate, "the same end values:\n" .. state .. "\n" .. rstate)
assert(sorted(order) == sorted(rorder), "the same callbacks")
for _, log in ipairs { order, rorder } do
  assert(before(log, "title shown", "title popped") and before(log, "halfway", "items in"))
end
assert(rtook < 0.2 + 2 * FRAME, "reduced: in place once the items' delay is over")
assert(took > 0.5, "played: over half a second")
assert(left == 1 and angle > 0 and rangle > 0, "the spinner turns in both")
print(("reduced_motion: the menu is in place at %.3f s (the items wait out their 0.2 s delay) instead"
       .. " of %.3f s, with the same end values and callbacks (%s); the spinner turns in both")
      :format(rtook, took, table.concat(rorder, ", ")))
