internal import CCurl
import Dispatch

/// The `curl_multi` loop behind ``LinkChecker``: every URL's requests (HEAD, the GET after a
/// refused HEAD, redirects, polite retries after `429`) as transfers on one multi handle, with
/// no more than `concurrency` in flight and no more than `perHost` to one host.
///
/// Redirects are followed here rather than by libcurl (`CURLOPT_FOLLOWLOCATION` off), so each
/// hop's status is known: a 301 or 308 anywhere in the chain is a permanent redirect. Bodies
/// are not downloaded: a GET stops at its first body byte (`folio_curl_refuse_bodies`), except
/// for the pages link cards show, whose first ``LinkCheckOptions/titleBytes`` are read for
/// their title (`folio_curl_collect_bodies`) and then the transfer stops the same way.
/// Every easy handle is removed and cleaned up as its transfer finishes, the multi handle when
/// the loop ends.
final class TransferLoop {
  /// One URL being checked: where it stands now.
  private struct Job {
    var index: Int
    var url: String
    var host: String
    var usesGET = false
    var redirects: [LinkCheckResult.Redirect] = []
    var attempts = 0
    var tooManyRequests = 0
    /// Whether the page's title is wanted: requested with GET, its first bytes kept.
    var wantsTitle = false
  }

  /// A transfer in flight and the buffer libcurl writes its error message into.
  private struct Transfer {
    var job: Job
    var errorBuffer: UnsafeMutablePointer<CChar>
    /// Where the first bytes of the body go, for a job that wants the title.
    var body: UnsafeMutablePointer<folio_curl_body>?
    /// Where a connection refused for its private address is recorded (nil when the site
    /// allows them).
    var guardian: UnsafeMutablePointer<folio_curl_guard>?
  }

  private let options: LinkCheckOptions
  private let progress: ((_ done: Int, _ total: Int) -> Void)?
  private var results: [LinkCheckResult?]
  private var done = 0
  private var queues: [String: [Job]] = [:]
  private var hosts: [String] = []
  private var inFlight: [String: Int] = [:]
  private var active: [UnsafeMutableRawPointer: Transfer] = [:]
  /// Hosts that answered `429 Too Many Requests`, with when their `Retry-After` ends (uptime
  /// nanoseconds): nothing is sent to them until then.
  private var pausedUntil: [String: UInt64] = [:]

  private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  init(count: Int, options: LinkCheckOptions, progress: ((_ done: Int, _ total: Int) -> Void)?) {
    self.options = options
    self.progress = progress
    results = Array(repeating: nil, count: count)
  }

  /// Checks `urls` and returns one result per URL, in order; the titles of those in `titled`
  /// are read.
  func run(_ urls: [String], titled: Set<String> = []) -> [LinkCheckResult] {
    guard TransferLoop.globalInit, let multi = curl_multi_init() else {
      return urls.map {
        LinkCheckResult(status: nil, finalURL: $0, failure: .other, message: "libcurl could not start")
      }
    }
    defer { curl_multi_cleanup(multi) }
    // libcurl's connection cache may keep this many open between transfers.
    _ = folio_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, options.concurrency))
    for (index, written) in urls.enumerated() {
      // As a browser sends it: a space in a bookmark's URL, say, is `%20` on the wire.
      let url = written.replacing(" ", with: "%20")
      guard let host = TransferLoop.host(of: url) else {
        finish(index, LinkCheckResult(status: nil, finalURL: url, failure: .invalidURL))
        continue
      }
      let wantsTitle = titled.contains(written)
      enqueue(Job(index: index, url: url, host: host, usesGET: wantsTitle, wantsTitle: wantsTitle))
    }
    while !active.isEmpty || queues.values.contains(where: { !$0.isEmpty }) {
      startWhatFits(multi)
      var running: Int32 = 0
      _ = curl_multi_perform(multi, &running)
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
        let code = folio_curl_message_result(message)
        completed(handle, code: code, multi: multi)
      }
      // What finished made room: start the next transfers now, not after the wait below
      // (libcurl's timer for a new handle ends that wait at once).
      startWhatFits(multi)
      // Wait for a transfer, or for the first paused host with work to be free again.
      let now = DispatchTime.now().uptimeNanoseconds
      let resume = pausedUntil.filter { queues[$0.key]?.isEmpty == false }.values.min()
      let untilResume = resume.map { $0 > now ? Int(($0 - now) / 1_000_000 + 1) : 0 }
      if !active.isEmpty || (untilResume ?? 0) > 0 {
        let milliseconds = min(active.isEmpty ? 1000 : 100, untilResume ?? 100)
        _ = curl_multi_poll(multi, nil, 0, Int32(milliseconds), nil)
      }
    }
    return results.enumerated().map { index, result in
      result ?? LinkCheckResult(status: nil, finalURL: urls[index], failure: .other)
    }
  }

  // MARK: Scheduling

  private func enqueue(_ job: Job) {
    if queues[job.host] == nil {
      queues[job.host] = []
      hosts.append(job.host)
    }
    queues[job.host]!.append(job)
  }

  /// Starts queued jobs, host by host in turn, while the overall and per-host limits allow.
  private func startWhatFits(_ multi: UnsafeMutableRawPointer) {
    let now = DispatchTime.now().uptimeNanoseconds
    for (host, until) in pausedUntil where until <= now { pausedUntil[host] = nil }
    var started = true
    while started && active.count < options.concurrency {
      started = false
      for host in hosts where active.count < options.concurrency {
        guard inFlight[host, default: 0] < max(1, options.perHost), queues[host]?.isEmpty == false,
          pausedUntil[host] == nil
        else {
          continue
        }
        let job = queues[host]!.removeFirst()
        start(job, multi)
        started = true
      }
    }
  }

  private func start(_ job: Job, _ multi: UnsafeMutableRawPointer) {
    guard let handle = curl_easy_init() else {
      finish(
        job.index,
        LinkCheckResult(status: nil, finalURL: job.url, failure: .other, message: "curl_easy_init failed"))
      return
    }
    var job = job
    job.attempts += 1
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    let milliseconds = max(1, Int(options.timeout * 1000))
    _ = folio_curl_setopt_string(handle, CURLOPT_URL, job.url)
    _ = folio_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    _ = folio_curl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent)
    _ = folio_curl_setopt_string(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    _ = folio_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    _ = folio_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
    _ = folio_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
    _ = folio_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
    _ = folio_curl_setopt_long(handle, job.usesGET ? CURLOPT_HTTPGET : CURLOPT_NOBODY, 1)
    let body = job.wantsTitle ? TransferLoop.bodyBuffer(capacity: options.titleBytes) : nil
    if let body {
      // Compressed pages are common; libcurl undoes any encoding it offers.
      _ = folio_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
      _ = folio_curl_collect_bodies(handle, body)
    } else {
      _ = folio_curl_refuse_bodies(handle)
    }
    var guardian: UnsafeMutablePointer<folio_curl_guard>? = nil
    if !options.allowsPrivateAddresses {
      let refusal = UnsafeMutablePointer<folio_curl_guard>.allocate(capacity: 1)
      refusal.initialize(to: folio_curl_guard())
      _ = folio_curl_refuse_private_addresses(handle, refusal)
      guardian = refusal
    }
    guard curl_multi_add_handle(multi, handle) == CURLM_OK else {
      curl_easy_cleanup(handle)
      errorBuffer.deallocate()
      TransferLoop.release(body)
      TransferLoop.release(guardian)
      finish(
        job.index,
        LinkCheckResult(
          status: nil, finalURL: job.url, failure: .other, message: "curl_multi_add_handle failed"))
      return
    }
    active[handle] = Transfer(job: job, errorBuffer: errorBuffer, body: body, guardian: guardian)
    inFlight[job.host, default: 0] += 1
  }

  // MARK: Outcomes

  /// A finished transfer: the job's next request (GET, redirect, retry) or its result.
  private func completed(_ handle: UnsafeMutableRawPointer, code: CURLcode, multi: UnsafeMutableRawPointer) {
    guard let transfer = active.removeValue(forKey: handle) else { return }
    var job = transfer.job
    inFlight[job.host, default: 1] -= 1
    var status = 0
    _ = folio_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var location: UnsafeMutablePointer<CChar>? = nil
    _ = folio_curl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &location)
    let redirect = location.map { String(cString: $0) }
    var retryAfter: curl_off_t = 0
    _ = folio_curl_getinfo_off_t(handle, CURLINFO_RETRY_AFTER, &retryAfter)
    let detail = String(cString: transfer.errorBuffer)
    var contentType: UnsafeMutablePointer<CChar>? = nil
    _ = folio_curl_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &contentType)
    let type = contentType.map { String(cString: $0) }
    let body = transfer.body.map { body in
      body.pointee.bytes.withMemoryRebound(to: UInt8.self, capacity: body.pointee.length) {
        Array(UnsafeBufferPointer(start: $0, count: body.pointee.length))
      }
    }
    let refusedAddress = transfer.guardian.flatMap { guardian -> String? in
      guard guardian.pointee.refused != 0 else { return nil }
      return withUnsafeBytes(of: guardian.pointee.address) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    curl_multi_remove_handle(multi, handle)
    curl_easy_cleanup(handle)
    transfer.errorBuffer.deallocate()
    TransferLoop.release(transfer.body)
    TransferLoop.release(transfer.guardian)

    if let refusedAddress {
      // Refused before connecting: nothing was sent (a redirect's hop included).
      finish(job, status: nil, failure: .privateAddress, message: refusedAddress)
      return
    }

    // A refused body after the headers is how every GET with a body ends.
    let answered = code == CURLE_OK || (code == CURLE_WRITE_ERROR && status > 0)
    guard answered else {
      let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
      finish(
        job, status: status > 0 ? status : nil, failure: TransferLoop.failure(for: code), message: message)
      return
    }
    if !job.usesGET && [403, 405, 501].contains(status) {
      job.usesGET = true
      enqueue(job)
      return
    }
    if status == 429 && job.tooManyRequests < options.retriesAfterTooManyRequests {
      let wait = retryAfter > 0 ? Double(retryAfter) : Double(1 << job.tooManyRequests)
      if wait <= options.maximumRetryWait {
        job.tooManyRequests += 1
        // Polite: the whole host waits, not only this URL, and this URL goes first after.
        let until = DispatchTime.now().uptimeNanoseconds + UInt64(wait * 1e9)
        pausedUntil[job.host] = max(pausedUntil[job.host] ?? 0, until)
        queues[job.host]!.insert(job, at: 0)
        return
      }
    }
    if (300..<400).contains(status), let redirect, !redirect.isEmpty {
      guard job.redirects.count < options.maximumRedirects else {
        finish(job, status: status, failure: .tooManyRedirects, message: nil)
        return
      }
      job.redirects.append(.init(status: status, location: redirect))
      guard let host = TransferLoop.host(of: redirect) else {
        job.url = redirect
        finish(job, status: status, failure: .invalidURL, message: nil)
        return
      }
      job.url = redirect
      job.host = host
      enqueue(job)
      return
    }
    let works = (200..<300).contains(status)
    var title: String? = nil
    if works, job.wantsTitle, let body, let type, type.lowercased().contains("html") {
      title = HTMLTitle.find(in: body, contentType: type)
    }
    finish(job, status: status, failure: works ? nil : .httpStatus, message: nil, title: title)
  }

  private func finish(
    _ job: Job, status: Int?, failure: LinkCheckResult.Failure?, message: String?, title: String? = nil
  ) {
    var result = LinkCheckResult(
      status: status, finalURL: job.url, redirects: job.redirects, failure: failure, message: message,
      attempts: job.attempts)
    if job.wantsTitle {
      result.title = title
      result.readsTitle = true
    }
    finish(job.index, result)
  }

  /// A body buffer of `capacity` bytes for libcurl to fill.
  private static func bodyBuffer(capacity: Int) -> UnsafeMutablePointer<folio_curl_body> {
    let body = UnsafeMutablePointer<folio_curl_body>.allocate(capacity: 1)
    let bytes = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, capacity))
    body.initialize(to: folio_curl_body(bytes: bytes, length: 0, capacity: capacity))
    return body
  }

  private static func release(_ body: UnsafeMutablePointer<folio_curl_body>?) {
    guard let body else { return }
    body.pointee.bytes.deallocate()
    body.deinitialize(count: 1)
    body.deallocate()
  }

  private static func release(_ guardian: UnsafeMutablePointer<folio_curl_guard>?) {
    guard let guardian else { return }
    guardian.deinitialize(count: 1)
    guardian.deallocate()
  }

  private func finish(_ index: Int, _ result: LinkCheckResult) {
    results[index] = result
    done += 1
    progress?(done, results.count)
  }

  private static func failure(for code: CURLcode) -> LinkCheckResult.Failure {
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .dns
    case CURLE_OPERATION_TIMEDOUT: .timeout
    case CURLE_COULDNT_CONNECT, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
      .connection
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
      CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
      .tls
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: .invalidURL
    case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects
    default: .other
    }
  }

  /// The host name of `url` in lower case, as libcurl's URL parser reads it; nil when `url` is
  /// not an http or https URL it can parse.
  static func host(of url: String) -> String? {
    guard let parsed = curl_url() else { return nil }
    defer { curl_url_cleanup(parsed) }
    guard curl_url_set(parsed, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
    var scheme: UnsafeMutablePointer<CChar>? = nil
    var host: UnsafeMutablePointer<CChar>? = nil
    guard curl_url_get(parsed, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK, let scheme else { return nil }
    defer { curl_free(scheme) }
    guard ["http", "https"].contains(String(cString: scheme).lowercased()) else { return nil }
    guard curl_url_get(parsed, CURLUPART_HOST, &host, 0) == CURLUE_OK, let host else { return nil }
    defer { curl_free(host) }
    return String(cString: host).lowercased()
  }
}
