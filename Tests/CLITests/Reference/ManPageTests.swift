import TestSupport
import Testing

@testable import CLI

/// Manual pages written from a command's option table: what `man folio-build` shows.
@Suite struct ManPageTests {
  static let build = CommandReference(
    name: "build", abstract: "Build the site into an output folder (default: public/).",
    usage: ["folio build [options]"],
    parsers: [
      ArgumentParser(options: [
        .value("-s", "--source", valueName: "DIR", help: "The project folder."),
        .flag("--drafts", help: ".draft pages too, with a \\ in the help."),
      ])
    ])

  @Test func aSubcommandPageHasItsWhatisLineSynopsisAndEveryOption() {
    let page = ManPage.page(for: Self.build, version: "1.2.0-dev")
    #expect(page.hasPrefix(".TH FOLIO\\-BUILD 1 \"\" \"folio 1.2.0\\-dev\" \"Folio Manual\"\n"))
    #expect(
      page.contains(".SH NAME\nfolio\\-build \\- build the site into an output folder (default: public/)\n"))
    #expect(page.contains(".SH SYNOPSIS\n.nf\nfolio build [options]\n.fi\n"))
    #expect(page.contains(".TP\n\\fB\\-s\\fR, \\fB\\-\\-source\\fR \\fIdir\\fR\nThe project folder.\n"))
    #expect(page.contains(".SH SEE ALSO\n\\fBfolio\\fR(1)\n"))
  }

  @Test func helpTextCannotBecomeARoffRequest() {
    let page = ManPage.page(for: Self.build, version: "1")
    #expect(page.contains("\n\\&.draft pages too, with a \\e in the help.\n"))
  }

  @Test func theOverviewPointsAtEachSubcommandsPage() {
    let page = ManPage.overview(of: [Self.build], version: "1")
    #expect(page.contains(".SH SUBCOMMANDS\n.TP\n\\fBbuild\\fR\n"))
    #expect(page.contains("See \\fBfolio\\-build\\fR(1)."))
  }

  @Test func referenceListsThePagesAndRefusesAnUnknownOne() async {
    let names = await CapturedRun { ReferenceCommand.run(["names"], commands: [Self.build], io: $0) }
    #expect(names.output == "folio\nfolio-build\n")
    let unknown = await CapturedRun {
      ReferenceCommand.run(["man", "folio-x"], commands: [Self.build], io: $0)
    }
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("error: no manual page 'folio-x'\n"))
  }
}
