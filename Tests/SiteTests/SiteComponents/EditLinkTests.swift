import Diagnostics
import TestSupport
import Testing

/// "Edit this page" from `repository:`: each host's own address for editing a file, or
/// `editURL` for any other; a host Folio does not know is an error that names `editURL`.
@Suite struct EditLinkTests {
  private func editLink(_ settings: String, page: String = "docs/start.md") throws -> String? {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Docs
      \(settings)
      -- Content/\(page) --
      Start here.

      """)
    let html = try site.build().text(
      String(page.dropLast(3)) + "/index.html")
    guard let start = html.range(of: #"<p class="page-edit"><a href=""#) else { return nil }
    return String(html[start.upperBound...].prefix { $0 != "\"" })
  }

  @Test(arguments: [
    (
      "repository: {url: https://github.com/acme/site, path: website}",
      "https://github.com/acme/site/edit/main/website/Content/docs/start.md"
    ),
    (
      "repository: {url: 'https://gitlab.com/acme/site.git', branch: trunk}",
      "https://gitlab.com/acme/site/-/edit/trunk/Content/docs/start.md"
    ),
    (
      "repository: {url: https://bitbucket.org/acme/site/, branch: main}",
      "https://bitbucket.org/acme/site/src/main/Content/docs/start.md?mode=edit"
    ),
    (
      "repository: {url: https://codeberg.org/acme/site}",
      "https://codeberg.org/acme/site/_edit/main/Content/docs/start.md"
    ),
    (
      "repository: {editURL: 'https://git.example.org/acme/site/edit/main/'}",
      "https://git.example.org/acme/site/edit/main/Content/docs/start.md"
    ),
  ])
  func eachHostsAddressForEditingAFile(settings: String, link: String) throws {
    #expect(try editLink(settings) == link)
  }

  @Test func aPathIsEscapedAsAURLPath() throws {
    #expect(
      try editLink("repository: {url: https://github.com/acme/site}", page: "docs/first steps.md")
        == "https://github.com/acme/site/edit/main/Content/docs/first%20steps.md")
  }

  @Test func withoutTheSettingNoPageHasALink() throws {
    #expect(try editLink("") == nil)
  }

  @Test func anUnknownHostIsAnErrorNamingEditURL() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Docs
      repository:
        url: 1️⃣https://git.example.org/acme/site
      -- Content/a.md --
      A.

      """)
    let errors = site.buildErrors()
    #expect(errors.count == 1)
    #expect(errors.first?.location == site.location("1️⃣"))
    #expect(errors.first?.message.contains("repository.editURL") == true)
  }

  @Test func aURLThatIsNotHTTPIsAnError() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Docs
      repository: {editURL: 1️⃣'javascript:alert(1)'}
      -- Content/a.md --
      A.

      """)
    let errors = site.buildErrors()
    #expect(errors.first?.location == site.location("1️⃣"))
  }
}
