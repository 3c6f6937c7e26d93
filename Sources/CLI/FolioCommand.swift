#if canImport(Glibc)
  import Glibc
#endif

/// The `folio` command line: runs `render` itself and hands `build`, `serve` and `new` to
/// `folio-site`; turns errors into messages and exit codes (64 for usage errors, 1 for failed
/// work).
///
/// `folio` is a small, fully static program without Foundation, so that a pipeline calling
/// `folio render` once per file pays well under a millisecond to start it, about what the
/// `cmark-gfm` CLI costs. The site builder needs Foundation and the preview server needs
/// libmicrohttpd and GnuTLS, which cannot be linked statically; they live in `folio-site`,
/// installed beside `folio`, which replaces the `folio` process for those subcommands, as `git`
/// runs its `git-*` helpers (docs/ARCHITECTURE.md, "Two executables").
public enum FolioCommand {
  /// The version `folio --version` prints.
  public static let version = "0.1.0"

  /// The subcommands `folio-site` runs, with their one-line help.
  public static let siteSubcommands: [(name: String, abstract: String)] = [
    ("build", "Build the site into an output folder (default: public/)."),
    ("serve", "Preview the site with live reload (http://127.0.0.1:1313/ by default)."),
    ("new", "Create a new site or a new page."),
  ]

  /// The one-line help of the site subcommand `name`.
  package static func abstract(of name: String) -> String {
    siteSubcommands.first { $0.name == name }?.abstract ?? ""
  }

  static var help: String {
    let lines = (siteSubcommands + [(RenderCommand.name, RenderCommand.abstract)]).map { name, abstract in
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
    if let subcommand = arguments.first, siteSubcommands.contains(where: { $0.name == subcommand }) {
      exit(SiblingExecutable(named: "folio-site").replaceProcess(arguments: arguments, io: io))
    }
    exit(run(arguments, io: io))
  }

  /// Runs `arguments` (without the program name) and returns the exit status: `render`,
  /// `--help` and `--version`. The site subcommands are `folio-site`'s (``siteSubcommands``).
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
      case _ where siteSubcommands.contains(where: { $0.name == subcommand }):
        throw UsageError("'\(subcommand)' runs in folio-site, installed beside folio")
      default: throw UsageError("unknown subcommand '\(subcommand)'")
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
