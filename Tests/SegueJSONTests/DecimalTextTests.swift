import Testing

@testable import SegueJSON

/// Numbers in messages: rounded once, half away from zero, from the decimal a person wrote.
struct DecimalTextTests {
  @Test(arguments: [
    (0.345, 2, "0.35"), (0.285, 2, "0.29"), (0.145, 2, "0.15"), (0.715, 2, "0.72"), (1.005, 2, "1.01"),
    (2.85497460988876, 2, "2.85"), (0.1049, 2, "0.10"), (46.4, 2, "46.40"), (0.3, 2, "0.30"), (1e-7, 2, "0.00"),
    (999.995, 2, "1000.00"), (-0.004, 2, "0.00"), (-1.5, 0, "-2"), (0.5, 0, "1"), (123456.789, 1, "123456.8"),
    (1e20, 0, "100000000000000000000"), (0, 3, "0.000"), (9.5, 0, "10"), (-2.675, 2, "-2.68"),
  ])
  func fixedRoundsTheWrittenDecimalOnce(value: Double, decimals: Int, expected: String) {
    #expect(DecimalText.fixed(value, decimals) == expected)
  }

  @Test func shortDropsTrailingZeros() {
    #expect(DecimalText.short(2.85497, 2) == "2.85")
    #expect(DecimalText.short(0.3, 2) == "0.3")
    #expect(DecimalText.short(1.0, 2) == "1")
    #expect(DecimalText.short(1.004, 2) == "1")
    #expect(DecimalText.short(-0.001, 2) == "0")
  }

  /// Options are read as the decimals people write; Double(String) would also take 0x10 as 16.
  @Test func numberReadsOnlyDecimals() {
    for (text, value) in [("12", 12.0), ("-0.5", -0.5), (".5", 0.5), ("5.", 5), ("2e-3", 0.002), ("+1", 1)] {
      #expect(DecimalText.number(text) == value, "\(text)")
    }
    for text in ["0x10", "0x1p3", "inf", "-infinity", "nan", "", "-", ".", "1e", "1.2.3", " 1", "1 ", "1e400", "1_0"] {
      #expect(DecimalText.number(text) == nil, "\(text)")
    }
  }
}
