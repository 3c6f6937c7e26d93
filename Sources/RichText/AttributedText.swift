/// Folio's attributed string: text runs carrying presentation intents, the vocabulary of Apple
/// Foundation's `AttributedString`, built so that it loses nothing that HTML needs.
///
/// Markdown parsing produces one; renderers, tables of contents, summaries and link checks
/// read it. It is an immutable value: share it across threads freely.
///
/// ```swift
/// for run in text.runs where run.presentationIntent?.innermost.kind == .header(level: 1) {
///   print(run.text)
/// }
/// ```
///
/// Texts compare by value, run by run, as Foundation's `AttributedString` does: two parses of
/// the same Markdown are equal, and texts that differ in any run's text or attributes are not.
public struct AttributedText: Hashable, Sendable {
  let storage: TextStorage

  init(storage: TextStorage) {
    self.storage = storage
  }

  /// An empty text.
  public init() {
    self.init(storage: TextStorage(bytes: [], blocks: [], inlines: [], runs: [], footnoteReferences: []))
  }

  /// The runs in document order.
  public var runs: Runs { Runs(storage: storage) }

  /// All run text joined, as Foundation's `characters` (soft breaks read as spaces).
  ///
  /// For a slice (``prefix(topLevelBlocks:)``, ``slice(runs:)``) this is the slice's text
  /// only: a slice shares its document's tables, so the text is read run by run rather than
  /// as the whole byte table.
  ///
  /// ```swift
  /// let text = MarkdownParser().parse("One\n\nTwo\n")
  /// text.characters                          // "OneTwo"
  /// text.prefix(topLevelBlocks: 1).characters  // "One"
  /// ```
  public var characters: String { String(decoding: utf8, as: UTF8.self) }

  /// The UTF-8 bytes of all runs, joined: ``characters`` as parsed, invalid UTF-8 included.
  public var utf8: [UInt8] {
    let runs = storage.runs
    guard let first = runs.first, let last = runs.last else { return [] }
    // Runs are laid out one after the other in the byte table, so a text or a slice of
    // consecutive runs is one range of it; the loop is for texts that are not.
    if runs.count == 1 || isContiguous(runs) { return Array(storage.bytes[first.start..<last.end]) }
    var joined: [UInt8] = []
    for run in runs { joined += storage.bytes[run.start..<run.end] }
    return joined
  }

  /// Whether the text has no runs at all (an empty or blank document).
  public var isEmpty: Bool { storage.runs.isEmpty }

  /// Whether two texts have equal runs in the same order.
  public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
    lhs.storage === rhs.storage || lhs.runs.elementsEqual(rhs.runs)
  }

  /// Hashes every run.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(runs.count)
    for run in runs { hasher.combine(run) }
  }

  /// The runs of an ``AttributedText``, as a random-access collection.
  public struct Runs: RandomAccessCollection, Sendable {
    let storage: TextStorage

    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// The number of runs.
    public var endIndex: Int { storage.runs.count }

    /// The run at `position`.
    public subscript(position: Int) -> Run { Run(storage: storage, index: position) }
  }
}

private func isContiguous(_ runs: [RunRecord]) -> Bool {
  runs.indices.dropFirst().allSatisfy { runs[$0 - 1].end == runs[$0].start }
}

// Package-level access for renderers in this repository that read the tables directly
// for speed; other code uses runs, intents and visitors.
extension AttributedText {
  /// The concatenated UTF-8 bytes of all runs.
  package var bytes: [UInt8] { storage.bytes }
  /// The run table.
  package var runRecords: [RunRecord] { storage.runs }
  /// The block table.
  package var blockRecords: [BlockRecord] { storage.blocks }
  /// The inline-container table.
  package var inlineRecords: [InlineRecord] { storage.inlines }
  /// The footnote-reference table.
  package var footnoteReferenceRecords: [FootnoteReference] { storage.footnoteReferences }

  /// The public view of block `index`.
  package func blockComponent(at index: Int32) -> PresentationIntent.Component {
    storage.component(at: index)
  }

  /// The public view of the chain that starts at block `index`.
  package func presentationIntent(at index: Int32) -> PresentationIntent {
    PresentationIntent(table: storage, index: index)
  }
}
