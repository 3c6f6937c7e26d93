/// A JSON value of a report, written with sorted keys and two-space indentation.
///
/// The reports used to go through `JSONSerialization`, which on Linux bridges every value to
/// `Any` and sorts each object's keys through `AnyHashable`: a build of 10,000 pages with
/// 11,000 broken-link warnings spent 1.2 s of its 3.6 s writing that report. This writes the
/// same document straight to bytes.
enum ReportJSON {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case array([ReportJSON])
  /// An object; its members are written in the byte order of their keys, whatever order they
  /// are given in (the reports' keys are lowercase ASCII, which `JSONSerialization` put in the
  /// same order).
  case object([(key: String, value: ReportJSON)])

  /// The value as pretty-printed JSON (the layout `JSONSerialization` gives with `.prettyPrinted`
  /// and `.sortedKeys`), with a final newline.
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    write(into: &bytes, depth: 0)
    bytes.append(0x0A)
    return bytes
  }

  private func write(into bytes: inout [UInt8], depth: Int) {
    switch self {
    case .string(let text): ReportJSON.write(text, into: &bytes)
    case .int(let value): bytes += String(value).utf8
    case .bool(let value): bytes += (value ? "true" : "false").utf8
    case .double(let value):
      // Non-finite numbers have no JSON form; a report never holds one, but it must stay JSON.
      bytes += value.isFinite ? String(value).utf8 : "0".utf8
    case .array(let elements):
      guard !elements.isEmpty else { return ReportJSON.empty("[", "]", depth, into: &bytes) }
      bytes += "[\n".utf8
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes += ",\n".utf8 }
        ReportJSON.indent(depth + 1, into: &bytes)
        element.write(into: &bytes, depth: depth + 1)
      }
      bytes.append(0x0A)
      ReportJSON.indent(depth, into: &bytes)
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return ReportJSON.empty("{", "}", depth, into: &bytes) }
      bytes += "{\n".utf8
      let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (index, member) in sorted.enumerated() {
        if index > 0 { bytes += ",\n".utf8 }
        ReportJSON.indent(depth + 1, into: &bytes)
        ReportJSON.write(member.key, into: &bytes)
        bytes += " : ".utf8
        member.value.write(into: &bytes, depth: depth + 1)
      }
      bytes.append(0x0A)
      ReportJSON.indent(depth, into: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// An empty array or object as `JSONSerialization` lays it out: an empty line inside.
  private static func empty(
    _ open: Unicode.Scalar, _ close: Unicode.Scalar, _ depth: Int, into bytes: inout [UInt8]
  ) {
    bytes += [UInt8(ascii: open), 0x0A, 0x0A]
    indent(depth, into: &bytes)
    bytes.append(UInt8(ascii: close))
  }

  private static func indent(_ depth: Int, into bytes: inout [UInt8]) {
    bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth)
  }

  /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` and so on
  /// or `\u00XX`; everything else, `/` and non-ASCII included, as its UTF-8 bytes.
  private static func write(_ text: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += #"\""#.utf8
      case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
      case 0x0A: bytes += #"\n"#.utf8
      case 0x0D: bytes += #"\r"#.utf8
      case 0x09: bytes += #"\t"#.utf8
      case 0x08: bytes += #"\b"#.utf8
      case 0x0C: bytes += #"\f"#.utf8
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += #"\u00"#.utf8
        bytes += [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
