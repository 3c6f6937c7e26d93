import Diagnostics
import TestSupport

extension MarkedText {
  /// The location of `marker` in the fixture file name these tests use, `test.yaml`.
  func location(_ marker: Character, lineOffset: Int = 0) -> SourceLocation? {
    location(marker, path: "test.yaml", lineOffset: lineOffset)
  }
}
