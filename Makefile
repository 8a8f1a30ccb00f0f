# Snowglobe — make run | make test | make lint | make install | make uninstall | make bench | make curves | make deps
# Every target installs what it needs first (deps is idempotent: it does nothing when the
# Debian packages are already there).

SWIFT ?= swift
SWIFT_FLAGS ?=
# The Swift runtime and Foundation linked in: a command starts without loading and binding a dozen
# shared libraries (figures in docs/performance.md, "Start-up").
RELEASE_FLAGS = -c release -Xswiftc -enforce-exclusivity=unchecked --static-swift-stdlib

.PHONY: all deps deps-bench python-venv build release test lint fuzz soak run install uninstall bench curves clean

all: build

## deps: install the Debian packages Snowglobe builds and tests with
deps:
	@./tools/deps.sh

deps-bench:
	@./tools/deps.sh --bench

## build: debug build of every target
build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## release: optimised build, .build/release/snowglobe. What the binary is built from is listed
## here, so that a `make release` with nothing changed asks nothing of the package manager.
RELEASE_BINARY = .build/release/snowglobe
RELEASE_INPUTS = Package.swift Examples/snowfall.lua $(shell find Sources Plugins Templates pkgconfig -type f)

release: $(RELEASE_BINARY)

$(RELEASE_BINARY): $(RELEASE_INPUTS)
	@./tools/deps.sh
	$(SWIFT) build $(RELEASE_FLAGS)
	@# A build that changed nothing leaves the binary's time as it was: mark it current.
	@touch $@

## test: install, lint the project's Lua and Swift, build and run every test
test: deps lint python-venv
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

## python-venv: the PyPI tools the tests run (tools/test-requirements.txt), in .build/venv
python-venv:
	@./tools/python-venv.sh

## lint: luacheck over the project's Lua (.luacheckrc: the sandbox's globals and `ca`, from
## docs/luacheck_std.lua, which `snowglobe docs` writes), and swift-format's rules over the Swift
## (.swift-format; tools/swift-lint.sh)
LUA_FOLDERS = $(wildcard Examples Scripts Templates exercises)

lint: deps
	luacheck --no-color --quiet $(LUA_FOLDERS)
	./tools/swift-lint.sh

## fuzz: random `ca` programs for FUZZ_SECONDS (default 300) of wall-clock time; FUZZ_SEED=n
## repeats a run, FUZZ_PROGRAM=n replays one program (printing its source and errors)
FUZZ_SECONDS ?= 300

fuzz: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(SWIFT) test --skip-build $(SWIFT_FLAGS) --filter 'FuzzTests.aLongRun'

## soak: every script in Examples/ for ten minutes of virtual time, its layers, animations,
## timers, tasks and memory sampled: they must hold steady after a minute's warm-up
soak: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	SOAK_EXAMPLES=1 $(SWIFT) test --skip-build $(SWIFT_FLAGS) --filter 'SoakTests.anExampleHoldsSteady'

## curves: plot every named timing function into docs/timing-functions (SVGs and their index)
curves: deps
	SWIFT_FLAGS="$(SWIFT_FLAGS)" ./tools/curves.sh

## run: install, build, and open the viewer on the built-in default example (ARGS="script.lua"
## for another); where there is no display, render the example headless to snowfall.gif instead
RUN_HEADLESS_OUT ?= snowfall.gif

run: release
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY$$SDL_VIDEODRIVER" ]; then \
	  ./$(RELEASE_BINARY) $(ARGS); \
	else \
	  echo "make run: no display here, so the default example is rendered headless to $(RUN_HEADLESS_OUT)"; \
	  ./$(RELEASE_BINARY) render Examples/gallery-snowfall.lua --out $(RUN_HEADLESS_OUT) \
	    --size 480x360 --fps 12 --duration 6 && \
	  echo "make run: wrote $(RUN_HEADLESS_OUT)"; \
	fi

## install: the release binary in $(PREFIX)/bin, and in $(PREFIX)/share what it reads: the
## Scripts library, the examples and lessons, the templates, ca.lua for LuaLS, the docs and the
## shell completions (tools/install.sh; DESTDIR=… puts all of it under a staging folder)
PREFIX ?= /usr/local
DESTDIR ?=

install: release
	./tools/install.sh install .build/release/snowglobe "$(PREFIX)" "$(DESTDIR)"

## uninstall: removes exactly what install put (its manifest, share/snowglobe/install-manifest)
uninstall:
	./tools/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

## bench: release build of the benchmarks, run side by side with the peers
PEERS ?= $(abspath $(CURDIR)/../shared/peers)

bench: deps-bench release
	@# A run cut short can leave its peers running (each child has a process group of its own).
	@if command -v pgrep >/dev/null && pgrep -x 'love|Xvfb' >/dev/null; then \
	  echo "make bench: warning: love or Xvfb is already running (a benchmark run cut short?);" \
	    "it will skew the figures: $$(pgrep -x -l 'love|Xvfb' | tr '\n' ' ')"; fi
	# The benchmarks' build plan misses changes to the package they depend on (a source file
	# added, a library linked otherwise): plan it afresh each time (nothing is recompiled for it).
	rm -f Benchmarks/.build/release.yaml Benchmarks/.build/*/release/description.json
	cd Benchmarks && $(SWIFT) build $(RELEASE_FLAGS)
	cd Benchmarks && ./.build/release/snowglobe-bench --peers $(PEERS) --snowglobe $(CURDIR)/$(RELEASE_BINARY) \
	  --examples $(CURDIR)/Examples --scripts $(CURDIR)/Scripts $(BENCH_ARGS)

clean:
	rm -rf .build Benchmarks/.build
