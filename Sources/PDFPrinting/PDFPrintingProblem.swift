/// Why a page could not be printed to PDF; each case renders as one sentence.
public enum PDFPrintingProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// No executable Chromium at `executable`.
  case chromiumMissing(executable: String)
  /// Chromium could not be started at all (a system call failed, or the profile folder could not
  /// be made): the reason.
  case couldNotStart(reason: String)
  /// Chromium ended before the PDF was made: how it ended, and the last lines it wrote to
  /// standard error.
  case chromiumExitedEarly(status: String, lastLines: [String])
  /// Chromium answered a DevTools call (`method`) with an error (`message`).
  case protocolError(method: String, message: String)
  /// The whole print took longer than the printer's timeout (`after`), and Chromium was ended.
  case timedOut(after: Duration)
  /// The page at `path` did not load: the reason Chromium gave, or that it is not among the
  /// files.
  case pageFailedToLoad(path: String, reason: String)

  /// The message, naming what to install when Chromium is missing.
  public var description: String {
    switch self {
    case .chromiumMissing(let executable):
      "printing PDF needs Chromium, which is not installed at \(executable): "
        + "install Debian's 'chromium' package (apt-get install chromium)"
    case .couldNotStart(let reason):
      "Chromium could not be started: \(reason)"
    case .chromiumExitedEarly(let status, let lastLines):
      "Chromium \(status) before the PDF was made"
        + (lastLines.isEmpty ? "" : "; it last wrote: " + lastLines.joined(separator: " | "))
    case .protocolError(let method, let message):
      "Chromium refused the DevTools call \(method): \(message)"
    case .timedOut(let limit):
      "Chromium did not finish printing within \(limit.components.seconds) s and was ended"
    case .pageFailedToLoad(let path, let reason):
      "the page \(path) could not be loaded for printing: \(reason)"
    }
  }
}
