internal import CCmarkGFM

#if canImport(Glibc)
  internal import Glibc
#endif

/// Memory for one parse, handed to cmark-gfm as its allocator: allocating is a pointer bump,
/// `free` does nothing, and everything goes back at once when the tree has been copied out.
///
/// cmark-gfm's own CLI parses the same way (its arena allocator), which spares it a `free`
/// for every node and buffer; with the system allocator, freeing the tree alone cost a tenth
/// of a render. Its arena is one process-wide global, though, and parsers here run on many
/// threads at once, so each parse gets its own, which the C callbacks (they take no context)
/// find through a thread-local slot.
enum CMarkArena {
  /// Runs `body` with an allocator backed by a fresh arena, then releases the arena: nothing
  /// cmark-gfm allocated through it may be used after `body` returns.
  static func withAllocator<R>(sizeHint: Int, _ body: (UnsafeMutablePointer<cmark_mem>) -> R) -> R {
    // About as much parser memory as input is a good first chunk; calloc maps large chunks
    // lazily, so pages that are never used cost nothing.
    let chunkSize = min(max(sizeHint * 2, 1 << 16), 1 << 26)
    _ = slotCreated
    // The arena the thread's last parse left, its last chunk kept and zeroed again: a fresh one
    // cost every page a calloc of 64 KB and often a new 128 KB mapping, zeroed by the kernel
    // page by page, for the tenth of it most pages use.
    let state: UnsafeMutablePointer<ArenaState>
    if let spare = pthread_getspecific(spareSlot) {
      pthread_setspecific(spareSlot, nil)
      state = spare.assumingMemoryBound(to: ArenaState.self)
      state.pointee.prepare(chunkSize: chunkSize)
    } else {
      state = UnsafeMutablePointer<ArenaState>.allocate(capacity: 1)
      state.initialize(to: ArenaState(chunkSize: chunkSize))
    }
    let previous = pthread_getspecific(slot)
    pthread_setspecific(slot, state)
    defer {
      pthread_setspecific(slot, previous)
      if pthread_getspecific(spareSlot) == nil, state.pointee.releaseAllButTheLastChunk() {
        pthread_setspecific(spareSlot, state)
      } else {
        state.pointee.releaseAll()
        state.deallocate()
      }
    }
    return body(allocator)
  }

  /// The thread-local slot that points at the arena of the parse running on this thread.
  /// A variable with a constant initial value, so that the callbacks read it without the
  /// lazy-initialisation check a computed `static let` costs on every allocation, and
  /// without dynamic exclusivity checks: it is written once, before any parse reads it.
  @exclusivity(unchecked) nonisolated(unsafe) private static var slot: pthread_key_t = 0
  /// The thread-local slot that keeps the arena of the thread's last parse for its next one;
  /// freed with the thread.
  @exclusivity(unchecked) nonisolated(unsafe) private static var spareSlot: pthread_key_t = 0
  private static let slotCreated: Void = {
    pthread_key_create(&slot, nil)
    pthread_key_create(&spareSlot) { spare in
      guard let state = spare?.assumingMemoryBound(to: ArenaState.self) else { return }
      state.pointee.releaseAll()
      state.deallocate()
    }
  }()

  nonisolated(unsafe) private static let allocator: UnsafeMutablePointer<cmark_mem> = {
    let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    memory.initialize(
      to: cmark_mem(
        calloc: { count, size in
          let (total, overflow) = count.multipliedReportingOverflow(by: size)
          guard !overflow else { return nil }
          return current().pointee.allocate(total)
        },
        realloc: { pointer, size in current().pointee.reallocate(pointer, to: size) },
        free: { _ in }))
    return memory
  }()

  private static func current() -> UnsafeMutablePointer<ArenaState> {
    pthread_getspecific(slot)!.assumingMemoryBound(to: ArenaState.self)
  }
}

/// The arena behind ``CMarkArena``: chunks from `calloc` (so memory starts zeroed, as
/// cmark-gfm's `calloc` expects), linked through their first word, each allocation preceded
/// by its size so that `realloc` knows how much to copy.
private struct ArenaState {
  private static let chunkHeader = 16
  private static let sizeHeader = 8

  private var cursor: UnsafeMutableRawPointer? = nil
  private var limit: UnsafeMutableRawPointer? = nil
  /// The chunk `cursor` is in, and its size.
  private var current: UnsafeMutableRawPointer? = nil
  private var currentSize = 0
  private var chunks: UnsafeMutableRawPointer? = nil
  /// The latest allocation, which `realloc` can grow where it is.
  private var latest: UnsafeMutableRawPointer? = nil
  private var chunkSize: Int

  init(chunkSize: Int) {
    self.chunkSize = chunkSize
  }

  mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
    let needed = (size + Self.sizeHeader + 7) & ~7
    if let cursor, let limit, needed <= limit - cursor {
      return hand(cursor, size: size, advancingBy: needed)
    }
    if needed > chunkSize / 4 {
      // A large block gets a chunk of its own, so the current chunk's room is not wasted
      // (and the latest block of the current chunk can still grow in place).
      guard let chunk = newChunk(Self.chunkHeader + needed) else { return nil }
      return record(chunk.advanced(by: Self.chunkHeader), size: size)
    }
    guard let chunk = newChunk(chunkSize) else { return nil }
    limit = chunk.advanced(by: chunkSize)
    (current, currentSize) = (chunk, chunkSize)
    chunkSize = min(chunkSize * 2, 1 << 26)
    return hand(chunk.advanced(by: Self.chunkHeader), size: size, advancingBy: needed)
  }

  mutating func reallocate(_ pointer: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer? {
    guard let pointer else { return allocate(size) }
    let header = pointer.advanced(by: -Self.sizeHeader).assumingMemoryBound(to: Int.self)
    let oldSize = header.pointee
    if pointer == latest, let limit, size <= limit - pointer {
      // Growing the latest block in place: the bytes after it were never handed out, so
      // they are still zero. The cursor never moves back, so freed tails are never reused.
      if size > oldSize {
        header.pointee = size
        cursor = max(cursor!, pointer.advanced(by: (size + 7) & ~7))
      }
      return pointer
    }
    guard let moved = allocate(size) else { return nil }
    moved.copyMemory(from: pointer, byteCount: min(oldSize, size))
    return moved
  }

  /// The largest chunk an arena keeps between parses.
  private static let largestKeptChunk = 1 << 20

  /// Frees every chunk but the one allocations were last made from (the largest: each new one
  /// doubles), and zeroes what was handed out of it, so that it reads as fresh `calloc` memory;
  /// false (and nothing freed) when that chunk is not worth keeping.
  mutating func releaseAllButTheLastChunk() -> Bool {
    guard let kept = current, let cursor, currentSize <= Self.largestKeptChunk,
      kept.load(fromByteOffset: 8, as: Int.self) == 0
    else { return false }
    var chunk = chunks
    while let next = chunk {
      chunk = next.load(as: UnsafeMutableRawPointer?.self)
      if next == kept { continue }
      let mapped = next.load(fromByteOffset: 8, as: Int.self)
      if mapped > 0 { munmap(next, mapped) } else { free(next) }
    }
    let start = kept.advanced(by: Self.chunkHeader)
    start.initializeMemory(as: UInt8.self, repeating: 0, count: cursor - start)
    kept.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    chunks = kept
    return true
  }

  /// Readies a kept arena for the next parse: allocations start at its chunk's beginning.
  mutating func prepare(chunkSize size: Int) {
    guard let kept = current else { return }
    cursor = kept.advanced(by: Self.chunkHeader)
    limit = kept.advanced(by: currentSize)
    latest = nil
    chunkSize = max(size, min(currentSize * 2, 1 << 26))
  }

  /// Frees every chunk.
  mutating func releaseAll() {
    while let chunk = chunks {
      chunks = chunk.load(as: UnsafeMutableRawPointer?.self)
      let mapped = chunk.load(fromByteOffset: 8, as: Int.self)
      if mapped > 0 { munmap(chunk, mapped) } else { free(chunk) }
    }
  }

  private static let hugePage = 1 << 21

  private mutating func newChunk(_ size: Int) -> UnsafeMutableRawPointer? {
    var mapped = 0
    var chunk = size >= Self.hugePage ? Self.mapHugePages(size, mapped: &mapped) : nil
    if chunk == nil {
      // Small chunks, or a system that refused the mapping: ordinary zeroed memory.
      mapped = 0
      chunk = calloc(1, size)
    }
    guard let chunk else { return nil }
    chunk.storeBytes(of: chunks, as: UnsafeMutableRawPointer?.self)
    chunk.storeBytes(of: mapped, toByteOffset: 8, as: Int.self)
    chunks = chunk
    return chunk
  }

  /// Maps at least `size` bytes on 2 MB boundaries and offers them to the kernel as huge
  /// pages: a big document's parse then takes a few hundred page faults instead of tens of
  /// thousands, which cost more than the parsing itself. Fresh mappings read as zero.
  private static func mapHugePages(_ size: Int, mapped: inout Int) -> UnsafeMutableRawPointer? {
    mapped = (size + hugePage - 1) & ~(hugePage - 1)
    let reserve = mapped + hugePage
    guard let base = mmap(nil, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      base != MAP_FAILED
    else { return nil }
    let address = Int(bitPattern: base)
    let aligned = (address + hugePage - 1) & ~(hugePage - 1)
    if aligned > address { munmap(base, aligned - address) }
    let tail = reserve - (aligned - address) - mapped
    if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + mapped), tail) }
    let chunk = UnsafeMutableRawPointer(bitPattern: aligned)
    // Where transparent huge pages are off this fails harmlessly and pages stay 4 KB.
    _ = madvise(chunk, mapped, MADV_HUGEPAGE)
    return chunk
  }

  private mutating func hand(
    _ start: UnsafeMutableRawPointer, size: Int, advancingBy needed: Int
  ) -> UnsafeMutableRawPointer {
    cursor = start.advanced(by: needed)
    let payload = record(start, size: size)
    latest = payload
    return payload
  }

  private func record(_ start: UnsafeMutableRawPointer, size: Int) -> UnsafeMutableRawPointer {
    start.storeBytes(of: size, as: Int.self)
    return start.advanced(by: Self.sizeHeader)
  }
}
