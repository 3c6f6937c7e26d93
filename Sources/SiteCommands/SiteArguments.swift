import CLI
import Foundation

/// What `build` and `check` read the same way from their command lines: the project folder and
/// the report format.
struct SiteArguments {
  /// The project folder: `--source`, else the current folder.
  var projectRoot: URL
  /// Whether `--format json` asked for a ``BuildReport`` on standard output.
  var reportsJSON: Bool

  /// `--source DIR`.
  static let sourceOption = ArgumentParser.Option.value(
    "-s", "--source", valueName: "DIR", help: "The project folder (default: the current folder).")
  /// `--format FORMAT`.
  static let formatOption = ArgumentParser.Option.value(
    "--format", valueName: "FORMAT",
    help: "text (default) or json: a report with every diagnostic on standard output.")
  /// `--help`.
  static let helpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  /// Reads `--source` and `--format`, and refuses positional arguments.
  init(_ parsed: ArgumentParser.Parsed) throws {
    guard parsed.positional.isEmpty else { throw UsageError("unexpected argument '\(parsed.positional[0])'") }
    let format = parsed.value("--format") ?? "text"
    guard format == "text" || format == "json" else { throw UsageError("--format must be text or json") }
    reportsJSON = format == "json"
    projectRoot = URL(fileURLWithPath: parsed.value("--source") ?? FileManager.default.currentDirectoryPath)
  }
}
