import Foundation
import Mustache
import SiteComponents

/// `{{#picture}}/images/hero.jpg A harbour at dusk{{/picture}}`: a photo of the site in a
/// layout, written as pages write theirs (``PictureCatalog``): its variants in a `<picture>`,
/// its size, loaded lazily; `{{#picture}}eager /images/hero.jpg …{{/picture}}` for one at the
/// top of the page. The section is rendered first, so `{{#picture}}{{page.params.hero}} {{page.title}}{{/picture}}`
/// works; the first word is the site path, the rest the alt text.
extension TemplateContext {
  /// The context with the `picture` lambda over `catalog`.
  package func showingPictures(_ catalog: PictureCatalog) -> TemplateContext {
    var context = self
    context.picture = .lambda(TemplateContext.pictureLambda(catalog))
    return context
  }

  static func pictureLambda(_ catalog: PictureCatalog) -> TemplateLambda {
    .returningText { context in
      var words = TemplateContext.unescaped(try context.render(context.text))
        .split(whereSeparator: \.isWhitespace).map(String.init)
      let eager = words.first == "eager"
      if eager { words.removeFirst() }
      guard let path = words.first else { return "" }
      return catalog.html(for: path, alt: words.dropFirst().joined(separator: " "), eager: eager)
    }
  }

  /// `text` as it was before the template escaped it (the five characters Mustache escapes).
  static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
  }
}
