import Diagnostics
import Foundation
import MarkdownParsing
import MathRendering
import SiteContent

/// Formulas (`$…$`, `$$…$$`, `markdown.math` in folio.yaml) rendered to MathML by KaTeX
/// (`MathRendering`), with the installed KaTeX's version in the build cache's key.
struct FormulaFeature: SiteFeature {
  /// A page with a formula, before the KaTeX process has started: the process starts on
  /// another thread, and the page waits for it at the end of its step rather than on a core the
  /// other pages could use (the first page with a formula is often among the first parsed).
  func defersRendering(of page: Page, configuration: SiteConfiguration, context: BuildContext) -> Bool {
    let renderer = context.mathRenderer
    guard configuration.writerSyntax.contains(.math), !renderer.isReady, !page.hasReleasedText,
      PageFormulas.holdsFormulas(page.text)
    else { return false }
    renderer.startInBackground()
    return true
  }

  /// The page's formulas as KaTeX's MathML, from the process the whole build shares. KaTeX
  /// missing is one error for the build, without a place (the render step reports each distinct
  /// error once): it is about the machine, not about any page. A formula or the page past a
  /// limit of ``MathLimits`` stops the page, with an error at each.
  func prepare(_ page: inout PagePass) throws {
    guard page.configuration.writerSyntax.contains(.math) else { return }
    let path = page.page.sourcePath
    let formulas: PageFormulas
    do {
      formulas = try PageFormulas(text: page.text, path: path, renderer: page.context.mathRenderer)
    } catch {
      // KaTeX missing is one finding for the whole build; a page it could not finish is named.
      let location = error.isAboutTheMachine ? nil : SourceLocation(path: path, line: 1, column: 1)
      throw DiagnosticError(.error(error.description, at: location))
    }
    guard formulas.errors.isEmpty else { throw DiagnosticError(formulas.errors) }
    page.decorations.formulas = formulas.html
    page.warnings += formulas.warnings
  }

  /// Debian's KaTeX, which renders the formulas: another version may render them otherwise.
  func cacheKeyText(_ configuration: SiteConfiguration) -> [UInt8]? {
    guard configuration.writerSyntax.contains(.math) else { return nil }
    let manifest = FileManager.default.contents(atPath: "/usr/share/nodejs/katex/package.json")
    return manifest.map { [UInt8]($0) } ?? []
  }
}
