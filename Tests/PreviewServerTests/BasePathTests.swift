import Foundation
import PreviewServer
import Testing

/// A site published under a sub-path previews under it, as on its host.
@Suite struct BasePathTests {
  private let site = textStore([
    "index.html": "<html><head></head><body>home</body></html>",
    "docs/cli/index.html": "<html><head></head><body>cli</body></html>",
    "assets/folio.css": "body {}",
    "404.html": "<html><head></head><body>not here</body></html>",
  ])

  private func configuration() -> ServerConfiguration {
    var configuration = testConfiguration()
    configuration.basePath = "/project/dir/"
    return configuration
  }

  @Test func theSiteIsServedUnderItsBasePath() throws {
    try withServer(site, configuration: configuration()) { server in
      #expect(server.url == "http://127.0.0.1:\(server.port)/project/dir/")
      for (path, body) in [
        ("/project/dir/", "home"), ("/project/dir/docs/cli/", "cli"),
        ("/project/dir/assets/folio.css", "body {}"),
      ] {
        let response = try RawHTTPClient.request(path, port: server.port)
        #expect(response.status == 200, "\(path)")
        #expect(String(decoding: response.body, as: UTF8.self).contains(body), "\(path)")
      }
    }
  }

  @Test func theRootRedirectsToTheBasePath() throws {
    try withServer(site, configuration: configuration()) { server in
      let root = try RawHTTPClient.request("/", port: server.port)
      #expect(root.status == 302)
      #expect(root.header("Location") == "/project/dir/")
      let bare = try RawHTTPClient.request("/project/dir", port: server.port)
      #expect(bare.status == 301)
      #expect(bare.header("Location") == "/project/dir/")
      let folder = try RawHTTPClient.request("/project/dir/docs/cli?x=1", port: server.port)
      #expect(folder.status == 301)
      #expect(folder.header("Location") == "/project/dir/docs/cli/?x=1")
    }
  }

  @Test func pathsOutsideTheBasePathAreNotFound() throws {
    try withServer(site, configuration: configuration()) { server in
      for path in ["/docs/cli/", "/assets/folio.css", "/project/", "/project/other/"] {
        let response = try RawHTTPClient.request(path, port: server.port)
        #expect(response.status == 404, "\(path)")
        #expect(String(decoding: response.body, as: UTF8.self).contains("not here"), "\(path)")
      }
      // The server's own resources stay at the root.
      #expect(try RawHTTPClient.request("/_folio/livereload.js", port: server.port).status == 200)
    }
  }
}
