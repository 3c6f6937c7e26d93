import Testing

@Suite struct FolioCommandTests {
  @Test func noSubcommandPrintsHelpAndExits64() async {
    let run = await CommandRun([])
    #expect(run.status == 64)
    #expect(run.error.contains("SUBCOMMANDS:"))
    #expect(run.error.contains("new "))
  }

  @Test func helpAndVersionExitZero() async {
    let help = await CommandRun(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("  build "))
    #expect(help.output.contains("  new "))
    #expect(help.output.contains("  render "))
    let version = await CommandRun(["--version"])
    #expect(version.status == 0)
    #expect(version.output.split(separator: ".").count == 3)
  }
}
