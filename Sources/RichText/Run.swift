/// A run of an ``AttributedText``: a piece of text and everything known about it.
///
/// Runs compare by value: their kind, bytes, span, block and container chains and footnote
/// reference, not their position (``index``) or the text they were read from.
///
/// ```swift
/// let run = MarkdownParser().parse("**Thank you**").runs[0]
/// run.text                                                    // "Thank you"
/// run.inlinePresentationIntent.contains(.stronglyEmphasized)  // true
/// ```
public struct Run: Hashable, Sendable, CustomStringConvertible {
  let storage: TextStorage
  /// The run's position in ``AttributedText/runs``.
  public let index: Int

  init(storage: TextStorage, index: Int) {
    self.storage = storage
    self.index = index
  }

  var record: RunRecord { storage.runs[index] }

  /// What the run holds.
  public var kind: RunKind { record.kind }

  /// The run's text as UTF-8 bytes, exactly as parsed.
  public var utf8: ArraySlice<UInt8> {
    let record = record
    return storage.bytes[record.start..<record.end]
  }

  /// The run's text (invalid UTF-8, if the source had any, shows as U+FFFD).
  public var text: String { String(decoding: utf8, as: UTF8.self) }

  /// The block chain, innermost first; nil only for text built without blocks.
  public var presentationIntent: PresentationIntent? {
    let block = record.block
    return block < 0 ? nil : PresentationIntent(table: storage, index: block)
  }

  /// The inline container chain, innermost first; nil when the run is directly in its block.
  public var inlineIntent: InlineIntent? {
    let inline = record.inline
    return inline < 0 ? nil : InlineIntent(storage: storage, index: inline)
  }

  /// Foundation's view of the inline styles: the bits of every enclosing container plus the
  /// run's own kind.
  public var inlinePresentationIntent: InlinePresentationIntent {
    var intent: InlinePresentationIntent = []
    switch kind {
    case .code: intent.insert(.code)
    case .softBreak: intent.insert(.softBreak)
    case .lineBreak: intent.insert(.lineBreak)
    case .inlineHTML: intent.insert(.inlineHTML)
    case .blockHTML: intent.insert(.blockHTML)
    case .text, .footnoteReference, .empty: break
    }
    var cursor = record.inline
    while cursor >= 0 {
      let container = storage.inlines[Int(cursor)]
      switch container.kind {
      case .emphasized: intent.insert(.emphasized)
      case .stronglyEmphasized: intent.insert(.stronglyEmphasized)
      case .strikethrough: intent.insert(.strikethrough)
      // Foundation has no formulas: the TeX reads as code, as on a page without a renderer.
      case .math: intent.insert(.code)
      case .link, .image, .attributes, .headingAttributes: break
      }
      cursor = container.parent
    }
    return intent
  }

  /// The nearest enclosing link.
  public var link: Link? {
    firstContainer { if case .link(let link) = $0 { link } else { nil } }
  }

  /// The nearest enclosing image (the run is part of its alternative text).
  public var image: Image? {
    firstContainer { if case .image(let image) = $0 { image } else { nil } }
  }

  /// The footnote this run refers to, for `.footnoteReference` runs.
  public var footnoteReference: FootnoteReference? {
    let payload = record.payload
    return payload < 0 ? nil : storage.footnoteReferences[Int(payload)]
  }

  /// Custom attributes from every enclosing `^[…](…)`, inner values winning.
  public var customAttributes: CustomAttributes {
    var merged: [(key: String, value: AttributeValue)] = []
    var cursor = record.inline
    while cursor >= 0 {
      let container = storage.inlines[Int(cursor)]
      if case .attributes(let attributes) = container.kind {
        for entry in attributes.entries where !merged.contains(where: { $0.key == entry.key }) {
          merged.append(entry)
        }
      }
      cursor = container.parent
    }
    return CustomAttributes(merged)
  }

  /// Where the run came from in the source.
  public var sourceSpan: SourceSpan { record.span }

  /// The run as `dump()` prints it.
  public var description: String { "\(kind) \(sourceSpan) \(text.debugDescription)" }

  /// Whether two runs hold the same text with the same attributes.
  public static func == (lhs: Run, rhs: Run) -> Bool {
    let a = lhs.record
    let b = rhs.record
    if lhs.storage === rhs.storage, lhs.index == rhs.index { return true }
    return a.kind == b.kind && a.span == b.span && a.end - a.start == b.end - b.start
      && lhs.utf8.elementsEqual(rhs.utf8) && lhs.presentationIntent == rhs.presentationIntent
      && lhs.inlineIntent == rhs.inlineIntent && lhs.footnoteReference == rhs.footnoteReference
  }

  /// Hashes the run's text, kind, span and innermost block and container.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(sourceSpan)
    for byte in utf8 { hasher.combine(byte) }
    hasher.combine(presentationIntent)
    hasher.combine(inlineIntent)
    hasher.combine(footnoteReference)
  }

  private func firstContainer<T>(_ match: (InlineIntent.Kind) -> T?) -> T? {
    var cursor = record.inline
    while cursor >= 0 {
      let container = storage.inlines[Int(cursor)]
      if let found = match(container.kind) { return found }
      cursor = container.parent
    }
    return nil
  }
}
