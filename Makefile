# Segue: `make demo` renders every example scene into out/, `make test` runs the whole suite.
SWIFT ?= swift
SEGUE := .build/release/segue
SCENES := $(wildcard scenes/*.json)

GOLDENS := Tests/Goldens
# Goldens are key frames rendered at scale 1, to keep the repository small.
CHECK := $(SEGUE) check scenes --golden $(GOLDENS) --scale 1

.PHONY: all demo test lint format schema-check sanitize fuzz goldens bench report-check build deps clean

all: build

# Installs libpng and zlib headers when missing (Debian/Ubuntu), as root or through sudo.
deps:
	@missing=""; \
	for pkg in libpng-dev zlib1g-dev; do \
	  dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release --product segue

demo: build
	$(SEGUE) batch scenes -o out --quiet
	@echo "Rendered $(words $(SCENES)) scenes; frames are in $$(pwd)/out/<scene name>/:"
	@for d in out/*/; do echo "  $$d ($$(ls $$d | grep -c '^frame_') frames)"; done

# Every scene is checked against its goldens (the report lands in out/check-report), then
# unit tests run in a debug build and end-to-end tests drive the release binary.
test: build lint
	$(CHECK) --record never --report out/check-report --quiet
	SEGUE_BIN=$(abspath $(SEGUE)) $(SWIFT) test

# Re-records the goldens on purpose (after a deliberate rendering change), then checks them.
# Style: .swift-format's rules, checked by `make test`; `make format` rewrites files to match.
FORMATTED := Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

format:
	$(SWIFT) format --in-place --recursive $(FORMATTED)

# Every scene in scenes/ against docs/scene.schema.json with Python's jsonschema (an editor's
# view of the format; `segue validate` is the full check).
schema-check:
	@python3 -c 'import jsonschema' 2>/dev/null || pip install -q jsonschema
	python3 -c 'import glob, json, sys, jsonschema; \
	  v = jsonschema.Draft202012Validator(json.load(open("docs/scene.schema.json"))); \
	  bad = [(f, e.message) for f in sorted(glob.glob("scenes/*.json")) for e in v.iter_errors(json.load(open(f)))]; \
	  [print(f + ": " + m) for f, m in bad]; print(len(glob.glob("scenes/*.json")), "scenes,", len(bad), "schema errors"); \
	  sys.exit(1 if bad else 0)'

goldens: build
	-$(CHECK) --record all --frames 0,25%,50%,75%,last --quiet >/dev/null
	$(CHECK) --record never --quiet

# The test suite under ThreadSanitizer (its end-to-end tests drive a TSan build of segue), then
# every scene and a set of malformed inputs through an AddressSanitizer/LeakSanitizer build.
# Any report fails the target.
sanitize: deps
	SEGUE_TSAN=1 $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	SEGUE_TSAN=1 TSAN_OPTIONS=halt_on_error=1 SEGUE_BIN=$(abspath .build/tsan/debug/segue) \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) build --sanitize=address --scratch-path .build/asan --product segue
	bash Tests/Sanitizers/address.sh .build/asan/debug/segue

# libFuzzer on the scene decoder and the PNG decoder, SECONDS each, from the seed corpora in
# Tests/Fuzz/Corpus; new inputs go to out/fuzz/<target>, crashes to out/fuzz/crash-*.
SECONDS ?= 60
FUZZ_FLAGS := --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
fuzz: deps
	SEGUE_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS) --product fuzz-scene-decoder
	SEGUE_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS) --product fuzz-png-decoder
	mkdir -p out/fuzz/scene out/fuzz/png
	.build/fuzz/debug/fuzz-scene-decoder out/fuzz/scene Tests/Fuzz/Corpus/scene \
	  -max_total_time=$(SECONDS) -max_len=65536 -artifact_prefix=out/fuzz/
	.build/fuzz/debug/fuzz-png-decoder out/fuzz/png Tests/Fuzz/Corpus/png \
	  -max_total_time=$(SECONDS) -artifact_prefix=out/fuzz/

# A failing check's report opened in headless Chromium and clicked through (side by side,
# slider, toggle, the strip), with screenshots in out/report-check/screenshots. Not part of
# `make test`: it needs apt-get install chromium chromium-driver and pip install selenium.
report-check: build
	python3 Tests/Browser/report_check.py $(SEGUE) out/report-check

bench: build
	@bash Tests/Benchmarks/bench.sh

clean:
	rm -rf .build out
