import Diagnostics
import Foundation
import Site
import SiteComponents
import SiteContent

/// `folio check --external` after the site is built: the site's http and https URLs (less the
/// excluded ones) checked with ``LinkChecker`` or taken from the ``LinkCache``, and a
/// diagnostic at every place that links to a broken URL (an error) or to one that moved
/// permanently (a note with the new URL).
public enum ExternalLinkCheck {
  /// Checks `links` with `settings`; reuses and updates the project's cache when `usesCache`,
  /// and requests hosts at private addresses only when `allowsPrivateAddresses`
  /// (`--private-addresses`). `progress` hears how many of the URLs that need a request are done.
  public static func run(
    links: [ExternalLinkReference], settings: ExternalLinkSettings, projectRoot: URL, usesCache: Bool,
    allowsPrivateAddresses: Bool,
    progress: @escaping (_ done: Int, _ total: Int) -> Void
  ) -> ExternalLinkReport {
    run(
      links: links, settings: settings, projectRoot: projectRoot, usesCache: usesCache,
      allowsPrivateAddresses: allowsPrivateAddresses, now: Date(), progress: progress)
  }

  /// ``run(links:settings:projectRoot:usesCache:allowsPrivateAddresses:progress:)`` as if it
  /// were `now`.
  static func run(
    links: [ExternalLinkReference], settings: ExternalLinkSettings, projectRoot: URL, usesCache: Bool,
    allowsPrivateAddresses: Bool, now: Date,
    progress: @escaping (_ done: Int, _ total: Int) -> Void
  ) -> ExternalLinkReport {
    var report = ExternalLinkReport()
    let patterns = settings.exclude.compactMap { try? NSRegularExpression(pattern: $0) }
    let included = links.filter { link in
      let range = NSRange(link.url.startIndex..., in: link.url)
      return !patterns.contains { $0.firstMatch(in: link.url, range: range) != nil }
    }
    report.excluded = links.count - included.count
    let reusing = usesCache && settings.ttl > 0
    var old = LinkCache()
    if reusing {
      do {
        old = try LinkCache.read(projectAt: projectRoot)
      } catch {
        report.diagnostics.append(error.warning)
      }
    }
    var cache = LinkCache()
    var results: [String: LinkCheckResult] = [:]
    // The URLs link cards show: their pages are read for a title, and a cached result that
    // did not read one is asked again.
    let titled = Set(included.filter(\.wantsTitle).map(\.url))
    for link in included {
      if let entry = old.fresh(link.url, at: now, ttl: settings.ttl),
        !titled.contains(link.url) || entry.result.readsTitle == true
      {
        results[link.url] = entry.result
        cache.entries[link.url] = entry
      }
    }
    report.fromCache = results.count
    var options = LinkCheckOptions()
    options.timeout = settings.timeout
    options.concurrency = settings.concurrency
    options.perHost = settings.perHost
    options.allowsPrivateAddresses = allowsPrivateAddresses
    let fresh = LinkChecker(options: options).check(
      included.map(\.url).filter { results[$0] == nil }, titled: titled, progress: progress)
    for (url, result) in fresh {
      results[url] = result
      if result.isOK { cache.entries[url] = LinkCache.Entry(checkedAt: now, result: result) }
    }
    report.checked = results.count
    if reusing && cache != old {
      do {
        try cache.write(projectAt: projectRoot)
      } catch {
        report.diagnostics.append(
          .warning(
            "cannot write the link cache \(LinkCache.folders.joined(separator: "/"))/\(LinkCache.fileName): \(error.localizedDescription)",
            hint: "the next run checks every link again"))
      }
    }
    for link in included {
      guard let result = results[link.url] else { continue }
      report.diagnostics += diagnostics(for: link, result, settings: settings)
    }
    let origin = SourceLocation(path: "", line: 0, column: 0)
    report.diagnostics.sort { ($0.location ?? origin, $0.message) < ($1.location ?? origin, $1.message) }
    return report
  }

  /// The diagnostics at each of `link`'s places for `result`: none for a working link.
  static func diagnostics(
    for link: ExternalLinkReference, _ result: LinkCheckResult, settings: ExternalLinkSettings
  ) -> [Diagnostic] {
    let what = link.isImage ? "external image" : "external link"
    let diagnostic: Diagnostic
    if result.failure == .privateAddress {
      diagnostic = Diagnostic(
        .warning,
        "\(what) '\(link.url)' was not checked: "
          + (result.finalURL == link.url ? "its host" : "it redirects to '\(result.finalURL)', whose host")
          + " is at the private address \(result.message ?? "")",
        hint:
          "a check of untrusted content makes no requests into the network it runs in; on trusted changes, pass --private-addresses to check such links"
      )
    } else if let failure = result.failure {
      var notes: [String] = []
      if result.finalURL != link.url { notes.append("redirected to '\(result.finalURL)'") }
      diagnostic = Diagnostic(
        .error, "broken \(what) '\(link.url)': \(reason(failure, result, settings))",
        hint: hint(failure, result),
        notes: notes)
    } else if result.isPermanentlyRedirected {
      diagnostic = Diagnostic(
        .note, "\(what) '\(link.url)' has moved permanently to '\(result.finalURL)'",
        hint: "link to the new URL")
    } else {
      return []
    }
    return link.locations.map { location in
      var placed = diagnostic
      placed.location = location
      return placed
    }
  }

  private static func reason(
    _ failure: LinkCheckResult.Failure, _ result: LinkCheckResult, _ settings: ExternalLinkSettings
  ) -> String {
    let detail = result.message.map { " (\($0))" } ?? ""
    switch failure {
    case .httpStatus:
      let status = result.status ?? 0
      return "\(status)" + (phrases[status].map { " \($0)" } ?? "")
    case .dns: return "the host name does not resolve" + detail
    case .connection: return "cannot connect" + detail
    case .tls: return "the TLS connection failed" + detail
    case .timeout: return "no answer within \(seconds(settings.timeout))"
    case .tooManyRedirects: return "too many redirects"
    case .invalidURL: return "not an http or https URL that can be requested"
    case .privateAddress: return "not requested: a private address"
    case .other: return result.message ?? "the request failed"
    }
  }

  private static func hint(_ failure: LinkCheckResult.Failure, _ result: LinkCheckResult) -> String? {
    switch failure {
    case .httpStatus where result.status == 429:
      return "the server limits requests: lower externalLinks.perHost, or check again later"
    case .timeout: return "raise externalLinks.timeout in folio.yaml for a slow site, or exclude it"
    case .httpStatus where result.status == 401 || result.status == 403:
      return "a site that refuses link checkers can be left out with externalLinks.exclude in folio.yaml"
    default: return nil
    }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  private static let phrases: [Int: String] = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    406: "Not Acceptable", 408: "Request Timeout", 410: "Gone", 429: "Too Many Requests",
    451: "Unavailable For Legal Reasons", 500: "Internal Server Error", 501: "Not Implemented",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  ]
}
