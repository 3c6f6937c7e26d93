/// Escapes text for HTML element content and quoted attribute values.
enum HTMLEscaping {
  private static let ampersand = Array("&amp;".utf8)
  private static let lessThan = Array("&lt;".utf8)
  private static let greaterThan = Array("&gt;".utf8)
  private static let quote = Array("&quot;".utf8)
  private static let apostrophe = Array("&#39;".utf8)

  /// Appends `text` to `output` with `&`, `<`, `>`, `"` and `'` replaced by entities.
  ///
  /// Runs without special characters are copied in one piece, so text that needs no escaping,
  /// the common case, costs one scan and one copy.
  static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in 0..<bytes.count {
        // Every special character is at most `>`: letters, digits and the bytes of non-ASCII
        // characters (a Japanese title is three bytes a character) skip the switch.
        let byte = bytes[index]
        if byte > UInt8(ascii: ">") { continue }
        let entity: [UInt8]
        switch byte {
        case UInt8(ascii: "&"): entity = ampersand
        case UInt8(ascii: "<"): entity = lessThan
        case UInt8(ascii: ">"): entity = greaterThan
        case UInt8(ascii: "\""): entity = quote
        case UInt8(ascii: "'"): entity = apostrophe
        default: continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(contentsOf: entity)
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }
}
