import RichText

/// Zenn's sized images, `![alt](a.png =250x)` (also `=x100`, `=250x100`): an image with an
/// ``ImageSize``, which HTML writes as `width` and `height`.
///
/// A destination followed by ` =…` is no link destination to cmark-gfm, so the whole thing is
/// text; an image is found inside one text run: `![`, alternative text without markup or
/// brackets, `](`, a destination without spaces, spaces, `=`, digits, `x`, digits (one side at
/// least), `)`.
enum ImageSizes {
  /// One sized image in a run's bytes.
  struct Match {
    var run: Int
    /// `!` to `)` inclusive.
    var range: Range<Int>
    var alt: Range<Int>
    var image: Image
  }

  /// `text` with its sized images as images; `text` itself when it has none.
  static func rewrite(_ text: AttributedText) -> AttributedText {
    guard mayHaveSize(text.bytes) else { return text }
    var matches: [Int: [Match]] = [:]
    for run in text.runs where run.kind == .text && run.image == nil && !InlineFootnotes.isCode(run) {
      let found = find(in: Array(run.utf8), run: run.index)
      if !found.isEmpty { matches[run.index] = found }
    }
    guard !matches.isEmpty else { return text }
    var splicer = ImageSizeSplicer(matches: matches)
    text.walk(&splicer)
    return splicer.builder.build()
  }

  /// Whether `bytes` hold ` =` followed by a digit or `x` anywhere: one fast scan that most
  /// pages fail.
  static func mayHaveSize(_ bytes: [UInt8]) -> Bool {
    var index = 1
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "="), bytes[index - 1] == UInt8(ascii: " ") {
        let next = bytes[index + 1]
        if next == UInt8(ascii: "x") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { return true }
      }
      index += 1
    }
    return false
  }

  static func find(in bytes: [UInt8], run: Int) -> [Match] {
    var matches: [Match] = []
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "!"), bytes[index + 1] == UInt8(ascii: "["),
        let match = match(bytes, at: index, run: run)
      {
        matches.append(match)
        index = match.range.upperBound
      } else {
        index += 1
      }
    }
    return matches
  }

  private static func match(_ bytes: [UInt8], at start: Int, run: Int) -> Match? {
    func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }
    var cursor = start + 2
    while let next = byte(cursor), next != UInt8(ascii: "]") {
      if next == UInt8(ascii: "[") { return nil }
      cursor += 1
    }
    let alt = (start + 2)..<cursor
    guard byte(cursor + 1) == UInt8(ascii: "(") else { return nil }
    cursor += 2
    let destinationStart = cursor
    while let next = byte(cursor), next != UInt8(ascii: " "), next != UInt8(ascii: ")") { cursor += 1 }
    let destination = destinationStart..<cursor
    guard !destination.isEmpty, byte(cursor) == UInt8(ascii: " ") else { return nil }
    while byte(cursor) == UInt8(ascii: " ") { cursor += 1 }
    guard byte(cursor) == UInt8(ascii: "=") else { return nil }
    cursor += 1
    let width = number(bytes, &cursor)
    guard byte(cursor) == UInt8(ascii: "x") else { return nil }
    cursor += 1
    let height = number(bytes, &cursor)
    while byte(cursor) == UInt8(ascii: " ") { cursor += 1 }
    guard byte(cursor) == UInt8(ascii: ")"), width != nil || height != nil else { return nil }
    var image = Image(sourceBytes: Array(bytes[destination]), titleBytes: [])
    image.size = ImageSize(width: width, height: height)
    return Match(run: run, range: start..<(cursor + 1), alt: alt, image: image)
  }

  /// The decimal number at `cursor` (at most six digits), moving past it; nil when none.
  private static func number(_ bytes: [UInt8], _ cursor: inout Int) -> Int? {
    var value = 0
    var digits = 0
    while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]), digits < 6 {
      value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
      cursor += 1
      digits += 1
    }
    return digits > 0 ? value : nil
  }
}

/// Copies a text, putting an image container in place of each sized image's text.
struct ImageSizeSplicer: AttributedTextVisitor {
  let matches: [Int: [ImageSizes.Match]]
  var builder = AttributedTextBuilder()

  mutating func enterBlock(_ block: PresentationIntent.Component) {
    builder.openBlock(block.kind, span: block.sourceSpan)
  }
  mutating func exitBlock(_ block: PresentationIntent.Component) { builder.closeBlock() }
  mutating func enterInline(_ container: InlineIntent.Component) {
    builder.openInline(container.kind, span: container.sourceSpan)
  }
  mutating func exitInline(_ container: InlineIntent.Component) { builder.closeInline() }

  mutating func visitRun(_ run: Run) {
    if run.kind == .footnoteReference, let reference = run.footnoteReference {
      builder.appendFootnoteReference(reference, span: run.sourceSpan)
      return
    }
    guard let found = matches[run.index] else {
      builder.appendRun(run.kind, utf8: Array(run.utf8), span: run.sourceSpan)
      return
    }
    let bytes = Array(run.utf8)
    var position = 0
    for match in found {
      if match.range.lowerBound > position { piece(position..<match.range.lowerBound, of: run, bytes) }
      builder.openInline(.image(match.image), span: InlineFootnotes.span(of: match.range, in: run))
      if match.alt.isEmpty {
        builder.appendRun(.empty, text: "", span: InlineFootnotes.span(of: match.range, in: run))
      } else {
        piece(match.alt, of: run, bytes)
      }
      builder.closeInline()
      position = match.range.upperBound
    }
    if position < bytes.count { piece(position..<bytes.count, of: run, bytes) }
  }

  private mutating func piece(_ range: Range<Int>, of run: Run, _ bytes: [UInt8]) {
    builder.appendRun(.text, utf8: Array(bytes[range]), span: InlineFootnotes.span(of: range, in: run))
  }
}
