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
public struct AttributedText: Sendable {
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
  public var characters: String { String(decoding: storage.bytes, as: UTF8.self) }

  /// Whether the text has no runs at all (an empty or blank document).
  public var isEmpty: Bool { storage.runs.isEmpty }

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
