import SiteComponents
import SiteContent
import Testing

/// `static:` in folio.yaml.
@Suite struct StaticSettingsTests {
  private func parse(_ yaml: String) throws -> StaticSettings {
    try SiteConfiguration.parse(Array(yaml.utf8), path: "folio.yaml", sections: SiteFeatures.settingsSections)
      .staticFiles
  }

  private func error(_ yaml: String) -> String {
    do {
      _ = try parse(yaml)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func activeContentListsPatternsOrOne() throws {
    #expect(try parse("title: T\n").activeContent.isEmpty)
    let settings = try parse("static:\n  activeContent: ['assets/js/**', demo.html]\n")
    #expect(settings.activeContent.map(\.text) == ["assets/js/**", "demo.html"])
    #expect(
      settings.allowsActiveContent(at: "assets/js/a.js") && settings.allowsActiveContent(at: "demo.html"))
    #expect(!settings.allowsActiveContent(at: "other.html"))
    #expect(try parse("static: {activeContent: '*.svg'}").allowsActiveContent(at: "logo.svg"))
  }

  @Test func unknownKeysAndBadPatternsAreErrorsAtTheirPlace() {
    #expect(
      error("static:\n  activContent: [a]\n")
        == "folio.yaml:2:3: error: unknown setting 'static.activContent'\n    hint: did you mean 'static.activeContent'?"
    )
    #expect(
      error("static: {activeContent: [ok, '/demos/**']}").hasPrefix(
        "folio.yaml:1:30: error: '/demos/**' is not a path pattern relative to Content/"))
    #expect(error("static: [a]").hasPrefix("folio.yaml:1:9: error: expected a mapping of settings"))
    #expect(
      error("statc: {}").hasPrefix(
        "folio.yaml:1:1: error: unknown setting 'statc'\n    hint: did you mean 'static'?"))
  }
}
