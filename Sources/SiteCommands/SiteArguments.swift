import CLI
import Diagnostics
import Foundation

/// What `build` and `check` read the same way from their command lines: the project folder and
/// the report format.
struct SiteArguments {
  /// The folder the command runs in, which relative paths start from.
  let currentDirectory: URL
  /// The project folder: `--source`, else the current folder.
  let projectRoot: URL
  /// `--format`: text (the default), json or github.
  let format: ReportFormat
  /// How the command names the project's files: from the folder it runs in. Made once: it
  /// resolves both folders, and a report names a file for each of thousands of findings.
  let naming: PathNaming

  /// `--source DIR`.
  static let sourceOption = ArgumentParser.Option.value(
    "-s", "--source", valueName: "DIR", help: "The project folder (default: the current folder).")
  /// `--format FORMAT`.
  static let formatOption = ArgumentParser.Option.value(
    "--format", valueName: "FORMAT",
    help: "text (default), json (a report on standard output) or github (GitHub Actions annotations).")
  /// `--help`.
  static let helpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  /// Reads `--source` and `--format`, and refuses positional arguments; relative paths start
  /// from `currentDirectory`.
  init(_ parsed: ArgumentParser.Parsed, currentDirectory: String) throws {
    guard parsed.positional.isEmpty else { throw UsageError("unexpected argument '\(parsed.positional[0])'") }
    guard let format = ReportFormat(rawValue: parsed.value(Self.formatOption) ?? "text") else {
      throw UsageError("--format must be text, json or github")
    }
    self.format = format
    self.currentDirectory = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    projectRoot = Self.resolve(parsed.value(Self.sourceOption) ?? ".", from: self.currentDirectory)
    naming = Self.naming(of: projectRoot, from: self.currentDirectory)
  }

  /// The project at `source` (nil: the current folder), reported as text: for a command whose
  /// `--format` means something else (`folio book`).
  init(source: String?, currentDirectory: String) {
    format = .text
    self.currentDirectory = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    projectRoot = Self.resolve(source ?? ".", from: self.currentDirectory)
    naming = Self.naming(of: projectRoot, from: self.currentDirectory)
  }

  /// `path` from the command line as an absolute URL: relative paths start from the current folder.
  func resolve(_ path: String) -> URL {
    Self.resolve(path, from: currentDirectory)
  }

  /// `path` as an absolute URL, starting from `folder` when it is relative.
  private static func resolve(_ path: String, from folder: URL) -> URL {
    URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
  }

  private static func naming(of projectRoot: URL, from currentDirectory: URL) -> PathNaming {
    PathNaming(projectRoot: projectRoot.path, currentDirectory: currentDirectory.standardizedFileURL.path)
  }

  /// Whether the command also reports to standard output (json, github), so the progress bar
  /// stays off.
  var reportsOnStandardOutput: Bool { format != .text }
}
