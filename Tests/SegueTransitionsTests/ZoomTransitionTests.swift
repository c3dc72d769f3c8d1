import Foundation
import Testing

@testable import SegueRaster
@testable import SegueRender
@testable import SegueTransitions
import SegueGeometry

struct ZoomTransitionTests {
  let present = #"{"type": "zoom", "duration": 1, "curve": "linear", "sourceFrame": [10, 10, 10, 10]}"#

  @Test func presentGrowsAndFadesInTheSnapshot() throws {
    let loaded = try SceneFixture.scene(transition: present)
    let layers = loaded.transition.animator.layers(at: 0.5)
    // Frame lerp([10, 10, 10, 10], [0, 0, 40, 30], 0.5) = [5, 5, 25, 20], opacity 0.5.
    #expect(
      layers.items.last == .screen(ScreenPlacement(role: .to, frame: Rect(x: 5, y: 5, width: 25, height: 20), opacity: 0.5)))
    let red = SceneFixture.redChannel(loaded, frame: 5)
    #expect(red[15][15] == 128)  // white at opacity 0.5 over black
    #expect(red[2][2] == 0)  // outside the snapshot: `from`
    #expect(red[15][4] == 0 && red[15][5] == 128 && red[15][29] == 128 && red[15][30] == 0)
  }

  @Test func dismissShrinksToTheSourceFrame() throws {
    let loaded = try SceneFixture.scene(transition: present.replacingOccurrences(of: "zoom\"", with: "zoom\", \"operation\": \"dismiss\""))
    let layers = loaded.transition.animator.layers(at: 0.25)
    // lerp([0, 0, 40, 30], [10, 10, 10, 10], 0.25) = [2.5, 2.5, 32.5, 25], opacity 0.75.
    #expect(
      layers.items.last == .screen(ScreenPlacement(role: .from, frame: Rect(x: 2.5, y: 2.5, width: 32.5, height: 25), opacity: 0.75)))
    #expect(loaded.transition.animator.endLayers.items == [.screen(ScreenPlacement(role: .to, frame: Rect(x: 0, y: 0, width: 40, height: 30)))])
  }

  @Test func defaultsFollowTheSeed() throws {
    let presented = try SceneFixture.scene(transition: #"{"type": "zoom"}"#)
    #expect(presented.transition.duration == 0.3 && presented.transition.curve == .bezier(.easeInEaseOut))
    let dismissed = try SceneFixture.scene(transition: #"{"type": "zoom", "operation": "dismiss"}"#)
    #expect(dismissed.transition.curve == .bezier(.easeOut))
  }
}
