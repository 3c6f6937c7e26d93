import Diagnostics

/// Why a value in a page's front matter, a data file or folio.yaml cannot be read: each a reason
/// with what it is about; ``message`` and ``hint`` are the one place these errors are put into
/// words (as ``SiteProblem`` is for files, layout and output).
package enum ContentProblem: Equatable, Sendable {
  // MARK: Values (YAMLReading)

  /// A value of the wrong kind: `expected` says what was wanted, `found` what was there.
  case mismatch(expected: String, key: String, found: String)

  // MARK: Front matter (FrontMatter, PageLoader)

  /// `---` front matter without its closing line.
  case frontMatterNeverClosed
  /// `{` front matter without its closing brace.
  case jsonFrontMatterNeverClosed
  /// TOML front matter opened with `+++` has no closing `+++` line.
  case tomlFrontMatterNeverClosed
  /// Text follows the closing brace of JSON front matter on its line.
  case textAfterJSONFrontMatter
  /// A page's `url` or `permalink` holds a Jekyll placeholder (`:title`), which Folio does not fill.
  case placeholderInURL(key: String, url: String)
  /// A `date` or `updated` that is neither `YYYY-MM-DD` nor an RFC 3339 date-time.
  case notADate(String)

  // MARK: folio.yaml (SiteConfiguration, ExternalLinkSettings)

  /// A setting folio.yaml does not know (`key`, under `parent`), with the known one it was
  /// probably meant to be, or else the known ones.
  case unknownSetting(key: String, parent: String?, closest: String?, known: [String])
  /// A taxonomy name with a `/`.
  case taxonomyWithSlash(String)
  /// A `mounts` source that is not a plain folder path inside the project.
  case mountSourceOutsideTheProject(String)
  /// A `mounts` source that is `Content/`, `Templates/` or Folio's own folder.
  case mountSourceReserved(String)
  /// A `urls.permalinks` pattern that ``Permalink`` refuses.
  case badPermalink(String, Permalink.Problem)
  /// A page in a section with a dated permalink pattern (`pattern`) that has no date.
  case permalinkNeedsDate(section: String, pattern: String)
  /// A base URL (`field`: `baseURL` or `--base-url`) that ``BaseURL`` refuses.
  case badBaseURL(String, field: String, BaseURL.Problem)
  /// A `checkLinks` other than `error` or `warn`.
  case checkLinksValue(String)
  /// An entry of `urls.schemes` that is not a scheme.
  case notAScheme(String)
  /// A `redirects:` key that does not start with `/`.
  case redirectNotSiteRelative(String)
  /// A `redirects:` target that is another site's URL (or empty).
  case redirectTargetNotInTheSite(String)
  /// An entry of `urls.schemes` that names a scheme that runs code.
  case schemeRunsCode(String)
  /// An `externalLinks.exclude` pattern that does not compile.
  case notARegularExpression(String)
  /// `externalLinks.timeout` of 0 or less.
  case timeoutNotPositive
  /// An `externalLinks` count below 1.
  case countBelowOne(key: String, found: Int)
  /// An `externalLinks` duration that is not a duration (`found` names what was there).
  case notADuration(key: String, found: String)
  /// A negative `externalLinks` duration.
  case negativeDuration(key: String)
  /// `externalLinks.privateAddresses`, which moved to `folio check --private-addresses`:
  /// folio.yaml is part of a pull request, which must not turn the guard off.
  case privateAddressesMoved
  /// A `static.activeContent` pattern that is empty or starts with `/`.
  case patternNotInContent(String)

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .mismatch(let expected, let key, let found): "expected \(expected) for '\(key)', found \(found)"
    case .frontMatterNeverClosed: "front matter opened with '---' is never closed"
    case .jsonFrontMatterNeverClosed: "JSON front matter is never closed"
    case .tomlFrontMatterNeverClosed: "front matter opened with '+++' is never closed"
    case .textAfterJSONFrontMatter: "text follows the closing brace of the JSON front matter on its line"
    case .placeholderInURL(let key, let url):
      "\(key) '\(url)' has a placeholder, which a page's own URL cannot fill"
    case .notADate(let text): "'\(text)' is not a date"
    case .unknownSetting(let key, let parent, _, _): "unknown setting '\(Self.prefix(parent))\(key)'"
    case .taxonomyWithSlash(let name): "taxonomy '\(name)' has a '/'"
    case .mountSourceOutsideTheProject(let source):
      "mount source '\(source)' is not a folder inside the project"
    case .mountSourceReserved(let source): "mount source '\(source)' is a folder Folio reads or writes itself"
    case .badPermalink(let pattern, .unknownToken(let name)):
      "permalink '\(pattern)' names ':\(name)', which Folio does not know"
    case .badPermalink(let pattern, .notAFolderPath):
      "permalink '\(pattern)' does not start with '/' and end with '/' or '.html'"
    case .permalinkNeedsDate(let section, let pattern):
      "the permalink of '\(section)', '\(pattern)', needs a date, and this page has none"
    case .badBaseURL(let url, let field, let problem): "\(field) '\(url)' \(problem.explanation)"
    case .checkLinksValue(let value): "checkLinks must be error or warn, found '\(value)'"
    case .notAScheme(let name): "'\(name)' is not a URL scheme"
    case .redirectNotSiteRelative(let from): "the redirect '\(from)' is not a URL of the site"
    case .redirectTargetNotInTheSite(let to): "the redirect's target '\(to)' is not a page or URL of the site"
    case .schemeRunsCode(let scheme): "the scheme '\(scheme):' can run code and cannot be allowed"
    case .notARegularExpression(let pattern): "'\(pattern)' is not a regular expression"
    case .timeoutNotPositive: "externalLinks.timeout must be more than 0"
    case .countBelowOne(let key, let found): "externalLinks.\(key) must be 1 or more, found \(found)"
    case .notADuration(let key, let found): "expected a duration for 'externalLinks.\(key)', found \(found)"
    case .negativeDuration(let key): "externalLinks.\(key) cannot be negative"
    case .privateAddressesMoved:
      "'privateAddresses' is no longer read from folio.yaml: a pull request could turn the guard off"
    case .patternNotInContent(let pattern): "'\(pattern)' is not a path pattern relative to Content/"
    }
  }

  /// How to fix it, when there is something useful to say.
  var hint: String? {
    switch self {
    case .mismatch, .timeoutNotPositive, .countBelowOne, .negativeDuration: nil
    case .frontMatterNeverClosed: "add a line containing only '---' after the last front-matter field"
    case .jsonFrontMatterNeverClosed: "end the object with '}' before the Markdown starts"
    case .tomlFrontMatterNeverClosed: "add a line containing only '+++' after the last front-matter field"
    case .textAfterJSONFrontMatter: "start the Markdown on the line after the '}'"
    case .placeholderInURL: "write the page's path as it is, such as /2024/01/hello/"
    case .notADate: "write dates as 2026-11-30 or 2026-11-30T09:00:00+09:00"
    case .unknownSetting(_, let parent, let closest, let known):
      closest.map { "did you mean '\(Self.prefix(parent))\($0)'?" }
        ?? "the settings\(parent.map { " under '\($0)'" } ?? "") are: \(known.map { Self.prefix(parent) + $0 }.joined(separator: ", "))"
    case .taxonomyWithSlash: "name it with one word, such as 'tags'"
    case .mountSourceOutsideTheProject: "write the folder's path from the project folder, such as 'articles'"
    case .mountSourceReserved: "Content/ is read anyway; mount folders beside it, such as 'articles'"
    case .badPermalink(_, .unknownToken):
      "use " + Permalink.Token.allCases.map { ":" + $0.rawValue }.joined(separator: ", ")
    case .badPermalink(_, .notAFolderPath): "write a folder path such as /:year/:month/:slug/"
    case .permalinkNeedsDate: "add a date: to the front matter"
    case .badBaseURL:
      "write the address the site is published at, like https://example.org/ or https://user.github.io/project/"
    case .checkLinksValue: "links are always checked; warn reports broken ones without failing the build"
    case .redirectNotSiteRelative:
      "write the old URL from the site's root, starting with '/', such as /old/page/"
    case .redirectTargetNotInTheSite:
      "write a content file as it is in the project (content/posts/a.md) or a URL of the site starting with '/'"
    case .notAScheme: "a scheme is a letter followed by letters, digits, '+', '-' or '.', like tel or web+app"
    case .schemeRunsCode:
      "remove it from urls.schemes; javascript:, vbscript: and data: URLs are always left out"
    case .notARegularExpression: "escape '.', '?', '(' and '[' with a backslash to match them as they are"
    case .notADuration: "write a number of seconds, or one with a unit: 500ms, 10s, 5m, 12h, 1d"
    case .privateAddressesMoved: "pass --private-addresses to folio check --external on trusted changes"
    case .patternNotInContent:
      "write the path from Content/, such as 'demos/**' for everything below Content/demos/"
    }
  }

  /// `parent.` before a setting's name, or nothing for a top-level setting.
  private static func prefix(_ parent: String?) -> String { parent.map { "\($0)." } ?? "" }

  /// The problem as an error at `location`, ready to throw.
  package func error(at location: SourceLocation?) -> DiagnosticError {
    DiagnosticError(.error(message, at: location, hint: hint))
  }
}
