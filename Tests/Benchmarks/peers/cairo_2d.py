"""Segue's 2D two-screen transition frames with pycairo, for the benchmark's one-core table.

    python3 cairo_2d.py SCENE MANIFEST OUTDIR

SCENE is the output of `segue expand` (every preset written out as a custom transition), MANIFEST
the manifest.json of a segue render of it: this draws the frames that render drew (their
progress), at its size and scale, one PNG each into OUTDIR, as a pycairo user would: each screen's
content (background, then its layers' rects, rounded rects and ellipses with their colours,
borders and opacity; continuous corners drawn as circular ones) is rasterized once to an image
surface at the scene's scale. Each frame then paints the container's background and, up the
stack, each screen's surface through its 2D transform (translate, scale and rotation about the
screen's centre, cairo's default GOOD filter), clipped to its animated corner radius (in the
screen's own units, so it shrinks with the scale, as a CALayer's does) or to its circle mask, with
its opacity, and writes the frame with cairo's write_to_png.

The same job as segue's frames of stories-push or circle-present, though not pixel for pixel the
same pictures. Refused: 3D (rotations about x or y), shadows, animated layers inside a screen,
animations with a timing of their own, gradients and images.
Needs: apt-get install libcairo2-dev pkg-config && pip install pycairo."""
import json, math, os, sys

import scene_numbers
import cairo


def fail(message):
    sys.exit(f"cairo_2d.py: {message}")


def rgba(text, alpha=1.0):
    """'#RGB', '#RRGGBB' or '#RRGGBBAA' as cairo's (r, g, b, a), its alpha times `alpha`."""
    h = text.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    a = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
    return r, g, b, a * alpha


def rounded(ctx, x, y, w, h, corner):
    """A rounded rectangle path, its radius clamped to half the shorter side."""
    r = min(float(corner if isinstance(corner, (int, float)) else max(corner)), w / 2, h / 2)
    if r <= 0:
        ctx.rectangle(x, y, w, h)
        return
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def outline(ctx, layer, w, h):
    if layer.get("shape") == "ellipse":
        ctx.save()
        ctx.translate(w / 2, h / 2)
        ctx.scale(w / 2, h / 2)
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.restore()
    else:
        rounded(ctx, 0, 0, w, h, layer.get("cornerRadius", 0))


def draw_layer(ctx, layer):
    """One layer and its sublayers at its rect, in points (the context is scaled to pixels)."""
    for key in ("image", "mask", "gradient", "shadow"):
        if key in layer:
            fail(f"layer key '{key}' is not drawn by this peer")
    x, y, w, h = layer["rect"]
    ctx.save()
    ctx.translate(x, y)
    opacity = layer.get("opacity", 1)
    if opacity < 1:
        ctx.push_group()
    if "color" in layer:
        outline(ctx, layer, w, h)
        ctx.set_source_rgba(*rgba(layer["color"]))
        ctx.fill()
    ctx.save()
    if layer.get("clips"):
        outline(ctx, layer, w, h)
        ctx.clip()
    for sublayer in layer.get("layers", []):
        draw_layer(ctx, sublayer)
    ctx.restore()
    border = layer.get("border")
    if border:
        ctx.save()
        outline(ctx, layer, w, h)
        ctx.clip_preserve()  # a CALayer's border lies inside its bounds: twice the width, clipped
        ctx.set_line_width(2 * border["width"])
        ctx.set_source_rgba(*rgba(border.get("color", "#000000")))
        ctx.stroke()
        ctx.restore()
    if opacity < 1:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(opacity)
    ctx.restore()


def screen_surface(screen, size, scale):
    w, h = size
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(w * scale), round(h * scale))
    ctx = cairo.Context(surface)
    ctx.scale(scale, scale)
    ctx.set_source_rgba(*rgba(screen.get("background", "#FFFFFF")))
    ctx.paint()
    for layer in screen.get("layers", []):
        draw_layer(ctx, layer)
    return surface


def lerp(a, b, q):
    if isinstance(a, list) or isinstance(b, list):
        a = a if isinstance(a, list) else [a] * len(b)
        b = b if isinstance(b, list) else [b] * len(a)
        return [x + (y - x) * q for x, y in zip(a, b)]
    return a + (b - a) * q


def states(animations, progress):
    """Each screen's animated properties at the transition's progress (a `to` left out keeps the
    `from`, a `from` left out starts where the screen is at rest)."""
    rest = {"translate": [0, 0], "scale": [1, 1], "rotation": 0, "opacity": 1, "cornerRadius": 0}
    out = {}
    for a in animations:
        if any(k in a for k in ("delay", "duration", "curve")):
            fail("an animation with a timing of its own is not drawn by this peer")
        if "." in a["target"]:
            fail("an animated layer inside a screen is not drawn by this peer")
        for key in set(a.get("from", {})) | set(a.get("to", {})):
            if key in ("rotationX", "rotationY", "shadow", "anchor"):
                fail(f"animating '{key}' is not drawn by this peer")
            start = a.get("from", {}).get(key, rest.get(key))
            end = a.get("to", {}).get(key, start)
            if start is None or end is None:
                fail(f"animating '{key}' is not drawn by this peer")
            if key == "mask":  # {"circle": [x, y, radius]} in the screen's points
                start, end = start["circle"], end["circle"]
            out.setdefault(a["target"], {})[key] = lerp(start, end, progress)
    return out


def main():
    if len(sys.argv) != 4:
        fail("usage: python3 cairo_2d.py SCENE MANIFEST OUTDIR")
    with open(sys.argv[1]) as f:
        scene = json.load(f)
    with open(sys.argv[2]) as f:
        manifest = json.load(f)
    out = sys.argv[3]
    os.makedirs(out, exist_ok=True)
    try:
        scene = scene_numbers.resolve(scene, *scene["size"])
    except ValueError as error:
        fail(str(error))
    transition = scene["transition"]
    if transition.get("type") != "custom":
        fail("the scene must come from `segue expand` (a custom transition)")
    scale = manifest["scale"]
    w, h = scene["size"]
    surfaces = {name: screen_surface(scene[name], scene["size"], scale) for name in ("from", "to")}
    frame = cairo.ImageSurface(cairo.FORMAT_RGB24, manifest["width"], manifest["height"])
    for entry in manifest["frames"]:
        state = states(transition.get("animations", []), entry["progress"])
        ctx = cairo.Context(frame)
        ctx.set_source_rgba(*rgba(scene.get("background", "#000000")))
        ctx.paint()
        for name in transition.get("stack", ["from", "to"]):
            s = state.get(name, {})
            tx, ty = s.get("translate", [0, 0])
            scaling = s.get("scale", [1, 1])
            sx, sy = scaling if isinstance(scaling, list) else [scaling] * 2
            ctx.save()
            ctx.scale(scale, scale)
            ctx.translate(w / 2 + tx, h / 2 + ty)
            ctx.rotate(math.radians(s.get("rotation", 0)))
            ctx.scale(sx, sy)
            ctx.translate(-w / 2, -h / 2)
            if "mask" in s:
                cx, cy, r = s["mask"]
                ctx.arc(cx, cy, max(r, 0), 0, 2 * math.pi)
                ctx.clip()
            rounded(ctx, 0, 0, w, h, s.get("cornerRadius", 0))
            ctx.clip()
            ctx.scale(1 / scale, 1 / scale)
            ctx.set_source_surface(surfaces[name], 0, 0)
            ctx.paint_with_alpha(s.get("opacity", 1))
            ctx.restore()
        frame.write_to_png(os.path.join(out, entry["file"]))


main()
