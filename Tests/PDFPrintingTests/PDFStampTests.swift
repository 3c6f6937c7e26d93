import Testing

@testable import PDFPrinting

/// The clock Chromium writes, replaced in place.
@Suite struct PDFStampTests {
  private let date = PDFDate("20251231235958")!

  @Test func theDatesBecomeTheGivenOneWithTheSameLength() {
    let pdf = Array(
      "1 0 obj\n<</CreationDate (D:20261206031016+00'00')\n/ModDate (D:20261206031017+00'00')>>".utf8)
    let stamped = PDFStamp.stamped(pdf, date: date)
    #expect(stamped.count == pdf.count)
    #expect(
      String(decoding: stamped, as: UTF8.self)
        == "1 0 obj\n<</CreationDate (D:20251231235958+00'00')\n/ModDate (D:20251231235958+00'00')>>")
  }

  @Test func anIdentifierComesFromTheOtherBytesNotTheOldOne() {
    let first = Array("trailer\n<</Size 3 /ID [<0123456789ABCDEF0123456789ABCDEF> <FFEE>]>>".utf8)
    let second = Array("trailer\n<</Size 3 /ID [<A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5> <0000>]>>".utf8)
    let other = Array("trailer\n<</Size 4 /ID [<0123456789ABCDEF0123456789ABCDEF> <FFEE>]>>".utf8)
    let stamped = PDFStamp.stamped(first, date: date)
    #expect(stamped.count == first.count)
    #expect(stamped == PDFStamp.stamped(second, date: date))
    #expect(stamped != PDFStamp.stamped(other, date: date))
    #expect(PDFStamp.identifierDigits(in: stamped).map(\.count) == [32, 4])
  }

  @Test func aDateThatIsNotDigitsIsLeftAlone() {
    let pdf = Array("/CreationDate (D:2026)".utf8)
    #expect(PDFStamp.stamped(pdf, date: date) == pdf)
  }
}
