#!/usr/bin/env bash
# `make sanitize`, second half: the scenes and malformed inputs through a segue built with
# AddressSanitizer (LeakSanitizer included). Any report ends the process with 99, which fails
# this script; the scenes' check must pass, and malformed inputs may end in their errors (1 to 3).
set -uo pipefail
segue=${1:?usage: address.sh SEGUE_BINARY}
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/segue-asan.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=detect_leaks=1:exitcode=99:abort_on_error=0
failed=0
# run COMMAND...: a sanitizer report (exit 99, or a crash) fails; expected errors (1 to 3) do not.
run() {
  "$segue" "$@" >"$work/out.txt" 2>"$work/err.txt"
  local status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ] && [ "$status" -ne 2 ] && [ "$status" -ne 3 ]; then
    echo "sanitizer report (exit $status): segue $*"
    head -40 "$work/err.txt"
    failed=1
  fi
}
# must_pass COMMAND...: anything but exit 0 fails, so a command that stops being valid cannot
# quietly skip what it was there to cover.
must_pass() {
  if ! "$segue" "$@" >"$work/out.txt" 2>"$work/err.txt"; then
    echo "failed under the sanitizer: segue $*"
    head -40 "$work/err.txt"
    failed=1
  fi
}
# Every example scene's middle golden (check adds its first and last), drawn and compared at
# scale 1, with the report of every scene: the middle of a transition is where transforms, 3D,
# masks and shadows are drawn (a debug AddressSanitizer build draws slowly: every frame of
# every scene would take minutes).
must_pass check "$here/scenes" --golden "$here/Tests/Goldens" --scale 1 --frames 50% --record never \
  --report "$work/report" --quiet
# Malformed scenes and PNGs: the fuzzers' seed corpora, truncated and bit-flipped copies.
mkdir -p "$work/bad"
i=0
for file in "$here"/Tests/Fuzz/Corpus/scene/* "$here"/Tests/Fuzz/Corpus/png/*; do
  size=$(wc -c <"$file")
  head -c $((size / 2)) "$file" >"$work/bad/$i-half"
  python3 -c "import sys;b=bytearray(open(sys.argv[1],'rb').read());b[len(b)//3]^=0x5A;open(sys.argv[2],'wb').write(b)" "$file" "$work/bad/$i-flip"
  i=$((i + 1))
done
: >"$work/bad/empty.json"
: >"$work/bad/empty.png"
run validate "$here"/Tests/Fuzz/Corpus/scene/*
for file in "$work"/bad/*; do
  run validate "$file"
  run compare "$file" "$file"
done
for file in "$here"/Tests/Fuzz/Corpus/png/*; do run compare "$file" "$file" --diff "$work/diff.png"; done
run validate /dev/null
run compare /dev/zero /dev/null
if [ "$failed" -ne 0 ]; then
  echo "AddressSanitizer found problems"
  exit 1
fi
echo "AddressSanitizer and LeakSanitizer: clean over $(ls "$work/bad" | wc -l) malformed inputs and every scene's first, middle and last frames"
