import Foundation
import SyntaxHighlighting
import Testing

/// Definitions come from the library alone: a file in the user's or the system's data folders
/// (where KSyntaxHighlighting also looks) would make one machine's build differ from another's,
/// and would be a read outside the site.
@Suite(.serialized) struct BuiltInDefinitionsTests {
  /// A definition file named `name`, with no rules, so that code highlighted with it has no
  /// keyword tokens.
  private static func definition(named name: String, version: Int) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE language>
    <language name="\(name)" section="Other" extensions="*.planted" version="\(version)" kateversion="5.0">
      <highlighting>
        <contexts><context name="Normal" attribute="Normal Text" lineEndContext="#stay"/></contexts>
        <itemDatas><itemData name="Normal Text" defStyleNum="dsNormal"/></itemDatas>
      </highlighting>
    </language>
    """
  }

  /// Plants `files` (file name → text) where KSyntaxHighlighting looks for definitions, runs
  /// `body`, and takes them away again.
  private static func withPlanted(_ files: [String: String], _ body: () throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-xdg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let syntax = folder.appendingPathComponent("org.kde.syntax-highlighting/syntax")
    try FileManager.default.createDirectory(at: syntax, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: syntax.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let saved = (getenv("XDG_DATA_HOME").map { String(cString: $0) })
    setenv("XDG_DATA_HOME", folder.path, 1)
    defer {
      if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
    }
    try body()
  }

  @Test func aNewDefinitionInTheUsersDataFolderIsNotListed() throws {
    try Self.withPlanted(["planted.xml": Self.definition(named: "FolioPlantedLanguage", version: 1)]) {
      let names = SyntaxHighlighter().definitions().map(\.name)
      #expect(names.contains("Swift"))
      #expect(!names.contains("FolioPlantedLanguage"))
    }
  }

  @Test func aDefinitionThatReplacesABuiltInOneIsNotUsed() throws {
    try Self.withPlanted(["rust.xml": Self.definition(named: "Rust", version: 9999)]) {
      let highlighter = SyntaxHighlighter()
      #expect(!highlighter.definitions().map(\.name).contains("Rust"))
      #expect(highlighter.tokens(of: "fn main() {}", definition: "Rust") == nil)
    }
  }
}
