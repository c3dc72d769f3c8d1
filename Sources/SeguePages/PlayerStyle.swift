/// The player's style sheet, embedded in each page with its script.
enum PlayerStyle {
  static let source = ##"""
    /* Segue frame player: dark, in the manner of Apple's design tools. Embedded verbatim. */
    :root {
      --bg: #1c1c1e;
      --card: #242426;
      --raised: #2c2c2e;
      --control: #3a3a3c;
      --control-hover: #48484a;
      --separator: #38383a;
      --text: #f2f2f7;
      --secondary: #98989f;
      --tertiary: #636366;
      --accent: #0a84ff;
      --red: #ff453a;
      --green: #30d158;
    }

    /* Only the player's own pages are dark: a page that embeds its plots (the check report) keeps its scheme. */
    body.segue-page, body.segue-page * { box-sizing: border-box; }

    body.segue-page {
      color-scheme: dark;
      margin: 0;
      padding: 28px 32px 48px;
      background: var(--bg);
      color: var(--text);
      font: 13px/1.4 system-ui, -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", Roboto, sans-serif;
      -webkit-font-smoothing: antialiased;
    }

    /* ---------------------------------------------------------------- header and banner */

    body.segue-page > header {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 4px 14px;
      margin: 0 auto 20px;
      max-width: 1360px;
    }
    body.segue-page > header h1 { margin: 0; font-size: 22px; font-weight: 650; letter-spacing: -0.01em; }
    .segue-subtitle { margin: 0; color: var(--secondary); flex: 1 1 auto; }

    .segue-live {
      margin: 0;
      padding: 3px 10px 3px 8px;
      border-radius: 999px;
      background: var(--raised);
      color: var(--secondary);
      font-size: 12px;
      font-variant-numeric: tabular-nums;
    }
    .segue-live::before {
      content: "";
      display: inline-block;
      width: 7px; height: 7px;
      margin-right: 6px;
      border-radius: 50%;
      background: var(--green);
      box-shadow: 0 0 6px var(--green);
      vertical-align: 1px;
    }
    .segue-live.segue-live-error::before { background: var(--red); box-shadow: 0 0 6px var(--red); }

    #segue-errors {
      max-width: 1360px;
      margin: 0 auto 20px;
      padding: 12px 16px;
      border: 1px solid rgba(255, 69, 58, 0.55);
      border-left-width: 4px;
      border-radius: 10px;
      background: rgba(255, 69, 58, 0.13);
      color: #ffb4ae;
    }
    #segue-errors[hidden] { display: none; }
    #segue-errors strong { color: #ff6961; font-weight: 650; }
    #segue-errors strong::before { content: "⚠\FE0E  "; }
    .segue-errors-note { color: var(--secondary); }
    #segue-errors ul { margin: 6px 0 0; padding-left: 20px; }
    #segue-errors li { font: 12px/1.5 ui-monospace, "SF Mono", Menlo, Consolas, monospace; color: #ffd0cc; }

    /* ---------------------------------------------------------------- players */

    #segue-players { max-width: 1360px; margin: 0 auto; display: grid; gap: 20px; }
    .segue-empty { color: var(--secondary); }

    .segue-player {
      display: grid;
      grid-template-columns: max-content minmax(0, 1fr);
      grid-template-areas: "head head" "stage plot";
      gap: 14px 28px;
      align-items: start;
      padding: 18px 22px 20px;
      border: 1px solid var(--separator);
      border-radius: 14px;
      background: var(--card);
      box-shadow: 0 1px 0 rgba(255, 255, 255, 0.03) inset, 0 8px 24px rgba(0, 0, 0, 0.25);
      outline: none;
      transition: border-color 0.15s;
    }
    .segue-player:focus-within { border-color: rgba(10, 132, 255, 0.7); }

    .segue-head { grid-area: head; display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 12px; min-width: 0; }
    .segue-name { margin: 0; font-size: 15px; font-weight: 650; }
    .segue-caption { margin: 0; color: var(--secondary); flex: 1 1 auto; }
    .segue-meta { margin: 0; color: var(--tertiary); font-size: 11px; font-variant-numeric: tabular-nums; }

    .segue-stage { grid-area: stage; display: flex; flex-direction: column; align-items: stretch; gap: 10px; min-width: 330px; }

    /* The frame view: the image fits (or is zoomed and panned) inside a fixed box. */
    .segue-viewport {
      display: flex;
      align-self: center;
      overflow: auto;
      border-radius: 10px;
      background:
        repeating-conic-gradient(#2a2a2c 0% 25%, #232325 0% 50%) 0 0 / 16px 16px;
      box-shadow: 0 0 0 1px var(--separator);
      scrollbar-width: thin;
      scrollbar-color: var(--tertiary) transparent;
      user-select: none;
      -webkit-user-select: none;
    }
    .segue-viewport.segue-zoom-fit { overflow: hidden; }
    .segue-viewport:not(.segue-zoom-fit) { cursor: grab; }
    .segue-viewport.segue-dragging { cursor: grabbing; }
    .segue-viewport.segue-pixelated .segue-frame { image-rendering: pixelated; }
    .segue-frame { display: block; flex: none; margin: auto; max-width: none; -webkit-user-drag: none; }

    /* Scrubber: a custom range so the lift marker lines up with the thumb (14 px wide). */
    .segue-scrub { position: relative; height: 20px; }
    .segue-scrubber {
      -webkit-appearance: none;
      appearance: none;
      display: block;
      width: 100%;
      height: 20px;
      margin: 0;
      background: transparent;
      cursor: pointer;
    }
    .segue-scrubber:focus { outline: none; }
    .segue-scrubber::-webkit-slider-runnable-track {
      height: 4px;
      border-radius: 2px;
      background: linear-gradient(90deg, #8e8e93 0 var(--fill, 0%), var(--control) var(--fill, 0%));
    }
    .segue-scrubber::-moz-range-track { height: 4px; border-radius: 2px; background: var(--control); }
    .segue-scrubber::-webkit-slider-thumb {
      -webkit-appearance: none;
      width: 14px; height: 14px;
      margin-top: -5px;
      border-radius: 50%;
      background: var(--text);
      box-shadow: 0 1px 3px rgba(0, 0, 0, 0.5);
    }
    .segue-scrubber::-moz-range-thumb { width: 14px; height: 14px; border: 0; border-radius: 50%; background: var(--text); }
    .segue-scrubber:focus-visible::-webkit-slider-thumb { box-shadow: 0 0 0 3px rgba(10, 132, 255, 0.6); }
    .segue-lift-marker {
      position: absolute;
      top: 2px;
      width: 2px; height: 16px;
      margin-left: -1px;
      border-radius: 1px;
      background: #ff9f0a;
      pointer-events: none;
    }
    .segue-lift-marker::after {
      content: "";
      position: absolute;
      top: -5px; left: -3px;
      border: 4px solid transparent;
      border-top: 5px solid #ff9f0a;
    }

    .segue-transport, .segue-options { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
    .segue-readout {
      margin-left: auto;
      color: var(--secondary);
      font: 12px ui-monospace, "SF Mono", Menlo, Consolas, monospace;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .segue-lift {
      margin: 0;
      padding: 6px 10px;
      border-radius: 8px;
      background: rgba(255, 159, 10, 0.12);
      color: #ffc66b;
      font-size: 12px;
    }

    /* Buttons, segmented groups. */
    .segue-btn {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 5px;
      min-width: 28px;
      height: 26px;
      padding: 0 9px;
      border: 0;
      border-radius: 7px;
      background: var(--control);
      color: var(--text);
      font: 500 12px system-ui, -apple-system, sans-serif;
      font-variant-numeric: tabular-nums;
      cursor: pointer;
    }
    .segue-btn:hover { background: var(--control-hover); }
    .segue-btn:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
    .segue-btn svg { width: 14px; height: 14px; fill: currentColor; }
    .segue-btn[aria-pressed="true"] { background: #636366; }
    .segue-btn[data-action="loop"][aria-pressed="true"], .segue-btn[data-action="plot"][aria-pressed="true"] { color: #64d2ff; }
    .segue-btn[data-action="loop"][aria-pressed="false"], .segue-btn[data-action="plot"][aria-pressed="false"] { color: var(--secondary); }
    .segue-play { width: 40px; height: 30px; border-radius: 15px; background: var(--accent); font-size: 13px; }
    .segue-play:hover { background: #409cff; }

    .segue-group { display: inline-flex; padding: 2px; border-radius: 8px; background: #2c2c2e; box-shadow: 0 0 0 1px var(--separator); }
    .segue-group .segue-btn { height: 22px; min-width: 0; padding: 0 8px; background: transparent; color: var(--secondary); border-radius: 6px; }
    .segue-group .segue-btn:hover { color: var(--text); }
    .segue-group .segue-btn[aria-pressed="true"] { background: #5a5a5e; color: var(--text); box-shadow: 0 1px 2px rgba(0, 0, 0, 0.35); }

    /* ---------------------------------------------------------------- timing plot */

    .segue-plot-wrap { grid-area: plot; min-width: 0; max-width: 780px; }
    .segue-plot-wrap[hidden] { display: none; }
    .segue-plot { display: block; width: 100%; height: auto; overflow: visible; font: 10.5px system-ui, -apple-system, sans-serif; cursor: crosshair; user-select: none; -webkit-user-select: none; }
    .segue-plot-bg { fill: #1f1f21; stroke: var(--separator); stroke-width: 1; }
    .segue-after-end { fill: rgba(255, 255, 255, 0.025); }
    .segue-grid { stroke: #4a4a4e; stroke-width: 1; }
    .segue-grid-half { stroke: #333336; stroke-width: 1; stroke-dasharray: 2 3; }
    .segue-grid-t { stroke: #2e2e31; stroke-width: 1; }
    .segue-axis { fill: var(--secondary); font-variant-numeric: tabular-nums; }
    .segue-lane-label { fill: var(--text); font-weight: 600; paint-order: stroke; stroke: #1f1f21; stroke-width: 3px; stroke-linejoin: round; }
    .segue-run-band { fill: var(--c); opacity: 0.07; }
    .segue-curve { fill: none; stroke: var(--c); stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
    .segue-curve-hit { fill: none; stroke: transparent; stroke-width: 12; pointer-events: stroke; }
    .segue-sample { fill: var(--c); stroke: #1f1f21; stroke-width: 0.8; }
    .segue-sample.segue-current { stroke: #fff; stroke-width: 1.6; r: 4px; }
    .segue-plot-multiple .segue-sample.segue-current { r: 3px; }
    .segue-before .segue-curve { stroke-width: 1.6; opacity: 0.55; filter: saturate(0.35); }
    .segue-track { transition: opacity 0.12s; }
    .segue-hl .segue-track:not(.segue-hl-on), .segue-hl .segue-bar:not(.segue-hl-on) { opacity: 0.22; }
    .segue-hl .segue-hl-on .segue-curve { stroke-width: 3; }
    .segue-settle { stroke: var(--c); stroke-width: 1.5; }
    .segue-settle-label, .segue-peak { fill: var(--c); font-size: 10px; font-variant-numeric: tabular-nums; }
    .segue-cursor { stroke: #f2f2f7; stroke-width: 1.25; opacity: 0.9; pointer-events: none; }
    .segue-lift-line { stroke: #ff9f0a; stroke-width: 1.25; }
    .segue-lift-label { fill: #ff9f0a; font-size: 10px; }
    .segue-bar-rail { stroke: #2e2e31; stroke-width: 4; stroke-linecap: round; }
    .segue-bar-run { stroke: var(--c); stroke-width: 4; stroke-linecap: round; }
    .segue-bar-settle { stroke: var(--c); stroke-width: 1.5; stroke-dasharray: 2 3; opacity: 0.7; }
    .segue-bar-key { stroke: var(--c); stroke-width: 1.5; }

    .segue-legend { display: flex; flex-direction: column; gap: 5px; margin: 10px 0 0; padding: 0; list-style: none; }
    .segue-legend li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 10px; padding: 3px 6px; border-radius: 6px; }
    .segue-legend li.segue-hl-on { background: var(--raised); }
    .segue-legend-key { color: var(--secondary); }
    .segue-swatch { flex: none; width: 16px; height: 0; border-top: 2.5px solid var(--c, var(--text)); align-self: center; }
    .segue-swatch-before { border-top-style: dashed; opacity: 0.55; }
    .segue-legend-label { font-weight: 600; }
    .segue-legend-desc { color: var(--secondary); font-size: 12px; font-variant-numeric: tabular-nums; }
    .segue-legend-before { opacity: 0.7; }
    .segue-legend-compare .segue-legend-desc { flex-basis: 100%; padding-left: 26px; }
    .segue-before .segue-settle { stroke-dasharray: 2 2; opacity: 0.55; }
    .segue-before .segue-settle-label { opacity: 0.6; }

    /* ---------------------------------------------------------------- gallery */

    body[data-layout="gallery"] #segue-players {
      grid-template-columns: repeat(auto-fill, minmax(250px, 1fr));
      gap: 16px;
      align-items: start;
    }
    body[data-layout="gallery"] .segue-player {
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: "head" "stage";
      gap: 10px;
      padding: 14px 14px 16px;
    }
    body[data-layout="gallery"] .segue-player.segue-plot-open {
      grid-column: 1 / -1;
      grid-template-columns: max-content minmax(0, 1fr);
      grid-template-areas: "head head" "stage plot";
      gap: 10px 24px;
    }
    body[data-layout="gallery"] .segue-head { flex-direction: column; align-items: flex-start; gap: 1px; }
    body[data-layout="gallery"] .segue-name { font-size: 13px; }
    body[data-layout="gallery"] .segue-caption { font-size: 11.5px; }
    body[data-layout="gallery"] .segue-stage { min-width: 0; width: 100%; max-width: 260px; margin: 0 auto; gap: 8px; }
    body[data-layout="gallery"] .segue-plot-open .segue-stage { width: 250px; margin: 0; }
    body[data-layout="gallery"] .segue-transport, body[data-layout="gallery"] .segue-options { gap: 5px; justify-content: center; }
    body[data-layout="gallery"] .segue-readout { order: -1; flex-basis: 100%; margin: -2px 0 2px; text-align: center; font-size: 11px; }
    body[data-layout="gallery"] .segue-btn { height: 24px; padding: 0 7px; }
    body[data-layout="gallery"] .segue-group .segue-btn { height: 20px; padding: 0 5px; font-size: 11px; }
    body[data-layout="gallery"] .segue-play { width: 34px; height: 26px; }
    body[data-layout="gallery"] .segue-btn[data-action="loop"] span,
    body[data-layout="gallery"] .segue-btn[data-action="plot"] span { font-size: 11px; }

    /* ---------------------------------------------------------------- narrow windows: plot below */

    @media (max-width: 860px) {
      body.segue-page { padding: 18px 14px 32px; }
      .segue-player, body[data-layout="gallery"] .segue-player.segue-plot-open {
        grid-template-columns: minmax(0, 1fr);
        grid-template-areas: "head" "stage" "plot";
      }
      .segue-stage { min-width: 0; }
      .segue-plot-wrap { max-width: none; }
    }
    """##
}
