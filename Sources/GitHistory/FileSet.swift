/// A set of the files a walk dates, by their numbers (``PendingFiles``), one bit each: a walk
/// hands every commit's set on to its parents, and word-wide unions and differences cost a
/// few hundred instructions for ten thousand files, where hashed sets of paths cost a hash each.
struct FileSet: Equatable {
  private var words: [UInt64]

  /// No file, among `count`.
  init(count: Int) {
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
  }

  /// Every file, among `count`.
  static func all(_ count: Int) -> FileSet {
    var set = FileSet(count: count)
    for file in 0..<count { set.insert(file) }
    return set
  }

  /// Whether it holds no file.
  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// Whether it holds `file`.
  func contains(_ file: Int) -> Bool {
    words[file >> 6] & (1 << UInt64(file & 63)) != 0
  }

  /// Adds `file`.
  mutating func insert(_ file: Int) {
    words[file >> 6] |= 1 << UInt64(file & 63)
  }

  /// Takes out `file`.
  mutating func remove(_ file: Int) {
    words[file >> 6] &= ~(1 << UInt64(file & 63))
  }

  /// Adds every file of `other`.
  mutating func formUnion(_ other: FileSet) {
    for index in words.indices { words[index] |= other.words[index] }
  }

  /// Keeps only the files `other` holds too.
  mutating func formIntersection(_ other: FileSet) {
    for index in words.indices { words[index] &= other.words[index] }
  }

  /// Takes out every file of `other`.
  mutating func subtract(_ other: FileSet) {
    for index in words.indices { words[index] &= ~other.words[index] }
  }

  /// The files it holds, in order.
  var members: [Int] {
    var files: [Int] = []
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        files.append(index << 6 + rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return files
  }
}
