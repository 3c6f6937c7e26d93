import Foundation
import Testing

@testable import SiteCommands

/// The JSON reports are written without `JSONSerialization`, and must still be the document it
/// wrote: the same layout, sorted keys, and strings that any JSON reader reads back unchanged.
@Suite struct ReportJSONTests {
  private static let awkward = "a \"quoted\" \\ path/to\n\ttab \u{1}\u{1F} 日本語 🇯🇵 \r\u{8}\u{C}"

  @Test func writesWhatJSONSerializationWrote() throws {
    let value = ReportJSON.object([
      ("status", .string("built")),
      (
        "diagnostics",
        .array([
          .object([("message", .string(Self.awkward)), ("line", .int(7)), ("column", .int(-1))]),
          .object([("notes", .array([.string("one"), .string("two")]))]),
        ])
      ),
      ("empty", .array([])), ("b", .object([])), ("a", .int(0)),
    ])
    let reference: [String: Any] = [
      "status": "built",
      "diagnostics": [
        ["message": Self.awkward, "line": 7, "column": -1] as [String: Any], ["notes": ["one", "two"]],
      ],
      "empty": [Any](), "b": [String: Any](), "a": 0,
    ]
    let expected = try JSONSerialization.data(
      withJSONObject: reference, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    #expect(String(decoding: value.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self) + "\n")
  }

  @Test func timingsReadBackAsTheSecondsTheyWere() throws {
    let seconds = [6.2748e-05, 0.945191274, 1.0, 0, 123_456.5]
    let value = ReportJSON.object(seconds.enumerated().map { ("step \($0.offset)", .double($0.element)) })
    let read = try #require(try JSONSerialization.jsonObject(with: Data(value.bytes)) as? [String: Double])
    #expect(
      read == Dictionary(uniqueKeysWithValues: seconds.enumerated().map { ("step \($0.offset)", $0.element) })
    )
  }

  @Test func aStringReadsBackUnchanged() throws {
    let value = ReportJSON.array([.string(Self.awkward)])
    let read = try #require(try JSONSerialization.jsonObject(with: Data(value.bytes)) as? [String])
    #expect(read == [Self.awkward])
  }
}
