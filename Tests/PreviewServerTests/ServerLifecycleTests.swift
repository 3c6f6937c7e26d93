import Foundation
import Testing

@testable import PreviewServer

@Suite struct ServerLifecycleTests {
  private let site = textStore(["index.html": "<p>home</p>"])

  @Test func defaultsToLoopbackOnly() throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.threads = 2
    let server = try PreviewHTTPServer(serving: site, configuration: configuration)
    defer { server.stop() }
    #expect(server.isLoopbackOnly)
    #expect(server.listeningAddresses.first == "127.0.0.1:\(server.port)")
    #expect(server.listeningAddresses.allSatisfy { $0.hasPrefix("127.0.0.1:") || $0.hasPrefix("[::1]:") })
    #expect(server.url == "http://localhost:\(server.port)/")
    #expect(try RawHTTPClient.request("/", port: server.port).status == 200)
    if server.listeningAddresses.contains("[::1]:\(server.port)") {
      let socket = try TestSocket(port: server.port, host: "::1")
      try socket.write(Array("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
      var received: [UInt8] = []
      while let chunk = try socket.read() { received += chunk }
      #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }
  }

  @Test func findsTheFirstFreePortFrom1313() throws {
    var configuration = ServerConfiguration()
    configuration.threads = 1
    let server = try PreviewHTTPServer(serving: site, configuration: configuration)
    defer { server.stop() }
    #expect((1313..<1413).contains(server.port))
  }

  @Test func portSearchSkipsTakenPorts() throws {
    let taken = try PreviewHTTPServer(serving: site, configuration: testConfiguration())
    defer { taken.stop() }
    let addresses = try #require(BindAddress.addresses(forHost: "127.0.0.1"))
    let listeners = try ListenerSet.open(addresses, port: nil, firstPort: taken.port)
    defer { listeners.close() }
    #expect(listeners.port > taken.port)
  }

  @Test func explicitPortInUseIsAnError() throws {
    let taken = try PreviewHTTPServer(serving: site, configuration: testConfiguration())
    defer { taken.stop() }
    let error = try #require(throws: ServerError.self) {
      try PreviewHTTPServer(serving: site, configuration: testConfiguration { $0.port = taken.port })
    }
    #expect(error.isPortInUse)
    #expect(error.description == "port \(taken.port) is already in use")
  }

  @Test(arguments: ["example.com", "localhost.", "127.0.0.1:80", "", "not an address"])
  func onlyLocalhostOrNumericHosts(host: String) {
    #expect(throws: ServerError.self) {
      try PreviewHTTPServer(serving: site, configuration: testConfiguration { $0.host = host })
    }
  }

  @Test func otherHostsOnlyWhenAsked() throws {
    let server = try PreviewHTTPServer(
      serving: site, configuration: testConfiguration { $0.host = "0.0.0.0" })
    defer { server.stop() }
    #expect(!server.isLoopbackOnly)
    #expect(server.url == "http://0.0.0.0:\(server.port)/")
  }

  @Test func explicitIPv6Loopback() throws {
    let server: PreviewHTTPServer
    do {
      server = try PreviewHTTPServer(serving: site, configuration: testConfiguration { $0.host = "[::1]" })
    } catch {
      // Only a machine without IPv6 may refuse.
      #expect(error.description.contains("cannot listen"))
      return
    }
    defer { server.stop() }
    #expect(server.listeningAddresses == ["[::1]:\(server.port)"])
    #expect(server.url == "http://[::1]:\(server.port)/")
    #expect(server.isLoopbackOnly)
  }

  @Test func stopLeavesNoThreadsBehind() throws {
    // Other tests run in parallel, so allow some noise; a leak would add 3 threads per server.
    let before = threadCount()
    for _ in 0..<40 {
      let server = try PreviewHTTPServer(serving: site, configuration: testConfiguration())
      _ = try RawHTTPClient.request("/", port: server.port)
      server.stop()
    }
    #expect(threadCount() - before < 60)
  }

  private func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
  }
}
