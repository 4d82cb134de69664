# PushProvisioning — the two commands of the README are `make demo` and `make test`.
SWIFT ?= swift
# Every warning fails the build of `make` targets (Package.swift, at its end).
export PP_WARNINGS_AS_ERRORS := 1
FORMAT_PATHS := Sources Tests Plugins Package.swift

.PHONY: deps build test stress-test lint format bench soak fuzz leaks demo docs check-readme check-apple-conformance generate release install dist clean

deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	scripts/check-test-limits.py
	scripts/test.sh
	scripts/check-apple-conformance.sh
	scripts/check-readme.sh
	scripts/check-dependents.sh
	$(MAKE) lint

# The client modules' Apple branch and the seed samples compiled in Swift 6
# mode against stubs of Apple's published interfaces (iOS, macOS, watchOS),
# plus fault injection; see Tests/AppleConformance/README.md. Part of `make test`.
check-apple-conformance:
	scripts/check-apple-conformance.sh

# The suite STRESS_RUNS times (default 5) under STRESS_BUSY busy loops (default 2);
# one line per run, then "stress: K runs, P passed, F failed, H hung".
stress-test: deps
	$(SWIFT) build --build-tests
	scripts/stress-test.sh

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(FORMAT_PATHS)

bench:
	@PP_BENCH_DEPS=1 scripts/deps.sh
	$(SWIFT) build -c release --product tpc-bench
	scripts/bench.sh

# The service figures of `make bench` with the five-minute soak at 70 % of the
# throughput measured in the same run (make bench soaks 60 s); table in
# build/bench/soak/results.md.
soak:
	@PP_BENCH_DEPS=1 scripts/deps.sh
	$(SWIFT) build -c release --product tpc-bench
	$(SWIFT) build -c release --product tpc
	mkdir -p build/bench/soak
	PP_SOAK_SECONDS=$${PP_SOAK_SECONDS:-300} scripts/bench-service.sh | tee build/bench/soak/raw.txt
	python3 scripts/bench_table.py build/bench/soak/raw.txt build/bench/soak

# libFuzzer targets (Fuzz/Package.swift), PP_FUZZ_SECONDS (default 60) each;
# `make test` replays their corpora and crash regressions (FuzzRegressionTests).
fuzz: deps
	scripts/fuzz.sh

# tpc built with AddressSanitizer/LeakSanitizer (.build/asan) under the demo, a
# loaded SQLite service stopped with SIGTERM and the end-to-end suite; leaks in
# code we do not own are suppressed by scripts/lsan.supp. Minutes: not in `make test`.
leaks: deps
	scripts/leaks.sh

# A debug build: a fresh clone builds it once (the tests reuse it), and the demo
# itself takes seconds. `tpc demo` execs the `tpc-demo` built next to `tpc`. DEMO_ARGS=--verbose shows the wire, secrets redacted.
demo: deps
	$(SWIFT) build --product tpc-demo
	$(SWIFT) build --product tpc
	.build/debug/tpc demo $(DEMO_ARGS)

# DocC archives of the SDK modules into build/docs, with the toolchain's docc.
docs:
	scripts/docs.sh

# The OpenAPI document and Apple's certificates compiled into the modules
# (Generated/…+Embedded.swift) from the checked-in files; run it after editing
# openapi.json or a Resources/*.pem (a test fails until then).
generate:
	scripts/embed-resources.py

# Release builds of `tpc` and `tpc-demo` with the Swift runtime linked in, so
# that a machine needs only the Debian libraries INSTALL lists; `tpc demo` and
# `tpc sandbox device` run the `tpc-demo` that sits beside `tpc`.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
RELEASE_FLAGS := -c release --static-swift-stdlib
RELEASE_BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
DIST_NAME ?= tpc-$(VERSION)-linux-$(shell uname -m)

release:
	@PP_RELEASE_DEPS=1 scripts/deps.sh
	$(SWIFT) build $(RELEASE_FLAGS) --product tpc-demo
	$(SWIFT) build $(RELEASE_FLAGS) --product tpc

# `make install PREFIX=/opt/tpc` (or DESTDIR=… for packaging): the two
# executables into $(PREFIX)/bin, nothing else.
install: release
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$(RELEASE_BIN)/tpc" "$(RELEASE_BIN)/tpc-demo" "$(DESTDIR)$(BINDIR)/"

# build/dist/$(DIST_NAME).tar.gz: tpc, tpc-demo, LICENSE and INSTALL.
dist: release
	rm -rf "build/dist/$(DIST_NAME)" "build/dist/$(DIST_NAME).tar.gz"
	mkdir -p "build/dist/$(DIST_NAME)"
	install -m 0755 "$(RELEASE_BIN)/tpc" "$(RELEASE_BIN)/tpc-demo" "build/dist/$(DIST_NAME)/"
	install -m 0644 LICENSE INSTALL "build/dist/$(DIST_NAME)/"
	tar -C build/dist -czf "build/dist/$(DIST_NAME).tar.gz" "$(DIST_NAME)"
	@echo "dist: build/dist/$(DIST_NAME).tar.gz"

# Runs every README command marked runnable (see scripts/check-readme.sh).
check-readme:
	$(SWIFT) build --product tpc-demo
	$(SWIFT) build --product tpc
	scripts/check-readme.sh

clean:
	rm -rf .build build
