import Foundation

/// How the output of a build differs from a fresh build's, told briefly: the first differing
/// path with the text around its first differing byte, or the first differing warning or error.
enum OutputComparison {
  /// What differs between `fresh` and `other` (made by the build `name` names); nil when
  /// nothing does.
  static func difference(fresh: BuildOutput, other: BuildOutput, name: String) -> String? {
    switch (fresh, other) {
    case (.built(let expected, let expectedWarnings), .built(let actual, let actualWarnings)):
      if let files = difference(expected, actual, name: name) { return files }
      return difference(expectedWarnings, actualWarnings, what: "warnings", name: name)
    case (.failed(let expected), .failed(let actual)):
      return difference(expected, actual, what: "errors", name: name)
    case (.failed(let errors), .built):
      return "the fresh build fails, \(name) does not:\n" + list(errors)
    case (.built, .failed(let errors)):
      return "\(name) fails, the fresh build does not:\n" + list(errors)
    }
  }

  private static func difference(_ expected: [String: [UInt8]], _ actual: [String: [UInt8]], name: String)
    -> String?
  {
    let differing = Set(expected.keys).union(actual.keys).filter { expected[$0] != actual[$0] }.sorted()
    guard let path = differing.first else { return nil }
    var text = "\(differing.count) output files differ"
    text +=
      differing.count > 1
      ? " (\(differing.prefix(8).joined(separator: ", "))\(differing.count > 8 ? ", …" : "")):\n" : ":\n"
    switch (expected[path], actual[path]) {
    case (let fresh?, let other?):
      let common = min(fresh.count, other.count)
      let offset = (0..<common).first { fresh[$0] != other[$0] } ?? common
      text += "\(path) differs at byte \(offset):\n"
      text += "  fresh:   \(excerpt(fresh, around: offset))\n"
      text += "  \(name): \(excerpt(other, around: offset))"
    case (nil, _):
      text += "\(path) is made by \(name) alone"
    case (_, nil):
      text += "\(path) is missing from \(name)"
    }
    return text
  }

  private static func difference(_ expected: [String], _ actual: [String], what: String, name: String)
    -> String?
  {
    guard expected != actual else { return nil }
    if expected.sorted() == actual.sorted() {
      return "the same \(what) in another order:\n  fresh:\n" + list(expected) + "\n  \(name):\n"
        + list(actual)
    }
    let missing = expected.filter { !actual.contains($0) }
    let extra = actual.filter { !expected.contains($0) }
    var text = "the \(what) differ"
    if !missing.isEmpty { text += "\n  only in the fresh build:\n" + list(missing) }
    if !extra.isEmpty { text += "\n  only in \(name):\n" + list(extra) }
    if missing.isEmpty, extra.isEmpty { text += " in how often each is reported" }
    return text
  }

  private static func list(_ lines: [String]) -> String {
    lines.map { "    " + $0 }.joined(separator: "\n")
  }

  /// The text around byte `offset` of `bytes`, on one line.
  private static func excerpt(_ bytes: [UInt8], around offset: Int) -> String {
    let start = max(0, offset - 60)
    let end = min(bytes.count, offset + 60)
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    return (start > 0 ? "…" : "") + text.replacingOccurrences(of: "\n", with: "\\n")
      + (end < bytes.count ? "…" : "")
  }
}
