extension AttributedText {
  /// A readable tree of the text, for tests and `folio render --dump`.
  ///
  /// One line per block, inline container and run, indented two spaces per level:
  /// blocks and containers print `kind#identity @span`, runs print `kind @span "text"` with
  /// the text escaped as a Swift string literal. For `> *hi*`:
  ///
  /// ```
  /// blockQuote#1 @1:1-1:6
  ///   paragraph#2 @1:3-1:6
  ///     emphasized#3 @1:3-1:6
  ///       text @1:4-1:5 "hi"
  /// ```
  public func dump() -> String {
    var printer = DumpPrinter(storage: storage)
    replayTree(into: &printer)
    return printer.output
  }
}

private struct DumpPrinter: TreeEventHandler {
  let storage: TextStorage
  var output = ""
  var level = 0

  mutating func line(_ text: String) {
    output += String(repeating: "  ", count: level) + text + "\n"
  }

  mutating func enterBlock(_ index: Int32) {
    let record = storage.blocks[Int(index)]
    line("\(record.kind)#\(record.identity) @\(record.span)")
    level += 1
  }

  mutating func exitBlock(_ index: Int32, isLastChild: Bool) { level -= 1 }

  mutating func enterInline(_ index: Int32) {
    let record = storage.inlines[Int(index)]
    line("\(record.kind)#\(record.identity) @\(record.span)")
    level += 1
  }

  mutating func exitInline(_ index: Int32) { level -= 1 }

  mutating func visitRun(_ index: Int) {
    let run = Run(storage: storage, index: index)
    var text = "\(run.kind) @\(run.sourceSpan)"
    if run.kind != .empty { text += " " + run.text.debugDescription }
    if let reference = run.footnoteReference { text += " \(reference)" }
    line(text)
  }
}
