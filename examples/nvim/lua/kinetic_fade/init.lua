-- kinetic_fade: fade a highlight group's colours in OKLab with kinetic.
--
--   local kf = require("kinetic_fade")
--   kf.fade("Comment", { fg = "#ff8800" })                        -- 0.3 s, outCubic, in OKLab
--   kf.fade("CursorLine", { bg = "oklch(0.35 0.05 250)" }, { duration = 1 })
--   kf.fade("Search", { fg = "tomato", bg = "#202020" }, { spring = { preset = "gentle" } })
--
-- fade(group, to, opts) animates the group's fg and/or bg (the fields of
-- `to`, any CSS Color 4 colour kinetic.color takes: "#rrggbb", "oklch(...)",
-- named colours ...) from the colours it has now to those colours, and
-- writes the group with nvim_set_hl every frame, its other attributes (bold,
-- italic, sp, cterm colours ...) kept.  The colours are values of a state
-- table, one per group, whose fields hold "#rrggbb" strings: the animator
-- interpolates them in opts.color_space (default "oklab"; CSS Color 4
-- interpolation, as kinetic.mix) and writes them back as "#rrggbb" strings,
-- so every frame shows kinetic.mix(from, to, E(p), color_space):hex() -- red
-- to blue passes through a clear purple, not the muddy "#800080" of sRGB.
-- The tween ends exactly on the target colour (kinetic.color(to):hex()).
--
-- The start colours are read from the group (nvim_get_hl, or
-- nvim_get_hl_by_name before Neovim 0.9; an integer 0xRRGGBB becomes
-- "#rrggbb"); a group without that colour starts from Normal's, else from
-- white (fg) or black (bg) on a dark 'background' and the other way round
-- on a light one; opts.from = { fg = ..., bg = ... } overrides (not for a
-- spring being retargeted, which keeps its position).
--
-- fade on a group that is still fading goes on from the colour shown: a
-- tween takes the fields over from where they are (the animator's override
-- rule), and with opts.spring a spring in flight is retargeted, its
-- position and velocity kept (fields of `to` that no spring drives yet get
-- a new one).  Fields that `to` does not name keep fading as they were.
--
-- opts:
--   duration     seconds of the tween (default M.duration)
--   easing       an easing spec or object (default M.easing)
--   color_space  interpolation space (default "oklab"), hue for polar spaces
--   spring       spring parameters (kinetic.spring's: { preset = "gentle" },
--                { duration = 0.4, bounce = 0.1 } ...) to use a spring instead
--                of a tween; true for M.spring
--   from         start colours, instead of the group's
--   on_done      on_done(group), when the fade completes (not when a later
--                fade took its fields over)
--   animator     the animator to run on (default M.animator, a kinetic.nvim
--                animator on a libuv timer; a plain kinetic.animator() for a
--                program that calls update itself, as the self-test does)
-- Returns the kinetic.Animation.
--
-- In a terminal the colours show with 'termguicolors' set.
local kinetic = require("kinetic")
local kn = require("kinetic.nvim")

local api = vim.api

local M = {}

-- The animator every fade runs on unless opts.animator is given.
M.animator = kn.animator()

M.duration = 0.3
M.easing = "outCubic"
M.color_space = "oklab"
M.spring = { preset = "gentle" }

local FIELDS = { fg = true, bg = true }
local OPTIONS = { duration = true, easing = true, color_space = true, hue = true, spring = true,
                  from = true, on_done = true, animator = true }

-- What each fading group holds: the state table the animator drives (its
-- fields fg and bg, "#rrggbb" strings), the animator, and the animation of
-- each field.
local fades = {}

local function hex(n)
  return string.format("#%06x", n)
end

-- The group's definition as nvim_set_hl takes it (links resolved).
local function get_hl(group)
  if api.nvim_get_hl then   -- Neovim 0.9+
    local spec = {}
    for k, v in pairs(api.nvim_get_hl(0, { name = group, link = false })) do
      if type(k) == "string" then spec[k] = v end
    end
    return spec
  end
  local spec, cterm = {}, {}
  for k, v in pairs(api.nvim_get_hl_by_name(group, true)) do
    if k == "foreground" then spec.fg = v
    elseif k == "background" then spec.bg = v
    elseif k == "special" then spec.sp = v
    elseif type(k) == "string" then spec[k] = v end
  end
  for k, v in pairs(api.nvim_get_hl_by_name(group, false)) do
    if k == "foreground" then spec.ctermfg = v
    elseif k == "background" then spec.ctermbg = v
    elseif type(k) == "string" and type(v) == "boolean" then cterm[k] = v end
  end
  if next(cterm) then spec.cterm = cterm end
  return spec
end

--- The group's fg and bg as "#rrggbb" strings (nil where it has none).
function M.colors(group)
  local spec = get_hl(group)
  return spec.fg and hex(spec.fg), spec.bg and hex(spec.bg)
end

local function fallback(field)
  local fg, bg = M.colors("Normal")
  local c = (field == "fg") and fg or bg
  if c then return c end
  local light = vim.o.background == "light"
  if field == "fg" then return light and "#000000" or "#ffffff" end
  return light and "#ffffff" or "#000000"
end

-- Writes the group: its definition now, fg and bg from the state.
local function write(group, state)
  local spec = get_hl(group)
  for field in pairs(FIELDS) do
    if state[field] then spec[field] = state[field] end
  end
  api.nvim_set_hl(0, group, spec)
end

local function in_flight(f)
  for _, a in pairs(f.handles) do
    if not a:done() then return true end
  end
  return false
end

local function bad(n, what)
  error("bad argument #" .. n .. " to 'fade' (" .. what .. ")", 3)
end

--- Fades the group's fg and/or bg to the colours of `to`.  Returns the
-- kinetic.Animation.
function M.fade(group, to, opts)
  if type(group) ~= "string" or vim.fn.hlexists(group) == 0 then
    bad(1, "a highlight group expected, got " .. tostring(group))
  end
  if type(to) ~= "table" or next(to) == nil then bad(2, "a table { fg = colour, bg = colour } expected") end
  opts = opts or {}
  for k in pairs(opts) do
    if not OPTIONS[k] then bad(3, "unknown option '" .. tostring(k) .. "'") end
  end
  local values = {}
  for field, spec in pairs(to) do
    if not FIELDS[field] then bad(2, "unknown field '" .. tostring(field) .. "': fg or bg expected") end
    local ok, c = pcall(kinetic.color, spec)
    if not ok then
      bad(2, "field '" .. field .. "': " .. tostring(c):gsub("^bad argument #1 to 'color' %((.*)%)$", "%1"))
    end
    values[field] = c:hex()
  end
  local anim = opts.animator or M.animator

  local f = fades[group]
  if not (f and f.animator == anim and in_flight(f)) then
    if f then f.animator:stop(f.state) end   -- another animator's fade: stop it here
    f = { state = {}, animator = anim, handles = {} }
    fades[group] = f
  end
  local state = f.state
  local fg, bg = M.colors(group)
  local now = { fg = fg, bg = bg }
  for field in pairs(values) do
    if opts.from and opts.from[field] then
      state[field] = kinetic.color(opts.from[field]):hex()
    elseif state[field] == nil then
      state[field] = now[field] or fallback(field)
    end
  end

  local on_done = opts.on_done
  local o = {
    color_space = opts.color_space or M.color_space,
    hue = opts.hue,
    on_update = function() write(group, state) end,
    on_complete = function() if on_done then on_done(group) end end,
  }
  local a
  if opts.spring then
    for k, v in pairs(opts.spring == true and M.spring or opts.spring) do o[k] = v end
    a = anim:spring(state, values, o)
  else
    o.easing = opts.easing or M.easing
    a = anim:to(state, opts.duration or M.duration, values, o)
  end
  for field in pairs(values) do f.handles[field] = a end
  return a
end

--- The state table of a fading group (its fields fg and bg), or nil.
function M.state(group)
  local f = fades[group]
  return f and f.state
end

return M
