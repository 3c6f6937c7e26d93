import ExternalLinks
import Foundation
import Testing

@Suite struct LinkCheckerTests {
  private static func options(timeout: Double = 2) -> LinkCheckOptions {
    var options = LinkCheckOptions()
    options.timeout = timeout
    // The test server is on loopback.
    options.allowsPrivateAddresses = true
    return options
  }

  @Test func eachAnswerIsClassifiedAsLycheeWould() throws {
    let server = try LinkServer()
    let paths = [
      "/ok", "/moved", "/permanent", "/found", "/see-other", "/missing", "/gone", "/error", "/no-head",
      "/busy",
      "/loop",
    ]
    let results = LinkChecker(options: Self.options()).check(paths.map(server.url))
    func result(_ path: String) -> LinkCheckResult { results[server.url(path)]! }

    #expect(result("/ok") == LinkCheckResult(status: 200, finalURL: server.url("/ok"), attempts: 1))
    #expect(result("/moved").isOK && result("/moved").isPermanentlyRedirected)
    #expect(result("/moved").finalURL == server.url("/ok"))
    #expect(result("/moved").redirects == [.init(status: 301, location: server.url("/ok"))])
    #expect(result("/permanent").isPermanentlyRedirected && result("/permanent").status == 200)
    #expect(result("/found").isOK && !result("/found").isPermanentlyRedirected)
    #expect(result("/see-other").redirects.map(\.status) == [303, 302])
    #expect(!result("/see-other").isPermanentlyRedirected)
    for (path, status) in [("/missing", 404), ("/gone", 410), ("/error", 500)] {
      #expect(result(path).failure == .httpStatus && result(path).status == status, "\(path)")
    }
    #expect(result("/no-head") == LinkCheckResult(status: 200, finalURL: server.url("/no-head"), attempts: 2))
    #expect(result("/busy") == LinkCheckResult(status: 200, finalURL: server.url("/busy"), attempts: 2))
    #expect(result("/loop").failure == .tooManyRedirects)

    let stats = try server.stats()
    #expect(stats.paths["HEAD /no-head"] == 1 && stats.paths["GET /no-head"] == 1)
    #expect(stats.paths["HEAD /busy"] == 2)
    #expect(stats.paths["GET /ok"] == nil, "HEAD is enough for a server that answers it")
  }

  @Test func privateAddressesAreRefusedBeforeConnectingUnlessAllowed() throws {
    let server = try LinkServer()
    let local = [
      server.url("/ok"), server.url("/moved").replacingOccurrences(of: "127.0.0.1", with: "localhost"),
    ]
    // Addresses no packet is sent to: each is refused before its connection is opened.
    let literal = [
      "http://10.1.2.3/", "http://172.16.0.1/", "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1/", "http://0.0.0.0/", "http://[::1]/", "http://[fd00::1]/", "http://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/", "http://224.0.0.1/",
    ]
    var options = LinkCheckOptions()
    options.timeout = 2
    let refused = LinkChecker(options: options).check(local + literal)
    for url in local + literal {
      #expect(refused[url]?.failure == .privateAddress, "\(url): \(String(describing: refused[url]))")
    }
    #expect(refused[server.url("/ok")]?.message == "127.0.0.1")
    #expect(refused["http://169.254.169.254/latest/meta-data/"]?.message == "169.254.169.254")
    #expect(try server.stats().requests == 0, "nothing reached the server")

    options.allowsPrivateAddresses = true
    let allowed = LinkChecker(options: options).check(local)
    #expect(allowed.values.allSatisfy { $0.isOK })
    #expect(try server.stats().requests > 0)
  }

  @Test func aHostThatAnswers429IsLeftAloneUntilItsRetryAfter() throws {
    let server = try LinkServer()
    var options = Self.options()
    options.perHost = 4
    let urls = [server.url("/busy")] + (1...40).map { server.url("/count/\($0)") }
    let results = LinkChecker(options: options).check(urls)
    #expect(results.count == 41 && results.values.allSatisfy { $0.isOK })
    let order = try server.stats().order
    let first = try #require(order.firstIndex(of: "HEAD /busy"))
    let retry = try #require(order.lastIndex(of: "HEAD /busy"))
    // Those in flight when the 429 came (3 at most), then the retry first; without the pause,
    // all 40 would have gone in the second it asked for.
    #expect(retry - first - 1 <= 3 + 3, "\(retry - first - 1) requests between the 429 and its retry")
    print(
      "429 with Retry-After: 1: \(retry - first - 1) requests to the host before the retry, of 40 waiting")
  }

  @Test func aSlowServerTimesOutAtTheConfiguredLimit() throws {
    let server = try LinkServer()
    let start = Date()
    let results = LinkChecker(options: Self.options(timeout: 1)).check([server.url("/slow")])
    let seconds = Date().timeIntervalSince(start)
    let result = results[server.url("/slow")]!
    #expect(result.failure == .timeout)
    #expect(result.attempts == 1)
    #expect(seconds < 30, "took \(seconds) s; the endpoint answers after 40 s")
    print(
      "a 40-second endpoint with a 1 s timeout: \(result.failure!) after \(String(format: "%.2f", seconds)) s"
    )
  }

  // A name that does not resolve is not tested: that needs a resolver, and tests reach no host
  // but 127.0.0.1.
  @Test func refusedConnectionsAndOtherSchemesAreTheirOwnKinds() throws {
    // A port nothing listens on: the server's, after it stopped.
    var server: LinkServer? = try LinkServer()
    let closed = server!.url("/ok")
    server = nil
    let results = LinkChecker(options: Self.options()).check([closed, "ftp://127.0.0.1/", "not a URL"])
    #expect(results[closed]?.failure == .connection)
    #expect(results["ftp://127.0.0.1/"]?.failure == .invalidURL)
    #expect(results["ftp://127.0.0.1/"]?.attempts == 0)
    #expect(results["not a URL"]?.failure == .invalidURL)
  }

  @Test func anUntrustedCertificateIsATLSFailure() throws {
    let server = try LinkServer(tls: true)
    let url = server.url("/ok")
    let result = try #require(LinkChecker(options: Self.options()).check([url])[url])
    #expect(result.failure == .tls)
    #expect(result.status == nil)
    #expect(result.message?.contains("certificate") == true, "\(result.message ?? "")")
    #expect(try server.stats().requests == 0, "nothing was sent over a connection it does not trust")
  }

  @Test func spacesAndOtherBytesAreSentPercentEncodedAsBrowsersSendThem() throws {
    let server = try LinkServer()
    let urls = [server.url("/ok/a b"), server.url("/ok/日本語"), server.url("/ok/%E6%97%A5")]
    let results = LinkChecker(options: Self.options()).check(urls)
    #expect(urls.allSatisfy { results[$0]?.isOK == true })
    let paths = Set(try server.stats().paths.keys)
    // libcurl encodes bytes outside ASCII itself, in lower case.
    #expect(
      paths == ["HEAD /ok/a%20b", "HEAD /ok/%e6%97%a5%e6%9c%ac%e8%aa%9e", "HEAD /ok/%E6%97%A5"], "\(paths)")
  }

  @Test func aThousandLinksToOneHostKeepToPerHost() throws {
    let server = try LinkServer()
    var options = Self.options()
    options.concurrency = 16
    options.perHost = 4
    let urls = (0..<1000).map { server.url("/count/\($0)") }
    var calls = 0
    let results = LinkChecker(options: options).check(urls + urls) { done, total in
      calls += 1
      #expect(total == 1000 && done == calls)
    }
    #expect(results.count == 1000 && results.values.allSatisfy(\.isOK))
    let stats = try server.stats()
    #expect(stats.requests == 1000, "each URL once, though each was listed twice")
    #expect(stats.maxInFlight <= 4 && stats.maxInFlight >= 2, "max in flight \(stats.maxInFlight)")
    print("1,000 links to one host: \(stats.requests) requests, at most \(stats.maxInFlight) at once")
  }

  @Test func theOverallLimitHoldsAcrossHostsAndPerHostIsPerHost() throws {
    let server = try LinkServer()
    // Two host names for the one server: libcurl answers `localhost` itself, without DNS.
    let urls = (0..<100).flatMap {
      [server.url("/count/a\($0)"), "http://localhost:\(server.port)/count/b\($0)"]
    }
    var options = Self.options()
    options.concurrency = 3
    options.perHost = 4
    let results = LinkChecker(options: options).check(urls)
    #expect(results.count == 200 && results.values.allSatisfy { $0.isOK })
    let overall = try server.stats().maxInFlight
    #expect(overall <= 3, "max in flight \(overall)")

    let second = try LinkServer()
    let more = (0..<100).flatMap {
      [second.url("/count/a\($0)"), "http://localhost:\(second.port)/count/b\($0)"]
    }
    options.concurrency = 16
    options.perHost = 2
    let moreResults = LinkChecker(options: options).check(more)
    #expect(moreResults.count == 200 && moreResults.values.allSatisfy { $0.isOK })
    let perHost = try second.stats().maxInFlight
    #expect(perHost <= 4 && perHost > 2, "max in flight \(perHost) for 2 hosts at 2 each")
    print("two hosts: at most \(overall) in flight with concurrency 3; \(perHost) with perHost 2")
  }
}
