import SiteComponents
import SiteContent
import Testing

/// `externalLinks:` in folio.yaml.
@Suite struct ExternalLinkSettingsTests {
  private func parse(_ yaml: String) throws -> ExternalLinkSettings {
    try SiteConfiguration.parse(Array(yaml.utf8), path: "folio.yaml", sections: SiteFeatures.settingsSections)
      .externalLinks
  }

  private func error(_ yaml: String) -> String {
    do {
      _ = try parse(yaml)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func theDefaultsAreTenSecondsSixteenAtOnceFourPerHostAndADay() throws {
    let settings = try parse("title: T\n")
    #expect(settings == ExternalLinkSettings())
    #expect(settings.timeout == 10 && settings.concurrency == 16 && settings.perHost == 4)
    #expect(settings.ttl == 86_400 && settings.exclude.isEmpty)
  }

  @Test func privateAddressesIsAnErrorAtItsKeyBecauseAPullRequestCouldTurnTheGuardOff() {
    #expect(
      error("title: T\nexternalLinks:\n  timeout: 5s\n  privateAddresses: true\n")
        == """
        folio.yaml:4:3: error: 'privateAddresses' is no longer read from folio.yaml: a pull request could turn the guard off
            hint: pass --private-addresses to folio check --external on trusted changes
        """)
    #expect(
      error("externalLinks: {privateAddresses: false}").hasPrefix(
        "folio.yaml:1:17: error: 'privateAddresses'"))
  }

  @Test func durationsTakeSecondsOrAUnit() throws {
    #expect(try parse("externalLinks: {timeout: 2.5}").timeout == 2.5)
    #expect(try parse("externalLinks: {timeout: 500ms}").timeout == 0.5)
    #expect(try parse("externalLinks: {timeout: 1m}").timeout == 60)
    #expect(try parse("externalLinks: {ttl: 12h}").ttl == 43_200)
    #expect(try parse("externalLinks: {ttl: 2d}").ttl == 172_800)
    #expect(try parse("externalLinks: {ttl: 0}").ttl == 0)
    let settings = try parse("externalLinks:\n  exclude: 'example\\.org'\n  concurrency: 2\n  perHost: 1\n")
    #expect(settings.exclude == ["example\\.org"] && settings.concurrency == 2 && settings.perHost == 1)
  }

  @Test func badValuesAreErrorsAtTheirPlace() {
    #expect(
      error("externalLinks: {timeout: soon}").hasPrefix(
        "folio.yaml:1:26: error: expected a duration for 'externalLinks.timeout', found the string 'soon'"))
    #expect(
      error("externalLinks: {timeout: 0}").hasPrefix(
        "folio.yaml:1:26: error: externalLinks.timeout must be more than 0"))
    #expect(
      error("externalLinks: {ttl: -1}").hasPrefix(
        "folio.yaml:1:22: error: externalLinks.ttl cannot be negative"))
    #expect(
      error("externalLinks: {perHost: 0}").hasPrefix(
        "folio.yaml:1:26: error: externalLinks.perHost must be 1 or more"))
    #expect(error("externalLinks: [a]").hasPrefix("folio.yaml:1:16: error: expected a mapping of settings"))
  }
}
