import Foundation

/// The `folio` command line: dispatches to the subcommands and turns their errors into
/// messages and exit codes (64 for usage errors, 1 for failed work).
public enum FolioCommand {
  /// The version `folio --version` prints.
  public static let version = "0.1.0"

  static var help: String {
    """
    OVERVIEW: Folio turns a folder of Markdown into a website.

    USAGE: folio <subcommand> [options]

    SUBCOMMANDS:
      build     \(BuildCommand.abstract)
      serve     Preview the site with live reload (http://127.0.0.1:1313/ by default).
      new       \(NewCommand.abstract)
      render    \(RenderCommand.abstract)

    See 'folio <subcommand> --help' for the options of each.
    """
  }

  /// Runs the process's command line and exits with the command's status.
  ///
  /// `serve` replaces this process with `folio-serve`, installed beside `folio`: the server's
  /// libraries cannot be linked statically, and a dynamically linked `folio` would take several
  /// milliseconds to start, which a pipeline calling `folio render` once per file pays each time.
  public static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let io = CommandIO.standard
    if arguments.first == "serve" {
      exit(
        SiblingExecutable(named: "folio-serve").replaceProcess(
          arguments: Array(arguments.dropFirst()), io: io))
    }
    exit(run(arguments, io: io))
  }

  /// Runs `arguments` (without the program name) and returns the exit status. `serve` is not
  /// run here: it needs `folio-serve` (see `main()`).
  public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
    guard let subcommand = arguments.first else {
      io.writeError(help + "\n")
      return 64
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch subcommand {
      case "render": return try RenderCommand.run(rest, io: io)
      case "build": return try BuildCommand.run(rest, io: io)
      case "serve":
        throw UsageError("'serve' runs in the folio-serve executable; call it through the folio program")
      case "new": return try NewCommand.run(rest, io: io)
      case "--version":
        io.print(version)
        return 0
      case "-h", "--help", "help":
        io.print(help)
        return 0
      default: throw UsageError("unknown subcommand '\(subcommand)'")
      }
    } catch let error as UsageError {
      // Point at the help that explains the mistake: the subcommand's, or the overview's.
      let known = ["render", "build", "new"].contains(subcommand)
      io.writeError("error: \(error.message)\nSee 'folio \(known ? subcommand + " " : "")--help'.\n")
      return 64
    } catch {
      io.writeError("error: \(error)\n")
      return 1
    }
  }
}
