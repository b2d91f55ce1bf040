# kinetic -- build, test, demo, bench.
#
#   make check                the loop to run after every edit: the lua5.4
#                             build, the suite without the #stress specs,
#                             luacheck on lua/ and spec/
#   make check BACKEND=lua    the same on the Lua backend (kinetic.pure):
#                             KINETIC_BACKEND=lua, no C module on the path,
#                             the #c_only specs left out
#   make test                 the full gate, what CI runs: deps, all five VMs on
#                             the C core and on the Lua backend, a love.js-like
#                             Lua 5.1, luacheck, sanitizers, valgrind, fuzz, the
#                             differential fuzzer, ARM64 under qemu, Windows,
#                             hosts (tools/test/README.md lists the stages)
#   make                      build for lua5.4 (build/lua5.4/kinetic/core.so)
#   make LUA=luajit           build for one VM: lua5.1 lua5.2 lua5.3 lua5.4 luajit
#   make demo                 the tour (examples/demo.lua on lua5.4)
#   make bench                benchmarks on lua5.4 and luajit (C core), then
#                             on lua5.1, lua5.4 and luajit with the Lua
#                             backend (KINETIC_BACKEND=lua, 3 runs a row)
#   make install [PREFIX=..]  install for $(LUA)
#   make windows              cross-compile build/windows/kinetic/core.dll (x86-64,
#                             mingw-w64) against LuaJIT's lua51.dll, which
#                             tools/setup/windows-luajit.sh builds once from Debian's source
#   make nvim [LUA=luajit]    the 5.1-ABI module in lua/kinetic/ for Neovim
#   make love                 the module next to the example game (examples/love)
#   make love-dist            build/love-dist/kinetic/: init.lua, ffi.lua, pure/
#                             (the Lua backend), core.so and core.dll, the folder
#                             a LÖVE game ships
#   make arm64                ARM64 under qemu-user: tools/setup/arm64.sh (qemu,
#                             the cross gcc, arm64 Lua 5.4 and LuaJIT extracted
#                             from Debian's .debs, cached in build/arm64/root),
#                             then core.so cross-built for both
#                             (build/arm64/lua5.4, build/arm64/luajit)
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_DIFF_RUNS=300000]
#                             libFuzzer harnesses (clang, ASan+UBSan), each run
#                             FUZZ_SECONDS on a copy of its committed seed corpus
#                             (make fuzz-c), then the differential fuzzer of the
#                             two backends, fuzz/diff.lua, FUZZ_DIFF_RUNS scripts
#                             on lua5.4 and on luajit (make fuzz-diff)
#
# Every variable below can be overridden on the command line (LuaRocks style).

LUA        ?= lua5.4
VMS        := lua5.1 lua5.2 lua5.3 lua5.4 luajit
CC         ?= cc
LUA_INCDIR ?=
ifeq ($(strip $(LUA_INCDIR)),)
LUA_CFLAGS := $(shell pkg-config --cflags $(LUA) 2>/dev/null)
else
LUA_CFLAGS := -I$(LUA_INCDIR)
endif
# A Lua C module leaves the lua_* symbols to the host that loads it.  ELF
# linkers allow that with -shared; macOS's linker wants a bundle told so
# (what LuaRocks passes there).
ifeq ($(shell uname -s 2>/dev/null),Darwin)
LIBFLAG    ?= -bundle -undefined dynamic_lookup
else
LIBFLAG    ?= -shared
endif
OPT        ?= -O2
WERROR     ?= -Werror
WARN       := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
              -Wmissing-prototypes -Wmissing-declarations -Wpointer-arith \
              -Wcast-qual -Wwrite-strings -Wundef -Wformat=2 -Wvla \
              -Wdouble-promotion -Wnull-dereference $(WERROR)
CFLAGS     ?= $(OPT) -g
ALL_CFLAGS := -std=c99 -fPIC -fvisibility=hidden $(WARN) $(CFLAGS) $(LUA_CFLAGS)
LDFLAGS    ?=
LIBS       := -lm

BUILD_ROOT ?= build
BUILD      ?= $(BUILD_ROOT)/$(LUA)
# The two C layers.  csrc/core is pure C99 (it is compiled without any Lua
# include path, so a Lua header there fails the build); csrc/lua is the
# binding.  CORE_SRCS is the one list the library, the fuzzers and the C
# benchmark share.
CORE_SRCS  := $(sort $(wildcard csrc/core/*.c))
CORE_HDRS  := $(wildcard csrc/core/*.h)
LUA_SRCS   := $(sort $(wildcard csrc/lua/*.c))
LUA_HDRS   := $(wildcard csrc/lua/*.h)
CORE_OBJS  := $(patsubst csrc/%.c,$(BUILD)/obj/%.o,$(CORE_SRCS))
LUA_OBJS   := $(patsubst csrc/%.c,$(BUILD)/obj/%.o,$(LUA_SRCS))
OBJS       := $(CORE_OBJS) $(LUA_OBJS)
SO         := $(BUILD)/kinetic/core.so
CORE_CFLAGS := -std=c99 -fPIC -fvisibility=hidden $(WARN) $(CFLAGS) -Icsrc/core

LUA_ABI    := $(if $(filter luajit lua5.1,$(LUA)),5.1,$(patsubst lua%,%,$(LUA)))
# The Lua backend, kinetic.pure: what install, love and love-dist copy.
PURE_LUA   := $(sort $(wildcard lua/kinetic/pure/*.lua))
PURE_API_LUA := $(sort $(wildcard lua/kinetic/pure/api/*.lua))
PREFIX     ?= /usr/local
INST_LIBDIR ?= $(PREFIX)/lib/lua/$(LUA_ABI)
INST_LUADIR ?= $(PREFIX)/share/lua/$(LUA_ABI)

.PHONY: all build check test deps demo bench install clean nvim love love-dist fuzz fuzz-build fuzz-c \
        fuzz-diff windows windows-dll arm64

all: build
build: $(SO)

$(BUILD)/obj/core/%.o: csrc/core/%.c $(CORE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) -c $< -o $@

$(BUILD)/obj/lua/%.o: csrc/lua/%.c $(CORE_HDRS) $(LUA_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Icsrc/core -c $< -o $@

$(SO): $(OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(LIBFLAG) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

deps:
	@sh tools/setup/deps.sh

# tools/test/README.md describes both.  BACKEND=lua: make check on the Lua
# backend.
BACKEND    ?= c
check:
	@BACKEND="$(BACKEND)" sh tools/test/check.sh

test: deps
	@sh tools/test/test.sh

# The tour needs only a C compiler and Lua 5.4 with its headers: tools/setup/demo.sh
# finds them by command (installing what is missing on Debian as root).
demo:
	@sh tools/setup/demo.sh

bench: deps
	@for vm in lua5.4 luajit; do \
	  $(MAKE) --no-print-directory LUA=$$vm build >/dev/null || exit 1; \
	  echo "== $$vm"; \
	  KINETIC_BACKEND=c LUA_CPATH="build/$$vm/?.so;;" LUA_PATH='lua/?.lua;lua/?/init.lua;bench/?.lua;;' \
	    $$vm bench/run.lua || exit 1; \
	done
	@for vm in lua5.1 lua5.4 luajit; do \
	  echo "== $$vm (Lua backend)"; \
	  KINETIC_BACKEND=lua KINETIC_BENCH_RUNS=$${KINETIC_BENCH_RUNS:-3} LUA_CPATH="build/$$vm/?.so;;" \
	    LUA_PATH='lua/?.lua;lua/?/init.lua;bench/?.lua;;' $$vm bench/run.lua || exit 1; \
	done
	@mkdir -p $(BUILD_ROOT)/c
	@$(CC) -std=c99 -O2 -Icsrc/core -o $(BUILD_ROOT)/c/core_ns bench/core_ns.c \
	  $(CORE_SRCS) -lm
	@echo "== C"
	@$(BUILD_ROOT)/c/core_ns

# Neovim: the 5.1-ABI module where Neovim's loader finds it (lua/ on
# 'runtimepath'), built against Lua 5.1's headers, or LuaJIT's with
# `make nvim LUA=luajit`.  Copied then renamed, so a running Neovim that has
# the old file mapped keeps it.
NVIM_LUA := $(if $(filter luajit,$(LUA)),luajit,lua5.1)
nvim:
	@sh tools/setup/check-build.sh "$(CC)" $(NVIM_LUA) "$(LUA_INCDIR)"
	@$(MAKE) --no-print-directory LUA=$(NVIM_LUA) build
	cp $(BUILD_ROOT)/$(NVIM_LUA)/kinetic/core.so lua/kinetic/core.so.tmp
	mv -f lua/kinetic/core.so.tmp lua/kinetic/core.so

# LÖVE: the same 5.1-ABI module next to the example game (see examples/love).
love:
	@$(MAKE) --no-print-directory LUA=lua5.1 build
	@mkdir -p examples/love/kinetic
	cp $(BUILD_ROOT)/lua5.1/kinetic/core.so examples/love/kinetic/core.so.tmp
	mv -f examples/love/kinetic/core.so.tmp examples/love/kinetic/core.so
	rm -rf examples/love/kinetic/pure && mkdir -p examples/love/kinetic/pure/api
	cp lua/kinetic/init.lua lua/kinetic/ffi.lua examples/love/kinetic/
	cp $(PURE_LUA) examples/love/kinetic/pure/
	cp $(PURE_API_LUA) examples/love/kinetic/pure/api/

# Windows (x86-64): kinetic/core.dll for LuaJIT's lua51.dll -- the DLL LÖVE
# for Windows ships -- cross-compiled with mingw-w64 from the same source lists
# and warnings.  WIN_LUAJIT is a directory with lua51.dll and include/; by
# default the one tools/setup/windows-luajit.sh builds from Debian's luajit source
# and caches under build/windows/luajit/ (`make windows` runs that script,
# then makes the DLL in a second make, which sees what the script left).
# The DLL imports lua51.dll and system DLLs only (libgcc is linked in
# statically); it exports what KN_EXPORT marks __declspec(dllexport), so
# -fPIC and -fvisibility=hidden are left out.
WIN_CROSS  ?= x86_64-w64-mingw32-
WIN_CC     ?= $(WIN_CROSS)gcc
WIN_BUILD  ?= $(BUILD_ROOT)/windows
WIN_LUAJIT ?= $(BUILD_ROOT)/windows/luajit/current
WIN_CFLAGS := -std=c99 $(WARN) $(CFLAGS)
WIN_LDFLAGS ?=
WIN_OBJS   := $(patsubst csrc/%.c,$(WIN_BUILD)/obj/%.o,$(CORE_SRCS) $(LUA_SRCS))
WIN_DLL    := $(WIN_BUILD)/kinetic/core.dll

windows:
ifeq ($(WIN_LUAJIT),$(BUILD_ROOT)/windows/luajit/current)
	@BUILD_ROOT="$(BUILD_ROOT)" sh tools/setup/windows-luajit.sh
endif
	@$(MAKE) --no-print-directory windows-dll

windows-dll: $(WIN_DLL)

$(WIN_BUILD)/obj/core/%.o: csrc/core/%.c $(CORE_HDRS)
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) -Icsrc/core -c $< -o $@

$(WIN_BUILD)/obj/lua/%.o: csrc/lua/%.c $(CORE_HDRS) $(LUA_HDRS) $(WIN_LUAJIT)/include/lua.h
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) -I$(WIN_LUAJIT)/include -Icsrc/core -c $< -o $@

$(WIN_DLL): $(WIN_OBJS) $(WIN_LUAJIT)/lua51.dll
	@mkdir -p $(dir $@)
	$(WIN_CC) -shared -static-libgcc $(WIN_LDFLAGS) -o $@ $(WIN_OBJS) $(WIN_LUAJIT)/lua51.dll

# LÖVE distribution: $(BUILD_ROOT)/love-dist/kinetic/ holds init.lua, ffi.lua,
# pure/ (the Lua backend, what kinetic falls back to where no binary loads:
# love.js, Android, iOS), core.so (Linux x86-64, the 5.1 ABI LÖVE's LuaJIT
# loads) and core.dll (Windows x64, linked against LÖVE's lua51.dll).
# LÖVE's require picks the binary of the system it runs on.  README.md says
# what a game does with it.
LOVE_DIST := $(BUILD_ROOT)/love-dist/kinetic
love-dist: windows
	@$(MAKE) --no-print-directory LUA=lua5.1 build
	rm -rf $(LOVE_DIST) && mkdir -p $(LOVE_DIST)/pure/api
	cp lua/kinetic/init.lua lua/kinetic/ffi.lua $(LOVE_DIST)/
	cp $(PURE_LUA) $(LOVE_DIST)/pure/
	cp $(PURE_API_LUA) $(LOVE_DIST)/pure/api/
	cp $(BUILD_ROOT)/lua5.1/kinetic/core.so $(WIN_DLL) $(LOVE_DIST)/

install: $(SO)
	install -d $(DESTDIR)$(INST_LIBDIR)/kinetic $(DESTDIR)$(INST_LUADIR)/kinetic/pure/api
	install -m 0755 $(SO) $(DESTDIR)$(INST_LIBDIR)/kinetic/core.so
	install -m 0644 lua/kinetic/*.lua $(DESTDIR)$(INST_LUADIR)/kinetic/
	install -m 0644 $(PURE_LUA) $(DESTDIR)$(INST_LUADIR)/kinetic/pure/
	install -m 0644 $(PURE_API_LUA) $(DESTDIR)$(INST_LUADIR)/kinetic/pure/api/

# libFuzzer: the C core only (no Lua), clang with ASan + UBSan.  Each harness
# runs FUZZ_SECONDS on a scratch copy of fuzz/corpus/<harness> (the committed
# seeds stay as they are); a crash leaves its input in $(FUZZ_BUILD)/.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_BUILD   ?= $(BUILD_ROOT)/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c99 -g -O1 $(WARN) $(FUZZ_SAN) -Icsrc/core
FUZZ_HARNESSES := easing_parse bezier spring timeline group motion viewport animator color path
FUZZ_OBJS    := $(patsubst csrc/core/%.c,$(FUZZ_BUILD)/obj/%.o,$(CORE_SRCS))
FUZZ_BINS    := $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_HARNESSES))

$(FUZZ_BUILD)/obj/%.o: csrc/core/%.c $(CORE_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJS) -lm

fuzz-build: $(FUZZ_BINS)
.SECONDARY: $(FUZZ_OBJS)

fuzz: fuzz-c fuzz-diff

fuzz-c: fuzz-build
	@for h in $(FUZZ_HARNESSES); do \
	  rm -rf $(FUZZ_BUILD)/corpus-$$h; mkdir -p $(FUZZ_BUILD)/corpus-$$h; \
	  cp fuzz/corpus/$$h/* $(FUZZ_BUILD)/corpus-$$h/ 2>/dev/null; \
	  echo "== fuzz_$$h ($(FUZZ_SECONDS) s)"; \
	  $(FUZZ_BUILD)/fuzz_$$h -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=$(FUZZ_BUILD)/crash-$$h- -print_final_stats=1 \
	    $(FUZZ_BUILD)/corpus-$$h 2>$(FUZZ_BUILD)/fuzz_$$h.log \
	    || { tail -n 40 $(FUZZ_BUILD)/fuzz_$$h.log; exit 1; }; \
	  grep -E '^stat::number_of_executed_units|^Done' $(FUZZ_BUILD)/fuzz_$$h.log; \
	done

# The differential fuzzer of the two backends (fuzz/diff.lua: the C core
# against kinetic.pure in one Lua state, every value bit for bit) on lua5.4
# and luajit, FUZZ_DIFF_RUNS scripts each from FUZZ_DIFF_SEED, with no time
# limit; make test runs 30000 within 300 s a VM (tools/test/test-fuzz-diff.sh).
FUZZ_DIFF_RUNS ?= 300000
FUZZ_DIFF_SEED ?= 1
fuzz-diff:
	@BUILD_ROOT="$(BUILD_ROOT)" FUZZ_DIFF_TIMEOUT=0 sh tools/test/test-fuzz-diff.sh $(FUZZ_DIFF_RUNS) $(FUZZ_DIFF_SEED)

# ARM64 (aarch64), for tools/test/test-arm64.sh: tools/setup/arm64.sh, then
# core.so cross-built for the arm64 Lua 5.4 (its own headers, from the
# extracted liblua5.4-dev) and LuaJIT (LuaJIT's headers are the same on every
# architecture), each in a build directory of its own.
ARM64_CC   ?= aarch64-linux-gnu-gcc
ARM64_ROOT ?= $(BUILD_ROOT)/arm64/root/current
arm64:
	@BUILD_ROOT="$(BUILD_ROOT)" sh tools/setup/arm64.sh
	@$(MAKE) --no-print-directory LUA=lua5.4 CC=$(ARM64_CC) BUILD=$(BUILD_ROOT)/arm64/lua5.4 \
	  LUA_INCDIR="$(ARM64_ROOT)/usr/include/lua5.4 -I$(ARM64_ROOT)/usr/include/aarch64-linux-gnu" build
	@$(MAKE) --no-print-directory LUA=luajit CC=$(ARM64_CC) BUILD=$(BUILD_ROOT)/arm64/luajit \
	  LUA_INCDIR=/usr/include/luajit-2.1 build

clean:
	rm -rf build lua/kinetic/core.so examples/love/kinetic
