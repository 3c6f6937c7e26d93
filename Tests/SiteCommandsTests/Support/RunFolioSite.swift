import SiteCommands
import TestSupport

/// One in-process run of the `folio-site` command line (`build`, `new`, `render`).
func runFolioSite(_ arguments: [String], input: String = "") -> CapturedRun {
  CapturedRun(input: input) { FolioSiteCommand.run(arguments, io: $0) }
}
