"""Segue's two-screen transition frames with skia-python, for the benchmark's 3D and shadow table.

    python3 skia_3d.py SCENE MANIFEST OUTDIR [TIMES]

SCENE is the output of `segue expand` (every preset written out as a custom transition), MANIFEST
the manifest.json of a segue render of it: this draws the frames that render drew (their times
and progress), at its size and scale, one PNG each into OUTDIR. TIMES, when given, gets one line
appended: "draw_seconds encode_seconds frames setup_seconds" (totals over the frames; setup is
rasterizing the screens), so the benchmark can show drawing and PNG encoding apart.

What it draws, as segue does (docs/custom-transitions.md), without aiming at identical pixels:
each screen's content (background, then its layers' rects, rounded rects and ellipses with their
colours, gradients, borders, opacity and clips) is rasterized once, at the scene's scale, to an
image; so is each animated ("lifted") layer. Each frame then clears the container and, up the
stack, draws every screen's image through its transform (anchor, translate, scale, rotations in
x, y and z) and the container's perspective (m34 = -1/d about its centre) as one 3x3 perspective
skia.Matrix, resampled bilinearly with anti-aliased edges, clipped to its animated corner radius
or circle mask, faded as a group; single-sided faces seen from behind are skipped. A shadow is
the target's outline, offset, blurred with skia's blur mask filter (sigma = radius) under the
same matrix. Lifted layers go through their screen's own perspective (a 3D group's faces back to
front), then the screen's transform. Top-level overlays are rectangles of one colour. Each frame
is encoded to an opaque (RGB) PNG with skia's encoder.

Supports what the benchmark's scenes use (cube-push, custom-card-flip, custom-door-3d,
custom-push-shadow, stories-push, and also circle-present and custom-cube-carousel); other
features (images, frame and colour animations of layers, `over` overlays, matched layers,
rectangle masks, layers lifted out of a group that is not lifted) are refused.
Needs: pip install skia-python."""
import json, math, os, sys, time

import scene_numbers
import skia


def fail(message):
    sys.exit(f"skia_3d.py: {message}")


# --- colours and layer content ---------------------------------------------------------------

def color(text, alpha=1.0):
    """'#RGB', '#RRGGBB' or '#RRGGBBAA' as a skia colour, its alpha times `alpha`."""
    h = text.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    a = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
    return skia.Color(r, g, b, max(0, min(255, round(255 * a * alpha))))


def radii(value):
    """A corner radius (one number or [topLeft, topRight, bottomRight, bottomLeft])."""
    return [float(value)] * 4 if isinstance(value, (int, float)) else [float(v) for v in value]


def rounded(w, h, corner):
    """The rounded rectangle (0, 0, w, h) with corners clamped as Core Animation does."""
    rect = skia.Rect.MakeWH(w, h)
    r = [min(c, w / 2, h / 2) for c in radii(corner)]
    if not any(r):
        return skia.RRect.MakeRect(rect)
    rr = skia.RRect()
    rr.setRectRadii(rect, [skia.Point(c, c) for c in r])
    return rr


def outline(layer, w, h):
    """A layer's shape at the origin: an oval, a rounded rectangle or a rectangle, as a path."""
    path = skia.Path()
    if layer.get("shape") == "ellipse":
        path.addOval(skia.Rect.MakeWH(w, h))
    else:
        path.addRRect(rounded(w, h, layer.get("cornerRadius", 0)))
    return path


def fill_paint(layer, w, h):
    paint = skia.Paint(AntiAlias=True)
    gradient = layer.get("gradient")
    if gradient:
        colors = [color(c) for c in gradient["colors"]]
        sx, sy = gradient.get("startPoint", [0.5, 0])
        ex, ey = gradient.get("endPoint", [0.5, 1])
        start, end = skia.Point(sx * w, sy * h), skia.Point(ex * w, ey * h)
        if gradient.get("type") == "radial":
            radius = max(math.hypot(end.fX - start.fX, end.fY - start.fY), 1e-3)
            paint.setShader(skia.GradientShader.MakeRadial(start, radius, colors))
        else:
            paint.setShader(skia.GradientShader.MakeLinear([start, end], colors))
        return paint
    if "color" not in layer:
        return None
    paint.setColor(color(layer["color"]))
    return paint


def draw_layer(canvas, layer, skip):
    """One layer and its sublayers at its rect, in points (the canvas is scaled to pixels)."""
    if layer.get("id") in skip:
        return
    for key in ("image", "mask"):
        if key in layer:
            fail(f"layer key '{key}' is not drawn by this peer")
    x, y, w, h = layer["rect"]
    count = canvas.save()
    canvas.translate(x, y)
    opacity = layer.get("opacity", 1)
    if opacity < 1:
        canvas.saveLayerAlpha(None, round(255 * opacity))
    draw_content(canvas, layer, w, h, skip)
    canvas.restoreToCount(count)


def draw_content(canvas, layer, w, h, skip):
    """A layer's fill, sublayers (clipped when it clips) and border at the origin."""
    shape = outline(layer, w, h)
    if not layer.get("preserves3D"):
        paint = fill_paint(layer, w, h)
        if paint is not None:
            canvas.drawPath(shape, paint)
    canvas.save()
    if layer.get("clips"):
        canvas.clipPath(shape, doAntiAlias=True)
    for sublayer in layer.get("layers", []):
        draw_layer(canvas, sublayer, skip)
    canvas.restore()
    border = layer.get("border")
    if border and not layer.get("preserves3D"):
        bw = border["width"]
        stroke = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=bw,
                            Color=color(border.get("color", "#000000")))
        canvas.save()
        canvas.clipPath(shape, doAntiAlias=True)  # a CALayer's border lies inside its bounds
        canvas.drawPath(shape, stroke)
        canvas.restore()


def raster(w, h, scale, draw):
    """An image of w x h points at `scale` that `draw(canvas)` paints in points."""
    surface = skia.Surface(max(1, round(w * scale)), max(1, round(h * scale)))
    with surface as canvas:
        canvas.clear(skia.ColorTRANSPARENT)
        canvas.scale(scale, scale)
        draw(canvas)
    return surface.makeImageSnapshot()


# --- 4x4 transforms (column vectors, x right, y down, z toward the eye) ------------------------

def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def chain(*ms):
    out = ms[0]
    for m in ms[1:]:
        out = mul(out, m)
    return out


def identity():
    return [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]


def translation(x, y, z=0.0):
    m = identity()
    m[0][3], m[1][3], m[2][3] = x, y, z
    return m


def scaling(sx, sy, sz=1.0):
    m = identity()
    m[0][0], m[1][1], m[2][2] = sx, sy, sz
    return m


def rotation(axis, degrees):
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    m = identity()
    if axis == "x":    # positive brings the bottom edge (y > 0) toward the eye
        m[1][1], m[1][2], m[2][1], m[2][2] = c, -s, s, c
    elif axis == "y":  # positive sends the right edge (x > 0) away
        m[0][0], m[0][2], m[2][0], m[2][2] = c, s, -s, c
    else:              # clockwise on screen (y down)
        m[0][0], m[0][1], m[1][0], m[1][1] = c, -s, s, c
    return m


def perspective(distance, cx, cy):
    """The sublayerTransform m34 = -1/d about (cx, cy): (x, y, z) is drawn at (x, y) d/(d - z)."""
    p = identity()
    p[3][2] = -1.0 / distance
    return chain(translation(cx, cy), p, translation(-cx, -cy))


FLATTEN = scaling(1, 1, 0)  # a layer that does not preserve 3D flattens its sublayers into it


def placement(frame, state, z=0.0):
    """T = translate(origin + anchor x size + translate, translateZ + z) Ry Rx Rz scale translate(-anchor x size),
    z a layer's static zPosition."""
    fx, fy, fw, fh = frame
    ax, ay = state.get("anchor", [0.5, 0.5])
    tx, ty = state.get("translate", [0, 0])
    s = state.get("scale", 1)
    sx, sy = (s, s) if isinstance(s, (int, float)) else s
    return chain(translation(fx + ax * fw + tx, fy + ay * fh + ty, state.get("translateZ", 0) + z),
                 rotation("y", state.get("rotationY", 0)), rotation("x", state.get("rotationX", 0)),
                 rotation("z", state.get("rotation", 0)), scaling(sx, sy),
                 translation(-ax * fw, -ay * fh))


def to_skia(m):
    """The 3x3 matrix that maps the plane z = 0 as the 4x4 does, dropping the output's z."""
    r = (0, 1, 3)
    return skia.Matrix.MakeAll(*(m[i][j] for i in r for j in r))


def faces_eye(m):
    """A single-sided face is drawn only while it is seen from the front (orientation kept)."""
    r = (0, 1, 3)
    a = [[m[i][j] for j in r] for i in r]
    det = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
           - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
           + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    return det > 1e-12


# --- timing: each animation's progress at a frame --------------------------------------------

BEZIERS = {"linear": (0, 0, 1, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1),
           "easeInOut": (0.42, 0, 0.58, 1), "easeInEaseOut": (0.42, 0, 0.58, 1)}


def bezier(curve, x):
    """y at x of a cubic Bezier timing curve, by bisection on x(t)."""
    x1, y1, x2, y2 = curve

    def b(t, p1, p2):
        return 3 * p1 * t * (1 - t) ** 2 + 3 * p2 * t * t * (1 - t) + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(40):
        t = (lo + hi) / 2
        lo, hi = (t, hi) if b(t, x1, x2) < x else (lo, t)
    return b((lo + hi) / 2, y1, y2)


def progress(animation, frame, transition_duration):
    """The animation's progress: the manifest's (the transition's curve) unless it has a delay,
    duration or curve of its own, then its own curve on its own clock (a spring as linear)."""
    if not any(k in animation for k in ("delay", "duration", "curve")):
        return frame["progress"]
    delay = animation.get("delay", 0)
    duration = animation.get("duration", transition_duration)
    x = min(max((frame["time"] - delay) / duration, 0.0), 1.0) if duration > 0 else 1.0
    curve = animation.get("curve", "linear")
    if isinstance(curve, dict) and "bezier" in curve:
        return bezier(curve["bezier"], x)
    return bezier(BEZIERS.get(curve, BEZIERS["linear"]), x) if isinstance(curve, str) else x


def lerp(a, b, q, key):
    if key == "shadow":
        if a is None and b is None:
            return None
        base = a or b
        a = a or dict(base, opacity=0)  # a shadow animated from none fades in
        b = b or dict(base, opacity=0)
        return {k: lerp(a.get(k, base.get(k)), b.get(k, base.get(k)), q, k) for k in base}
    if key == "mask":
        if a is None or b is None:
            return b if q > 0 else a
        return {"circle": lerp(a["circle"], b["circle"], q, "circle")}
    if isinstance(a, str) or isinstance(b, str) or key in ("cornerCurve",):
        return b if q > 0 else a
    if isinstance(a, list) or isinstance(b, list):
        a = a if isinstance(a, list) else [a] * len(b)
        b = b if isinstance(b, list) else [b] * len(a)
        return [x + (y - x) * q for x, y in zip(a, b)]
    return a + (b - a) * q


def states(animations, frame, transition_duration, initial):
    """Each target's state at a frame: per property, the animation that started last governs
    (before any starts, the first one's `from`); a `from` left out starts where the previous
    animation of that property ended, a `to` left out keeps its `from`."""
    out = {}
    model = {}  # (target, key) -> the value the previous animation left (UIKit's model value)
    governing = {}
    for a in animations:
        for key in set(a.get("from", {})) | set(a.get("to", {})):
            if key in ("frame", "color") and "." in a["target"]:
                fail(f"animating a layer's '{key}' is not drawn by this peer")
            slot = (a["target"], key)
            start = a.get("from", {}).get(key, model.get(slot, initial(a["target"], key)))
            end = a.get("to", {}).get(key, start)
            model[slot] = end
            delay = a.get("delay", 0)
            started = frame["time"] >= delay
            current = governing.get(slot)
            q = progress(a, frame, transition_duration) if started else 0.0
            value = lerp(start, end, q, key)
            if current is None or (started and (not current[0] or delay >= current[1])):
                governing[slot] = (started, delay, value)
    for (target, key), (_, _, value) in governing.items():
        out.setdefault(target, {})[key] = value
    return out


# --- the scene ---------------------------------------------------------------------------------

def find_layer(layers, layer_id, parents=()):
    for layer in layers:
        if layer.get("id") == layer_id:
            return layer, parents
        found = find_layer(layer.get("layers", []), layer_id, parents + (layer,))
        if found:
            return found
    return None


def main():
    if len(sys.argv) not in (4, 5):
        fail("usage: python3 skia_3d.py SCENE MANIFEST OUTDIR [TIMES]")
    scene_path, manifest_path, out = sys.argv[1:4]
    times_path = sys.argv[4] if len(sys.argv) == 5 else None
    with open(scene_path) as f:
        scene = json.load(f)
    with open(manifest_path) as f:
        manifest = json.load(f)
    try:
        scene = scene_numbers.resolve(scene, *scene["size"])
    except ValueError as error:
        fail(str(error))
    transition = scene["transition"]
    if transition.get("type") != "custom":
        fail("SCENE must be custom: pass the output of `segue expand SCENE`")
    for key in ("match",):
        if key in transition:
            fail(f"transition key '{key}' is not drawn by this peer")
    os.makedirs(out, exist_ok=True)
    started = time.perf_counter()

    W, H = scene["size"]
    scale = manifest["scale"]
    width, height = manifest["width"], manifest["height"]
    distance = transition.get("perspective", 500)
    overlays = transition.get("overlays", {})
    for name, overlay in overlays.items():
        if "over" in overlay:
            fail(f"overlay '{name}' is over a screen: not drawn by this peer")
    operation = transition.get("operation", "present")
    lower, upper = ("to", "from") if operation in ("dismiss", "pop") else ("from", "to")
    stack = transition.get("stack", [lower, *overlays, upper])
    animations = transition.get("animations", [])
    end = transition.get("end", {})

    # Lifted layers: every layer an animation (or `end`) names, drawn on its own above its screen.
    lifted = {"from": [], "to": []}
    for target in [a["target"] for a in animations] + list(end):
        if "." in target:
            screen, layer_id = target.split(".", 1)
            if layer_id not in lifted[screen]:
                lifted[screen].append(layer_id)
    screens, layer_images = {}, {}
    for name in ("from", "to"):
        spec = scene[name]
        size = spec.get("size", [W, H])
        skip = set(lifted[name])

        def paint_screen(canvas, spec=spec, skip=skip, size=size):
            canvas.drawColor(color(spec.get("background", "#FFFFFF")))
            for layer in spec.get("layers", []):
                draw_layer(canvas, layer, skip)
        screens[name] = (size, raster(size[0], size[1], scale, paint_screen))
        # A lifted layer that is a 3D group keeps its sublayers apart (its faces); any other is
        # one image. Layers inside a lifted 3D group that animations name are its faces too.
        for layer_id in lifted[name]:
            found = find_layer(spec.get("layers", []), layer_id)
            if not found:
                fail(f"no layer '{layer_id}' in '{name}'")
            layer, parents = found
            if any(p.get("id") in lifted[name] for p in parents):
                continue  # drawn as a face of its lifted parent
            if parents:
                fail(f"lifting '{layer_id}' inside a group is not drawn by this peer")
            _, _, lw, lh = layer["rect"]
            skip_inner = set(lifted[name]) - {layer_id}
            faces = []
            if layer.get("preserves3D"):
                for face in layer.get("layers", []):
                    fw, fh = face["rect"][2], face["rect"][3]
                    image = raster(fw, fh, scale, lambda c, face=face: draw_content(c, face, fw, fh, set()))
                    faces.append((face, image))
                layer_images[(name, layer_id)] = (layer, None, faces)
            else:
                image = raster(lw, lh, scale, lambda c, layer=layer: draw_content(c, layer, lw, lh, skip_inner))
                layer_images[(name, layer_id)] = (layer, image, faces)
    setup = time.perf_counter() - started

    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
    pixels = scaling(scale, scale)
    container = perspective(distance, W / 2, H / 2)
    info = skia.ImageInfo.MakeN32(width, height, skia.kOpaque_AlphaType)  # an RGB PNG, as segue's
    surface = skia.Surface.MakeRaster(info)
    duration = manifest.get("transitionDuration", transition.get("duration", 0.5))
    last = manifest["frameCount"] - 1
    draw_total = encode_total = 0.0

    def initial(target, key):
        if key == "opacity":
            if target in overlays:
                return overlays[target].get("opacity", 1)
            return 1
        if key == "frame":
            if target in overlays:
                return overlays[target].get("rect", [0, 0, W, H])
            size = scene[target].get("size", [W, H])
            return [0, 0, *size]
        return {"anchor": [0.5, 0.5], "translate": [0, 0], "scale": 1, "cornerRadius": 0,
                "shadow": None, "mask": None}.get(key, 0)

    for frame in manifest["frames"]:
        t0 = time.perf_counter()
        state = states(animations, frame, duration, initial)
        removed = set()
        if frame["index"] == last:  # `end` applies to the last frame only
            for target, what in end.items():
                if what == "removed":
                    removed.add(target)
                else:
                    for key, value in what.items():
                        state.setdefault(target, {})[key] = value if value is not None else initial(target, key)
        canvas = surface.getCanvas()
        canvas.resetMatrix()
        canvas.clear(color(scene.get("background", "#000000")))
        for item in stack:
            if item in removed:
                continue
            s = state.get(item, {})
            if item in overlays:
                overlay = overlays[item]
                opacity = min(s.get("opacity", overlay.get("opacity", 1)), 1)
                canvas.setMatrix(to_skia(pixels))
                canvas.drawRect(skia.Rect.MakeXYWH(*s.get("frame", overlay.get("rect", [0, 0, W, H]))),
                                skia.Paint(AntiAlias=True, Color=color(overlay.get("color", "#000000"), opacity)))
                continue
            size, image = screens[item]
            frame_rect = s.get("frame", [0, 0, *size])
            fw, fh = frame_rect[2], frame_rect[3]
            if fw <= 0 or fh <= 0:
                continue
            # The snapshot is stretched to its frame: local points of the frame, image pixels.
            m = chain(pixels, container, placement(frame_rect, s))
            if scene[item].get("doubleSided", True) is False and not faces_eye(m):
                continue
            shape = rounded(fw, fh, s.get("cornerRadius", 0))
            shadow = s.get("shadow")
            if shadow and shadow.get("opacity", 0) > 0:
                dx, dy = shadow.get("offset", [0, -3])
                blur = skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, max(shadow.get("radius", 3), 1e-3), True)
                paint = skia.Paint(AntiAlias=True, MaskFilter=blur,
                                   Color=color(shadow.get("color", "#000000"), shadow["opacity"] * s.get("opacity", 1)))
                canvas.setMatrix(to_skia(chain(m, translation(dx, dy))))
                canvas.drawRRect(shape, paint)
            count = canvas.save()
            canvas.setMatrix(to_skia(m))
            if s.get("cornerRadius", 0):
                canvas.clipRRect(shape, doAntiAlias=True)
            mask = s.get("mask")
            if mask:
                if "circle" not in mask:
                    fail("only circle masks are drawn by this peer")
                cx, cy, r = mask["circle"]
                circle = skia.Path()
                circle.addCircle(cx, cy, max(r, 0))
                canvas.clipPath(circle, doAntiAlias=True)
            opacity = s.get("opacity", 1)
            if opacity < 1:
                canvas.saveLayerAlpha(None, round(255 * opacity))  # the screen and its lifted layers, as one group
            canvas.drawImageRect(image, skia.Rect.MakeWH(fw, fh), sampling, skia.Paint(AntiAlias=True))
            # Lifted layers: in the screen's points (stretched to its frame), through the screen's
            # perspective about its centre, flattened into the screen, then the screen's transform.
            stretch = scaling(fw / size[0], fh / size[1])
            own = perspective(scene[item]["perspective"], size[0] / 2, size[1] / 2) \
                if "perspective" in scene[item] else identity()
            for layer_id in lifted[item]:
                if (item, layer_id) not in layer_images or f"{item}.{layer_id}" in removed:
                    continue
                layer, layer_image, faces = layer_images[(item, layer_id)]
                ls = state.get(f"{item}.{layer_id}", {})
                group = chain(m, stretch, FLATTEN, own, placement(layer["rect"], ls, layer.get("zPosition", 0)))
                layer_opacity = ls.get("opacity", layer.get("opacity", 1))
                if layer_image is not None:
                    canvas.setMatrix(to_skia(group))
                    lw, lh = layer["rect"][2], layer["rect"][3]
                    canvas.drawImageRect(layer_image, skia.Rect.MakeWH(lw, lh), sampling,
                                         skia.Paint(AntiAlias=True, Alpha=round(255 * layer_opacity)))
                    continue
                # A 3D group: its faces stay in 3D, drawn back to front, each faded by its opacity.
                placed = []
                for face, face_image in faces:
                    fs = state.get(f"{item}.{face.get('id')}", {}) if face.get("id") else {}
                    local = chain(placement(layer["rect"], ls, layer.get("zPosition", 0)),
                                  placement(face["rect"], fs, face.get("zPosition", 0)))
                    # depth: the z of the face's centre in the group, before any perspective
                    depth = local[2][0] * face["rect"][2] / 2 + local[2][1] * face["rect"][3] / 2 + local[2][3]
                    placed.append((depth, face, face_image, chain(m, stretch, FLATTEN, own, local)))
                for _, face, face_image, fm in sorted(placed, key=lambda p: p[0]):
                    if face.get("doubleSided", True) is False and not faces_eye(fm):
                        continue
                    canvas.setMatrix(to_skia(fm))
                    alpha = layer_opacity * face.get("opacity", 1)
                    canvas.drawImageRect(face_image, skia.Rect.MakeWH(face["rect"][2], face["rect"][3]), sampling,
                                         skia.Paint(AntiAlias=True, Alpha=round(255 * alpha)))
            canvas.restoreToCount(count)
        snapshot = surface.makeImageSnapshot()
        t1 = time.perf_counter()
        data = snapshot.encodeToData()
        with open(os.path.join(out, frame["file"]), "wb") as f:
            f.write(bytes(data))
        t2 = time.perf_counter()
        draw_total += t1 - t0
        encode_total += t2 - t1
    if times_path:
        with open(times_path, "a") as f:
            f.write(f"{draw_total:.6f} {encode_total:.6f} {len(manifest['frames'])} {setup:.6f}\n")


if __name__ == "__main__":
    main()
