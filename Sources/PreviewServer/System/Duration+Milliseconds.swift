extension Duration {
  /// The duration in whole milliseconds, rounded up so short waits never become busy loops.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  }
}
