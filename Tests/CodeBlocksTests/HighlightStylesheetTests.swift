import CodeBlocks
import HTMLRendering
import MarkdownParsing
import SyntaxHighlighting
import Testing

/// The stylesheet: a rule for every class in both schemes, and the default themes readable.
@Suite struct HighlightStylesheetTests {
  private let settings = HighlightSettings()
  private var css: String { CodeHighlighter.shared.stylesheet(for: settings) }

  @Test func stylesEveryTokenClassInBothSchemes() throws {
    let css = self.css
    let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"))
    let (lightPart, darkPart) = (css[..<dark.lowerBound], css[dark.upperBound...])
    for style in TextStyle.allCases {
      guard let name = style.className else { continue }
      #expect(lightPart.contains(".folio-code .\(name) { color: #"), "\(name)")
      #expect(darkPart.contains(".folio-code .\(name) { color: #"), "\(name)")
    }
    for structure in [
      ".folio-code pre", ".folio-code-title", ".folio-linenos .folio-line::before", ".folio-line-marked",
    ] {
      #expect(lightPart.contains(structure + " {"), "\(structure)")
      #expect(darkPart.contains(structure + " {"), "\(structure)")
    }
  }

  @Test func everyClassABlockUsesIsStyled() {
    let markdown = [
      "swift", "rust", "python", "yaml", "bash", "typescript", "c++", "go", "json", "html", "css", "sql",
    ]
    .map {
      "```\($0)\n// c\n# c\nlet x = \"s\\n\" + 1.5 + 0x1F; if true { return nil } <a b=\"c\">\nSELECT * FROM t;\n```\n"
    }
    .joined(separator: "\n")
    let text = MarkdownParser().parse(markdown)
    let html = HTMLRenderer().render(
      text, blockOverride: HighlightedCodeBlocks(text: text, path: "p.md", highlighter: .shared))
    let used = Set(html.split(separator: "<span class=\"").dropFirst().map { $0.prefix { $0 != "\"" } })
    #expect(used.count > 8)
    for name in used {
      let selector = name.hasPrefix("folio-") ? ".\(name)" : ".folio-code .\(name) {"
      #expect(css.contains(selector), "\(name)")
    }
  }

  /// WCAG AA: every token colour, the line numbers and the title on the code background, at
  /// least 4.5:1 in both default themes.
  @Test func defaultThemesMeetWCAGAA() throws {
    for name in [HighlightSettings.defaultLightTheme, HighlightSettings.defaultDarkTheme] {
      let theme = try #require(SyntaxHighlighterPool.shared.theme(named: name))
      let background = HighlightStylesheet.background(of: theme)
      var lowest = (ratio: 21.0, what: "")
      for style in TextStyle.allCases {
        let ratio = HighlightStylesheet.textColor(of: style, in: theme).contrastRatio(with: background)
        if ratio < lowest.ratio { lowest = (ratio, "\(style)") }
        #expect(ratio >= 4.5, "\(name) \(style): \(ratio)")
      }
      let numbers = HighlightStylesheet.lineNumberColor(of: theme).contrastRatio(with: background)
      #expect(numbers >= 4.5, "\(name) line numbers: \(numbers)")
      for fill in [
        HighlightStylesheet.markedBackground(of: theme), HighlightStylesheet.titleBackground(of: theme),
      ] {
        for style in TextStyle.allCases {
          let ratio = HighlightStylesheet.textColor(of: style, in: theme).contrastRatio(with: fill)
          #expect(ratio >= 4.5, "\(name) \(style) on \(fill): \(ratio)")
        }
      }
      print("contrast \(name): lowest \(lowest.what) \(lowest.ratio), line numbers \(numbers)")
    }
  }

  /// A block stands out from a white or black page (GitHub Light's own background is white),
  /// and a marked line from the block, in both default themes.
  @Test func blocksAndMarkedLinesAreSeen() throws {
    let white = ThemeColor(red: 255, green: 255, blue: 255)
    let light = try #require(SyntaxHighlighterPool.shared.theme(named: HighlightSettings.defaultLightTheme))
    #expect(HighlightStylesheet.background(of: light).contrastRatio(with: white) >= 1.04)
    #expect(css.contains(".folio-code pre { background: \(HighlightStylesheet.background(of: light));"))
    for name in [HighlightSettings.defaultLightTheme, HighlightSettings.defaultDarkTheme] {
      let theme = try #require(SyntaxHighlighterPool.shared.theme(named: name))
      let band = HighlightStylesheet.markedBackground(of: theme)
      #expect(band.contrastRatio(with: HighlightStylesheet.background(of: theme)) >= 1.15, "\(name)")
      #expect(css.contains(".folio-line-marked { background: \(band); }"), "\(name)")
    }
  }

  @Test func contrastRatiosAreWCAGs() {
    let black = ThemeColor(red: 0, green: 0, blue: 0)
    let white = ThemeColor(red: 255, green: 255, blue: 255)
    #expect(abs(black.contrastRatio(with: white) - 21) < 0.001)
    #expect(abs(white.contrastRatio(with: white) - 1) < 0.001)
    // #767676 on white is the well-known 4.54:1.
    #expect(abs(ThemeColor(red: 0x76, green: 0x76, blue: 0x76).contrastRatio(with: white) - 4.54) < 0.01)
  }
}
