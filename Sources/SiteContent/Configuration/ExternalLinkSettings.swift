import Diagnostics
import Foundation
import YAML

/// `externalLinks:` in folio.yaml: how `folio check --external` checks http and https links.
///
/// ```yaml
/// externalLinks:
///   exclude: ['^https://twitter\.com/', 'example\.org']   # regular expressions, searched in the URL
///   timeout: 10s        # per request: a number of seconds, or 500ms, 10s, 2m
///   concurrency: 16     # requests at once
///   perHost: 4          # requests at once to one host
///   ttl: 1d             # how long a working link's result is reused: 0 (never), 30m, 12h, 1d
/// ```
///
/// Whether hosts at loopback, private and link-local addresses are requested is not a setting
/// here but `folio check --external --private-addresses`: folio.yaml is part of a pull request,
/// and the guard must hold against the content it checks.
public struct ExternalLinkSettings: Sendable, Equatable {
  /// Regular expressions (ICU syntax, as `NSRegularExpression` reads them); a URL that any of
  /// them matches somewhere is not checked.
  public var exclude: [String] = []
  /// Seconds one request may take.
  public var timeout: Double = 10
  /// Requests in flight at once.
  public var concurrency = 16
  /// Requests in flight at once to one host.
  public var perHost = 4
  /// Seconds a working link's cached result is reused; 0 reuses nothing.
  public var ttl: Double = 86_400
  /// The defaults.
  public init() {}

  /// The settings of an `externalLinks:` mapping; errors point at the value.
  static func parse(_ value: YAMLValue, in path: String) throws -> ExternalLinkSettings {
    guard value.mapping != nil else { throw value.mismatch("a mapping of settings", "externalLinks") }
    var settings = ExternalLinkSettings()
    for (option, setting) in value.stringEntries {
      switch option {
      case "exclude":
        let items = setting.array ?? [setting]
        settings.exclude = try items.map { item in
          let pattern = try item.expectString(option, in: path)
          do {
            _ = try NSRegularExpression(pattern: pattern)
          } catch {
            throw ContentProblem.notARegularExpression(pattern).error(at: item.location)
          }
          return pattern
        }
      case "timeout":
        settings.timeout = try seconds(setting, option)
        if settings.timeout <= 0 {
          throw ContentProblem.timeoutNotPositive.error(at: setting.location)
        }
      case "ttl": settings.ttl = try seconds(setting, option)
      case "concurrency": settings.concurrency = try count(setting, option)
      case "perHost": settings.perHost = try count(setting, option)
      case "privateAddresses":
        let key = value.mapping?.entries.first { $0.key.string == option }?.key.location
        throw ContentProblem.privateAddressesMoved.error(at: key ?? setting.location)
      default:
        throw SiteConfiguration.unknownKey(option, in: value, under: "externalLinks", known: known)
      }
    }
    return settings
  }

  /// The settings under `externalLinks:`, for suggestions.
  static let known = ["exclude", "timeout", "concurrency", "perHost", "ttl"]

  private static func count(_ value: YAMLValue, _ key: String) throws -> Int {
    let number = try value.expectInt(key)
    guard number >= 1 else {
      throw ContentProblem.countBelowOne(key: key, found: number).error(at: value.location)
    }
    return number
  }

  /// A duration: a number of seconds, or a number with `ms`, `s`, `m`, `h` or `d`.
  private static func seconds(_ value: YAMLValue, _ key: String) throws -> Double {
    if let number = value.double ?? value.int.map(Double.init) { return try nonNegative(number, value, key) }
    let text = value.string?.trimmingCharacters(in: .whitespaces) ?? ""
    let units: [(suffix: String, seconds: Double)] = [
      ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
    ]
    for unit in units where text.hasSuffix(unit.suffix) {
      if let number = Double(text.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)) {
        return try nonNegative(number * unit.seconds, value, key)
      }
    }
    throw ContentProblem.notADuration(key: key, found: value.kindName).error(at: value.location)
  }

  private static func nonNegative(_ number: Double, _ value: YAMLValue, _ key: String) throws -> Double {
    guard number >= 0, number.isFinite else {
      throw ContentProblem.negativeDuration(key: key).error(at: value.location)
    }
    return number
  }
}
