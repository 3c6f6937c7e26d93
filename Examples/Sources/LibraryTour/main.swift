// A tour of Folio's Markdown libraries: parse, slice, compare, walk, rewrite, render (with a
// block override), Foundation's AttributedString, and grammar agreement. `swift run --package-path Examples LibraryTour` prints what each step gives.
import AttributedMarkdown
import Foundation
import HTMLRendering
import Inflection
import MarkdownParsing
import RichText

let markdown = """
  # Folio

  **Thank You!** Please visit our [website](http://example.com).

  - one
  - two
  """

// Parse: GitHub Flavored Markdown through cmark-gfm into runs with presentation intents.
let parser = MarkdownParser(options: .gitHubFlavored)
let text = parser.parse(markdown)
print("characters:", text.characters)

// Slice: the first top-level block, with only its own text.
print("first block:", text.prefix(topLevelBlocks: 1).characters)

// Compare: texts are values; two parses of the same Markdown are equal.
print("equal to a second parse:", text == parser.parse(markdown))
print("equal to other Markdown:", text == parser.parse("# Other\n"))

// Walk: collect the link destinations.
let links = LinkCollector.links(in: text)
print("links:", links.joined(separator: ", "))

// Render: cmark-gfm's HTML, byte for byte.
print(HTMLRenderer().render(text), terminator: "")

// Render in your own way: a visitor that writes plain text, on the same walking API.
print(PlainTextRenderer.render(text), terminator: "")

// Rewrite: a changed copy, here with the heading as a paragraph.
var rewriter = HeadingsAsParagraphs()
print(HTMLRenderer().render(text.rewritten(with: &rewriter).prefix(topLevelBlocks: 1)), terminator: "")

// Override blocks: the list with a class of its own, everything else as cmark-gfm writes it.
print(
  HTMLRenderer().render(text.slice(runs: text.runs.count - 2..<text.runs.count), blockOverride: CardLists()),
  terminator: "")

// AttributedString: Foundation's runs, with Apple's attribute names.
let string = AttributedString(
  gitHubMarkdown: "**Thank You!** Please visit our [website](http://example.com).")
for run in string.runs {
  let piece = String(string[run.range].characters)
  if run.inlinePresentationIntent?.contains(.stronglyEmphasized) == true { print("strong run:", piece) }
  if let link = run.link { print("link run:", piece, "→", link.absoluteString) }
}

// Agree: Apple's `^[3 bookmark](inflect: true)`, made to agree with its number by the CLDR
// plural rules of the language (ICU), here in English and in Spanish.
let counting = MarkdownParser(options: MarkdownOptions(extendedAttributes: true))
for (language, sentence) in [
  ("en", "You have ^[1 bookmark](inflect: true) and ^[3 bookmark](inflect: true)."),
  ("es", "Hay ^[2 manzana roja](inflect: true)."),
] {
  let inflected = AttributedString(Inflector(language: language).inflect(counting.parse(sentence)).text)
  print("inflected (\(language)):", String(inflected.characters))
}
