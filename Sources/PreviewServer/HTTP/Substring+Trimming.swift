extension Substring {
  /// The substring without leading and trailing spaces and tabs.
  func trimmingASCIISpaces() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
