rockspec_format = "3.0"
package = "kinetic"
version = "scm-1"
source = {
  url = "git+https://github.com/kinetic-lua/kinetic.git",
}
description = {
  summary = "Exact, fast animation timing for Lua: CSS easings, springs, timelines",
  detailed = [[
kinetic is a C99 extension module for Lua 5.1-5.4 and LuaJIT: every CSS Easing
Level 2 timing function (cubic-bezier solved to near machine precision, steps,
linear()), Penner's easings, exact damped springs with every common
parameterization, friction and gravity motions, and keyframe timelines.]],
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
    ["kinetic.core"] = {
      sources = {
        "csrc/kinetic.c",
        "csrc/lutil.c",
        "csrc/l_easing.c",
        "csrc/easing.c",
        "csrc/easing_parse.c",
        "csrc/bezier.c",
        "csrc/steps.c",
        "csrc/linearfn.c",
        "csrc/penner.c",
        "csrc/accel.c",
        "csrc/spring.c",
        "csrc/spring_params.c",
        "csrc/friction.c",
        "csrc/gravity.c",
        "csrc/l_spring.c",
        "csrc/spring_group.c",
        "csrc/l_springgroup.c",
        "csrc/l_ffi.c",
        "csrc/l_motion.c",
        "csrc/l_timeline.c",
        "csrc/l_viewport.c",
        "csrc/angle.c",
        "csrc/interp.c",
        "csrc/timeline.c",
        "csrc/viewport.c",
      },
      incdirs = { "csrc" },
      defines = {},
      libraries = { "m" },
    },
  },
}
