---@meta
-- LuaCATS definitions of kinetic (lua-language-server: add this directory,
-- `types/`, to `workspace.library`; it sits outside `lua/` on purpose, so
-- that Neovim's loader never mistakes it for the module).
--
-- This file is documentation only: nothing here runs.  It describes the
-- public API (README.md); every object is a userdata whose metatable's __name is
-- `kinetic.<Type>`.  Errors are raised as
-- "bad argument #N to 'fname' (what was expected, what was got)".

---@class kinetic
---@field _VERSION string "kinetic x.y.z"
local kinetic = {}

-- ---------------------------------------------------------------------------
-- 1. Timing functions
-- ---------------------------------------------------------------------------

---A CSS `steps()` jump position.
---@alias kinetic.StepPosition
---| "jump-start"
---| "jump-end"
---| "jump-none"
---| "jump-both"
---| "start"  # same as jump-start
---| "end"    # same as jump-end (the default)

---Anything a timing-function argument accepts: a spec string for
---`kinetic.easing` (a CSS `<easing-function>` such as `"ease-out"`,
---`"cubic-bezier(0.2, 0, 0, 1)"`, `"steps(4, jump-none)"`, `"linear(0, 0.25 75%, 1)"`;
---a Penner name such as `"inOutQuad"`, `"in-out-quad"`, `"outBack(2.2)"`,
---`"outElastic(1, 0.3)"`, or flux's and hump.timer's names for them, `"quadout"`,
---`"quad"` (= inQuad), `"out-quad"`; `"accelerate(v0)"`, `"accelerate-decelerate(v0)"`)
---or an easing object.
---@alias kinetic.EasingSpec string|kinetic.Easing|kinetic.Bezier

---A timing function: maps input progress p to output progress.  Callable:
---`e(p [, before_flag])` is `e:eval(p [, before_flag])`.  Inputs outside
---[0, 1] extrapolate as the browser engines do.
---`tostring(e)` is its canonical text (CSS serialization or canonical name),
---and `kinetic.easing(tostring(e))` behaves like `e`.
---@class kinetic.Easing: userdata
---@overload fun(p: number, before_flag?: boolean): number
local Easing = {}

---Output progress at input progress `p`.
---@param p number input progress (may leave [0, 1])
---@param before_flag? boolean the CSS before flag (only steps use it)
---@return number
function Easing:eval(p, before_flag) end

---The n+1 values at p = 0, 1/n, ..., 1, in one call.
---@param n integer number of intervals (>= 1)
---@param out? number[] filled and returned instead of a new table
---@return number[]
function Easing:sample(n, out) end

---The easing as a plain function: `f(p [, before_flag])` returns `e(p [, before_flag])`.
---Use it where a library wants a function (flux, hump.timer), and in hot loops: it skips
---the `__call` metamethod (~5 ns a call on PUC Lua). It keeps the easing alive.
---@return fun(p: number, before_flag?: boolean): number
function Easing:fn() end

---The serialization a browser gives for this easing's specified value
---(`"specified"`: calc() kept as `calc(<value>)`, a linear() stop list as
---written) or computed value (`"computed"`, the default: keywords stay
---keywords, `steps(n)` drops an end position, linear() lists every point).
---Raises for an easing with no CSS form (Penner's, accelerate, a spring's).
---@param form? "computed"|"specified"
---@return string
function Easing:css(form) end

---A CSS `cubic-bezier(x1, y1, x2, y2)` timing function (not a geometric
---curve such as LÖVE's love.math.newBezierCurve: it gives y as a function of x).
---@class kinetic.Bezier: kinetic.Easing
---@overload fun(p: number, before_flag?: boolean): number
local Bezier = {}

---dy/dx at input progress p.
---@param p number
---@return number
function Bezier:slope(p) end

---The input progress p with b(p) = y (curves whose y is monotone; raises otherwise).
---@param y number
---@return number p
function Bezier:inverse(y) end

---The control points.
---@return number x1
---@return number y1
---@return number x2
---@return number y2
function Bezier:control_points() end

---A timing function from a spec string; an existing easing is returned as is.
---A spec string is parsed once per Lua state: the same string gives the same
---(immutable) easing object back while it stays in the cache (256 specs).
---
---```lua
---local e = kinetic.easing("ease-in-out")
---local y = e(0.25)
---kinetic.easing("outBack(2.2)")(0.5)
---```
---@param spec kinetic.EasingSpec
---@return kinetic.Easing|kinetic.Bezier
function kinetic.easing(spec) end

---CSS `cubic-bezier()`; x1 and x2 must lie in [0, 1].
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@return kinetic.Bezier
function kinetic.bezier(x1, y1, x2, y2) end

---CSS `steps()`: n >= 1 (>= 2 for jump-none), position default `"end"`.
---@param n integer
---@param position? kinetic.StepPosition
---@return kinetic.Easing
function kinetic.steps(n, position) end

---One stop of `kinetic.linear`: an output, or `{output, input [, input2]}`
---with inputs as fractions (0.75, not 75%).
---@alias kinetic.LinearStop number|{ [1]: number, [2]: number?, [3]: number? }

---CSS `linear()`: missing inputs are filled evenly, the first/last segments extend.
---
---```lua
---local e = kinetic.linear{ 0, { 0.25, 0.75 }, 1 }   -- linear(0, 0.25 75%, 1)
---```
---@param stops kinetic.LinearStop[]
---@return kinetic.Easing
function kinetic.linear(stops) end

---"accel1": F(x) = v0·x + (1 − v0)·x².
---@param v0 number initial velocity
---@return kinetic.Easing
function kinetic.accelerate(v0) end

---"accel2": the symmetric piecewise parabola through (0.5, 0.5).
---@param v0 number initial velocity
---@return kinetic.Easing
function kinetic.accelerate_decelerate(v0) end

---Every easing name `kinetic.easing` accepts: the canonical ones first (what
---`tostring` gives), then kebab-case, hump.timer's and flux's spellings.
---@return string[]
function kinetic.easings() end

---A step schedule: the n times t_k = duration * E^-1(k/n), the first time the
---eased progress reaches k/n (k = 1 .. n), exact in double precision.  For a
---value that moves in whole steps (lines, cells) with the easing in the waits.
---@param easing kinetic.EasingSpec
---@param n integer steps (1 .. 2^24)
---@param duration? number seconds (> 0, default 1)
---@return number[]
function kinetic.step_times(easing, n, duration) end

-- ---------------------------------------------------------------------------
-- 2. Springs
-- ---------------------------------------------------------------------------

---react-spring's tension/friction presets.
---@alias kinetic.SpringPreset "default"|"gentle"|"wobbly"|"stiff"|"slow"|"molasses"

---How a spring advances.
---@alias kinetic.Integrator
---| "analytic" # the exact solution: identical for any split of time (default)
---| "rk4"      # Rebound's fixed 1 ms RK4 substeps, remainder interpolated
---| "euler"    # semi-implicit Euler, 1 ms substeps

---Spring parameters: give exactly one family (mixing two is an error).
---@class kinetic.SpringParams
---@field stiffness? number physical: k (F = −k·x − c·v)
---@field damping? number physical: c
---@field mass? number physical: m (default 1)
---@field frequency? number frequency family: Hz of the undamped oscillation (ω0 = 2π·f)
---@field damping_ratio? number frequency/response families: ζ (default 1)
---@field response? number response family (SwiftUI): seconds, k = (2π/response)²·m
---@field duration? number duration family (SwiftUI/Flutter): the undamped period, seconds
---@field bounce? number duration family: −1 < bounce <= 1 (default 0)
---@field tension? number Rebound: tension (mass 1)
---@field friction? number Rebound: friction
---@field origami_tension? number Origami (Rebound's OrigamiValueConverter)
---@field origami_friction? number Origami
---@field bounciness? number bouncy (Rebound's BouncyConversion)
---@field speed? number bouncy
---@field preset? kinetic.SpringPreset react-spring's tension/friction values

---Options of `kinetic.spring`: parameters plus state.  `from`, `to` and
---`velocity` are numbers, or arrays of one length for a vector spring.
---@class kinetic.SpringOptions: kinetic.SpringParams
---@field from? number|number[] start position (default 0)
---@field to? number|number[] target (default 1)
---@field velocity? number|number[] start velocity (default 0)
---@field integrator? kinetic.Integrator
---@field rest_delta? number rest when the distance to the target is below this (relative to the distance travelled)
---@field rest_speed? number ... and the speed below this (relative)
---@field clamp? boolean stop at the target instead of overshooting
---@field on_update? fun(spring: kinetic.Spring)
---@field on_rest? fun(spring: kinetic.Spring)

---What `s:params()` returns: the spring in every parameterization.
---@class kinetic.SpringParamsTable
---@field mass number
---@field stiffness number
---@field damping number
---@field damping_ratio number
---@field omega number undamped angular frequency ω0
---@field frequency number Hz
---@field response number seconds
---@field duration number seconds
---@field bounce number

---A damped spring, scalar or vector.  Methods that return positions return
---n values for an n-vector spring.
---@class kinetic.Spring: userdata
local Spring = {}

---Advance dt seconds; returns the position (n values for a vector); fires callbacks.
---@param dt number seconds
---@return number ...
function Spring:update(dt) end

---@return number ...
function Spring:position() end

---@return number ...
function Spring:velocity() end

---@return number ...
function Spring:target() end

---@return boolean
function Spring:at_rest() end

---New target; position and velocity are kept (interruptible animation).
---Takes n numbers or one array.
---@param x number|number[]
---@param ... number
function Spring:set_target(x, ...) end

---Set the position (n numbers or one array); wakes the spring.
---@param x number|number[]
---@param ... number
function Spring:set_position(x, ...) end

---Set the velocity (n numbers or one array); wakes the spring.
---@param v number|number[]
---@param ... number
function Spring:set_velocity(v, ...) end

---Position t seconds after the current state, without changing it.
---@param t number
---@return number ...
function Spring:at(t) end

---Velocity t seconds after the current state, without changing it.
---@param t number
---@return number ...
function Spring:velocity_at(t) end

---Seconds until it stays within epsilon of the target, from the current state.
---@param epsilon? number in the spring's own units (default: the rest threshold)
---@return number
function Spring:settle_time(epsilon) end

---The exact update for this dt (Juckett): x' = posPos·x + posVel·v, v' = velPos·x + velVel·v
---(x relative to the target).
---@param dt number
---@return number posPos
---@return number posVel
---@return number velPos
---@return number velVel
function Spring:coefficients(dt) end

---@return kinetic.SpringParamsTable
function Spring:params() end

---The spring's motion from its current state as an easing: e(p) is the
---normalized position (current position 0, target 1) at p * duration on the
---exact solution.  One-component springs away from their target.
---@param duration? number seconds at p = 1 (default `s:settle_time()`)
---@return kinetic.Easing
function Spring:easing(duration) end

---A `linear()` easing within max_error of `s:easing()` on the whole curve,
---with close to the fewest stops; `tostring` gives its CSS.
---@param max_error? number (>= 1e-7, default 1e-3 of the distance)
---@return kinetic.Easing
function Spring:linear(max_error) end

---A damped spring.
---
---```lua
---local s = kinetic.spring{ stiffness = 170, damping = 26, from = 0, to = 1 }
---local x = s:update(dt)
---local v = kinetic.spring{ preset = "wobbly", from = { 0, 0 }, to = { 100, 40 } }
---local vx, vy = v:update(dt)
---```
---@param opts? kinetic.SpringOptions
---@return kinetic.Spring
function kinetic.spring(opts) end

-- ---------------------------------------------------------------------------
-- 3. Other motions
-- ---------------------------------------------------------------------------

---@class kinetic.FrictionOptions
---@field drag number velocity decays as v0·drag^t
---@field position? number default 0
---@field velocity? number default 0
---@field constant_deceleration? number default 0
---@field tolerance? number the speed below which done() is true (default 1e-3)

---A friction motion (Flutter's FrictionSimulation).
---@class kinetic.Friction: userdata
local Friction = {}

---Position and velocity t seconds after the start (creation), pure.
---@param t number
---@return number x
---@return number v
function Friction:at(t) end

---@param dt number
---@return number x
function Friction:update(dt) end

---@return number
function Friction:final_position() end

---The time at which position x is reached (math.huge when never).
---@param x number
---@return number
function Friction:time_at(x) end

---Whether the motion has stopped (velocity below the threshold) at time t,
---default the object's own clock.
---@param t? number
---@return boolean
function Friction:done(t) end

---Current position (after the updates so far).  Extension.
---@return number
function Friction:position() end

---Current velocity.  Extension.
---@return number
function Friction:velocity() end

---The object's clock: the sum of the dts given to update.  Extension.
---@return number
function Friction:time() end

---@param opts kinetic.FrictionOptions
---@return kinetic.Friction
function kinetic.friction(opts) end

---@class kinetic.GravityOptions
---@field acceleration number
---@field position? number default 0
---@field velocity? number default 0
---@field end_distance? number done() once |x| >= end_distance (default: never)

---A constant acceleration motion (Flutter's GravitySimulation).
---@class kinetic.Gravity: userdata
local Gravity = {}

---@param t number
---@return number x
---@return number v
function Gravity:at(t) end

---@param dt number
---@return number x
function Gravity:update(dt) end

---Current position.  Extension.
---@return number
function Gravity:position() end

---Current velocity.  Extension.
---@return number
function Gravity:velocity() end

---The object's clock.  Extension.
---@return number
function Gravity:time() end

---Whether the motion is done at time t (default its own clock).  Extension.
---@param t? number
---@return boolean
function Gravity:done(t) end

---@param opts kinetic.GravityOptions
---@return kinetic.Gravity
function kinetic.gravity(opts) end

---A scroll or inertia motion (kinetic.BouncingScroll, ClampingScroll, Inertia,
---Decay): a function of the time since it was made.
---@class kinetic.Motion: userdata
local Motion = {}

---State t seconds after the start (pure).
---@param t number
---@return number x
---@return number v
function Motion:at(t) end

---Advances the object's clock by dt; returns the position.
---@param dt number
---@return number x
function Motion:update(dt) end

---@return number
function Motion:position() end

---@return number
function Motion:velocity() end

---@return number
function Motion:time() end

---At rest at time t (default its own clock).
---@param t? number
---@return boolean
function Motion:done(t) end

---Where the motion comes to rest.
---@return number
function Motion:final_position() end

---@class kinetic.BouncingScroll: kinetic.Motion
---@class kinetic.ClampingScroll: kinetic.Motion
---@class kinetic.Inertia: kinetic.Motion
---@class kinetic.Decay: kinetic.Motion

---@class kinetic.BouncingScrollOptions
---@field position? number default 0
---@field velocity? number default 0 (units per second)
---@field min number the leading edge (may be -math.huge)
---@field max number the trailing edge (may be math.huge)
---@field spring? table a spring parameter family (default mass 0.5, stiffness 100, damping ratio 1.1)

---iOS scrolling (Flutter's BouncingScrollSimulation): friction inside [min, max], a
---spring at the edge it would pass, from the instant it gets there.
---@param opts kinetic.BouncingScrollOptions
---@return kinetic.BouncingScroll
function kinetic.bouncing_scroll(opts) end

---@class kinetic.ClampingScrollOptions
---@field position? number default 0
---@field velocity? number default 0
---@field friction? number default 0.015

---Android's fling (Flutter's ClampingScrollSimulation).
---@param opts kinetic.ClampingScrollOptions
---@return kinetic.ClampingScroll
function kinetic.clamping_scroll(opts) end

---@class kinetic.InertiaOptions
---@field position? number default 0
---@field velocity? number default 0
---@field power? number default 0.8
---@field time_constant? number seconds, default 0.325
---@field min? number
---@field max? number
---@field snap? number[]|fun(target: number): number the nearest point, or the function's choice
---@field bounce_stiffness? number default 500
---@field bounce_damping? number default 10
---@field rest_delta? number default 0.5 (absolute)
---@field rest_speed? number default motion-dom's: 0.01 within 5 units of the bound, else 2

---Motion's inertia: a decay to a (snapped) target, a spring at min/max.
---@param opts kinetic.InertiaOptions
---@return kinetic.Inertia
function kinetic.inertia(opts) end

---@class kinetic.DecayOptions
---@field position? number default 0
---@field velocity? number default 0
---@field friction_multiplier? number default 1
---@field threshold? number default 0.1

---Compose's exponentialDecay.
---@param opts kinetic.DecayOptions
---@return kinetic.Decay
function kinetic.decay(opts) end

---@class kinetic.Follower: kinetic.Motion
local Follower = {}

---Re-plans from the position and velocity at the clock towards x.
---@param x number
---@return kinetic.Follower
function Follower:set_target(x) end

---Seconds from the clock until it rests on the target.
---@return number
function Follower:remaining_time() end

---@class kinetic.FollowerOptions
---@field max_acceleration number > 0
---@field max_speed? number > 0, default math.huge
---@field position? number default 0
---@field velocity? number default 0
---@field target? number default 0

---The least-time motion to rest on the target under acceleration and speed limits.
---@param opts kinetic.FollowerOptions
---@return kinetic.Follower
function kinetic.follower(opts) end

---target + (current - target) e^(-rate dt): frame-rate independent smoothing.
---@param current number
---@param target number
---@param rate number >= 0 (ln 2 / half-life)
---@param dt number >= 0
---@return number
function kinetic.damp(current, target, rate, dt) end

---Unity's SmoothDamp with the exact exponential: a critically damped follow.
---@param current number
---@param target number
---@param velocity number
---@param smooth_time number > 0
---@param dt number >= 0
---@param max_speed? number >= 0, default math.huge
---@return number position
---@return number velocity
function kinetic.smooth_damp(current, target, velocity, smooth_time, dt, max_speed) end

---Smooth gradient noise in [-1, 1], 0 at every integer; the same bits everywhere.
---@param x number
---@param seed? integer default 0
---@return number
function kinetic.noise(x, seed) end

-- ---------------------------------------------------------------------------
-- 4. Timelines
-- ---------------------------------------------------------------------------

---What `round` makes of a value v written: `true`, the nearest whole number
---(floor(v + 1/2)); a step q > 0, q·floor(v/q + 1/2); an array of numbers, the
---nearest of them (the first listed on a tie); a function, f(v) (a finite number).
---`false` is no rounding.  Colours are not rounded.
---@alias kinetic.Round boolean|number|number[]|fun(v: number): number

---A keyframe value: a number, an array (vector), a colour (a CSS colour string
---or a kinetic.Color) or a table with string keys (named properties, numbers or
---colours); all of one timeline alike.  With `path`, numbers: fractions of the
---path's arc length.
---@alias kinetic.TimelineValue number|number[]|kinetic.ColorSpec|table<string, number|kinetic.ColorSpec>

---@class kinetic.TimelineSegment
---@field to kinetic.TimelineValue
---@field duration number > 0, from the end of the previous segment
---A Lua function is called with the segment's progress p and must return a
---finite number.
---@field easing? kinetic.EasingSpec|fun(p: number): number default "linear"

---@alias kinetic.TimelineAfter
---| "stop"    # hold the end
---| "restart" # start again
---| "reverse" # play backwards, then forwards ...

---@alias kinetic.Interpolation "linear"|"shortest-angle"|"longest-angle"|"polar"

---A timeline definition: the array part holds the segments, in order.
---@class kinetic.TimelineDef
---@field [integer] kinetic.TimelineSegment
---@field from kinetic.TimelineValue
---@field after? kinetic.TimelineAfter default "stop"
---@field iterations? number >= 1, may be math.huge (default 1 for stop, math.huge otherwise)
---@field delay? number >= 0
---Seconds >= 0 waited after every pass but the last, holding the end of the pass just played.
---@field repeat_delay? number default 0
---Rounds what is returned and written (numbers only; the clock stays exact).
---@field round? kinetic.Round
---@field interpolation? kinetic.Interpolation default "linear"
---@field angle_unit? "degrees"|"radians" for the angle interpolations (default "degrees")
---@field pivot? number[] {x, y}: the centre of "polar" interpolation
---The keyframes (numbers) are fractions of this path's arc length; the state is
---the point there: x, y (and the angle with `rotate`).  Needs "linear" interpolation.
---@field path? kinetic.Path
---@field rotate? boolean with `path`: also the direction of motion (radians) (default false)
---@field fields? string[] with `path`: the names `apply` writes, {x, y} or {x, y, angle} (a third implies rotate)
---@field color_space? kinetic.ColorSpace the space colour keyframes are mixed in (default "oklab")
---@field hue? kinetic.HueMethod how colour hues are interpolated (default "shorter")
---@field on_keyframe? fun(tl: kinetic.Timeline, index: integer)
---@field on_iteration? fun(tl: kinetic.Timeline, n: integer)
---@field on_complete? fun(tl: kinetic.Timeline)

---A keyframe timeline.
---@class kinetic.Timeline: userdata
local Timeline = {}

---The value at timeline time t (delay included), pure.  Numbers return a
---number, arrays n values (or fill `out`), named properties fill `out` or a new table;
---a path timeline x, y [, angle] (or `out[1..3]`); a colour timeline the colour, as
---`from` gave it ("#rrggbb[aa]" for a string, a kinetic.Color for a Color).
---@param t number
---@param out? table
---@return any ...
function Timeline:at(t, out) end

---Advance the clock by dt, write the new state into out, then fire every callback
---crossed, in time order; returns that state like `at`, whatever the callbacks do.
---@param dt number
---@param out? table
---@return any ...
function Timeline:update(dt, out) end

---Write the current named values (or a path's x, y, angle under their `fields`
---names) into obj's fields.  An error for a number or a single-colour timeline.
---@generic T: table
---@param obj T
---@return T
function Timeline:apply(obj) end

---Set the clock.
---@param t number
function Timeline:seek(t) end

---The clock.
---@return number
function Timeline:time() end

---One iteration: the sum of the segment durations.
---@return number
function Timeline:duration() end

---Delay plus all iterations (math.huge when endless).
---@return number
function Timeline:total_duration() end

---@return boolean
function Timeline:done() end

---The least dt >= 0 such that update(dt) changes a value it returns, fires a
---callback or ends the timeline, exact to the double; 0 while an unrounded value
---moves; math.huge when nothing will change.
---@return number
function Timeline:next_change() end

---A keyframe timeline.
---
---```lua
---local tl = kinetic.timeline{
---  from = 0,
---  { to = 100, duration = 0.5, easing = "ease-out" },
---  { to = 40,  duration = 0.25, easing = kinetic.bezier(0.2, 0, 0, 1) },
---  after = "reverse", iterations = 3, delay = 0.1,
---}
---local x = tl:update(dt)
---```
---@param def kinetic.TimelineDef
---@return kinetic.Timeline
function kinetic.timeline(def) end

---Update many timelines in one call (extension): the same as
---`for i = 1, #timelines do out[i] = timelines[i]:update(dt, out[i]) end`, with out[i]
---a table (made on first use) for vector and named timelines, except that every
---timeline moves and every out[i] is written before any callback runs; then the
---callbacks run in list order, each timeline's in time order.  Changes a callback makes
---to the list take effect in the next call.  Returns out and how many timelines are
---not done.
---@param timelines kinetic.Timeline[]
---@param dt number
---@param out? table
---@return table out
---@return integer playing
function kinetic.update_timelines(timelines, dt, out) end

-- ---------------------------------------------------------------------------
-- 5. Coordinate systems
-- ---------------------------------------------------------------------------

---@class kinetic.ViewportOptions
---@field width number
---@field height number
---@field origin? number[] {ox, oy}: the origin as fractions of width and height
---@field unit? number[] {ux, uy}
---@field scale? number[] {kx, ky}

---World to screen: S_x = w·O_x + U_x·K_x·x, S_y = h·O_y + U_y·K_y·y.
---@class kinetic.Viewport: userdata
local Viewport = {}

---@param x number
---@param y number
---@return number sx
---@return number sy
function Viewport:to_screen(x, y) end

---@param sx number
---@param sy number
---@return number x
---@return number y
function Viewport:to_world(sx, sy) end

---@param opts kinetic.ViewportOptions
---@return kinetic.Viewport
function kinetic.viewport(opts) end

-- ---------------------------------------------------------------------------
-- 6. Batches
-- ---------------------------------------------------------------------------

---Options of `kinetic.spring_group`: one parameter family for all; `from`,
---`to`, `velocity` are numbers (applied to all) or arrays of length count.
---@class kinetic.SpringGroupOptions: kinetic.SpringParams
---@field count integer >= 1
---@field from? number|number[]
---@field to? number|number[]
---@field velocity? number|number[]
---@field integrator? kinetic.Integrator
---@field rest_delta? number
---@field rest_speed? number
---@field clamp? boolean

---`count` independent scalar springs stepped in one call; `#g` is count.
---Indices are 1-based.  Results equal those of count separate kinetic.Springs.
---@class kinetic.SpringGroup: userdata
---@operator len: integer
local SpringGroup = {}

---Advance all; returns how many are still moving.
---@param dt number
---@return integer moving
function SpringGroup:update(dt) end

---@param i integer
---@param position number
---@param velocity? number
function SpringGroup:set(i, position, velocity) end

---@param i integer
---@param x number
function SpringGroup:set_target(i, x) end

---@param targets number[] count targets
function SpringGroup:set_targets(targets) end

---@param i integer
---@return number
function SpringGroup:position(i) end

---@param i integer
---@return number
function SpringGroup:velocity(i) end

---@param i integer
---@return number
function SpringGroup:target(i) end

---@param i integer
---@return boolean
function SpringGroup:at_rest(i) end

---All positions (fills `out` if given).
---@param out? number[]
---@return number[]
function SpringGroup:positions(out) end

---Many scalar springs, one call per frame.
---
---```lua
---local g = kinetic.spring_group{ count = 100, preset = "stiff", from = 0, to = 1 }
---local pos = {}
---local moving = g:update(dt); g:positions(pos)
---```
---@param opts kinetic.SpringGroupOptions
---@return kinetic.SpringGroup
function kinetic.spring_group(opts) end

-- ---------------------------------------------------------------------------
-- 7. Animators
-- ---------------------------------------------------------------------------

---What a field is animated to (or from, for `from`): a number, an array of
---numbers (a vector field, interpolated per component and written in place),
---`"+=n"` / `"-=n"`, relative to the value at the start (on a spring retarget:
---to the spring's current target), a colour (a CSS colour string or a
---kinetic.Color: the field must hold a colour string, a Color or an {r, g, b [, a]}
---array, and is written back in that type, mixed in `color_space`), or, for a
---tween, a kinetic.Path (the key names the path; the fields written are x, y and,
---with `rotate`, angle: the point at the eased fraction of its length).
---@alias kinetic.AnimValue number|number[]|string|kinetic.Color|kinetic.Path

---Field names mapped to what they are animated to.
---@alias kinetic.AnimValues table<string, kinetic.AnimValue>

---A table, or a userdata whose fields `t[k]` read and write; or a list of them
---(one animation each, one handle for all), recognised by a table or full
---userdata at item 1.
---@alias kinetic.AnimTarget table|userdata

---What follows each pass, as for a timeline.
---@alias kinetic.AnimAfter
---| "stop"    # end on the end values (default)
---| "restart" # each pass from the start values
---| "reverse" # every other pass backwards

---Where a stagger cascade begins: a keyword or a 1-based index.
---@alias kinetic.StaggerFrom "start"|"center"|"end"|"edges"|"random"|integer

---A stagger (GSAP 3's distribute() for a flat list): give `each` or `amount`.
---For n targets, origin o = n·r − 0.5 (r = 0 start, 0.5 center/edges, 1 end) or
---index − 1; dᵢ = |(i − 1) − o|; lᵢ = (dᵢ − min d)/(max d − min d) (0 when all
---equal); T = amount or each·(n − 1); delayᵢ = delay + E(lᵢ)·T, and for "edges"
---delay + E(1 − lᵢ)·T.  "random" gives the delays of "start" in a random order.
---@class kinetic.StaggerOptions
---@field each? number seconds between neighbours: T = each·(n − 1)
---@field amount? number the total spread T, instead of each
---@field from? kinetic.StaggerFrom default "start"
---@field easing? kinetic.EasingSpec spreads the delays (default "linear")

---Options of a tween (`anim:to`, `anim:from`, `seq:to`, `seq:from`, `a:after`).
---Unknown names are refused.
---@class kinetic.TweenOptions
---A Lua function is called with the progress p and must return a finite number.
---@field easing? kinetic.EasingSpec|fun(p: number): number default "outQuad"
---@field delay? number seconds >= 0 before the start (default 0)
---@field iterations? number passes, >= 1, may be math.huge (default 1 for stop, else math.huge); finite in a sequence
---@field after? kinetic.AnimAfter default "stop"
---@field stagger? number|kinetic.StaggerOptions for a list of targets; a number s is { each = s }
---@field rotate? boolean with a path value: also write the direction of motion (radians) (default false)
---@field fields? string[] with a path value: {x, y} or {x, y, angle} (a third name implies rotate)
---@field color_space? kinetic.ColorSpace with a colour value: the interpolation space (default "oklab")
---@field hue? kinetic.HueMethod with a colour value (default "shorter")
---Rounds the values written (per component); the motion stays exact.
---@field round? kinetic.Round
---Seconds >= 0 waited between passes, holding the end of the pass just played:
---the total is delay + N·T + (ceil(N) − 1)·repeat_delay.
---@field repeat_delay? number default 0
---With after = "reverse", one target: the easing of the reverse passes, which
---show end + (start − end)·Y(p); true uses the forward easing.
---@field yoyo_ease? kinetic.EasingSpec|true
---@field on_start? fun(a: kinetic.Animation)
---@field on_update? fun(a: kinetic.Animation)
---@field on_complete? fun(a: kinetic.Animation)
---Pass n (2, 3, ...) begins; an update crossing many passes reports the last 64.
---@field on_repeat? fun(a: kinetic.Animation, n: integer)

---Options of `anim:spring`: one parameter family of kinetic.spring (none gives
---stiffness 170, damping 26, mass 1) and the spring options below.  `from`,
---`to`, `on_rest`, `easing`, `iterations` and `after` are refused.
---@class kinetic.SpringAnimOptions: kinetic.SpringParams
---@field integrator? kinetic.Integrator
---@field rest_delta? number
---@field rest_speed? number
---@field clamp? boolean
---Start velocity: a number for every field, or field -> number|array (default 0,
---or the velocity handed over by the spring or tween that drove the field).
---@field velocity? number|table<string, number|number[]>
---@field delay? number seconds >= 0 (default 0)
---@field stagger? number|kinetic.StaggerOptions
---A colour value springs on its four premultiplied components in this space.
---@field color_space? kinetic.ColorSpace default "oklab"
---@field hue? kinetic.HueMethod with a colour value (default "shorter")
---Rounds the values written; the spring's state stays exact.
---@field round? kinetic.Round
---@field on_start? fun(a: kinetic.Animation)
---@field on_update? fun(a: kinetic.Animation)
---Every field at rest, holding its target.
---@field on_complete? fun(a: kinetic.Animation)

---Options of `anim:sequence`.
---@class kinetic.SequenceOptions
---@field iterations? number passes of the sequence, >= 1, may be math.huge (default 1 for stop, else math.huge)
---@field after? kinetic.AnimAfter default "stop"
---@field delay? number seconds >= 0 (default 0)
---@field repeat_delay? number seconds >= 0 between passes (default 0)
---@field on_start? fun(seq: kinetic.Sequence)
---@field on_update? fun(seq: kinetic.Sequence)
---@field on_complete? fun(seq: kinetic.Sequence)
---Pass n (2, 3, ...) begins.
---@field on_repeat? fun(seq: kinetic.Sequence, n: integer)

---Options of `anim:follow`.
---@class kinetic.FollowAnimOptions
---> 0, finite; required unless the call re-plans a live follow.
---@field max_acceleration? number
---@field max_speed? number > 0, default math.huge
---@field delay? number seconds >= 0 (default 0)
---@field round? kinetic.Round
---@field on_start? fun(a: kinetic.Animation)
---@field on_update? fun(a: kinetic.Animation)
---The last field has arrived.
---@field on_complete? fun(a: kinetic.Animation)

---Options of `anim:shake`: field k of `fields` is written
---base + amplitude·(1 − decay(t/duration))·kinetic.noise(frequency·t, seed + k).
---@class kinetic.ShakeOptions
---@field amplitude number|table<string, number> the largest offset, or one by field
---@field frequency? number >= 0, noise units a second (default 15)
---@field duration? number seconds >= 0 (default 0.5)
---@field seed? integer default 0
---@field decay? kinetic.EasingSpec default "outQuad"
---@field delay? number seconds >= 0 (default 0)
---@field round? kinetic.Round
---@field on_start? fun(a: kinetic.Animation)
---@field on_update? fun(a: kinetic.Animation)
---@field on_complete? fun(a: kinetic.Animation)

---Options of `anim:quick_to`: a tween (duration, easing, round) or, with
---`spring`, a spring retargeted with its velocity kept.
---@class kinetic.QuickToOptions
---@field duration? number seconds >= 0 (default 0.3)
---@field easing? kinetic.EasingSpec|fun(p: number): number default "outQuad"
---@field round? kinetic.Round
---@field spring? kinetic.SpringAnimOptions

---Options of `kinetic.animator`.
---@class kinetic.AnimatorOptions
---Each animation that starts completes in the update that starts it.
---@field reduced_motion? boolean default false

---Where a sequence child goes (GSAP's position parameter): seconds from the
---start; `">"` / `"<"` the end / start of the child added last, with an offset
---(`">-0.1"`, `"<0.2"`); `"+=0.5"` / `"-=0.5"` from the sequence's end; a
---label, `"label+=0.3"`.  Without one: the sequence's end.
---@alias kinetic.Position number|string

---A handle on one animation (a tween, a spring animation, a list of targets,
---or a sequence).  `tostring(a)` is `"kinetic.Animation (tween, running)"`:
---the kind (tween, spring, group; "kinetic.Sequence (sequence, ...)" for a
---sequence) and the state (waiting, running, paused or done).
---@class kinetic.Animation: userdata
local Animation = {}

---Stops it where it is: no on_complete; its `after` chain is discarded.  A
---no-op on a finished animation.  A child of a sequence is removed from it.
function Animation:stop() end

---Jumps to the end values now (a spring: its targets, velocity 0), fires
---on_complete inside the call and starts the `after` chain.  An error for an
---endless animation.
function Animation:finish() end

---Freezes this animation (it still counts as live).  An error on a child of a
---sequence or of a list of targets.
function Animation:pause() end

---Unfreezes it.
function Animation:resume() end

---Sets its clock (delay included; t >= 0, clamped to the total).  Writes the
---fields at once if it has started or t is past its delay; fires nothing
---itself (on_start / on_complete come at the next update).
---@param t number
function Animation:seek(t) end

---Its clock, delay included: 0 when made.
---@return number
function Animation:time() end

---Position in the current pass before easing, in [0, 1]: 0 while waiting, 1
---when done.  Springs: 1 at rest, else 1 − max |x − target| / |start − target|
---(may be < 0).
---@return number
function Animation:progress() end

---Its own speed (default 1); the effective speed is this times the animator's.
---Without s returns the scale; with s (>= 0) sets it and returns the handle.
---@param s number
---@return kinetic.Animation
---@overload fun(self: kinetic.Animation): number
function Animation:time_scale(s) end

---True once it has completed or been stopped.
---@return boolean
function Animation:done() end

---Replaces the easing.
---@param spec kinetic.EasingSpec|fun(p: number): number
---@return kinetic.Animation
function Animation:ease(spec) end

---Replaces the delay.
---@param s number seconds >= 0
---@return kinetic.Animation
function Animation:delay(s) end

---Adds a function called when it starts (after its delay).
---@param f fun(a: kinetic.Animation)
---@return kinetic.Animation
function Animation:on_start(f) end

---Adds a function called once in each frame in which it moved.
---@param f fun(a: kinetic.Animation)
---@return kinetic.Animation
function Animation:on_update(f) end

---Adds a function called once, when it completes.
---@param f fun(a: kinetic.Animation)
---@return kinetic.Animation
function Animation:on_complete(f) end

---A new tween that starts when this one completes (flux's `after`), on this
---animation's target when `target` is omitted.  Returns the new animation.
---
---```lua
---anim:to(o, 1, { x = 10 }):after(1, { x = 20 }):after(other, 0.5, { y = 0 })
---```
---@param target kinetic.AnimTarget
---@param duration number
---@param values kinetic.AnimValues
---@param opts? kinetic.TweenOptions
---@return kinetic.Animation
---@overload fun(self: kinetic.Animation, duration: number, values: kinetic.AnimValues, opts?: table): kinetic.Animation
function Animation:after(target, duration, values, opts) end

---Tweens, calls and labels placed in time, played as one animation (it has
---every method of kinetic.Animation).  The adding methods return the sequence.
---@class kinetic.Sequence: kinetic.Animation
local Sequence = {}

---A child tween to `values` at `position` (default: the sequence's end).  A
---number or string as the 4th argument is the position.
---
---```lua
---anim:sequence()
---  :to(title, 0.4, { alpha = 1 })
---  :label("panel")
---  :to(panel, 0.5, { x = 0 }, { easing = "outBack" }, "-=0.1")
---  :to(button, 0.3, { scale = 1 }, "panel+=0.3")
---```
---@param target kinetic.AnimTarget
---@param duration number
---@param values kinetic.AnimValues
---@param opts? kinetic.TweenOptions|kinetic.Position the options, or the position (then no options)
---@param position? kinetic.Position
---@return kinetic.Sequence
function Sequence:to(target, duration, values, opts, position) end

---A child tween from `values` to the fields' values when it starts.
---@param target kinetic.AnimTarget
---@param duration number
---@param values kinetic.AnimValues
---@param opts? kinetic.TweenOptions|kinetic.Position the options, or the position (then no options)
---@param position? kinetic.Position
---@return kinetic.Sequence
function Sequence:from(target, duration, values, opts, position) end

---Calls fn(seq) whenever the play crosses `position`, in either direction.
---@param fn fun(seq: kinetic.Sequence)
---@param position? kinetic.Position
---@return kinetic.Sequence
function Sequence:call(fn, position) end

---Names a time (default: the sequence's end) for later positions.
---@param name string
---@param position? kinetic.Position
---@return kinetic.Sequence
function Sequence:label(name, position) end

---A set of animations driving the fields of your tables, advanced by one
---update a frame.  `tostring(anim)` is `"kinetic.Animator (3 running)"`.
---@class kinetic.Animator: userdata
local Animator = {}

---A tween from the fields' values at its start (after its delay) to `values`.
---@param target kinetic.AnimTarget
---@param duration number seconds >= 0
---@param values kinetic.AnimValues
---@param opts? kinetic.TweenOptions
---@return kinetic.Animation
function Animator:to(target, duration, values, opts) end

---A tween from `values` to the fields' values at its start; the start values
---are written on its first frame.
---@param target kinetic.AnimTarget
---@param duration number seconds >= 0
---@param values kinetic.AnimValues
---@param opts? kinetic.TweenOptions
---@return kinetic.Animation
function Animator:from(target, duration, values, opts) end

---Springs that carry the fields to `values`.  When one live spring animation
---of this animator drives every field given, it is retargeted (position and
---velocity kept) and returned; otherwise a new one starts, each field keeping
---the velocity the spring or tween that drove it had.
---@param target kinetic.AnimTarget
---@param values kinetic.AnimValues
---@param opts? kinetic.SpringAnimOptions
---@return kinetic.Animation
function Animator:spring(target, values, opts) end

---Drives one number field with a scroll or inertia motion from its value now.
---opts.kind: "inertia" (default), "bouncing", "clamping" or "decay"; the kind's own
---options (as kinetic.inertia etc., less position and velocity); round; on_start,
---on_update, on_complete.
---@param target table
---@param field string
---@param velocity number units per second
---@param opts? table
---@return kinetic.Animation
function Animator:fling(target, field, velocity, opts) end

---An empty sequence.
---@param opts? kinetic.SequenceOptions
---@return kinetic.Sequence
function Animator:sequence(opts) end

---Followers (kinetic.follower) carry number fields to `values` (numbers or
---"+=n") in the least time the limits allow, from rest; it ends when the last
---arrives.  Called again for fields one live follow drives, it re-plans each
---from its position and velocity and returns the same handle.
---
---```lua
---anim:follow(cam, { x = px, y = py }, { max_acceleration = 2000, max_speed = 600 })
---```
---@param target table|userdata
---@param values table<string, number|string>
---@param opts? kinetic.FollowAnimOptions
---@return kinetic.Animation
function Animator:follow(target, values, opts) end

---Shakes number fields about their values at its start (the bases), ending
---exactly on them; frames of any lengths give the same values.
---
---```lua
---anim:shake(camera, { "ox", "oy" }, { amplitude = 6, duration = 0.4, round = true })
---```
---@param target table|userdata
---@param fields string[]
---@param opts kinetic.ShakeOptions
---@return kinetic.Animation
function Animator:shake(target, fields, opts) end

---A setter for one field: each call sends the field from its value now to
---`value` with one animation, kept as long as the animator (it survives
---completion, stop and overrides); no allocation per call after the first.
---
---```lua
---local set_x = anim:quick_to(cursor, "x", { duration = 0.2, round = true })
---function love.mousemoved(mx) set_x(mx) end
---```
---@param target table|userdata
---@param field string
---@param opts? kinetic.QuickToOptions
---@return fun(value: number)
function Animator:quick_to(target, field, opts) end

---The least dt >= 0 such that update(dt) makes something happen (a rounded
---value written changes, an animation or a sequence child starts or ends, a
---callback other than on_update is due), exact to the double; 0 while an
---unrounded field moves (or a Lua easing or round function, a group of springs,
---a group of more than one pass plays); math.huge when nothing ever will.
---@return number
function Animator:next_change() end

---Reduced motion: each animation that starts completes in the update that
---starts it (end values, springs on their targets; a shake writes nothing),
---callbacks in their usual order; endless ones keep running.  Without `on`
---returns the setting; with it (a boolean) sets it and returns the animator.
---@param on boolean
---@return kinetic.Animator
---@overload fun(self: kinetic.Animator): boolean
function Animator:reduced_motion(on) end

---Advances every animation dt seconds (>= 0), writes every driven field, then
---fires the frame's callbacks in time order.  Returns how many are live.
---@param dt number
---@return integer running
function Animator:update(dt) end

---Stops every animation, or those on `target`, or lets go of one field of
---`target`.  Fields stay as they are; no on_complete.
---@param target? kinetic.AnimTarget
---@param field? string
function Animator:stop(target, field) end

---Freezes the whole animator (update moves nothing).
function Animator:pause() end

---Unfreezes it.
function Animator:resume() end

---The animator's speed (default 1), multiplying each animation's own.  Without
---s returns it; with s (>= 0) sets it and returns the animator.
---@param s number
---@return kinetic.Animator
---@overload fun(self: kinetic.Animator): number
function Animator:time_scale(s) end

---The live animations at the top level (a list of targets or a sequence
---counts 1; a chained `after` counts once it starts).
---@return integer
function Animator:count() end

---A new animator.
---
---```lua
---local anim = kinetic.animator()
---anim:to(button, 0.5, { x = 100, alpha = 1 }, { easing = "outBack", delay = 0.2 })
---anim:spring(card, { x = mx, y = my }, { preset = "wobbly" })
---function love.update(dt) anim:update(dt) end
---```
---@param opts? kinetic.AnimatorOptions
---@return kinetic.Animator
function kinetic.animator(opts) end

-- ---------------------------------------------------------------------------
-- 8. Paths and colours
-- ---------------------------------------------------------------------------

---How a path joins its points.
---@alias kinetic.PathKind
---| "bezier"        # one Bezier curve of degree n - 1 (2 to 65 points); never closed
---| "bezier-spline" # cubic segments p0, c1, c2, p1, c1, c2, p2, ...: 3k + 1 points (closed: 3k)
---| "catmull-rom"   # a cubic through every point (alpha 0.5: centripetal)
---| "linear"        # a polyline

---A path definition: the points {x, y} are the array part, in order.
---@class kinetic.PathDef
---@field [integer] number[] a point {x, y}
---@field kind kinetic.PathKind
---@field closed? boolean a loop back to the first point (default false)
---@field alpha? number catmull-rom only: the knot exponent in [0, 1] (0.5: centripetal, the default)

---A plane curve travelled at constant speed (immutable).  `tostring(p)` is
---`"kinetic.Path(catmull-rom closed, 4 segments, length 420.37968578856): 0x..."`.
---@class kinetic.Path: userdata
local Path = {}

---The point at the fraction u of the arc length and the direction of motion
---there, atan2(dy, dx) in radians in (-pi, pi] (where the speed vanishes: the
---direction it leaves in; at the end, arrives in).  A closed path takes u
---modulo 1; an open one clamps u to [0, 1].
---@param u number
---@return number x
---@return number y
---@return number angle
function Path:at(u) end

---The point at the curve's own parameter s (segment i of n on [i/n, (i+1)/n]),
---wrapped or clamped as `at`.
---@param s number
---@return number x
---@return number y
function Path:point(s) end

---The n + 1 points at(i / n), i = 0 .. n, as one flat array {x0, y0, ..., xn, yn}.
---@param n integer 1 .. 1e7
---@param out? number[] filled and returned instead of a new table
---@return number[]
function Path:sample(n, out) end

---The arc length.
---@return number
function Path:length() end

---A path at constant speed.
---
---```lua
---local track = kinetic.path{ kind = "catmull-rom", closed = true,
---  { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } }
---local x, y, angle = track:at(0.25)
---anim:to(car, 6, { pos = track }, { rotate = true, easing = "linear" })
---```
---@param def kinetic.PathDef
---@return kinetic.Path
function kinetic.path(def) end


---The colour spaces of `kinetic.mix` and `Color:to` ("xyz" is "xyz-d65").
---@alias kinetic.ColorSpace
---| "srgb" | "srgb-linear" | "display-p3" | "a98-rgb" | "prophoto-rgb" | "rec2020"
---| "xyz" | "xyz-d50" | "xyz-d65" | "lab" | "lch" | "oklab" | "oklch" | "hsl" | "hwb"

---How `kinetic.mix` interpolates hues (CSS Color 4 section 12.4).
---@alias kinetic.HueMethod "shorter"|"longer"|"increasing"|"decreasing"

---A CSS colour string (`"#336699"`, `"rebeccapurple"`, `"oklch(0.7 0.15 250 / 0.5)"` ...) or a Color.
---@alias kinetic.ColorSpec string|kinetic.Color

---A CSS Color 4 colour, kept in the space it was written in (immutable).
---`tostring(c)` is its CSS text in that space: `rgb(51, 102, 153)`,
---`rgba(...)`, `hsl(120 100% 25%)`, `lab(50 20 -30 / 0.5)`,
---`color(display-p3 1 0 0)`, with `none` for a missing component.
---@class kinetic.Color: userdata
local Color = {}

---Lowercase `"#rrggbb"`, or `"#rrggbbaa"` when alpha is below 1, of the
---colour gamut-mapped to sRGB (CSS Color 4 section 13.2).
---@return string
function Color:hex() end

---The colour gamut-mapped to sRGB: red, green, blue and alpha in [0, 1].
---@return number r
---@return number g
---@return number b
---@return number alpha
function Color:rgba() end

---The three components in `space` as CSS writes them, not gamut-mapped (RGB
---and XYZ spaces on the 0-1 scale, hsl s and l and hwb w and b in 0-100, lab
---and lch L in 0-100, oklab and oklch L in 0-1, hues in degrees; a missing or
---powerless component as 0), then alpha.
---@param space kinetic.ColorSpace
---@return number c1
---@return number c2
---@return number c3
---@return number alpha
function Color:to(space) end

---A colour from a CSS Color 4 string (every form that needs no document), from
---sRGB numbers r, g, b [, alpha] in [0, 1], or a Color (returned as is).
---
---```lua
---local c = kinetic.color("oklch(70% 0.15 250)")
---print(c:hex(), c:to("hsl"))
---kinetic.color(1, 0.5, 0)   -- rgb(255, 127.5, 0)
---```
---@param spec kinetic.ColorSpec|number
---@param g? number
---@param b? number
---@param alpha? number
---@return kinetic.Color
function kinetic.color(spec, g, b, alpha) end

---CSS Color 4 interpolation from a (t = 0) to b (t = 1) in `space` (default
---"oklab"): missing components carried forward and filled from the other
---colour, premultiplied alpha, hues by `hue` (default "shorter").  t may leave
---[0, 1] (alpha is clamped).  The result is in `space`.
---@param a kinetic.ColorSpec
---@param b kinetic.ColorSpec
---@param t number
---@param space? kinetic.ColorSpace
---@param hue? kinetic.HueMethod
---@return kinetic.Color
function kinetic.mix(a, b, t, space, hue) end

return kinetic
