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

  /// Turns the sized images of `tables` into images: each run that holds one is cut in its
  /// table into the text before, an image container over its alternative text, and the text after.
  static func rewrite(_ tables: inout TextTables) {
    // By run position, in order (found run after run): the rewriting loop walks them with a
    // cursor instead of a dictionary look-up per run.
    var matches: [(run: Int, found: [Match])] = []
    do {
      let text = tables.intermediateText()
      let bytes = text.bytes
      // The bytes first (a sized image needs a `=`), then the chains, for the few runs left.
      for (index, record) in text.runRecords.enumerated()
      where record.kind == .text && ByteScan.contains(UInt8(ascii: "="), in: bytes, record.start..<record.end)
      {
        let run = text.runs[index]
        guard run.image == nil, !InlineFootnotes.isCode(run) else { continue }
        let found = find(in: Array(run.utf8), run: index)
        if !found.isEmpty { matches.append((index, found)) }
      }
    }
    guard !matches.isEmpty else { return }
    var runs: [RunRecord] = []
    runs.reserveCapacity(tables.runs.count + matches.count * 3)
    var next = 0
    for (position, run) in tables.runs.enumerated() {
      guard next < matches.count, matches[next].run == position else {
        runs.append(run)
        continue
      }
      let found = matches[next].found
      next += 1
      var offset = 0
      for match in found {
        if match.range.lowerBound > offset { runs.append(piece(offset..<match.range.lowerBound, of: run)) }
        let span = InlineFootnotes.span(of: match.range, in: run)
        let image = tables.addInline(.image(match.image), parent: run.inline, span: span)
        if match.alt.isEmpty {
          let at = run.start + match.range.lowerBound
          runs.append(
            RunRecord(
              start: at, end: at, block: run.block, inline: image, kind: .empty, payload: -1, span: span))
        } else {
          var alt = piece(match.alt, of: run)
          alt.inline = image
          runs.append(alt)
        }
        offset = match.range.upperBound
      }
      if offset < run.end - run.start { runs.append(piece(offset..<(run.end - run.start), of: run)) }
    }
    tables.runs = runs
  }

  /// Bytes `range` of a text run, as a text run of their own.
  private static func piece(_ range: Range<Int>, of run: RunRecord) -> RunRecord {
    var piece = run
    piece.start = run.start + range.lowerBound
    piece.end = run.start + range.upperBound
    piece.kind = .text
    piece.span = InlineFootnotes.span(of: range, in: run)
    return piece
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
