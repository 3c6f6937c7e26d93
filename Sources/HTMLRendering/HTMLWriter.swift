/// Writes HTML into a byte buffer, escaping exactly once, decided by the method called:
/// ``text(_:)`` escapes, ``raw(_:)`` does not and is only for HTML Folio produced itself.
///
/// Escaping follows cmark-gfm (`&`, `<`, `>` and `"`), so output is byte-identical to it.
///
/// ```swift
/// var writer = HTMLWriter()
/// writer.raw("<p title=\"")
/// writer.text("a \"b\" & c")
/// writer.raw("\">")
/// writer.string  // "<p title=\"a &quot;b&quot; &amp; c\">"
/// ```
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
    text.withUTF8 { appendEscaped($0) }
  }

  /// Appends text given as UTF-8 bytes, escaping `&`, `<`, `>` and `"` as ``text(_:)`` does;
  /// invalid UTF-8 passes through unchanged, as in cmark-gfm.
  ///
  /// A run's bytes go in as they are, without making a string:
  ///
  /// ```swift
  /// writer.text(bytes: run.utf8)
  /// ```
  public mutating func text(bytes text: some Collection<UInt8>) {
    if text.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
      Array(text).withUnsafeBufferPointer { appendEscaped($0) }
    }
  }

  /// Appends `text` escaped, eight bytes at a time where it can.
  private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    guard let base = text.baseAddress else { return }
    let count = text.count
    var start = 0
    var index = 0
    while index < count {
      // Eight bytes at a time while none of them needs escaping: the bulk of any text.
      if index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let found = Self.escapable(in: word)
        if found == 0 {
          index += 8
          continue
        }
        // The lowest flagged byte is exact (the flags above it may be borrow noise).
        index += found.trailingZeroBitCount / 8
      }
      let replacement: StaticString
      switch base[index] {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&quot;"
      default:
        index += 1
        continue
      }
      if index > start {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
      }
      raw(replacement)
      index += 1
      start = index
    }
    if start < count {
      bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
    }
  }

  /// The high bit of every byte of `word` that is `"`, `&`, `<` or `>` (and possibly of bytes
  /// above the first such byte), by the usual "has zero byte" bit trick per character.
  @inline(__always)
  private static func escapable(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func matches(_ character: UInt8) -> UInt64 {
      let difference = word ^ (ones &* UInt64(character))
      return (difference &- ones) & ~difference & highs
    }
    return matches(0x22) | matches(0x26) | matches(0x3C) | matches(0x3E)
  }

  /// Appends a URL for an `href` or `src` attribute: characters that are safe in URLs stay,
  /// `&` and `'` become entities, everything else is percent-encoded (cmark-gfm's rule).
  public mutating func url(bytes url: some Collection<UInt8>) {
    if url.withContiguousStorageIfAvailable({ appendURL($0) }) == nil {
      Array(url).withUnsafeBufferPointer { appendURL($0) }
    }
  }

  private mutating func appendURL(_ url: UnsafeBufferPointer<UInt8>) {
    guard let base = url.baseAddress else { return }
    let hex: StaticString = "0123456789ABCDEF"
    var start = 0
    for index in 0..<url.count {
      let byte = base[index]
      if HTMLWriter.isURLSafe(byte) { continue }
      if index > start {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
      }
      start = index + 1
      if byte == UInt8(ascii: "&") {
        raw("&amp;")
      } else if byte == UInt8(ascii: "'") {
        raw("&#x27;")
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hex.utf8Start[Int(byte >> 4)])
        bytes.append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
    if start < url.count {
      bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: url.count - start))
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
