import CLI

/// `Checking external links: 120/450` on standard error, redrawn in place; only on a terminal,
/// outside CI, and not with `--format json` or `github`.
final class ExternalProgress {
  private let io: CommandIO
  private let isEnabled: Bool
  private var shown = false

  init(io: CommandIO, quiet: Bool) {
    self.io = io
    isEnabled =
      io.isTerminal && !quiet && io.environmentVariable("CI") == nil
      && io.environmentVariable("TERM") != "dumb"
  }

  /// Draws `done` of `total`.
  func update(done: Int, total: Int) {
    guard isEnabled else { return }
    shown = true
    io.writeError("\rChecking external links: \(done)/\(total)")
  }

  /// Clears the line, if it was drawn.
  func finish() {
    if shown { io.writeError("\r\u{1B}[2K") }
  }
}
