import CLI
import CodeBlocks
import Foundation
import Inflection

/// The `folio-site` program: `build`, `check` and `new`, which the lean `folio` executable hands over
/// (see ``FolioCommand``), and `render`; `serve` goes on to `folio-serve`.
public enum FolioSiteCommand {
  /// The references (manual pages, completions) of the subcommands this program runs.
  package static let references = [
    BuildCommand.reference, NewCommand.reference, CheckCommand.reference, ImportCommand.reference,
    BookCommand.reference,
  ]

  /// Runs the process's command line (`folio-site build …`, as `folio build …` execs it) and
  /// exits with the command's status.
  public static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // libcurl, which --external needs, is linked only into folio-serve.
    if arguments.first == "serve"
      || (arguments.first == "check" && CheckCommand.checksExternalLinks(Array(arguments.dropFirst())))
    {
      exit(SiblingExecutable(named: "folio-serve").replaceProcess(arguments: arguments, io: .standard))
    }
    exit(run(arguments, io: .standard))
  }

  /// Runs `arguments` (the subcommand and its arguments) and returns the exit status; `serve`
  /// is a usage error here (it needs `folio-serve`), and so is `check --external` without an
  /// `externalLinks` checker.
  public static func run(_ arguments: [String], io: CommandIO, externalLinks: ExternalLinkChecker? = nil)
    -> Int32
  {
    guard let subcommand = arguments.first else { return FolioCommand.run(arguments, io: io) }
    let rest = Array(arguments.dropFirst())
    do {
      switch subcommand {
      case "build": return try BuildCommand.run(rest, io: io)
      case "new": return try NewCommand.run(rest, io: io)
      case "import": return try ImportCommand.run(rest, io: io)
      case "book": return try BookCommand.run(rest, io: io)
      case "check": return try CheckCommand.run(rest, io: io, externalLinks: externalLinks)
      case RenderCommand.name:
        return try RenderCommand.run(
          rest, io: io,
          highlighter: { text, path in
            let blocks = HighlightedCodeBlocks(text: text, path: path, highlighter: .shared)
            return (blocks, blocks.warnings.map(\.description))
          },
          inflector: { text, language, path in
            let inflection = Inflector(language: language).inflect(text)
            return (inflection.text, inflection.problems.map { $0.diagnostic(in: path).description })
          })
      default: return FolioCommand.run(arguments, io: io)
      }
    } catch {
      return FolioCommand.report(error, from: subcommand, io: io)
    }
  }
}
