import MarkdownParsing
import Mustache

/// The most a site may hold or ask for before a build stops with an error: untrusted content
/// must never crash the build, run it out of memory or keep it busy for ever.
///
/// This is the one place for the limits' names and defaults (the template limits come from
/// ``Mustache/RenderLimits``; the formula limits, from `MathRendering`'s `MathLimits`, are added
/// where formulas are rendered, in SiteComponents' `Limits+Formulas.swift`);
/// docs/CONTRACTS.md lists each with its error, and ``LimitExceeded`` renders the errors.
package enum Limits {
  /// Bytes in one page file: 16 MiB. The largest Markdown page seen in the benchmarks is under
  /// 1 MiB; a page past this is almost surely not prose.
  package static let pageBytes = 16 << 20
  /// Bytes in one other file read (a static file, a theme asset, a data file): 256 MiB. The
  /// build holds the whole site in memory, so larger files belong on a file host.
  package static let fileBytes = 256 << 20
  /// Files under `Content/`, pages and static files together: 1,000,000, ten times the largest
  /// benchmark site (100,000 pages, whose section pages and images put it past 100,000 files).
  package static let filesPerSite = 1_000_000
  /// Pixels in one image that variants are made of: 100 million (a 12,000 × 8,000 panorama).
  /// Decoding needs memory for every pixel, so a small file whose header claims more (a
  /// decompression bomb) is published as it is, with a warning, before anything is decoded.
  package static let imagePixels = 100_000_000
  /// Bytes of front matter in one page: 1 MiB. Front matter is parsed into a YAML tree that
  /// takes many times its size in memory.
  package static let frontMatterBytes = 1 << 20
  /// Terms one page may list in one taxonomy field (`tags`, `categories`, …): 1,000. Each term
  /// gets a list page and a place in every term list, so they cost more than their bytes.
  package static let termsPerPage = 1_000
  /// How many `:::` containers (`:::message`, `:::note`, `:::details`) may hold one another in a
  /// page: 32, the C parser's own `FOLIO_CONTAINER_MAX_DEPTH` (Sources/CCmarkGFM/include), read
  /// through ``MarkdownParsing/MarkdownParser/maximumContainerDepth`` so the two cannot disagree.
  /// cmark-gfm asks every open container about every line, so the limit keeps a page's parse
  /// linear in its size; Zenn and Qiita pages nest two or three.
  /// ``MarkdownParsing/TooDeepContainer`` words its error.
  package static let containerDepth = MarkdownParser.maximumContainerDepth
  /// How many Hugo shortcodes may hold one another in a page: 32. Deeper pairs are left out with
  /// one warning (not an error: the page still reads), so the expansion's recursion stays
  /// shallow; real pages nest two or three (`tabpane` > `tab`).
  package static let shortcodeDepth = 32
  /// Bytes in one shortcode or Liquid tag, arguments included: 64 KiB. A longer one is text with
  /// a warning; real tags are under a few hundred bytes.
  package static let shortcodeTagBytes = 64 * 1024
  /// How deep partials, parents, blocks and lambdas may include each other in one render.
  package static let templateIncludeDepth = RenderLimits.includeDepth
  /// How deep sections and includes may nest in all in one render.
  package static let templateRenderDepth = RenderLimits.renderDepth
  /// How many bytes one template render may write.
  package static let templateOutputBytes = RenderLimits.outputBytes
  /// How many sections, items and includes one template render may enter.
  package static let templateSteps = RenderLimits.steps
}
