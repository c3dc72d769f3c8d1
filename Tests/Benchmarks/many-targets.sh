#!/usr/bin/env bash
# Writes a custom scene with N animated targets to standard output, for timing the motion stage:
#   many-targets.sh layers N     N layers of `from` (ids l0…), each with its own animation
#   many-targets.sh overlays N   N overlays (o0…), every other one over `from`, the rest top-level;
#                                the first 10,000 (the most animations a scene has) animated
#   many-targets.sh snapshots N  N snapshots (s0…), pieces of `from` and `to` in turn, the first
#                                10,000 animated
# The frame is 100x100 points at scale 1, 3 frames at 4 fps (0.5 s), so rendering it is mostly
# decoding, planning and display lists, not pixels. It is a pop: `from`, which has no background,
# is drawn over the top-level overlays and `to`, and every target shows.
set -euo pipefail
kind=${1:?usage: many-targets.sh layers|overlays|snapshots N}
n=${2:?usage: many-targets.sh layers|overlays|snapshots N}
awk -v kind="$kind" -v n="$n" 'BEGIN {
  if (kind != "layers" && kind != "overlays" && kind != "snapshots") {
    print "many-targets.sh: layers, overlays or snapshots, not " kind > "/dev/stderr"; exit 2
  }
  printf "{\n  \"name\": \"many-%s-%d\",\n  \"size\": [100, 100],\n  \"scale\": 1,\n  \"fps\": 4,\n", kind, n
  printf "  \"background\": \"#000000\",\n"
  printf "  \"from\": {\n    \"layers\": ["
  if (kind == "layers") {
    # Layer i is the 1x1 point at (i mod 100, i div 100 mod 100), grey by its index.
    for (i = 0; i < n; i++) {
      printf "%s\n      {\"id\": \"l%d\", \"rect\": [%d, %d, 1, 1], \"color\": \"#%02X%02X%02X\"}", \
        (i ? "," : ""), i, i % 100, int(i / 100) % 100, i % 256, int(i / 256) % 256, 128
    }
  }
  printf "\n    ]\n  },\n  \"to\": {\"background\": \"#007AFF\"},\n"
  printf "  \"transition\": {\n    \"type\": \"custom\",\n    \"operation\": \"pop\",\n    \"duration\": 0.5,\n"
  if (kind == "overlays") {
    printf "    \"overlays\": {"
    for (i = 0; i < n; i++) {
      printf "%s\n      \"o%d\": {\"color\": \"#FF0000\", \"opacity\": 0.5, \"rect\": [%d, %d, 1, 1]%s}", \
        (i ? "," : ""), i, i % 100, int(i / 100) % 100, (i % 2 ? "" : ", \"over\": \"from\"")
    }
    printf "\n    },\n"
  }
  if (kind == "snapshots") {
    # Snapshot i is the 1x1 point at (i mod 100, i div 100 mod 100) of `from` (even) or `to` (odd).
    printf "    \"snapshots\": {"
    for (i = 0; i < n; i++) {
      printf "%s\n      \"s%d\": {\"of\": \"%s\", \"rect\": [%d, %d, 1, 1]}", \
        (i ? "," : ""), i, (i % 2 ? "to" : "from"), i % 100, int(i / 100) % 100
    }
    printf "\n    },\n"
  }
  printf "    \"animations\": ["
  animated = kind != "layers" && n > 10000 ? 10000 : n
  for (i = 0; i < animated; i++) {
    if (kind == "layers") {
      printf "%s\n      {\"target\": \"from.l%d\", \"to\": {\"translate\": [1, 0], \"opacity\": 0.5}}", (i ? "," : ""), i
    } else if (kind == "overlays") {
      printf "%s\n      {\"target\": \"o%d\", \"to\": {\"opacity\": 1}}", (i ? "," : ""), i
    } else {
      printf "%s\n      {\"target\": \"s%d\", \"to\": {\"opacity\": 0.5}}", (i ? "," : ""), i
    }
  }
  printf "\n    ]\n  }\n}\n"
}'
