import Testing

@Suite struct FolioCommandTests {
  @Test func noSubcommandPrintsHelpAndExits64() async {
    let run = CommandRun([])
    #expect(run.status == 64)
    #expect(run.error.contains("SUBCOMMANDS:"))
    #expect(run.error.contains("new "))
  }

  @Test func helpAndVersionExitZero() async {
    let help = CommandRun(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("  build "))
    #expect(help.output.contains("  new "))
    #expect(help.output.contains("  render "))
    let version = CommandRun(["--version"])
    #expect(version.status == 0)
    #expect(version.output.split(separator: ".").count == 3)
  }
}
