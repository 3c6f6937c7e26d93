internal import Foundation
internal import RichText

// RichText has types of these names too; on Apple platforms Foundation's are meant, elsewhere
// this module's.
#if canImport(Darwin)
  private typealias AppleIntent = Foundation.PresentationIntent
  private typealias AppleInlineIntent = Foundation.InlinePresentationIntent
#else
  private typealias AppleIntent = PresentationIntent
  private typealias AppleInlineIntent = InlinePresentationIntent
#endif

/// Turns Folio runs into `AttributedString` runs: Folio's block chains into Foundation-shaped
/// presentation intents (built once per block and shared by its runs), and the inline chain
/// into Foundation's bits, link and image URL.
struct AttributedStringConverter {
  /// The converted chain of each block seen so far, by block identity.
  private var intents: [Int: AppleIntent] = [:]

  mutating func convert(_ text: AttributedText) -> AttributedString {
    var result = AttributedString()
    for run in text.runs where run.kind != .empty {
      result.append(AttributedString(run.text, attributes: attributes(of: run)))
    }
    return result
  }

  private mutating func attributes(of run: Run) -> AttributeContainer {
    var container = AttributeContainer()
    if let chain = run.presentationIntent {
      if let intent = intent(for: chain) { container.presentationIntent = intent }
      for block in chain.components {
        switch block.kind {
        case .footnoteDefinition(let label, _, _): container.footnoteDefinition = label
        case .listItem(_, let task?) where container.taskItemIsChecked == nil:
          container.taskItemIsChecked = task == .checked
        default: break
        }
      }
    }
    let bits = run.inlinePresentationIntent.rawValue
    if bits != 0 { container.inlinePresentationIntent = AppleInlineIntent(rawValue: bits) }
    if let link = run.link, let url = URL(string: link.url) { container.link = url }
    if let image = run.image, let url = URL(string: image.source) { container.imageURL = url }
    if let reference = run.footnoteReference { container.footnoteReference = reference.label }
    let custom = run.customAttributes
    if !custom.entries.isEmpty { container.customAttributes = custom }
    return container
  }

  /// Foundation's intent for a Folio chain; nil when no block of it is one Foundation knows.
  private mutating func intent(for chain: RichText.PresentationIntent) -> AppleIntent? {
    let innermost = chain.innermost.identity
    if let known = intents[innermost] { return known }
    var parent: AppleIntent? = nil
    for block in chain.components.reversed() {
      if let known = intents[block.identity] {
        parent = known
        continue
      }
      if let kind = Self.kind(of: block.kind) {
        parent = AppleIntent(kind, identity: block.identity, parent: parent)
      }
      // A block Foundation has no kind for (raw HTML, a footnote definition) adds nothing: its
      // children sit in its parent.
      if let parent { intents[block.identity] = parent }
    }
    return parent
  }

  /// Foundation's kind for a Folio kind: the list and code details Foundation does not carry
  /// are dropped, and a column without alignment reads as left-aligned.
  private static func kind(of kind: RichText.PresentationIntent.Kind) -> AppleIntent.Kind? {
    switch kind {
    case .paragraph: .paragraph
    case .header(let level): .header(level: level)
    case .orderedList: .orderedList
    case .unorderedList: .unorderedList
    case .listItem(let ordinal, _): .listItem(ordinal: ordinal)
    case .codeBlock(let languageHint, _, _): .codeBlock(languageHint: languageHint)
    case .blockQuote: .blockQuote
    case .thematicBreak: .thematicBreak
    case .table(let columns): .table(columns: columns.map(column))
    case .tableHeaderRow: .tableHeaderRow
    case .tableRow(let rowIndex): .tableRow(rowIndex: rowIndex)
    case .tableCell(let columnIndex): .tableCell(columnIndex: columnIndex)
    // A callout reads as the block quote GitHub's alerts are written as; Foundation has no
    // kind for a disclosure, whose blocks read as if it were not there.
    case .callout: .blockQuote
    case .figureCaption: .paragraph
    // A displayed formula reads as the ```` ```math ```` fence GitHub also accepts.
    case .math: .codeBlock(languageHint: "math")
    case .htmlBlock, .footnoteDefinition, .disclosure, .figure, .tabs, .tab: nil
    }
  }

  private static func column(_ column: RichText.PresentationIntent.TableColumn)
    -> AppleIntent.TableColumn
  {
    switch column.alignment {
    case .none, .left: AppleIntent.TableColumn(alignment: .left)
    case .center: AppleIntent.TableColumn(alignment: .center)
    case .right: AppleIntent.TableColumn(alignment: .right)
    }
  }
}
