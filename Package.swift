// swift-tools-version:6.0
import PackageDescription

/// Debian's multiarch folder for Qt 5's headers, which KSyntaxHighlighting's headers include.
#if arch(arm64)
  let qtIncludes = "/usr/include/aarch64-linux-gnu/qt5"
  let glibConfigIncludes = "/usr/lib/aarch64-linux-gnu/glib-2.0/include"
#else
  let qtIncludes = "/usr/include/x86_64-linux-gnu/qt5"
  let glibConfigIncludes = "/usr/lib/x86_64-linux-gnu/glib-2.0/include"
#endif

/// libvips' headers include GLib's (the two folders `pkg-config --cflags vips` starts with; the
/// rest it lists are for libvips' own loaders). Only CVips' `.c` file sees them: its public
/// header holds plain C types, so Swift never needs GLib.
let vipsSettings: [CSetting] = [
  .unsafeFlags(["-isystem", "/usr/include/glib-2.0", "-isystem", glibConfigIncludes])
]

/// KSyntaxHighlighting (Debian libkf5syntaxhighlighting-dev) and the Qt 5 headers it needs
/// (QtCore, and QtGui for `QColor` in its theme header), for the one C++ file that uses them.
let syntaxHighlightingSettings: [CXXSetting] = [
  .unsafeFlags(
    [
      "-std=c++17", "-fPIC", "-isystem", "/usr/include/KF5/KSyntaxHighlighting", "-isystem", qtIncludes,
      "-isystem", qtIncludes + "/QtCore", "-isystem", qtIncludes + "/QtGui",
    ])
]

/// cmark-gfm's static archives, with its two calls that edit its special-character table routed
/// to Folio's wrappers (Sources/CCmarkGFM/InlineTable.c); the shared libraries elsewhere.
let cmarkLinkerSettings: [LinkerSetting] = [
  .linkedLibrary(":libcmark-gfm-extensions.a", .when(platforms: [.linux])),
  .linkedLibrary(":libcmark-gfm.a", .when(platforms: [.linux])),
  .unsafeFlags(
    [
      "-Xlinker", "--wrap=cmark_inlines_add_special_character",
      "-Xlinker", "--wrap=cmark_inlines_remove_special_character",
    ], .when(platforms: [.linux])),
  .linkedLibrary("cmark-gfm-extensions", .when(platforms: [.macOS])),
  .linkedLibrary("cmark-gfm", .when(platforms: [.macOS])),
]

/// Folio: Markdown in a repository → a website, through cmark-gfm, an attributed-string model and
/// Mustache templates. The module graph and the reasons for it are in docs/ARCHITECTURE.md.
let package = Package(
  name: "Folio",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "folio", targets: ["folio"]),
    .executable(name: "folio-site", targets: ["folio-site"]),
    .executable(name: "folio-serve", targets: ["folio-serve"]),
    .library(name: "RichText", targets: ["RichText"]),
    .library(name: "MarkdownParsing", targets: ["MarkdownParsing"]),
    .library(name: "HTMLRendering", targets: ["HTMLRendering"]),
    .library(name: "AttributedMarkdown", targets: ["AttributedMarkdown"]),
    .library(name: "Inflection", targets: ["Inflection"]),
    .library(name: "Mustache", targets: ["Mustache"]),
    // For the fuzz targets in Tests/Fuzz, a package of its own that can only use products: the
    // site layer's modules, each importable on its own.
    .library(
      name: "Site",
      targets: ["Site", "SiteLayout", "SiteOutput", "SiteComponents", "SiteContent", "SiteSearch"]),
    .library(name: "PreviewServer", targets: ["PreviewServer"]),
    // For the image fuzz target in Tests/Fuzz.
    .library(name: "ImageProcessing", targets: ["ImageProcessing"]),
    // For the HTML tree fuzz target in Tests/Fuzz (the books feature's chapters, later).
    .library(name: "HTMLTree", targets: ["HTMLTree"]),
  ],
  targets: [
    // C doors: each is imported by exactly one Swift target, but for CSystemCalls, whose calls
    // serve the site layer's one door for reads (SiteContent) and its one door for writes
    // (SiteOutput).
    // cmark-gfm (Debian libcmark-gfm-dev, libcmark-gfm-extensions-dev), linked statically on
    // Linux so that its calls to its process-wide table of special characters reach the
    // wrappers in InlineTable.c, which let pages parse on every core at once.
    .target(name: "CCmarkGFM", linkerSettings: cmarkLinkerSettings),
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),
    .target(name: "CSystemCalls"),
    // xxHash (Debian libxxhash-dev), header-only (XXH_INLINE_ALL): digests for the build cache.
    .target(name: "CXXHash"),
    // libcurl (Debian libcurl4-openssl-dev) for `folio check --external`, shared only: linked
    // into folio-serve, never into the fully static folio-site.
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // KSyntaxHighlighting (C++ and Qt 5, shared libraries only) behind a C API; imported only by
    // `SyntaxHighlighting`. Linked into folio-site and folio-serve, never into `folio`.
    .target(
      name: "CSyntaxHighlighting", cxxSettings: syntaxHighlightingSettings,
      linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting"), .linkedLibrary("Qt5Core")]),
    // toml++ (Debian libtomlplusplus-dev, header-only C++17) behind a C API; imported only by
    // `TOML`.
    .target(name: "CTOML", cxxSettings: [.unsafeFlags(["-std=c++17", "-fPIC"])]),
    // Opening a shared library on first use (dlopen) for the doors of libraries most builds never
    // call; used only by C targets.
    .target(name: "CLibraryLoading"),
    // libgit2 (Debian libgit2-dev, shared) for the dates pages were last changed; imported only
    // by `GitHistory`. Opened with dlopen on first use, not linked: only `lastUpdated: git`
    // reads a history (include/CGit2.h).
    .target(name: "CGit2", dependencies: ["CLibraryLoading"]),
    // libzip (Debian libzip-dev, shared) for the zip container of EPUB books, written and read in
    // memory; imported only by `ZipArchive`.
    // Opened with dlopen on first use, not linked: only books are zipped (include/CZip.h).
    .target(name: "CZip", dependencies: ["CLibraryLoading"]),
    // libdeflate (Debian libdeflate-dev, shared), which deflates the entries of those archives on
    // every core before libzip writes them; imported only by `ZipArchive`.
    .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
    // gumbo (Debian libgumbo-dev, shared), the HTML5 parser for the books' chapters; imported
    // only by `HTMLTree`.
    .systemLibrary(name: "CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),
    // ICU (Debian libicu-dev, shared) for CLDR plural categories, behind fixed-name C functions
    // (ICU renames its own by version); imported only by `PluralRules`.
    .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
    // libvips (Debian libvips-dev, shared) for the site's images: header reads, resizes and
    // encodes behind fixed-arity C functions (its API is variadic); imported only by
    // `ImageProcessing`. libwebp, libwebpmux and libheif, which libvips links anyway, for their
    // versions and to take the metadata 8.14's webpsave keeps out of its output. Opened with
    // dlopen on first use, not linked: loading them cost every run 36 ms (Vips.c says more).
    .target(name: "CVips", dependencies: ["CLibraryLoading"], cSettings: vipsSettings),

    .target(name: "Diagnostics"),
    // The date each tracked file was last changed, from one walk of the project's Git history.
    .target(name: "GitHistory", dependencies: ["CGit2"]),
    // Deterministic zip archives in memory (libzip, with entries deflated by libdeflate on every
    // core): entries in order, one fixed date, no extra fields.
    .target(name: "ZipArchive", dependencies: ["CZip", "CDeflate"]),
    // EPUB 3 books from XHTML chapters, packaged by ZipArchive.
    .target(name: "EPUB", dependencies: ["ZipArchive"]),
    // Content digests and the binary format of the build cache's files (no I/O: the site
    // layer's doors read and write them).
    .target(name: "BuildCache", dependencies: ["CXXHash"]),
    .target(name: "RichText", dependencies: ["Diagnostics"]),
    // A page's rendered HTML as a tree (gumbo): limits, rewrites, and XHTML or HTML output.
    .target(name: "HTMLTree", dependencies: ["CGumbo"]),
    // The CLDR plural category of a number in a language (ICU).
    .target(name: "PluralRules", dependencies: ["CICU"]),
    // Image headers, resizes and WebP/AVIF/JPEG/PNG encodes with limits and typed problems
    // (libvips).
    .target(name: "ImageProcessing", dependencies: ["CVips"]),
    // Automatic grammar agreement (`^[3 bookmark](inflect: true)`) in English and Spanish: a
    // RichText rewriter with word-form rules and ICU's plural categories.
    .target(name: "Inflection", dependencies: ["RichText", "Diagnostics", "PluralRules"]),
    .target(name: "MarkdownParsing", dependencies: ["RichText", "Diagnostics", "CCmarkGFM"]),
    .target(name: "YAML", dependencies: ["Diagnostics", "CYAML"]),
    // TOML front matter: toml++ → the YAML module's value tree.
    .target(name: "TOML", dependencies: ["Diagnostics", "YAML", "CTOML"]),
    .target(name: "HTMLRendering", dependencies: ["RichText"]),
    // Foundation's AttributedString from GitHub Markdown, with Apple's attribute names.
    .target(name: "AttributedMarkdown", dependencies: ["MarkdownParsing", "RichText"]),
    .target(name: "Mustache", dependencies: ["Diagnostics"]),
    // Token spans and theme colours from KSyntaxHighlighting, as Swift values.
    .target(name: "SyntaxHighlighting", dependencies: ["CSyntaxHighlighting"]),
    // Highlighted code blocks for the site build: fence options, language names, the block
    // writer and the stylesheet.
    .target(
      name: "CodeBlocks",
      dependencies: ["SyntaxHighlighting", "HTMLRendering", "RichText", "Diagnostics"]),
    // TeX → MathML with Debian's KaTeX, in one Node process per build (or serve session).
    .target(name: "MathRendering", dependencies: ["HTMLRendering", "RichText", "Diagnostics"]),
    // A page printed to PDF by headless Chromium over the DevTools pipe, every file served from
    // memory (a book's book.pdf).
    .target(name: "PDFPrinting"),
    // The site layer, lowest first (docs/ARCHITECTURE.md): what the project says, its pages'
    // components, the site's shape and layouts, the output folder, and the build over them all.
    // Site search: the tokeniser (the same rules as the theme's folio-search.js), the text a
    // page is searched by, and the sharded index files.
    .target(name: "SiteSearch", dependencies: ["RichText"]),
    .target(
      name: "SiteContent",
      dependencies: [
        "Diagnostics", "RichText", "MarkdownParsing", "HTMLRendering", "Mustache", "YAML", "TOML",
        "CSystemCalls", "PluralRules",
      ]
    ),
    .target(
      name: "SiteComponents",
      dependencies: [
        "SiteContent", "CodeBlocks", "MathRendering", "Diagnostics", "RichText", "HTMLRendering", "YAML",
        "SiteSearch", "Inflection", "BuildCache",
      ]),
    .target(
      name: "SiteLayout",
      dependencies: [
        "SiteComponents", "SiteContent", "SiteSearch", "Diagnostics", "HTMLRendering", "Mustache", "YAML",
        "Inflection", "PluralRules", "HTMLTree", "EPUB",
      ]),
    .target(name: "SiteOutput", dependencies: ["SiteContent", "Diagnostics", "CSystemCalls", "BuildCache"]),
    .target(
      name: "Site",
      dependencies: [
        "SiteLayout", "SiteOutput", "SiteComponents", "SiteContent", "Diagnostics", "HTMLRendering",
        "Mustache", "YAML", "TOML", "SiteSearch", "BuildCache", "GitHistory", "ImageProcessing",
        "PDFPrinting",
      ]
    ),
    .target(name: "PreviewServer", dependencies: ["Diagnostics", "CMicroHTTPD"]),
    .target(
      name: "ExternalLinks", dependencies: ["CCurl", "Site", "SiteComponents", "SiteContent", "Diagnostics"]),
    .target(name: "CLI", dependencies: ["MarkdownParsing", "HTMLRendering", "RichText", "Diagnostics"]),
    .target(
      name: "SiteCommands",
      dependencies: [
        "CLI", "Site", "SiteOutput", "SiteComponents", "SiteContent", "Diagnostics", "CodeBlocks",
        "Inflection",
      ]),
    .target(
      name: "PreviewCommand",
      dependencies: ["CLI", "Site", "SiteComponents", "SiteContent", "PreviewServer", "Diagnostics"]),
    // Three executables, each linked for its start-up time (docs/ARCHITECTURE.md, "Three
    // executables"). `folio`: render, help and version, fully static and without Foundation, for
    // pipelines that call `folio render` per file. `folio-site`: build, check and new, with the
    // static Swift runtime and Foundation and dynamic C libraries (Qt, for the syntax
    // highlighter, has no static build on Debian). `folio-serve`: the preview server, linked
    // the same way (libmicrohttpd needs GnuTLS, which Debian ships without a static p11-kit).
    .executableTarget(
      name: "folio", dependencies: ["CLI"],
      linkerSettings: [.unsafeFlags(["-static-stdlib", "-static-executable"], .when(platforms: [.linux]))]),
    .executableTarget(name: "folio-site", dependencies: ["SiteCommands"]),
    .executableTarget(
      name: "folio-serve", dependencies: ["CLI", "PreviewCommand", "SiteCommands", "ExternalLinks"]),
    // Conformance adapter for ../shared/conformance/mustache/run_spec.py; not a product.
    .executableTarget(name: "mustache-spec", dependencies: ["Mustache"], path: "Sources/MustacheSpecAdapter"),
    // toml-test's decoder for Tests/Conformance/toml_test.py; not a product.
    .executableTarget(
      name: "toml-test-decoder", dependencies: ["TOML", "YAML"], path: "Sources/TOMLTestDecoder"),
    .target(name: "TestSupport", dependencies: ["Diagnostics", "CLI"]),

    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
    .testTarget(name: "BuildCacheTests", dependencies: ["BuildCache"]),
    .testTarget(name: "GitHistoryTests", dependencies: ["GitHistory", "TestSupport"]),
    .testTarget(name: "ZipArchiveTests", dependencies: ["ZipArchive", "TestSupport"]),
    .testTarget(name: "EPUBTests", dependencies: ["EPUB", "ZipArchive", "TestSupport"]),
    .testTarget(name: "RichTextTests", dependencies: ["RichText"]),
    .testTarget(name: "PluralRulesTests", dependencies: ["PluralRules"]),
    .testTarget(name: "ImageProcessingTests", dependencies: ["ImageProcessing"]),
    .testTarget(name: "HTMLTreeTests", dependencies: ["HTMLTree"]),
    .testTarget(
      name: "InflectionTests", dependencies: ["Inflection", "MarkdownParsing", "HTMLRendering", "RichText"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "MarkdownParsingTests", dependencies: ["MarkdownParsing", "RichText", "HTMLRendering"]),
    .testTarget(name: "HTMLRenderingTests", dependencies: ["HTMLRendering", "MarkdownParsing", "RichText"]),
    .testTarget(
      name: "AttributedMarkdownTests", dependencies: ["AttributedMarkdown", "MarkdownParsing", "RichText"]),
    // Builds a package outside Folio against its libraries (scripts/test enables it).
    .testTarget(name: "LibraryPackageTests"),
    .testTarget(name: "MustacheTests", dependencies: ["Mustache", "Diagnostics", "TestSupport"]),
    .testTarget(name: "YAMLTests", dependencies: ["YAML", "Diagnostics", "TestSupport"]),
    .testTarget(name: "TOMLTests", dependencies: ["TOML", "YAML", "Diagnostics", "TestSupport"]),
    // One target for the site layer, its folders one per module (SiteContent/, SiteComponents/, …).
    .testTarget(
      name: "SiteTests",
      dependencies: [
        "Site", "SiteLayout", "SiteOutput", "SiteComponents", "SiteContent", "MathRendering", "Diagnostics",
        "BuildCache", "PluralRules", "ImageProcessing", "ZipArchive",
        "Mustache",
        "TestSupport",
      ]),
    .testTarget(
      name: "MathRenderingTests",
      dependencies: ["MathRendering", "MarkdownParsing", "RichText", "Diagnostics"]),
    .testTarget(name: "PDFPrintingTests", dependencies: ["PDFPrinting"]),
    .testTarget(name: "SiteSearchTests", dependencies: ["SiteSearch", "MarkdownParsing", "RichText"]),
    .testTarget(name: "SyntaxHighlightingTests", dependencies: ["SyntaxHighlighting"]),
    .testTarget(
      name: "CodeBlocksTests",
      dependencies: [
        "CodeBlocks", "SyntaxHighlighting", "HTMLRendering", "MarkdownParsing", "RichText", "Diagnostics",
      ]),
    .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "Diagnostics"]),
    .testTarget(
      name: "ExternalLinksTests",
      dependencies: ["ExternalLinks", "Site", "SiteCommands", "Diagnostics", "TestSupport", "CLI"]),
    .testTarget(name: "CLITests", dependencies: ["CLI", "TestSupport"]),
    .testTarget(name: "SiteCommandsTests", dependencies: ["SiteCommands", "CLI", "TestSupport"]),
    .testTarget(
      name: "PreviewCommandTests", dependencies: ["PreviewCommand", "PreviewServer", "TestSupport"]),
  ]
)

// Release builds of the Swift targets optimise across modules: generic code that one module
// calls in another (the HTML renderer's walk of RichText's tree, SiteContent's path checks from
// the site layer) is specialised and inlined at the call instead of running through witness
// tables and type metadata for every run, block and byte. On the 10,000-page benchmark it took
// 5-10% off the build's CPU time (Benchmarks/RESULTS.md, session 17); debug builds and tests
// are unchanged.
let cTargets: Set<String> = [
  "CCmarkGFM", "CGit2", "CICU", "CLibraryLoading", "CMicroHTTPD", "CSyntaxHighlighting", "CSystemCalls",
  "CTOML", "CVips", "CZip",
]
let crossModuleOptimization = SwiftSetting.unsafeFlags(
  ["-cross-module-optimization"], .when(configuration: .release))
for target in package.targets where target.type != .system && target.type != .test {
  guard !cTargets.contains(target.name) else { continue }
  target.swiftSettings = (target.swiftSettings ?? []) + [crossModuleOptimization]
}
