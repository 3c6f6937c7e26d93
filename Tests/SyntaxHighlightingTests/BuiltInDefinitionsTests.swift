import Foundation
import SyntaxHighlighting
import Testing

/// Definitions come from the library alone: a file in the user's or the system's data folders
/// (where KSyntaxHighlighting also looks) would make one machine's build differ from another's,
/// and would be a read outside the site.
@Suite struct BuiltInDefinitionsTests {
  @Test func aDefinitionInTheUsersDataFolderIsNotLoaded() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-xdg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let syntax = folder.appendingPathComponent("org.kde.syntax-highlighting/syntax")
    try FileManager.default.createDirectory(at: syntax, withIntermediateDirectories: true)
    let definition = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE language>
      <language name="FolioPlantedLanguage" section="Other" extensions="*.planted" version="1" kateversion="5.0">
        <highlighting>
          <contexts><context name="Normal" attribute="Normal Text" lineEndContext="#stay"/></contexts>
          <itemDatas><itemData name="Normal Text" defStyleNum="dsNormal"/></itemDatas>
        </highlighting>
      </language>
      """
    try definition.write(to: syntax.appendingPathComponent("planted.xml"), atomically: true, encoding: .utf8)
    setenv("XDG_DATA_HOME", folder.path, 1)
    setenv("XDG_DATA_DIRS", folder.path, 1)
    let names = SyntaxHighlighter().definitions().map(\.name)
    #expect(names.contains("Swift"))
    #expect(!names.contains("FolioPlantedLanguage"))
  }
}
