# Segue: `make demo` renders every example scene into out/, `make test` runs the whole suite.
SWIFT ?= swift
SEGUE := .build/release/segue
SCENES := $(wildcard scenes/*.json)

.PHONY: all demo test bench build deps clean

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

# Unit tests run in a debug build; end-to-end tests drive the release binary.
test: build
	SEGUE_BIN=$(abspath $(SEGUE)) $(SWIFT) test --parallel

bench: build
	@bash Tests/Benchmarks/bench.sh

clean:
	rm -rf .build out
