/// How many single-character edits turn one name into another, for "did you mean" hints.
enum EditDistance {
  /// The edit distance between `a` and `b` in characters, ignoring case, with two swapped
  /// neighbours counted as one edit (the commonest typo); nil if it is over `limit`.
  static func between(_ a: some StringProtocol, _ b: some StringProtocol, limit: Int) -> Int? {
    // A character is one to four UTF-8 bytes: names whose byte counts differ by more than four
    // times the limit are further apart than it, found without building anything.
    guard abs(a.utf8.count - b.utf8.count) <= 4 * limit else { return nil }
    if let distance = asciiDistance(a, b, limit: limit) { return distance < 0 ? nil : distance }
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

  /// `between` for two ASCII names, on their bytes and without allocating: the distance, -1 when
  /// it is over `limit`, nil when a name is not ASCII. Heading ids and URLs mostly are, and a
  /// site with thousands of broken anchors asks this for every heading of every page they name.
  private static func asciiDistance(_ a: some StringProtocol, _ b: some StringProtocol, limit: Int) -> Int? {
    var a = String(a)
    var b = String(b)
    return a.withUTF8 { a in
      b.withUTF8 { b -> Int? in
        guard a.allSatisfy({ $0 < 0x80 }), b.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard abs(a.count - b.count) <= limit else { return -1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (b.count + 1)) { rows -> Int in
          var beforePrevious = 0
          var previous = b.count + 1
          var current = 2 * (b.count + 1)
          for j in 0...b.count { rows[previous + j] = j }
          for i in 1...a.count {
            rows[current] = i
            var rowMinimum = i
            for j in 1...b.count {
              let same = lower(a[i - 1]) == lower(b[j - 1])
              var cost = min(
                rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (same ? 0 : 1))
              if i > 1, j > 1, lower(a[i - 1]) == lower(b[j - 2]), lower(a[i - 2]) == lower(b[j - 1]) {
                cost = min(cost, rows[beforePrevious + j - 2] + 1)
              }
              rows[current + j] = cost
              rowMinimum = min(rowMinimum, cost)
            }
            if rowMinimum > limit { return -1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
          }
          return rows[previous + b.count] <= limit ? rows[previous + b.count] : -1
        }
      }
    }
  }

  /// The name in `candidates` closest to `name` within two edits (one for names of up to five
  /// characters), else one that shares all but its last two characters with it (`taxonomy`,
  /// `taxonomies`); ties go to the name that sorts first, whatever the order of `candidates`.
  static func closest(to name: some StringProtocol, in candidates: some Collection<String>) -> String? {
    let limit = (name.utf8.count <= 5 || name.count <= 5) ? 1 : 2
    var best: (distance: Int, name: String)? = nil
    for candidate in candidates {
      guard let distance = between(name, candidate, limit: limit) else { continue }
      if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
        best = (distance, candidate)
      }
    }
    if let best { return best.name }
    let stem = Array(name.lowercased().dropLast(2).utf8)
    guard stem.count >= 5 else { return nil }
    return candidates.filter { startsIgnoringASCIICase($0, with: stem) }.min()
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
