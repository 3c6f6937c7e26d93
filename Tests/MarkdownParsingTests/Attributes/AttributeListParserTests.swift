import RichText
import Testing

@testable import MarkdownParsing

/// The JSON5 reader behind extended attributes, on its own: what it accepts, where it stops,
/// and what it refuses.
@Suite struct AttributeListParserTests {
  private func parse(_ source: String) -> CustomAttributes? {
    AttributeListParser.parseComplete(Array(source.utf8))
  }

  /// Parses `source` up to its `)` and returns the attributes and what follows the `)`.
  private func parenthesised(_ source: String) -> (CustomAttributes, String)? {
    let bytes = Array(source.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      AttributeListParser.parseParenthesised(buffer, from: 0, limit: buffer.count).map {
        ($0.attributes, String(decoding: bytes[$0.end...], as: UTF8.self))
      }
    }
  }

  @Test func stopsJustAfterTheClosingParenthesis() {
    let result = parenthesised("a: ')', b: [')'] ) rest)")
    #expect(result?.0 == CustomAttributes([("a", .string(")")), ("b", .array([.string(")")]))]))
    #expect(result?.1 == " rest)")
  }

  @Test func readsNoFurtherThanItsLimit() {
    let bytes = Array("a: 1) b".utf8)
    let result = bytes.withUnsafeBufferPointer {
      AttributeListParser.parseParenthesised($0, from: 0, limit: 4)
    }
    #expect(result == nil)
  }

  @Test func stringEscapes() {
    #expect(parse(#"s: 'a\'b\"c\\d\n\t\x41\u00e9\uD83D\uDE00\/'"#)?["s"] == .string("a'b\"c\\d\n\tAé😀/"))
    #expect(parse("s: 'line\\\ncontinued'")?["s"] == .string("linecontinued"))
    #expect(parse(#"s: '\0'"#)?["s"] == .string("\u{0}"))
    #expect(parse(#"s: '\1'"#) == nil)
    #expect(parse(#"s: '\x4'"#) == nil)
    #expect(parse("s: 'raw\nnewline'") == nil)
  }

  @Test func curledQuotesCloseOnlyCurledQuotesOfTheirFamily() {
    #expect(parse("s: ‘it's’")?["s"] == .string("it's"))
    #expect(parse("s: “say ‘hi’”")?["s"] == .string("say ‘hi’"))
    #expect(parse("s: 'x’") == nil)
  }

  @Test func numbers() {
    #expect(
      parse("a: 0, b: -1.5, c: 1e3, d: 2E-2, e: 5., f: 0xFF, g: -Infinity")
        == CustomAttributes([
          ("a", .number(0)), ("b", .number(-1.5)), ("c", .number(1000)), ("d", .number(0.02)),
          ("e", .number(5)), ("f", .number(255)), ("g", .number(-.infinity)),
        ]))
    for invalid in ["a: 01", "a: 0x", "a: 1e", "a: .", "a: +", "a: Inf"] {
      #expect(parse(invalid) == nil, "\(invalid)")
    }
  }

  @Test func keysAreIdentifiersOrStrings() {
    #expect(
      parse("ünï_cøde$: 1, 'quoted key': 2, \"k\": 3, true: 4, \\u0061b: 5")
        == CustomAttributes([
          ("ünï_cøde$", .number(1)), ("quoted key", .number(2)), ("k", .number(3)), ("true", .number(4)),
          ("ab", .number(5)),
        ]))
    for invalid in ["1a: 1", "a-b: 1", ": 1", "a 1", "a: 1 b: 2"] {
      #expect(parse(invalid) == nil, "\(invalid)")
    }
  }

  @Test func commentsAndUnicodeSpaceAreWhiteSpace() {
    #expect(
      parse("/* c */ a /* c */ : // line\n 1\u{00A0},\u{3000}") == CustomAttributes([("a", .number(1))]))
    #expect(parse("a: 1 /* unterminated") == nil)
  }

  @Test func emptyListsAreRefusedButEmptyContainersAreValues() {
    #expect(parse("") == nil)
    #expect(parse(" , ") == nil)
    #expect(
      parse("a: {}, b: []") == CustomAttributes([("a", .object(CustomAttributes([]))), ("b", .array([]))]))
    #expect(parse("a: [,]") == nil)
    #expect(parse("a: {,}") == nil)
  }

  @Test func repeatedKeysAreKeptAndTheLastOneWins() {
    let attributes = parse("a: 1, a: 2")
    #expect(attributes?.entries.count == 2)
    #expect(attributes?["a"] == .number(2))
  }

  @Test func nestingDeeperThanTheCapIsRefusedWithoutCrashing() {
    let depth = AttributeListParser.maximumDepth
    #expect(parse("a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) != nil)
    let deep = 100_000
    #expect(parse("a: " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep)) == nil)
  }
}
