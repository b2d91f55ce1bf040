-- LÖVE 11 configuration of the kinetic example game (examples/love).
local selftest = os.getenv("KINETIC_SELFTEST") == "1"

function love.conf(t)
  t.identity = "kinetic-example"
  t.version = "11.0"
  t.window.title = "kinetic: springs, easings, a timeline"
  t.window.width = 1280
  t.window.height = 720
  t.window.vsync = selftest and 0 or 1   -- the self-test runs as fast as it can
  t.window.msaa = selftest and 0 or 4
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
