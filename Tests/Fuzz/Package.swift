// swift-tools-version:6.0
import PackageDescription

/// Compiled with `-parse-as-library`: the entry point is libFuzzer's `main`, which calls the
/// target's `LLVMFuzzerTestOneInput`.
let fuzzTargetSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

/// Folio's libFuzzer targets (README.md here), a package of their own so that `swift build` of
/// Folio never builds them: they link only with `--sanitize=fuzzer`. Internal types are reached
/// with `@testable import`, which the debug build allows.
let package = Package(
  name: "FolioFuzz",
  dependencies: [.package(name: "Folio", path: "../..")],
  targets: [
    .target(name: "FuzzSupport"),
    // cmark-gfm itself, the reference of the Markdown differential; its symbols come from the
    // static archives Folio's CCmarkGFM links.
    .target(name: "CMarkReference"),
    .executableTarget(
      name: "FuzzMarkdown",
      dependencies: [
        "FuzzSupport", "CMarkReference", .product(name: "MarkdownParsing", package: "Folio"),
        .product(name: "HTMLRendering", package: "Folio"),
      ],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzExtendedAttributes",
      dependencies: [
        "FuzzSupport", .product(name: "MarkdownParsing", package: "Folio"),
        .product(name: "HTMLRendering", package: "Folio"), .product(name: "RichText", package: "Folio"),
        .product(name: "Inflection", package: "Folio"),
      ],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzMath",
      dependencies: [
        "FuzzSupport", .product(name: "MarkdownParsing", package: "Folio"),
        .product(name: "HTMLRendering", package: "Folio"), .product(name: "RichText", package: "Folio"),
      ],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzFrontMatter", dependencies: ["FuzzSupport", .product(name: "Site", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzTOML", dependencies: ["FuzzSupport", .product(name: "Site", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzMustache", dependencies: ["FuzzSupport", .product(name: "Mustache", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzBookmarks",
      dependencies: [
        "FuzzSupport", .product(name: "Site", package: "Folio"),
        .product(name: "HTMLRendering", package: "Folio"),
      ],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzRequestTarget",
      dependencies: ["FuzzSupport", .product(name: "PreviewServer", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzOutputPath", dependencies: ["FuzzSupport", .product(name: "Site", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzImages",
      dependencies: ["FuzzSupport", .product(name: "ImageProcessing", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzImageSize", dependencies: ["FuzzSupport", .product(name: "Site", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzHTMLTree", dependencies: ["FuzzSupport", .product(name: "HTMLTree", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
    .executableTarget(
      name: "FuzzImageMetadata", dependencies: ["FuzzSupport", .product(name: "Site", package: "Folio")],
      swiftSettings: fuzzTargetSettings),
  ]
)
