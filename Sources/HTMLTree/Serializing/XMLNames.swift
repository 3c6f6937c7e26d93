/// Which names XHTML output may write: XML 1.0 (fifth edition) names that XML namespaces
/// accept without a declaration Folio does not write.
enum XMLNames {
  static let xlinkNamespace = "http://www.w3.org/1999/xlink"

  /// An element name: a name without a colon (a prefix would need a declaration).
  static func isElementName(_ name: String) -> Bool {
    isNameWithoutColon(name.unicodeScalars[...])
  }

  /// An attribute name: a name without a colon, or one in the `xml:` and `xlink:` namespaces,
  /// or `xmlns:xlink` (the serialiser declares XLink's prefix where it is used).
  static func isAttributeName(_ name: String) -> Bool {
    let scalars = name.unicodeScalars
    guard let colon = scalars.firstIndex(of: ":") else { return isNameWithoutColon(scalars[...]) }
    let prefix = String(scalars[..<colon])
    let local = scalars[scalars.index(after: colon)...]
    switch prefix {
    case "xml", "xlink": return isNameWithoutColon(local)
    case "xmlns": return String(local) == "xlink"
    default: return false
    }
  }

  private static func isNameWithoutColon(_ scalars: Substring.UnicodeScalarView) -> Bool {
    guard let first = scalars.first, isNameStart(first) else { return false }
    return scalars.dropFirst().allSatisfy { isNameStart($0) || isNameContinuation($0) }
  }

  /// XML's NameStartChar, but for the colon.
  private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0x5F: true
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D: true
    case 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD: true
    case 0x10000...0xEFFFF: true
    default: false
    }
  }

  /// The characters XML's NameChar adds to NameStartChar.
  private static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
    default: false
    }
  }
}
