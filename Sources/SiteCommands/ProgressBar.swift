import CLI
import Dispatch
import Foundation
import Synchronization

/// A one-line progress bar on standard error, shown only on a terminal, outside CI, and only
/// once a build has run for a second (quick builds print nothing but their summary).
/// `NO_COLOR` turns colour off; the bar itself uses none but the final clearing.
final class ProgressBar: Sendable {
  private let io: CommandIO
  private let start = DispatchTime.now().uptimeNanoseconds
  private let isEnabled: Bool
  private let shown = Atomic<Bool>(false)

  init(io: CommandIO, quiet: Bool) {
    self.io = io
    isEnabled =
      io.isTerminal && !quiet && io.environmentVariable("CI") == nil
      && io.environmentVariable("TERM") != "dumb"
  }

  /// Draws `done` of `total`, if the build has been running for a second.
  func update(done: Int, total: Int) {
    guard isEnabled, total > 0, DispatchTime.now().uptimeNanoseconds - start > 1_000_000_000 else { return }
    shown.store(true, ordering: .relaxed)
    let width = 30
    let filled = width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    io.writeError("\r[\(bar)] \(done)/\(total) pages")
  }

  /// Clears the bar's line, if it was drawn.
  func finish() {
    if shown.load(ordering: .relaxed) { io.writeError("\r\u{1B}[2K") }
  }
}
