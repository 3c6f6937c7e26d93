/// How ``LinkChecker`` checks URLs: limits on time and on requests in flight.
public struct LinkCheckOptions: Sendable, Equatable {
  /// Seconds one request may take, connecting included; a request that takes longer is a
  /// `timeout` failure.
  public var timeout: Double = 10
  /// Requests in flight at once, over all hosts.
  public var concurrency = 16
  /// Requests in flight at once to one host (name, without port).
  public var perHost = 4
  /// How many times a `429 Too Many Requests` is retried before it counts as a failure.
  public var retriesAfterTooManyRequests = 2
  /// The longest `Retry-After` honoured, in seconds; a host that asks for longer fails at once.
  public var maximumRetryWait: Double = 30
  /// Redirects followed from one URL before giving up.
  public var maximumRedirects = 10
  /// The most bytes of a page read for its title (64 KiB): titles are in the `<head>`.
  public var titleBytes = 65_536
  /// The `User-Agent` header, which names Folio so that site owners can tell what called.
  public var userAgent = "Folio link checker (folio check --external)"

  /// The defaults: 10 s, 16 requests at once, 4 per host.
  public init() {}
}
