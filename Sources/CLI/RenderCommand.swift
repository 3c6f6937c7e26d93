import HTMLRendering
import MarkdownParsing
import RichText

#if canImport(Glibc)
  import Glibc
#endif

/// `folio render [FILE]`: one Markdown file (or standard input) to an HTML fragment, accepting
/// the `cmark-gfm` options that change HTML under the same names.
struct RenderCommand {
  static let name = "render"
  static let abstract = "Render Markdown to an HTML fragment, as cmark-gfm does."

  static let parser = ArgumentParser(options: [
    .flag("--unsafe", help: "Render raw HTML and dangerous URLs (omitted by default)."),
    .value(
      "-e", "--extension", valueName: "NAME",
      help: "Enable a GFM extension: table, strikethrough, autolink, tagfilter, tasklist, footnotes."),
    .flag("--smart", help: "Use smart punctuation."),
    .flag("--hardbreaks", help: "Render soft line breaks as <br />."),
    .flag("--nobreaks", help: "Render soft line breaks as spaces."),
    .flag("--sourcepos", help: "Add data-sourcepos attributes (from the model's source ranges)."),
    .flag("--validate-utf8", help: "Replace invalid UTF-8 with U+FFFD."),
    .flag("--github-pre-lang", help: "Use <pre lang=\"x\"> for code blocks."),
    .flag("--strikethrough-double-tilde", help: "Only parse strikethrough with two tildes."),
    .flag("--table-prefer-style-attributes", help: "Align table cells with style attributes."),
    .flag("--full-info-string", help: "Put the rest of a code block's info string in data-meta."),
    .flag("--extended-attributes", help: "Read Apple's ^[text](key: value) syntax into <span> attributes."),
    .flag("--dump", help: "Print the attributed-string model instead of HTML."),
    .flag("-h", "--help", help: "Show this help."),
  ])

  static var help: String {
    """
    OVERVIEW: \(abstract)

    USAGE: folio render [options] [FILE]

    Reads FILE, or standard input when no file is given. Safe by default: raw HTML becomes
    <!-- raw HTML omitted --> and javascript:, vbscript:, file: and non-image data: URLs are
    emptied unless --unsafe is given.

    OPTIONS:
    \(parser.helpText())
    """
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has("--help") {
      io.print(help)
      return 0
    }
    guard parsed.positional.count <= 1 else {
      throw UsageError("expected at most one FILE, got \(parsed.positional.count)")
    }
    var markdown = MarkdownOptions(
      smartPunctuation: parsed.has("--smart"),
      validatesUTF8: parsed.has("--validate-utf8"),
      strikethroughNeedsDoubleTilde: parsed.has("--strikethrough-double-tilde"),
      extendedAttributes: parsed.has("--extended-attributes"))
    markdown.sourcePositions = parsed.has("--sourcepos")
    let extensionNames = parsed.all("--extension")
    for name in extensionNames {
      guard let gfmExtension = MarkdownExtension(rawValue: name) else {
        throw UsageError(
          "unknown extension '\(name)' (expected one of: \(MarkdownExtension.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      markdown.extensions.insert(gfmExtension)
    }
    var html = HTMLRenderOptions(
      allowsRawHTML: parsed.has("--unsafe"),
      allowsUnsafeURLs: parsed.has("--unsafe"),
      filtersTags: markdown.extensions.contains(.tagfilter),
      includesSourcePositions: parsed.has("--sourcepos"),
      usesGitHubPreLang: parsed.has("--github-pre-lang"),
      includesFullInfoString: parsed.has("--full-info-string"),
      prefersStyleAttributesInTables: parsed.has("--table-prefer-style-attributes"))
    // cmark-gfm checks --hardbreaks before --nobreaks.
    if parsed.has("--hardbreaks") {
      html.softBreak = .lineBreak
    } else if parsed.has("--nobreaks") {
      html.softBreak = .space
    }

    let input: [UInt8]
    if let path = parsed.positional.first, path != "-" {
      guard let bytes = FileDescriptorIO.readFile(atPath: path) else {
        io.writeError("\(path): error: cannot read the file: \(String(cString: strerror(errno)))\n")
        return 1
      }
      input = bytes
    } else {
      input = io.readInput()
    }

    let text = MarkdownParser(options: markdown).parse(input)
    if parsed.has("--dump") {
      io.writeOutput(Array(text.dump().utf8))
    } else {
      io.writeOutput(HTMLRenderer(options: html).renderBytes(text))
    }
    return 0
  }
}
