import Foundation
import SegueJSON
import SegueKit
import Testing

/// The player's timing plot: each track's samples are the progress the frames were drawn with,
/// checked here against values worked out by hand from the timing math, not against Segue.
struct TimingPlotTests {
  /// The tracks of a scene's plot, as the page reads them.
  func tracks(_ transition: String, fps: Int, interaction: String? = nil) throws -> [[String: Any]] {
    let loaded = try SceneFixture.scene(fps: fps, transition: transition, interaction: interaction)
    let text = TimingPlot.tracks(loaded).compactText
    return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }

  /// The sample of `track` at `frame`: (time, progress).
  func sample(_ track: [String: Any], _ frame: Int) -> (Double, Double)? {
    let samples = track["samples"] as? [[Double]] ?? []
    guard let row = samples.first(where: { Int($0[0]) == frame }) else { return nil }
    return (row[1], row[2])
  }

  @Test func aBezierTrackSamplesItsCurveAtEachFrame() throws {
    // A fade of 0.5 s, easeInOut, at 8 fps: frame 1 is at t = 0.125 s, x = 0.25, and
    // easeInEaseOut(0.25) = 0.1291619310 (to 10 digits, by 40-digit arithmetic).
    let all = try tracks(#"{"type": "fade", "duration": 0.5, "curve": "easeInOut"}"#, fps: 8)
    let track = try #require(all.first)
    #expect(track["label"] as? String == "to · opacity")
    #expect(track["delay"] as? Double == 0 && track["duration"] as? Double == 0.5)
    let curve = track["curve"] as? [String: Any]
    #expect(curve?["kind"] as? String == "bezier" && curve?["x1"] as? Double == 0.42 && curve?["y2"] as? Double == 1)
    let (time, q) = try #require(sample(track, 1))
    #expect(abs(time - 0.125) < 1e-9)
    #expect(abs(q - 0.129_161_931_0) < 1e-6)
    // Halfway through, the symmetric curve is at 1/2; the last frame is the end state.
    #expect(abs((try #require(sample(track, 2))).1 - 0.5) < 1e-6)
    #expect((try #require(sample(track, 4))).1 == 1)
  }

  @Test func theSystemSpringIsCriticallyDamped() throws {
    // UIKit's system spring: mass 3, stiffness 1000, damping 500 clamped to critical, so
    // x(t) = 1 − e^(−ωt)(1 + ωt) with ω = √(1000 / 3); at t = 1/60 s that is 0.037895.
    let all = try tracks(#"{"type": "fade", "curve": "systemSpring"}"#, fps: 60)
    let track = try #require(all.first)
    let omega = (1000.0 / 3).squareRoot()
    let t = 1.0 / 60
    let (time, q) = try #require(sample(track, 1))
    #expect(abs(time - t) < 1e-6)
    #expect(abs(q - (1 - exp(-omega * t) * (1 + omega * t))) < 1e-6)
    #expect(track["description"] as? String == "system spring")
  }

  @Test func anInteractiveTrackFollowsTheFingerThenTheCompletion() throws {
    // docs/timing.md's example: a fade of 0.5 s scrubbed to 0.4 over 0.25 s, then cancelled over
    // 0.2 s with easeInOut: at 0.1 s q = 0.16 (linear, no easeIn), at 0.25 s 0.4, at 0.35 s
    // 0.4 · (1 − easeInOut(0.5)) = 0.2; the last frame is the start.
    let all = try tracks(
      #"{"type": "fade", "duration": 0.5, "curve": "easeIn"}"#, fps: 60,
      interaction: #"{"scrub": [[0, 0], [0.25, 0.4]], "release": "cancel"}"#)
    let track = try #require(all.first)
    #expect((track["curve"] as? [String: Any])?["kind"] as? String == "scrub")
    #expect(abs((try #require(sample(track, 6))).1 - 0.16) < 1e-6)
    #expect(abs((try #require(sample(track, 15))).1 - 0.4) < 1e-6)
    #expect(abs((try #require(sample(track, 21))).1 - 0.2) < 1e-6)
    #expect((try #require(sample(track, 27))).1 == 0)
    // The curve between frames: at 0.125 s the finger is at 0.2.
    let points = track["points"] as? [[Double]] ?? []
    let near = try #require(points.min { abs($0[0] - 0.125) < abs($1[0] - 0.125) })
    #expect(abs(near[1] - near[0] / 0.25 * 0.4) < 1e-6)
  }

  @Test func aSettlingSpringMarksWhereItSettles() throws {
    // A response spring of 0.3 s, critically damped: ω = 2π / 0.3, within 0.001 of the end when
    // (1 + ωt) e^(−ωt) = 0.001, at ωt = 9.2334, t = 0.44087 s.
    let all = try tracks(
      #"{"type": "fade", "curve": {"spring": {"response": 0.3, "dampingRatio": 1}}}"#, fps: 60)
    let settles = try #require(all.first?["settles"] as? Double)
    #expect(abs(settles - 9.2334 * 0.3 / (2 * Double.pi)) < 1e-3)
  }
}
