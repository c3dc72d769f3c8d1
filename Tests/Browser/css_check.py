#!/usr/bin/env python3
"""Independent check of Segue's layer trees and 3D against Chromium's CSS.

    python3 Tests/Browser/css_check.py SEGUE_BIN OUT_DIR [--count N] [--seed S] [--keep]
        [--no-fixed] [--only TEXT] [--scene FILE]... [--avoid-changed] [--print-scene I]

Generates N random custom-transition scenes (default 20, seeded by S, default 1: the same seed
gives the same scenes) plus nine hand-written ones, renders each with
`SEGUE_BIN render SCENE -o DIR --scale 1`, rebuilds every frame as nested HTML divs with CSS
transforms at that frame's animation values (computed from the scene JSON with the rules of
docs/custom-transitions.md and docs/timing.md, never read from Segue; the manifest's frame times
are only cross-checked), screenshots it in headless Chromium (one session, device scale factor 1)
at the canvas size and compares the two pictures away from edges.

Options: --keep keeps every scene's files, not only the failures'; --no-fixed skips the
hand-written scenes; --only TEXT checks only scenes whose name contains TEXT; --scene FILE adds a
scene of your own (custom, curve linear, only the keys modelled here; repeatable);
--avoid-changed leaves out of the random scenes the four rules Segue changed with its 3D groups
(3D groups' fill and opacity, nested 3D groups, static 3D groups' drawing order, ellipse clips of
animated sublayers), to check the rest against an older segue; --print-scene I prints random
scene I as JSON and exits.

The model (Core Animation's, as the docs describe it):
- a layer is a div at its rect in its parent's points; its gradient a square div scaled over it
  (SQUARE: CAGradientLayer's unit square, stretched); sublayers over its fill and gradient, its
  border over its sublayers (a last child div); `clips` is overflow:hidden with its radii (an
  ellipse clips to its ellipse); opacity composites a flat layer's subtree once;
- a flat layer flattens its subtree (transform-style: flat); `perspective` d is CSS
  `perspective: d` about the centre; a screen's parent is the container, whose perspective is
  the transition's; a screen's layers get the screen's perspective; screens clip to their frame;
- a `preserves3D` layer (CATransformLayer) is transform-style: preserve-3d and draws only its
  sublayers: no fill, gradient, border, clip; its opacity is multiplied into each sublayer;
  nested 3D groups share one 3D context (Chromium depth-sorts their leaves together);
- `doubleSided: false` is backface-visibility: hidden; siblings of a flat parent are drawn by
  zPosition, ties in list order; a non-animated 3D group is drawn in that order too.
The generator keeps away from what CSS cannot say or the docs leave open: no `continuous` corners,
no images, no animated frames, no intersecting faces in 3D groups (faces are parallel planes
apart in depth, or a cube), no fill under an opaque gradient, and animated (lifted) layers drawn after their static siblings, their
containers without border or opacity (so the docs' "lifted layers are drawn above their screen's
content" and plain CSS paint order agree).

Comparison: a pixel is compared unless it lies within 2 px of an edge of either picture (a
neighbour differs by more than 8 levels in a channel, as a smaller step cannot make a difference
over 8; the frame's own border counts as an edge); it differs when a channel differs by more
than 8 levels. A frame passes with at most 40 differing pixels and at most 0.2 % of its compared
pixels (about 25,000 of 38,400). Rounding, gradient dithers and bilinear resampling stay far
below 8 levels, and edges (where Segue's anti-aliasing and Chromium's unsmoothed 3D edges differ)
are excluded, so what remains in a correct frame is a few sub-pixel slivers, at most a dozen
pixels in thousands of frames tried; a wrong order, missing face, wrong clip or wrong opacity
changes hundreds.

Needs: python3, numpy, Pillow, selenium, chromium and chromedriver:
    apt-get install chromium chromium-driver && pip install selenium numpy pillow

Prints one line per failing frame (scene, frame, pixels, the worst pixel in both pictures), one
line per scene (with the changed rules it uses), and finally `css-check: N passed, M failed`
(scenes). Exit 0 when every frame is within the budget, 1 otherwise, 2 on a usage or setup
error. A failing scene keeps OUT_DIR/NAME/: scene.json, segue/ (its frames), chromium_NNNN.png,
diff_NNNN.png (Segue | Chromium | differences in red, excluded edges in blue) and page_NNNN.html
for each failing frame; --keep keeps every scene's files and every frame's.
"""

import argparse
import base64
import io
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time

try:
    import numpy as np
    from PIL import Image
except ImportError:
    sys.exit("css_check.py needs numpy and Pillow: pip install numpy pillow")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    sys.exit("css_check.py needs Selenium: pip install selenium (and apt-get install chromium chromium-driver)")

W, H = 160, 240
FPS = 10
EDGE_LEVEL = 8       # a neighbour differing by more than this (any channel) makes an edge
EDGE_RADIUS = 2      # pixels this close to an edge of either picture are not compared
TOLERANCE = 8        # a compared pixel differs when a channel differs by more than this
BUDGET_PIXELS = 40   # a frame passes with at most this many differing pixels ...
BUDGET_FRACTION = 0.002  # ... and at most this fraction of its compared pixels

PALETTE = ["#E6194B", "#3CB44B", "#FFE119", "#4363D8", "#F58231", "#911EB4", "#46F0F0", "#F032E6",
           "#BCF60C", "#008080", "#9A6324", "#800000", "#000075", "#FFFFFF", "#000000", "#AAFFC3"]

# ---------------------------------------------------------------------------------------------
# Timing and animation values (docs/timing.md "Duration and frames", custom-transitions "Timing")

SUPPORTED_PROPERTIES = {"translate", "translateZ", "scale", "rotation", "rotationX", "rotationY",
                        "opacity", "anchor"}


def frame_times(scene):
    transition = scene["transition"]
    default = transition.get("duration", 0.5)
    ends = [a.get("delay", 0) + a.get("duration", default) for a in transition.get("animations", [])]
    total = max(ends) if ends else default
    last = math.ceil(total * fps_of(scene) - 1e-9)
    return [min(i / fps_of(scene), total) for i in range(last + 1)], total


def fps_of(scene):
    return scene.get("fps", 60)


def lerp(a, b, q):
    if isinstance(a, list) or isinstance(b, list):
        a = a if isinstance(a, list) else [a, a]
        b = b if isinstance(b, list) else [b, b]
        return [x + (y - x) * q for x, y in zip(a, b)]
    return a + (b - a) * q


def animated_values(scene, t):
    """{target: {property: value}} at time t, for a linear-curve custom transition."""
    transition = scene["transition"]
    if transition.get("type") != "custom":
        raise ValueError("only custom transitions are modelled")
    default_duration = transition.get("duration", 0.5)
    default_curve = transition.get("curve", "easeInOut")
    by_key = {}
    for index, animation in enumerate(transition.get("animations", [])):
        if animation.get("curve", default_curve) != "linear":
            raise ValueError("only the linear curve is modelled")
        for key in ("arc", "cascade"):
            if key in animation:
                raise ValueError("'%s' is not modelled" % key)
        names = set(animation.get("from", {})) | set(animation.get("to", {}))
        for name in names:
            if name not in SUPPORTED_PROPERTIES:
                raise ValueError("property '%s' is not modelled" % name)
            by_key.setdefault((animation["target"], name), []).append((index, animation))
    values = {}
    for (target, name), animations in by_key.items():
        # from defaults to the previous animation's to (list order), or the initial value (None).
        resolved = []
        previous_to = None
        for index, animation in animations:
            start = animation.get("from", {}).get(name, previous_to)
            end = animation.get("to", {}).get(name, start)
            if end is None:
                end = start
            previous_to = end
            resolved.append((index, animation, start, end))
        started = [r for r in resolved if t >= r[1].get("delay", 0)]
        if started:
            governing = max(started, key=lambda r: (r[1].get("delay", 0), r[0]))
        else:
            governing = min(resolved, key=lambda r: (r[1].get("delay", 0), r[0]))
        index, animation, start, end = governing
        delay = animation.get("delay", 0)
        duration = animation.get("duration", default_duration)
        q = min(max((t - delay) / duration, 0.0), 1.0)
        if start is None:
            start = end
        if start is None:
            continue
        if isinstance(start, dict) or isinstance(end, dict):
            raise ValueError("anchor in points is not modelled")
        values.setdefault(target, {})[name] = lerp(start, end, q)
    return values


# ---------------------------------------------------------------------------------------------
# Scene JSON -> HTML

def num(value):
    text = "%.4f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def css_colour(colour):
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    r, g, b = int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)
    a = int(colour[6:8], 16) / 255 if len(colour) == 8 else 1
    return "rgba(%d,%d,%d,%s)" % (r, g, b, num(a))


def transform_css(w, h, values, z_position=0.0):
    """T = translate(anchor*size + translate, translateZ + zPosition) Ry Rx Rz S translate(-anchor*size),
    with transform-origin 0 0 and the div at the frame's origin."""
    ax, ay = values.get("anchor", [0.5, 0.5])
    tx, ty = values.get("translate", [0, 0])
    tz = values.get("translateZ", 0) + z_position
    scale = values.get("scale", 1)
    sx, sy = scale if isinstance(scale, list) else (scale, scale)
    rz, rx, ry = values.get("rotation", 0), values.get("rotationX", 0), values.get("rotationY", 0)
    if tx == ty == tz == rz == rx == ry == 0 and sx == sy == 1:
        return None
    return ("translate3d(%spx,%spx,%spx) rotateY(%sdeg) rotateX(%sdeg) rotate(%sdeg) scale(%s,%s) "
            "translate(%spx,%spx)" % (num(ax * w + tx), num(ay * h + ty), num(tz), num(ry), num(rx), num(rz),
                                      num(sx), num(sy), num(-ax * w), num(-ay * h)))


def radii_css(layer, w, h):
    if layer.get("shape") == "ellipse":
        return "50%"
    radius = layer.get("cornerRadius", 0)
    if layer.get("cornerCurve", "circular") != "circular":
        raise ValueError("continuous corners are not modelled")
    radii = radius if isinstance(radius, list) else [radius] * 4
    if not any(radii):
        return None
    return " ".join("%spx" % num(r) for r in radii)  # CSS scales overlapping radii down as UIKit does


def gradient_css(gradient, w, h):
    colours = gradient["colors"]
    count = len(colours)
    locations = gradient.get("locations", [i / (count - 1) for i in range(count)])
    sx, sy = gradient.get("startPoint", [0.5, 0])
    ex, ey = gradient.get("endPoint", [0.5, 1])
    kind = gradient.get("type", "axial")
    stops = lambda positions, unit: ", ".join("%s %s%s" % (css_colour(c), num(p), unit) for c, p in zip(colours, positions))
    if kind == "axial":
        x0, y0, x1, y1 = sx * w, sy * h, ex * w, ey * h
        dx, dy = x1 - x0, y1 - y0
        if dx == 0 and dy == 0:
            return None
        if (w != h) and dx != 0 and dy != 0:
            raise ValueError("a diagonal axial gradient is drawn on a square (gradient_layer)")
        angle = math.atan2(dx, -dy)
        ux, uy = math.sin(angle), -math.cos(angle)
        length = abs(w * math.sin(angle)) + abs(h * math.cos(angle))
        s0 = ((x0 - w / 2) * ux + (y0 - h / 2) * uy) / length + 0.5
        s1 = ((x1 - w / 2) * ux + (y1 - h / 2) * uy) / length + 0.5
        return "linear-gradient(%sdeg, %s)" % (num(math.degrees(angle)), stops([100 * (s0 + l * (s1 - s0)) for l in locations], "%"))
    if kind == "radial":
        rx, ry = abs(ex - sx) * w, abs(ey - sy) * h
        if rx == 0 or ry == 0:
            return None
        return "radial-gradient(ellipse %spx %spx at %spx %spx, %s)" % (
            num(rx), num(ry), num(sx * w), num(sy * h), stops([100 * l for l in locations], "%"))
    if kind == "conic":
        if w != h:
            raise ValueError("a conic gradient is drawn on a square (gradient_layer)")
        dx, dy = (ex - sx) * w, (ey - sy) * h
        if dx == 0 and dy == 0:
            return None
        angle = math.degrees(math.atan2(dx, -dy))
        return "conic-gradient(from %sdeg at %spx %spx, %s)" % (
            num(angle), num(sx * w), num(sy * h), stops([100 * l for l in locations], "%"))
    raise ValueError("unknown gradient type " + kind)


# CAGradientLayer lays its gradient out in the layer's unit square and stretches that over its
# bounds: on a 120 x 40 layer, a [0, 0] -> [1, 1] gradient's middle colour runs along the diagonal
# from the bottom-left corner to the top-right, and a conic gradient's angles are the square's.
# CSS computes a linear gradient's angle and a conic gradient's angles on the element's own box,
# so the gradient is drawn on a square element of SQUARE px and scaled to the layer's box: the
# square is the unit square, stretched as Core Animation stretches it. Its corners are rounded
# with radii that the scale brings back to the layer's.
SQUARE = 400


def gradient_layer(gradient, w, h, radius, ellipse=False):
    """A div drawing `gradient` over a w x h layer (its first child, under its sublayers), or
    None when the gradient is one colour (the caller paints it)."""
    image = gradient_css(gradient, SQUARE, SQUARE)
    if not image or w <= 0 or h <= 0:
        return None
    sx, sy = w / SQUARE, h / SQUARE
    style = ["left:0", "top:0", "width:%spx" % SQUARE, "height:%spx" % SQUARE, "transform-origin:0 0",
             "transform:scale(%s,%s)" % (num(sx), num(sy)), "background-image:" + image]
    radii = radius if isinstance(radius, list) else [radius] * 4
    if ellipse:
        style.append("border-radius:50%")
    elif any(radii):
        # CSS scales radii that overlap down by one factor, as UIKit does; the scaled element does
        # it in its own pixels, where the factor is the same.
        across = " ".join("%spx" % num(r / sx) for r in radii)
        down = " ".join("%spx" % num(r / sy) for r in radii)
        style.append("border-radius:%s / %s" % (across, down))
    return '<div style="%s"></div>' % ";".join(style)


def drawing_order(layers):
    """Siblings by zPosition, ties in list order."""
    return [layer for _, layer in sorted(enumerate(layers), key=lambda p: (p[1].get("zPosition", 0), p[0]))]


def layer_html(layer, screen, values, inherited_opacity, out):
    x, y, w, h = layer["rect"]
    for key in ("image",):
        if key in layer:
            raise ValueError("'%s' is not modelled" % key)
    own = values.get("%s.%s" % (screen, layer["id"]), {}) if "id" in layer else {}
    opacity = min(max(own.get("opacity", layer.get("opacity", 1)), 0), 1)
    style = ["left:%spx" % num(x), "top:%spx" % num(y), "width:%spx" % num(w), "height:%spx" % num(h)]
    transform = transform_css(w, h, own, layer.get("zPosition", 0))
    if transform:
        style.append("transform:" + transform)
    if "perspective" in layer:
        style.append("perspective:%spx" % num(layer["perspective"]))
    if layer.get("preserves3D"):
        # CATransformLayer: only the sublayers, each with the group's opacity; one 3D context.
        style.append("transform-style:preserve-3d")
        out.append('<div style="%s">' % ";".join(style))
        for sublayer in layer.get("layers", []):
            layer_html(sublayer, screen, values, inherited_opacity * opacity, out)
        out.append("</div>")
        return
    effective = opacity * inherited_opacity
    style.append("opacity:%s" % num(min(effective, NOT_QUITE_OPAQUE)))
    if "color" in layer:
        style.append("background-color:" + css_colour(layer["color"]))
    stretched = None
    if "gradient" in layer:
        stretched = gradient_layer(
            layer["gradient"], w, h, layer.get("cornerRadius", 0), ellipse=layer.get("shape") == "ellipse")
        if not stretched:
            style.append("background-color:" + css_colour(layer["gradient"]["colors"][-1]))
    radii = radii_css(layer, w, h)
    if radii:
        style.append("border-radius:" + radii)
    if layer.get("clips"):
        style.append("overflow:hidden")
    if layer.get("doubleSided") is False:
        style.append("backface-visibility:hidden")
    out.append('<div style="%s">' % ";".join(style))
    if stretched:
        out.append(stretched)
    for sublayer in drawing_order(layer.get("layers", [])):
        layer_html(sublayer, screen, values, 1.0, out)
    border = layer.get("border")
    if border and border.get("width", 0) > 0:
        out.append('<div style="left:0;top:0;width:100%%;height:100%%;border:%spx solid %s%s"></div>' % (
            num(border["width"]), css_colour(border.get("color", "#000000")),
            ";border-radius:" + radii if radii else ""))
    out.append("</div>")


# Chromium's compositor culls quads it believes hidden under an opaque layer, and gets that wrong
# for layers turned in 3D away from their plane (a face with a zPosition in a turned 3D group
# vanished under a later opaque sibling that did not cover it). No layer is an occluder below
# opacity 1, and 0.9999 changes no pixel.
NOT_QUITE_OPAQUE = 0.9999


def scene_html(scene, t):
    values = animated_values(scene, t)
    width, height = scene["size"]
    transition = scene["transition"]
    operation = transition.get("operation", "present")
    stack = transition.get("stack", ["from", "to"] if operation in ("present", "push") else ["to", "from"])
    for key in ("overlays", "match", "end"):
        if transition.get(key):
            raise ValueError("'%s' is not modelled" % key)
    if scene.get("interaction"):
        raise ValueError("'interaction' is not modelled")
    out = ['<div style="left:0;top:0;width:%spx;height:%spx;overflow:hidden;background:%s;perspective:%spx">' % (
        num(width), num(height), css_colour(scene.get("background", "#000000")), num(transition.get("perspective", 500)))]
    for key in stack:
        screen = scene[key]
        if "image" in screen:
            raise ValueError("screen images are not modelled")
        own = values.get(key, {})
        sw, sh = screen.get("size", [width, height])
        opacity = min(max(own.get("opacity", 1), 0), 1)
        style = ["left:0", "top:0", "width:%spx" % num(sw), "height:%spx" % num(sh), "overflow:hidden"]
        transform = transform_css(sw, sh, own)
        if transform:
            style.append("transform:" + transform)
        style.append("opacity:%s" % num(min(opacity, NOT_QUITE_OPAQUE)))
        if "background" in screen:
            style.append("background-color:" + css_colour(screen["background"]))
        if "perspective" in screen:
            style.append("perspective:%spx" % num(screen["perspective"]))
        if screen.get("doubleSided") is False:
            style.append("backface-visibility:hidden")
        out.append('<div style="%s">' % ";".join(style))
        for layer in drawing_order(screen.get("layers", [])):
            layer_html(layer, key, values, 1.0, out)
        out.append("</div>")
    out.append("</div>")
    return "".join(out)


PAGE = ("<!doctype html><html><head><style>html,body{margin:0;padding:0;overflow:hidden;background:#808080}"
        "div{position:absolute;box-sizing:border-box;margin:0;padding:0;transform-origin:0 0}"
        "</style></head><body><div id=root style='left:0;top:0'></div></body></html>")


# ---------------------------------------------------------------------------------------------
# Random scenes

class Generator:
    def __init__(self, rng):
        self.rng = rng
        self.count = 0
        self.animations = []

    def new_id(self):
        self.count += 1
        return "n%d" % self.count

    def colour(self, avoid=()):
        choices = [c for c in PALETTE if c not in avoid]
        return self.rng.choice(choices)

    def gradient(self, w, h):
        r = self.rng
        kind = r.choice(["axial", "axial", "radial", "conic"])
        count = r.choice([2, 2, 3])
        colours = r.sample(PALETTE, count)
        if r.random() < 0.2:
            colours[-1] = colours[-1] + "80"  # a translucent stop over the fill colour
        gradient = {"type": kind, "colors": colours}
        if r.random() < 0.5:
            locations = sorted(round(r.uniform(0, 1), 2) for _ in range(count))
            gradient["locations"] = locations
        if kind == "axial":
            if r.random() < 0.6:
                start = [round(r.uniform(0, 1), 2), round(r.uniform(0, 1), 2)]
                end = [round(r.uniform(0, 1), 2), round(r.uniform(0, 1), 2)]
                if abs(start[0] - end[0]) + abs(start[1] - end[1]) < 0.3:
                    end = [1 - start[0], 1 - start[1]] if (start[0], start[1]) != (0.5, 0.5) else [1, 1]
            elif r.random() < 0.5:
                x = round(r.uniform(0, 1), 2)
                start, end = [x, round(r.uniform(-0.2, 0.4), 2)], [x, round(r.uniform(0.6, 1.2), 2)]
            else:
                y = round(r.uniform(0, 1), 2)
                start, end = [round(r.uniform(-0.2, 0.4), 2), y], [round(r.uniform(0.6, 1.2), 2), y]
            if r.random() < 0.5:
                start, end = end, start
        elif kind == "radial":
            start = [round(r.uniform(0.2, 0.8), 2), round(r.uniform(0.2, 0.8), 2)]
            end = [round(start[0] + r.choice([-1, 1]) * r.uniform(0.3, 0.7), 2),
                   round(start[1] + r.choice([-1, 1]) * r.uniform(0.3, 0.7), 2)]
        else:
            start = [round(r.uniform(0.3, 0.7), 2), round(r.uniform(0.3, 0.7), 2)]
            angle = r.uniform(0, 2 * math.pi)
            end = [round(start[0] + 0.4 * math.cos(angle), 2), round(start[1] + 0.4 * math.sin(angle), 2)]
        gradient["startPoint"], gradient["endPoint"] = start, end
        return gradient

    def paint(self, layer, w, h, fill_probability=0.85):
        r = self.rng
        if r.random() < fill_probability:
            layer["color"] = self.colour()
        if r.random() < 0.25:
            layer["gradient"] = self.gradient(w, h)
            if all(len(c) == 7 for c in layer["gradient"]["colors"]):
                # An opaque gradient hides the fill; Segue leaks the fill at anti-aliased edges (a
                # 1 px fringe, found by this check, reported) which CSS does not.
                layer.pop("color", None)
        if r.random() < 0.25:
            layer["shape"] = "ellipse"
        elif r.random() < 0.5:
            m = min(w, h)
            layer["cornerRadius"] = (round(r.uniform(2, m / 2), 1) if r.random() < 0.6
                                     else [round(r.uniform(0, m / 2), 1) for _ in range(4)])

    def rect(self, pw, ph, lo=0.25, hi=0.7, square=False):
        r = self.rng
        w = round(r.uniform(lo, hi) * pw)
        h = w if square else round(r.uniform(lo, hi) * ph)
        x = round(r.uniform(-0.15 * w, pw - 0.85 * w))
        y = round(r.uniform(-0.15 * h, ph - 0.85 * h))
        return [x, y, max(w, 8), max(h, 8)]

    def animate(self, target, kinds, three_d_limit=60, small=False):
        r = self.rng
        start, end = {}, {}
        for kind in kinds:
            if kind == "translate":
                k = 10 if small else 30
                start[kind] = [round(r.uniform(-k, k)), round(r.uniform(-k, k))]
                end[kind] = [round(r.uniform(-k, k)), round(r.uniform(-k, k))]
            elif kind == "scale":
                if r.random() < 0.7:
                    start[kind], end[kind] = round(r.uniform(0.6, 1.3), 2), round(r.uniform(0.6, 1.3), 2)
                else:
                    start[kind] = [round(r.uniform(0.6, 1.3), 2), round(r.uniform(0.6, 1.3), 2)]
                    end[kind] = [round(r.uniform(0.6, 1.3), 2), round(r.uniform(0.6, 1.3), 2)]
            elif kind == "rotation":
                k = 15 if small else 90
                start[kind], end[kind] = round(r.uniform(-k, k)), round(r.uniform(-k, k))
            elif kind in ("rotationX", "rotationY"):
                k = 15 if small else three_d_limit
                start[kind], end[kind] = round(r.uniform(-k, k)), round(r.uniform(-k, k))
            elif kind == "opacity":
                start[kind], end[kind] = round(r.uniform(0.35, 1), 2), round(r.uniform(0.35, 1), 2)
            elif kind == "anchor":
                start[kind] = [round(r.uniform(0, 1), 2), round(r.uniform(0, 1), 2)]
                end[kind] = [round(r.uniform(0, 1), 2), round(r.uniform(0, 1), 2)]
            elif kind == "translateZ":
                start[kind], end[kind] = round(r.uniform(-40, 40)), round(r.uniform(-40, 40))
        animation = {"target": target, "from": start, "to": end}
        if r.random() < 0.3:
            animation["delay"] = r.choice([0.1, 0.2])
        if r.random() < 0.4:
            animation["duration"] = r.choice([0.3, 0.4])
        self.animations.append(animation)

    def random_kinds(self, count=None):
        r = self.rng
        pool = ["translate", "scale", "rotation", "rotationX", "rotationY", "opacity", "anchor", "translateZ"]
        weights = [3, 2, 2, 2, 2, 2, 1, 1]
        chosen = set()
        for _ in range(count or r.choice([1, 2, 2, 3])):
            chosen.add(r.choices(pool, weights)[0])
        if "anchor" in chosen and len(chosen) == 1:
            chosen.add("rotation")
        return sorted(chosen)

    # -- trees ------------------------------------------------------------------------------

    def children(self, screen, pw, ph, depth, count, may_target):
        layers = [self.layer(screen, pw, ph, depth, may_target) for _ in range(count)]
        return layers

    def layer(self, screen, pw, ph, depth, may_target):
        r = self.rng
        roll = r.random()
        if depth < 4 and roll < 0.3:
            return self.flat_group(screen, pw, ph, depth, may_target)
        if depth < 3 and roll < 0.5:
            return self.group_3d(screen, pw, ph, depth, may_target)
        return self.leaf(screen, pw, ph, may_target)

    def common(self, layer, screen, may_target, kinds=None):
        r = self.rng
        if r.random() < 0.25:
            layer["opacity"] = round(r.uniform(0.5, 0.9), 2)
        if r.random() < 0.3:
            layer["zPosition"] = round(r.uniform(-30, 30))
        if may_target and r.random() < 0.35:
            self.animate("%s.%s" % (screen, layer["id"]), kinds or self.random_kinds())

    def leaf(self, screen, pw, ph, may_target, square=None):
        r = self.rng
        square = r.random() < 0.3 if square is None else square
        layer = {"id": self.new_id(), "rect": self.rect(pw, ph, square=square)}
        self.paint(layer, layer["rect"][2], layer["rect"][3])
        if r.random() < 0.2:
            layer["border"] = {"width": r.choice([2, 3, 4]), "color": self.colour()}
        if r.random() < 0.15:
            layer["doubleSided"] = False
        self.common(layer, screen, may_target)
        return layer

    def flat_group(self, screen, pw, ph, depth, may_target):
        r = self.rng
        layer = {"id": self.new_id(), "rect": self.rect(pw, ph, 0.45, 0.9)}
        w, h = layer["rect"][2], layer["rect"][3]
        self.paint(layer, w, h, 0.7)
        if r.random() < 0.65:
            layer["clips"] = True
        if r.random() < 0.2:
            layer["perspective"] = r.choice([200, 300, 400, 600])
        if r.random() < 0.15:
            layer["border"] = {"width": r.choice([2, 3]), "color": self.colour()}
        before = len(self.animations)
        self.common(layer, screen, may_target)
        targeted = len(self.animations) > before
        layer["layers"] = self.children(screen, w, h, depth + 1, r.choice([1, 2, 2, 3]), may_target and not targeted)
        return layer

    def group_3d(self, screen, pw, ph, depth, may_target):
        r = self.rng
        if may_target and r.random() < 0.35:
            return self.cube(screen, pw, ph)
        size = round(r.uniform(0.4, 0.7) * min(pw, ph))
        layer = {"id": self.new_id(), "rect": self.rect(pw, ph, square=True)[:2] + [size, size], "preserves3D": True}
        if r.random() < 0.3:
            layer["color"] = self.colour()  # a CATransformLayer draws no fill
        if r.random() < 0.3:
            layer["opacity"] = round(r.uniform(0.5, 0.9), 2)
        if r.random() < 0.15:
            layer["perspective"] = r.choice([300, 400, 600])
        targeted = may_target and r.random() < 0.5
        if targeted:
            self.animate("%s.%s" % (screen, layer["id"]), sorted({"rotationY", r.choice(["rotationX", "scale", "translate", "opacity", "rotation"])}), 55)
        layer["layers"] = self.stack(screen, size, size, depth + 1, targeted)
        return layer

    def stack(self, screen, w, h, depth, faces_may_move, z_offset=0.0, spacing=None):
        """Parallel faces, concentric-ish, apart in depth (no two intersect, whatever turns them)."""
        r = self.rng
        spacing = spacing or r.choice([36, 40, 48])
        count = r.choice([2, 3, 3])
        nested = depth < 3 and r.random() < 0.35
        slots = count + (1 if nested else 0)
        depths = [(i - (slots - 1) / 2) * spacing * (2 if nested else 1) for i in range(slots)]
        faces = []
        nested_slot = r.randrange(slots) if nested else None
        for i, z in enumerate(depths):
            if i == nested_slot:
                inner = {"id": self.new_id(), "rect": [0, 0, w, h], "preserves3D": True, "zPosition": round(z + z_offset),
                         "layers": []}
                if r.random() < 0.3:
                    inner["opacity"] = round(r.uniform(0.6, 0.9), 2)
                # its faces interleave with the outer faces in depth
                inner["layers"] = [self.face(screen, w, h, zz, False) for zz in (-spacing, spacing)]
                faces.append(inner)
                continue
            faces.append(self.face(screen, w, h, z + z_offset, faces_may_move))
        r.shuffle(faces)
        return faces

    def face(self, screen, w, h, z, may_move):
        r = self.rng
        fw, fh = round(w * r.uniform(0.5, 1.0)), round(h * r.uniform(0.5, 1.0))
        x = round((w - fw) / 2 + r.uniform(-0.25, 0.25) * w)
        y = round((h - fh) / 2 + r.uniform(-0.25, 0.25) * h)
        face = {"id": self.new_id(), "rect": [x, y, fw, fh], "zPosition": round(z)}
        if r.random() < 0.3:
            face["layers"] = [self.leaf(screen, fw, fh, False)]
            face["clips"] = r.random() < 0.5
        self.paint(face, fw, fh, 1.0)
        if r.random() < 0.3:
            face["opacity"] = round(r.uniform(0.5, 0.9), 2)
        if r.random() < 0.2:
            face["doubleSided"] = False
        if may_move and r.random() < 0.4:
            self.animate("%s.%s" % (screen, face["id"]), self.rng.sample(["translate", "opacity", "scale", "rotation", "rotationY", "rotationX"], 2), small=True)
        return face

    def cube(self, screen, pw, ph):
        r = self.rng
        s = round(r.uniform(0.35, 0.55) * min(pw, ph))
        x, y = round(r.uniform(0, pw - s)), round(r.uniform(0, ph - s))
        group = {"id": self.new_id(), "rect": [x, y, s, s], "preserves3D": True, "zPosition": -s // 2, "layers": []}
        if r.random() < 0.3:
            group["opacity"] = round(r.uniform(0.5, 0.9), 2)
        single = r.random() < 0.6
        placements = [("front", {}, s / 2), ("back", {"rotationY": 180}, -s / 2),
                      ("right", {"rotationY": 90, "translate": [s / 2, 0]}, 0),
                      ("left", {"rotationY": -90, "translate": [-s / 2, 0]}, 0)]
        if r.random() < 0.5:
            placements += [("top", {"rotationX": 90, "translate": [0, -s / 2]}, 0),
                           ("bottom", {"rotationX": -90, "translate": [0, s / 2]}, 0)]
        colours = r.sample(PALETTE, len(placements))
        for (name, pose, z), colour in zip(placements, colours):
            face = {"id": self.new_id(), "rect": [0, 0, s, s], "color": colour}
            if z:
                face["zPosition"] = round(z)
            if single:
                face["doubleSided"] = False
            if r.random() < 0.2:
                face["cornerRadius"] = round(r.uniform(2, s / 4))
            if r.random() < 0.2:
                face["gradient"] = self.gradient(s, s)
            group["layers"].append(face)
            if pose:
                self.animations.append({"target": "%s.%s" % (screen, face["id"]), "from": dict(pose), "to": dict(pose)})
        start = round(r.uniform(-60, 60))
        animation = {"target": "%s.%s" % (screen, group["id"]), "from": {"rotationY": start},
                     "to": {"rotationY": start + r.choice([-1, 1]) * round(r.uniform(20, 60))}}
        if r.random() < 0.5:
            animation["from"]["rotationX"] = round(r.uniform(-30, 30))
            animation["to"]["rotationX"] = round(r.uniform(-30, 30))
        self.animations.append(animation)
        r.shuffle(group["layers"])
        return group


def walk(layers, parent=None):
    for layer in layers:
        yield layer, parent
        yield from walk(layer.get("layers", []), layer)


def targets_of(scene):
    return {a["target"] for a in scene["transition"].get("animations", [])}


def has_target(layer, screen, targets):
    return any("%s.%s" % (screen, l["id"]) in targets for l, _ in walk([layer]))


def enforce_lifting_order(scene):
    """Animated layers are lifted above their screen's content (docs: Targets). Keep CSS paint order
    and that rule in agreement: in every flat parent, a child holding an animated layer is drawn after
    every static child; a non-animated group holding one has no border and opacity 1."""
    targets = targets_of(scene)
    for screen in ("from", "to"):
        parents = [scene[screen]] + [l for l, _ in walk(scene[screen].get("layers", [])) if "layers" in l]
        for parent in parents:
            if parent.get("preserves3D"):
                continue
            children = parent.get("layers", [])
            moving = [c for c in children if has_target(c, screen, targets)]
            still = [c for c in children if not has_target(c, screen, targets)]
            if moving and still:
                top = max(c.get("zPosition", 0) for c in still)
                low = min(c.get("zPosition", 0) for c in moving)
                if low <= top:
                    for c in moving:
                        c["zPosition"] = c.get("zPosition", 0) + (top - low) + 1
            # Lifted layers are drawn in their screen's layer order: make list order and zPosition
            # order agree among the moving children, so either reading gives the same picture.
            slots = [i for i, c in enumerate(children) if has_target(c, screen, targets)]
            ordered = sorted(slots, key=lambda i: (children[i].get("zPosition", 0), i))
            moved = [children[i] for i in ordered]
            for i, c in zip(slots, moved):
                children[i] = c
            if parent is not scene[screen] and "%s.%s" % (screen, parent.get("id")) not in targets and moving:
                parent.pop("border", None)
                parent.pop("opacity", None)


def random_scene(index, seed, avoid_changed=False):
    rng = random.Random("%d/%d" % (seed, index))
    g = Generator(rng)
    scene = {"name": "css-%d-%02d" % (seed, index), "size": [W, H], "scale": 1, "fps": FPS,
             "background": g.colour()}
    fr = {"background": g.colour([scene["background"]])}
    if rng.random() < 0.6:
        fr["perspective"] = rng.choice([250, 300, 400, 600])
    fr["layers"] = g.children("from", W, H, 0, rng.choice([2, 3, 4]), True)
    to_size = [W, H] if rng.random() < 0.25 else [round(rng.uniform(80, 140)), round(rng.uniform(100, 200))]
    to = {"size": to_size}
    if rng.random() < 0.8:
        to["background"] = g.colour([fr["background"]])
    if rng.random() < 0.5:
        to["perspective"] = rng.choice([250, 300, 400, 600])
    if rng.random() < 0.2:
        to["doubleSided"] = False
    to["layers"] = g.children("to", to_size[0], to_size[1], 1, rng.choice([1, 2, 3]), True)
    scene["from"], scene["to"] = fr, to
    transition = {"type": "custom", "operation": "present", "duration": 0.5, "curve": "linear",
                  "perspective": rng.choice([300, 400, 500, 800])}
    # The to screen comes in; the from screen may move a little.
    ox, oy = (W - to_size[0]) / 2, (H - to_size[1]) / 2
    start = {"translate": [round(ox + rng.uniform(-40, 40)), round(oy + rng.uniform(-60, 60))],
             "rotationY": round(rng.uniform(-70, 70)), "opacity": round(rng.uniform(0.5, 1), 2)}
    end = {"translate": [round(ox + rng.uniform(-20, 20)), round(oy + rng.uniform(-30, 30))],
           "rotationY": round(rng.uniform(-40, 40)), "opacity": round(rng.uniform(0.6, 1), 2)}
    if rng.random() < 0.5:
        start["rotationX"], end["rotationX"] = round(rng.uniform(-40, 40)), round(rng.uniform(-30, 30))
    if rng.random() < 0.5:
        start["scale"], end["scale"] = round(rng.uniform(0.6, 1.1), 2), round(rng.uniform(0.7, 1.1), 2)
    if to.get("doubleSided") is False and rng.random() < 0.5:
        start["rotationY"] = rng.choice([-1, 1]) * round(rng.uniform(120, 160))
    g.animations.insert(0, {"target": "to", "from": start, "to": end})
    if rng.random() < 0.5:
        g.animate("from", rng.sample(["scale", "rotationY", "rotationX", "rotation", "translate", "opacity"], 2), 35)
    transition["animations"] = g.animations
    scene["transition"] = transition
    if avoid_changed:
        leave_out_changed_rules(scene)
    enforce_lifting_order(scene)
    return scene


def leave_out_changed_rules(scene):
    """--avoid-changed: no 3D group with a fill, border or opacity, no 3D group in a 3D group, no
    static 3D group (each gets a still animation, so it is lifted), no ellipse group that clips an
    animated sublayer."""
    animations = scene["transition"]["animations"]
    for screen in ("from", "to"):
        for layer, _ in list(walk(scene[screen].get("layers", []))):
            if not layer.get("preserves3D"):
                continue
            for key in ("color", "gradient", "border", "opacity"):
                layer.pop(key, None)
            target = "%s.%s" % (screen, layer["id"])
            for animation in animations:
                if animation["target"] == target:
                    animation["from"].pop("opacity", None)
                    animation["to"].pop("opacity", None)
            flat = []
            for child in layer["layers"]:
                if child.get("preserves3D"):
                    for grandchild in child["layers"]:
                        grandchild["zPosition"] = grandchild.get("zPosition", 0) + child.get("zPosition", 0)
                        flat.append(grandchild)
                else:
                    flat.append(child)
            layer["layers"] = flat
        targets = targets_of(scene)
        carried = set()  # layers inside an animated layer: lifted with it
        for layer, _ in walk(scene[screen].get("layers", [])):
            if "%s.%s" % (screen, layer["id"]) in targets or id(layer) in carried:
                carried.update(id(l) for l, _ in walk(layer.get("layers", [])))
        for layer, parent in list(walk(scene[screen].get("layers", []))):
            target = "%s.%s" % (screen, layer["id"])
            if layer.get("preserves3D") and not has_target(layer, screen, targets) and not (
                    parent and parent.get("preserves3D")):
                if id(layer) not in carried:
                    animations.append({"target": target, "from": {"translate": [0, 0]}, "to": {"translate": [0, 0]}})
                else:  # inside an animated group: a flat group
                    layer.pop("preserves3D")
                    layer.pop("perspective", None)
        targets = targets_of(scene)
        for layer, parent in list(walk(scene[screen].get("layers", []))):
            target = "%s.%s" % (screen, layer["id"])
            if layer.get("shape") == "ellipse" and layer.get("clips") and target not in targets and \
                    has_target(layer, screen, targets):
                layer.pop("shape")
        # No static layer off its flat parent's plane under a perspective.
        targets = targets_of(scene)
        parents = [scene[screen]] + [l for l, _ in walk(scene[screen].get("layers", [])) if "layers" in l]
        for parent in parents:
            if "perspective" in parent and not parent.get("preserves3D"):
                for child in parent["layers"]:
                    if not has_target(child, screen, targets):
                        child.pop("zPosition", None)
    scene["transition"]["animations"] = [a for a in animations if a["from"] or a["to"]]


# ---------------------------------------------------------------------------------------------
# Fixed scenes, one for each rule the random ones might miss

def fixed_scenes():
    base = lambda name, fr, to, animations, perspective=500: {
        "name": name, "size": [W, H], "scale": 1, "fps": FPS, "background": "#000000",
        "from": fr, "to": to,
        "transition": {"type": "custom", "operation": "present", "duration": 0.5, "curve": "linear",
                       "perspective": perspective, "animations": animations}}
    hidden_to = [{"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]
    scenes = []
    # 1. A static 3D group, then a sibling that overlaps it: the sibling is drawn over it.
    scenes.append(base("fixed-static-3d-then-sibling", {"background": "#FFFFFF", "perspective": 300, "layers": [
        {"id": "g", "rect": [20, 40, 100, 100], "preserves3D": True, "layers": [
            {"id": "back", "rect": [0, 0, 100, 100], "color": "#4363D8", "zPosition": -30},
            {"id": "front", "rect": [20, 20, 60, 60], "color": "#E6194B", "zPosition": 30}]},
        {"id": "over", "rect": [60, 80, 80, 80], "color": "#3CB44B"}]},
        {}, hidden_to + [{"target": "from", "from": {"rotationY": 0}, "to": {"rotationY": 20}}]))
    # 2. Nested 3D groups whose leaves interleave in depth, turning.
    scenes.append(base("fixed-nested-3d-interleave", {"background": "#FFFFFF", "perspective": 400, "layers": [
        {"id": "outer", "rect": [30, 60, 100, 100], "preserves3D": True, "layers": [
            {"id": "o1", "rect": [0, 0, 100, 100], "color": "#4363D8", "zPosition": -60},
            {"id": "inner", "rect": [0, 0, 100, 100], "preserves3D": True, "layers": [
                {"id": "i1", "rect": [10, 10, 80, 80], "color": "#F58231", "zPosition": -20},
                {"id": "i2", "rect": [30, 30, 40, 40], "color": "#911EB4", "zPosition": 60}]},
            {"id": "o2", "rect": [20, 20, 60, 60], "color": "#3CB44B", "zPosition": 20}]}]},
        {}, hidden_to + [{"target": "from.outer", "from": {"rotationY": -35, "rotationX": 10}, "to": {"rotationY": 35, "rotationX": -10}}]))
    # 3. An ellipse group that clips, with an animated sublayer poking out of the ellipse.
    scenes.append(base("fixed-ellipse-clip-animated", {"background": "#FFFFFF", "layers": [
        {"id": "disc", "rect": [20, 50, 120, 120], "shape": "ellipse", "clips": True, "color": "#4363D8", "layers": [
            {"id": "still", "rect": [-10, -10, 60, 60], "color": "#FFE119"},
            {"id": "moving", "rect": [60, 60, 70, 70], "color": "#E6194B"}]}]},
        {}, hidden_to + [{"target": "from.moving", "from": {"translate": [0, 0]}, "to": {"translate": [-20, -50]}}]))
    # 4. A 3D group with a colour and opacity 0.5: no fill; the opacity is each face's own.
    scenes.append(base("fixed-3d-group-fill-opacity", {"background": "#FFFFFF", "perspective": 400, "layers": [
        {"id": "g", "rect": [20, 40, 120, 120], "preserves3D": True, "color": "#000075", "opacity": 0.5, "layers": [
            {"id": "a", "rect": [0, 0, 90, 90], "color": "#E6194B", "zPosition": -20},
            {"id": "b", "rect": [30, 30, 90, 90], "color": "#3CB44B", "zPosition": 20}]}]},
        {}, hidden_to + [{"target": "from.g", "from": {"rotationY": -20}, "to": {"rotationY": 25}}]))
    # 5. Rules expected to hold already: zPosition order in a flat parent; a single-sided layer in a
    # flat group turned past 90 degrees is hidden, one in a turned group facing it is shown mirrored.
    scenes.append(base("fixed-zposition-backface", {"background": "#FFFFFF", "perspective": 300, "layers": [
        {"id": "a", "rect": [10, 20, 80, 80], "color": "#E6194B", "zPosition": 10},
        {"id": "b", "rect": [50, 60, 80, 80], "color": "#4363D8"},
        {"id": "card", "rect": [20, 130, 120, 90], "color": "#FFE119", "layers": [
            {"id": "face", "rect": [10, 10, 60, 60], "color": "#3CB44B", "doubleSided": False},
            {"id": "turned", "rect": [60, 20, 50, 50], "color": "#911EB4", "doubleSided": False}]}]},
        {}, hidden_to + [{"target": "from.card", "from": {"rotationY": 100}, "to": {"rotationY": 160}},
                         {"target": "from.turned", "from": {"rotationY": 120}, "to": {"rotationY": 120}}]))
    # 6. Group opacity composites once; clipping to rounded corners; gradients.
    scenes.append(base("fixed-group-opacity-gradients", {"background": "#FFFFFF", "layers": [
        {"id": "group", "rect": [10, 10, 140, 110], "opacity": 0.6, "cornerRadius": 24, "clips": True,
         "gradient": {"type": "axial", "colors": ["#4363D8", "#46F0F0"], "startPoint": [0, 0.5], "endPoint": [1, 0.5]},
         "layers": [{"rect": [-10, -10, 70, 70], "color": "#E6194B"}, {"rect": [30, 30, 70, 70], "color": "#FFE119"}]},
        {"id": "ball", "rect": [10, 130, 90, 90], "shape": "ellipse",
         "gradient": {"type": "radial", "colors": ["#FFFFFF", "#911EB4"], "startPoint": [0.4, 0.4], "endPoint": [1, 1]}},
        {"id": "disc", "rect": [90, 150, 64, 64],
         "gradient": {"type": "conic", "colors": ["#E6194B", "#FFE119", "#3CB44B"], "locations": [0, 0.5, 1],
                      "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]}}]},
        {}, hidden_to + [{"target": "from", "from": {"rotationY": -20}, "to": {"rotationY": 20}}]))
    # 6b. Gradients on layers that are not square: laid out in the unit square and stretched, as
    # CAGradientLayer does (a diagonal's middle runs corner to corner; a conic's angles are the
    # square's), on a still screen and on a turned one.
    for name, turn in (("fixed-stretched-gradients", 0), ("fixed-stretched-gradients-turned", 25)):
        scenes.append(base(name, {"background": "#FFFFFF", "layers": [
            {"rect": [10, 10, 150, 50], "cornerRadius": 12,
             "gradient": {"type": "axial", "colors": ["#000000", "#FFFFFF"], "startPoint": [0, 0], "endPoint": [1, 1]}},
            {"rect": [10, 70, 150, 60],
             "gradient": {"type": "axial", "colors": ["#E6194B", "#4363D8", "#FFE119"], "locations": [0, 0.3, 1],
                          "startPoint": [0.9, 0.1], "endPoint": [0.2, 1]}},
            {"rect": [10, 140, 150, 70],
             "gradient": {"type": "conic", "colors": ["#E6194B", "#FFE119", "#3CB44B"], "locations": [0, 0.5, 1],
                          "startPoint": [0.4, 0.6], "endPoint": [1, 0.3]}},
            {"rect": [10, 215, 150, 20],
             "gradient": {"type": "radial", "colors": ["#FFFFFF", "#911EB4"], "startPoint": [0.3, 0.5],
                          "endPoint": [0.9, 1.1]}}]},
            {}, hidden_to + [{"target": "from", "from": {"rotationY": -turn}, "to": {"rotationY": turn}}]))
    # 7. Found by this check: an animated 3D group's opacity reaches the sublayers of a 3D group
    # inside it too (each face at 0.5, as when the group is still).
    scenes.append(base("fixed-animated-nested-3d-opacity", {"background": "#FFFFFF", "perspective": 400, "layers": [
        {"id": "outer", "rect": [30, 60, 100, 100], "preserves3D": True, "opacity": 0.5, "layers": [
            {"id": "inner", "rect": [0, 0, 100, 100], "preserves3D": True, "layers": [
                {"id": "leaf", "rect": [10, 10, 80, 80], "color": "#4363D8"}]}]}]},
        {}, hidden_to + [{"target": "from.outer", "from": {"rotationY": -20}, "to": {"rotationY": 20}}]))
    # 8. Found by this check: a 3D group turned exactly edge-on still draws its sublayers (here a
    # face turned a quarter inside it, which then faces the eye).
    scenes.append(base("fixed-3d-group-edge-on", {"background": "#FFFFFF", "perspective": 300, "layers": [
        {"id": "g", "rect": [40, 80, 80, 80], "preserves3D": True, "layers": [
            {"id": "side", "rect": [0, 0, 80, 80], "color": "#E6194B"}]}]},
        {}, hidden_to + [{"target": "from.side", "from": {"rotationY": 90}, "to": {"rotationY": 90}},
                         {"target": "from.g", "from": {"rotationY": -60}, "to": {"rotationY": -90}}]))
    # 9. Found by this check: a still layer off its parent's plane under a perspective (zPosition
    # -27) keeps its zPosition order: the later sibling is drawn over it.
    scenes.append(base("fixed-zposition-under-perspective", {"background": "#FFFFFF", "layers": [
        {"id": "g", "rect": [20, 40, 120, 120], "color": "#BCF60C", "perspective": 400, "layers": [
            {"id": "back", "rect": [10, 10, 70, 70], "color": "#000075", "zPosition": -27},
            {"id": "front", "rect": [40, 40, 70, 70], "color": "#F032E6"}]}]},
        {}, hidden_to))
    return scenes


def covered(scene, screen, layer):
    """Whether anything of its screen is drawn after the layer (at its level or an ancestor's)."""
    def visit(parent):
        if parent is layer:
            return []
        for child in parent.get("layers", []):
            path = visit(child)
            if path is not None:
                return [parent] + path
        return None
    path = visit(scene[screen])
    chain = path + [layer]
    for parent, child in zip(chain, chain[1:]):
        if parent.get("preserves3D"):
            continue
        order = drawing_order(parent.get("layers", []))
        if order.index(child) < len(order) - 1:
            return True
        if parent is not scene[screen] and parent.get("border"):
            return True
    return False


def features(scene):
    """The scene's uses of the rules being changed, to say which a failure may come from."""
    found = set()
    targets = targets_of(scene)
    for screen in ("from", "to"):
        layers = scene[screen].get("layers", [])
        parents = [(scene[screen], True)] + [(l, False) for l, _ in walk(layers) if "layers" in l]
        for parent, _ in parents:
            children = parent.get("layers", [])
            if parent.get("preserves3D"):
                if any(c.get("preserves3D") for c in children):
                    found.add("nested 3D groups")
                if any(k in parent for k in ("color", "gradient", "border")) or parent.get("opacity", 1) < 1 or \
                        "opacity" in str([a for a in scene["transition"]["animations"] if a["target"] == "%s.%s" % (screen, parent["id"])]):
                    found.add("3D group fill/opacity")
                continue
            order = drawing_order(children)
            for i, child in enumerate(order):
                if child.get("preserves3D") and not has_target(child, screen, targets) and covered(scene, screen, child):
                    found.add("static 3D group under later content")
                if "perspective" in parent and child.get("zPosition", 0) != 0 and \
                        not has_target(child, screen, targets) and i < len(order) - 1:
                    found.add("static layer off its plane under a perspective, under a later sibling")
            if parent.get("shape") == "ellipse" and parent.get("clips") and any(
                    has_target(c, screen, targets) for c in children):
                found.add("ellipse clip of an animated sublayer")
    return sorted(found)


# ---------------------------------------------------------------------------------------------
# Pictures

def load_rgb(path):
    image = Image.open(path).convert("RGBA")
    pixels = np.asarray(image).astype(np.int32)
    alpha = pixels[..., 3:4]
    # A transparent frame is composited on black (the container's default background).
    return ((pixels[..., :3] * alpha + 127) // 255).astype(np.int16)


def edge_map(pixels):
    edges = np.zeros(pixels.shape[:2], dtype=bool)
    # An edge lying in the frame's last pixel row or column has no neighbour to show it.
    edges[0, :] = edges[-1, :] = True
    edges[:, 0] = edges[:, -1] = True
    dx = np.abs(pixels[:, 1:] - pixels[:, :-1]).max(axis=2) > EDGE_LEVEL
    dy = np.abs(pixels[1:, :] - pixels[:-1, :]).max(axis=2) > EDGE_LEVEL
    edges[:, 1:] |= dx
    edges[:, :-1] |= dx
    edges[1:, :] |= dy
    edges[:-1, :] |= dy
    return edges


def dilate(mask, radius):
    out = mask.copy()
    h, w = mask.shape
    for oy in range(-radius, radius + 1):
        for ox in range(-radius, radius + 1):
            shifted = np.zeros_like(mask)
            shifted[max(oy, 0):h + min(oy, 0), max(ox, 0):w + min(ox, 0)] = \
                mask[max(-oy, 0):h + min(-oy, 0), max(-ox, 0):w + min(-ox, 0)]
            out |= shifted
    return out


def shift(pixels, oy, ox):
    h, w = pixels.shape[:2]
    padded = np.pad(pixels, ((1, 1), (1, 1), (0, 0)), mode="edge")
    return padded[1 + oy:1 + oy + h, 1 + ox:1 + ox + w]


def near_difference(a, b):
    """For each pixel, the smallest difference (largest channel) between a's pixel and one of b's
    pixels at most 1 px away: an edge half a pixel apart in the two pictures, too faint to be found
    as an edge, differs by at most half its contrast."""
    best = None
    for oy in (-1, 0, 1):
        for ox in (-1, 0, 1):
            d = np.abs(a - shift(b, oy, ox)).max(axis=2)
            best = d if best is None else np.minimum(best, d)
    return best


def compare(segue, chromium):
    excluded = dilate(edge_map(segue) | edge_map(chromium), EDGE_RADIUS)
    difference = np.maximum(near_difference(segue, chromium), near_difference(chromium, segue))
    bad = (difference > TOLERANCE) & ~excluded
    # Only areas count: a differing pixel counts when it lies in a 3x3 block of differing pixels.
    # Thinner differences are slivers along edges too faint for the edge map (an edge under a
    # screen at 8 % opacity), never a wrong order, clip, face or opacity.
    solid = bad.copy()
    for oy in (-1, 0, 1):
        for ox in (-1, 0, 1):
            solid &= shift(bad[..., None], oy, ox)[..., 0]
    bad &= dilate(solid, 1)
    compared = int((~excluded).sum())
    count = int(bad.sum())
    worst = None
    if count:
        masked = np.where(bad, difference, -1)
        y, x = np.unravel_index(int(masked.argmax()), masked.shape)
        worst = (int(x), int(y), int(difference[y, x]))
    return count, compared, worst, bad, excluded


def diff_picture(segue, chromium, bad, excluded):
    h, w = bad.shape
    grey = (segue.mean(axis=2) * 0.35 + 60).astype(np.uint8)
    marks = np.stack([grey] * 3, axis=2)
    marks[excluded] = [40, 60, 140]
    marks[bad] = [255, 0, 0]
    sheet = np.zeros((h, 3 * w + 8, 3), dtype=np.uint8)
    sheet[:, :w] = segue.astype(np.uint8)
    sheet[:, w + 4:2 * w + 4] = chromium.astype(np.uint8)
    sheet[:, 2 * w + 8:] = marks
    return Image.fromarray(sheet)


def colour_hex(pixel):
    return "#%02X%02X%02X" % tuple(int(v) for v in pixel)


# ---------------------------------------------------------------------------------------------
# Minimizing a failing scene

def lifting_ok(scene):
    """The generator's rules that keep CSS paint order and Segue's lifted layers in agreement."""
    targets = targets_of(scene)
    for screen in ("from", "to"):
        root = scene[screen]
        inside_flat_target = set()
        for layer, _ in walk(root.get("layers", [])):
            target = "%s.%s" % (screen, layer["id"])
            if target in targets and not layer.get("preserves3D"):
                inside_flat_target.update(id(l) for l, _ in walk(layer.get("layers", [])))
        for layer, parent in walk(root.get("layers", [])):
            target = "%s.%s" % (screen, layer["id"])
            if target in targets and id(layer) in inside_flat_target:
                return False
            inner = any("%s.%s" % (screen, l["id"]) in targets for l, _ in walk(layer.get("layers", [])))
            if layer.get("preserves3D") and inner and target not in targets:
                return False
            if inner and target not in targets and not layer.get("preserves3D") and (
                    layer.get("border") or layer.get("opacity", 1) != 1):
                return False
        for parent in [root] + [l for l, _ in walk(root.get("layers", [])) if "layers" in l]:
            if parent.get("preserves3D"):
                continue
            order = drawing_order(parent.get("layers", []))
            moving = [has_target(c, screen, targets) for c in order]
            if moving != sorted(moving):
                return False
            listed = [c for c in parent.get("layers", []) if has_target(c, screen, targets)]
            if listed != [c for c in order if has_target(c, screen, targets)]:
                return False
    return True


def reductions(scene):
    """Smaller variants of the scene, biggest cuts first."""
    def layer_paths(layers, path):
        for i, layer in enumerate(layers):
            yield path + [i]
            yield from layer_paths(layer.get("layers", []), path + [i])

    def at(candidate, screen, path):
        layers = candidate[screen]["layers"]
        for i in path[:-1]:
            layers = layers[i]["layers"]
        return layers, path[-1]

    def tidy(candidate):
        ids = {"from", "to"}
        for screen in ("from", "to"):
            for layer, _ in walk(candidate[screen].get("layers", [])):
                if "layers" in layer and not layer["layers"]:
                    del layer["layers"]
                ids.add("%s.%s" % (screen, layer["id"]))
        animations = candidate["transition"]["animations"]
        candidate["transition"]["animations"] = [a for a in animations if a["target"] in ids]
        return candidate

    for screen in ("from", "to"):
        for path in sorted(layer_paths(scene[screen].get("layers", []), []), key=len):
            candidate = json.loads(json.dumps(scene))
            layers, i = at(candidate, screen, path)
            del layers[i]
            yield tidy(candidate)
            candidate = json.loads(json.dumps(scene))
            layers, i = at(candidate, screen, path)
            if layers[i].get("layers"):  # the group's sublayers in its place, moved by its rect
                group = layers[i]
                children = group["layers"]
                if not group.get("preserves3D") and not any(k in group for k in ("perspective", "clips", "opacity")):
                    for child in children:
                        child["rect"] = [child["rect"][0] + group["rect"][0], child["rect"][1] + group["rect"][1]] + child["rect"][2:]
                    layers[i:i + 1] = children
                    yield tidy(candidate)
    for index in range(len(scene["transition"]["animations"])):
        animation = scene["transition"]["animations"][index]
        if animation.get("from") != animation.get("to"):
            candidate = json.loads(json.dumps(scene))
            del candidate["transition"]["animations"][index]
            yield candidate
        animation = scene["transition"]["animations"][index]
        for name in sorted(set(animation.get("from", {})) | set(animation.get("to", {}))):
            if animation.get("from", {}).get(name) == animation.get("to", {}).get(name):
                continue  # a pose (a cube's face turned into place): removing it makes faces cross
            candidate = json.loads(json.dumps(scene))
            a = candidate["transition"]["animations"][index]
            a.get("from", {}).pop(name, None)
            a.get("to", {}).pop(name, None)
            if a.get("from") or a.get("to"):
                yield candidate
        for key in ("delay", "duration"):
            if key in animation:
                candidate = json.loads(json.dumps(scene))
                del candidate["transition"]["animations"][index][key]
                yield candidate
    for screen in ("from", "to"):
        for key in ("perspective", "doubleSided", "size", "background"):
            if key in scene[screen]:
                candidate = json.loads(json.dumps(scene))
                del candidate[screen][key]
                yield candidate
        for path in layer_paths(scene[screen].get("layers", []), []):
            layers, i = at(scene, screen, path)
            parent_3d = len(path) > 1 and at(scene, screen, path[:-1])[0][path[-2]].get("preserves3D")
            for key in ("gradient", "border", "opacity", "cornerRadius", "zPosition", "doubleSided", "clips",
                        "perspective", "shape", "color"):
                if key == "zPosition" and parent_3d:
                    continue  # faces of a 3D group stay apart in depth
                if key in layers[i]:
                    candidate = json.loads(json.dumps(scene))
                    c_layers, c_i = at(candidate, screen, path)
                    del c_layers[c_i][key]
                    yield candidate


def minimize(driver, segue_bin, scene, out_dir):
    """Greedily cuts the scene down while it still fails; returns the smallest failing scene."""
    work = os.path.join(out_dir, "minimizing")
    current = json.loads(json.dumps(scene))
    current["name"] = scene["name"] + "-min"
    tries = 0
    changed = True
    while changed and tries < 400:
        changed = False
        for candidate in reductions(current):
            if not lifting_ok(candidate):
                continue
            try:
                scene_html(candidate, 0)
            except (ValueError, KeyError):
                continue
            tries += 1
            passed, lines = check_scene(driver, segue_bin, candidate, work, False, quick=True)
            if not passed and lines == ["pixels"]:  # the same kind of failure, not a render error
                current = candidate
                changed = True
                break
    shutil.rmtree(work, ignore_errors=True)
    return current


# ---------------------------------------------------------------------------------------------

def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=%d,%d" % (W + 100, H + 100),
                     "--force-device-scale-factor=1", "--force-color-profile=srgb", "--hide-scrollbars",
                     "--disable-lcd-text", "--disable-extensions"]:
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.get("data:text/html;base64," + base64.b64encode(PAGE.encode()).decode())
    return driver


def screenshot(driver, html, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_script("document.getElementById('root').innerHTML = arguments[0];", html)
    driver.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
        "captureBeyondViewport": False})
    image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
    return image


def check_scene(driver, segue_bin, scene, out_dir, keep, quick=False):
    """Returns (passed, lines). quick: stop at the first failing frame and keep nothing."""
    name = scene["name"]
    folder = os.path.join(out_dir, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    scene_path = os.path.join(folder, "scene.json")
    with open(scene_path, "w") as file:
        json.dump(scene, file, indent=1)
    frames_dir = os.path.join(folder, "segue")
    result = subprocess.run([segue_bin, "render", scene_path, "-o", frames_dir, "--scale", "1", "--quiet"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return False, ["FAIL %s: segue render exited %d: %s" % (name, result.returncode, (result.stderr or result.stdout).strip())]
    times, _ = frame_times(scene)
    lines = []
    try:
        scene_html(scene, 0)
    except (ValueError, KeyError) as error:
        return False, ["FAIL %s: cannot model this scene: %s" % (name, error)]
    try:
        with open(os.path.join(frames_dir, "manifest.json")) as file:
            manifest = json.load(file)
        theirs = [f["time"] for f in manifest.get("frames", [])]
        if len(theirs) != len(times) or any(abs(a - b) > 1e-6 for a, b in zip(theirs, times)):
            return False, ["FAIL %s: frame times differ: segue %s, the docs' rule %s" % (name, theirs, times)]
    except (OSError, ValueError, KeyError) as error:
        lines.append("%s: no readable manifest: %s" % (name, error))
    width, height = round(scene["size"][0]), round(scene["size"][1])
    failed_frames = 0
    worst_count = 0
    for index, t in enumerate(times):
        html = scene_html(scene, t)
        chromium_image = screenshot(driver, html, width, height)
        segue_path = os.path.join(frames_dir, "frame_%04d.png" % index)
        segue = load_rgb(segue_path)
        chromium = np.asarray(chromium_image).astype(np.int16)
        count, compared, worst, bad, excluded = compare(segue, chromium)
        worst_count = max(worst_count, count)
        ok = count <= BUDGET_PIXELS and count <= BUDGET_FRACTION * compared
        if not ok:
            failed_frames += 1
            x, y, level = worst
            lines.append("  %s frame %d (t=%.3f s): %d px differ (%.2f%% of %d compared), worst at (%d, %d): "
                         "segue %s, chromium %s" % (name, index, t, count, 100.0 * count / max(compared, 1), compared,
                                                    x, y, colour_hex(segue[y, x]), colour_hex(chromium[y, x])))
        if quick:
            if not ok:
                shutil.rmtree(folder, ignore_errors=True)
                return False, ["pixels"]
            continue
        if keep or not ok:
            chromium_image.save(os.path.join(folder, "chromium_%04d.png" % index))
            diff_picture(segue, chromium, bad, excluded).save(os.path.join(folder, "diff_%04d.png" % index))
            with open(os.path.join(folder, "page_%04d.html" % index), "w") as file:
                file.write(PAGE.replace("<div id=root style='left:0;top:0'></div>",
                                        "<div id=root style='left:0;top:0'>%s</div>" % html))
    passed = failed_frames == 0
    if quick:
        shutil.rmtree(folder, ignore_errors=True)
        return passed, ["pixels"]
    tags = features(scene)
    lines.append("%s %s: %d frames, %d failing, most differing pixels %d%s" % (
        "ok  " if passed else "FAIL", name, len(times), failed_frames, worst_count,
        ("; uses: " + ", ".join(tags)) if tags else ""))
    if passed and not keep:
        shutil.rmtree(folder, ignore_errors=True)
    return passed, lines


def main():
    parser = argparse.ArgumentParser(description="Compares Segue's frames with Chromium's CSS rendering of random layer trees.")
    parser.add_argument("segue", help="the segue binary")
    parser.add_argument("out", help="folder for failing scenes (and all with --keep)")
    parser.add_argument("--count", type=int, default=20, help="random scenes (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random scenes (default 1)")
    parser.add_argument("--keep", action="store_true", help="keep every scene's files, not only failures'")
    parser.add_argument("--no-fixed", action="store_true", help="skip the hand-written scenes")
    parser.add_argument("--only", help="only scenes whose name contains this")
    parser.add_argument("--scene", action="append", default=[], help="check this scene file too (repeatable); "
                        "custom, linear, 160x240-ish, only the modelled keys")
    parser.add_argument("--avoid-changed", action="store_true", help="random scenes without the four rules changed "
                        "with Segue's 3D groups (3D groups' fill and opacity, nested 3D groups, static 3D groups' "
                        "order, ellipse clips of animated sublayers), to check the rest against an older segue")
    parser.add_argument("--minimize", action="store_true", help="cut each failing scene down to a smallest "
                        "failing one (layers, animations, properties, keys), printed and kept as NAME/minimal.json")
    parser.add_argument("--print-scene", type=int, metavar="I", help="print random scene I as JSON and exit")
    args = parser.parse_args()
    if args.print_scene is not None:
        print(json.dumps(random_scene(args.print_scene, args.seed, args.avoid_changed), indent=1))
        return 0
    if not os.access(args.segue, os.X_OK):
        print("css_check.py: %s is not an executable" % args.segue, file=sys.stderr)
        return 2
    scenes = [] if args.no_fixed else fixed_scenes()
    scenes += [random_scene(i, args.seed, args.avoid_changed) for i in range(args.count)]
    for path in args.scene:
        with open(path) as file:
            scene = json.load(file)
        scene.setdefault("name", os.path.splitext(os.path.basename(path))[0])
        scene["scale"] = 1
        scenes.append(scene)
    if args.only:
        scenes = [s for s in scenes if args.only in s["name"]]
    os.makedirs(args.out, exist_ok=True)
    started = time.time()
    try:
        driver = browser()
    except Exception as error:  # no chromium, no chromedriver, or they do not match
        print("css_check.py: cannot start headless Chromium: %s" % str(error).strip().splitlines()[0], file=sys.stderr)
        return 2
    passed = failed = 0
    try:
        for scene in scenes:
            ok, lines = check_scene(driver, os.path.abspath(args.segue), scene, args.out, args.keep)
            for line in lines:
                print(line, flush=True)
            if not ok and args.minimize and not lines[-1].startswith("FAIL %s: segue render" % scene["name"]):
                smallest = minimize(driver, os.path.abspath(args.segue), scene, args.out)
                path = os.path.join(args.out, scene["name"], "minimal.json")
                if os.path.isdir(os.path.dirname(path)):
                    with open(path, "w") as file:
                        json.dump(smallest, file)
                print("  minimal failing scene: " + json.dumps(smallest, separators=(",", ":")), flush=True)
            passed += ok
            failed += not ok
    finally:
        driver.quit()
    print("(%.1f s; budget per frame: at most %d px and %.1f%% of compared pixels differing by more than %d levels, "
          "%d px around edges excluded; failures kept in %s)" % (time.time() - started, BUDGET_PIXELS,
                                                                 100 * BUDGET_FRACTION, TOLERANCE, EDGE_RADIUS, args.out))
    print("css-check: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
