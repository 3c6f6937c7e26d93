import CLI
import Foundation

/// The `folio-site` program: every `folio` subcommand, including the site builder and the
/// preview server that the lean `folio` executable hands over (see ``FolioCommand``).
public enum FolioSiteCommand {
  /// Runs the process's command line (`folio-site build …`, as `folio build …` execs it) and
  /// exits with the command's status.
  public static func main() async {
    exit(await run(Array(CommandLine.arguments.dropFirst()), io: .standard))
  }

  /// Runs `arguments` (the subcommand and its arguments) and returns the exit status.
  public static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
    guard let subcommand = arguments.first else { return FolioCommand.run(arguments, io: io) }
    let rest = Array(arguments.dropFirst())
    do {
      switch subcommand {
      case "build": return try BuildCommand.run(rest, io: io)
      case "serve": return try await ServeCommand.run(rest, io: io)
      case "new": return try NewCommand.run(rest, io: io)
      default: return FolioCommand.run(arguments, io: io)
      }
    } catch {
      return FolioCommand.report(error, from: subcommand, io: io)
    }
  }
}
