import SiteCommands
import TestSupport

/// One in-process run of the `folio-site` command line (`build`, `new`, `render`), seeing only
/// `environment` and running in `currentDirectory` (default: the test process's folder).
func runFolioSite(
  _ arguments: [String], input: String = "", environment: [String: String] = [:],
  currentDirectory: String? = nil
) -> CapturedRun {
  CapturedRun(input: input, environment: environment, currentDirectory: currentDirectory) {
    FolioSiteCommand.run(arguments, io: $0)
  }
}
