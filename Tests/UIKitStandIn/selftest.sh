#!/usr/bin/env bash
# Builds the stand-in and the self-test into OUTDIR (default: a new temporary folder) and
# runs it. Exits non-zero when an assertion fails.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-$(mktemp -d)}"
mkdir -p "$OUT"
FLAGS="$("$HERE/build.sh" "$OUT/module")"
# shellcheck disable=SC2086
swiftc -swift-version 6 -parse-as-library -j 1 -num-threads 1 $FLAGS "$HERE"/SelfTest/*.swift -o "$OUT/selftest"
"$OUT/selftest"
