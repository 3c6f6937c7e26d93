import Diagnostics
import Foundation
import Site
import SiteComponents
import SiteContent
import Testing

/// `checkLinks` in folio.yaml: broken site-relative links stop the build unless set to `warn`.
@Suite struct LinkCheckSettingTests {
  @Test func defaultsToError() throws {
    #expect(
      try SiteConfiguration.parse(
        Array("title: T\n".utf8), path: "folio.yaml", sections: SiteFeatures.settingsSections
      ).brokenLinks == .error)
  }

  @Test func readsWarn() throws {
    let config = try SiteConfiguration.parse(
      Array("checkLinks: warn\n".utf8), path: "folio.yaml", sections: SiteFeatures.settingsSections)
    #expect(config.brokenLinks == .warning)
  }

  @Test func rejectsOtherValues() {
    #expect(throws: DiagnosticError.self) {
      try SiteConfiguration.parse(
        Array("checkLinks: off\n".utf8), path: "folio.yaml", sections: SiteFeatures.settingsSections)
    }
  }

  @Test func brokenLinkFailsTheBuildByDefault() throws {
    let root = try project(config: "title: T\n")
    defer { try? FileManager.default.removeItem(at: root) }
    let error = #expect(throws: DiagnosticError.self) {
      try SiteBuilder(options: .init(projectRoot: root)).render()
    }
    #expect(error?.diagnostics.map(\.message) == ["broken link to '/missing/': no page or file has that URL"])
  }

  @Test func brokenLinkIsAWarningWithWarn() throws {
    let root = try project(config: "title: T\ncheckLinks: warn\n")
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try SiteBuilder(options: .init(projectRoot: root)).render()
    let broken = result.warnings.filter { $0.message.contains("broken link to '/missing/'") }
    #expect(broken.count == 1)
    #expect(broken.first?.severity == .warning)
    #expect(broken.first?.location?.path == "Content/a.md")
    #expect(result.files["a/index.html"] != nil)
  }

  /// A project with one page that links to a page that does not exist.
  private func project(config: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-links-\(UUID().uuidString)")
    for folder in ["Content", "Templates"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try Data(config.utf8).write(to: root.appendingPathComponent("folio.yaml"))
    try Data("---\ntitle: A\n---\n\nSee [the missing page](/missing/).\n".utf8).write(
      to: root.appendingPathComponent("Content/a.md"))
    return root
  }
}
