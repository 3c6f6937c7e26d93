/// How many single-character edits turn one name into another, for "did you mean" hints.
enum EditDistance {
  /// The edit distance between `a` and `b` in characters, ignoring case, with two swapped
  /// neighbours counted as one edit (the commonest typo); nil if it is over `limit`.
  static func between(_ a: some StringProtocol, _ b: some StringProtocol, limit: Int) -> Int? {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard abs(a.count - b.count) <= limit else { return nil }
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        var cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          cost = min(cost, beforePrevious[j - 2] + 1)
        }
        current[j] = cost
        rowMinimum = min(rowMinimum, cost)
      }
      if rowMinimum > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// The name in `candidates` closest to `name` within two edits (one for names of up to five
  /// characters), else one that shares all but its last two characters with it (`taxonomy`,
  /// `taxonomies`); ties go to the first in `candidates`' order.
  static func closest(to name: some StringProtocol, in candidates: some Collection<String>) -> String? {
    let limit = name.count <= 5 ? 1 : 2
    var best: (distance: Int, name: String)? = nil
    for candidate in candidates {
      guard let distance = between(name, candidate, limit: limit) else { continue }
      if best == nil || distance < best!.distance { best = (distance, candidate) }
    }
    if let best { return best.name }
    let stem = name.lowercased().dropLast(2)
    guard stem.count >= 5 else { return nil }
    return candidates.first { $0.lowercased().hasPrefix(stem) }
  }
}
