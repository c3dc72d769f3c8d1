#!/usr/bin/env python3
"""Opens a failing `segue check` report in headless Chromium and clicks through it.

`make report-check` runs this; `make test` does not (it needs Chromium, chromedriver and
Selenium: apt-get install chromium chromium-driver; pip install selenium).

Usage: report_check.py SEGUE_BINARY WORK_FOLDER [SCALE]

SCALE (default 1) renders the 390 x 844 pt scene at that scale: 3 gives 1170 x 2532 frames.

In WORK_FOLDER it records the goldens of a small scene (19 frames), makes the scene shorter
(13 frames) with another colour on the screen it fades to (so frame 0 still matches), runs
`segue check --report`, and then, in the browser, asserts what each view shows and where: the
side-by-side view alone at first, the slider alone (on screen, its two pictures laid exactly
over each other, the line following the range), the toggle alone (switching between expected
and actual), each image embedded once and every thumbnail small, the failing-frames filter,
the zoom (1:1, 2x, 4x, fit) with the largest difference marked and centred and the pictures
panning together, and the copy button of the re-record command. Screenshots land in WORK_FOLDER/screenshots. Exit 0 when
every check holds, 1 with the failed checks listed.
"""

import json
import os
import re
import shutil
import subprocess
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit("report_check.py needs Selenium: pip install selenium (and apt-get install chromium chromium-driver)")

FAILURES = []


def check(condition, what):
    """Records `what` as failed unless `condition` holds, and says which."""
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        FAILURES.append(what)


def make_report(segue, work, scale):
    """Goldens of a 19-frame fade, then a check of a 13-frame one in another colour."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "scenes", "fade-present.json")) as file:
        scene = json.load(file)
    scene.update(name="report-check", scale=scale, fps=60)
    scene["transition"]["duration"] = 0.3
    original = os.path.join(work, "scene.json")
    with open(original, "w") as file:
        json.dump(scene, file)
    scene["transition"]["duration"] = 0.2
    scene["to"]["background"] = "#D8D8E8"
    changed = os.path.join(work, "changed.json")
    with open(changed, "w") as file:
        json.dump(scene, file)
    golden = os.path.join(work, "golden")
    # A run with CI set never writes a golden, so the recording (a developer's step) runs without it.
    developer = {key: value for key, value in os.environ.items() if key != "CI"}
    recorded = subprocess.run([segue, "check", original, "--golden", golden, "--record", "all", "-q"],
                              capture_output=True, text=True, env=developer)
    # Recording exits 1 ("run again to compare"); anything else, or no goldens, is a broken setup.
    if recorded.returncode not in (0, 1) or sum(name.endswith(".png") for name in os.listdir(os.path.join(golden, "report-check"))) != 19:
        sys.exit("recording the goldens failed (exit %d):\n%s%s" % (recorded.returncode, recorded.stdout, recorded.stderr))
    report = os.path.join(work, "report")
    result = subprocess.run(
        [segue, "check", changed, "--golden", golden, "--report", report], capture_output=True, text=True)
    check(result.returncode == 1, "check exits 1 (differences)")
    summary = result.stdout.strip().splitlines()[-1]
    print("     " + summary)
    check(re.fullmatch(r"check: \d+ of 13 frames match in 1 scene; \d+ differs? in 1 scene; "
                       r"frame count changed in 1 scene", summary) is not None, "the summary line counts 13 frames")
    check("FAIL: report-check: frame count 19 -> 13: the transition is 0.1 s shorter; 6 goldens past the last "
          "frame (frame_0013.png ... frame_0018.png)" in result.stdout, "the frame count change is one line")
    return report, "segue check %s --golden %s --record all" % (changed, golden)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000",
                     "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def rect(driver, element):
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", element)


def visible(element):
    return element.is_displayed() and element.size["height"] > 0


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    segue, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    scale = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    report, command = make_report(segue, work, scale)
    shots = os.path.join(work, "screenshots")
    os.makedirs(shots)
    page = os.path.join(report, "index.html")
    html = open(page).read()
    print("     index.html: %d bytes" % len(html))
    embedded = html.count("data:image/png;base64,")
    pictures = sum(1 for name in os.listdir(os.path.join(report, "scenes", "report-check"))
                   if not name.endswith(".thumb.png"))
    frames = len(re.findall(r'<button class="frame ', html))
    check(embedded == pictures + frames,
          "each of the %d report PNGs is embedded once, plus %d thumbnails (found %d images)" %
          (pictures, frames, embedded))

    driver = browser()
    try:
        driver.get("file://" + page)
        view = driver.execute_script("return [window.innerWidth, window.innerHeight];")
        buttons = driver.find_elements(By.CSS_SELECTOR, ".strip .frame")
        check(len(buttons) == 13, "the strip has 13 frames (has %d)" % len(buttons))
        thumbs = driver.find_elements(By.CSS_SELECTOR, ".strip .frame img")
        sizes = [driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight];", t)
                 for t in thumbs]
        check(len(thumbs) == 13 and all(h == 120 and 0 < w < 120 for w, h in sizes),
              "every thumbnail is a small picture, 120 pixels high (%s)" % sorted(set(map(tuple, sizes))))
        viewer = driver.find_element(By.CSS_SELECTOR, ".viewer")
        side = viewer.find_element(By.CSS_SELECTOR, ".view.side")
        slider = viewer.find_element(By.CSS_SELECTOR, ".view.slider")
        toggle = viewer.find_element(By.CSS_SELECTOR, ".view.toggle")
        heading = viewer.find_element(By.TAG_NAME, "h3").text
        first_failing = next(b for b in buttons if "pass" not in b.get_attribute("class").split())
        label = "frame_%04d.png" % int(first_failing.find_element(By.CSS_SELECTOR, ".label").get_attribute("textContent"))
        check(label != "frame_0000.png" and heading.startswith(label),
              "the first failing frame (%s, past the matching frame 0) is shown (%s)" % (label, heading))
        check(visible(side) and not slider.is_displayed() and not toggle.is_displayed(),
              "at first only the side-by-side view is visible")
        figures = side.find_elements(By.TAG_NAME, "img")
        loaded = [driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth;", i)
                  for i in figures]
        check([i.get_attribute("alt") for i in figures] == ["Expected", "Actual", "Diff"] and loaded == [390 * scale] * 3,
              "side by side: expected, actual and diff, each %d pixels wide (%s)" % (390 * scale, loaded))
        boxes = [rect(driver, i) for i in figures]
        check(len({round(b[1]) for b in boxes}) == 1 and boxes[0][0] < boxes[1][0] < boxes[2][0],
              "the three pictures stand in one row: %s" % [[round(v) for v in b] for b in boxes])
        driver.execute_script("arguments[0].scrollIntoView()", viewer)
        driver.save_screenshot(os.path.join(shots, "1-side-by-side.png"))

        def mode(name):
            viewer.find_element(By.CSS_SELECTOR, '.modes button[data-mode="%s"]' % name).click()

        mode("slider")
        check(visible(slider) and not side.is_displayed() and not toggle.is_displayed(),
              "Slider: only the slider view is visible")
        stack = slider.find_element(By.CSS_SELECTOR, ".stack")
        under = slider.find_element(By.CSS_SELECTOR, ".under")
        over = slider.find_element(By.CSS_SELECTOR, ".over")
        handle = slider.find_element(By.CSS_SELECTOR, ".handle")
        box = rect(driver, stack)
        check(box[3] > 100 and box[1] < view[1], "Slider: the pictures are on screen (top %d of %d, height %d)"
              % (box[1], view[1], box[3]))
        check(rect(driver, under) == rect(driver, over), "Slider: expected lies exactly over actual (%s)"
              % [round(v) for v in rect(driver, over)])
        check(over.value_of_css_property("clip-path") == "inset(0px 50% 0px 0px)",
              "Slider: half of expected shows at first")
        line = rect(driver, handle)
        check(abs(line[0] + line[2] / 2 - (box[0] + box[2] / 2)) <= 2, "Slider: the line stands in the middle")
        driver.save_screenshot(os.path.join(shots, "2-slider-middle.png"))
        range_input = slider.find_element(By.CSS_SELECTOR, "input[type=range]")
        range_input.send_keys(Keys.HOME)
        check(over.value_of_css_property("clip-path") == "inset(0px 100% 0px 0px)",
              "Slider at 0: expected is clipped away (actual shows)")
        actual_shot = stack.screenshot_as_png
        range_input.send_keys(Keys.END)
        line = rect(driver, handle)
        check(over.value_of_css_property("clip-path") == "inset(0px 0% 0px 0px)" and
              abs(line[0] + line[2] / 2 - (box[0] + box[2])) <= 2,
              "Slider at 100: all of expected shows, the line at the right edge")
        check(stack.screenshot_as_png != actual_shot, "Slider: the picture changes between 0 and 100")
        check(abs(rect(driver, range_input)[2] - box[2]) <= 1, "Slider: the range is as wide as the picture")
        ActionChains(driver).move_to_element_with_offset(stack, round(box[2] * 0.3 - box[2] / 2), 0).click().perform()
        value = int(range_input.get_attribute("value"))
        check(29 <= value <= 31 and over.value_of_css_property("clip-path") == "inset(0px %d%% 0px 0px)" % (100 - value),
              "Slider: a click at 30 %% of the picture moves the line there (%d)" % value)
        driver.save_screenshot(os.path.join(shots, "3-slider-30.png"))

        mode("toggle")
        check(visible(toggle) and not side.is_displayed() and not slider.is_displayed(),
              "Toggle: only the toggle view is visible")
        picture = toggle.find_element(By.TAG_NAME, "img")
        label = toggle.find_element(By.TAG_NAME, "b")
        first = picture.get_attribute("src")
        check(picture.get_attribute("alt") == "Expected" and label.text == "expected", "Toggle: shows expected first")
        check(rect(driver, picture)[1] < view[1], "Toggle: the picture is on screen")
        driver.save_screenshot(os.path.join(shots, "4-toggle-expected.png"))
        picture.click()
        check(picture.get_attribute("alt") == "Actual" and label.text == "actual" and
              picture.get_attribute("src") != first, "Toggle: a click shows actual")
        driver.save_screenshot(os.path.join(shots, "5-toggle-actual.png"))
        toggle.find_element(By.CSS_SELECTOR, "button.switch").click()
        check(picture.get_attribute("src") == first and label.text == "expected", "Toggle: the button switches back")

        mode("side")
        check(visible(side) and not slider.is_displayed() and not toggle.is_displayed(),
              "Side by side again: only that view is visible")

        # Zoom and the largest difference.
        largest = viewer.find_element(By.CSS_SELECTOR, ".largest")
        at = (int(largest.get_attribute("data-x")), int(largest.get_attribute("data-y")))
        pans = side.find_elements(By.CSS_SELECTOR, ".pan")
        markers = side.find_elements(By.CSS_SELECTOR, ".marker")
        check(len(markers) == 3, "the largest difference at %s is marked on all three pictures" % (at,))

        def zoom(label, factor):
            viewer.find_element(By.XPATH, './/span[@class="zoom"]/button[text()="%s"]' % label).click()
            img = pans[1].find_element(By.TAG_NAME, "img")
            check(all(visible(pan) for pan in pans), "%s: the three pictures stay in view" % label)
            width = rect(driver, img)[2]
            check(abs(width - 390 * scale * factor) <= 1, "%s: the picture is %d pixels wide (%d)"
                  % (label, 390 * scale * factor, width))
            marker = rect(driver, pans[1].find_element(By.CSS_SELECTOR, ".marker"))
            box = rect(driver, pans[1])
            view = driver.execute_script("return [arguments[0].clientWidth, arguments[0].clientHeight];", pans[1])
            for axis, name in ((0, "across"), (1, "down")):
                # Scrolled to put the point in the middle, as far as the picture's edges allow.
                point = (at[axis] + 0.5) * factor
                size = (390, 844)[axis] * scale * factor
                scroll = 0 if size <= view[axis] else min(max(point - view[axis] / 2, 0), size - view[axis])
                seen = marker[axis] + marker[axis + 2] / 2 - box[axis] - 1
                check(abs(seen - (point - scroll)) <= 2, "%s: the marker is where the point is, %s (%d, expected %d)"
                      % (label, name, seen, point - scroll))
            driver.save_screenshot(os.path.join(shots, "7-zoom-%s.png" % label.replace(":", "-")))

        zoom("1:1", 1)
        zoom("2x", 2)
        before = [driver.execute_script("return [arguments[0].scrollLeft, arguments[0].scrollTop];", p) for p in pans]
        ActionChains(driver).move_to_element(pans[0]).click_and_hold().move_by_offset(-40, -30).release().perform()
        after = [driver.execute_script("return [arguments[0].scrollLeft, arguments[0].scrollTop];", p) for p in pans]
        check(after[0] != before[0], "2x: dragging pans the picture (%s -> %s)" % (before[0], after[0]))
        check(after[0] == after[1] == after[2], "2x: the three pictures pan together (%s)" % after)
        zoom("4x", 4)
        viewer.find_element(By.XPATH, './/span[@class="zoom"]/button[text()="Fit"]').click()
        check("zoomed" not in pans[0].get_attribute("class") and rect(driver, pans[0])[3] <= 522,
              "Fit: the picture fits again")

        # The failing-frames filter.
        shown = lambda: len([b for b in driver.find_elements(By.CSS_SELECTOR, ".strip .frame") if b.is_displayed()])
        matching = len(driver.find_elements(By.CSS_SELECTOR, ".strip .frame.pass"))
        check(shown() == 13 and matching >= 1, "all 13 frames are in the strip, %d of them matching" % matching)
        driver.find_element(By.ID, "failing-only").click()
        check(shown() == 13 - matching and not driver.find_element(By.CSS_SELECTOR, ".strip .frame.pass").is_displayed(),
              "Failing frames only: the matching frames are hidden (%d shown)" % shown())
        driver.find_element(By.ID, "failing-only").click()
        check(shown() == 13, "the filter off shows all 13 again")

        # The re-record command, ready to copy.
        code = driver.find_element(By.CSS_SELECTOR, ".record code").text
        check(code == command, "the page shows the command that re-records the scene (%s)" % code)
        copy = driver.find_element(By.CSS_SELECTOR, ".record .copy")
        check(copy.get_attribute("data-copy") == command, "Copy carries that command")
        copy.click()
        # The clipboard write is asynchronous and the label goes back after 1.5 s: wait for it
        # (up to 10 s, polled often enough not to miss it on a loaded machine).
        try:
            copied = WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda _: copy.text == "Copied")
        except TimeoutException:
            copied = False
        check(copied, "Copy says it copied (%s)" % copy.text)
        buttons[12].click()
        heading = driver.find_element(By.CSS_SELECTOR, ".viewer h3").text
        check(heading.startswith("frame_0012.png") and "selected" in buttons[12].get_attribute("class"),
              "choosing frame 12 in the strip shows it (%s)" % heading)
        check(driver.find_element(By.CSS_SELECTOR, ".viewer .view.side").is_displayed(),
              "a newly chosen frame opens side by side")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(shots, "6-frame-12.png"))
        errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
        check(not errors, "no errors in the browser console %s" % errors)
    finally:
        driver.quit()
    print("screenshots: " + shots)
    if FAILURES:
        print("%d check(s) failed" % len(FAILURES))
        sys.exit(1)
    print("all report checks passed")


if __name__ == "__main__":
    main()
