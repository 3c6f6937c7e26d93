import Diagnostics
import Foundation

/// What is wrong with an image a page shows, or what was done to a published one: put into
/// words here, at the place each is found.
package enum ImageWarning: Sendable, Equatable {
  /// `![](photo.jpg)`: no alt text, which screen readers and search engines read instead.
  case missingAltText(String)
  /// Shown wider than the file's pixels (`=800x` on a 400-pixel file).
  case upscaled(file: String, shown: Int, natural: Int)
  /// A source file larger than `images.budget`.
  case overBudget(file: String, bytes: Int, budget: Int)
  /// The file could not be processed; it is published as it is.
  case notProcessed(file: String, reason: String)
  /// The file held a GPS position, which was left out of everything published.
  case locationRemoved(file: String)

  /// The diagnostic at `location`.
  package func diagnostic(at location: SourceLocation?) -> Diagnostic {
    switch self {
    case .missingAltText(let source):
      return .warning(
        "image '\(source)' has no alt text", at: location,
        hint:
          "describe it between the brackets, ![a red bicycle](\(source)); if it is only decoration, set images: {decorative: true} in folio.yaml"
      )
    case .upscaled(let file, let shown, let natural):
      return .warning(
        "image '\(file)' is shown \(shown) pixels wide but the file is \(natural): it will look blurred",
        at: location, hint: "use a larger file, or a width of at most \(natural)")
    case .overBudget(let file, let bytes, let budget):
      return .warning(
        "image '\(file)' is \(ImageWarning.megabytes(bytes)), over the budget of \(ImageWarning.megabytes(budget)) (images.budget)",
        at: location, hint: "export it smaller, or raise images.budget in folio.yaml")
    case .notProcessed(let file, let reason):
      return .warning(
        "image '\(file)' was published as it is: \(reason)", at: location,
        hint: "check that the file opens in an image viewer, or save it again as JPEG, PNG or WebP")
    case .locationRemoved(let file):
      return Diagnostic(
        .note, "image '\(file)' held a GPS position, which was left out of the published files", at: location)
    }
  }

  static func megabytes(_ bytes: Int) -> String {
    bytes >= 1_000_000
      ? String(format: "%.1f MB", Double(bytes) / 1_000_000) : "\(max(1, bytes / 1000)) KB"
  }
}
