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
  /// Whether hosts at loopback, private and link-local addresses are requested (the CCurl
  /// shim's list: 127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16,
  /// 100.64.0.0/10, ::1, fc00::/7, fe80::/10 and the like). Off: links in content from
  /// people the site owner does not fully trust would be requests from inside the network the
  /// check runs in (a CI runner's cloud metadata service, internal hosts).
  public var allowsPrivateAddresses = false
  /// The `User-Agent` header, which names Folio so that site owners can tell what called.
  public var userAgent = "Folio link checker (folio check --external)"

  /// The defaults: 10 s, 16 requests at once, 4 per host.
  public init() {}
}
