/// The commits a history walk has yet to read, newest commit time first (ties: the one found
/// first), as `git log` orders them: a binary heap, since a merge adds a parent from each
/// branch and the newest of them must come next.
struct CommitQueue<ID> {
  private var heap: [(time: Int64, order: Int, id: ID)] = []
  private var added = 0

  /// Whether no commit is left.
  var isEmpty: Bool { heap.isEmpty }

  /// Adds the commit `id`, made at `time`.
  mutating func push(_ id: ID, time: Int64) {
    heap.append((time, added, id))
    added += 1
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Takes the newest commit out.
  mutating func pop() -> ID? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let top = heap.removeLast()
    var parent = 0
    while true {
      let (left, right) = (parent * 2 + 1, parent * 2 + 2)
      var first = parent
      if left < heap.count, precedes(heap[left], heap[first]) { first = left }
      if right < heap.count, precedes(heap[right], heap[first]) { first = right }
      guard first != parent else { break }
      heap.swapAt(first, parent)
      parent = first
    }
    return top.id
  }

  private func precedes(_ a: (time: Int64, order: Int, id: ID), _ b: (time: Int64, order: Int, id: ID))
    -> Bool
  {
    a.time != b.time ? a.time > b.time : a.order < b.order
  }
}
