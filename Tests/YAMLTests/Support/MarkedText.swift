import Diagnostics

/// Fixture text with `1️⃣`…`9️⃣` markers: the text without them, and where each one stood as a
/// 1-based line and UTF-8 byte column, so expected locations are written next to what they point at.
struct MarkedText {
  let text: String
  private let markers: [Character: (line: Int, column: Int)]

  init(_ marked: String) {
    let names: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
    var text = ""
    var markers: [Character: (line: Int, column: Int)] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if names.contains(character) {
        markers[character] = (line, column)
        continue
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
    }
    self.text = text
    self.markers = markers
  }

  /// The location of `marker` in `path`, with `lineOffset` added to the line.
  func location(_ marker: Character, path: String = "test.yaml", lineOffset: Int = 0) -> SourceLocation? {
    markers[marker].map { SourceLocation(path: path, line: $0.line + lineOffset, column: $0.column) }
  }
}
