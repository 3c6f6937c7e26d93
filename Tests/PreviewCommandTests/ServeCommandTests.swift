import TestSupport
import Testing

@testable import PreviewCommand
@testable import PreviewServer

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

  @Test func foldersThatCannotBeWatchedAreNamedOnceWithTheFix() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      a
      -- Content/guides/b.md --
      b
      -- Content/notes/c.md --
      c
      """)
    // The site folder, Content and one of its two folders.
    let watcher = try FileWatcher(
      watching: [site.url("Content").path], quietPeriod: .milliseconds(10), maximumDelay: .seconds(1),
      watchLimit: 3, handler: { _ in })
    defer { watcher.stop() }
    let unwatched = try #require(watcher.unwatchedFolders.first)
    let run = CapturedRun { io in
      ServeCommand.warnIfUnwatched(watcher, root: site.root.path, io: io) ? 0 : 1
    }
    #expect(run.status == 0)
    #expect(
      run.error
        == "warning: cannot watch Content/\(unwatched.split(separator: "/").last!): the system's limit on inotify"
        + " watches is reached, so changes there show only once watches come free\n"
        + "    hint: raise it with `sudo sysctl fs.inotify.max_user_watches=524288`\n")
  }

  @Test func anUnwatchedFolderNamedWithAnEscapeSequenceIsShownNotSentToTheTerminal() throws {
    let site = try SiteFixture(
      """
      -- Content/\u{1B}[2Jred/c.md --
      c
      """)
    // The site folder and Content take the two watches; the folder inside has none.
    let watcher = try FileWatcher(
      watching: [site.url("Content").path], quietPeriod: .milliseconds(10), maximumDelay: .seconds(1),
      watchLimit: 2, handler: { _ in })
    defer { watcher.stop() }
    let run = CapturedRun { io in
      ServeCommand.warnIfUnwatched(watcher, root: site.root.path, io: io) ? 0 : 1
    }
    #expect(run.status == 0)
    #expect(run.error.hasPrefix("warning: cannot watch Content/\\u{1B}[2Jred: "))
    #expect(!run.error.contains("\u{1B}"))
  }
}
