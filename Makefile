# The two commands a newcomer needs: `make run` and `make test`.
# Both install what a fresh Debian machine lacks, build, and are quiet when all is in place.

SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
SYSTEM_PACKAGES := libedit-dev libsqlite3-dev
# Headless Chromium and its WebDriver: the inspector's browser tests drive the real page with them.
BROWSER_PACKAGES := chromium chromium-driver

# The flags of every debug build of the package here (`run`, `build`, `test`): no debug information,
# which makes a fresh build about a sixth shorter on 2 cores (Benchmarks/README.md has the figures). A
# debugger wants it: `swift build` without them builds with it (in the same .build, so the next
# `make` rebuilds without).
BUILD_FLAGS := -debug-info-format none

.PHONY: run test smoke build deps example example-build docs fuzz fuzz-build fuzz-smoke-build fuzz-quick fuzz-parser-lines bench-smoke bench-smoke-build

## deps: install the system libraries the package links against (libedit for line editing, SQLite for GRDB),
## PostgreSQL when initdb is missing (the server tests start throwaway clusters; Debian keeps initdb off PATH),
## and headless Chromium with chromedriver for the inspector's browser tests.
deps:
	@missing=""; for p in $(SYSTEM_PACKAGES) $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing ..."; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

## build: compile every target.
build: deps
	@swift build $(BUILD_FLAGS)

## run: build and start the interactive shell (ARGS="animals" picks another domain).
run: deps
	@[ -x .build/debug/replshell ] || echo "Building replshell (the first build takes a few minutes)..."
	@swift build --product replshell -q $(BUILD_FLAGS)
	@.build/debug/replshell $(ARGS)

## example: build Examples/Shelf, a client package on the ReplShell library, check that it compiles
## none of the samples' heavy dependencies, run its scenario tests, and check its scenarios through the
## package's command plugin (`swift package replshell check`), as a client's CI would.
example: example-build
	@cd Examples/Shelf && shelf="$$(swift build --show-bin-path)" && \
	  $(call in_scratch_folder, "$$shelf/ShelfPackageTests.xctest" --testing-library swift-testing)
	@cd Examples/Shelf && swift package replshell check

## example-build: build Examples/Shelf and check that it compiles none of the samples' heavy dependencies.
example-build: deps
	@cd Examples/Shelf && swift build --build-tests -q
	@heavy=$$(ls Examples/Shelf/.build/debug/Modules | grep -E '^(GRDB|Hummingbird|NIO[A-Za-z]*|AnimalsData|QuakesData)\.swiftmodule$$' || true); \
	if [ -n "$$heavy" ]; then echo "Examples/Shelf compiled modules a ReplShell client must not need:" $$heavy; exit 1; fi

## docs: the DocC archive of ReplShell, the registration (ReplShellDomain), the attachment, the script runner, the testing
## helpers (ReplShellTesting) and the store API, linked as one, in .build/docs.
docs: deps
	@swift package --allow-writing-to-directory .build/docs generate-documentation --target ReplShell --target ReplShellDomain --target ReplShellAttachment --target Scenarios \
	  --target ReplShellTesting --target ImmutableData --enable-experimental-combined-documentation --output-path .build/docs
	@echo "open .build/docs/index.html through a web server, or: swift package --disable-sandbox preview-documentation --target ReplShell"

## test: the source checks, then build this package, then run the committed scenarios against their goldens
## through the command line a CI job runs, and every unit test, whose summary ends the output. The client
## example (`make example`: Examples/Shelf built on its own, its tests, its scenarios through the command
## plugin) and the short fuzz and benchmark runs (`make smoke`) each build the engine again in a package of
## their own, so `.ci/run` runs them, not this; `make fuzz` runs the long ones.
## The tests run with TMPDIR set to a folder of the run's own, which must be empty when they end: a test
## that leaves anything in the temporary folder fails the run, which names what it left. (The test
## bundles run directly, not through `swift test`, whose own lock files would land there too.) Others may pass
## through the folder but not list it (0711): the tests that run an app as `nobody` make their folders in it.
## Every session the unit tests start waits up to 10 minutes for its listeners (REPLSHELL_SETTLE_TIMEOUT):
## a wait for the settle signal, with a guard that a fully parallel run on a loaded machine cannot trip
## (the tests of a domain's own timeout set theirs). First, Checks/policy.sh: every `try?` and `@unchecked Sendable` on its list with its reason, and the module
## cut's counts within their ceilings.
test: deps
	@Checks/policy.sh
	@swift build --build-tests -q $(BUILD_FLAGS)
	@bin="$$(swift build --show-bin-path)"; \
	$(call in_scratch_folder, \
	  "$$bin/replshell" --check Scenarios/ && \
	  REPLSHELL_SETTLE_TIMEOUT=600 "$$bin/ImmutableDataPackageTests.xctest" --testing-library swift-testing)

## smoke: what `.ci/run` runs before `make test`, each from a build of its own nested package:
## every fuzz target of Fuzz/ for FUZZ_SMOKE_SECONDS (5) from its seed corpus, in the fuzz executable's debug
## build (`fuzz-smoke-build`) — a crash, a hang past the target's budget or memory past the limit fails, the
## input kept in Fuzz/Findings/ — then every benchmark target of Benchmarks/ once in smoke mode
## (Benchmarks/smoke.sh --skip-build, from the debug build `bench-smoke-build` makes); a target that fails to
## build, crashes or reports a failed benchmark fails. Like the tests, they run in a temporary folder of their
## own that must be empty when they end.
smoke: fuzz-smoke-build bench-smoke-build
	@$(call in_scratch_folder, \
	  fuzzed=0; FUZZ_BINARY="$(FUZZ_SMOKE_BINARY)" FUZZ_WORK="$$scratch/fuzz" FUZZ_BUDGET_SCALE=$(FUZZ_SMOKE_BUDGET_SCALE) \
	    Fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS) || fuzzed=$$?; rm -rf "$$scratch/fuzz"; [ "$$fuzzed" -eq 0 ] && \
	  Benchmarks/smoke.sh --skip-build)

# Runs its argument (shell commands) with TMPDIR set to a new folder (0711) that `$$scratch` names, removes
# the folder, and fails naming what the commands left in it; otherwise exits with their status.
in_scratch_folder = scratch="$$(mktemp -d "$${TMPDIR:-/tmp}/replshell-test.XXXXXX")"; chmod 711 "$$scratch"; status=0; \
	( export TMPDIR="$$scratch"; $(1) ) || status=$$?; \
	left="$$(ls -A "$$scratch")"; rm -rf "$$scratch"; \
	if [ -n "$$left" ]; then echo "make: the run left these in its temporary folder (each must remove what it makes):"; echo "$$left"; exit 1; fi; \
	exit $$status

# The libFuzzer targets of Fuzz/, one executable: each input surface by name (Fuzz/README.md).
FUZZ_TARGETS := parser paths completion script replay mcp attach-app attach-shell websocket history linearize explore-corpus against
# `make fuzz-quick` leaves out a target while a fault it found is open (Fuzz/Found/README.md): none is.
FUZZ_TEST_TARGETS := $(FUZZ_TARGETS)
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS ?= 10
# `make test`'s short run of each target, in the debug build: seconds each, and the factor its per-input
# budgets are multiplied by (unoptimized code is slower than the release build's).
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SMOKE_BUDGET_SCALE ?= 4
FUZZ_SMOKE_BINARY := $(CURDIR)/Fuzz/.build-fuzz-debug/debug/Fuzz

## fuzz-build: the fuzz executable, every Swift module instrumented for libFuzzer and AddressSanitizer (release).
fuzz-build: deps
	@cd Fuzz && swift build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -q

## fuzz-smoke-build: the fuzz executable for `make test`: a debug build (-Onone), every Swift module of its graph
## instrumented for libFuzzer but not for AddressSanitizer, which the release build of `make fuzz-build` adds;
## it compiles in a fraction of that build's time (Fuzz/README.md has the figures).
fuzz-smoke-build: deps
	@cd Fuzz && swift build --scratch-path .build-fuzz-debug -Xswiftc -sanitize=fuzzer -q

## fuzz: run each fuzz target for FUZZ_SECONDS (60; FUZZ_TARGETS="parser mcp" picks some); a crash, a hang past
## the target's budget or an unbounded allocation fails, its input kept in Fuzz/Findings/. Then the parser's
## property test over a million generated lines (`fuzz-parser-lines`; `make test` runs 50,000).
fuzz: fuzz-build
	@Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
	@$(MAKE) --no-print-directory fuzz-parser-lines

## fuzz-parser-lines: the parser property test of SampleDomainsTests over PARSER_LINES (1,000,000) generated lines,
## about four minutes on 2 cores.
PARSER_LINES ?= 1000000
fuzz-parser-lines: deps
	@swift build --build-tests -q $(BUILD_FLAGS)
	@REPLSHELL_PARSER_LINES=$(PARSER_LINES) "$$(swift build --show-bin-path)/ImmutableDataPackageTests.xctest" \
	  --testing-library swift-testing --filter ParserFuzzTests

## fuzz-quick: each fuzz target without an open finding for FUZZ_TEST_SECONDS (10).
fuzz-quick: fuzz-build
	@Fuzz/run.sh $(FUZZ_TEST_SECONDS) $(FUZZ_TEST_TARGETS)

## bench-smoke: every benchmark target once, in smoke mode (Benchmarks/smoke.sh), so that a protocol or API
## change cannot break one unseen: a debug build of Benchmarks/, each executable started on its own (not
## through the benchmark plugin, whose release build `swift package benchmark` keeps). `make test` runs it too.
bench-smoke: deps
	@Benchmarks/smoke.sh

## bench-smoke-build: the debug build of Benchmarks/ that `make test`'s smoke run starts (Benchmarks/.build).
bench-smoke-build: deps
	@cd Benchmarks && swift build -q
