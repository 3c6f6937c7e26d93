/// A set of element or attribute names that answers ``contains(_:)`` without hashing: a name
/// of at most ten ASCII lowercase letters, digits and hyphens is one number (``code(of:)``),
/// and the set keeps those numbers sorted; any other name is kept in a `Set`. A book rewrites
/// every element of every chapter twice, and hashing a name per question was a tenth of it.
public struct HTMLNameSet: Sendable, ExpressibleByArrayLiteral {
  /// The codes of the names that have one, ascending.
  private let codes: [UInt64]
  /// The names without a code.
  private let others: Set<String>

  /// The set of `names`.
  public init(_ names: some Sequence<String>) {
    var codes: [UInt64] = []
    var others: Set<String> = []
    for name in names {
      if let code = HTMLNameSet.code(of: name.utf8) { codes.append(code) } else { others.insert(name) }
    }
    self.codes = codes.sorted()
    self.others = others
  }

  /// The set of the names listed.
  public init(arrayLiteral names: String...) {
    self.init(names)
  }

  /// Whether `name` is in the set.
  public func contains(_ name: String) -> Bool {
    guard let code = HTMLNameSet.code(of: name.utf8) else { return !others.isEmpty && others.contains(name) }
    return contains(code: code)
  }

  /// Whether the name with `code` is in the set.
  func contains(code: UInt64) -> Bool {
    HTMLNameSet.index(of: code, in: codes) != nil
  }

  /// The index of `code` in the ascending `codes`, or nil.
  static func index(of code: UInt64, in codes: [UInt64]) -> Int? {
    var low = 0
    var high = codes.count
    while low < high {
      let middle = (low + high) / 2
      if codes[middle] < code { low = middle + 1 } else { high = middle }
    }
    return low < codes.count && codes[low] == code ? low : nil
  }

  /// The number a name of at most ten ASCII lowercase letters, digits and hyphens stands for
  /// (six bits a character, the first in the highest bits), or nil for any other name.
  static func code(of name: some Sequence<UInt8>) -> UInt64? {
    var code: UInt64 = 0
    var count = 0
    for byte in name {
      let digit: UInt64
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt64(byte - UInt8(ascii: "a")) + 1
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0")) + 27
      case UInt8(ascii: "-"): digit = 37
      default: return nil
      }
      count += 1
      guard count <= 10 else { return nil }
      code = code << 6 | digit
    }
    guard count > 0 else { return nil }
    return code << UInt64(6 * (10 - count))
  }
}
