#!/usr/bin/env bash
# Renders peers/circle-bench.json (28 frames at 1170x2532) with segue and, when their tools are
# installed, with the peer renderers next to it (pycairo, skia-python, ffmpeg), in the same run
# on the same machine, and prints wall time, total PNG bytes and peak memory for each, with
# segue's ratios. PEERS names another folder of peers. Then times scenes of 5,000 and 10,000
# animated layers and overlays, each size against half of it, and 3D frames (the cube, a 3D group,
# a card flip) against a 2D one.
# Each tool runs 3 times; the best wall time counts (the least disturbed by other work).
# Needs GNU time (/usr/bin/time -f).
set -euo pipefail
cd "$(dirname "$0")/../.."
segue=.build/release/segue
peers=${PEERS:-Tests/Benchmarks/peers}
scene=$peers/circle-bench.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# best_of NAME OUTDIR COMMAND...: runs 3 times, records best seconds, peak KB and bytes.
best_of() {
  local name=$1 out=$2; shift 2
  local best="" peak=0
  for _ in 1 2 3; do
    rm -rf "$out"; mkdir -p "$out"
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { echo "$name: failed: $(tail -1 "$work/err")"; return 1; }
    read -r seconds kb < <(tail -n 1 "$work/time")
    if [ -z "$best" ] || awk "BEGIN{exit !($seconds < $best)}"; then best=$seconds; fi
    [ "$kb" -gt "$peak" ] && peak=$kb
  done
  local bytes frames
  bytes=$(find "$out" -name '*.png' -exec cat {} + | wc -c)
  frames=$(find "$out" -name '*.png' | wc -l)
  echo "$name $best $bytes $peak $frames" >> "$work/results"
}

best_of segue "$work/segue" "$segue" render "$scene" -o "$work/segue" --quiet
best_of segue-balanced "$work/balanced" "$segue" render "$scene" -o "$work/balanced" --quiet --compression balanced
best_of segue-smallest "$work/smallest" "$segue" render "$scene" -o "$work/smallest" --quiet --compression smallest
best_of segue-1-core "$work/onecore" "$segue" render "$scene" -o "$work/onecore" --quiet --jobs 1
python3 -c 'import cairo' 2>/dev/null && best_of cairo "$work/cairo" python3 "$peers/cairo_circle.py" "$work/cairo" \
  || echo "cairo: not installed (apt-get install libcairo2-dev pkg-config; pip install pycairo)"
python3 -c 'import skia' 2>/dev/null && best_of skia "$work/skia" python3 "$peers/skia_circle.py" "$work/skia" \
  || echo "skia: not installed (pip install skia-python)"
if command -v ffmpeg >/dev/null; then
  best_of ffmpeg "$work/ffmpeg/frames" bash "$peers/ffmpeg_circle.sh" "$work/ffmpeg/frames"
else
  echo "ffmpeg: not installed (apt-get install ffmpeg)"
fi

# Golden comparison: segue compare vs ImageMagick's compare -metric AE on two different
# 1170x2532 frames (decoding included), best of 5 each.
if command -v compare >/dev/null && compare -version 2>/dev/null | grep -q ImageMagick; then
  a="$work/segue/frame_0010.png"; b="$work/segue/frame_0020.png"
  time_best() {
    local best=""
    for _ in 1 2 3 4 5; do
      /usr/bin/time -f "%e" -o "$work/ctime" "$@" >/dev/null 2>&1 || true
      local s; s=$(tail -n 1 "$work/ctime")
      if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
    done
    echo "$best"
  }
  segue_compare=$(time_best "$segue" compare "$a" "$b")
  magick_compare=$(time_best compare -metric AE "$a" "$b" null:)
  echo "compare $segue_compare $magick_compare" > "$work/compare"
else
  echo "imagemagick: not installed (apt-get install imagemagick) - compare not measured"
fi

# Many targets: custom scenes of 5,000 and 10,000 animated layers, and of 5,000 and 10,000
# overlays (Tests/Benchmarks/many-targets.sh), 3 frames of 100x100 each, so the time is decoding,
# planning and display lists. The motion stage is linear in its targets: twice the targets should
# take about twice the time, not four times.
many_best() {
  local best=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e" -o "$work/mtime" "$segue" render "$1" -o "$work/many" --quiet >/dev/null 2>"$work/err" \
      || { echo "$1: failed: $(tail -1 "$work/err")" >&2; return 1; }
    local s; s=$(tail -n 1 "$work/mtime")
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  echo "$best"
}
for kind in layers overlays; do
  for n in 5000 10000; do
    bash Tests/Benchmarks/many-targets.sh "$kind" "$n" > "$work/many-$kind-$n.json"
    echo "$kind $n $(many_best "$work/many-$kind-$n.json")" >> "$work/many-results"
  done
done

# 3D at 1170x2532 on one core: the cube preset (two screens in perspective), a 3D group (the cube
# carousel: four faces of a CATransformLayer-like group) and a card flip, per frame (render and
# PNG included), against a 2D stories frame.
per_frame() {
  local best=""
  for _ in 1 2 3; do
    rm -rf "$work/frames"
    /usr/bin/time -f "%e" -o "$work/ftime" "$segue" render "scenes/$1.json" --scale 3 --jobs 1 -o "$work/frames" --quiet \
      >/dev/null 2>"$work/err" || { echo "$1: failed: $(tail -1 "$work/err")" >&2; return 1; }
    local s; s=$(tail -n 1 "$work/ftime")
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  echo "$1 $best $(find "$work/frames" -name 'frame_*.png' | wc -l)"
}
for scene in stories-push cube-push custom-cube-carousel custom-card-flip; do per_frame "$scene" >> "$work/three-d"; done

awk '
  { name[NR]=$1; sec[NR]=$2; bytes[NR]=$3; kb[NR]=$4; frames[NR]=$5 }
  END {
    printf "%-15s %8s %8s %12s %10s %s\n", "tool", "frames", "wall s", "PNG bytes", "peak MB", "segue is"
    for (i = 1; i <= NR; i++) {
      ratio = (i == 1) ? "" : sprintf("%.1fx faster, %.2fx the bytes", sec[i] / sec[1], bytes[1] / bytes[i])
      printf "%-15s %8d %8.2f %12d %10.1f %s\n", name[i], frames[i], sec[i], bytes[i], kb[i] / 1024, ratio
    }
  }' "$work/results"
awk '
  { kind[NR]=$1; n[NR]=$2; sec[NR]=$3 }
  END {
    printf "\nmany targets (3 frames of 100x100, best of 3):\n"
    for (i = 1; i <= NR; i++) {
      ratio = (i % 2 == 0) ? sprintf("  %.2fx the time of %d", sec[i] / sec[i - 1], n[i - 1]) : ""
      printf "  %6d animated %-8s %6.2f s%s\n", n[i], kind[i], sec[i], ratio
    }
  }' "$work/many-results"
awk '
  { name[NR]=$1; ms[NR]=1000 * $2 / $3; frames[NR]=$3 }
  END {
    printf "\n3D frames at 1170x2532, one core, render and PNG (best of 3):\n"
    for (i = 1; i <= NR; i++) {
      ratio = (i == 1) ? "  (2D)" : sprintf("  %.2fx a stories frame", ms[i] / ms[1])
      printf "  %-22s %3d frames %7.1f ms a frame%s\n", name[i], frames[i], ms[i], ratio
    }
  }' "$work/three-d"
if [ -f "$work/compare" ]; then
  read -r _ ours theirs < "$work/compare"
  awk -v a="$ours" -v b="$theirs" 'BEGIN {
    printf "\ncompare two 1170x2532 frames: segue %.3f s, ImageMagick compare -metric AE %.3f s: segue is %.1fx faster\n", a, b, b / a }'
fi
