import CodeBlocks
import SiteContent

/// Build-time syntax highlighting of code blocks (`CodeBlocks`): its folio.yaml section
/// (`highlight:`), each page's code blocks written as highlighted spans, the stylesheet of the
/// themes' colours, and the installed definitions and themes in the build cache's key.
struct HighlightFeature: SiteFeature {
  var settingsSection: (any SettingsSection.Type)? { HighlightSettings.self }

  /// The page's code blocks as spans of the highlighter's token classes, with warnings for
  /// fences naming a language the library does not know.
  func prepare(_ page: inout PagePass) throws {
    guard page.configuration.highlight != nil else { return }
    let code = HighlightedCodeBlocks(text: page.text, path: page.page.sourcePath, highlighter: .shared)
    if !code.isEmpty { page.components.codeBlocks = code }
    page.warnings += code.warnings
  }

  /// `assets/folio-highlight.css`, the token colours of the light and dark themes.
  func outputs(_ configuration: SiteConfiguration) -> [String: [UInt8]] {
    guard let highlight = configuration.highlight else { return [:] }
    return [Self.stylesheet: Array(CodeHighlighter.shared.stylesheet(for: highlight).utf8)]
  }

  func reservedOutputs(_ configuration: SiteConfiguration) -> [ReservedOutput] {
    guard configuration.highlight != nil else { return [] }
    return [
      ReservedOutput(
        path: Self.stylesheet, owner: "the code highlighting stylesheet", setting: "highlight: false")
    ]
  }

  func stylesheets(_ configuration: SiteConfiguration) -> [String] {
    configuration.highlight == nil ? [] : ["/" + Self.stylesheet]
  }

  /// The definitions and themes found where KSyntaxHighlighting looks (the system's and the
  /// user's folders): a new definition can highlight a block that was plain.
  func cacheKeyText(_ configuration: SiteConfiguration) -> [UInt8]? {
    guard configuration.highlight != nil else { return nil }
    let contents = CodeHighlighter.shared.pool.contents
    let definitions = contents.definitions.map { "\($0.name)\t\($0.fileNamePatterns)" }
    return Array((definitions + contents.themeNames).joined(separator: "\n").utf8)
  }

  /// The stylesheet's output path.
  static let stylesheet = "assets/folio-highlight.css"
}
