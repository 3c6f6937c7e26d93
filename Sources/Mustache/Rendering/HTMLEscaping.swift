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
        let entity: [UInt8]
        switch bytes[index] {
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
