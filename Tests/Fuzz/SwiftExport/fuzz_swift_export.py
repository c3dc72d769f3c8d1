#!/usr/bin/env python3
"""Random scenes for `segue swift`, for SECONDS: names drawn from every Unicode general category,
long names, Swift's keywords, the animator's own names, UIKit's type names and text built to break
out of a comment or a string literal. Every scene must end in exit 0 (an animator) or 2 (refused,
with an error naming the field); every animator must parse (`swiftc -parse`, in batches), and
outside its comments and string literals no `segueInjected` may stand as an identifier: scene
text never becomes code. A finding is kept in OUTDIR (the scene and its animator) and fails the run.

    fuzz_swift_export.py SEGUE SECONDS OUTDIR [--seed N]
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
import unicodedata

KEYWORDS = """associatedtype borrowing class consuming deinit enum extension fileprivate func import init inout
internal let nonisolated open operator private precedencegroup protocol public rethrows static struct subscript
typealias var break case catch continue default defer do else fallthrough for guard if in repeat return throw
switch where while Any as await false is nil self Self super throws true try associativity convenience didSet
dynamic final get indirect infix lazy left mutating none nonmutating optional override package postfix
precedence prefix Protocol required right set some Type unowned weak willSet any async actor macro""".split()
LOCALS = """hidden timing0 timing1 matchAFrom matchAView timeline position container start views view fromView
toView fromClips toClips clock length interaction min max print fromController toController transitionContext
Timing TimelineAnimator TransformView lift animate place perspective""".split()
UIKIT = "UIView UIViewController UIViewPropertyAnimator CALayer CGRect NSObject UIColor".split()
BREAKOUTS = [
    "x(a, nonisolated(unsafe)let(CACurrentMediaTime)={segueInjected();return(0.0)})",
    '" segueInjected() "', '\\" segueInjected() \\', "*/ segueInjected() /*", "\\(segueInjected())",
    "\r segueInjected()", "\n segueInjected()", "\u2028 segueInjected()", "\u2029segueInjected()",
    "\u0085segueInjected()", "// segueInjected()", "\u202esegueInjected()", "a\u0000segueInjected()",
]


def category_samples():
    """One code point of every general category (surrogates included, as JSON escapes)."""
    seen = {}
    for code in range(0x110000):
        category = unicodedata.category(chr(code))
        if category not in seen:
            seen[category] = chr(code)
    return list(seen.values())


SAMPLES = category_samples()


UNSAFE = set(range(0x20)) | set(range(0x7F, 0xA0)) | {0x061C, 0x200E, 0x200F, 0x2028, 0x2029} \
    | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def valid(text, scene_name=False):
    """`text` without what a field refuses (controls, '.', for a scene name '/' and '\\'), at most
    120 bytes: most names must pass, or only the refusals are fuzzed."""
    kept = "".join(c for c in text if ord(c) not in UNSAFE and c != "." and not 0xD800 <= ord(c) <= 0xDFFF
                   and not (scene_name and c in "/\\"))
    while len(kept.encode("utf-8")) > 120:
        kept = kept[:-1]
    return kept or "n"


def name(rng, scene_name=False):
    if rng.random() < 0.75:
        return valid(raw_name(rng), scene_name)
    return raw_name(rng)


def raw_name(rng):
    kind = rng.random()
    if kind < 0.25:
        return rng.choice(KEYWORDS + LOCALS + UIKIT)
    if kind < 0.45:
        return rng.choice(BREAKOUTS)
    if kind < 0.55:
        return rng.choice("abcxyz") * rng.randint(60, 300)
    parts = [rng.choice(SAMPLES + list("ab-_. 0")) for _ in range(rng.randint(1, 12))]
    if rng.random() < 0.3:
        parts.insert(rng.randint(0, len(parts)), rng.choice(BREAKOUTS + KEYWORDS))
    return "".join(parts)


def scene(rng):
    ids = [name(rng) for _ in range(rng.randint(0, 4))]
    overlays = [name(rng) for _ in range(rng.randint(0, 4))]
    layers = [{"id": i, "rect": [10, 10 + 20 * k, 100, 12], "color": "#FF3B30"} for k, i in enumerate(ids)]
    if ids and rng.random() < 0.4:
        # A keyed group holding a layer of its own id.
        layers.append({"id": name(rng), "rect": [0, 400, 390, 100], "color": "#FFFFFF",
                       "layers": [{"id": name(rng), "rect": [10, 10, 40, 40], "color": "#34C759"}]})
    to_layers = []
    transition = {"type": "custom", "duration": 0.3,
                  "overlays": {o: {"color": "#000000", "opacity": 0} for o in overlays},
                  "animations": [{"target": o, "to": {"opacity": 0.4}} for o in overlays]
                  + [{"target": "from." + i, "to": {"translate": [20, 0]}} for i in ids]}
    if rng.random() < 0.4:
        matched = name(rng)
        layers.append({"id": matched, "rect": [20, 700, 60, 60], "color": "#5856D6", "cornerRadius": 8})
        to_layers.append({"id": matched, "rect": [0, 0, 390, 300], "color": "#5856D6"})
        transition["match"] = [matched]
    if rng.random() < 0.2:
        transition = {"type": rng.choice(["fade", "push", "circle", "cube"]),
                      "operation": rng.choice(["present", "push", "dismiss", "pop"])}
    root = {"size": [390, 844], "from": {"background": "#F2F2F7", "layers": layers},
            "to": {"background": "#FFFFFF", "layers": to_layers}, "transition": transition}
    if rng.random() < 0.8:
        root["name"] = name(rng, scene_name=True)
    return json.dumps(root, ensure_ascii=rng.random() < 0.5)


def code_only(source):
    """The Swift source without comments and string literals (the Swift book's lexical rules)."""
    out, i, n, depth, in_string = [], 0, len(source), 0, False
    while i < n:
        c, d = source[i], source[i + 1] if i + 1 < n else ""
        if depth:
            if c == "/" and d == "*":
                depth, i = depth + 1, i + 1
            elif c == "*" and d == "/":
                depth, i = depth - 1, i + 1
        elif in_string:
            if c == "\\":
                i += 1
            elif c in '"\n\r':
                in_string = False
                out.append(" ")
        elif c == "/" and d == "/":
            while i < n and source[i] not in "\n\r":
                i += 1
            out.append("\n")
        elif c == "/" and d == "*":
            depth, i = 1, i + 1
        elif c == '"':
            in_string = True
            out.append(" ")
        else:
            out.append(c)
        i += 1
    return "".join(out)


INJECTED = re.compile(r"(?<![A-Za-z0-9_])segueInjected(?![A-Za-z0-9_])")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("segue")
    parser.add_argument("seconds", type=float)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = os.path.join(args.outdir, "work")
    os.makedirs(work, exist_ok=True)
    findings, counts = [], {"scenes": 0, "exported": 0, "refused": 0}
    deadline = time.time() + args.seconds
    batch = 0
    while time.time() < deadline and not findings:
        batch += 1
        written = []
        for k in range(12):
            text = scene(rng)
            path = os.path.join(work, "s%d-%d.json" % (batch, k))
            with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
                f.write(text)
            out = path[:-5] + ".swift"
            if os.path.exists(out):
                os.remove(out)
            result = subprocess.run([args.segue, "swift", path, "-o", out], capture_output=True, timeout=60)
            counts["scenes"] += 1
            if result.returncode == 0:
                counts["exported"] += 1
                written.append((path, out))
            elif result.returncode == 2 and result.stderr.startswith(b"error: ") and not result.stdout:
                counts["refused"] += 1
            else:
                findings.append((path, "exit %d: %s" % (result.returncode, result.stderr[-400:])))
        for path, out in written:
            with open(out, encoding="utf-8") as f:
                if INJECTED.search(code_only(f.read())):
                    findings.append((path, "scene text outside comments and literals in " + out))
        if written:
            parsed = subprocess.run(["swiftc", "-parse"] + [out for _, out in written], capture_output=True, text=True)
            if parsed.returncode != 0:
                failing = set(re.findall(r"(\S+\.swift):\d+:\d+: error", parsed.stderr))
                for path, out in written:
                    if out in failing or not failing:
                        findings.append((path, "does not parse: " + parsed.stderr[:600]))
    reported = set()
    for path, why in findings:
        if path in reported:
            continue
        reported.add(path)
        kept = os.path.join(args.outdir, "finding-" + os.path.basename(path))
        os.replace(path, kept)
        if os.path.exists(path[:-5] + ".swift"):
            os.replace(path[:-5] + ".swift", kept[:-5] + ".swift")
        print("fuzz: swift-export finding (seed %d): %s: %s" % (args.seed, kept, why))
    if findings:
        sys.exit(1)
    print("fuzz: swift-export ran %(scenes)d random scenes (%(exported)d animators parsed, %(refused)d refused at a field)"
          % counts + " in %gs, seed %d, without a finding" % (args.seconds, args.seed))


if __name__ == "__main__":
    main()
