import Diagnostics
import YAML

/// How pages' URLs are made from their files, beyond the one rule of ``PageAddress``
/// (`urls.lowercase` and `urls.permalinks` in folio.yaml): what an imported Hugo or Jekyll site
/// needs to keep the URLs it had.
///
/// ```yaml
/// urls:
///   lowercase: true                      # Hugo's default: /post/DUM-E/ is /post/dum-e/
///   permalinks: {post: /:year/:month/:slug/}
/// ```
public struct PageURLSettings: Sendable, Equatable {
  /// Whether page and section URLs are lower-cased, as Hugo makes them unless
  /// `disablePathToLower` is set.
  package var lowercase = false
  /// Whether the names in page and section URLs are cleaned as Hugo cleans them: white space
  /// becomes `-`, and only letters, digits, marks and `. _ - + ~ @` stay
  /// (`2022-07-07 15:04.md` is `/2022-07-07-1504/`).
  package var sanitize = false
  /// Whether each page is published as a file named after it (`/posts/trip.html`) rather than
  /// a folder's index (`/posts/trip/`): Hugo's `uglyURLs`, MkDocs' `use_directory_urls: false`.
  /// Sections, the home page and a bundle (`trip/index.md`, whose files sit beside it and are
  /// linked relative to its folder) keep their folder.
  package var pageFiles = false
  /// Each top section folder's pattern for the URLs of its pages (not of the section itself).
  package var permalinks: [String: Permalink] = [:]
  /// Where each pattern is written, for a page whose pattern cannot be filled.
  package var permalinkLocations: [String: SourceLocation] = [:]

  /// File names as they are, no patterns.
  public init() {}

  /// Reads `lowercase:` (a bool).
  mutating func readLowercase(_ value: YAMLValue) throws {
    lowercase = try value.expectBool("urls.lowercase")
  }

  /// Reads `style:`, `folders` (the default) or `files` (``pageFiles``).
  mutating func readStyle(_ value: YAMLValue, in path: String) throws {
    switch try value.expectString("urls.style", in: path) {
    case "folders": pageFiles = false
    case "files": pageFiles = true
    default: throw value.mismatch("'folders' or 'files'", "urls.style")
    }
  }

  /// Reads `sanitize:` (a bool).
  mutating func readSanitize(_ value: YAMLValue) throws {
    sanitize = try value.expectBool("urls.sanitize")
  }

  /// `url` with each name cleaned by Hugo's rule (``sanitize``).
  package static func sanitized(_ url: String) -> String {
    var result = ""
    var afterHyphen = false
    var scalars = Array(url.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      let properties = scalar.properties
      let isHex: (Unicode.Scalar?) -> Bool = { $0.map { $0.properties.isASCIIHexDigit } ?? false }
      let kept =
        "/._+~-@".unicodeScalars.contains(scalar) || properties.isAlphabetic || properties.numericType != nil
        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
        || (scalar == "%" && isHex(scalars.first) && isHex(scalars.dropFirst().first))
      if kept {
        result.unicodeScalars.append(scalar)
        afterHyphen = scalar == "-"
      } else if properties.isWhitespace, !afterHyphen {
        result += "-"
        afterHyphen = true
      }
    }
    return result
  }

  /// Reads `permalinks:`, a mapping of top section folder to pattern.
  mutating func readPermalinks(_ value: YAMLValue, in path: String) throws {
    guard value.mapping != nil else {
      throw value.mismatch("a mapping of section to pattern", "urls.permalinks")
    }
    for (section, pattern) in value.stringEntries {
      let text = try pattern.expectString("urls.permalinks." + section, in: path)
      do throws(Permalink.Problem) {
        permalinks[section] = try Permalink(text)
        permalinkLocations[section] = pattern.location
      } catch {
        throw ContentProblem.badPermalink(text, error).error(at: pattern.location)
      }
    }
  }

  /// Whether two settings make the same URLs (where a pattern is written does not count).
  public static func == (lhs: PageURLSettings, rhs: PageURLSettings) -> Bool {
    lhs.lowercase == rhs.lowercase && lhs.sanitize == rhs.sanitize && lhs.permalinks == rhs.permalinks
      && lhs.pageFiles == rhs.pageFiles
  }
}
