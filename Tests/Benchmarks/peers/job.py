"""The benchmark's job, shared by the Python peers: circle-bench.json in pixels.

A circular reveal on a 1170 x 2532 frame (390 x 844 pt at scale 3), 0.45 s at 60 fps (28
frames, the last at exactly t = 0.45 s), easeOut = cubic Bézier (0, 0, 0.58, 1), from a
0.5 px to a 1329.3 px radius about the centre (585, 1266). Under the circle: `from`, grey
#444444 with a black 600 x 600 square at (285, 966), corners 30; inside it: `to`, red #DC2828
with a white 120 x 120 square at (72, 150).
"""
WIDTH, HEIGHT, FRAMES = 1170, 2532, 28
CENTER = (585.0, 1266.0)
START_RADIUS, END_RADIUS = 0.5, 1329.3
FROM_COLOR, FROM_SQUARE, FROM_CORNER = (68, 68, 68), (285, 966, 600, 600), 30
TO_COLOR, TO_SQUARE = (220, 40, 40), (72, 150, 120, 120)


def ease_out(x):
    """y of the cubic Bézier (0, 0), (0, 0), (0.58, 1), (1, 1) at x, by Newton's method on
    x(t) = 3·0.58·t²(1 − t) + t³ (with bisection as a fallback)."""
    def bx(t):
        return 3 * 0.58 * t * t * (1 - t) + t ** 3

    def by(t):
        return 3 * t * t * (1 - t) + t ** 3

    t = x
    for _ in range(8):
        slope = 3 * 0.58 * (2 * t - 3 * t * t) + 3 * t * t
        if abs(slope) < 1e-9:
            break
        t -= (bx(t) - x) / slope
    if not 0 <= t <= 1 or abs(bx(t) - x) > 1e-7:
        lo, hi = 0.0, 1.0
        for _ in range(50):
            t = (lo + hi) / 2
            lo, hi = (t, hi) if bx(t) < x else (lo, t)
    return by(t)


def radius(frame):
    """The circle's radius at frame `frame` (0 … FRAMES − 1)."""
    return START_RADIUS + (END_RADIUS - START_RADIUS) * ease_out(frame / (FRAMES - 1))
