extension UInt8 {
  /// Space, tab, carriage return or line feed: the whitespace Mustache trims from tag names and
  /// treats as indentation.
  var isWhitespace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
  }

  /// Carriage return or line feed.
  var isLineBreak: Bool { self == 0x0A || self == 0x0D }
}

extension ArraySlice<UInt8> {
  /// The slice without leading and trailing whitespace.
  func trimmingWhitespace() -> ArraySlice<UInt8> {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
