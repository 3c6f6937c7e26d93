import Testing

@Suite struct FolioCommandTests {
  @Test func noSubcommandPrintsHelpAndExits64() async {
    let run = runFolio([])
    #expect(run.status == 64)
    #expect(run.error.contains("SUBCOMMANDS:"))
    #expect(run.error.contains("new "))
  }

  @Test func helpAndVersionExitZero() async {
    let help = runFolio(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("  build "))
    #expect(help.output.contains("  new "))
    #expect(help.output.contains("  render "))
    let version = runFolio(["--version"])
    #expect(version.status == 0)
    #expect(version.output.split(separator: ".").count == 3)
  }
}

extension FolioCommandTests {
  @Test func siteSubcommandsAreListedButRunInFolioSite() {
    let help = runFolio(["--help"])
    #expect(help.output.contains("  serve     Preview the site with live reload"))
    let build = runFolio(["build"])
    #expect(build.status == 64)
    #expect(
      build.error == "error: 'build' runs in folio-site, installed beside folio\nSee 'folio build --help'.\n")
  }
}
