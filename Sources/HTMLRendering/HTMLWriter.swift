/// Writes HTML into a byte buffer, escaping exactly once, decided by the method called:
/// ``text(_:)`` escapes, ``raw(_:)`` does not and is only for HTML Folio produced itself.
///
/// Escaping follows cmark-gfm (`&`, `<`, `>` and `"`), so output is byte-identical to it.
public struct HTMLWriter: Sendable {
  /// The HTML written so far.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty writer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The HTML written so far, as a string.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends HTML markup as it is.
  public mutating func raw(_ markup: StaticString) {
    markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends HTML that Folio produced, as it is.
  public mutating func raw(_ markup: String) {
    var markup = markup
    markup.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends bytes of HTML as they are.
  public mutating func raw(bytes markup: some Collection<UInt8>) {
    bytes.append(contentsOf: markup)
  }

  /// Appends one byte.
  public mutating func raw(byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends text, escaping `&`, `<`, `>` and `"`.
  public mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { self.text(bytes: $0) }
  }

  /// Appends text given as UTF-8 bytes, escaping `&`, `<`, `>` and `"`.
  public mutating func text(bytes text: UnsafeBufferPointer<UInt8>) {
    var start = 0
    for index in 0..<text.count {
      let replacement: StaticString
      switch text[index] {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&quot;"
      default: continue
      }
      if index > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index])) }
      raw(replacement)
      start = index + 1
    }
    if start < text.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...])) }
  }

  /// Appends text given as UTF-8 bytes, escaping as ``text(bytes:)-(UnsafeBufferPointer<UInt8>)``.
  public mutating func text(bytes text: [UInt8]) {
    text.withUnsafeBufferPointer { self.text(bytes: $0) }
  }

  /// Appends a URL for an `href` or `src` attribute: characters that are safe in URLs stay,
  /// `&` and `'` become entities, everything else is percent-encoded (cmark-gfm's rule).
  public mutating func url(bytes url: some Collection<UInt8>) {
    let hex: StaticString = "0123456789ABCDEF"
    for byte in url {
      if HTMLWriter.isURLSafe(byte) {
        bytes.append(byte)
      } else if byte == UInt8(ascii: "&") {
        raw("&amp;")
      } else if byte == UInt8(ascii: "'") {
        raw("&#x27;")
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hex.utf8Start[Int(byte >> 4)])
        bytes.append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
  }

  /// Appends a URL given as a string; see ``url(bytes:)``.
  public mutating func url(_ url: String) {
    self.url(bytes: url.utf8)
  }

  /// Starts a new line unless the output is empty or already ends with one.
  public mutating func newlineIfNeeded() {
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
  }

  /// Appends a decimal number.
  public mutating func number(_ value: Int) {
    raw(String(value))
  }

  static func isURLSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"),
      UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"),
      UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"),
      UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
