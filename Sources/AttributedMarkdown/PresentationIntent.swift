#if !canImport(Darwin)
  /// The block structure of a run, with the names and shape of Apple Foundation's
  /// `PresentationIntent`, which Foundation on Linux does not have (swift-foundation issue #44).
  ///
  /// On Apple platforms `AttributedString(gitHubMarkdown:)` uses Foundation's own type and this
  /// one is not compiled, so code written for Apple's `AttributedString(markdown:)` reads the same
  /// runs on both:
  ///
  /// ```swift
  /// let string = AttributedString(gitHubMarkdown: "## Usage\n")
  /// for run in string.runs {
  ///   if case .header(let level) = run.presentationIntent?.components.first?.kind {
  ///     print(level, string[run.range])  // 2 Usage
  ///   }
  /// }
  /// ```
  ///
  /// `components` lists the blocks from the innermost out, each with a `kind` and an `identity`
  /// unique in the document. In a file that also imports `RichText`, which has a
  /// `PresentationIntent` of its own, write `AttributedMarkdown.PresentationIntent`.
  public struct PresentationIntent: Hashable, Codable, Sendable, CustomDebugStringConvertible {
    /// The blocks around a run, innermost first.
    public var components: [IntentType]

    /// An intent with no blocks.
    public init() { components = [] }

    /// An intent for a block of `kind` inside `parent`.
    ///
    /// ```swift
    /// let list = PresentationIntent(.unorderedList, identity: 1)
    /// let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
    /// item.components.map(\.kind)  // [.listItem(ordinal: 1), .unorderedList]
    /// ```
    public init(_ kind: Kind, identity: Int, parent: PresentationIntent? = nil) {
      components = [IntentType(kind: kind, identity: identity)] + (parent?.components ?? [])
    }

    /// How many lists and block quotes enclose the run.
    public var indentationLevel: Int {
      components.count { component in
        switch component.kind {
        case .orderedList, .unorderedList, .blockQuote: true
        default: false
        }
      }
    }

    /// Whether this intent lies inside `other`: `other`'s blocks are the outermost of this one's.
    public func isSubintent(of other: PresentationIntent) -> Bool {
      components.count >= other.components.count
        && components.suffix(other.components.count) == other.components[...]
    }

    /// The components, innermost first, as `kind #identity`.
    public var debugDescription: String {
      components.map(\.debugDescription).joined(separator: ", ")
    }
  }

  extension PresentationIntent {
    /// One block: its kind and its identity, unique within the document.
    public struct IntentType: Hashable, Codable, Sendable, CustomDebugStringConvertible {
      /// What kind of block it is.
      public var kind: Kind
      /// A number unique within the document: adjacent blocks of one kind differ by it.
      public var identity: Int

      /// Creates a component.
      public init(kind: Kind, identity: Int) {
        self.kind = kind
        self.identity = identity
      }

      /// `kind #identity`.
      public var debugDescription: String { "\(kind) #\(identity)" }
    }

    /// The kinds of block, Foundation's twelve.
    public enum Kind: Hashable, Codable, Sendable {
      /// A paragraph.
      case paragraph
      /// A heading of `level` 1 to 6.
      case header(level: Int)
      /// A numbered list.
      case orderedList
      /// A bulleted list.
      case unorderedList
      /// An item of a list, numbered from 1 within its list.
      case listItem(ordinal: Int)
      /// A code block; `languageHint` is the first word of its info string.
      case codeBlock(languageHint: String?)
      /// A block quote.
      case blockQuote
      /// A thematic break (`---`).
      case thematicBreak
      /// A table with its columns.
      case table(columns: [TableColumn])
      /// The header row of a table.
      case tableHeaderRow
      /// A body row, numbered from 1.
      case tableRow(rowIndex: Int)
      /// A cell, numbered from 0 within its row.
      case tableCell(columnIndex: Int)
    }

    /// A table column.
    public struct TableColumn: Hashable, Codable, Sendable {
      /// How a column's cells are aligned, with Foundation's raw values.
      public enum Alignment: Int, Hashable, Codable, Sendable {
        /// `:--`, and columns with no alignment given.
        case left = 0
        /// `:-:`
        case center = 1
        /// `--:`
        case right = 2
      }

      /// The column's alignment.
      public var alignment: Alignment

      /// Creates a column.
      public init(alignment: Alignment) { self.alignment = alignment }
    }
  }
#endif
