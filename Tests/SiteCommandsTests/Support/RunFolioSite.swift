import SiteCommands
import TestSupport

/// One in-process run of the `folio-site` command line (`build`, `new`, `render`), seeing only
/// `environment` and running in `currentDirectory`: by default the project folder that
/// `--source` names, as a writer runs Folio in their project (files are then named
/// `Content/a.md`), else the test process's folder.
func runFolioSite(
  _ arguments: [String], input: String = "", environment: [String: String] = [:],
  currentDirectory: String? = nil
) -> CapturedRun {
  CapturedRun(
    input: input, environment: environment, currentDirectory: currentDirectory ?? projectFolder(in: arguments)
  ) {
    FolioSiteCommand.run(arguments, io: $0)
  }
}

/// The folder after `--source` or `-s`, when it is absolute.
func projectFolder(in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(where: { $0 == "--source" || $0 == "-s" }),
    index + 1 < arguments.count, arguments[index + 1].hasPrefix("/")
  else { return nil }
  return arguments[index + 1]
}
