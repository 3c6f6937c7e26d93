/// What became of a photo among the static files, as pages read it: variants were made, named
/// with the stamp of its bytes, or none could be, for the reason given.
package enum PhotoState: Hashable, Sendable, CustomStringConvertible {
  /// Variants exist, named with this stamp (``ImageVariant``).
  case stamped(String)
  /// No variants: the file is published as it is, and each page that shows it says why.
  case failed(String)

  /// The stamp, or `!` and the reason: the value of the link fact a page rests on.
  package var description: String {
    switch self {
    case .stamped(let stamp): stamp
    case .failed(let reason): "!" + reason
    }
  }

  /// The stamp, when variants exist.
  package var stamp: String? {
    if case .stamped(let stamp) = self { stamp } else { nil }
  }
}
