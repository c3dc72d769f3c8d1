"""The benchmark job with skia-python: python3 skia_circle.py OUTDIR (one PNG a frame).
Needs: pip install skia-python."""
import os, sys
import skia
from job import *

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
surface = skia.Surface(WIDTH, HEIGHT)
black = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)
white = skia.Paint(AntiAlias=True, Color=skia.ColorWHITE)
square = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*FROM_SQUARE), FROM_CORNER, FROM_CORNER)
for frame in range(FRAMES):
    with surface as canvas:
        canvas.clear(skia.Color(*FROM_COLOR))
        canvas.drawRRect(square, black)
        canvas.save()
        circle = skia.Path()
        circle.addCircle(CENTER[0], CENTER[1], radius(frame))
        canvas.clipPath(circle, doAntiAlias=True)
        canvas.clear(skia.Color(*TO_COLOR))
        canvas.drawRect(skia.Rect.MakeXYWH(*TO_SQUARE), white)
        canvas.restore()
    surface.makeImageSnapshot().save(os.path.join(out, f"frame_{frame:04d}.png"), skia.kPNG)
