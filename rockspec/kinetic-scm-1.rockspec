rockspec_format = "3.0"
package = "kinetic"
version = "scm-1"
source = {
  url = "git+https://github.com/kinetic-lua/kinetic.git",
}
description = {
  summary = "Exact animation timing for Lua: animator, CSS easings, springs, scroll physics, paths, colours",
  detailed = [[
kinetic is a C99 module for Lua 5.1-5.4 and LuaJIT, for LOVE games, Neovim
plugins and any program that embeds Lua. An animator drives the fields of your
own tables with tweens, springs, flings, stagger and sequences, one update a
frame with exact timing. Underneath: every CSS Easing Level 2 timing function
(cubic-bezier, steps, linear()) as browsers read and compute it, Penner's
easings and step schedules; exact damped springs with every common
parameterization, spring groups, and springs as easings or CSS linear();
friction, gravity, iOS- and Android-style scrolls, inertia and decay; keyframe
timelines and a viewport; constant-speed Bezier, Catmull-Rom and polyline
paths; CSS Color 4 colours with gamut mapping and mixing in OKLab. Under LuaJIT
the hot methods are FFI calls into the same C core.]],
  homepage = "https://github.com/kinetic-lua/kinetic",
  license = "MIT",
}
dependencies = {
  "lua >= 5.1, < 5.5",
}
build = {
  type = "builtin",
  modules = {
    kinetic = "lua/kinetic/init.lua",
    ["kinetic.ffi"] = "lua/kinetic/ffi.lua",
    ["kinetic.nvim"] = "lua/kinetic/nvim.lua",
    -- The Lua backend (lua/kinetic/pure/): every file, named one by one
    -- (make test checks that every lua/kinetic/**.lua file is listed).
    ["kinetic.pure.accel"] = "lua/kinetic/pure/accel.lua",
    ["kinetic.pure.angle"] = "lua/kinetic/pure/angle.lua",
    ["kinetic.pure.anim_frame"] = "lua/kinetic/pure/anim_frame.lua",
    ["kinetic.pure.anim_make"] = "lua/kinetic/pure/anim_make.lua",
    ["kinetic.pure.animator"] = "lua/kinetic/pure/animator.lua",
    ["kinetic.pure.bezier"] = "lua/kinetic/pure/bezier.lua",
    ["kinetic.pure.color"] = "lua/kinetic/pure/color.lua",
    ["kinetic.pure.color_format"] = "lua/kinetic/pure/color_format.lua",
    ["kinetic.pure.color_mix"] = "lua/kinetic/pure/color_mix.lua",
    ["kinetic.pure.color_names"] = "lua/kinetic/pure/color_names.lua",
    ["kinetic.pure.color_parse"] = "lua/kinetic/pure/color_parse.lua",
    ["kinetic.pure.css_calc"] = "lua/kinetic/pure/css_calc.lua",
    ["kinetic.pure.css_token"] = "lua/kinetic/pure/css_token.lua",
    ["kinetic.pure.decay"] = "lua/kinetic/pure/decay.lua",
    ["kinetic.pure.easing"] = "lua/kinetic/pure/easing.lua",
    ["kinetic.pure.easing_parse"] = "lua/kinetic/pure/easing_parse.lua",
    ["kinetic.pure.fling"] = "lua/kinetic/pure/fling.lua",
    ["kinetic.pure.friction"] = "lua/kinetic/pure/friction.lua",
    ["kinetic.pure.gravity"] = "lua/kinetic/pure/gravity.lua",
    ["kinetic.pure.inertia"] = "lua/kinetic/pure/inertia.lua",
    ["kinetic.pure"] = "lua/kinetic/pure/init.lua",
    ["kinetic.pure.interp"] = "lua/kinetic/pure/interp.lua",
    ["kinetic.pure.kmath"] = "lua/kinetic/pure/kmath.lua",
    ["kinetic.pure.linearfn"] = "lua/kinetic/pure/linearfn.lua",
    ["kinetic.pure.names"] = "lua/kinetic/pure/names.lua",
    ["kinetic.pure.path"] = "lua/kinetic/pure/path.lua",
    ["kinetic.pure.penner"] = "lua/kinetic/pure/penner.lua",
    ["kinetic.pure.scroll"] = "lua/kinetic/pure/scroll.lua",
    ["kinetic.pure.spring"] = "lua/kinetic/pure/spring.lua",
    ["kinetic.pure.spring_easing"] = "lua/kinetic/pure/spring_easing.lua",
    ["kinetic.pure.spring_group"] = "lua/kinetic/pure/spring_group.lua",
    ["kinetic.pure.spring_params"] = "lua/kinetic/pure/spring_params.lua",
    ["kinetic.pure.step_times"] = "lua/kinetic/pure/step_times.lua",
    ["kinetic.pure.steps"] = "lua/kinetic/pure/steps.lua",
    ["kinetic.pure.timeline"] = "lua/kinetic/pure/timeline.lua",
    ["kinetic.pure.timeline_def"] = "lua/kinetic/pure/timeline_def.lua",
    ["kinetic.pure.util"] = "lua/kinetic/pure/util.lua",
    ["kinetic.pure.viewport"] = "lua/kinetic/pure/viewport.lua",
    ["kinetic.pure.api.anim_color"] = "lua/kinetic/pure/api/anim_color.lua",
    ["kinetic.pure.api.anim_make"] = "lua/kinetic/pure/api/anim_make.lua",
    ["kinetic.pure.api.animation"] = "lua/kinetic/pure/api/animation.lua",
    ["kinetic.pure.api.animator"] = "lua/kinetic/pure/api/animator.lua",
    ["kinetic.pure.api.color"] = "lua/kinetic/pure/api/color.lua",
    ["kinetic.pure.api.easing"] = "lua/kinetic/pure/api/easing.lua",
    ["kinetic.pure.api.lua_easing"] = "lua/kinetic/pure/api/lua_easing.lua",
    ["kinetic.pure.api.motion"] = "lua/kinetic/pure/api/motion.lua",
    ["kinetic.pure.api.path"] = "lua/kinetic/pure/api/path.lua",
    ["kinetic.pure.api.spring"] = "lua/kinetic/pure/api/spring.lua",
    ["kinetic.pure.api.spring_group"] = "lua/kinetic/pure/api/spring_group.lua",
    ["kinetic.pure.api.timeline"] = "lua/kinetic/pure/api/timeline.lua",
    ["kinetic.pure.api.viewport"] = "lua/kinetic/pure/api/viewport.lua",
    ["kinetic.core"] = {
      -- The binding (csrc/lua) and the numeric core (csrc/core): the same
      -- files the Makefile builds (make test checks that the lists agree).
      sources = {
        "csrc/lua/anim_color.c",
        "csrc/lua/anim_make.c",
        "csrc/lua/animation.c",
        "csrc/lua/animator.c",
        "csrc/lua/color.c",
        "csrc/lua/easing.c",
        "csrc/lua/ffi.c",
        "csrc/lua/kinetic.c",
        "csrc/lua/lua_easing.c",
        "csrc/lua/motion.c",
        "csrc/lua/path.c",
        "csrc/lua/spring.c",
        "csrc/lua/spring_group.c",
        "csrc/lua/timeline.c",
        "csrc/lua/timeline_def.c",
        "csrc/lua/util.c",
        "csrc/lua/viewport.c",
        "csrc/core/accel.c",
        "csrc/core/anim_frame.c",
        "csrc/core/anim_make.c",
        "csrc/core/animator.c",
        "csrc/core/angle.c",
        "csrc/core/bezier.c",
        "csrc/core/color.c",
        "csrc/core/color_format.c",
        "csrc/core/color_mix.c",
        "csrc/core/color_names.c",
        "csrc/core/color_parse.c",
        "csrc/core/css_calc.c",
        "csrc/core/css_token.c",
        "csrc/core/decay.c",
        "csrc/core/easing.c",
        "csrc/core/easing_parse.c",
        "csrc/core/fling.c",
        "csrc/core/friction.c",
        "csrc/core/gravity.c",
        "csrc/core/inertia.c",
        "csrc/core/interp.c",
        "csrc/core/kmath.c",
        "csrc/core/linearfn.c",
        "csrc/core/names.c",
        "csrc/core/path.c",
        "csrc/core/penner.c",
        "csrc/core/scroll.c",
        "csrc/core/spring.c",
        "csrc/core/spring_easing.c",
        "csrc/core/spring_group.c",
        "csrc/core/spring_params.c",
        "csrc/core/step_times.c",
        "csrc/core/steps.c",
        "csrc/core/timeline.c",
        "csrc/core/timeline_def.c",
        "csrc/core/viewport.c",
      },
      incdirs = { "csrc/core", "csrc/lua" },
      defines = {},
      libraries = { "m" },
    },
  },
}
