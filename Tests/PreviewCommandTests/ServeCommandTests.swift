import CLI
import PreviewCommand
import Synchronization
import Testing

@Suite struct ServeCommandTests {
  /// Runs `folio serve ARGUMENTS` in-process and returns the status and what it wrote.
  func serve(_ arguments: [String]) async -> (status: Int32, output: String, error: String) {
    let output = Mutex<[UInt8]>([])
    let error = Mutex("")
    let io = CommandIO(
      readInput: { [] },
      writeOutput: { bytes in output.withLock { $0 += bytes } },
      writeError: { text in error.withLock { $0 += text } },
      environment: [:],
      isTerminal: false)
    let status = await ServeCommand.run(arguments, io: io)
    return (status, output.withLock { String(decoding: $0, as: UTF8.self) }, error.withLock { $0 })
  }

  @Test func helpListsTheOptions() async {
    let run = await serve(["--help"])
    #expect(run.status == 0)
    #expect(run.output.contains("USAGE: folio serve [options]"))
    #expect(run.output.contains("--port"))
    #expect(run.output.contains("--host"))
  }

  @Test func aBadPortIsAUsageError() async {
    let run = await serve(["--port", "http"])
    #expect(run.status == 64)
    #expect(
      run.error == "error: --port must be a number from 0 to 65535, got 'http'\nSee 'folio serve --help'.\n")
  }

  @Test func unexpectedArgumentsAreUsageErrors() async {
    let run = await serve(["Content"])
    #expect(run.status == 64)
    #expect(run.error.hasPrefix("error: unexpected argument 'Content'"))
  }
}
