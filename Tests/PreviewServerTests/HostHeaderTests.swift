import Foundation
import Testing

@testable import PreviewServer

/// DNS rebinding: a page on another site points its own name at 127.0.0.1, and the browser
/// then sends that name as `Host`. Only loopback names and addresses (and the `--host`
/// address) may be answered; everything else gets 421 and none of the site.
@Suite struct HostHeaderTests {
  private let site = textStore(["index.html": "<p>home</p>", "robots.txt": "User-agent: *"])

  /// Sends `GET target` with exactly the header lines given, `{port}` and `{other}` replaced by
  /// the listening port and another one.
  private func get(
    _ target: String, version: String = "HTTP/1.1", headers: [String], server: PreviewHTTPServer
  ) throws -> RawResponse {
    let lines = ["GET \(target) \(version)"] + headers + ["Connection: close"]
    let text = lines.joined(separator: "\r\n")
      .replacingOccurrences(of: "{port}", with: "\(server.port)")
      .replacingOccurrences(of: "{other}", with: "\(server.port == 65535 ? 1 : server.port + 1)")
    return try RawHTTPClient.send(Array((text + "\r\n\r\n").utf8), port: server.port)
  }

  private func expectMisdirected(_ response: RawResponse, _ server: PreviewHTTPServer, _ what: String) {
    #expect(response.status == 421, "\(what) → \(response.status)")
    #expect(response.text == "Misdirected Request: this server answers only \(server.url)\n", "\(what)")
    #expect(response.header("Content-Type") == "text/plain; charset=utf-8", "\(what)")
  }

  static let refusedHosts = [
    "evil.example", "evil.example:{port}", "127.0.0.1.evil.example", "127.0.0.1.evil.example:{port}",
    "localhost.evil.example", "localhost.evil.example:{port}", "evil.example:{port}@localhost",
    "localhost:{other}", "127.0.0.1:{other}", "[::1]:{other}", "localhost:", "localhost:{port}x",
    "localhost:+{port}", "localhost:{port}:{port}", "app.localhost", "app.localhost:{port}", "localhost.",
    "127.1", "2130706433", "0x7f.0.0.1", "::1", "::1:{port}", "[::1", "[::2]:{port}", "[::]:{port}",
    "[127.0.0.1]", "10.0.0.1:{port}", "192.168.1.20", "", " ",
  ]

  @Test(arguments: refusedHosts)
  func refusesOtherNames(host: String) throws {
    try withServer(site) { server in
      for target in ["/", "/robots.txt", "/_folio/livereload.js", "/_folio/events"] {
        let response = try get(target, headers: ["Host: \(host)"], server: server)
        expectMisdirected(response, server, "Host: \(host) \(target)")
      }
      #expect(server.liveReloadClientCount == 0)
    }
  }

  @Test(arguments: ["HTTP/1.1", "HTTP/1.0"])
  func refusesARequestWithoutHost(version: String) throws {
    try withServer(site) { server in
      let response = try get("/", version: version, headers: [], server: server)
      expectMisdirected(response, server, "no Host, \(version)")
    }
  }

  static let acceptedHosts = [
    "localhost", "localhost:{port}", "LocalHost:{port}", "127.0.0.1", "127.0.0.1:{port}",
    "127.8.9.10:{port}", "[::1]", "[::1]:{port}", "[0:0:0:0:0:0:0:1]:{port}", "[::ffff:127.0.0.1]:{port}",
  ]

  @Test(arguments: acceptedHosts)
  func answersLoopbackNames(host: String) throws {
    try withServer(site) { server in
      let response = try get("/", headers: ["Host: \(host)"], server: server)
      #expect(response.status == 200, "Host: \(host)")
      #expect(response.text.hasSuffix("<p>home</p>"), "Host: \(host)")
    }
  }

  @Test func liveReloadStreamOpensOnlyForLoopback() throws {
    try withServer(site) { server in
      let refused = try get("/_folio/events", headers: ["Host: evil.example:{port}"], server: server)
      expectMisdirected(refused, server, "events")
      let reader = try EventStreamReader(port: server.port)
      #expect(reader.response.status == 200)
      #expect(reader.response.header("Content-Type") == "text/event-stream; charset=utf-8")
    }
  }

  @Test func misdirectedBodyNamesTheLocalhostURL() throws {
    var configuration = testConfiguration()
    configuration.host = "localhost"
    try withServer(site, configuration: configuration) { server in
      let response = try get("/", headers: ["Host: evil.example"], server: server)
      #expect(response.status == 421)
      #expect(
        response.text == "Misdirected Request: this server answers only http://localhost:\(server.port)/\n")
    }
  }

  @Test func wildcardHostAnswersAnyAddressButNoName() throws {
    var configuration = testConfiguration()
    configuration.host = "0.0.0.0"
    try withServer(site, configuration: configuration) { server in
      for host in ["192.0.2.7:{port}", "[2001:db8::1]:{port}", "localhost:{port}"] {
        let response = try get("/", headers: ["Host: \(host)"], server: server)
        #expect(response.status == 200, "Host: \(host)")
      }
      for host in ["evil.example:{port}", "192.0.2.7:{other}"] {
        let response = try get("/", headers: ["Host: \(host)"], server: server)
        expectMisdirected(response, server, "Host: \(host)")
      }
    }
  }

  /// The `--host` address is answered as itself, in any spelling of the same address; other
  /// addresses are not. (A test machine has no fixed non-loopback address to listen on, so this
  /// checks the rule itself.)
  @Test func hostOptionAddressIsAnswered() {
    let ipv4 = HostCheck(host: "192.0.2.7", port: 1313)
    #expect(ipv4.accepts("192.0.2.7:1313"))
    #expect(ipv4.accepts("192.0.2.7"))
    #expect(ipv4.accepts("localhost:1313"))
    #expect(!ipv4.accepts("192.0.2.8:1313"))
    #expect(!ipv4.accepts("192.0.2.7:1314"))
    #expect(!ipv4.accepts("192.0.2.7.evil.example"))
    let ipv6 = HostCheck(host: "[2001:db8::7]", port: 1313)
    #expect(ipv6.accepts("[2001:db8::7]:1313"))
    #expect(ipv6.accepts("[2001:DB8:0:0:0:0:0:7]:1313"))
    #expect(!ipv6.accepts("[2001:db8::8]:1313"))
    #expect(!ipv6.accepts("2001:db8::7"))
  }
}
