/// Turns a request into a reply: validation, pretty URLs, conditional requests, the site's 404
/// page, the live-reload resources and script injection. It knows nothing of libmicrohttpd, so
/// all of this is testable without a socket.
struct Responder: Sendable {
  /// Where the site's files come from.
  let store: any OutputStore
  /// Whether HTML pages get the live-reload tags.
  let injectsLiveReload: Bool
  /// The `Content-Security-Policy` header value.
  let contentSecurityPolicy: String
  /// Which `Host` headers are answered; every other request gets 421.
  let hostCheck: HostCheck
  /// The address to open in a browser, named in the 421's body.
  let url: String
  /// The segments of the path the site is served under (empty: at `/`).
  var basePath: [String] = []

  /// The segments of `path` (`/project/docs/` → `project`, `docs`), percent-decoded as request
  /// targets are, so that they compare with a request's segments.
  static func basePathSegments(_ path: String) -> [String] {
    RequestTarget(raw: Array((path.hasSuffix("/") ? path : path + "/").utf8))?.segments ?? []
  }

  /// The prefix reserved for the server's own resources; the site cannot use it.
  static let reservedSegment = "_folio"

  /// The reply for `request`.
  func reply(to request: Request) -> Reply {
    // First of all, so that a misdirected request learns nothing, not even which methods exist.
    guard hostCheck.accepts(request.host) else {
      return .response(withCommonHeaders(.plain(421, "Misdirected Request: this server answers only \(url)")))
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return .response(
        withCommonHeaders(.plain(405, "Method Not Allowed", headers: [(name: "Allow", value: "GET, HEAD")])))
    }
    guard let target = RequestTarget(raw: request.rawTarget) else {
      return .response(withCommonHeaders(.plain(400, "Bad Request")))
    }
    if target.segments.first == Self.reservedSegment {
      return ownResource(target, request)
    }
    guard !basePath.isEmpty else { return .response(siteResource(target, request)) }
    guard target.segments.starts(with: basePath) else {
      if target.segments.isEmpty {
        // The server's root: the site is one level down, as it will be on its host.
        let location = "/" + basePath.map(RequestTarget.percentEncoded).joined(separator: "/") + "/"
        return .response(
          withCommonHeaders(.plain(302, "Found: \(location)", headers: [(name: "Location", value: location)]))
        )
      }
      return .response(notFound(request))
    }
    var inside = target
    inside.segments.removeFirst(basePath.count)
    return .response(siteResource(inside, request, prefix: basePath))
  }

  /// Headers for the live-reload event stream.
  var eventStreamHeaders: [(name: String, value: String)] {
    commonHeaders(contentType: "text/event-stream; charset=utf-8")
      + [(name: "X-Accel-Buffering", value: "no")]
  }

  /// The site's file for `target`, whose path is below `prefix` on the host.
  private func siteResource(_ target: RequestTarget, _ request: Request, prefix: [String] = [])
    -> HTTPResponse
  {
    let path = target.relativePath
    // `/project` → `/project/`, as any folder.
    if target.segments.isEmpty, !target.hasTrailingSlash, !prefix.isEmpty {
      let location = "/" + prefix.map(RequestTarget.percentEncoded).joined(separator: "/") + "/"
      return withCommonHeaders(
        .plain(301, "Moved Permanently: \(location)", headers: [(name: "Location", value: location)]))
    }
    if target.hasTrailingSlash {
      let index = path.isEmpty ? "index.html" : path + "/index.html"
      if let file = store.file(at: index) {
        return serve(file, named: index, status: 200, request)
      }
    } else if let file = store.file(at: path) {
      return serve(file, named: path, status: 200, request)
    } else if store.containsDirectory(at: path) {
      var full = target
      full.segments = prefix + target.segments
      let location = full.encodedPath(trailingSlash: true) + (target.query.map { "?" + $0 } ?? "")
      return withCommonHeaders(
        .plain(301, "Moved Permanently: \(location)", headers: [(name: "Location", value: location)]))
    }
    return notFound(request)
  }

  private func ownResource(_ target: RequestTarget, _ request: Request) -> Reply {
    guard target.segments.count == 2, !target.hasTrailingSlash else {
      return .response(notFound(request))
    }
    switch target.segments[1] {
    case "events":
      return request.method == "HEAD"
        ? .response(HTTPResponse(status: 200, headers: eventStreamHeaders, body: []))
        : .eventStream
    case "livereload.js":
      return .response(serve(LiveReloadAssets.script, named: "livereload.js", status: 200, request))
    case "overlay.css":
      return .response(serve(LiveReloadAssets.stylesheet, named: "overlay.css", status: 200, request))
    default:
      return .response(notFound(request))
    }
  }

  private func notFound(_ request: Request) -> HTTPResponse {
    if let page = store.file(at: "404.html") {
      return serve(page, named: "404.html", status: 404, request)
    }
    return withCommonHeaders(.plain(404, "Not Found"))
  }

  private func serve(_ file: StoredFile, named path: String, status: Int, _ request: Request)
    -> HTTPResponse
  {
    let contentType = MediaType.forPath(path)
    let injects = injectsLiveReload && contentType.hasPrefix("text/html")
    let tag =
      injects ? EntityTag.derived(from: file.entityTag, variant: LiveReloadInjector.variant) : file.entityTag
    var headers = commonHeaders(contentType: contentType)
    if status == 200 {
      headers.append((name: "ETag", value: tag))
      if let ifNoneMatch = request.ifNoneMatch, EntityTag.header(ifNoneMatch, matches: tag) {
        // A 304 has no body. No Content-Length of our own: libmicrohttpd writes one, and a
        // second one makes browsers drop the response (ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_LENGTH).
        headers.removeAll { $0.name == "Content-Type" }
        return HTTPResponse(status: 304, headers: headers, body: [])
      }
    }
    let body = injects ? LiveReloadInjector.inject(into: file.bytes) : file.bytes
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  private func withCommonHeaders(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    let contentType = response.headers.first { $0.name == "Content-Type" }?.value
    response.headers =
      commonHeaders(contentType: contentType) + response.headers.filter { $0.name != "Content-Type" }
    return response
  }

  private func commonHeaders(contentType: String?) -> [(name: String, value: String)] {
    var headers: [(name: String, value: String)] = []
    if let contentType { headers.append((name: "Content-Type", value: contentType)) }
    headers += [
      (name: "Cache-Control", value: "no-cache"),
      (name: "X-Content-Type-Options", value: "nosniff"),
      (name: "Content-Security-Policy", value: contentSecurityPolicy),
      (name: "Referrer-Policy", value: "no-referrer"),
    ]
    return headers
  }
}
