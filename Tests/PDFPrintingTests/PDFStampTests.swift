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

  @Test func structureNamesAreNumberedByRankWhateverTheBrowserStartedFrom() {
    func padded(_ number: Int) -> String {
      String(repeating: "0", count: 8 - String(number).count) + String(number)
    }
    func tree(_ numbers: [Int]) -> [UInt8] {
      let elements = numbers.map { "<</S /P /ID (node\(padded($0)))>>" }.joined(
        separator: "\n")
      let keys = Set(numbers).sorted().map { "(node\(padded($0))) 9 0 R" }.joined(
        separator: " ")
      return Array("\(elements)\n<</Names [\(keys)]>>".utf8)
    }
    let first = PDFStamp.stamped(tree([278, 279, 280, 278, 6678]), date: date)
    // One node more before the page: every number one higher.
    #expect(first == PDFStamp.stamped(tree([279, 280, 281, 279, 6679]), date: date))
    #expect(first.count == tree([278, 279, 280, 278, 6678]).count)
    #expect(
      String(decoding: first, as: UTF8.self).hasPrefix(
        "<</S /P /ID (node00000001)>>\n<</S /P /ID (node00000002)>>"))
    // Another structure is still another file.
    #expect(first != PDFStamp.stamped(tree([278, 280, 279, 278, 6678]), date: date))
    // Not a structure name: left alone.
    let text = Array("(node) (nodes) (node12a)".utf8)
    #expect(PDFStamp.stamped(text, date: date) == text)
  }
}
