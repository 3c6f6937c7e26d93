import CLI
import Foundation
import Site

/// What checks a site's http and https links for `folio check --external`: the site's URLs
/// with their places, folio.yaml's `externalLinks:` settings, the project folder (for the
/// cache), whether the cache is used, and a progress callback. `folio-serve` passes
/// `ExternalLinkCheck.run` (the ExternalLinks module, over libcurl); `folio-site` has none.
public typealias ExternalLinkChecker = (
  _ links: [ExternalLinkReference], _ settings: ExternalLinkSettings, _ projectRoot: URL, _ usesCache: Bool,
  _ progress: @escaping (_ done: Int, _ total: Int) -> Void
) -> ExternalLinkReport

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
