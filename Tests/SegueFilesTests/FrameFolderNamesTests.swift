import SegueFiles
import Testing

/// Frame numbers come from file names, which are untrusted input: only the name Segue gives a
/// frame, with a number that no arithmetic can overflow, is read as that frame.
struct FrameFolderNamesTests {
  @Test func theNameOfAFrameIsReadBack() {
    #expect(FrameFolderNames.index(of: "frame_0000.png") == 0)
    #expect(FrameFolderNames.index(of: "frame_0007.png") == 7)
    #expect(FrameFolderNames.index(of: "frame_14400.png") == 14_400)
    #expect(FrameFolderNames.index(of: "frame_99999999.png") == 99_999_999)
    for index in [0, 9, 10, 999, 1_000, 9_999, 10_000, 123_456, FrameFolderNames.maxIndex] {
      #expect(FrameFolderNames.index(of: FrameFolderNames.frame(index)) == index)
    }
  }

  @Test func otherNamesAreNoFrame() {
    for name in [
      "frame_9223372036854775807.png", "frame_9223372036854775808.png", "frame_99999999999999999999.png",
      "frame_100000000.png", "frame_00007.png", "frame_007.png", "frame_7.png", "frame_.png", "frame_-001.png",
      "frame_+001.png", "frame_0001.PNG", "frame_0x10.png", "frame_１２３４.png",
    ] {
      #expect(FrameFolderNames.index(of: name) == nil, "\(name)")
    }
  }
}
