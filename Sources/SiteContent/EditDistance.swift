/// How many single-character edits turn one name into another, for "did you mean" hints.
package enum EditDistance {
  /// The edit distance between `a` and `b` in characters, ignoring case, with two swapped
  /// neighbours counted as one edit (the commonest typo); nil if it is over `limit`.
  static func between(_ a: some StringProtocol, _ b: some StringProtocol, limit: Int) -> Int? {
    // A character is one to four UTF-8 bytes: names whose byte counts differ by more than four
    // times the limit are further apart than it, found without building anything.
    guard abs(a.utf8.count - b.utf8.count) <= 4 * limit else { return nil }
    var (a, b) = (String(a), String(b))
    // ASCII names (most heading ids and URLs) are compared on their bytes, without allocating:
    // a site with thousands of broken anchors asks this for every heading of every page they name.
    let ascii = a.withUTF8 { a in
      b.withUTF8 { b -> Int?? in
        guard a.allSatisfy({ $0 < 0x80 }), b.allSatisfy({ $0 < 0x80 }) else { return .none }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return distance(a.count, b.count, limit: limit) { lower(a[$0]) == lower(b[$1]) }
      }
    }
    if let ascii { return ascii }
    let (x, y) = (Array(a.lowercased()), Array(b.lowercased()))
    return distance(x.count, y.count, limit: limit) { x[$0] == y[$1] }
  }

  /// The optimal-string-alignment distance between two sequences of `m` and `n` elements, where
  /// `same(i, j)` says whether element `i` of the first equals element `j` of the second; nil
  /// when it is over `limit`. Three rows on the stack, and it stops at the first row that is
  /// all over the limit.
  private static func distance(_ m: Int, _ n: Int, limit: Int, same: (Int, Int) -> Bool) -> Int? {
    guard abs(m - n) <= limit else { return nil }
    guard m > 0, n > 0 else { return max(m, n) }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { rows -> Int? in
      var (beforePrevious, previous, current) = (0, n + 1, 2 * (n + 1))
      for j in 0...n { rows[previous + j] = j }
      for i in 1...m {
        rows[current] = i
        var rowMinimum = i
        for j in 1...n {
          var cost = min(
            rows[previous + j] + 1, rows[current + j - 1] + 1,
            rows[previous + j - 1] + (same(i - 1, j - 1) ? 0 : 1))
          if i > 1, j > 1, same(i - 1, j - 2), same(i - 2, j - 1) {
            cost = min(cost, rows[beforePrevious + j - 2] + 1)
          }
          rows[current + j] = cost
          rowMinimum = min(rowMinimum, cost)
        }
        if rowMinimum > limit { return nil }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
      }
      return rows[previous + n] <= limit ? rows[previous + n] : nil
    }
  }

  /// The name in `candidates` closest to `name` within two edits (one for names of up to five
  /// characters), else one that shares all but its last two characters with it (`taxonomy`,
  /// `taxonomies`); ties go to the name that sorts first, whatever the order of `candidates`.
  package static func closest(to name: some StringProtocol, in candidates: some Collection<String>) -> String?
  {
    if let near = nearest(to: name, in: candidates, limit: (name.utf8.count <= 5 || name.count <= 5) ? 1 : 2)
    {
      return near
    }
    let stem = Array(name.lowercased().dropLast(2).utf8)
    guard stem.count >= 5 else { return nil }
    return candidates.filter { startsIgnoringASCIICase($0, with: stem) }.min()
  }

  /// The candidate fewest edits from `name`, within `limit`; ties go to the candidate that sorts
  /// first, whatever the order of `candidates`.
  package static func nearest<Name: StringProtocol>(
    to name: some StringProtocol, in candidates: some Sequence<Name>, limit: Int
  ) -> Name? {
    var best: (distance: Int, name: Name)? = nil
    for candidate in candidates {
      guard let distance = between(name, candidate, limit: limit) else { continue }
      if let (bestDistance, bestName) = best,
        distance > bestDistance || (distance == bestDistance && !(candidate < bestName))
      {
        continue
      }
      best = (distance, candidate)
    }
    return best?.name
  }

  /// Whether `name` starts with the lower-case UTF-8 bytes `stem`, ASCII letters in any case.
  private static func startsIgnoringASCIICase(_ name: String, with stem: [UInt8]) -> Bool {
    var bytes = name.utf8.makeIterator()
    for expected in stem {
      guard let byte = bytes.next() else { return false }
      let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      if lower != expected { return false }
    }
    return true
  }
}
