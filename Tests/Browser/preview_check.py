#!/usr/bin/env python3
"""Opens `segue preview` pages in headless Chromium and checks the frame player.

Usage: preview_check.py PAGE_OR_DIR... [--timing] [--live-dir DIR] [--watch SEGUE SCENE]
                        [--screenshots DIR]

Each PAGE_OR_DIR is one page, or a folder whose *.html pages (and those one folder down) are all
checked. For each page it clicks, drags and presses keys as a designer would and reads the
effect back from the DOM: the page loads without console errors and every frame image loads at
the scene's size; play advances, pause stops; the scrubber (set by script and by a real click)
shows that frame, in the <img> and the readout; ArrowLeft/ArrowRight, Home/End, Space; playback
follows real time at 1x, 0.25x and 0.1x; loop (hold, then back to frame 0) and no loop (stop at
the end); zoom fit / 1:1 / 2x and panning by a drag and the wheel; the plot cursor sits at the
current frame's time; clicking the plot seeks; an interactive scene shows where the finger lifts.

--timing      for every track of every scene, recompute progress at each frame sample from the
              track's `curve` (closed forms, written here independently of the player and of
              Segue) and compare with the markers plotted in the SVG (0.5 px and 1e-3)
--live-dir    a live page's folder (holding its data script, e.g. preview-data.js): rewrite the
              data with version + 1 and fewer frames, and see the page pick it up within 2 s
              keeping frame, play state, speed, zoom and loop; then errors (the banner shows
              them, the frames stay); then a missing data file (tolerated). The original data
              file is put back at the end.
--watch SEGUE SCENE  run `SEGUE preview` with --watch on a copy of SCENE and open its page; edit
              the copy's duration and see the page show the new frames within 2 s; break it
              (a negative duration) and see the error in the page and on the terminal while the
              last frames stay; fix it and see the error go
--screenshots DIR  full-page screenshots of each page (and a narrow one of preview pages)

It relies only on the player's DOM contract (section.segue-player[data-scene] with data-frame,
data-playing, data-speed, data-zoom, data-loop; [data-action] buttons; .segue-scrubber;
.segue-readout; svg.segue-plot with [data-t0 ...] mappings, path.segue-curve, circle.segue-sample,
.segue-settle, line.segue-cursor; .segue-lift-marker; #segue-errors), and on the page's data,
read from the page itself (the inline segueData(...) call or its data script).

Prints one line per check (PASS/FAIL name — detail); exits 0 when all pass, 1 otherwise.
"""

import argparse
import copy
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("preview_check.py needs Selenium: pip install selenium (and apt-get install chromium chromium-driver)")

RESULTS = []


def check(ok, name, detail=""):
    """Prints one line for a check and records it."""
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, " — " + detail if detail else ""), flush=True)
    RESULTS.append((bool(ok), name))
    return ok


def wait_for(probe, timeout=2.0, interval=0.02):
    """Polls probe() until it returns something truthy or timeout seconds pass; returns the last value."""
    end = time.time() + timeout
    while True:
        value = probe()
        if value or time.time() >= end:
            return value
        time.sleep(interval)


# ---------------------------------------------------------------- the page's data

def parse_call(text):
    """The JSON argument of `segueData(...)`."""
    match = re.search(r"segueData\((.*)\)\s*;?\s*$", text.strip(), re.S)
    if not match:
        raise ValueError("no segueData(...) call")
    return json.loads(match.group(1))


def page_data(path):
    """(data, data script path or None) of a page: its inline segueData call or the script it loads."""
    with open(path, encoding="utf-8") as file:
        html = file.read()
    for body in re.findall(r"<script>(.*?)</script>", html, re.S):
        if body.strip().startswith("segueData("):
            return parse_call(body), None
    for src in re.findall(r'<script src="([^"]+)"', html):
        script = os.path.join(os.path.dirname(path), urllib.parse.unquote(src.split("?")[0]))
        if os.path.exists(script):
            with open(script, encoding="utf-8") as file:
                return parse_call(file.read()), script
    raise ValueError("%s: no segueData(...) call and no data script" % path)


# ---------------------------------------------------------------- timing math (independent closed forms)

def bezier_progress(x1, y1, x2, y2, f):
    """y at x = f on the unit cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1): Newton, then bisection, to 1e-7."""
    def bx(s):
        return ((1 - 3 * x2 + 3 * x1) * s + (3 * x2 - 6 * x1)) * s * s + 3 * x1 * s

    def dbx(s):
        return 3 * (1 - 3 * x2 + 3 * x1) * s * s + 2 * (3 * x2 - 6 * x1) * s + 3 * x1

    def by(s):
        return ((1 - 3 * y2 + 3 * y1) * s + (3 * y2 - 6 * y1)) * s * s + 3 * y1 * s
    s = f
    for _ in range(8):
        error = bx(s) - f
        if abs(error) < 1e-7:
            return by(s)
        slope = dbx(s)
        if abs(slope) < 1e-9:
            break
        s -= error / slope
    lo, hi, s = 0.0, 1.0, f
    while hi - lo > 1e-9:
        if abs(bx(s) - f) < 1e-7:
            break
        if bx(s) < f:
            lo = s
        else:
            hi = s
        s = (lo + hi) / 2
    return by(s)


def spring_position(mass, stiffness, damping, v0, u, overdamps=True):
    """x(u) of a damped spring from 0 to 1 with initial velocity v0. Without overdamping (Core
    Animation's CASpringAnimation before allowsOverdamping) the damping ratio is at most 1."""
    w0 = math.sqrt(stiffness / mass)
    zeta = damping / (2 * math.sqrt(stiffness * mass))
    if not overdamps:
        zeta = min(zeta, 1.0)
    if abs(zeta - 1) < 1e-9:
        return 1 - math.exp(-w0 * u) * (1 + (w0 - v0) * u)
    if zeta < 1:
        wd = w0 * math.sqrt(1 - zeta * zeta)
        return 1 - math.exp(-zeta * w0 * u) * (math.cos(wd * u) + (zeta * w0 - v0) / wd * math.sin(wd * u))
    root = math.sqrt(zeta * zeta - 1)
    r1, r2 = -w0 * (zeta - root), -w0 * (zeta + root)
    c1 = (-v0 - r2) / (r1 - r2)
    c2 = 1 - c1
    return 1 - (c1 * math.exp(r1 * u) + c2 * math.exp(r2 * u))


def scrub_progress(curve, delay, duration, t):
    """An interactive scene's q at t (docs/timing.md): the finger's p, linear between its keyframes
    and held at the first before it; after the release, f + (1 - f)·c (finish) or f·(1 - c)
    (cancel) with c the completion curve over T = share·D ÷ speed; then q = (p·D - delay) ÷ duration
    clamped to 0…1. None when the completion is not a cubic curve."""
    timeline, keys = float(curve["timeline"]), curve["scrub"]
    release_time, fraction = keys[-1]
    if t < release_time:
        p = keys[0][1]
        for (t0, f0), (t1, f1) in zip(keys, keys[1:]):
            if t0 <= t <= t1:
                p = f1 if t1 == t0 else f0 + (f1 - f0) * (t - t0) / (t1 - t0)
                break
            if t > t1:
                p = f1
    else:
        finish = curve["release"] == "finish"
        length = (1 - fraction if finish else fraction) * timeline / float(curve["completionSpeed"])
        completion = curve.get("completion") or {}
        if completion.get("kind") != "bezier":
            return None
        elapsed = t - release_time
        if length <= 0 or elapsed >= length:
            c = 1.0
        else:
            c = bezier_progress(completion["x1"], completion["y1"], completion["x2"], completion["y2"], elapsed / length)
        p = fraction + (1 - fraction) * c if finish else fraction * (1 - c)
    if duration <= 0:
        return 1.0
    return min(1.0, max(0.0, (p * timeline - delay) / duration))


def curve_progress(track, t):
    """The track's progress at timeline time t from its curve, or None when the curve gives no formula."""
    curve = track.get("curve") or {}
    kind = curve.get("kind")
    delay, duration = float(track.get("delay") or 0), float(track.get("duration") or 0)
    u = t - delay
    if kind in ("bezier", "linear"):
        if u <= 0:
            return 0.0
        if u >= duration:
            return 1.0
        if kind == "linear":
            return u / duration
        return bezier_progress(curve["x1"], curve["y1"], curve["x2"], curve["y2"], u / duration)
    if kind == "scrub":
        return scrub_progress(curve, delay, duration, t)
    if kind == "spring":
        if u <= 0:
            return 0.0
        if u >= duration:
            if curve.get("endsExactly"):
                return 1.0
            u = duration
        return spring_position(float(curve.get("mass", 1)), float(curve["stiffness"]), float(curve["damping"]),
                               float(curve.get("initialVelocity") or 0), u, curve.get("allowsOverdamping", True))
    return None


# ---------------------------------------------------------------- browser

JS = r"""
function sec(name) { return Array.from(document.querySelectorAll('section.segue-player')).find(s => s.dataset.scene === name) || null; }
function frameImg(s) { return s.querySelector('img'); }
function scrubber(s) { return s.querySelector('input[type=range].segue-scrubber'); }
function st(s) {
  const img = frameImg(s), r = scrubber(s), ro = s.querySelector('.segue-readout');
  return {frame: +s.dataset.frame, playing: s.dataset.playing, speed: s.dataset.speed, zoom: s.dataset.zoom,
    loop: s.dataset.loop, src: img ? img.src : null, natural: img ? [img.naturalWidth, img.naturalHeight] : null,
    complete: img ? img.complete : false, value: r ? +r.value : null, min: r ? r.min : null, max: r ? r.max : null,
    step: r ? r.step : null, readout: ro ? ro.textContent : null};
}
function mapOf(el) {
  const a = el.closest('[data-t0]'); if (!a) return null;
  const g = k => parseFloat(a.getAttribute('data-' + k));
  return {t0: g('t0'), t1: g('t1'), p0: g('p0'), p1: g('p1'), x0: g('x0'), x1: g('x1'), y0: g('y0'), y1: g('y1')};
}
function seekInput(s, k) { const r = scrubber(s); r.value = k; r.dispatchEvent(new Event('input', {bubbles: true})); }
function btn(s, action, attr, value) {
  return s.querySelector('[data-action="' + action + '"]' + (attr ? '[' + attr + '="' + value + '"]' : ''));
}
function pause(s) { if (s.dataset.playing === 'true') btn(s, 'play').click(); }
function box(img) {
  for (let e = img.parentElement; e; e = e.parentElement) { const o = getComputedStyle(e); if (o.overflowX !== 'visible' || o.overflowY !== 'visible') return e; }
  return null;
}
"""


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1440,1000",
                     "--force-device-scale-factor=1", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(30)
    return driver


class Page:
    """One opened page: its data and helpers to run the player's JS contract."""

    def __init__(self, driver, path, root=None):
        self.driver, self.path = driver, path
        self.data, self.script = page_data(path)
        self.name = os.path.relpath(path, root) if root else os.path.basename(path)

    def js(self, code, *args):
        return self.driver.execute_script(JS + code, *args)

    def js_async(self, code, *args):
        return self.driver.execute_async_script(JS + code, *args)

    def state(self, scene):
        return self.js("const s = sec(arguments[0]); return s ? st(s) : null;", scene["name"])

    def section(self, scene):
        return self.js("return sec(arguments[0]);", scene["name"])

    def click(self, scene, action, attr=None, value=None):
        """A real mouse click on a player's button."""
        element = self.js("return btn(sec(arguments[0]), arguments[1], arguments[2], arguments[3]);",
                          scene["name"], action, attr, value)
        if element is None:
            raise AssertionError("no [data-action=%s%s] button" % (action, "][%s=%s" % (attr, value) if attr else ""))
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()
        return element

    def seek(self, scene, frame):
        self.js("const s = sec(arguments[0]); pause(s); seekInput(s, arguments[1]);", scene["name"], frame)

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def shows(self, scene, frame, state=None):
        """'' when the player shows `frame` (data-frame, scrubber, <img> src, readout), else what differs."""
        state = state or self.state(scene)
        problems = []
        if state["frame"] != frame:
            problems.append("data-frame %s" % state["frame"])
        if state["value"] != frame:
            problems.append("scrubber %s" % state["value"])
        path = urllib.parse.unquote(urllib.parse.urlparse(state["src"] or "").path)
        want = urllib.parse.unquote(scene["frames"][frame].split("?")[0])
        if not path.endswith("/" + want.lstrip("./")):
            problems.append("img %s" % os.path.basename(path))
        readout = state["readout"] or ""
        index = re.search(r"frame\D*?(\d+)", readout)
        seconds = re.search(r"(\d+(?:\.\d+)?)\s*s\b", readout)
        if not index or int(index.group(1)) != frame:
            problems.append("readout %r" % readout)
        elif not seconds or abs(float(seconds.group(1)) - scene["times"][frame]) > 0.0015:
            problems.append("readout time %r (frame time %.3f)" % (readout, scene["times"][frame]))
        return ", ".join(problems)

    def console_errors(self, ignore=None):
        entries = self.driver.get_log("browser")
        return [e["message"] for e in entries if e.get("level") == "SEVERE" and not (ignore and ignore(e["message"]))]


def record(page, scene, start, speed_ms, mode="window"):
    """Seeks to `start`, plays (a DOM click), records [ms, frame, playing] every animation frame until ms pass
    (mode "window"), the player stops ("stop") or it came back from the last frame ("loop"); pauses; returns them."""
    return page.js_async(r"""
      const [name, start, ms, mode, last] = arguments, done = arguments[arguments.length - 1];
      const s = sec(name); pause(s); seekInput(s, start);
      btn(s, 'play').click();
      const rec = [], t0 = performance.now();
      let sawLast = false;
      function step() {
        const now = performance.now(), f = +s.dataset.frame;
        rec.push([now - t0, f, s.dataset.playing]);
        if (f === last) sawLast = true;
        const over = now - t0 > ms || (mode === 'stop' && s.dataset.playing !== 'true') ||
          (mode === 'loop' && sawLast && f !== last);
        if (over) { pause(s); done(rec); } else requestAnimationFrame(step);
      }
      requestAnimationFrame(step);
    """, scene["name"], start, speed_ms, mode, len(scene["frames"]) - 1)


def media_rate(scene, rec):
    """Seconds of timeline per second of wall time, between the first and the last frame change seen."""
    changes = [(t, f) for (t, f, _), (_, g, _) in zip(rec[1:], rec[:-1]) if f != g]
    if len(changes) < 2 or changes[-1][0] <= changes[0][0]:
        return 0.0, 0
    times = scene["times"]
    advanced = (times[changes[-1][1]] - times[changes[0][1]]) / ((changes[-1][0] - changes[0][0]) / 1000)
    return advanced, rec[-1][1] - rec[0][1]


# ---------------------------------------------------------------- checks of one page

def check_page(driver, path, args, root=None):
    page = Page(driver, path, root)
    tag = "[%s]" % page.name
    scenes = page.data.get("scenes") or []
    driver.get("file://" + urllib.parse.quote(os.path.abspath(path)))
    count = wait_for(lambda: page.js("return document.querySelectorAll('section.segue-player').length;") == len(scenes)
                     and len(scenes), 5)
    names = page.js("return Array.from(document.querySelectorAll('section.segue-player')).map(s => s.dataset.scene);")
    check(count and names == [s["name"] for s in scenes], tag + " players",
          "%d scenes, players %s" % (len(scenes), names if len(names) < 5 else "%d in order" % len(names)))
    if not scenes or names != [s["name"] for s in scenes]:
        return page

    # Each caption's last length is the timeline's, where the player's counter ends (a gesture's
    # caption gives the transition's, then what plays: to the release and the rest).
    lengths = []
    for scene in scenes:
        said = re.findall(r"([0-9]+(?:\.[0-9]+)?) s\b", scene.get("caption") or "")
        if said and scene.get("times") and abs(float(said[-1]) - round(scene["times"][-1], 3)) > 1e-9:
            lengths.append("%s: caption %s s, last frame %.3f s" % (scene["name"], said[-1], scene["times"][-1]))
    check(not lengths, tag + " captions give the timeline's length", "; ".join(lengths[:3]) or "%d scenes" % len(scenes))

    # Every frame of every scene loads, at the scene's size.
    urls = [[scene["frames"], scene["width"], scene["height"]] for scene in scenes]
    bad = page.js_async(r"""
      const [scenes] = arguments, done = arguments[arguments.length - 1];
      const jobs = [];
      scenes.forEach(([frames, w, h]) => frames.forEach(url => jobs.push(new Promise(ok => {
        const image = new Image();
        image.onload = () => ok(image.naturalWidth === w && image.naturalHeight === h ? null : url + ' is ' + image.naturalWidth + 'x' + image.naturalHeight);
        image.onerror = () => ok(url + ' failed');
        image.src = url;
      }))));
      Promise.all(jobs).then(r => done(r.filter(x => x)));
    """, urls)
    shown = wait_for(lambda: page.js("return Array.from(document.querySelectorAll('section.segue-player')).every("
                                     "s => { const i = frameImg(s); return i && i.complete && i.naturalWidth > 0; });"), 5)
    total = sum(len(s["frames"]) for s in scenes)
    check(not bad and shown, tag + " frames load", "%d frames at their scene's size%s%s" % (
        total, "; " + "; ".join(bad[:3]) if bad else "", "" if shown else "; a player's <img> did not load"))
    errors = page.console_errors()
    check(not errors, tag + " no console errors", "; ".join(errors[:3]))

    banner = page.js("const b = document.getElementById('segue-errors'); return b ? [b.hidden || b.offsetHeight === 0, b.textContent] : null;")
    expected = page.data.get("errors") or []
    check(banner is not None and (banner[0] == (not expected)) and all(e in banner[1] for e in expected),
          tag + " errors banner", "%d errors, banner %s" % (len(expected), "hidden" if banner and banner[0] else "shown"))

    focused = page.js("const a = document.activeElement; return !!a && a.closest('section.segue-player') === document.querySelector('section.segue-player');")
    check(focused, tag + " first player has the keyboard at load")

    scene = next((s for s in scenes if len(s["frames"]) >= 8), scenes[0])
    n = len(scene["frames"])
    last = n - 1
    layout = page.js("return document.body.dataset.layout;")
    start = page.state(scene)
    # The checks below drive one player; the others are paused (a DOM click on their play button) to keep it quiet.
    page.js("document.querySelectorAll('section.segue-player').forEach(pause);")
    check(start["loop"] == "true" and start["zoom"] == "fit" and start["speed"] == "1", tag + " defaults",
          "%s: loop %s, zoom %s, speed %s, playing %s" % (scene["name"], start["loop"], start["zoom"], start["speed"], start["playing"]))

    if layout == "gallery":
        hidden = page.js("const p = sec(arguments[0]).querySelector('svg.segue-plot'); return !p || p.getBoundingClientRect().height === 0;", scene["name"])
        page.click(scene, "plot")
        visible = wait_for(lambda: page.js("const p = sec(arguments[0]).querySelector('svg.segue-plot'); return !!p && p.getBoundingClientRect().height > 0;", scene["name"]), 1)
        check(hidden and visible, tag + " gallery: plot hidden until its toggle",
              "hidden at first: %s, shown after the click: %s" % (hidden, visible))

    # Play / pause (real clicks), at 0.25x so that pausing happens mid-way.
    page.click(scene, "speed", "data-speed", "0.25")
    page.seek(scene, 0)
    page.click(scene, "play")
    advanced = wait_for(lambda: page.state(scene)["frame"] > 0, 2)
    label = page.js("return btn(sec(arguments[0]), 'play').getAttribute('aria-label');", scene["name"])
    check(advanced and page.state(scene)["playing"] == "true", tag + " play advances",
          "frame %d after play, aria-label %r" % (page.state(scene)["frame"], label))
    page.click(scene, "play")
    paused = page.state(scene)
    time.sleep(0.25)
    later = page.state(scene)
    check(paused["playing"] == "false" and later["frame"] == paused["frame"] and 0 < paused["frame"] < last,
          tag + " pause stops", "frame %d, then %d 0.25 s later" % (paused["frame"], later["frame"]))
    page.click(scene, "speed", "data-speed", "1")

    # Scrubber: by script (input event) and by a real click at a fraction of its width.
    attrs = page.state(scene)
    ranged = attrs["min"] == "0" and attrs["max"] == str(last) and attrs["step"] in ("", "1", None)
    target = n // 2
    page.seek(scene, target)
    problem = page.shows(scene, target)
    check(ranged and not problem, tag + " scrubber input shows the frame",
          "range 0…%s, frame %d%s" % (attrs["max"], target, ": " + problem if problem else ""))
    slider = page.js("return scrubber(sec(arguments[0]));", scene["name"])
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", slider)
    width = slider.size["width"]
    fraction = 0.25
    ActionChains(driver).move_to_element_with_offset(slider, round((fraction - 0.5) * width), 0).click().perform()
    state = wait_for(lambda: (lambda s: s if s["frame"] != target else None)(page.state(scene)), 1) or page.state(scene)
    near = abs(state["value"] - fraction * last) <= max(1.5, 0.06 * last)
    problem = page.shows(scene, state["value"], state)
    check(near and not problem and state["playing"] == "false", tag + " scrubber click shows the frame",
          "click at 25%% → frame %d (expected ≈ %.1f)%s" % (state["value"], fraction * last, ": " + problem if problem else ""))

    # Keyboard (the player gets focus by a click on it).
    readout = page.js("return sec(arguments[0]).querySelector('.segue-readout');", scene["name"])
    readout.click()
    focused = page.js("const a = document.activeElement; return !!a && a.closest('section.segue-player') === sec(arguments[0]);", scene["name"])
    scroll = page.js("return [scrollX, scrollY];")
    steps = []
    for key, want in [(Keys.HOME, 0), (Keys.ARROW_RIGHT, 1), (Keys.ARROW_RIGHT, 2), (Keys.ARROW_LEFT, 1), (Keys.END, last)]:
        page.keys(key)
        got = page.state(scene)
        steps.append((want, got["frame"], got["playing"], page.shows(scene, want, got)))
    keyed = all(w == g and p == "false" and not problem for w, g, p, problem in steps)
    check(focused and keyed, tag + " keys: Home, ArrowRight ×2, ArrowLeft, End",
          "frames %s%s" % ([g for _, g, _, _ in steps], "" if focused else "; the click did not focus the player"))
    page.keys(Keys.SPACE)
    on = wait_for(lambda: page.state(scene)["playing"] == "true", 0.5)
    page.keys(Keys.SPACE)
    off = wait_for(lambda: page.state(scene)["playing"] == "false", 0.5)
    moved = page.js("return [scrollX, scrollY];")
    check(on and off, tag + " Space toggles play")
    check(moved == scroll, tag + " keys don't scroll the page", "scroll %s → %s" % (scroll, moved))

    # Playback follows real time at each speed.
    duration = scene["times"][-1]
    if n >= 8 and duration > 0.1:
        rates = {}
        for speed in ("1", "0.25", "0.1"):
            page.click(scene, "speed", "data-speed", speed)
            pressed = page.js("return Array.from(sec(arguments[0]).querySelectorAll('[data-action=speed]')).filter("
                              "b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.speed);", scene["name"])
            window = min(1000 if speed == "1" else 800, 0.85 * duration / float(speed) * 1000)
            rate, frames = media_rate(scene, record(page, scene, 0, window))
            rates[speed] = (rate, frames, pressed == [speed] and page.state(scene)["speed"] == speed, window)
        base = rates["1"][0] or 1e-9
        quarter, tenth = rates["0.25"][0] / base, rates["0.1"][0] / base
        detail = ", ".join("%sx: %d frames in %.2f s (%.2f s/s)" % (k, v[1], v[3] / 1000, v[0]) for k, v in rates.items())
        check(0.7 <= rates["1"][0] <= 1.3, tag + " 1x follows real time", detail)
        check(0.15 <= quarter <= 0.40 and 0.05 <= tenth <= 0.16 and all(v[2] for v in rates.values()),
              tag + " speeds 0.25x and 0.1x", "ratios %.3f and %.3f of 1x; aria-pressed follows" % (quarter, tenth))
        page.click(scene, "speed", "data-speed", "1")
    else:
        check(True, tag + " speeds", "skipped: %s has %d frames over %.2f s" % (scene["name"], n, duration))

    # Loop: hold the last frame ~1 s, then back to frame 0. No loop: stop at the last frame.
    rec = record(page, scene, max(0, last - 3), (duration + 4) * 1000, "loop")
    at_last = [t for t, f, _ in rec if f == last]
    after = [(t, f) for t, f, _ in rec if at_last and t > at_last[0] and f != last]
    hold = (after[0][0] - at_last[0]) / 1000 if after else None
    check(after and after[0][1] <= 1 and 0.8 <= hold <= 1.6, tag + " loop: hold, then frame 0",
          "held frame %d for %.2f s, then frame %d" % (last, hold, after[0][1]) if after else
          "frame %d %s" % (last, "was never shown" if not at_last else "was held until the end of the wait"))
    page.click(scene, "loop")
    loop_off = page.state(scene)["loop"]
    rec = record(page, scene, max(0, last - 3), (duration + 2) * 1000, "stop")
    stopped = page.state(scene)
    page.click(scene, "loop")
    check(loop_off == "false" and rec[-1][2] == "false" and stopped["frame"] == last and page.state(scene)["loop"] == "true",
          tag + " no loop: stops at the last frame", "data-loop %s, stopped at frame %d" % (loop_off, stopped["frame"]))

    check_zoom(page, scene, tag)
    check_plot(page, scene, tag)
    for other in scenes:
        if other.get("interaction"):
            check_lift(page, other, tag)
    if args.timing:
        for other in scenes:
            check_timing(page, other, tag)
    if args.screenshots:
        screenshots(page, args.screenshots, layout)
    return page


def check_zoom(page, scene, tag):
    driver = page.driver
    view = page.js("return box(frameImg(sec(arguments[0])));", scene["name"])
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", view)

    def measure():
        return page.js("""const s = sec(arguments[0]), i = frameImg(s), b = box(i), r = i.getBoundingClientRect();
          return {w: r.width, h: r.height, nw: i.naturalWidth, nh: i.naturalHeight, bw: b.clientWidth, bh: b.clientHeight,
                  sw: b.scrollWidth, sh: b.scrollHeight, sl: b.scrollLeft, st: b.scrollTop, zoom: s.dataset.zoom};""", scene["name"])
    sizes = {}
    for zoom in ("1", "2", "fit"):
        page.click(scene, "zoom", "data-zoom", zoom)
        sizes[zoom] = measure()
    one, two, fit = sizes["1"], sizes["2"], sizes["fit"]
    check(one["zoom"] == "1" and abs(one["w"] - one["nw"]) <= 0.5 and abs(one["h"] - one["nh"]) <= 0.5, tag + " zoom 1:1",
          "%gx%g shown for %dx%d" % (one["w"], one["h"], one["nw"], one["nh"]))
    check(two["zoom"] == "2" and abs(two["w"] - 2 * two["nw"]) <= 0.5 and abs(two["h"] - 2 * two["nh"]) <= 0.5, tag + " zoom 2x",
          "%gx%g shown for %dx%d" % (two["w"], two["h"], two["nw"], two["nh"]))
    fits = (fit["w"] <= fit["bw"] + 0.5 and fit["h"] <= fit["bh"] + 0.5 and
            (abs(fit["w"] - fit["bw"]) <= 1.5 or abs(fit["h"] - fit["bh"]) <= 1.5) and
            fit["sw"] <= fit["bw"] + 1 and fit["sh"] <= fit["bh"] + 1)
    check(fit["zoom"] == "fit" and fits, tag + " zoom fit", "%.1fx%.1f in a %dx%d box" % (fit["w"], fit["h"], fit["bw"], fit["bh"]))

    # Panning at 2x: a mouse drag, then the wheel.
    page.click(scene, "zoom", "data-zoom", "2")
    before = measure()
    frame = page.state(scene)["frame"]
    if before["sw"] <= before["bw"] and before["sh"] <= before["bh"]:
        check(False, tag + " pan by dragging", "2x does not overflow the %dx%d view" % (before["bw"], before["bh"]))
    else:
        view = page.js("return box(frameImg(sec(arguments[0])));", scene["name"])
        ActionChains(driver).move_to_element(view).click_and_hold().move_by_offset(-40, -60).move_by_offset(-20, -20)\
            .release().perform()
        after = measure()
        dx, dy = after["sl"] - before["sl"], after["st"] - before["st"]
        can_x, can_y = before["sw"] > before["bw"], before["sh"] > before["bh"]
        ok = (not can_x or dx > 20) and (not can_y or dy > 20) and page.state(scene)["frame"] == frame
        check(ok, tag + " pan by dragging", "drag by (-60, -80) scrolled by (%d, %d)" % (dx, dy))
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(view), 0, -120 if after["st"] > 0 else 120).perform()
        wheeled = wait_for(lambda: measure()["st"] != after["st"], 1)
        check(wheeled, tag + " wheel scrolls the zoomed view", "scrollTop %d → %d" % (after["st"], measure()["st"]))
    page.click(scene, "zoom", "data-zoom", "fit")


def plot_geometry(page, scene):
    return page.js(r"""
      const s = sec(arguments[0]);
      return Array.from(s.querySelectorAll('line.segue-cursor')).map(c => ({
        x1: parseFloat(c.getAttribute('x1')), x2: parseFloat(c.getAttribute('x2')), m: mapOf(c)}));
    """, scene["name"])


def to_x(m, t):
    return m["x0"] + (t - m["t0"]) / (m["t1"] - m["t0"]) * (m["x1"] - m["x0"])


def to_y(m, p):
    return m["y0"] + (p - m["p0"]) / (m["p1"] - m["p0"]) * (m["y1"] - m["y0"])


def from_y(m, y):
    return m["p0"] + (y - m["y0"]) / (m["y1"] - m["y0"]) * (m["p1"] - m["p0"])


def check_plot(page, scene, tag):
    last = len(scene["frames"]) - 1
    misses = []
    for frame in sorted({0, last // 3, last}):
        page.seek(scene, frame)
        cursors = plot_geometry(page, scene)
        if not cursors:
            misses.append("no line.segue-cursor")
        for c in cursors:
            want = to_x(c["m"], scene["times"][frame]) if c["m"] else None
            if want is None or abs(c["x1"] - want) > 0.5 or c["x1"] != c["x2"]:
                misses.append("frame %d: x %s, expected %s" % (frame, c["x1"], "%.2f" % want if want else "?"))
    check(not misses, tag + " plot cursor at the frame's time", "; ".join(misses[:3]) or "frames %s" % sorted({0, last // 3, last}))

    # Clicking the plot seeks to the frame nearest in time.
    target = round(0.6 * last)
    page.seek(scene, 0)
    svg = page.js("return sec(arguments[0]).querySelector('svg.segue-plot');", scene["name"])
    if svg is None:
        check(False, tag + " clicking the plot seeks", "no svg.segue-plot")
        return
    page.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", svg)
    point = page.js(r"""
      const s = sec(arguments[0]), a = s.querySelector('svg.segue-plot [data-t0]') || s.querySelector('svg.segue-plot[data-t0]');
      const m = mapOf(a), svg = a.ownerSVGElement || a;
      const p = svg.createSVGPoint();
      p.x = m.x0 + (arguments[1] - m.t0) / (m.t1 - m.t0) * (m.x1 - m.x0); p.y = (m.y0 + m.y1) / 2;
      const q = p.matrixTransform(a.getScreenCTM());
      return [q.x, q.y];
    """, scene["name"], scene["times"][target])
    actions = ActionBuilder(page.driver)
    actions.pointer_action.move_to_location(round(point[0]), round(point[1])).click()
    actions.perform()
    got = wait_for(lambda: page.state(scene)["frame"] != 0 and page.state(scene)["frame"], 1)
    check(got is not None and abs(got - target) <= 1 and not page.shows(scene, got), tag + " clicking the plot seeks",
          "click at %.3f s → frame %s (nearest: %d)" % (scene["times"][target], got, target))


def check_lift(page, scene, tag):
    lift = scene["interaction"]
    last = len(scene["frames"]) - 1
    info = page.js(r"""
      const s = sec(arguments[0]), m = s.querySelector('.segue-lift-marker'), r = scrubber(s);
      if (!m || !r) return null;
      const a = m.getBoundingClientRect(), b = r.getBoundingClientRect();
      const lines = Array.from(s.querySelectorAll('svg.segue-plot line')).filter(l => {
        const d = l.getAttribute('stroke-dasharray') || getComputedStyle(l).strokeDasharray;
        return d && d !== 'none' && l.getAttribute('x1') === l.getAttribute('x2');
      }).map(l => ({x: parseFloat(l.getAttribute('x1')), m: mapOf(l)}));
      return {marker: a.left + a.width / 2, shown: a.height > 0, left: b.left, width: b.width, text: s.textContent, lines: lines};
    """, scene["name"])
    if info is None:
        check(False, tag + " lift marker (%s)" % scene["name"], "no .segue-lift-marker")
        return
    fraction = lift["liftFrame"] / last if last else 0
    expected = info["left"] + fraction * info["width"]
    verb = "cancels" if lift.get("release") == "cancel" else "finishes"
    text = "finger lifts at frame %d" % lift["liftFrame"]
    check(info["shown"] and abs(info["marker"] - expected) <= 10, tag + " lift marker (%s)" % scene["name"],
          "at x %.1f on the scrubber (frame %d: %.1f)" % (info["marker"], lift["liftFrame"], expected))
    check(text in info["text"] and ("then " + verb) in info["text"], tag + " lift text (%s)" % scene["name"],
          "%r … then %s" % (text, verb))
    dashed = [l for l in info["lines"] if l["m"] and abs(l["x"] - to_x(l["m"], lift["liftTime"])) <= 0.5]
    check(dashed, tag + " lift line on the plot (%s)" % scene["name"], "dashed vertical line at %.3f s" % lift["liftTime"])


def check_timing(page, scene, tag):
    marks = page.js(r"""
      const s = sec(arguments[0]);
      const circles = Array.from(s.querySelectorAll('circle.segue-sample')).map(c => [
        +c.dataset.track, +c.dataset.frame, parseFloat(c.getAttribute('cx')), parseFloat(c.getAttribute('cy')), mapOf(c)]);
      const curves = Array.from(s.querySelectorAll('path.segue-curve')).map(p => [+p.dataset.track, p.getAttribute('d'), mapOf(p)]);
      const settles = Array.from(s.querySelectorAll('.segue-settle')).map(e => [+e.dataset.track, e.tagName.toLowerCase(),
        parseFloat(e.getAttribute('x1')), parseFloat(e.getAttribute('x2')), parseFloat(e.getAttribute('cx')), mapOf(e)]);
      // Every settle label's box, by plot: no two may overlap.
      const labels = Array.from(s.querySelectorAll('svg')).map(svg =>
        Array.from(svg.querySelectorAll('text.segue-settle-label')).map(t => {
          const b = t.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom, t.textContent]; }));
      return {circles, curves, settles, labels};
    """, scene["name"])
    problems, worst = [], {"x": 0.0, "y": 0.0, "p": 0.0, "data": 0.0}
    checked = 0
    kinds = set()
    for index, track in enumerate(scene.get("tracks") or []):
        kinds.add((track.get("curve") or {}).get("kind"))
        circles = {c[1]: c for c in marks["circles"] if c[0] == index}
        if len(circles) != len(track["samples"]):
            problems.append("track %d: %d markers for %d samples" % (index, len(circles), len(track["samples"])))
        for frame, t, p in track["samples"]:
            mark = circles.get(frame)
            if mark is None or not mark[4]:
                problems.append("track %d frame %d: no marker" % (index, frame))
                continue
            m, expected = mark[4], curve_progress(track, t)
            # The last frame is the end state (the start after a cancel), whatever the curve shows.
            if expected is not None and frame == len(scene["times"]) - 1:
                cancels = (track.get("curve") or {}).get("release") == "cancel"
                expected = 0.0 if cancels else 1.0
            if frame < len(scene["times"]) and abs(scene["times"][frame] - t) > 1e-4:
                problems.append("track %d frame %d: sample time %.6f, frame time %.6f" % (index, frame, t, scene["times"][frame]))
            if expected is None:
                expected = p
            else:
                worst["data"] = max(worst["data"], abs(p - expected))
                if abs(p - expected) > 1e-3:
                    problems.append("track %d frame %d: data says %.5f, the curve gives %.5f" % (index, frame, p, expected))
            dx, dy = abs(mark[2] - to_x(m, t)), abs(mark[3] - to_y(m, expected))
            dp = abs(from_y(m, mark[3]) - expected)
            worst["x"], worst["y"], worst["p"] = max(worst["x"], dx), max(worst["y"], dy), max(worst["p"], dp)
            if dx > 0.5 or dy > 0.5 or dp > 1e-3:
                problems.append("track %d frame %d: marker at (%.2f, %.2f), expected (%.2f, %.2f)" % (
                    index, frame, mark[2], mark[3], to_x(m, t), to_y(m, expected)))
            checked += 1
        # The curve is drawn from the points (checked when its path is plain M/L commands).
        paths = [c for c in marks["curves"] if c[0] == index]
        if track.get("points") and not paths:
            problems.append("track %d: no path.segue-curve" % index)
        for _, d, m in paths:
            if not m or not re.fullmatch(r"[ML0-9eE.,\s+-]*", d or ""):
                continue
            vertices = [tuple(map(float, v)) for v in re.findall(r"[ML]\s*([-+0-9.eE]+)[\s,]+([-+0-9.eE]+)", d)]
            if len(vertices) != len(track["points"]):
                problems.append("track %d: path has %d vertices for %d points" % (index, len(vertices), len(track["points"])))
                continue
            off = max((max(abs(x - to_x(m, t)), abs(y - to_y(m, p))) for (x, y), (t, p) in zip(vertices, track["points"])), default=0)
            if off > 0.5:
                problems.append("track %d: curve %.2f px off its points" % (index, off))
        if track.get("settles") is not None:
            marks_here = [e for e in marks["settles"] if e[0] == index]
            if not marks_here:
                problems.append("track %d: no .segue-settle mark" % index)
            for _, tagname, x1, x2, cx, m in marks_here:
                x = x1 if tagname == "line" else cx if tagname == "circle" else None
                if x is not None and m and abs(x - to_x(m, track["settles"])) > 0.5:
                    problems.append("track %d: settle mark at x %.2f, expected %.2f" % (index, x, to_x(m, track["settles"])))
    for plot in marks["labels"]:
        for i, a in enumerate(plot):
            for b in plot[i + 1:]:
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    problems.append("settle labels '%s' and '%s' overlap" % (a[4], b[4]))
    check(not problems, tag + " timing (%s)" % scene["name"],
          "; ".join(problems[:4]) + (" …" if len(problems) > 4 else "") if problems else
          "%d tracks (%s), %d markers; max |Δx| %.3f px, |Δy| %.3f px, |Δp| %.1e; data vs curve %.1e" % (
              len(scene.get("tracks") or []), ", ".join(sorted(k for k in kinds if k)), checked,
              worst["x"], worst["y"], worst["p"], worst["data"]))


def full_screenshot(driver, path, width):
    """The whole page at this window width (the window grows until the page fits, as the frame box follows it)."""
    height = 1000
    for _ in range(4):
        driver.set_window_size(width, height)
        wait_for(lambda: driver.execute_script("return innerWidth;") <= width and
                 abs(driver.execute_script("return outerHeight;") - height) <= 2, 2)
        time.sleep(0.1)
        content, inner = driver.execute_script("return [document.documentElement.scrollHeight, innerHeight];")
        if content <= inner or height >= 6000:
            break
        height = min(6000, height + content - inner)
    driver.save_screenshot(path)
    driver.set_window_size(1440, 1000)


def screenshots(page, folder, layout):
    os.makedirs(folder, exist_ok=True)
    # Named by layout too, so a preview page and a gallery page both called index.html keep both.
    name = os.path.splitext(page.name)[0].replace("..", "")
    stem = layout + "-" + re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")
    page.driver.execute_script("window.scrollTo(0, 0);")
    full_screenshot(page.driver, os.path.join(folder, stem + ".png"), 1440)
    if layout != "gallery":
        full_screenshot(page.driver, os.path.join(folder, stem + "-narrow.png"), 760)


# ---------------------------------------------------------------- live reload

def write_atomically(path, text):
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)


def check_live(driver, folder, args):
    pages = [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".html")]
    pages = [p for p in pages if page_data(p)[1]]
    if not pages:
        check(False, "[live] page", "no page in %s loads a data script" % folder)
        return
    page = Page(driver, pages[0], os.path.dirname(folder))
    script, data = page.script, page.data
    tag = "[live %s]" % page.name
    if not data.get("live"):
        check(False, tag + " data.live", "the data has live: null")
        return
    with open(script, encoding="utf-8") as file:
        original = file.read()
    interval = (data["live"].get("interval") or 500) / 1000
    try:
        driver.get("file://" + urllib.parse.quote(os.path.abspath(pages[0])))
        scene = data["scenes"][0]
        wait_for(lambda: page.state(scene) is not None, 5)
        page.console_errors()
        stamp = page.js("const h = document.querySelector('header'); return h ? h.innerText : '';")
        check(re.search(r"live\s*·\s*updated \d\d:\d\d:\d\d", stamp), tag + " live indicator", repr(stamp[-30:]))

        # Put the first player in a particular state: frame 5, paused, 0.5x, 2x zoom, no loop.
        n = len(scene["frames"])
        frame = min(5, n - 3)
        page.click(scene, "speed", "data-speed", "0.5")
        page.click(scene, "zoom", "data-zoom", "2")
        page.click(scene, "loop")
        page.seek(scene, frame)
        page.js("sec(arguments[0]).focus();", scene["name"])
        before = page.state(scene)
        changed = copy.deepcopy(data)
        changed["version"] = data["version"] + 1
        first = changed["scenes"][0]
        keep = n - 2
        for key in ("frames", "times"):
            first[key] = first[key][:keep]
        first["duration"] = first["times"][-1]
        for track in first.get("tracks") or []:
            track["samples"] = [s for s in track["samples"] if s[0] < keep]
        written = time.time()
        write_atomically(script, "segueData(%s);\n" % json.dumps(changed))
        picked = wait_for(lambda: (lambda s: s and s["max"] == str(keep - 1) and ("v=%d" % changed["version"]) in (s["src"] or ""))(
            page.state(scene)), 2.0 + 0.1)
        took = time.time() - written
        check(picked and took <= 2.05, tag + " picks up a new version",
              "version %d with %d frames shown after %.2f s" % (changed["version"], keep, took))
        after = page.state(scene)
        kept = (after["frame"] == min(frame, keep - 1) and after["playing"] == before["playing"] == "false" and
                after["speed"] == "0.5" and after["zoom"] == "2" and after["loop"] == "false")
        focus = page.js("const a = document.activeElement; return !!a && a.closest('section.segue-player') === sec(arguments[0]);", scene["name"])
        check(kept and focus, tag + " keeps frame, play state, speed, zoom, loop, focus",
              "frame %s, playing %s, speed %s, zoom %s, loop %s, focused %s" % (
                  after["frame"], after["playing"], after["speed"], after["zoom"], after["loop"], focus))
        loaded = wait_for(lambda: page.state(scene)["natural"][0] > 0, 2)
        check(loaded and not page.shows(scene, after["frame"]), tag + " new frames show", page.shows(scene, after["frame"]))

        # Errors: the banner shows them; the frames stay.
        broken = copy.deepcopy(changed)
        broken["errors"] = ["scene.json: at 'transition.duration': must be positive"]
        write_atomically(script, "segueData(%s);\n" % json.dumps(broken))
        shown = wait_for(lambda: page.js("const b = document.getElementById('segue-errors');"
                                         "return !b.hidden && b.offsetHeight > 0 && b.textContent.includes(arguments[0]);",
                                         broken["errors"][0]), 2.1)
        stay = page.state(scene)
        check(shown, tag + " errors show in the banner", broken["errors"][0])
        check(stay["src"] == after["src"] and stay["frame"] == after["frame"] and stay["natural"][0] > 0,
              tag + " frames stay while there are errors", "frame %d, %s" % (stay["frame"], os.path.basename(stay["src"])))
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.execute_script("window.scrollTo(0, 0);")
            full_screenshot(driver, os.path.join(args.screenshots, "live-errors.png"), 1440)

        # A missing data file (mid-write) is tolerated, and the next version still arrives.
        os.remove(script)
        time.sleep(2.5 * interval)
        fixed = copy.deepcopy(changed)
        fixed["version"] = changed["version"] + 1
        write_atomically(script, "segueData(%s);\n" % json.dumps(fixed))
        back = wait_for(lambda: ("v=%d" % fixed["version"]) in (page.state(scene)["src"] or "") and page.js(
            "return document.getElementById('segue-errors').hidden;"), 2.1)
        errors = page.console_errors(ignore=lambda m: "ERR_FILE_NOT_FOUND" in m and os.path.basename(script) in m)
        check(back and not errors, tag + " a missing data file is tolerated",
              "version %d arrived after it, banner cleared%s" % (fixed["version"], "; " + "; ".join(errors[:2]) if errors else ""))
    finally:
        write_atomically(script, original)


def check_watch(driver, segue, scene_file, args):
    """`segue preview SCENE --watch` end to end: the open page follows an edit of the scene within
    two seconds, shows the errors of a broken edit (and the terminal prints them) while the last
    good frames stay, and clears them when the scene is fixed."""
    tag = "[watch]"
    folder = tempfile.mkdtemp(prefix="segue-watch-")
    scene_path = os.path.join(folder, "watched.json")
    shutil.copy(scene_file, scene_path)
    output = os.path.join(folder, "preview")
    stderr_lines = []
    process = subprocess.Popen([segue, "preview", scene_path, "--watch", "-o", output],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    reader = threading.Thread(target=lambda: stderr_lines.extend(iter(process.stderr.readline, "")), daemon=True)
    reader.start()
    try:
        page_path = os.path.join(output, "index.html")
        ready = wait_for(lambda: os.path.exists(page_path) and os.path.exists(os.path.join(output, "preview-data.js")), 60)
        check(ready, tag + " segue preview --watch writes the page", page_path)
        if not ready:
            return
        page = Page(driver, page_path, folder)
        scene = page.data["scenes"][0]
        driver.get("file://" + urllib.parse.quote(os.path.abspath(page_path)))
        check(wait_for(lambda: page.state(scene) is not None, 5), tag + " the page shows the scene", scene["name"])
        before = page.state(scene)

        def edit(change):
            with open(scene_path, encoding="utf-8") as file:
                document = json.load(file)
            change(document)
            with open(scene_path, "w", encoding="utf-8") as file:  # in place, as an editor saves
                json.dump(document, file)

        # A good edit: a longer transition has more frames; the page shows them within 2 s.
        duration = float(json.load(open(scene_path))["transition"].get("duration") or 0.5)
        edit(lambda d: d["transition"].__setitem__("duration", round(duration + 0.25, 3)))
        started = time.time()
        picked = wait_for(lambda: (lambda st: st and st["max"] != before["max"] and "v=" in (st["src"] or ""))(page.state(scene)), 4)
        took = time.time() - started
        after = page.state(scene)
        check(picked and took <= 2.0, tag + " picks up an edit", "frames 0–%s → 0–%s after %.2f s" % (
            before["max"], after["max"] if after else "?", took))

        # A broken edit: the errors show in the page and the terminal; the last frames stay.
        edit(lambda d: d["transition"].__setitem__("duration", -1))
        shown = wait_for(lambda: page.js("const b = document.getElementById('segue-errors');"
                                         "return !b.hidden && b.textContent.includes('transition.duration');"), 4)
        banner = page.js("return document.getElementById('segue-errors').textContent;")
        check(shown, tag + " a broken edit shows its error in the page", banner.strip()[:120])
        check(wait_for(lambda: any("transition.duration" in line for line in stderr_lines), 2),
              tag + " and in the terminal", "".join(stderr_lines).strip()[:120])
        stay = page.state(scene)
        loaded = page.js("const i = sec(arguments[0]).querySelector('img'); return i.complete && i.naturalWidth > 0;", scene["name"])
        check(stay["max"] == after["max"] and loaded, tag + " the last good frames stay", "frames 0–%s, %s" % (
            stay["max"], os.path.basename(stay["src"] or "")))
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.execute_script("window.scrollTo(0, 0);")
            full_screenshot(driver, os.path.join(args.screenshots, "watch-error.png"), 1440)

        # Fixed again (the scene as it was): the banner clears.
        shutil.copy(scene_file, scene_path)
        cleared = wait_for(lambda: page.js("return document.getElementById('segue-errors').hidden;")
                           and page.state(scene)["max"] == before["max"], 4)
        check(cleared, tag + " fixing it clears the error", "frames 0–%s" % page.state(scene)["max"])
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", nargs="+", help="pages, or folders of pages")
    parser.add_argument("--timing", action="store_true", help="check every plotted sample against the curve math")
    parser.add_argument("--live-dir", help="a live page's folder: rewrite its data and watch the page follow")
    parser.add_argument("--screenshots", help="folder for screenshots")
    parser.add_argument("--watch", nargs=2, metavar=("SEGUE", "SCENE"),
                        help="run SEGUE preview --watch on a copy of SCENE, edit it and watch the page follow")
    args = parser.parse_args()
    pages, root = [], None
    for given in args.page:
        if os.path.isdir(given):
            root = os.path.abspath(given)
            for folder in [given] + sorted(os.path.join(given, d) for d in os.listdir(given)
                                           if os.path.isdir(os.path.join(given, d))):
                pages += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".html"))
        else:
            pages.append(given)
    if not pages:
        sys.exit("no .html page in %s" % args.page)
    started = time.time()
    driver = browser()
    try:
        for path in pages:
            try:
                page_data(path)
            except (ValueError, OSError) as error:
                print("skip %s (%s)" % (os.path.relpath(path, root) if root else path, error))
                continue
            try:
                check_page(driver, os.path.abspath(path), args, root)
            except (WebDriverException, AssertionError, KeyError, TypeError, ValueError) as error:
                check(False, "[%s] checks ran to the end" % os.path.basename(path), "%s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else ""))
        if args.live_dir:
            try:
                check_live(driver, os.path.abspath(args.live_dir), args)
            except (WebDriverException, AssertionError, KeyError, TypeError, ValueError) as error:
                check(False, "[live] checks ran to the end", "%s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else ""))
        if args.watch:
            try:
                check_watch(driver, os.path.abspath(args.watch[0]), args.watch[1], args)
            except (WebDriverException, AssertionError, KeyError, TypeError, ValueError, OSError) as error:
                check(False, "[watch] checks ran to the end", "%s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else ""))
    finally:
        driver.quit()
    failed = [name for ok, name in RESULTS if not ok]
    print("%d checks, %d failed, %.1f s" % (len(RESULTS), len(failed), time.time() - started))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
