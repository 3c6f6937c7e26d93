import Diagnostics
import TOML
import YAML

/// A page's front matter split from its Markdown body.
///
/// YAML between `---` lines, TOML between `+++` lines (Hugo), or a JSON object starting with
/// `{` on the first line; all three read into one `YAMLValue` tree. The body keeps its line
/// offset so that Markdown positions point into the original file.
struct FrontMatter {
  /// The parsed metadata (an empty mapping when the file has none).
  var value: YAMLValue
  /// The Markdown after the front matter.
  var body: ArraySlice<UInt8>
  /// How many lines precede the body in the file.
  var bodyLineOffset: Int

  static func split(_ bytes: [UInt8], path: String) throws -> FrontMatter {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    let lines = LineCursor(bytes: bytes, start: start)
    if lines.line(at: start, is: "---") {
      // YAML: up to the next line that is exactly `---` or `...`.
      var offset = lines.nextLineStart(after: start)
      var lineNumber = 2
      while offset < bytes.count {
        if lines.line(at: offset, is: "---") || lines.line(at: offset, is: "...") {
          let yaml = bytes[lines.nextLineStart(after: start)..<offset]
          try checkSize(yaml.count, path: path)
          let value = try YAMLParser().parse(Array(yaml), path: path, lineOffset: 1)
          let bodyStart = lines.nextLineStart(after: offset)
          return FrontMatter(
            value: value.isNull ? YAMLValue(.mapping(YAMLMapping())) : value, body: bytes[bodyStart...],
            bodyLineOffset: lineNumber)
        }
        offset = lines.nextLineStart(after: offset)
        lineNumber += 1
      }
      throw ContentProblem.frontMatterNeverClosed.error(at: SourceLocation(path: path, line: 1, column: 1))
    }
    if lines.line(at: start, is: "+++") {
      // TOML: up to the next line that is exactly `+++`.
      var offset = lines.nextLineStart(after: start)
      var lineNumber = 2
      while offset < bytes.count {
        if lines.line(at: offset, is: "+++") {
          let toml = bytes[lines.nextLineStart(after: start)..<offset]
          try checkSize(toml.count, path: path)
          let value = try TOMLParser().parse(toml, path: path, lineOffset: 1)
          return FrontMatter(
            value: value, body: bytes[lines.nextLineStart(after: offset)...], bodyLineOffset: lineNumber)
        }
        offset = lines.nextLineStart(after: offset)
        lineNumber += 1
      }
      throw ContentProblem.tomlFrontMatterNeverClosed.error(
        at: SourceLocation(path: path, line: 1, column: 1))
    }
    if start < bytes.count, bytes[start] == UInt8(ascii: "{"), opensJSONObject(bytes, at: start) {
      // JSON: the object ends at the matching brace, outside strings.
      var depth = 0
      var inString = false
      var escaped = false
      var index = start
      var lineNumber = 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x0A { lineNumber += 1 }
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
        } else if byte == UInt8(ascii: "\"") {
          inString = true
        } else if byte == UInt8(ascii: "{") {
          depth += 1
        } else if byte == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 {
            try checkSize(index + 1 - start, path: path)
            let value = try YAMLParser().parse(Array(bytes[start...index]), path: path)
            let bodyStart = lines.nextLineStart(after: index)
            // Hugo reads text after the brace as the body's start; here it would be lost, so
            // it is an error at its place instead.
            if let text = bytes[(index + 1)..<bodyStart].firstIndex(where: {
              ![0x20, 0x09, 0x0D, 0x0A].contains($0)
            }) {
              let lineStart = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
              throw ContentProblem.textAfterJSONFrontMatter.error(
                at: SourceLocation(path: path, line: lineNumber, column: text - lineStart + 1))
            }
            return FrontMatter(value: value, body: bytes[bodyStart...], bodyLineOffset: lineNumber)
          }
        }
        index += 1
      }
      throw ContentProblem.jsonFrontMatterNeverClosed.error(
        at: SourceLocation(path: path, line: 1, column: 1))
    }
    return FrontMatter(value: YAMLValue(.mapping(YAMLMapping())), body: bytes[start...], bodyLineOffset: 0)
  }

  /// Whether the `{` at `start` opens a JSON object: the next byte that is not white space is
  /// `"` or `}`. A page that starts with a Hugo shortcode (`{{< figure >}}`), a Liquid tag
  /// (`{% include %}`) or an attribute list is Markdown, not front matter.
  private static func opensJSONObject(_ bytes: [UInt8], at start: Int) -> Bool {
    var index = start + 1
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "}"))
  }

  /// Throws at the front matter's first line when it is longer than ``Limits/frontMatterBytes``,
  /// before it is parsed: its YAML tree takes many times its size in memory.
  private static func checkSize(_ count: Int, path: String) throws {
    guard count <= Limits.frontMatterBytes else {
      throw LimitExceeded.frontMatterBytes(count).error(at: SourceLocation(path: path, line: 1, column: 1))
    }
  }
}

/// Reads lines of a byte buffer without copying it.
struct LineCursor {
  let bytes: [UInt8]
  let start: Int

  func nextLineStart(after offset: Int) -> Int {
    var index = offset
    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    return min(index + 1, bytes.count)
  }

  /// Whether the line at `offset` is `marker` (ASCII) followed by nothing but spaces, tabs and
  /// carriage returns; compared in bytes, without making a string of every line of the front
  /// matter.
  func line(at offset: Int, is marker: StaticString) -> Bool {
    var end = offset
    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
    while end > offset, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D {
      end -= 1
    }
    let expected = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
    return bytes[offset..<end].elementsEqual(expected)
  }
}
