import SegueJSON
import SeguePNG
import SeguePages

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// index.html of a check report: one page with no outside resources.
///
/// A failing run's page shows each failing scene as a timeline strip of small thumbnails
/// (failures marked, passing frames hidden on request), the command that re-records it with a
/// copy button, and, for a chosen frame, expected / actual / diff side by side, a slider
/// between expected and actual, and a toggle; each view fits the page or zooms to 1:1, 2x or
/// 4x, panned by dragging (the side-by-side pictures pan together), with the pixel of largest
/// difference marked. Each report image is embedded once, in a store
/// the views take their pictures from when a frame is chosen; a frame's four views would
/// otherwise carry the actual image four times and the expected three (about 2 MB for one
/// failing 1170x2532 frame). A passing run's page is a short list of scenes.
public enum ReportPage {
  /// The page for `report`; `image` gives the bytes of a report image by its relative path.
  public static func html(_ report: CheckReport, image: (String) -> [UInt8]?) -> String {
    withoutActuallyEscaping(image) { image in html(report, builder: Builder(image: image)) }
  }

  /// The page, with `page` embedding the images.
  static func html(_ report: CheckReport, builder: Builder) -> String {
    var page = builder
    var body = "<header><h1>segue check</h1>"
    body += "<p class=\"summary \(report.failed ? "bad" : "good")\">\(escape(report.summary))</p>"
    body += "<p class=\"settings\">\(escape(report.settings))</p>"
    if report.failed {
      body += "<label class=\"filter\"><input type=\"checkbox\" id=\"failing-only\"> Failing frames only</label>"
    }
    body += "</header>\n"
    for (index, scene) in report.scenes.enumerated() where scene.failed {
      body += page.section(scene, index: index)
    }
    let plots = report.scenes.contains { $0.failed && $0.timing != nil }
    let passed = report.scenes.filter { !$0.failed }
    if !passed.isEmpty {
      body += "<section class=\"matching\"><h2>\(report.failed ? "Matching scenes" : "Scenes")</h2><ul>"
      for scene in passed {
        let count = scene.frames.count
        body += "<li><b>\(escape(scene.name))</b> <span class=\"file\">\(escape(scene.file))</span>: "
        body += "\(count) frame\(count == 1 ? "" : "s") match</li>"
      }
      body += "</ul></section>\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>segue check report</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>
      \(style)
      \(plots ? PlayerPage.style : "")
      </style></head><body>
      \(body)\(page.finishedStore)\(report.failed ? "<script>\n\(script)\n</script>" : "")\(plots ? plotScript : "")
      </body></html>

      """
  }

  /// The player's script, then a call of its `seguePlot` for each scene's timing.
  static let plotScript = """
    <script>
    \(PlayerPage.script)
    </script>
    <script>
    document.querySelectorAll('.timing-plot').forEach(function (box) {
      var data = JSON.parse(document.getElementById(box.dataset.timing).textContent);
      seguePlot(box, data.before, data.after, {});
    });
    </script>
    """

  /// XML and HTML text escaping.
  static func escape(_ text: String) -> String { ReportWriter.escape(text) }

  /// Collects the embedded images while the sections are written: each path gets one id.
  struct Builder {
    let image: (String) -> [UInt8]?
    var ids: [String: String] = [:]
    var store = ""

    /// The id of the image at `path` in the store, embedding it on first use; nil when there
    /// is no such image.
    mutating func id(_ path: String?) -> String? {
      guard let path else { return nil }
      if let id = ids[path] { return id }
      guard let bytes = image(path) else { return nil }
      let id = "i\(ids.count)"
      ids[path] = id
      if store.isEmpty { store = "<template id=\"images\">" }
      store += "<img id=\"\(id)\" src=\"data:image/png;base64,\(Data(bytes).base64EncodedString())\" alt=\"\">"
      return id
    }

    /// The store, closed, or nothing when no image was used.
    var finishedStore: String { store.isEmpty ? "" : store + "</template>\n" }

    /// A failing scene: its findings, its timeline strip, its viewer and its frames' templates.
    mutating func section(_ scene: CheckReport.Scene, index sceneIndex: Int) -> String {
      var body = "<section class=\"scene\" id=\"s\(sceneIndex)\">\n"
      body += "<h2>\(escape(scene.name)) <span class=\"badge\">FAIL</span></h2>"
      let run = [scene.device.map { "device " + $0 }, scene.variant.map { "variant " + $0 }].compactMap { $0 }
      body +=
        "<p class=\"file\">\(escape(scene.file))\(run.isEmpty ? "" : ", " + escape(run.joined(separator: ", ")))</p>\n"
      if let error = scene.error { body += "<p class=\"error\">\(escape(error))</p>\n" }
      if let change = scene.frameCountChange { body += "<p class=\"error\">\(escape(change.message))</p>\n" }
      if let command = scene.recordCommand {
        body += "<p class=\"record\">To re-record: <code>\(escape(command))</code> "
        body += "<button class=\"copy\" data-copy=\"\(escape(command))\">Copy</button></p>\n"
      }
      if let timing = scene.timing {
        body += timingPlot(timing, before: scene.goldenTiming, index: sceneIndex)
      }
      if !scene.frames.isEmpty {
        body += "<div class=\"strip\">\n"
        for (frameIndex, frame) in scene.frames.enumerated() {
          body += thumbnail(frame, scene: sceneIndex, frame: frameIndex)
        }
        body += "</div>\n<div class=\"viewer\" id=\"v\(sceneIndex)\"></div>\n"
      }
      for (frameIndex, frame) in scene.frames.enumerated() {
        body += "<template id=\"t\(sceneIndex)-\(frameIndex)\">\(details(frame))</template>\n"
      }
      return body + "</section>\n"
    }

    /// The scene's timing plot: every animation's progress now, and the goldens' dashed beside it
    /// when it changed (the player's `seguePlot`, drawn when the page loads).
    func timingPlot(_ timing: JSONValue, before: JSONValue?, index: Int) -> String {
      let data = JSONValue.object([("before", before ?? .null), ("after", timing)]).compactText
      let caption =
        before == nil
        ? "Timing: each animation's progress over the timeline, the frames marked"
        : "Timing changed: the goldens' (dashed) and the scene's now"
      return "<details class=\"timing\"\(before == nil ? "" : " open")><summary>\(caption)</summary>"
        + "<div class=\"timing-plot\" data-timing=\"t\(index)\"></div></details>\n"
        + "<script type=\"application/json\" id=\"t\(index)\">\(PlayerPage.inScript(data))"
        + "</script>\n"
    }

    /// A frame's button in the strip, with its thumbnail (a few kilobytes, embedded here once).
    func thumbnail(_ frame: CheckReport.Frame, scene: Int, frame index: Int) -> String {
      let title = escape("\(frame.file): \(frame.status.rawValue)\(frame.message.isEmpty ? "" : ": " + frame.message)")
      var button = "<button class=\"frame \(frame.status.rawValue)\" title=\"\(title)\" "
      button += "data-scene=\"\(scene)\" data-frame=\"\(index)\">"
      if let bytes = frame.thumbnailImage.flatMap(image)
        ?? frame.thumbnail.flatMap({ try? GoldenStore.encode($0, compression: .balanced, path: frame.file) }),
        let small = try? PNGHeader(bytes, path: frame.file)
      {
        button += "<img src=\"data:image/png;base64,\(Data(bytes).base64EncodedString())\" "
        button += "width=\"\(small.width)\" height=\"\(small.height)\" alt=\"\">"
      } else {
        button += "<span class=\"none\">\(frame.status.rawValue)</span>"
      }
      return button + "<span class=\"label\">\(frame.index)</span></button>\n"
    }

    /// A frame's heading, message, view buttons and views, pictures by store id.
    mutating func details(_ frame: CheckReport.Frame) -> String {
      var html = "<h3>\(escape(frame.file)) <span class=\"status \(frame.status.rawValue)\">"
      html += "\(frame.status.rawValue)</span></h3>"
      if !frame.message.isEmpty { html += "<p class=\"message\">\(escape(frame.message))</p>" }
      let expected = id(frame.expectedImage)
      let actual = id(frame.actualImage)
      let diff = id(frame.diffImage)
      guard expected != nil || actual != nil else { return html }
      // The slider lays one picture over the other: only for pictures of one size.
      let slider = expected != nil && actual != nil && frame.status != .size
      let toggle = expected != nil && actual != nil
      html += "<div class=\"modes\"><button data-mode=\"side\" aria-pressed=\"true\">Side by side</button>"
      if slider { html += "<button data-mode=\"slider\" aria-pressed=\"false\">Slider</button>" }
      if toggle { html += "<button data-mode=\"toggle\" aria-pressed=\"false\">Toggle</button>" }
      html += "<span class=\"zoom\">"
      for (zoom, label) in [("0", "Fit"), ("1", "1:1"), ("2", "2x"), ("4", "4x")] {
        html += "<button data-zoom=\"\(zoom)\" aria-pressed=\"\(zoom == "0")\">\(label)</button>"
      }
      html += "</span>"
      // The pixel of largest difference, marked on every picture of the frame.
      if let comparison = frame.comparison, let at = comparison.maxDifferenceAt, comparison.differingPixels > 0 {
        html += "<span class=\"largest\" data-x=\"\(at.x)\" data-y=\"\(at.y)\" data-width=\"\(comparison.width)\" "
        html += "data-height=\"\(comparison.height)\">Largest difference at (\(at.x), \(at.y)), marked</span>"
      }
      html += "</div><div class=\"view side\">"
      let captions = [
        ("Expected", "Expected"), ("Actual", "Actual"),
        ("Diff", "Diff <span class=\"scale\">pink to red: small to large difference; yellow: anti-aliasing</span>"),
      ]
      for ((alt, caption), source) in zip(captions, [expected, actual, diff]) {
        guard let source else { continue }
        html += "<figure><figcaption>\(caption)</figcaption><div class=\"pan\"><div class=\"canvas\">"
        html += "<img data-image=\"\(source)\" alt=\"\(alt)\"></div></div></figure>"
      }
      html += "</div>"
      if slider, let expected, let actual {
        html += "<div class=\"view slider\" hidden>"
        html += "<p class=\"hint\">Left of the line: expected; right of it: actual. Drag across the picture.</p>"
        html += "<div class=\"box\"><div class=\"stack\">"
        html += "<img class=\"under\" data-image=\"\(actual)\" alt=\"Actual\">"
        html += "<img class=\"over\" data-image=\"\(expected)\" alt=\"Expected\"><div class=\"handle\"></div></div>"
        html += "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"expected to actual\">"
        html += "</div></div>"
      }
      if toggle, let expected, let actual {
        html += "<div class=\"view toggle\" hidden>"
        html += "<p class=\"hint\">Showing <b>expected</b>. <button class=\"switch\">Show actual</button> "
        html += "(or click the picture)</p><div class=\"pan\"><div class=\"canvas\">"
        html += "<img data-image=\"\(expected)\" data-other=\"\(actual)\" alt=\"Expected\"></div></div>"
        html += "</div>"
      }
      return html
    }
  }

  static let style = """
    body { font: 14px -apple-system, system-ui, sans-serif; margin: 0 24px 48px; color: #1c1c1e; background: #f2f2f7; }
    [hidden] { display: none !important; }
    header h1 { margin: 20px 0 4px; font-size: 22px; }
    .good { color: #248a3d; font-weight: 600; } .bad { color: #d70015; font-weight: 600; }
    .settings, .file { color: #6e6e73; margin: 2px 0; }
    section { background: #fff; border-radius: 12px; padding: 12px 16px; margin: 16px 0; }
    details.timing { margin: 8px 0 12px; } details.timing summary { cursor: pointer; font-weight: 600; }
    .timing-plot { background: #1c1c1e; color: #f2f2f7; border-radius: 10px; padding: 12px 16px; margin-top: 8px;
      max-width: 900px; }
    section.scene { box-shadow: inset 4px 0 0 #ff3b30; }
    h2 { font-size: 16px; margin: 0; } .badge { font-size: 11px; padding: 2px 6px; border-radius: 6px; background: #ff3b30; color: #fff; }
    .matching ul { margin: 8px 0 0; padding-left: 20px; } .matching li { margin: 2px 0; }
    .error { color: #d70015; font-family: ui-monospace, monospace; }
    .strip { display: flex; gap: 6px; overflow-x: auto; padding: 8px 0; }
    .frame { position: relative; border: 3px solid #34c759; border-radius: 6px; padding: 0; background: #000; cursor: pointer; flex: none; }
    .frame img { display: block; height: 120px; width: auto; border-radius: 3px; }
    .frame.fail, .frame.size, .frame.invalid { border-color: #ff3b30; } .frame.missing { border-color: #ff9500; }
    .frame.selected { outline: 3px solid #007aff; outline-offset: 1px; }
    .frame .none { display: flex; align-items: center; justify-content: center; width: 56px; height: 120px; color: #fff; font-size: 11px; }
    .frame .label { position: absolute; bottom: 2px; right: 4px; color: #fff; font-size: 11px; text-shadow: 0 0 3px #000; }
    .viewer:empty { display: none; } .viewer { border-top: 1px solid #e5e5ea; padding-top: 8px; }
    .side { display: flex; gap: 12px; flex-wrap: wrap; } figure { margin: 0; } figcaption { color: #6e6e73; margin-bottom: 4px; }
    figcaption .scale { font-size: 11px; }
    .side img, .toggle img { max-height: 520px; border: 1px solid #d1d1d6; display: block; }
    .stack { position: relative; display: inline-block; border: 1px solid #d1d1d6; line-height: 0; }
    .stack img { display: block; max-height: 520px; }
    .stack .over { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
    .stack .handle { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #007aff; pointer-events: none; }
    .slider .box { display: inline-block; } .slider input { display: block; width: 100%; margin: 6px 0 0; }
    .slider .stack { cursor: ew-resize; touch-action: none; } .hint { color: #6e6e73; margin: 0 0 6px; }
    .modes button[aria-pressed="true"] { font-weight: 600; }
    .modes button { margin: 0 6px 8px 0; } .message { font-family: ui-monospace, monospace; color: #d70015; }
    .status.pass { color: #248a3d; } .status.fail, .status.size, .status.invalid { color: #d70015; }
    .filter { display: inline-block; margin: 6px 0 0; } body.failing-only .frame.pass { display: none; }
    .record code { background: #f2f2f7; padding: 2px 6px; border-radius: 4px; user-select: all; } .record .copy { margin-left: 6px; }
    .zoom { margin-left: 12px; } .zoom button[aria-pressed="true"] { font-weight: 600; } .largest { color: #6e6e73; margin-left: 12px; }
    .pan { overflow: hidden; max-width: 100%; border: 1px solid #d1d1d6; }
    .pan:not(.zoomed) { display: inline-block; vertical-align: top; }
    .side figure { width: min-content; } .side { align-items: flex-end; }
    .pan.zoomed { overflow: auto; width: 420px; height: 520px; cursor: grab; } .pan.zoomed:active { cursor: grabbing; }
    .canvas { position: relative; display: inline-block; vertical-align: top; line-height: 0; }
    .pan:not(.zoomed) img { max-height: 520px; display: block; }
    .pan.zoomed img { display: block; max-width: none; max-height: none; image-rendering: pixelated; }
    .side .pan img, .toggle .pan img { border: 0; }
    .marker { position: absolute; width: 24px; height: 24px; margin: -12px 0 0 -12px; border: 2px solid #007aff; border-radius: 50%; box-shadow: 0 0 0 2px #fff; pointer-events: none; }
    """

  static let script = """
    const store = document.getElementById('images');
    function source(id) { return store.content.getElementById(id).getAttribute('src'); }
    function showFrame(button) {
      const scene = button.dataset.scene, frame = button.dataset.frame;
      document.querySelectorAll('#s' + scene + ' .frame').forEach(b => b.classList.toggle('selected', b === button));
      const viewer = document.getElementById('v' + scene);
      viewer.replaceChildren(document.getElementById('t' + scene + '-' + frame).content.cloneNode(true));
      viewer.querySelectorAll('img[data-image]').forEach(img => { img.src = source(img.dataset.image); });
      const modes = viewer.querySelectorAll('.modes button[data-mode]');
      modes.forEach(mode => mode.addEventListener('click', () => {
        viewer.querySelectorAll('.view').forEach(view => { view.hidden = !view.classList.contains(mode.dataset.mode); });
        modes.forEach(other => other.setAttribute('aria-pressed', String(other === mode)));
      }));
      const range = viewer.querySelector('.slider input');
      if (range) {
        const over = viewer.querySelector('.slider .over'), handle = viewer.querySelector('.slider .handle');
        const clip = () => {
          over.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)';
          handle.style.left = range.value + '%';
        };
        range.addEventListener('input', clip); clip();
        const stack = viewer.querySelector('.slider .stack');
        const drag = event => {
          if (event.type !== 'pointerdown' && !event.buttons) return;
          const box = stack.getBoundingClientRect();
          range.value = Math.round(100 * (event.clientX - box.left) / box.width); clip();
        };
        stack.addEventListener('pointerdown', drag); stack.addEventListener('pointermove', drag);
      }
      const picture = viewer.querySelector('.toggle img');
      if (picture) {
        const label = viewer.querySelector('.toggle b'), button = viewer.querySelector('.toggle .switch');
        const flip = () => {
          const other = picture.dataset.other;
          picture.dataset.other = picture.dataset.image; picture.dataset.image = other; picture.src = source(other);
          const showing = label.textContent === 'expected' ? 'actual' : 'expected';
          label.textContent = showing; picture.alt = showing === 'expected' ? 'Expected' : 'Actual';
          button.textContent = 'Show ' + (showing === 'expected' ? 'actual' : 'expected');
        };
        picture.addEventListener('click', flip); button.addEventListener('click', flip);
      }
    }
    // Zoom: fit, or each image pixel as 1, 2 or 4 CSS pixels, panned by dragging; the
    // side-by-side pictures scroll together. The largest difference is marked and centred.
    function setUpZoom(viewer) {
      const largest = viewer.querySelector('.largest');
      const pans = Array.from(viewer.querySelectorAll('.pan'));
      pans.forEach(pan => {
        const img = pan.querySelector('img');
        if (largest) {
          const marker = document.createElement('div'); marker.className = 'marker';
          marker.style.left = (100 * (Number(largest.dataset.x) + 0.5) / Number(largest.dataset.width)) + '%';
          marker.style.top = (100 * (Number(largest.dataset.y) + 0.5) / Number(largest.dataset.height)) + '%';
          img.parentElement.appendChild(marker);
        }
        let last = null;
        pan.addEventListener('pointerdown', e => { if (pan.classList.contains('zoomed')) { last = [e.clientX, e.clientY]; e.preventDefault(); } });
        window.addEventListener('pointerup', () => { last = null; });
        pan.addEventListener('pointermove', e => {
          if (!last) return;
          pan.scrollLeft -= e.clientX - last[0]; pan.scrollTop -= e.clientY - last[1]; last = [e.clientX, e.clientY];
        });
        pan.addEventListener('scroll', () => {
          pans.forEach(other => { if (other !== pan && other.closest('.view') === pan.closest('.view')) {
            other.scrollLeft = pan.scrollLeft; other.scrollTop = pan.scrollTop; } });
        });
      });
      const zooms = viewer.querySelectorAll('.zoom button');
      zooms.forEach(button => button.addEventListener('click', () => {
        const zoom = Number(button.dataset.zoom);
        zooms.forEach(other => other.setAttribute('aria-pressed', String(other === button)));
        viewer.dataset.zoom = String(zoom);
        pans.forEach(pan => {
          const img = pan.querySelector('img');
          pan.classList.toggle('zoomed', zoom > 0);
          img.style.width = zoom > 0 ? (img.naturalWidth * zoom) + 'px' : '';
          if (zoom > 0 && largest) {
            pan.scrollLeft = (Number(largest.dataset.x) + 0.5) * zoom - pan.clientWidth / 2;
            pan.scrollTop = (Number(largest.dataset.y) + 0.5) * zoom - pan.clientHeight / 2;
          }
        });
      }));
    }
    function show(button) { showFrame(button); setUpZoom(document.getElementById('v' + button.dataset.scene)); }
    document.querySelectorAll('.frame').forEach(b => b.addEventListener('click', () => show(b)));
    const failingOnly = document.getElementById('failing-only');
    if (failingOnly) failingOnly.addEventListener('change', () => document.body.classList.toggle('failing-only', failingOnly.checked));
    document.querySelectorAll('.copy').forEach(button => button.addEventListener('click', () => {
      const text = button.dataset.copy;
      const done = () => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); };
      const fallback = () => {
        const area = document.createElement('textarea'); area.value = text; document.body.appendChild(area);
        area.select(); document.execCommand('copy'); area.remove(); done();
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
      else fallback();
    }));
    document.querySelectorAll('.strip').forEach(strip => {
      const first = strip.querySelector('.frame.fail, .frame.size, .frame.missing, .frame.invalid') || strip.querySelector('.frame');
      if (first) show(first);
    });
    """
}
