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
    var out: [UInt8] = []
    out.reserveCapacity(512)
    write(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private func write(to out: inout [UInt8]) {
    switch self {
    case .string(let string): LinkedData.quote(string, to: &out)
    case .int(let int): out += String(int).utf8
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (name, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        LinkedData.quote(name, to: &out)
        out.append(UInt8(ascii: ":"))
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        item.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
  }

  /// `string` as a JSON string with the escapes above.
  ///
  /// Works on the UTF-8 bytes and copies each run that needs no escape whole: the descriptions
  /// quoted here are a page's summary, and a scalar at a time cost a tenth of a build's time.
  static func quote(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      func escape(_ escaped: StaticString, length: Int) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        out.append(
          contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
        index += length
        runStart = index
      }
      func hexEscape(_ value: UInt32, length: Int) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        // Four lowercase hex digits, written without an array of digits per escape.
        for shift in stride(from: 12, through: 0, by: -4) {
          let digit = UInt8((value >> UInt32(shift)) & 0xF)
          out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
        index += length
        runStart = index
      }
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): escape("\\\"", length: 1)
        case UInt8(ascii: "\\"): escape("\\\\", length: 1)
        case UInt8(ascii: "\n"): escape("\\n", length: 1)
        case UInt8(ascii: "\t"): escape("\\t", length: 1)
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0x00...0x1F, 0x7F:
          hexEscape(UInt32(byte), length: 1)
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          hexEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, length: 3)
        default: index += 1
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
    }
    out.append(UInt8(ascii: "\""))
  }
}
