#if canImport(Glibc)
  import Glibc
#endif

/// The `folio` command line: runs `render` itself, hands `build` and `new` to `folio-site` and
/// `serve` to `folio-serve`; turns errors into messages and exit codes (64 for usage errors, 1
/// for failed work).
///
/// `folio` is a small, fully static program without Foundation, so that a pipeline calling
/// `folio render` once per file pays well under a millisecond to start it, about what the
/// `cmark-gfm` CLI costs. The site builder needs Foundation and the syntax highlighter
/// (KSyntaxHighlighting over Qt 5, shared libraries only: `folio-site`); the preview server
/// needs libmicrohttpd and GnuTLS, which cannot be linked statically (`folio-serve`). Both are installed beside `folio`, which replaces its own process with
/// them, as `git` runs its `git-*` helpers (docs/ARCHITECTURE.md, "Three executables").
public enum FolioCommand {
  /// The version `folio --version` prints.
  public static let version = "0.3.0-dev"

  /// The subcommands other executables run: their names, one-line help and executable.
  public static let siteSubcommands: [(name: String, abstract: String, executable: String)] = [
    ("build", "Build the site into an output folder (default: public/).", "folio-site"),
    ("serve", "Preview the site with live reload (http://localhost:1313/ by default).", "folio-serve"),
    ("new", "Create a new site or a new page.", "folio-site"),
    ("check", "Build the site in memory and report every problem; write nothing.", "folio-site"),
    (
      "import", "Write a folio.yaml that builds a Hugo, Jekyll or MkDocs repository where it is.",
      "folio-site"
    ),
    ("book", "Make one book's EPUB, PDF or print page without writing the site.", "folio-site"),
  ]

  /// The one-line help of the site subcommand `name`.
  package static func abstract(of name: String) -> String {
    siteSubcommands.first { $0.name == name }?.abstract ?? ""
  }

  static var help: String {
    let lines =
      (siteSubcommands.map { ($0.name, $0.abstract) } + [(RenderCommand.name, RenderCommand.abstract)]).map {
        name, abstract in
        "  " + name + String(repeating: " ", count: 10 - name.count) + abstract
      }
    return """
      OVERVIEW: Folio turns a folder of Markdown into a website.

      USAGE: folio <subcommand> [options]

      SUBCOMMANDS:
      \(lines.joined(separator: "\n"))

      See 'folio <subcommand> --help' for the options of each.
      """
  }

  /// Runs the process's command line and exits with the command's status.
  public static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let io = CommandIO.standard
    if let subcommand = arguments.first,
      let delegated = siteSubcommands.first(where: { $0.name == subcommand })
    {
      exit(SiblingExecutable(named: delegated.executable).replaceProcess(arguments: arguments, io: io))
    }
    exit(run(arguments, io: io))
  }

  /// Runs `arguments` (without the program name) and returns the exit status: `render`,
  /// `--help` and `--version`. The others belong to other executables (``siteSubcommands``).
  public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
    guard let subcommand = arguments.first else {
      io.writeError(help + "\n")
      return 64
    }
    do {
      switch subcommand {
      case RenderCommand.name: return try RenderCommand.run(Array(arguments.dropFirst()), io: io)
      case "--version":
        io.print(version)
        return 0
      case "-h", "--help", "help":
        io.print(help)
        return 0
      default:
        if let delegated = siteSubcommands.first(where: { $0.name == subcommand }) {
          throw UsageError("'\(subcommand)' runs in \(delegated.executable), installed beside folio")
        }
        throw UsageError("unknown subcommand '\(subcommand)'")
      }
    } catch {
      return report(error, from: subcommand, io: io)
    }
  }

  /// Writes `error`, thrown by `subcommand`, and returns the exit status for it.
  package static func report(_ error: any Error, from subcommand: String, io: CommandIO) -> Int32 {
    if let error = error as? UsageError {
      // Point at the help that explains the mistake: the subcommand's, or the overview's.
      let known = subcommand == RenderCommand.name || siteSubcommands.contains { $0.name == subcommand }
      io.writeError("error: \(error.message)\nSee 'folio \(known ? subcommand + " " : "")--help'.\n")
      return 64
    }
    io.writeError("error: \(error)\n")
    return 1
  }
}
