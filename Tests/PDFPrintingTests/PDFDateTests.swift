import Testing

@testable import PDFPrinting

@Suite struct PDFDateTests {
  @Test func fourteenDigitsReadAndWriteBack() {
    let date = PDFDate("20260307080910")
    #expect(date == PDFDate(year: 2026, month: 3, day: 7, hour: 8, minute: 9, second: 10))
    #expect(date?.digits == "20260307080910")
    #expect(PDFDate(year: 12, month: 1, day: 2)?.digits == "00120102000000")
  }

  @Test(arguments: ["2026030708091", "20261307080910", "2026030708091x", "20260307250000", ""])
  func otherTextIsNoDate(_ text: String) {
    #expect(PDFDate(text) == nil)
  }
}
