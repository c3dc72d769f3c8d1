#!/usr/bin/env bash
# Builds the UIKit stand-in module into OUTDIR (default: a new temporary folder) and prints the
# flags a client needs. The module is a static library plus UIKit.swiftmodule:
#   swiftc -swift-version 6 -parse-as-library <flags printed below> Client.swift -o client
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-$(mktemp -d)}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
swiftc -swift-version 6 -parse-as-library -module-name UIKit \
  -emit-module -emit-module-path "$OUT/UIKit.swiftmodule" \
  -emit-library -static -o "$OUT/libUIKit.a" \
  -O -j 1 -num-threads 1 \
  "$HERE"/UIKit/*.swift 1>&2
echo "-I $OUT -L $OUT -lUIKit"
