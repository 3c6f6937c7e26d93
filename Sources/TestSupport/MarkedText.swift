import Diagnostics

/// Text with `1️⃣`…`9️⃣` markers taken out, remembering where each stood as a 1-based line and
/// UTF-8 byte column, so an expected location is written next to what it points at.
public struct MarkedText: Sendable {
  /// The marker characters, in order.
  public static let markerNames: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

  /// The text without its markers.
  public let text: String
  /// Where each marker stood.
  public let positions: [Character: (line: Int, column: Int)]

  /// Removes the markers from `marked`.
  public init(_ marked: String) {
    var text = ""
    var positions: [Character: (line: Int, column: Int)] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if MarkedText.markerNames.contains(character) {
        positions[character] = (line, column)
        continue
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        // Columns count UTF-8 bytes, as cmark-gfm, libyaml and ``SourceLocation`` do.
        column += character.utf8.count
      }
    }
    self.text = text
    self.positions = positions
  }

  /// The location of `marker` in the file `path`, its line shifted by `lineOffset` (for text
  /// that starts further down a file), or nil when the text has no such marker.
  public func location(_ marker: Character, path: String, lineOffset: Int = 0) -> SourceLocation? {
    positions[marker].map { SourceLocation(path: path, line: $0.line + lineOffset, column: $0.column) }
  }
}
