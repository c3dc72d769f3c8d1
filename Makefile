# Segue: `make demo` renders every example scene into out/, `make test` runs the whole suite.
SWIFT ?= swift
SEGUE := .build/release/segue
SCENES := $(wildcard scenes/*.json)

GOLDENS := Tests/Goldens
# Goldens are key frames rendered at scale 1, to keep the repository small.
CHECK := $(SEGUE) check scenes --golden $(GOLDENS) --scale 1

# Recipes run in bash with pipefail, so a filtered command still fails the target.
SHELL := bash
.SHELLFLAGS := -o pipefail -c

# Builds print only warnings and errors (in full). Extra flags for the release build of segue,
# e.g. BUILD_FLAGS=--static-swift-stdlib (a Linux binary that needs no Swift toolchain) or
# BUILD_FLAGS="-Xswiftc -Ounchecked"; the package manifest itself takes no unsafe flags.
BUILD_FLAGS ?=
# The test runner's output as one summary line per kind of suite (XCTest's total, Swift Testing's
# run line), every failure, warning and error in full, and known issues (expected failures) only
# as their count in the run line (Tests/test-summary.awk).
TEST_SUMMARY := awk -f Tests/test-summary.awk

# gold's notes, when it links the AddressSanitizer runtime, that it cannot export that
# runtime's local symbols (one line per symbol, from the toolchain, not from Segue).
NO_ASAN_LINK_NOISE := awk '!/ld.gold: warning: Cannot export local symbol .__asan_/'

# `make install PREFIX=/usr/local` copies the release binary to $(DESTDIR)$(PREFIX)/bin.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: all demo test lint format schema-check sanitize fuzz goldens bench report-check css-check preview-check images-check consumer build deps install uninstall clean

all: build

# Installs what the build needs when it is missing: libpng (found through pkg-config) and zlib,
# with Homebrew on macOS and apt on Debian/Ubuntu (as root or through sudo).
deps:
	@case "$$(uname -s)" in \
	Darwin) \
	  command -v brew >/dev/null || { echo "deps: install Homebrew first (https://brew.sh), then run make deps"; exit 1; }; \
	  brew list --versions libpng >/dev/null || { echo "installing libpng"; brew install -q libpng; }; \
	  command -v pkg-config >/dev/null || { echo "installing pkgconf"; brew install -q pkgconf; };; \
	*) \
	  if command -v dpkg >/dev/null && command -v apt-get >/dev/null; then \
	    missing=""; \
	    for pkg in libpng-dev zlib1g-dev; do dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	    command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	    if [ -n "$$missing" ]; then \
	      echo "installing$$missing"; \
	      sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	      $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	    fi; \
	  elif ! pkg-config --exists libpng 2>/dev/null; then \
	    echo "deps: install pkg-config and the libpng and zlib development files with your package manager"; exit 1; \
	  fi;; \
	esac

build: deps
	@echo "build: release segue"
	@$(SWIFT) build -c release --product segue -q $(BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 $(SEGUE) "$(DESTDIR)$(BINDIR)/segue"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/segue"

demo: build
	$(SEGUE) batch scenes -o out --quiet
	@folders=$$(for d in out/*/ out/*/*/; do [ -f $$d/manifest.json ] && [ "$${d#out/gallery/}" = "$$d" ] && echo $$d; done); \
	echo "Rendered $(words $(SCENES)) scenes into $$(echo "$$folders" | wc -l) frame folders in $$(pwd)/out (a scene with devices or variants has a folder for each run):"; \
	for d in $$folders; do echo "  $$d ($$(ls $$d | grep -c '^frame_') frames)"; done
	@$(SEGUE) gallery scenes -o out/gallery --quiet
	@echo "A page that plays every scene with its timing: file://$$(pwd)/out/gallery/index.html"
	@echo "segue is built at $$(pwd)/$(SEGUE); make install copies it to $(BINDIR) to put it on your PATH"

# Every scene is checked against its goldens (the report lands in out/check-report), then
# unit tests run in a debug build and end-to-end tests drive the release binary. What shows:
# the golden summary, any failing frame, warning or error in full, and the test totals.
test: build lint
	@echo "check: scenes against $(GOLDENS)"
	@$(CHECK) --record never --report out/check-report | grep -v '^ok: '
	@echo "test: swift test (debug build)"
	@SEGUE_BIN=$(abspath $(SEGUE)) $(SWIFT) test -q 2>&1 | $(TEST_SUMMARY)

# Re-records the goldens on purpose (after a deliberate rendering change), then checks them.
# Style: .swift-format's rules, checked by `make test`; `make format` rewrites files to match.
FORMATTED := Package.swift Sources Tests

lint:
	@echo "lint: swift format"
	@$(SWIFT) format lint --strict --parallel --recursive $(FORMATTED)

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

# ThreadSanitizer over the concurrent code, then every scene and a set of malformed inputs
# through an AddressSanitizer/LeakSanitizer build. Any report fails the target.
# The concurrent code is what runs on many threads: frames, scenes and comparisons in parallel
# (Parallel, Guarded), frame folders written while other processes write (locks, kills, signals),
# and preview's watch loop. A TSan build of segue runs it, driven by the end-to-end suites that
# exercise it (render, batch, check and its goldens, report merge, preview, kills and concurrent
# writers), from the test suite's own debug build; a report ends segue with exit 66, which no test
# expects. The single-threaded code (decoding, pixel arithmetic, the exporter) is not run again.
# The whole of the suites of render, batch, preview, report merge and the kills and concurrent
# writers; of check's, those that check many scenes at once, record, report and compare folders,
# and the one that races a render and a recording for one folder. TSan sleeps 1 s before every
# process exits, to catch threads racing the exit; segue's threads are idle by then, so 50 ms
# (the suites start over a hundred processes: the default made this phase 75 s instead of 17).
TSAN_TESTS := SegueEndToEndTests\.(BatchEndToEndTests|RenderEndToEndTests|SafetyEndToEndTests|PreviewEndToEndTests|ReportMergeEndToEndTests)|SegueEndToEndTests\.GoldenEndToEndTests/(shardsCheckEachSceneOnce|recordModesFailedAndAll|aFailureLeavesAReport|compareFolders)|SegueEndToEndTests\.GoldenSafetyEndToEndTests/oneWriterAtATime

sanitize: deps
	@echo "sanitize: the concurrent commands under ThreadSanitizer"
	@SEGUE_TSAN=1 $(SWIFT) build --sanitize=thread --scratch-path .build/tsan --product segue -q
	@$(SWIFT) build --build-tests -q
	@TSAN_OPTIONS=halt_on_error=1:exitcode=66:atexit_sleep_ms=50 SEGUE_BIN=$(abspath .build/tsan/debug/segue) \
	  $(SWIFT) test --skip-build -q --filter '$(TSAN_TESTS)' 2>&1 | $(TEST_SUMMARY)
	@echo "sanitize: scenes and malformed inputs under AddressSanitizer"
	@$(SWIFT) build --sanitize=address --scratch-path .build/asan --product segue -q 2>&1 | $(NO_ASAN_LINK_NOISE)
	@bash Tests/Sanitizers/address.sh .build/asan/debug/segue

# libFuzzer on the scene decoder, the PNG decoder and the reader of goldens and compared files,
# SECONDS each, from the seed corpora in Tests/Fuzz/Corpus and every truncation of its PNGs;
# new inputs go to out/fuzz/<target>, crashes to out/fuzz/crash-* (Tests/Fuzz/run.sh). Then
# random scenes (names of every Unicode category, long names, keywords, break-outs) go to
# `segue swift` for SECONDS, and every animator must parse with swiftc and keep the scene's text
# in its comments and literals. CI runs `make fuzz SECONDS=5`, so a target that no longer builds
# or runs fails CI.
SECONDS ?= 60
fuzz: build
	@SWIFT="$(SWIFT)" SEGUE=$(SEGUE) bash Tests/Fuzz/run.sh $(SECONDS)

# A failing check's report opened in headless Chromium and clicked through (side by side,
# slider, toggle, the strip, zoom and the marked largest difference, the failing-frames filter,
# the copy button), with screenshots in out/report-check/screenshots. Not part of `make test`:
# it needs apt-get install chromium chromium-driver and pip install selenium (CI installs them).
report-check: build
	python3 Tests/Browser/report_check.py $(SEGUE) out/report-check

# Random layer trees (groups, clips, group opacity, flat and 3D groups, doubleSided, gradients, 2D
# and 3D transforms in perspective) drawn by segue and, as nested HTML and CSS, by headless
# Chromium, compared frame by frame away from anti-aliased edges (Tests/Browser/css_check.py, an
# independent model written from the docs). CSS_COUNT random scenes and eleven fixed ones; CI runs
# it. Needs chromium, chromium-driver and Python's selenium, numpy and pillow.
CSS_COUNT ?= 20
CSS_SEED ?= 1
css-check: build
	python3 Tests/Browser/css_check.py $(SEGUE) out/css-check --count $(CSS_COUNT) --seed $(CSS_SEED)

# The player of `segue preview` and of the gallery in headless Chromium: a preview page of every
# scene (play, pause, the scrubber, arrow keys, speeds, loop, zoom and pan, the plot's cursor, and
# every plotted sample against the timing math), a gallery page, and `segue preview --watch`
# following an edit within 2 s and showing a broken edit's error while its last frames stay
# (Tests/Browser/preview_check.py, screenshots in out/preview-check/screenshots). CI runs it.
# Needs chromium, chromium-driver and Python's selenium.
preview-check: build
	@rm -rf out/preview-check
	@$(SEGUE) preview scenes -o out/preview-check/preview --quiet
	@$(SEGUE) gallery scenes/custom-today-card.json scenes/push-pop-swipe-cancelled.json scenes/cube-push.json \
	  scenes/sheet-present.json -o out/preview-check/gallery --quiet
	python3 Tests/Browser/preview_check.py out/preview-check/preview/index.html out/preview-check/gallery/index.html \
	  --timing --watch $(SEGUE) scenes/fade-present.json --screenshots out/preview-check/screenshots

# The pictures of the docs drawn again by docs/images/update.sh (into out/doc-images) and compared
# with docs/images pixel for pixel: a rendering change the docs do not show yet, or a scene that
# changed under its picture, fails here. Run the script and commit docs/images to update them.
images-check: build
	@rm -rf out/doc-images
	@IMAGES=out/doc-images bash docs/images/update.sh >/dev/null
	@for f in out/doc-images/*.png; do \
	  name=$$(basename $$f); \
	  said=$$($(SEGUE) compare docs/images/$$name $$f --channel-tolerance 0) \
	    || { echo "docs/images/$$name is not what docs/images/update.sh draws now:"; echo "$$said"; \
	         echo "run bash docs/images/update.sh and commit docs/images"; exit 1; }; \
	done
	@echo "images-check: the $$(ls out/doc-images/*.png | wc -l) pictures docs/images/update.sh draws match docs/images"

# Tests/Consumer, a package that depends on Segue as an app's would, runs its tests: the
# library products (SegueKit, SegueTesting's assertGoldenFrames) and the SegueAnimators plugin used from outside.
# It builds in this package's own .build, where Segue's modules are already built the same way
# (a folder of its own would build them all again, about a minute on two cores).
consumer: deps
	@echo "consumer: swift test in Tests/Consumer"
	@$(SWIFT) test --package-path Tests/Consumer --scratch-path .build -q 2>&1 | $(TEST_SUMMARY)

bench: build
	@bash Tests/Benchmarks/bench.sh

clean:
	rm -rf .build out
