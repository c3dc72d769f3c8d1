"""The benchmark job with pycairo: python3 cairo_circle.py OUTDIR (one PNG a frame).
Needs: apt-get install libcairo2-dev pkg-config; pip install pycairo."""
import math, os, sys
import cairo
from job import *


def rounded_square(context, x, y, size, radius):
    context.new_sub_path()
    for cx, cy, start in ((x + size - radius, y + radius, -90), (x + size - radius, y + size - radius, 0),
                          (x + radius, y + size - radius, 90), (x + radius, y + radius, 180)):
        context.arc(cx, cy, radius, math.radians(start), math.radians(start + 90))
    context.close_path()


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
surface = cairo.ImageSurface(cairo.FORMAT_RGB24, WIDTH, HEIGHT)
for frame in range(FRAMES):
    context = cairo.Context(surface)
    context.set_source_rgb(*(c / 255 for c in FROM_COLOR))
    context.paint()
    context.set_source_rgb(0, 0, 0)
    rounded_square(context, FROM_SQUARE[0], FROM_SQUARE[1], FROM_SQUARE[2], FROM_CORNER)
    context.fill()
    context.arc(CENTER[0], CENTER[1], radius(frame), 0, 2 * math.pi)
    context.clip()
    context.set_source_rgb(*(c / 255 for c in TO_COLOR))
    context.paint()
    context.set_source_rgb(1, 1, 1)
    context.rectangle(*TO_SQUARE)
    context.fill()
    surface.write_to_png(os.path.join(out, f"frame_{frame:04d}.png"))
