-- kinetic.pure.api.lua_easing: a Lua function p -> value as an easing;
-- csrc/lua/lua_easing.c in Lua.
--
-- The easing is of the core's kind CALLBACK (easing.init_callback): the
-- core evaluates it as any easing.  Its function is found through the site
-- that the method running the core publishes in its object's slot for the
-- duration of the core call (enter, leave).  The call is protected: an
-- error, or a result that is not a finite number, is recorded in the site
-- and the core gets p, finishes as usual, and the method raises (or
-- reports) once the core has returned.  So the object stays usable.
--
-- As in C, where the function runs inside a C call, it cannot yield: it is
-- called from table.sort's comparator (a C function calling Lua on every
-- VM), so a yield raises "attempt to yield across a C-call boundary" as it
-- does there, and is caught and reported as any error.
--
-- Interface (also the animator's):
--   M.RAISED, M.BAD             the kinds of failure (site.failed; 0: none)
--   M.new(slot, which) -> e     an easing calling site.fns[which] of the
--                               site in slot.site (slot: any table the
--                               object owns; its field `site` is written)
--   M.new_site() -> site        a site: { fns, failed, which, value,
--                               on_fail }; value holds the error value
--                               (RAISED) or the bad result (BAD); on_fail
--                               (nil or function(site)) runs right after a
--                               failure.  After a failure the easings of
--                               the site return p without calling until
--                               failed is cleared (on_fail may clear it).
--   M.enter(slot, site, fns) -> saved   publish site (fns: the functions
--                               by `which`; failed, which, value cleared)
--   M.leave(slot, saved)        put the outer site back
local easing = require("kinetic.pure.easing")

local type, pcall, sort = type, pcall, table.sort

local M = {}

local RAISED, BAD = 1, 2
M.RAISED, M.BAD = RAISED, BAD

-- The call across table.sort: one comparison of a 2-item array runs the
-- comparator once.  The function and p go in through these locals, the
-- result out through run_r; the comparator takes them before it calls, so
-- a nested call (the function running a method of its object) uses them
-- afresh, and drops the function (no reference kept past the call).
local run_f, run_p, run_r = nil, 0.0, nil
local pair = { 0, 0 }
local function compare()
  local f, p = run_f, run_p
  run_f = nil
  run_r = (f(p))
  return false
end

-- The easing's function (kn_easing_fn): ctx = { slot = ..., which = ... }.
local function call_lua_easing(ctx, p)
  local site = ctx.slot.site
  if not site or site.failed ~= 0 then return p end   -- no method running: not reached
  local which = ctx.which
  run_f, run_p, run_r = site.fns[which], p, nil
  local ok, err = pcall(sort, pair, compare)
  local x = run_r
  run_r = nil
  if not ok then
    site.failed = RAISED
    site.value = err
  elseif type(x) == "number" and x - x == 0 then
    return x / 1
  else
    site.failed = BAD
    site.value = x
  end
  site.which = which
  if site.on_fail ~= nil then site.on_fail(site) end
  return p
end

function M.new(slot, which)
  local e = {}
  easing.init_callback(e, call_lua_easing, { slot = slot, which = which })
  return e
end

function M.new_site()
  return { fns = false, failed = 0, which = 0, value = nil, on_fail = nil }
end

function M.enter(slot, site, fns)
  site.fns = fns
  site.failed = 0
  site.which = 0
  site.value = nil
  local saved = slot.site
  slot.site = site
  return saved
end

function M.leave(slot, saved)
  slot.site = saved
end

return M
