#!/usr/bin/env bash
# Re-renders the pictures of the docs from scenes/ with the release binary (make build first):
# one contact sheet a scene, 8 frames at half scale, shrunk to 160 px wide by `segue render --sheet`,
# and the diff image of a golden check that fails on purpose.
set -euo pipefail
cd "$(dirname "$0")/../.."
segue=${SEGUE:-.build/release/segue}
# IMAGES=DIR writes them elsewhere (CI, to check they are still what the docs show).
images=${IMAGES:-docs/images}
mkdir -p "$images"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

even='0,14%,29%,43%,57%,71%,86%,last'
sheet() {  # sheet SCENE [FRAMES [OPTION...]]
  "$segue" render "scenes/$1.json" --scale 0.5 --frames "${2:-$even}" -o "$work/$1" --sheet "$images/$1.png" --quiet \
    "${@:3}"
}

for scene in zoom-present stories-push slide-present panel-present circle-present spread-present fade-present \
  flip-present cube-push sheet-present custom-today-card custom-photo-match custom-door-3d \
  push-pop-swipe-cancelled custom-app-store-card custom-mini-player custom-cube-carousel \
  custom-hero-arc; do
  sheet "$scene"
done
# The push runs on two devices: the sheet shows the first.
sheet push-push "$even" --device iphone-se
# The card flip's snappy spring turns it within a quarter of a second.
sheet custom-card-flip '0,3,5,7,9,12,16,last'
# The boom's spring overshoots within 0.1 s: its first frames show it.
sheet boom-present '0,1,2,3,6,9,12,last'

# The three gradient types, and a gentle ramp that shows no bands (docs/scene-format.md, gradients).
cat > "$work/gradients.json" <<'JSON'
{"name": "gradients", "size": [390, 400], "scale": 1, "background": "#000000",
 "from": {"background": "#F2F2F7", "layers": [
   {"rect": [16, 16, 358, 150], "cornerRadius": 20, "cornerCurve": "continuous",
    "gradient": {"colors": ["#FF5E3A", "#FF2A68"], "startPoint": [0, 0], "endPoint": [1, 1]}},
   {"rect": [16, 182, 170, 170], "shape": "ellipse",
    "gradient": {"type": "radial", "colors": ["#FFFFFF", "#5AC8FA", "#007AFF"], "locations": [0, 0.5, 1], "startPoint": [0.3, 0.3], "endPoint": [1, 1]}},
   {"rect": [204, 182, 170, 170], "cornerRadius": 85,
    "gradient": {"type": "conic", "colors": ["#FF3B30", "#FFCC00", "#34C759", "#007AFF", "#AF52DE", "#FF3B30"], "startPoint": [0.5, 0.5], "endPoint": [0.5, 0]}},
   {"rect": [0, 368, 390, 32], "gradient": {"colors": ["#000000", "#101010"], "startPoint": [0, 0.5], "endPoint": [1, 0.5]}}
 ]},
 "to": {}, "transition": {"type": "fade", "duration": 0.1}}
JSON
"$segue" render "$work/gradients.json" --frames 0 -o "$work/gradients" --quiet
cp "$work/gradients/frame_0000.png" "$images/gradients.png"

# A golden check that fails: the avatar's yellow changed by 16 levels of blue.
sed 's/"#FFCC00"/"#FFCC10"/' scenes/fade-present.json > "$work/fade-present.json"
env -u CI "$segue" check scenes/fade-present.json --golden "$work/golden" --scale 1 --frames last --quiet >/dev/null 2>&1 || true
env -u CI "$segue" check "$work/fade-present.json" --golden "$work/golden" --scale 1 --report "$work/report" \
  --quiet >/dev/null 2>&1 || true
cp "$work/report/scenes/fade-present/frame_0024.diff.png" "$images/golden-diff.png"

du -ch "$images"/*.png | tail -n 1
