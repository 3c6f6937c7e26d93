// swift-tools-version:6.0
import PackageDescription

/// A package outside Folio that uses its Markdown libraries the way anyone else would: by path
/// here, by URL elsewhere. CI builds and runs it (scripts/test, "Examples package").
let package = Package(
  name: "FolioExamples",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Folio", path: "..")],
  targets: [
    .executableTarget(
      name: "LibraryTour",
      dependencies: [
        .product(name: "RichText", package: "Folio"),
        .product(name: "MarkdownParsing", package: "Folio"),
        .product(name: "HTMLRendering", package: "Folio"),
        .product(name: "AttributedMarkdown", package: "Folio"),
        .product(name: "Inflection", package: "Folio"),
      ])
  ]
)
