import Foundation
import Testing

/// A package made in a temporary folder that depends on Folio by path, as a library user's
/// would, builds and runs: it parses, slices, compares, renders (with `HTMLRenderer`, and with a
/// renderer of its own on the public walking API) and builds an `AttributedString(gitHubMarkdown:)`.
///
/// A full SwiftPM build of the libraries, so it runs only when `FOLIO_OUTSIDE_PACKAGE_TEST` is
/// set (scripts/test sets it); the build reuses `.build/outside-package` between runs.
@Suite struct OutsidePackageTests {
  private static let isEnabled = ProcessInfo.processInfo.environment["FOLIO_OUTSIDE_PACKAGE_TEST"] != nil

  /// The repository: three levels above this file.
  private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(.enabled(if: isEnabled), .timeLimit(.minutes(10)))
  func aPackageThatDependsOnFolioByPathBuildsAndRuns() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-outside-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = folder.appendingPathComponent("Sources/Outside")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Self.manifest(folio: root.path).write(
      to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try Self.program.write(
      to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let scratch = root.appendingPathComponent(".build/outside-package").path

    let build = try Self.run(
      "/usr/bin/env", ["swift", "build", "--package-path", folder.path, "--scratch-path", scratch])
    #expect(build.status == 0, "swift build failed:\n\(build.output)")
    guard build.status == 0 else { return }
    let program = try Self.run(scratch + "/debug/Outside", [])
    #expect(program.status == 0)
    #expect(
      program.output == """
        first block: Title
        equal: true, different: false
        <h1>Title</h1>
        its own renderer: [Title] Body _text_. (depth 1, last)
        strong: Thank You!
        link: website http://example.com

        """)
  }

  private static func manifest(folio: String) -> String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Outside",
      dependencies: [.package(name: "Folio", path: "\(folio)")],
      targets: [
        .executableTarget(
          name: "Outside",
          dependencies: [
            .product(name: "MarkdownParsing", package: "Folio"), .product(name: "RichText", package: "Folio"),
            .product(name: "HTMLRendering", package: "Folio"), .product(name: "AttributedMarkdown", package: "Folio"),
          ])
      ]
    )
    """
  }

  private static let program = """
    import AttributedMarkdown
    import Foundation
    import HTMLRendering
    import MarkdownParsing
    import RichText

    let parser = MarkdownParser(options: .gitHubFlavored)
    let text = parser.parse("# Title\\n\\nBody *text*.\\n")
    let first = text.prefix(topLevelBlocks: 1)
    print("first block:", first.characters)
    print("equal: \\(text == parser.parse("# Title\\n\\nBody *text*.\\n")), different: \\(text == parser.parse("# Title\\n"))")
    print(HTMLRenderer().render(first), terminator: "")
    // RichText's PresentationIntent: AttributedMarkdown has Foundation's, of the same name, on Linux.
    struct Brackets: AttributedTextVisitor {
      var output = ""
      mutating func enterBlock(_ block: RichText.PresentationIntent) {
        if case .header = block.innermost.kind { output += "[" }
      }
      mutating func exitBlock(_ block: RichText.PresentationIntent, isLastChild: Bool) {
        if case .header = block.innermost.kind { output += "] " }
        if case .paragraph = block.innermost.kind, block.parent == nil {
          output += " (depth \\(block.depth)\\(isLastChild ? ", last" : ""))"
        }
      }
      mutating func enterInline(_ container: InlineIntent.Component) { output += "_" }
      mutating func exitInline(_ container: InlineIntent.Component) { output += "_" }
      mutating func visitRun(_ run: Run) { output += String(decoding: run.utf8, as: UTF8.self) }
    }
    var brackets = Brackets()
    text.walk(&brackets)
    print("its own renderer:", brackets.output)
    let string = AttributedString(gitHubMarkdown: "**Thank You!** Please visit our [website](http://example.com).")
    for run in string.runs {
      let piece = String(string[run.range].characters)
      if run.inlinePresentationIntent?.contains(.stronglyEmphasized) == true { print("strong:", piece) }
      if let link = run.link { print("link:", piece, link.absoluteString) }
    }

    """

  private static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
