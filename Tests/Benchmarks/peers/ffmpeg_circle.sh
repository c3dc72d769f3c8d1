#!/usr/bin/env bash
# The benchmark job with ffmpeg alone: its xfade "circleopen" between the two screens, drawn
# with lavfi colour sources and drawbox (so no other tool is needed), to PNG frames.
# Usage: ffmpeg_circle.sh OUTDIR. Needs ffmpeg (apt-get install ffmpeg).
# Not the same picture: xfade's circle is a soft radial blend with linear timing, square
# corners stay square, and it writes 27 frames (no exact end frame). It times the tool a user
# might otherwise reach for.
set -euo pipefail
out=${1:?usage: ffmpeg_circle.sh OUTDIR}
mkdir -p "$out"
size=1170x2532
ffmpeg -v error \
  -f lavfi -i "color=c=0x444444:s=$size:r=60:d=0.45,drawbox=x=285:y=966:w=600:h=600:c=black:t=fill" \
  -f lavfi -i "color=c=0xDC2828:s=$size:r=60:d=0.45,drawbox=x=72:y=150:w=120:h=120:c=white:t=fill" \
  -filter_complex "xfade=transition=circleopen:duration=0.45:offset=0,format=rgb24" -y "$out/frame_%04d.png"
