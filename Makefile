# Snowglobe — make run | make test | make bench | make deps
# Every target installs what it needs first (deps is idempotent: it does nothing when the
# Debian packages are already there).

SWIFT ?= swift
SWIFT_FLAGS ?=
RELEASE_FLAGS = -c release -Xswiftc -enforce-exclusivity=unchecked

.PHONY: all deps deps-bench build release test fuzz soak run bench clean

all: build

## deps: install the Debian packages Snowglobe builds and tests with
deps:
	@./scripts/deps.sh

deps-bench:
	@./scripts/deps.sh --bench

## build: debug build of every target
build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## release: optimised build
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## test: install, build and run every test
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

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

## run: install, build, and run snowglobe on the built-in default example
run: release
	$(SWIFT) run $(RELEASE_FLAGS) snowglobe $(ARGS)

## bench: release build of the benchmarks, run side by side with the peers
PEERS ?= $(abspath $(CURDIR)/../shared/peers)

bench: deps-bench
	cd Benchmarks && $(SWIFT) build $(RELEASE_FLAGS)
	cd Benchmarks && ./.build/release/snowglobe-bench --peers $(PEERS) $(BENCH_ARGS)

clean:
	rm -rf .build Benchmarks/.build
