/// Escapes text for XML feeds and sitemaps (`&`, `<`, `>`, `"`, `'`).
enum XMLText {
  static func escape(_ text: String) -> String {
    // Most URLs and titles need nothing: check the bytes before building a new string.
    let special: Set<UInt8> = [
      UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
    ]
    guard text.utf8.contains(where: { special.contains($0) }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
