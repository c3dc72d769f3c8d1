#!/usr/bin/env bash
# `make fuzz`: builds every libFuzzer target (with -sanitize=fuzzer,address, in .build/fuzz) and
# runs each for SECONDS from its seed corpora. Seeds: Tests/Fuzz/Corpus (scenes, PNGs, SVG path
# data with extreme arcs), plus every truncation of its PNGs (a file cut after each of its bytes)
# made in out/fuzz/seeds. New inputs go to
# out/fuzz/<target>, a crash to out/fuzz/crash-*, each run's log to out/fuzz/<target>.log. Then
# Tests/Fuzz/SwiftExport feeds random scenes to `segue swift` for SECONDS (findings kept in
# out/fuzz/swift-export).
# Nothing is written outside out/ and .build/. Any build failure or finding fails the script.
set -euo pipefail
seconds=${1:?usage: run.sh SECONDS}
swift=${SWIFT:-swift}
cd "$(dirname "$0")/../.."
flags=(--scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address)
# gold's notes that it cannot export the AddressSanitizer runtime's local symbols.
quiet_link() { awk '!/ld.gold: warning: Cannot export local symbol .__asan_/'; }

# target, then its corpus folders (the first one, in out/fuzz, collects new inputs).
targets=(
  "scene-decoder Tests/Fuzz/Corpus/scene"
  "png-decoder Tests/Fuzz/Corpus/png out/fuzz/seeds/png-truncated"
  "golden-reader Tests/Fuzz/Corpus/png out/fuzz/seeds/png-truncated out/fuzz/seeds/golden"
  "svg-path Tests/Fuzz/Corpus/path"
)

for entry in "${targets[@]}"; do
  target=${entry%% *}
  echo "fuzz: build fuzz-$target"
  SEGUE_FUZZ=1 "$swift" build "${flags[@]}" --product "fuzz-$target" -q 2>&1 | quiet_link
done

# Every truncation of every seed PNG: the readers must say "truncated", never read past the end.
mkdir -p out/fuzz/seeds/png-truncated out/fuzz/seeds/golden
for file in Tests/Fuzz/Corpus/png/*.png; do
  name=$(basename "$file" .png)
  size=$(wc -c <"$file")
  for ((length = 0; length < size; length++)); do
    head -c "$length" "$file" >"out/fuzz/seeds/png-truncated/$name-$length"
  done
done
# A golden that is a Git LFS pointer (not fetched) takes its own path through the reader.
printf 'version https://git-lfs.github.com/spec/v1\noid sha256:%064d\nsize 75\n' 0 >out/fuzz/seeds/golden/lfs-pointer

# `segue swift` on random scenes (names of every Unicode category, keywords, break-outs), each
# animator parsed by swiftc and checked for scene text outside its comments and literals.
# SEGUE is the release binary `make fuzz` builds.
echo "fuzz: swift-export (segue swift on random scenes, every animator parsed)"
mkdir -p out/fuzz/swift-export
python3 Tests/Fuzz/SwiftExport/fuzz_swift_export.py "${SEGUE:-.build/release/segue}" "$seconds" out/fuzz/swift-export \
  ${FUZZ_SEED:+--seed "$FUZZ_SEED"}

for entry in "${targets[@]}"; do
  read -r target corpora <<<"$entry"
  mkdir -p "out/fuzz/$target"
  log="out/fuzz/$target.log"
  # shellcheck disable=SC2086 # the corpus folders are words
  if ! ".build/fuzz/debug/fuzz-$target" "out/fuzz/$target" $corpora -max_total_time="$seconds" \
    -max_len=65536 -artifact_prefix=out/fuzz/ -print_final_stats=1 >"$log" 2>&1; then
    echo "fuzz: fuzz-$target found a problem (artifact in out/fuzz/):"
    tail -60 "$log"
    exit 1
  fi
  runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
  echo "fuzz: fuzz-$target ran ${runs:-?} inputs in ${seconds}s without a finding"
done
