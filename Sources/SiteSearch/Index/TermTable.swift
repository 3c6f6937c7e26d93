/// An open-addressing hash table from UTF-8 terms to dense indices, keeping the terms' bytes in
/// one buffer: tokenising a page or merging a language's pages looks each token up without
/// making a `String` or an array for it.
struct TermTable {
  /// Every term's bytes, one after another.
  private(set) var bytes: [UInt8] = []
  /// Where each term's bytes end in ``bytes`` (term *i* starts where term *i − 1* ends).
  private(set) var ends: [Int32] = []
  /// Each term's hash.
  private(set) var hashes: [UInt32] = []
  private var slots: [Int32]
  private var mask: Int

  /// How many terms the table holds.
  var count: Int { ends.count }

  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: -1, count: size)
    mask = size - 1
    ends.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 8)
  }

  /// Forgets every term, keeping the capacity (a page's table is reused for the next page).
  mutating func removeAll() {
    // Only the slots in use are cleared: each term's is on its hash's probe chain. A slot
    // cleared before another of the same chain does not hide it, as the search is for the
    // term's own index, not for the first free slot.
    slots.withUnsafeMutableBufferPointer { slots in
      for (index, hash) in hashes.enumerated() {
        var slot = Int(hash) & mask
        while slots[slot] != Int32(index) { slot = (slot + 1) & mask }
        slots[slot] = -1
      }
    }
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    hashes.removeAll(keepingCapacity: true)
  }

  /// The hash of term `index`.
  func hash(of index: Int) -> UInt32 { hashes[index] }

  /// The bytes of term `index`.
  func term(_ index: Int) -> ArraySlice<UInt8> {
    bytes[start(index)..<Int(ends[index])]
  }

  func start(_ index: Int) -> Int { index == 0 ? 0 : Int(ends[index - 1]) }

  /// FNV-1a (32 bits) of `term`: the table's hash.
  static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash = hashSeed
    for byte in term { hash = TermTable.hash(hash, byte) }
    return hash
  }

  /// FNV-1a's starting value: the hash of no bytes.
  static let hashSeed: UInt32 = 2_166_136_261

  /// FNV-1a's step: `hash` (of some bytes) and then `byte`.
  @inline(__always) static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
    (hash ^ UInt32(byte)) &* 16_777_619
  }

  /// The index of `term`, whose ``hash(_:)`` is `hash`, added when new (`isNew`).
  mutating func intern(_ term: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (index: Int, isNew: Bool) {
    // The probe reads through buffers: it runs for every token of every page.
    let probe = slots.withUnsafeBufferPointer { slots in
      hashes.withUnsafeBufferPointer { hashes -> (slot: Int, found: Int?) in
        var slot = Int(hash) & mask
        while true {
          let found = slots[slot]
          if found < 0 { return (slot, nil) }
          if hashes[Int(found)] == hash, equals(Int(found), term) { return (slot, Int(found)) }
          slot = (slot + 1) & mask
        }
      }
    }
    if let found = probe.found { return (found, false) }
    let slot = probe.slot
    let index = ends.count
    slots[slot] = Int32(index)
    // Kept for growing, and for the pages' merge, which reuses a page's hashes.
    bytes.append(contentsOf: term)
    ends.append(Int32(bytes.count))
    hashes.append(hash)
    if ends.count * 2 > slots.count { grow() }
    return (index, true)
  }

  private func equals(_ index: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = start(index)
    let end = Int(ends[index])
    guard end - start == term.count else { return false }
    return bytes.withUnsafeBufferPointer { stored in
      var offset = 0
      while offset < term.count {
        if stored[start + offset] != term[offset] { return false }
        offset += 1
      }
      return true
    }
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = Array(repeating: -1, count: size)
    mask = size - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
  }
}
