/// A JSON-LD value (schema.org's `Article`, `BreadcrumbList`), written as the text of a
/// `<script type="application/ld+json">` element.
///
/// The text is data inside an HTML element whose content ends at the first `</script`, so
/// ``text`` writes `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026` (and U+2028 and U+2029,
/// which older JavaScript parsers take for line ends, as escapes): a title holding
/// `</script><script>` stays a string and never ends the element.
enum LinkedData: Sendable {
  case string(String)
  case int(Int)
  /// Members in the order written.
  case object([(String, LinkedData)])
  case array([LinkedData])

  /// The value as compact JSON, safe inside a `<script>` element.
  var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .string(let string): LinkedData.quote(string, to: &out)
    case .int(let int): out += String(int)
    case .object(let members):
      out += "{"
      for (index, (name, value)) in members.enumerated() {
        if index > 0 { out += "," }
        LinkedData.quote(name, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    }
  }

  /// `string` as a JSON string with the escapes above.
  static func quote(_ string: String, to out: inout String) {
    out += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
