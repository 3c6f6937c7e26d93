import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Mustache

/// A temporary directory tree written from `files` (relative path → contents), removed by `cleanUp`.
private struct Fixture {
  let root: URL

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appending(path: "folio-mustache-\(UUID().uuidString)")
    for (path, contents) in files {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
  }

  func url(_ path: String) -> URL { root.appending(path: path) }

  func cleanUp() { try? FileManager.default.removeItem(at: root) }
}

@Suite struct TemplateDirectoryTests {
  @Test func firstDirectoryWinsFileByFile() throws {
    let fixture = try Fixture([
      "site/Templates/partials/header.mustache": "site header",
      "theme/page.html": "{{>partials/header}}|{{>partials/footer}}",
      "theme/partials/header.mustache": "theme header",
      "theme/partials/footer.mustache": "theme footer",
    ])
    defer { fixture.cleanUp() }
    let library = try TemplateLibrary(directories: [fixture.url("site/Templates"), fixture.url("theme")])
    #expect(library.templateNames == ["page", "partials/footer", "partials/header"])
    #expect(try library.render("page", with: [:]) == "site header|theme footer")
  }

  @Test func directoriesAndEmbeddedTemplatesMix() throws {
    let fixture = try Fixture(["Templates/footer.mustache": "custom footer"])
    defer { fixture.cleanUp() }
    let library = try TemplateLibrary([
      .directory(fixture.url("Templates")),
      .templates(["page": "{{>footer}}", "footer": "default footer"]),
    ])
    #expect(try library.render("page", with: [:]) == "custom footer")
  }

  @Test func onlyVisibleTemplateFilesAreLoaded() throws {
    let fixture = try Fixture([
      "t/page.html": "page", "t/notes.txt": "{{#broken", "t/.hidden.mustache": "{{#broken",
      "t/.cache/old.mustache": "{{#broken",
    ])
    defer { fixture.cleanUp() }
    #expect(try TemplateLibrary(directories: [fixture.url("t")]).templateNames == ["page"])
  }

  @Test func diagnosticsNameTheFile() throws {
    let fixture = try Fixture(["t/partials/card.mustache": "<div>\n  {{#title}}\n</div>\n"])
    defer { fixture.cleanUp() }
    let problem = diagnostic { _ = try TemplateLibrary(directories: [fixture.url("t")]) }
    #expect(problem?.location?.path == fixture.url("t").path + "/partials/card.mustache")
    #expect(problem?.location?.line == 2)
    #expect(problem?.location?.column == 3)
  }

  @Test func twoFilesWithOneNameInOneDirectoryAreAnError() throws {
    let fixture = try Fixture(["t/page.html": "a", "t/page.mustache": "b"])
    defer { fixture.cleanUp() }
    let problem = diagnostic { _ = try TemplateLibrary(directories: [fixture.url("t")]) }
    #expect(problem?.message == "two files define template 'page'")
    #expect(problem?.location?.path.hasSuffix("t/page.mustache") == true)
  }

  @Test func missingDirectoryIsAnError() throws {
    let fixture = try Fixture([:])
    defer { fixture.cleanUp() }
    let problem = diagnostic { _ = try TemplateLibrary(directories: [fixture.url("nowhere")]) }
    #expect(problem?.message.hasSuffix("nowhere' does not exist") == true)
  }

  @Test func invalidUTF8IsAnError() throws {
    let fixture = try Fixture([:])
    defer { fixture.cleanUp() }
    try FileManager.default.createDirectory(at: fixture.url("t"), withIntermediateDirectories: true)
    try Data([0x3C, 0xFF, 0xFE, 0x3E]).write(to: fixture.url("t/bad.html"))
    #expect(
      diagnostic { _ = try TemplateLibrary(directories: [fixture.url("t")]) }?.message
        == "file is not valid UTF-8")
  }
}
