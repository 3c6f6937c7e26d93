// Liquid (Jekyll): the tags whose meaning is clear in a Folio site, and a warning for the rest.
extension ShortcodeExpander {
  /// A Liquid tag or output that is not a pair.
  mutating func liquid(_ tag: ShortcodeTag, into out: inout [UInt8]) {
    if tag.form == .liquidOutput {
      if let text = liquidOutput(tag.name) {
        ShortcodeExpander.append(text, to: &out)
        countRendered(paired: false)
      } else {
        warn(.unknownLiquidOutput(tag.name), at: tag.range.lowerBound)
      }
      return
    }
    let argument = tag.arguments.first?.value ?? ""
    switch tag.name {
    case "link" where !argument.isEmpty:
      // Jekyll's path from the site's root: a Markdown file from Content/ to the link resolver.
      ShortcodeExpander.append(
        ShortcodeExpander.destination("/" + argument.trimmingCharacters(in: "/")), to: &out)
      countRendered(paired: false)
    case "post_url" where !argument.isEmpty:
      let name = argument.trimmingCharacters(in: "/")
      ShortcodeExpander.append(ShortcodeExpander.destination("/_posts/" + name + ".md"), to: &out)
      countRendered(paired: false)
    case "raw", "highlight", "comment":
      warn(.neverClosed(tag.name), at: tag.range.lowerBound)
    default:
      warn(.unknownLiquidTag(tag.inside), at: tag.range.lowerBound)
    }
  }

  /// What a Liquid output means in a link: the site's base URL is written by the link resolver,
  /// so `{{ site.baseurl }}` is nothing and `{{ "/x" | relative_url }}` is `/x`; the page's
  /// title and URL are the page's.
  private func liquidOutput(_ expression: String) -> String? {
    let compact = expression.filter { !$0.isWhitespace }
    switch compact {
    case "site.baseurl", "site.url", "site.github.url": return ""
    case "page.title": return ShortcodeExpander.markdownEscaped(page.title)
    case "page.url": return page.url
    default: break
    }
    guard let quote = compact.first, quote == "\"" || quote == "'",
      let close = compact.dropFirst().firstIndex(of: quote)
    else { return nil }
    let literal = String(compact[compact.index(after: compact.startIndex)..<close])
    let filters = compact[compact.index(after: close)...].split(separator: "|").map(String.init)
    let known: Set<String> = ["relative_url", "absolute_url", "prepend:site.baseurl", "prepend:site.url"]
    guard !filters.isEmpty, filters.allSatisfy({ known.contains($0) }) else { return nil }
    return ShortcodeExpander.destination(literal)
  }
}
