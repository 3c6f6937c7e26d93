import Diagnostics
import HTMLRendering
import MarkdownParsing
import RichText

#if canImport(Glibc)
  import Glibc
#endif

/// `folio render [FILE]`: one Markdown file (or standard input) to an HTML fragment, accepting
/// the `cmark-gfm` options that change HTML under the same names.
package struct RenderCommand {
  /// The subcommand's name.
  package static let name = "render"
  static let abstract = "Render Markdown to an HTML fragment, as cmark-gfm does."

  /// `--unsafe`.
  static let unsafeOption = ArgumentParser.Option.flag(
    "--unsafe", help: "Render raw HTML and dangerous URLs (omitted by default).")
  /// `--extension`.
  static let extensionOption = ArgumentParser.Option.value(
    "-e", "--extension", valueName: "NAME",
    help: "Enable a GFM extension: table, strikethrough, autolink, tagfilter, tasklist, footnotes.")
  /// `--smart`.
  static let smartOption = ArgumentParser.Option.flag("--smart", help: "Use smart punctuation.")
  /// `--hardbreaks`.
  static let hardbreaksOption = ArgumentParser.Option.flag(
    "--hardbreaks", help: "Render soft line breaks as <br />.")
  /// `--nobreaks`.
  static let nobreaksOption = ArgumentParser.Option.flag(
    "--nobreaks", help: "Render soft line breaks as spaces.")
  /// `--sourcepos`.
  static let sourceposOption = ArgumentParser.Option.flag(
    "--sourcepos", help: "Add data-sourcepos attributes (from the model's source ranges).")
  /// `--validate-utf8`.
  static let validateUtf8Option = ArgumentParser.Option.flag(
    "--validate-utf8", help: "Replace invalid UTF-8 with U+FFFD.")
  /// `--github-pre-lang`.
  static let githubPreLangOption = ArgumentParser.Option.flag(
    "--github-pre-lang", help: "Use <pre lang=\"x\"> for code blocks.")
  /// `--strikethrough-double-tilde`.
  static let strikethroughDoubleTildeOption = ArgumentParser.Option.flag(
    "--strikethrough-double-tilde", help: "Only parse strikethrough with two tildes.")
  /// `--table-prefer-style-attributes`.
  static let tablePreferStyleAttributesOption = ArgumentParser.Option.flag(
    "--table-prefer-style-attributes", help: "Align table cells with style attributes.")
  /// `--full-info-string`.
  static let fullInfoStringOption = ArgumentParser.Option.flag(
    "--full-info-string", help: "Put the rest of a code block's info string in data-meta.")
  /// `--extended-attributes`.
  static let extendedAttributesOption = ArgumentParser.Option.flag(
    "--extended-attributes", help: "Read Apple's ^[text](key: value) syntax into <span> attributes.")
  /// `--syntax`.
  static let syntaxOption = ArgumentParser.Option.value(
    "-x", "--syntax", valueName: "NAME",
    help:
      "Read Zenn, Qiita, GitHub or MkDocs syntax: \(WriterSyntax.allCases.map(\.rawValue).joined(separator: ", ")), or all."
  )
  /// `--dump`.
  static let dumpOption = ArgumentParser.Option.flag(
    "--dump", help: "Print the attributed-string model instead of HTML.")
  /// `--inflect`.
  static let inflectOption = ArgumentParser.Option.flag(
    "--inflect",
    help: "Make ^[3 bookmark](inflect: true) agree: \"3 bookmarks\" (English, Spanish; runs folio-site).")
  /// `--language`.
  static let languageOption = ArgumentParser.Option.value(
    "--language", valueName: "CODE", help: "The language --inflect reads the text in (default: en).")
  /// `--highlight`.
  static let highlightOption = ArgumentParser.Option.flag(
    "--highlight", help: "Highlight fenced code as folio build does (classes; runs folio-site).")
  /// `--help`.
  static let helpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  /// Highlights the code blocks of a parsed text: the block override to render it with, and the
  /// warnings to print. `folio-site` passes one; `folio`, which links no highlighter, hands
  /// `render --highlight` to `folio-site`.
  package typealias Highlighter = (_ text: AttributedText, _ path: String) -> (
    override: any HTMLBlockOverride, warnings: [String]
  )

  /// Makes the inflected spans of a parsed text agree, in a language: the text, and the
  /// warnings to print. `folio-site` passes one; `folio`, which links no ICU, hands
  /// `render --inflect` to `folio-site`.
  package typealias Inflector = (_ text: AttributedText, _ language: String, _ path: String) -> (
    text: AttributedText, warnings: [String]
  )

  static let parser = ArgumentParser(options: [
    unsafeOption,
    extensionOption,
    smartOption,
    hardbreaksOption,
    nobreaksOption,
    sourceposOption,
    validateUtf8Option,
    githubPreLangOption,
    strikethroughDoubleTildeOption,
    tablePreferStyleAttributesOption,
    fullInfoStringOption,
    extendedAttributesOption,
    syntaxOption,
    dumpOption,
    highlightOption,
    inflectOption,
    languageOption,
    helpOption,
  ])

  /// What `man folio-render` and the completions say, from the same table as `--help`.
  package static let reference = CommandReference(
    name: name, abstract: abstract, usage: ["folio render [options] [FILE]"], parsers: [parser])

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

  /// Runs `folio render` with `arguments` (after the subcommand) and returns the exit status;
  /// `--highlight` needs `highlighter` and `--inflect` needs `inflector`; without them the
  /// process becomes `folio-site`.
  package static func run(
    _ arguments: [String], io: CommandIO, highlighter: Highlighter? = nil, inflector: Inflector? = nil
  ) throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has(Self.helpOption) {
      io.print(help)
      return 0
    }
    if (parsed.has(Self.highlightOption) && highlighter == nil)
      || (parsed.has(Self.inflectOption) && inflector == nil)
    {
      return SiblingExecutable(named: "folio-site").replaceProcess(arguments: [name] + arguments, io: io)
    }
    guard parsed.positional.count <= 1 else {
      throw UsageError("expected at most one FILE, got \(parsed.positional.count)")
    }
    var markdown = MarkdownOptions(
      smartPunctuation: parsed.has(Self.smartOption),
      validatesUTF8: parsed.has(Self.validateUtf8Option),
      strikethroughNeedsDoubleTilde: parsed.has(Self.strikethroughDoubleTildeOption),
      extendedAttributes: parsed.has(Self.extendedAttributesOption))
    markdown.sourcePositions = parsed.has(Self.sourceposOption)
    let extensionNames = parsed.all(Self.extensionOption)
    for name in extensionNames {
      guard let gfmExtension = MarkdownExtension(rawValue: name) else {
        throw UsageError(
          "unknown extension '\(name)' (expected one of: \(MarkdownExtension.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      markdown.extensions.insert(gfmExtension)
    }
    markdown.syntax = try WriterSyntax.parse(parsed.all(Self.syntaxOption))
    var html = HTMLRenderOptions(
      allowsRawHTML: parsed.has(Self.unsafeOption),
      allowsUnsafeURLs: parsed.has(Self.unsafeOption),
      filtersTags: markdown.extensions.contains(.tagfilter),
      includesSourcePositions: parsed.has(Self.sourceposOption),
      usesGitHubPreLang: parsed.has(Self.githubPreLangOption),
      includesFullInfoString: parsed.has(Self.fullInfoStringOption),
      prefersStyleAttributesInTables: parsed.has(Self.tablePreferStyleAttributesOption))
    // cmark-gfm checks --hardbreaks before --nobreaks.
    if parsed.has(Self.hardbreaksOption) {
      html.softBreak = .lineBreak
    } else if parsed.has(Self.nobreaksOption) {
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

    var tooDeepContainer: TooDeepContainer? = nil
    var text = MarkdownParser(options: markdown).parse(input, tooDeepContainer: &tooDeepContainer)
    let path = parsed.positional.first ?? "<stdin>"
    var inflectionWarnings: [String] = []
    if parsed.has(Self.inflectOption), let inflector {
      (text, inflectionWarnings) = inflector(text, parsed.value(Self.languageOption) ?? "en", path)
    }
    if parsed.has(Self.dumpOption) {
      io.writeOutput(Array(text.dump().utf8))
    } else if parsed.has(Self.highlightOption), let highlighter {
      let (override, warnings) = highlighter(text, path)
      var writer = HTMLWriter(capacity: input.count * 2)
      HTMLRenderer(options: html).render(text, blockOverride: override, into: &writer)
      io.writeOutput(writer.bytes)
      for warning in warnings { io.writeError(warning + "\n") }
    } else {
      io.writeOutput(HTMLRenderer(options: html).renderBytes(text))
    }
    for warning in inflectionWarnings { io.writeError(warning + "\n") }
    // A fragment has no build to stop: it is written with the line as text, as the parser read
    // it, and the line is named on standard error (a site build makes it an error).
    if let tooDeepContainer {
      io.writeError(tooDeepContainer.diagnostic(.warning, in: path).description + "\n")
    }
    return 0
  }
}
