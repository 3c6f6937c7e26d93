import Testing

@Suite struct FolioSiteCommandTests {
  @Test func rendersAsFolioDoes() async {
    let run = runFolioSite(["render"], input: "*hi*\n")
    #expect(run.status == 0)
    #expect(run.output == "<p><em>hi</em></p>\n")
  }

  @Test func unknownSubcommandsAreUsageErrors() async {
    let run = runFolioSite(["publish"])
    #expect(run.status == 64)
    #expect(run.error == "error: unknown subcommand 'publish'\nSee 'folio --help'.\n")
  }
}
