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
  /// Per slot, 0 when free, else a term's hash in the high 32 bits and its index + 1 in the
  /// low: a probe compares hashes without reading another array.
  private var slots: [UInt64]
  private var mask: Int
  /// Where ``intern(allOf:into:scratch:)`` leaves the sum of the bytes it reads ahead, so that
  /// the reads are made.
  private var readAhead: UInt8 = 0

  /// How many terms the table holds.
  var count: Int { ends.count }

  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size - 1
    ends.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 8)
  }

  /// Forgets every term, keeping the capacity (a page's table is reused for the next page).
  mutating func removeAll() {
    if slots.count <= 16 * hashes.count {
      // Most pages fill a good part of the table: clearing it whole costs less than finding
      // each term's slot again.
      slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      bytes.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      hashes.removeAll(keepingCapacity: true)
      return
    }
    // Only the slots in use are cleared: each term's is on its hash's probe chain. A slot
    // cleared before another of the same chain does not hide it, as the search is for the
    // term's own index, not for the first free slot.
    slots.withUnsafeMutableBufferPointer { slots in
      for (index, hash) in hashes.enumerated() {
        let entry = TermTable.entry(hash, index)
        var slot = Int(hash) & mask
        while slots[slot] != entry { slot = (slot + 1) & mask }
        slots[slot] = 0
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
      ends.withUnsafeBufferPointer { ends in
        bytes.withUnsafeBufferPointer { bytes -> (slot: Int, found: Int) in
          var slot = Int(hash) & mask
          while true {
            let entry = slots[slot]
            if entry == 0 { return (slot, -1) }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
              let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
              let start = index == 0 ? 0 : Int(ends[index - 1])
              if Int(ends[index]) - start == term.count {
                var offset = 0
                while offset < term.count, bytes[start + offset] == term[offset] { offset += 1 }
                if offset == term.count { return (slot, index) }
              }
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
    if probe.found >= 0 { return (probe.found, false) }
    let index = ends.count
    slots[probe.slot] = TermTable.entry(hash, index)
    // Kept for growing, and for the pages' merge, which reuses a page's hashes.
    bytes.append(contentsOf: term)
    ends.append(Int32(bytes.count))
    hashes.append(hash)
    if ends.count * 2 > slots.count { grow() }
    return (index, true)
  }

  /// The indices of every term of `terms` (added when new), in its order, appended to
  /// `indices`.
  ///
  /// The same as interning them one by one, but the table's memory is read for all of them
  /// before any is compared: each term's first slot, then the bytes of the terms those slots
  /// name. Terms of a page land at random places in a table of the whole site, so each lookup
  /// waited on two or three cache misses in turn; loads that do not depend on one another are
  /// waited on together.
  mutating func intern(allOf terms: TermTable, into indices: inout [Int32], scratch: inout [UInt64]) {
    let count = terms.count
    if scratch.count < count { scratch = [UInt64](repeating: 0, count: max(count, 2 * scratch.count)) }
    readAhead = slots.withUnsafeBufferPointer { slots in
      ends.withUnsafeBufferPointer { ends in
        bytes.withUnsafeBufferPointer { bytes in
          terms.hashes.withUnsafeBufferPointer { hashes in
            scratch.withUnsafeMutableBufferPointer { entries in
              for index in 0..<count { entries[index] = slots[Int(hashes[index]) & mask] }
              // The first byte of each term the first slots name (summed, so that the loads are
              // not dropped): the comparisons below then find the bytes in the cache.
              var touched: UInt8 = 0
              for index in 0..<count where entries[index] != 0 {
                let term = Int(truncatingIfNeeded: entries[index] & 0xFFFF_FFFF) - 1
                touched &+= bytes[term == 0 ? 0 : Int(ends[term - 1])]
              }
              return touched
            }
          }
        }
      }
    }
    terms.bytes.withUnsafeBufferPointer { termBytes in
      for index in 0..<count {
        let term = UnsafeBufferPointer(rebasing: termBytes[terms.start(index)..<Int(terms.ends[index])])
        indices.append(Int32(intern(term, hash: terms.hashes[index]).index))
      }
    }
  }

  /// The slot entry of term `index`, whose hash is `hash`.
  private static func entry(_ hash: UInt32, _ index: Int) -> UInt64 {
    UInt64(hash) << 32 | UInt64(index + 1)
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = Array(repeating: 0, count: size)
    mask = size - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = TermTable.entry(hash, index)
    }
  }
}
