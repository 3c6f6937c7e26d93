/// Text escaped for XML content and attribute values, the only way the packager writes the
/// book's data into its documents.
enum XMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` escaped, and each character XML 1.0 does not allow
  /// (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD,
  /// since no escape makes them well-formed.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
