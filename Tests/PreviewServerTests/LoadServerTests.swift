import Foundation
import PreviewServer
import Testing

/// Not a test: the server that `Benchmarks/serve-load.sh` loads when it is given no URL. It runs
/// only with `FOLIO_LOAD_TEST=1`, on `FOLIO_LOAD_PORT` (default 18313), for `FOLIO_LOAD_SECONDS`
/// (default 40), and broadcasts a reload for an unrelated page every second so the open
/// live-reload streams carry traffic during the load.
@Suite struct LoadServerTests {
  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  @Test(
    .enabled(if: environment["FOLIO_LOAD_TEST"] == "1", "set FOLIO_LOAD_TEST=1 to serve for the load script"))
  func serveForLoadScript() async throws {
    let port = Int(Self.environment["FOLIO_LOAD_PORT"] ?? "") ?? 18_313
    let seconds = Int(Self.environment["FOLIO_LOAD_SECONDS"] ?? "") ?? 40
    var files: [String: [UInt8]] = [:]
    let paragraph = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 80)
    files["index.html"] = Array(
      "<!doctype html><html><head><title>Load</title></head><body><p>\(paragraph)</p></body></html>".utf8)
    files["css/site.css"] = Array(String(repeating: "body { margin: 0 }\n", count: 100).utf8)
    let store = InMemoryStore(files: files)
    let server = try PreviewHTTPServer(
      serving: store, configuration: ServerConfiguration(host: "127.0.0.1", port: port))
    print("serving \(server.url)")
    for _ in 0..<seconds {
      try await Task.sleep(for: .seconds(1))
      server.broadcast(.reload(paths: ["/not-this-page/"]))
    }
    print("stopping with \(server.liveReloadClientCount) live-reload clients")
    server.stop()
    #expect(server.liveReloadClientCount == 0)
  }
}
