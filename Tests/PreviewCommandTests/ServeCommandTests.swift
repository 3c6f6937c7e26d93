import PreviewCommand
import TestSupport
import Testing

@Suite struct ServeCommandTests {
  /// Runs `folio serve ARGUMENTS` in-process.
  func serve(_ arguments: [String]) async -> CapturedRun {
    await CapturedRun { await ServeCommand.run(arguments, io: $0) }
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
