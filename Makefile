# PushProvisioning — the two commands of the README are `make demo` and `make test`.
SWIFT ?= swift
FORMAT_PATHS := Sources Tests Package.swift

.PHONY: deps build test stress-test lint format bench soak fuzz leaks demo docs check-readme check-apple-conformance clean

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

# Runs every README command marked runnable (see scripts/check-readme.sh).
check-readme:
	$(SWIFT) build --product tpc-demo
	$(SWIFT) build --product tpc
	scripts/check-readme.sh

clean:
	rm -rf .build build
