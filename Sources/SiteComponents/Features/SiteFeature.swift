import Diagnostics
import RichText
import SiteContent

/// A feature of the site build, plugged in as Publish's plugins are: its section of folio.yaml,
/// what it does to each page as the page is rendered (a page pass), and the files it writes
/// besides the pages (an output stage), with the output paths they take. Each feature is one
/// type in `Features/`, listed once in ``SiteFeatures/all``; the renderer, the settings reader,
/// the build cache's key and the output step ask the list, never the feature by name.
///
/// Every requirement has a default that does nothing, so a feature declares only its parts.
package protocol SiteFeature: Sendable {
  /// Its section of folio.yaml (nil: none; it may read Folio's own settings instead, as
  /// formulas read `markdown.math`).
  var settingsSection: (any SettingsSection.Type)? { get }

  /// What it changes in a page's text before anything reads it (grammar agreement), with
  /// warnings at their places: `text` itself when nothing.
  func rewrite(_ text: AttributedText, of page: Page, configuration: SiteConfiguration) -> (
    text: AttributedText, warnings: [Diagnostic]
  )

  /// Whether rendering `page` now would wait for something the feature starts slowly (KaTeX's
  /// Node process); when it says so, it has started that on another thread, and the page is
  /// rendered after the other pages of its step, so that no core waits meanwhile.
  func defersRendering(of page: Page, configuration: SiteConfiguration, context: BuildContext) -> Bool

  /// What it does to a page before its HTML is written: decorations and block writers
  /// (formulas' MathML, highlighted code), and warnings at their places. A thrown error stops
  /// the page, as a page's own error does.
  func prepare(_ page: inout PagePass) throws

  /// What it reads from the page once its HTML is written (the search document).
  func finish(_ page: inout PagePass)

  /// The files it writes besides pages, by output path, with `configuration`'s settings.
  func outputs(_ configuration: SiteConfiguration) -> [String: [UInt8]]

  /// The output paths ``outputs(_:)`` takes, each with what writes it and the setting that
  /// turns it off: a page, an alias or a static file there is an error naming them.
  func reservedOutputs(_ configuration: SiteConfiguration) -> [ReservedOutput]

  /// The site paths of stylesheets every page links (`/assets/folio-highlight.css`), among
  /// its ``outputs(_:)``: the layouts' `assets.stylesheets`.
  func stylesheets(_ configuration: SiteConfiguration) -> [String]

  /// What outside the project changes the pages it renders (an installed library's version),
  /// as text for the build cache's key; nil when nothing does with these settings.
  func cacheKeyText(_ configuration: SiteConfiguration) -> [UInt8]?
}

extension SiteFeature {
  /// None.
  package var settingsSection: (any SettingsSection.Type)? { nil }
  /// The text as it is.
  package func rewrite(_ text: AttributedText, of page: Page, configuration: SiteConfiguration) -> (
    text: AttributedText, warnings: [Diagnostic]
  ) { (text, []) }
  /// Never.
  package func defersRendering(of page: Page, configuration: SiteConfiguration, context: BuildContext) -> Bool
  {
    false
  }
  /// Nothing.
  package func prepare(_ page: inout PagePass) throws {}
  /// Nothing.
  package func finish(_ page: inout PagePass) {}
  /// None.
  package func outputs(_ configuration: SiteConfiguration) -> [String: [UInt8]] { [:] }
  /// None.
  package func reservedOutputs(_ configuration: SiteConfiguration) -> [ReservedOutput] { [] }
  /// None.
  package func stylesheets(_ configuration: SiteConfiguration) -> [String] { [] }
  /// Nothing.
  package func cacheKeyText(_ configuration: SiteConfiguration) -> [UInt8]? { nil }
}

/// An output path a feature writes, with what writes it and the setting that turns it off.
package struct ReservedOutput: Sendable {
  /// The path, relative to the output folder.
  package var path: String
  /// What writes it, for errors: "the code highlighting stylesheet".
  package var owner: String
  /// The setting that turns it off ("highlight: false"), nil when none does.
  package var setting: String?

  /// A path with its owner and setting.
  package init(path: String, owner: String, setting: String?) {
    self.path = path
    self.owner = owner
    self.setting = setting
  }
}
