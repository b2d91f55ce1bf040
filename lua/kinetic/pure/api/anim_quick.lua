-- kinetic.pure.api.anim_quick: csrc/lua/anim_quick.c in Lua --
-- anim:quick_to(target, field [, opts]): a setter that moves one field
-- with one animation, made by its first call and set going again by each
-- later one (anim_frame.quick), so that a call allocates nothing after
-- the first.  opts: duration (default 0.3), easing and round of the
-- tween; or spring, a table of kinetic.spring's options, for a spring
-- retargeted with its velocity kept.
local util = require("kinetic.pure.util")
local frame = require("kinetic.pure.anim_frame")
local mk = require("kinetic.pure.anim_make")

local type, format = type, string.format
local typename = util.typename

local M = {}

local QUICK_KNOWN = util.known({ "duration", "easing", "round", "spring" })
local SPRING_KNOWN = util.known(mk.spring_options)

-- anim:quick_to(target, field [, opts]); states: the animators' states,
-- api: the animator's api (its methods to and spring, and the handles).
function M.quick_to(self, target, field, opts, states, make, node_of)
  local A = states[self]
  if A == nil then util.typeerror(0, "quick_to", "kinetic.Animator", self) end
  make.check_target(target, 1, 0, "quick_to")
  if type(field) ~= "string" then
    util.typeerror(2, "quick_to", "string (a field name)", field)
  end
  local duration, spring_opts, topts = 0.3, nil, {}
  if opts ~= nil then
    if type(opts) ~= "table" then util.typeerror(3, "quick_to", "table of options", opts) end
    util.checkoptions(opts, 3, "quick_to", QUICK_KNOWN)
    duration = util.optfieldnonneg(opts, "duration", 3, "quick_to", 0.3)
    util.optround(opts, 3, "quick_to")
    local s = opts.spring
    if s ~= nil and type(s) ~= "table" then
      util.fielderror(3, "quick_to", "spring",
                      "table of spring options expected, got " .. typename(s))
    end
    if s ~= nil then                       -- checked now, not at the first call
      util.checkoptions(s, 3, "quick_to", SPRING_KNOWN)
      require("kinetic.pure.api.spring").read_motion(s, 3, "quick_to")
    end
    spring_opts = s
    local e = opts.easing
    if e ~= nil and type(e) ~= "function" then
      local ez, msg = require("kinetic.pure.api.easing").toeasing(e)
      if ez == nil then util.fielderror(3, "quick_to", "easing", msg) end
    end
    topts.easing, topts.round = e, opts.round
  end
  local values, node = {}, nil
  return function(v)
    if type(v) ~= "number" or v - v ~= 0 then
      error(format("bad argument #1 to 'set' (finite number expected, got %s)", typename(v)), 2)
    end
    if A.busy then
      error("bad argument #1 to 'set' (animator busy (a frame is being written))", 2)
    end
    if node == nil then                  -- the first call makes it, kept for good
      values[field] = v
      local h
      if spring_opts then h = self:spring(target, values, spring_opts)
      else h = self:to(target, duration, values, topts) end
      node = node_of(h)
      node.keep = true
      return
    end
    local from = 0.0
    if node[1].spring == nil and node.started then   -- a tween plays from here
      local x = target[field]
      if type(x) ~= "number" or x - x ~= 0 then
        error(format("bad argument #1 to 'set' (field '%s' holds %s, finite number expected)",
                     field, typename(x)), 2)
      end
      from = x / 1
    end
    frame.quick(A, node, target, node[1].key, from, v / 1)
  end
end

return M
