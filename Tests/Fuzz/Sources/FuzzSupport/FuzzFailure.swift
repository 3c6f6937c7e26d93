#if canImport(Glibc)
  import Glibc
#endif

/// How a target reports a broken property: the message on standard error, then `abort()`, which
/// libFuzzer catches like a crash and saves the input for.
public enum FuzzFailure {
  /// Prints `message` and the input's bytes (escaped, so binary input shows) and aborts.
  public static func fail(_ message: String, input: [UInt8]) -> Never {
    var text = "fuzz property broken: \(message)\ninput (\(input.count) bytes): "
    text += escaped(input[...])
    text += "\n"
    // Written straight to descriptor 2: stderr, the C global, is not concurrency-safe to name.
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
    abort()
  }

  /// `bytes` as a Swift-like literal: printable ASCII as is, everything else `\u{…}` / `\xNN`.
  public static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
    var text = "\""
    for byte in bytes {
      switch byte {
      case 0x0A: text += "\\n"
      case 0x09: text += "\\t"
      case UInt8(ascii: "\""): text += "\\\""
      case UInt8(ascii: "\\"): text += "\\\\"
      case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = String(byte, radix: 16)
        text += "\\x" + (digits.count == 1 ? "0" : "") + digits
      }
    }
    return text + "\""
  }
}
