# Segue: `make demo` renders every example scene into out/, `make test` runs the whole suite.
SWIFT ?= swift
SEGUE := .build/release/segue
SCENES := $(wildcard scenes/*.json)

GOLDENS := Tests/Goldens
# Goldens are key frames rendered at scale 1, to keep the repository small.
CHECK := $(SEGUE) check scenes --golden $(GOLDENS) --scale 1

.PHONY: all demo test goldens bench build deps clean

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
test: build
	$(CHECK) --record never --report out/check-report --quiet
	SEGUE_BIN=$(abspath $(SEGUE)) $(SWIFT) test

# Re-records the goldens on purpose (after a deliberate rendering change), then checks them.
goldens: build
	-$(CHECK) --record all --frames 0,25%,50%,75%,last --quiet >/dev/null
	$(CHECK) --record never --quiet

bench: build
	@bash Tests/Benchmarks/bench.sh

clean:
	rm -rf .build out
