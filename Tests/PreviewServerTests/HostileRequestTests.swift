import Foundation
import PreviewServer
import Testing

/// Requests that try to read outside the store root. None may return a byte of the secret file
/// beside the root (or of /etc/passwd), and each must be refused with a 4xx status.
@Suite struct HostileRequestTests {
  static let marker = "FOLIO-SECRET-MARKER-9f1c"

  /// A site folder with a secret next to it and links that point out of it.
  final class Fixture {
    let folder: TemporaryDirectory
    let root: String

    init() throws {
      folder = try TemporaryDirectory()
      try folder.write("secret.txt", HostileRequestTests.marker)
      try folder.write("site-evil/secret.html", HostileRequestTests.marker)
      try folder.write("site/index.html", "<html><head></head><body>home</body></html>")
      try folder.write("site/posts/a/index.html", "<p>a</p>")
      try folder.link("site/etc-link", to: "/etc")
      try folder.link("site/secret-link.txt", to: "../secret.txt")
      try folder.link("site/absolute-secret.txt", to: folder.url("secret.txt"))
      try folder.link("site/up", to: "..")
      try folder.link("site/sibling", to: "../site-evil")
      try folder.link("site/inside.html", to: "index.html")
      root = folder.url("site")
    }
  }

  static let hostileTargets: [String] = [
    "/../../etc/passwd",
    "/../secret.txt",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/..%2fsecret.txt",
    "/..%2Fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/..%5csecret.txt",
    "/%5c..%5csecret.txt",
    "/%252e%252e/secret.txt",
    "/%252e%252e%252fsecret.txt",
    "/.%2e/secret.txt",
    "/%2e./secret.txt",
    "/..\\secret.txt",
    "/..\\..\\etc\\passwd",
    "/..\\..\\",
    "/%00",
    "/secret.txt%00.html",
    "/index.html%00/../../secret.txt",
    "/..%00/secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "/%c0%ae%c0%ae%c0%afsecret.txt",
    "/%e0%80%ae%e0%80%ae/secret.txt",
    "/%c1%9c..%c1%9csecret.txt",
    "/%u002e%u002e/secret.txt",
    "/%ef%bc%8e%ef%bc%8e/secret.txt",
    "//etc/passwd",
    "///etc/passwd",
    "/.//../secret.txt",
    "/./secret.txt",
    "/%2fetc/passwd",
    "http://x/../../etc/passwd",
    "http://127.0.0.1/../secret.txt",
    "*",
    "/etc/passwd",
    "/etc-link/passwd",
    "/etc-link/",
    "/etc-link",
    "/secret-link.txt",
    "/absolute-secret.txt",
    "/up/secret.txt",
    "/up/site/../secret.txt",
    "/sibling/secret.html",
    "/sibling/",
    "/..;/secret.txt",
    "/posts/a/../../../secret.txt",
    "/posts/a/%2e%2e/%2e%2e/%2e%2e/secret.txt",
  ]

  @Test(arguments: hostileTargets)
  func refusesWithoutLeaking(target: String) throws {
    let fixture = try Fixture()
    let store = try DirectoryStore(root: fixture.root)
    try withServer(store) { server in
      for method in ["GET", "HEAD"] {
        let response = try RawHTTPClient.request(target, method: method, port: server.port)
        #expect((400..<500).contains(response.status), "\(method) \(target) → \(response.status)")
        #expect(!response.text.contains(Self.marker), "\(method) \(target) leaked the secret")
        #expect(!response.text.contains("root:x:0:0"), "\(method) \(target) leaked /etc/passwd")
      }
    }
  }

  @Test func absolutePathOfTheSecretIsRelativeToTheRoot() throws {
    let fixture = try Fixture()
    let store = try DirectoryStore(root: fixture.root)
    let response = try withServer(store) {
      try RawHTTPClient.request(fixture.folder.url("secret.txt"), port: $0.port)
    }
    #expect(response.status == 404)
    #expect(!response.text.contains(Self.marker))
  }

  @Test func rawNULByteInTheRequestLine() throws {
    let fixture = try Fixture()
    let store = try DirectoryStore(root: fixture.root)
    try withServer(store) { server in
      let bytes =
        Array("GET /secret.txt".utf8) + [0]
        + Array(".html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
      let socket = try TestSocket(port: server.port)
      try socket.write(bytes)
      var received: [UInt8] = []
      while let chunk = try? socket.read() { received += chunk }
      let text = String(decoding: received, as: UTF8.self)
      #expect(!text.contains(Self.marker))
      #expect(text.isEmpty || text.hasPrefix("HTTP/1.1 4"))
    }
  }

  @Test func linksThatStayInsideTheRootStillWork() throws {
    let fixture = try Fixture()
    let store = try DirectoryStore(root: fixture.root)
    let response = try withServer(store) { try RawHTTPClient.request("/inside.html", port: $0.port) }
    #expect(response.status == 200)
    #expect(response.text.contains("home"))
  }

  @Test func directoryStoreRefusesTraversalWhenCalledDirectly() throws {
    let fixture = try Fixture()
    let store = try DirectoryStore(root: fixture.root)
    for path in [
      "../secret.txt", "posts/../../secret.txt", "/etc/passwd", "etc-link/passwd", "up/secret.txt", "a\\..",
      "",
    ] {
      #expect(store.file(at: path) == nil, "\(path)")
    }
    #expect(store.containsDirectory(at: "etc-link") == false)
    #expect(store.containsDirectory(at: "up") == false)
    #expect(store.containsDirectory(at: "posts"))
  }
}
