import CLI
import TestSupport

/// One in-process run of the `folio` command line (`render`, help and version).
func runFolio(_ arguments: [String], input: String = "") -> CapturedRun {
  CapturedRun(input: input) { FolioCommand.run(arguments, io: $0) }
}
