/// The player's script, embedded in each page: `segueData(data)` builds one player per scene
/// (frame view, transport, speeds, loop, zoom and the timing plot), and again with new data when a
/// live page polls; `seguePlot(container, before, after, options)` draws a timing plot for the
/// golden report. Dependency-free, so a page works opened from the file system with no network.
enum PlayerScript {
  static let source = ##"""
    /* Segue frame player.
     *
     * Embedded verbatim in the pages that `segue preview` writes. The page holds only a header,
     * #segue-errors and an empty main#segue-players; segueData(data) builds one
     * section.segue-player per scene (frame view, transport, speed / loop / zoom controls and a
     * timing plot). segueData may be called again (live mode): a new `version` rebuilds the players
     * and keeps each scene's frame, play state, speed, zoom and loop; new `errors` only update the
     * banner. seguePlot(container, before, after, options) draws a timing plot for other pages.
     *
     * Dependency-free ES2019, no modules, works from file://.
     */
    (function () {
      'use strict';

      var SPEEDS = ['1', '0.5', '0.25', '0.1'];
      var ZOOMS = [['fit', 'Fit', 'Fit the frame in the view'], ['1', '1:1', 'One image pixel per CSS pixel'],
        ['2', '2×', 'Two CSS pixels per image pixel']];
      var HOLD_MS = 1000;            // a looping player holds its last frame this long (wall time)
      var MANY_TRACKS = 6;           // more tracks than this: one small plot per track
      var COLORS = ['#0a84ff', '#ff9f0a', '#30d158', '#ff375f', '#bf5af2', '#64d2ff', '#ffd60a',
        '#5e5ce6', '#66d4cf', '#ac8e68'];
      var SVGNS = 'http://www.w3.org/2000/svg';

      var page = { version: undefined, errors: '', players: [], live: null, liveTimer: 0, liveScript: null,
        ticking: false, updated: null };
      var plotIds = 0;

      // ---------------------------------------------------------------- small helpers

      /** An HTML element with attributes (class, text, on* handlers) and children. */
      function h(tag, attrs, children) {
        var node = document.createElement(tag);
        Object.keys(attrs || {}).forEach(function (key) {
          var value = attrs[key];
          if (value === null || value === undefined || value === false) return;
          if (key === 'text') node.textContent = value;
          else if (key === 'html') node.innerHTML = value;       // only for our own constant icons
          else node.setAttribute(key, value === true ? '' : value);
        });
        (children || []).forEach(function (child) { if (child) node.appendChild(child); });
        return node;
      }

      /** An SVG element with attributes, appended to parent when given. */
      function s(tag, attrs, parent) {
        var node = document.createElementNS(SVGNS, tag);
        Object.keys(attrs || {}).forEach(function (key) {
          if (attrs[key] !== null && attrs[key] !== undefined) node.setAttribute(key, attrs[key]);
        });
        if (parent) parent.appendChild(node);
        return node;
      }

      function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }
      function num(x) { return Math.round(x * 1000) / 1000; }      // attribute values: 3 decimals
      function secs(t) { return t.toFixed(3) + ' s'; }
      var SETTLE_LABEL_WIDTH = 76;   // px a "settles 0.52 s" label takes, with a gap
      function short(t) { return (Math.round(t * 100) / 100).toFixed(2) + ' s'; }

      /** Index of the latest time <= t (0 when t is before the first). */
      function frameAt(times, t) {
        var lo = 0, hi = times.length - 1;
        if (hi < 0 || t < times[0]) return 0;
        while (lo < hi) {
          var mid = (lo + hi + 1) >> 1;
          if (times[mid] <= t + 1e-9) lo = mid; else hi = mid - 1;
        }
        return lo;
      }

      /** Index of the frame nearest in time to t. */
      function nearestFrame(times, t) {
        var i = frameAt(times, t);
        if (i + 1 < times.length && Math.abs(times[i + 1] - t) < Math.abs(t - times[i])) i += 1;
        return i;
      }

      var ICONS = {
        prev: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="2.5" y="3" width="2" height="10" rx=".6"/>' +
          '<path d="M13 3.6v8.8a.6.6 0 0 1-.92.5L5.6 8.5a.6.6 0 0 1 0-1l6.48-4.4a.6.6 0 0 1 .92.5z"/></svg>',
        next: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="11.5" y="3" width="2" height="10" rx=".6"/>' +
          '<path d="M3 3.6v8.8a.6.6 0 0 0 .92.5l6.48-4.4a.6.6 0 0 0 0-1L3.92 3.1A.6.6 0 0 0 3 3.6z"/></svg>',
        loop: '<svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6" ' +
          'stroke-linecap="round" stroke-linejoin="round"><path d="M3 7.5V7a3 3 0 0 1 3-3h6.5M10.5 2l2 2-2 2"/>' +
          '<path d="M13 8.5V9a3 3 0 0 1-3 3H3.5M5.5 14l-2-2 2-2"/></svg>',
        plot: '<svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6" ' +
          'stroke-linecap="round"><path d="M2 13.5h12M2.5 12c3-.5 3.5-8 6-8.5S12 5 13.5 4.5"/></svg>'
      };

      // ---------------------------------------------------------------- timing plot

      /** Builds an SVG timing plot plus legend into `container`.
       *  sets: [{tracks, role}] with role "main", "before" or "after".
       *  options: {duration, cursorTime, liftTime, onSeek(t), compact}. */
      function buildPlot(container, sets, options) {
        options = options || {};
        var all = [];
        sets.forEach(function (set) { (set.tracks || []).forEach(function (track, i) { all.push({ track: track, index: i, role: set.role }); }); });
        var duration = options.duration;
        if (!(duration > 0)) {
          duration = 0;
          all.forEach(function (e) { duration = Math.max(duration, (e.track.delay || 0) + (e.track.duration || 0)); });
          if (!(duration > 0)) duration = 1;
        }
        var settleMax = 0;
        all.forEach(function (e) { if (e.track.settles > settleMax) settleMax = e.track.settles; });
        var t0 = 0, t1 = settleMax > duration ? settleMax + 0.06 * settleMax : duration;

        // Lanes: all curves overlaid in one plot, or one small plot per track label.
        var lanes = [];
        var most = Math.max.apply(null, sets.map(function (set) { return (set.tracks || []).length; }).concat([0]));
        if (most > MANY_TRACKS) {
          var byLabel = {};
          all.forEach(function (e) {
            var key = e.track.label || ('track ' + e.index);
            if (!byLabel[key]) { byLabel[key] = { label: key, entries: [] }; lanes.push(byLabel[key]); }
            byLabel[key].entries.push(e);
          });
        } else {
          lanes.push({ label: null, entries: all });
        }
        var multiple = lanes.length > 1;
        var showBars = !multiple && sets.length === 1 && all.length > 0;

        var W = 640, left = 42, right = 16, top = 14;
        var areaH = multiple ? 58 : (options.compact ? 170 : 250), gap = multiple ? 10 : 0;
        var barsTop = top + lanes.length * (areaH + gap) - gap + 26;
        var H = barsTop + (showBars ? all.length * 9 + 4 : 0) + (showBars ? 2 : -4);
        var x0 = left, x1 = W - right;
        var svg = s('svg', { 'class': 'segue-plot' + (multiple ? ' segue-plot-multiple' : ''), viewBox: '0 0 ' + W + ' ' + H,
          role: 'img', 'aria-label': 'timing plot', preserveAspectRatio: 'xMidYMid meet' });
        var X = function (t) { return x0 + (t - t0) / (t1 - t0) * (x1 - x0); };
        var cursors = [];

        // Time ticks: a "nice" step giving at most ~8 ticks.
        var steps = [0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 30, 60];
        var step = steps.filter(function (st) { return (t1 - t0) / st <= (options.compact ? 5 : 8); })[0] || 60;
        var ticks = [];
        for (var k = 0; k * step <= t1 + 1e-9; k++) ticks.push(k * step);

        lanes.forEach(function (lane, li) {
          var y0 = top + li * (areaH + gap) + areaH, y1 = y0 - areaH;     // y0: bottom (p0), y1: top (p1)
          var lo = 0, hi = 1;
          lane.entries.forEach(function (e) {
            (e.track.points || []).forEach(function (pt) { if (pt[0] <= t1) { lo = Math.min(lo, pt[1]); hi = Math.max(hi, pt[1]); } });
            (e.track.samples || []).forEach(function (sm) { lo = Math.min(lo, sm[2]); hi = Math.max(hi, sm[2]); });
          });
          var pad = (hi - lo) * (multiple ? 0.1 : 0.06);
          var p0 = lo - pad, p1 = hi + pad;
          var Y = function (p) { return y0 + (p - p0) / (p1 - p0) * (y1 - y0); };
          var area = s('g', { 'class': 'segue-plot-area', 'data-t0': t0, 'data-t1': t1, 'data-p0': p0,
            'data-p1': p1, 'data-x0': x0, 'data-x1': x1, 'data-y0': y0, 'data-y1': y1 }, svg);
          if (!multiple) ['t0', 't1', 'p0', 'p1', 'x0', 'x1', 'y0', 'y1'].forEach(function (key) {
            svg.setAttribute('data-' + key, area.getAttribute('data-' + key));
          });
          s('rect', { 'class': 'segue-plot-bg', x: x0, y: y1, width: x1 - x0, height: y0 - y1, rx: 3 }, area);
          ticks.forEach(function (t) { s('line', { 'class': 'segue-grid-t', x1: num(X(t)), x2: num(X(t)), y1: y1, y2: y0 }, area); });
          [0, 0.5, 1].forEach(function (p) {
            s('line', { 'class': p === 0.5 ? 'segue-grid-half' : 'segue-grid', x1: x0, x2: x1, y1: num(Y(p)), y2: num(Y(p)) }, area);
            if (p !== 0.5) s('text', { 'class': 'segue-axis', x: x0 - 7, y: num(Y(p)) + 3.5, 'text-anchor': 'end' }, area).textContent = String(p);
          });
          if (duration < t1) {   // the timeline ends here; later is only where a spring would settle
            s('rect', { 'class': 'segue-after-end', x: num(X(duration)), y: y1, width: num(x1 - X(duration)), height: y0 - y1 }, area);
          }
          if (multiple) lane.entries.forEach(function (e) {      // where this track's animation runs
            var a = X(e.track.delay || 0), b = X(Math.min(t1, (e.track.delay || 0) + (e.track.duration || 0)));
            s('rect', { 'class': 'segue-run-band', x: num(a), y: y1, width: num(Math.max(0, b - a)), height: y0 - y1,
              style: '--c:' + COLORS[e.index % COLORS.length] }, area);
          });
          if (lane.label) s('text', { 'class': 'segue-lane-label', x: x0 + 6, y: y1 + 12 }, area).textContent = lane.label;
          var clipId = 'segue-clip-' + (++plotIds);
          s('rect', { x: x0, y: y1 - 40, width: x1 - x0, height: y0 - y1 + 80 }, s('clipPath', { id: clipId }, area));

          if (options.liftTime !== null && options.liftTime !== undefined) {
            s('line', { 'class': 'segue-lift-line', x1: num(X(options.liftTime)), x2: num(X(options.liftTime)), y1: y1, y2: y0,
              'stroke-dasharray': '4 3' }, area);
            if (li === 0) s('text', { 'class': 'segue-lift-label', x: num(X(options.liftTime)) + 4, y: y1 + 11 }, area).textContent = 'finger lifts';
          }

          var settleLabels = [];
          lane.entries.forEach(function (e) {
            var track = e.track, color = COLORS[e.index % COLORS.length];
            var g = s('g', { 'class': 'segue-track segue-' + e.role, 'data-track': e.index, 'data-set': e.role,
              style: '--c:' + color }, area);
            var tip = (e.role === 'main' ? '' : e.role + ': ') + (track.label || '') + ' — ' + (track.description || (track.curve && track.curve.kind) || '');
            s('title', {}, g).textContent = tip;
            var d = (track.points || []).map(function (pt, i) { return (i ? 'L' : 'M') + num(X(pt[0])) + ' ' + num(Y(pt[1])); }).join('');
            if (d) {
              s('path', { 'class': 'segue-curve-hit', d: d, 'clip-path': 'url(#' + clipId + ')' }, g);
              s('path', { 'class': 'segue-curve', d: d, 'data-track': e.index, 'clip-path': 'url(#' + clipId + ')',
                'stroke-dasharray': e.role === 'before' ? '5 4' : null }, g);
            }
            if (track.settles !== null && track.settles !== undefined) {
              var xs = num(X(track.settles)), text = 'settles ' + short(track.settles);
              s('line', { 'class': 'segue-settle', 'data-track': e.index, x1: xs, x2: xs, y1: num(Y(1)) - 9, y2: num(Y(1)) + 9 }, g);
              // One label for one settle time; labels closer than a label's width go a row higher.
              if (!settleLabels.some(function (l) { return l.text === text && Math.abs(l.x - xs) < 1; })) {
                var row = 0;
                while (settleLabels.some(function (l) { return l.row === row && Math.abs(l.x - xs) < SETTLE_LABEL_WIDTH; })) row++;
                settleLabels.push({ x: xs, row: row, text: text });
                s('text', { 'class': 'segue-settle-label', 'data-track': e.index, x: xs, y: num(Y(1)) - 13 - 12 * row,
                  'text-anchor': 'middle' }, g).textContent = text;
              }
            }
            if (e.role !== 'before') {
              (track.samples || []).forEach(function (sm) {
                var c = s('circle', { 'class': 'segue-sample', 'data-track': e.index, 'data-frame': sm[0],
                  cx: num(X(sm[1])), cy: num(Y(sm[2])), r: multiple ? 1.8 : 2.4 }, g);
                s('title', {}, c).textContent = (track.label || '') + ' · frame ' + sm[0] + ' · ' + secs(sm[1]) + ' · ' + sm[2].toFixed(3);
              });
              // The peak of an overshoot, labelled.
              var peak = null;
              (track.samples || []).forEach(function (sm) { if (sm[2] > 1.004 && (!peak || sm[2] > peak[2])) peak = sm; });
              if (peak && !multiple) s('text', { 'class': 'segue-peak', x: num(X(peak[1])), y: num(Y(peak[2])) - 7, 'text-anchor': 'middle' }, g)
                .textContent = peak[2].toFixed(2);
            }
          });
          var cursor = s('line', { 'class': 'segue-cursor', x1: num(X(0)), x2: num(X(0)), y1: y1 - 4, y2: y0 + 4 }, area);
          cursors.push(cursor);
        });

        // Time axis labels under the last lane.
        var axisY = top + lanes.length * (areaH + gap) - gap + 15;
        ticks.forEach(function (t, i) {
          s('text', { 'class': 'segue-axis', x: num(X(t)), y: axisY, 'text-anchor': i === 0 ? 'start' : 'middle' }, svg).textContent =
            (Math.round(t * 1000) / 1000) + (i === ticks.length - 1 ? ' s' : '');
        });
        // Delay / duration bars: where each track's animation runs on the timeline.
        if (showBars) {
          all.forEach(function (e, i) {
            var y = barsTop + i * 9, a = e.track.delay || 0, b = a + (e.track.duration || 0);
            var g = s('g', { 'class': 'segue-bar', 'data-track': e.index, style: '--c:' + COLORS[e.index % COLORS.length] }, svg);
            s('line', { 'class': 'segue-bar-rail', x1: x0, x2: x1, y1: y, y2: y }, g);
            s('line', { 'class': 'segue-bar-run', x1: num(X(a)), x2: num(X(Math.min(b, t1))), y1: y, y2: y }, g);
            if (e.track.settles > b) s('line', { 'class': 'segue-bar-settle', x1: num(X(b)), x2: num(X(e.track.settles)), y1: y, y2: y }, g);
            // A keyframe animation's key times: a tick across its bar at each.
            (e.track.keyTimes || []).forEach(function (k) {
              if (k <= t1) s('line', { 'class': 'segue-bar-key', x1: num(X(k)), x2: num(X(k)), y1: y - 3, y2: y + 3 }, g);
            });
            s('title', {}, g).textContent = (e.track.label || '') + ': delay ' + short(a) + ', duration ' + short(e.track.duration || 0) +
              (e.track.keyTimes ? ', key times ' + e.track.keyTimes.map(short).join(', ') : '');
          });
        }
        if (!all.length) s('text', { 'class': 'segue-axis', x: (x0 + x1) / 2, y: top + areaH / 2, 'text-anchor': 'middle' }, svg)
          .textContent = 'no animated properties';

        // Seek by clicking (or dragging) on the plot.
        function timeAt(event) {
          var m = svg.getScreenCTM();
          if (!m) return null;
          var pt = svg.createSVGPoint();
          pt.x = event.clientX; pt.y = event.clientY;
          var user = pt.matrixTransform(m.inverse());
          return clamp(t0 + (user.x - x0) / (x1 - x0) * (t1 - t0), t0, t1);
        }
        if (options.onSeek) {
          var dragging = false;
          svg.addEventListener('pointerdown', function (event) {
            if (event.button !== 0) return;
            dragging = true; svg.setPointerCapture(event.pointerId);
            var t = timeAt(event); if (t !== null) options.onSeek(t);
          });
          svg.addEventListener('pointermove', function (event) {
            if (!dragging) return;
            var t = timeAt(event); if (t !== null) options.onSeek(t);
          });
          var stop = function () { dragging = false; };
          svg.addEventListener('pointerup', stop);
          svg.addEventListener('pointercancel', stop);
          svg.addEventListener('click', function (event) { var t = timeAt(event); if (t !== null) options.onSeek(t); });
        }

        // Legend: one entry per track (label, curve, delay, duration, settle time).
        var legend = h('ul', { 'class': 'segue-legend' + (sets.length > 1 ? ' segue-legend-compare' : '') });
        if (sets.length > 1) {
          legend.appendChild(h('li', { 'class': 'segue-legend-key' }, [
            h('span', { 'class': 'segue-swatch segue-swatch-after' }), h('span', { text: 'after' }),
            h('span', { 'class': 'segue-swatch segue-swatch-before' }), h('span', { text: 'before' })]));
        }
        var described = {};
        all.forEach(function (e) {
          var track = e.track, key = e.index + '|' + (track.label || '');
          var line = [track.description || (track.curve && track.curve.kind) || ''];
          if (track.curve && track.curve.kind === 'scrub') line = ['follows the finger'];
          var timing = 'delay ' + short(track.delay || 0) + ' · duration ' + short(track.duration || 0) +
            (track.settles !== null && track.settles !== undefined ? ' · settles ' + short(track.settles) : '') +
            (track.keyTimes ? ' · key times ' + track.keyTimes.map(short).join(', ') : '');
          var item = described[key];
          if (!item) {
            item = described[key] = h('li', { 'data-track': e.index, style: '--c:' + COLORS[e.index % COLORS.length] }, [
              h('span', { 'class': 'segue-swatch' }), h('span', { 'class': 'segue-legend-label', text: track.label || ('track ' + e.index) })]);
            legend.appendChild(item);
          }
          item.appendChild(h('span', { 'class': 'segue-legend-desc' + (e.role === 'before' ? ' segue-legend-before' : ''),
            text: (e.role === 'main' ? '' : e.role + ': ') + line.join('') + ' · ' + timing }));
        });
        // Hovering a curve or its legend entry brings that track forward.
        function highlight(index) {
          svg.classList.toggle('segue-hl', index !== null);
          Array.prototype.forEach.call(svg.querySelectorAll('.segue-track, .segue-bar'), function (g) {
            g.classList.toggle('segue-hl-on', g.getAttribute('data-track') === String(index));
          });
          Array.prototype.forEach.call(legend.querySelectorAll('li[data-track]'), function (li) {
            li.classList.toggle('segue-hl-on', li.getAttribute('data-track') === String(index));
          });
        }
        function hover(node) {
          node.addEventListener('mouseover', function (event) {
            var target = event.target.closest && event.target.closest('[data-track]');
            highlight(target ? target.getAttribute('data-track') : null);
          });
          node.addEventListener('mouseleave', function () { highlight(null); });
        }
        hover(svg); hover(legend);

        container.appendChild(svg);
        container.appendChild(legend);
        var plot = {
          svg: svg, legend: legend,
          setCursor: function (t) {
            var x = num(X(clamp(t, t0, t1)));
            cursors.forEach(function (c) { c.setAttribute('x1', x); c.setAttribute('x2', x); });
          },
          setFrame: function (frame) {
            Array.prototype.forEach.call(svg.querySelectorAll('.segue-sample.segue-current'), function (c) { c.classList.remove('segue-current'); });
            Array.prototype.forEach.call(svg.querySelectorAll('.segue-sample[data-frame="' + frame + '"]'), function (c) { c.classList.add('segue-current'); });
          }
        };
        if (options.cursorTime !== null && options.cursorTime !== undefined) plot.setCursor(options.cursorTime);
        return plot;
      }

      /** Public: one plot comparing two timings ("before" dashed, "after" solid); before may be null. */
      function seguePlot(container, tracksBefore, tracksAfter, options) {
        var sets = [];
        if (tracksBefore) sets.push({ tracks: tracksBefore, role: 'before' });
        sets.push({ tracks: tracksAfter || [], role: tracksBefore ? 'after' : 'main' });
        var wrap = h('div', { 'class': 'segue-plot-wrap' });
        container.appendChild(wrap);
        return buildPlot(wrap, sets, options || {});
      }

      // ---------------------------------------------------------------- player

      function Player(scene, index, layout, version, live, saved) {
        this.scene = scene;
        this.index = index;
        this.layout = layout;
        var times = scene.times && scene.times.length === scene.frames.length ? scene.times
          : scene.frames.map(function (f, i) { return i / (scene.fps || 60); });
        this.times = times;
        this.count = scene.frames.length;
        this.urls = scene.frames.map(function (f) { return live ? f + (f.indexOf('?') < 0 ? '?' : '&') + 'v=' + version : f; });
        this.frame = 0; this.media = 0; this.playing = false; this.clock = null;
        this.speed = '1'; this.zoom = 'fit'; this.loop = true;
        this.plotOpen = layout !== 'gallery';
        this.build();
        this.preload();
        if (saved) { this.speed = saved.speed; this.zoom = saved.zoom; this.loop = saved.loop; }
        this.setPlotOpen(saved && layout === 'gallery' ? saved.plotOpen : this.plotOpen);
        this.seek(saved ? clamp(saved.frame, 0, this.count - 1) : 0);
        this.setSpeed(this.speed); this.setLoop(this.loop); this.setZoom(this.zoom, saved && saved.scroll);
        this.syncPlay();
        if (saved ? saved.playing : true) this.play(saved && saved.media);
      }

      Player.prototype.build = function () {
        var self = this, scene = this.scene, last = this.count - 1;
        var button = function (action, label, extra, html) {
          var attrs = { type: 'button', 'class': 'segue-btn', 'data-action': action, 'aria-label': label, title: label };
          Object.keys(extra || {}).forEach(function (key) { attrs[key] = extra[key]; });
          if (html) attrs.html = html; else attrs.text = label;
          return h('button', attrs);
        };
        this.img = h('img', { 'class': 'segue-frame', alt: scene.name + ' frame', draggable: 'false', width: scene.width, height: scene.height });
        this.viewport = h('div', { 'class': 'segue-viewport', title: scene.width + ' × ' + scene.height + ' px' }, [this.img]);
        this.scrubber = h('input', { type: 'range', 'class': 'segue-scrubber', min: 0, max: Math.max(0, last), step: 1, value: 0,
          'aria-label': 'frame' });
        var scrub = h('div', { 'class': 'segue-scrub' }, [this.scrubber]);
        var interaction = scene.interaction;
        if (interaction && last > 0) {
          var f = clamp(interaction.liftFrame / last, 0, 1);
          scrub.appendChild(h('div', { 'class': 'segue-lift-marker', title: 'finger lifts at frame ' + interaction.liftFrame,
            style: 'left: calc(7px + ' + f + ' * (100% - 14px))' }));
        }
        this.playButton = button('play', 'Play', { 'class': 'segue-btn segue-play' });
        this.readout = h('span', { 'class': 'segue-readout', 'aria-live': 'off' });
        var speeds = h('div', { 'class': 'segue-group', role: 'group', 'aria-label': 'speed' }, SPEEDS.map(function (sp) {
          return button('speed', sp + '×', { 'data-speed': sp, 'aria-label': 'speed ' + sp + '×', title: 'play at ' + sp + '× speed' });
        }));
        var zooms = h('div', { 'class': 'segue-group', role: 'group', 'aria-label': 'zoom' }, ZOOMS.map(function (z) {
          return button('zoom', z[1], { 'data-zoom': z[0], 'aria-label': 'zoom ' + z[1], title: z[2] });
        }));
        this.loopButton = button('loop', 'Loop', { title: 'Loop (holds the last frame for 1 s)' }, ICONS.loop + '<span>Loop</span>');
        var options = [speeds, this.loopButton, zooms];
        if (this.layout === 'gallery') {
          this.plotButton = button('plot', 'Timing', { 'aria-expanded': 'false', title: 'Show the timing plot' }, ICONS.plot + '<span>Timing</span>');
          options.push(this.plotButton);
        }
        var stage = h('div', { 'class': 'segue-stage' }, [
          this.viewport, scrub,
          h('div', { 'class': 'segue-transport' }, [
            button('prev', 'Previous frame', {}, ICONS.prev), this.playButton, button('next', 'Next frame', {}, ICONS.next), this.readout]),
          h('div', { 'class': 'segue-options' }, options)]);
        if (interaction) {
          stage.appendChild(h('p', { 'class': 'segue-lift', text: 'finger lifts at frame ' + interaction.liftFrame + ' (' +
            secs(interaction.liftTime) + '), then ' + (interaction.release === 'cancel' ? 'cancels' : 'finishes') }));
        }
        this.plotWrap = h('div', { 'class': 'segue-plot-wrap', hidden: !this.plotOpen });
        var head = h('div', { 'class': 'segue-head' }, [
          h('h2', { 'class': 'segue-name', text: scene.name }),
          h('p', { 'class': 'segue-caption', text: scene.caption || '' }),
          h('p', { 'class': 'segue-meta', text: scene.width + ' × ' + scene.height + ' px · @' + (scene.scale || 1) + 'x · ' +
            (scene.fps || 60) + ' fps' })]);
        this.section = h('section', { 'class': 'segue-player', 'data-scene': scene.name, tabindex: '0',
          'aria-label': 'player ' + scene.name }, [head, stage, this.plotWrap]);
        this.plot = buildPlot(this.plotWrap, [{ tracks: scene.tracks || [], role: 'main' }], {
          duration: scene.duration, liftTime: interaction ? interaction.liftTime : null,
          onSeek: function (t) { self.pause(); self.seek(nearestFrame(self.times, t)); }
        });

        // Events: buttons, scrubber, keyboard, focus, panning.
        this.section.addEventListener('click', function (event) {
          var target = event.target.closest('[data-action]');
          if (!target || !self.section.contains(target)) return;
          var action = target.getAttribute('data-action');
          if (action === 'play') self.toggle();
          else if (action === 'prev') self.step(-1);
          else if (action === 'next') self.step(1);
          else if (action === 'speed') self.setSpeed(target.getAttribute('data-speed'));
          else if (action === 'loop') self.setLoop(!self.loop);
          else if (action === 'zoom') self.setZoom(target.getAttribute('data-zoom'));
          else if (action === 'plot') self.setPlotOpen(!self.plotOpen);
        });
        // Clicking anywhere in a player gives it the keyboard; buttons don't keep focus, so Space stays "play".
        this.section.addEventListener('pointerdown', function (event) {
          if (event.target !== self.scrubber) self.section.focus({ preventScroll: true });
        }, true);
        this.section.addEventListener('mousedown', function (event) {
          if (event.target.closest('button')) event.preventDefault();
        });
        this.scrubber.addEventListener('input', function () { self.pause(); self.seek(+self.scrubber.value); });
        this.section.addEventListener('keydown', function (event) { self.key(event); });
        this.viewport.addEventListener('pointerdown', function (event) { self.dragStart(event); });
        this.viewport.addEventListener('pointermove', function (event) { self.dragMove(event); });
        this.viewport.addEventListener('pointerup', function (event) { self.dragEnd(event); });
        this.viewport.addEventListener('pointercancel', function (event) { self.dragEnd(event); });
      };

      /** Loads every frame up front so that playback never waits for the disk. */
      Player.prototype.preload = function () {
        var self = this, loaded = 0, failed = 0;
        this.images = this.urls.map(function (url) {
          var image = new Image();
          image.onload = function () { loaded += 1; self.section.setAttribute('data-loaded', loaded); };
          image.onerror = function () { failed += 1; self.section.setAttribute('data-failed', failed); };
          image.src = url;
          return image;
        });
      };

      Player.prototype.key = function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        var onButton = event.target.closest && event.target.closest('button');
        if (onButton && (event.key === ' ' || event.key === 'Enter')) return;   // a focused button is activated as usual
        var handled = true;
        if (event.key === ' ' || event.key === 'k') this.toggle();
        else if (event.key === 'ArrowRight' || event.key === '.') this.step(1);
        else if (event.key === 'ArrowLeft' || event.key === ',') this.step(-1);
        else if (event.key === 'Home') { this.pause(); this.seek(0); }
        else if (event.key === 'End') { this.pause(); this.seek(this.count - 1); }
        else if (event.key === 'l') this.setLoop(!this.loop);
        else handled = false;
        if (handled) event.preventDefault();      // no page scrolling, no native range stepping
      };

      /** Shows frame i: image, scrubber, readout, plot cursor, state attributes. */
      Player.prototype.seek = function (i) {
        i = clamp(Math.round(i) || 0, 0, Math.max(0, this.count - 1));
        this.frame = i;
        if (!this.playing) this.media = this.times[i] || 0;
        if (!this.count) { this.readout.textContent = 'no frames'; return; }
        if (this.img.getAttribute('src') !== this.urls[i]) this.img.setAttribute('src', this.urls[i]);
        if (+this.scrubber.value !== i) this.scrubber.value = i;
        var f = this.count > 1 ? i / (this.count - 1) : 0;                      // the played part of the track
        this.scrubber.style.setProperty('--fill', 'calc(7px + ' + f + ' * (100% - 14px))');
        var t = this.times[i];
        this.readout.textContent = 'frame ' + i + ' / ' + (this.count - 1) + ' · ' + secs(t);
        this.readout.title = this.scene.frames[i].split('/').pop() + ' · frames 0–' + (this.count - 1) + ' · ' + secs(t) +
          ' of ' + secs(this.times[this.count - 1]);
        this.section.setAttribute('data-frame', i);
        this.plot.setCursor(t);
        this.plot.setFrame(i);
      };

      Player.prototype.play = function (media) {
        if (this.count < 1) return;
        var start = media !== undefined && media !== null ? media : this.times[this.frame];
        if (this.frame >= this.count - 1 && (media === undefined || media === null)) start = 0;   // at the end: from the top
        this.playing = true;
        this.clock = { wall: performance.now(), media: start };
        this.media = start;
        this.seek(frameAt(this.times, start));
        this.syncPlay();
        startTicker();
      };

      Player.prototype.pause = function () {
        if (!this.playing) return;
        this.playing = false;
        this.media = this.times[this.frame];
        this.syncPlay();
      };

      Player.prototype.toggle = function () { if (this.playing) this.pause(); else this.play(); };
      Player.prototype.step = function (delta) { this.pause(); this.seek(this.frame + delta); };

      Player.prototype.syncPlay = function () {
        this.section.setAttribute('data-playing', String(this.playing));
        this.playButton.textContent = this.playing ? '❚❚' : '▶\uFE0E';
        this.playButton.setAttribute('aria-label', this.playing ? 'Pause' : 'Play');
        this.playButton.title = (this.playing ? 'Pause' : 'Play') + ' (Space)';
        this.playButton.classList.toggle('segue-on', this.playing);
      };

      /** Advances by real time: the frame shown is the latest whose time <= elapsed × speed. */
      Player.prototype.tick = function (now) {
        var last = this.times[this.count - 1], speed = +this.speed;
        var media = this.clock.media + Math.max(0, now - this.clock.wall) / 1000 * speed;
        if (media >= last) {
          if (!this.loop) { this.media = last; this.seek(this.count - 1); this.pause(); return; }
          var end = this.clock.wall + (last - this.clock.media) / speed * 1000;    // wall time the end was reached
          if (now - end >= HOLD_MS) {                                             // hold is over: restart
            var restart = now - end - HOLD_MS > 250 ? now : end + HOLD_MS;
            this.clock = { wall: restart, media: 0 };
            media = Math.max(0, now - restart) / 1000 * speed;
          } else {
            media = last;
          }
        }
        this.media = media;
        var i = frameAt(this.times, media);
        if (i !== this.frame) this.seek(i);
      };

      Player.prototype.setSpeed = function (speed) {
        if (SPEEDS.indexOf(String(speed)) < 0) speed = '1';
        if (this.playing) this.clock = { wall: performance.now(), media: this.media };
        this.speed = String(speed);
        this.section.setAttribute('data-speed', this.speed);
        this.pressed('speed', 'data-speed', this.speed);
      };

      Player.prototype.setLoop = function (on) {
        this.loop = !!on;
        this.section.setAttribute('data-loop', String(this.loop));
        this.loopButton.setAttribute('aria-pressed', String(this.loop));
      };

      Player.prototype.pressed = function (action, attribute, value) {
        Array.prototype.forEach.call(this.section.querySelectorAll('[data-action="' + action + '"]'), function (b) {
          b.setAttribute('aria-pressed', String(b.getAttribute(attribute) === value));
        });
      };

      Player.prototype.setPlotOpen = function (open) {
        this.plotOpen = !!open;
        this.plotWrap.hidden = !this.plotOpen;
        this.section.classList.toggle('segue-plot-open', this.plotOpen);
        if (this.plotButton) {
          this.plotButton.setAttribute('aria-expanded', String(this.plotOpen));
          this.plotButton.setAttribute('aria-pressed', String(this.plotOpen));
        }
      };

      /** Sizes the view box (from the window for "preview", ~195 px wide for "gallery") and the image in it. */
      Player.prototype.fitBox = function () {
        var w = this.scene.width || 390, hgt = this.scene.height || 844, aspect = w / hgt;
        var boxW, boxH;
        if (this.layout === 'gallery') {
          boxW = 195; boxH = Math.min(480, boxW / aspect);
          if (boxH * aspect < boxW) boxW = boxH * aspect;
        } else {
          var points = hgt / (this.scene.scale || 1);
          boxH = Math.min(window.innerHeight * 0.72, 720, Math.max(hgt, points));
          boxH = Math.max(boxH, Math.min(280, hgt));
          boxW = boxH * aspect;
          var maxW = Math.min(560, Math.max(200, window.innerWidth - 72));
          if (boxW > maxW) { boxW = maxW; boxH = boxW / aspect; }
        }
        return { w: Math.round(boxW), h: Math.round(boxH) };
      };

      Player.prototype.setZoom = function (zoom, scroll) {
        if (['fit', '1', '2'].indexOf(String(zoom)) < 0) zoom = 'fit';
        var vp = this.viewport, before = this.zoom;
        // Keep the point at the centre of the view where it is when the zoom changes.
        var cx = vp.scrollWidth ? (vp.scrollLeft + vp.clientWidth / 2) / vp.scrollWidth : 0.5;
        var cy = vp.scrollHeight ? (vp.scrollTop + vp.clientHeight / 2) / vp.scrollHeight : 0.5;
        if (before === 'fit') { cx = 0.5; cy = 0.5; }
        this.zoom = String(zoom);
        this.layoutView();
        if (scroll) { vp.scrollLeft = scroll[0]; vp.scrollTop = scroll[1]; }
        else if (this.zoom !== 'fit') {
          vp.scrollLeft = cx * vp.scrollWidth - vp.clientWidth / 2;
          vp.scrollTop = cy * vp.scrollHeight - vp.clientHeight / 2;
        }
        this.section.setAttribute('data-zoom', this.zoom);
        this.pressed('zoom', 'data-zoom', this.zoom);
      };

      Player.prototype.layoutView = function () {
        var box = this.fitBox(), w = this.scene.width || 390, hgt = this.scene.height || 844;
        var factor = this.zoom === 'fit' ? Math.min(box.w / w, box.h / hgt) : +this.zoom;
        this.viewport.style.width = box.w + 'px';
        this.viewport.style.height = box.h + 'px';
        this.img.style.width = (w * factor) + 'px';
        this.img.style.height = (hgt * factor) + 'px';
        this.viewport.className = 'segue-viewport segue-zoom-' + this.zoom + (factor >= 1.5 ? ' segue-pixelated' : '');
        this.section.style.setProperty('--segue-box', box.w + 'px');
      };

      // Panning a zoomed frame by dragging (the scrollbars and the wheel scroll it natively).
      Player.prototype.dragStart = function (event) {
        if (this.zoom === 'fit' || event.button !== 0) return;
        var vp = this.viewport;
        if (vp.scrollWidth <= vp.clientWidth && vp.scrollHeight <= vp.clientHeight) return;
        this.drag = { x: event.clientX, y: event.clientY, left: vp.scrollLeft, top: vp.scrollTop };
        vp.setPointerCapture(event.pointerId);
        vp.classList.add('segue-dragging');
        event.preventDefault();
      };
      Player.prototype.dragMove = function (event) {
        if (!this.drag) return;
        this.viewport.scrollLeft = this.drag.left - (event.clientX - this.drag.x);
        this.viewport.scrollTop = this.drag.top - (event.clientY - this.drag.y);
      };
      Player.prototype.dragEnd = function () {
        if (!this.drag) return;
        this.drag = null;
        this.viewport.classList.remove('segue-dragging');
      };

      Player.prototype.state = function () {
        return { frame: this.frame, media: this.playing ? this.media : null, playing: this.playing, speed: this.speed,
          zoom: this.zoom, loop: this.loop, plotOpen: this.plotOpen,
          scroll: this.zoom === 'fit' ? null : [this.viewport.scrollLeft, this.viewport.scrollTop],
          focused: this.section.contains(document.activeElement) };
      };

      // ---------------------------------------------------------------- page

      /** One requestAnimationFrame loop drives every playing player. */
      function startTicker() {
        if (page.ticking) return;
        page.ticking = true;
        requestAnimationFrame(function loop(now) {
          var any = false;
          page.players.forEach(function (p) {
            if (!p.playing) return;
            p.tick(Math.max(now, 0));
            any = any || p.playing;
          });
          if (any) requestAnimationFrame(loop); else page.ticking = false;
        });
      }

      function showErrors(errors) {
        var key = JSON.stringify([errors, page.players.length > 0]);     // unchanged: leave the banner (and any selection) alone
        if (key === page.errors) return;
        page.errors = key;
        var banner = document.getElementById('segue-errors');
        if (!banner) return;
        banner.textContent = '';
        banner.hidden = !errors.length;
        banner.setAttribute('role', 'alert');
        if (!errors.length) return;
        banner.appendChild(h('strong', { text: errors.length === 1 ? '1 problem' : errors.length + ' problems' }));
        if (page.players.length) banner.appendChild(h('span', { 'class': 'segue-errors-note', text: ' · showing the last good render' }));
        banner.appendChild(h('ul', {}, errors.map(function (e) { return h('li', { text: String(e) }); })));
      }

      function build(data, saved) {
        var main = document.getElementById('segue-players');
        var layout = document.body.getAttribute('data-layout') === 'gallery' ? 'gallery' : 'preview';
        var focused = null;
        page.players.forEach(function (p) { p.playing = false; });
        main.textContent = '';
        page.players = (data.scenes || []).map(function (scene, i) {
          var player = new Player(scene, i, layout, data.version, !!data.live, saved[scene.name]);
          main.appendChild(player.section);
          player.layoutView();
          if (saved[scene.name] && saved[scene.name].scroll) player.setZoom(player.zoom, saved[scene.name].scroll);
          if (saved[scene.name] && saved[scene.name].focused) focused = player;
          return player;
        });
        window.seguePlayers = page.players;
        if (!page.players.length) main.appendChild(h('p', { 'class': 'segue-empty', text: 'No scenes to show.' }));
        var first = focused || (Object.keys(saved).length ? null : page.players[0]);
        if (first) first.section.focus({ preventScroll: true });
      }

      function liveStamp(errors) {
        var header = document.querySelector('header');
        if (!header) return;
        var stamp = header.querySelector('.segue-live');
        if (!page.live) { if (stamp) stamp.remove(); return; }
        if (!stamp) { stamp = h('p', { 'class': 'segue-live', title: 'reloads ' + page.live.script + ' every ' + page.live.interval + ' ms' }); header.appendChild(stamp); }
        var d = page.updated || new Date(), pad = function (n) { return (n < 10 ? '0' : '') + n; };
        stamp.textContent = 'live · updated ' + pad(d.getHours()) + ':' + pad(d.getMinutes()) + ':' + pad(d.getSeconds());
        stamp.classList.toggle('segue-live-error', errors.length > 0);
      }

      /** Live mode: re-insert the data script every interval; it calls segueData again. */
      function setupLive(live) {
        page.live = live && live.script ? live : null;
        if (!page.live) { clearTimeout(page.liveTimer); page.liveTimer = 0; return; }
        if (page.liveTimer) return;
        var poll = function () {
          var script = document.createElement('script');
          script.src = page.live.script + (page.live.script.indexOf('?') < 0 ? '?' : '&') + 't=' + Date.now();
          script.onload = script.onerror = function () { script.remove(); };   // a missing file: silently retry next tick
          if (page.liveScript) page.liveScript.remove();
          page.liveScript = script;
          document.body.appendChild(script);
          page.liveTimer = page.live ? setTimeout(poll, Math.max(100, +page.live.interval || 500)) : 0;
        };
        page.liveTimer = setTimeout(poll, Math.max(100, +live.interval || 500));
      }

      /** The page's entry point: called with the data by the page (and again in live mode). */
      function segueData(data) {
        try {
          data = data || {};
          var errors = (data.errors || []).map(String);
          setupLive(data.live);
          var fresh = page.version === undefined || data.version !== page.version;
          var keepOld = fresh && page.players.length && errors.length && !(data.scenes || []).length;
          if (fresh && !keepOld) {
            var saved = {};
            page.players.forEach(function (p) { saved[p.scene.name] = p.state(); });
            build(data, saved);
            page.updated = new Date();
          }
          if (fresh) page.version = data.version;
          showErrors(errors);
          liveStamp(errors);
        } catch (error) {
          showErrors(((data && data.errors) || []).concat(['player: ' + (error && error.message)]));
          console.error(error);
        }
      }

      window.addEventListener('resize', function () { page.players.forEach(function (p) { p.layoutView(); }); });

      // A live page whose data script was missing when it opened (mid-write): keep asking for it.
      window.addEventListener('load', function () {
        if (page.version !== undefined) return;
        var tag = document.querySelector('body > script[src]');
        if (tag) setupLive({ script: tag.getAttribute('src').split('?')[0], interval: 500 });
      });

      window.segueData = segueData;
      window.seguePlot = seguePlot;
      window.seguePlayers = page.players;
    })();
    """##
}
