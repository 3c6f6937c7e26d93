/// What checking one URL found: the last status, where redirects led, and why it failed if it
/// did.
public struct LinkCheckResult: Sendable, Equatable, Codable {
  /// Why a URL counts as broken.
  public enum Failure: String, Sendable, Equatable, Codable {
    /// The server answered with a status that is not success (404, 410, 5xx, or 429 after the
    /// retries).
    case httpStatus
    /// The host name does not resolve.
    case dns
    /// No connection, or it broke before a response.
    case connection
    /// The TLS handshake or the certificate failed.
    case tls
    /// No complete response within the timeout.
    case timeout
    /// More redirects than ``LinkCheckOptions/maximumRedirects``.
    case tooManyRedirects
    /// Not an http or https URL that libcurl can parse.
    case invalidURL
    /// Not requested: the host is at a loopback, private or link-local address (the
    /// address is ``LinkCheckResult/message``), and the site does not allow those.
    case privateAddress
    /// Another transfer error (``LinkCheckResult/message`` says which).
    case other
  }

  /// One redirect: its status (301, 302, 303, 307, 308) and the URL it pointed to.
  public struct Redirect: Sendable, Equatable, Codable {
    /// The redirect's status code.
    public var status: Int
    /// The absolute URL it leads to.
    public var location: String

    /// Creates a redirect record.
    public init(status: Int, location: String) {
      self.status = status
      self.location = location
    }
  }

  /// The final response's status; nil when there was no response.
  public var status: Int?
  /// The URL the last request went to (the original when there were no redirects).
  public var finalURL: String
  /// The redirects followed, in order.
  public var redirects: [Redirect] = []
  /// Why the URL is broken; nil when it works.
  public var failure: Failure? = nil
  /// libcurl's words for a transfer failure (`Could not resolve host: …`).
  public var message: String? = nil
  /// Requests made for this URL: HEAD, the GET after a refused HEAD, retries and redirects.
  public var attempts = 0
  /// The page's title (``HTMLTitle``), for a URL a link card shows; nil when none was asked for
  /// or the page has none.
  public var title: String? = nil
  /// Whether the page was read for its title (a GET of its first bytes), so that a cached
  /// result without a title is not asked again; nil in caches written before titles were read.
  public var readsTitle: Bool? = nil

  /// Creates a result.
  public init(
    status: Int?, finalURL: String, redirects: [Redirect] = [], failure: Failure? = nil,
    message: String? = nil,
    attempts: Int = 0
  ) {
    self.status = status
    self.finalURL = finalURL
    self.redirects = redirects
    self.failure = failure
    self.message = message
    self.attempts = attempts
  }

  /// Whether the URL works (possibly after redirects).
  public var isOK: Bool { failure == nil }

  /// Whether a permanent redirect (301 or 308) is anywhere in the chain: the link should name
  /// ``finalURL`` instead.
  public var isPermanentlyRedirected: Bool {
    redirects.contains { $0.status == 301 || $0.status == 308 }
  }
}
