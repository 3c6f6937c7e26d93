import CLI
import SiteCommands
import Synchronization

/// One in-process run of the `folio-site` command line (every `folio` subcommand): exit status
/// and what it wrote.
struct CommandRun {
  var status: Int32
  var output: String
  var error: String

  /// Runs `arguments` (without the program name) with `input` as standard input.
  init(_ arguments: [String], input: String = "") {
    let output = Mutex<[UInt8]>([])
    let error = Mutex("")
    let io = CommandIO(
      readInput: { Array(input.utf8) },
      writeOutput: { bytes in output.withLock { $0 += bytes } },
      writeError: { text in error.withLock { $0 += text } },
      environment: [:],
      isTerminal: false)
    status = FolioSiteCommand.run(arguments, io: io)
    self.output = output.withLock { String(decoding: $0, as: UTF8.self) }
    self.error = error.withLock { $0 }
  }
}
