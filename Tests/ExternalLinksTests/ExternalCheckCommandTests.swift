import CLI
import ExternalLinks
import Foundation
import SiteCommands
import Synchronization
import TestSupport
import Testing

/// `folio check --external` as folio-serve runs it, against a local server.
@Suite struct ExternalCheckCommandTests {
  /// `folio check --external` on a trusted change (`--private-addresses`: the test server is at
  /// 127.0.0.1), with `options`.
  private func check(_ site: SiteFixture, _ options: [String] = []) -> CapturedRun {
    checkUntrusted(site, ["--private-addresses"] + options)
  }

  /// `folio check --external` as CI runs it on a pull request: without `--private-addresses`.
  private func checkUntrusted(_ site: SiteFixture, _ options: [String] = []) -> CapturedRun {
    // Run in the project folder, as a writer does, so findings name `Content/a.md`.
    CapturedRun(currentDirectory: site.root.path) {
      FolioSiteCommand.run(
        ["check", "-s", site.root.path, "--external"] + options, io: $0, externalLinks: ExternalLinkCheck.run)
    }
  }

  /// A site that links to the server from a page, an image, a Markdown bookmark table, a
  /// bookmarks file and the menu.
  private func site(_ server: LinkServer, settings: String = "timeout: 2s") throws -> SiteFixture {
    try SiteFixture(
      """
      -- folio.yaml --
      title: T
      externalLinks: {\(settings)}
      menu:
        - title: Moved
          url: 1️⃣\(server.url("/moved"))
      -- Content/a.md --
      [Fine](\(server.url("/ok"))), 2️⃣[missing](\(server.url("/missing#part"))), 3️⃣![gone](\(server.url("/gone"))).

      Again: 4️⃣<\(server.url("/missing"))>, and [a page](/b/).

      <!-- bookmarks -->
      | Title | URL |
      |---|---|
      | Broken | 5️⃣\(server.url("/error/table")) |

      Plain text: 7️⃣\(server.url("/gone/plain")), autolinked.
      -- Content/b.md --
      <!-- bookmarks src="links.yaml" -->
      -- Content/links.yaml --
      - title: Refuses HEAD
        url: \(server.url("/no-head"))
      - title: Broken
        url: 6️⃣\(server.url("/error/file"))
      """)
  }

  @Test func everyKindOfPlaceIsCheckedAndReportedAtItsLocation() throws {
    let server = try LinkServer()
    let site = try site(server)
    let run = check(site)
    #expect(run.status == 1)
    #expect(
      run.error == """
        \(site.location("2️⃣")): error: broken external link '\(server.url("/missing"))': 404 Not Found
        \(site.location("3️⃣")): error: broken external image '\(server.url("/gone"))': 410 Gone
        \(site.location("4️⃣")): error: broken external link '\(server.url("/missing"))': 404 Not Found
        \(site.location("5️⃣")): error: broken external link '\(server.url("/error/table"))': 500 Internal Server Error
        \(site.location("7️⃣")): error: broken external link '\(server.url("/gone/plain"))': 410 Gone
        \(site.location("6️⃣")): error: broken external link '\(server.url("/error/file"))': 500 Internal Server Error
        \(site.location("1️⃣")): note: external link '\(server.url("/moved"))' has moved permanently to '\(server.url("/ok"))'
            hint: link to the new URL
        Checked 4 pages and 8 external links: 6 errors, 1 note.

        """)
    let stats = try server.stats()
    #expect(stats.paths["HEAD /missing"] == 1, "one request for a URL linked from two places")
    #expect(stats.requests == 10)
  }

  @Test func aWarmCacheMakesNoRequests() throws {
    let server = try LinkServer()
    let site = try site(server)
    let first = check(site)
    let cold = try server.stats().requests
    let cache = try #require(site.text(".folio/cache/links.json"))
    // Only working links are kept: a broken one is requested again next time.
    #expect(cache.contains(server.url("/ok")) && cache.contains(server.url("/no-head")))
    #expect(!cache.contains(server.url("/missing")))

    let second = check(site)
    #expect(second.error == first.error)
    let warm = try server.stats().requests
    #expect(warm - cold == 5, "only the 5 broken URLs again")
    #expect(site.text(".folio/cache/links.json") == cache, "unchanged, so not rewritten")

    _ = check(site, ["--no-cache"])
    #expect(try server.stats().requests - warm == cold, "--no-cache requests everything")
  }

  @Test func aCachedSiteWithoutBrokenLinksMakesNoRequestsAtAll() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [a](\(server.url("/ok"))) [b](\(server.url("/found"))) [c](\(server.url("/no-head")))
      """)
    #expect(check(site).status == 0)
    let cold = try server.stats().requests
    let run = check(site)
    #expect(run.error == "Checked 3 pages and 3 external links: no problems.\n")
    #expect(try server.stats().requests == cold)
    print(
      "warm cache: \(try server.stats().requests - cold) requests on the second run (\(cold) on the first)")
  }

  @Test func aZeroTTLReusesNothing() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      externalLinks: {ttl: 0}
      -- Content/a.md --
      [a](\(server.url("/ok")))
      """)
    _ = check(site)
    _ = check(site)
    #expect(try server.stats().requests == 2)
    #expect(!site.exists(".folio"))
  }

  @Test func linksIntoPrivateNetworksAreWarnedAboutNotRequested() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      1️⃣[local](\(server.url("/missing"))) and 2️⃣[metadata](http://169.254.169.254/latest/)
      """)
    let run = checkUntrusted(site)
    #expect(run.status == 0, "not broken links: they were not checked")
    let hint =
      "\n    hint: a check of untrusted content makes no requests into the network it runs in;"
      + " on trusted changes, pass --private-addresses to check such links\n"
    #expect(
      run.error.hasPrefix(
        "\(site.location("1️⃣")): warning: external link '\(server.url("/missing"))' was not checked:"
          + " its host is at the private address 127.0.0.1" + hint
          + "\(site.location("2️⃣")): warning: external link 'http://169.254.169.254/latest/' was not checked:"
          + " its host is at the private address 169.254.169.254" + hint))
    #expect(try server.stats().requests == 0)
    #expect(checkUntrusted(site, ["--strict"]).status == 1)

    // The same content on a trusted change: the flag, and only the flag, lets the check in.
    let trusted = check(site)
    #expect(
      trusted.error.hasPrefix(
        "\(site.location("1️⃣")): error: broken external link '\(server.url("/missing"))': 404 Not Found"))
    #expect(try server.stats().paths["HEAD /missing"] == 1)
  }

  @Test func folioYAMLCannotTurnTheGuardOff() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      externalLinks:
        1️⃣privateAddresses: true
      -- Content/a.md --
      [local](\(server.url("/ok")))
      """)
    let run = checkUntrusted(site)
    #expect(run.status == 1)
    #expect(
      run.error == """
        \(site.location("1️⃣")): error: 'privateAddresses' is no longer read from folio.yaml: a pull request could turn the guard off
            hint: pass --private-addresses to folio check --external on trusted changes

        """)
    #expect(try server.stats().requests == 0)
    let usage = CapturedRun {
      FolioSiteCommand.run(
        ["check", "-s", site.root.path, "--private-addresses"], io: $0, externalLinks: ExternalLinkCheck.run)
    }
    #expect(usage.status == 64 && usage.error.hasPrefix("error: --private-addresses goes with --external"))
  }

  @Test(
    "A redirect from a host the guard allows into loopback is refused at the second hop",
    .enabled(
      if: LinkServer.publicAddress != nil, "needs an address of this machine outside the private ranges"))
  func aRedirectIntoLoopbackIsRefused() throws {
    let loopback = try LinkServer()
    let outside = try LinkServer(host: try #require(LinkServer.publicAddress))
    let redirect = outside.url("/to/\(loopback.port)/ok")
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [fine](\(outside.url("/ok"))) and 1️⃣[into the network](\(redirect))
      """)
    let run = checkUntrusted(site)
    #expect(run.status == 0)
    #expect(
      run.error.hasPrefix(
        "\(site.location("1️⃣")): warning: external link '\(redirect)' was not checked: it redirects to"
          + " '\(loopback.url("/ok"))', whose host is at the private address 127.0.0.1\n"))
    #expect(try outside.stats().paths["HEAD /ok"] == 1, "the allowed host is checked")
    #expect(try loopback.stats().requests == 0, "no request reached loopback")

    #expect(check(site).status == 0)
    #expect(try loopback.stats().paths["HEAD /ok"] == 1, "with --private-addresses the redirect is followed")
  }

  @Test func aFIFOAtTheCacheFileIsRefusedWithAWarningNotWaitedOn() throws {
    let server = try LinkServer()
    for linkCards in [true, false] {
      let site = try SiteFixture(
        """
        -- folio.yaml --
        baseURL: https://example.org/
        markdown: {linkCards: \(linkCards)}
        -- Content/a.md --
        [a](\(server.url("/ok")))
        """)
      try FileManager.default.createDirectory(
        at: site.root.appendingPathComponent(".folio/cache"), withIntermediateDirectories: true)
      let cache = site.root.appendingPathComponent(".folio/cache/links.json").path
      #expect(mkfifo(cache, 0o644) == 0)
      let warning = """
        .folio/cache/links.json:1:1: warning: '.folio/cache/links.json' is a FIFO, not a regular file
            hint: Folio reads only regular files; remove it or replace it with a file

        """
      if linkCards {
        // The build reads the titles link cards show from the cache.
        let built = CapturedRun(currentDirectory: site.root.path) {
          FolioSiteCommand.run(["build", "-s", site.root.path], io: $0)
        }
        #expect(built.status == 0)
        #expect(built.error.hasPrefix(warning + "Built 3 pages"))
      }
      #expect(check(site, ["--strict"]).status == 1)
      #expect(unlink(cache) == 0 && mkfifo(cache, 0o644) == 0)
      let run = check(site)
      #expect(run.status == 0)
      #expect(
        run.error == warning + "Checked 3 pages and 1 external link: 1 warning.\n",
        "once, though the build (link cards: \(linkCards)) and the check both read it")
      // The cache written after the check replaced the FIFO (renamed over it, never written into it).
      let attributes = try FileManager.default.attributesOfItem(atPath: cache)
      #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }
  }

  @Test func excludedURLsAreNeverRequested() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      externalLinks:
        exclude: ['/missing$', 'gone']
      -- Content/a.md --
      [a](\(server.url("/missing"))) [b](\(server.url("/gone"))) [c](\(server.url("/ok")))
      """)
    let run = check(site)
    #expect(run.status == 0)
    #expect(try server.stats().paths == ["HEAD /ok": 1])
  }

  @Test func theCacheIsNotWrittenThroughASymbolicLink() throws {
    let server = try LinkServer()
    let outside = try SiteFixture("")
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [a](\(server.url("/ok")))
      """)
    try FileManager.default.createSymbolicLink(
      atPath: site.root.appendingPathComponent(".folio").path, withDestinationPath: outside.root.path)
    let run = check(site)
    #expect(run.status == 0)
    #expect(
      run.error.hasPrefix("warning: cannot write the link cache .folio/cache/links.json: cannot open .folio"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.root.path).isEmpty)
  }

  @Test func aSlowServerIsAnErrorAtTheTimeout() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      externalLinks: {timeout: 500ms}
      -- Content/a.md --
      1️⃣[slow](\(server.url("/slow")))
      """)
    let start = Date()
    let run = check(site, ["--format", "json"])
    #expect(Date().timeIntervalSince(start) < 30, "the endpoint answers after 40 s")
    #expect(run.status == 1)
    #expect(
      run.error == """
        \(site.location("1️⃣")): error: broken external link '\(server.url("/slow"))': no answer within 0.5 s
            hint: raise externalLinks.timeout in folio.yaml for a slow site, or exclude it

        """)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.first?["line"] as? Int == 1 && diagnostics.first?["severity"] as? String == "error")
    #expect(report["status"] as? String == "failed")
  }

  @Test func aPermanentRedirectIsANoteEvenWithStrict() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      1️⃣[old](\(server.url("/permanent"))) and [temporary](\(server.url("/found")))
      """)
    let run = check(site, ["--strict", "--format", "json"])
    #expect(run.status == 0)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["severity"] as? String == "note")
    #expect(
      diagnostics.first?["message"] as? String
        == "external link '\(server.url("/permanent"))' has moved permanently to '\(server.url("/ok"))'")
  }

  @Test func gitHubAnnotationsShowExternalLinksAsEverythingElse() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [old](\(server.url("/permanent"))) [gone](\(server.url("/gone")))
      """)
    let run = check(site, ["--format", "github"])
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("::error file=") == true)
    #expect(
      lines.first?.hasSuffix("title=Folio::broken external link '\(server.url("/gone"))': 410 Gone") == true)
    #expect(lines.last?.hasPrefix("::notice file=") == true)
  }

  @Test func buildAndPlainCheckNeverTouchTheNetwork() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [a](\(server.url("/ok"))) ![b](\(server.url("/missing")))
      """)
    let built = CapturedRun { FolioSiteCommand.run(["build", "-s", site.root.path, "-q"], io: $0) }
    #expect(built.status == 0)
    let checked = CapturedRun {
      FolioSiteCommand.run(["check", "-s", site.root.path], io: $0, externalLinks: ExternalLinkCheck.run)
    }
    #expect(checked.status == 0)
    #expect(try server.stats().requests == 0)
    // The build keeps its page cache; no link results were made.
    #expect(!site.exists(".folio/cache/links.json"))
  }

  @Test func aTerminalSeesAProgressLineThatIsClearedAtTheEnd() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [a](\(server.url("/ok"))) [b](\(server.url("/found")))
      """)
    let error = Mutex("")
    func run(environment: [String: String]) -> String {
      error.withLock { $0 = "" }
      let io = CommandIO(
        readInput: { [] }, writeOutput: { _ in }, writeError: { text in error.withLock { $0 += text } },
        environment: environment, currentDirectory: site.root.path, isTerminal: true)
      _ = FolioSiteCommand.run(
        ["check", "-s", site.root.path, "--external", "--private-addresses", "--no-cache"], io: io,
        externalLinks: ExternalLinkCheck.run)
      return error.withLock { $0 }
    }
    #expect(
      run(environment: [:])
        == "\rChecking external links: 1/2\rChecking external links: 2/2\r\u{1B}[2K"
        + "Checked 3 pages and 2 external links: no problems.\n")
    #expect(run(environment: ["CI": "true"]) == "Checked 3 pages and 2 external links: no problems.\n")
  }

  @Test func theJSONReportCountsTheURLs() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      externalLinks: {exclude: [skip]}
      -- Content/a.md --
      [a](\(server.url("/ok"))) [b](\(server.url("/found"))) [c](\(server.url("/skip")))
      """)
    _ = check(site)
    let run = check(site, ["--format", "json"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(report["externalLinks"] as? [String: Int] == ["checked": 2, "fromCache": 2, "excluded": 1])
  }

  @Test func aLinkPlantedAtTheCacheFileIsReplacedNotFollowed() throws {
    let server = try LinkServer()
    let outside = try SiteFixture("-- secret.txt --\nkeep me")
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      [a](\(server.url("/ok")))
      """)
    try FileManager.default.createDirectory(
      at: site.root.appendingPathComponent(".folio/cache"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: site.root.appendingPathComponent(".folio/cache/links.json").path,
      withDestinationPath: outside.root.appendingPathComponent("secret.txt").path)
    #expect(check(site).status == 0)
    #expect(outside.text("secret.txt") == "keep me\n")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: site.root.appendingPathComponent(".folio/cache/links.json").path)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(site.text(".folio/cache/links.json")?.contains(server.url("/ok")) == true)
  }

  @Test func folioSiteAloneCannotCheckExternalLinks() throws {
    let site = try SiteFixture("-- Content/a.md --\nA")
    let run = CapturedRun { FolioSiteCommand.run(["check", "-s", site.root.path, "--external"], io: $0) }
    #expect(run.status == 64)
    #expect(run.error.hasPrefix("error: --external runs in folio-serve"))
    let noCache = CapturedRun { FolioSiteCommand.run(["check", "-s", site.root.path, "--no-cache"], io: $0) }
    #expect(noCache.status == 64)
  }

  @Test func unknownAndInvalidSettingsAreErrorsAtTheirPlace() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      externalLinks:
        1️⃣perhost: 2
        exclude: [2️⃣'(']
      """)
    let run = check(site)
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        "\(site.location("1️⃣")): error: unknown setting 'externalLinks.perhost'\n    hint: did you mean 'externalLinks.perHost'?"
      ))
    try site.write(
      "externalLinks:\n  exclude: [2️⃣'(']\n".replacingOccurrences(of: "2️⃣", with: ""), to: "folio.yaml")
    #expect(check(site).error.hasPrefix("folio.yaml:2:13: error: '(' is not a regular expression"))
  }
}

/// Link-card titles: `folio check --external` reads the pages link cards show, the cache keeps
/// their titles, and the build shows them.
@Suite struct LinkCardTitleTests {
  private func run(_ arguments: [String]) -> CapturedRun {
    CapturedRun { FolioSiteCommand.run(arguments, io: $0, externalLinks: ExternalLinkCheck.run) }
  }

  @Test func cardsShowTheTitlesTheCheckRead() throws {
    let server = try LinkServer()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      \(server.url("/titled"))

      @[card](\(server.url("/titled-sjis")))

      \(server.url("/og"))

      \(server.url("/big"))

      A link in a sentence is no card: [ok](\(server.url("/ok"))).
      """)
    let checked = run(["check", "-s", site.root.path, "--external", "--private-addresses"])
    #expect(checked.status == 0, "\(checked.error)")
    let stats = try server.stats()
    #expect(stats.paths["GET /titled"] == 1 && stats.paths["HEAD /titled"] == nil)
    #expect(stats.paths["HEAD /ok"] == 1 && stats.paths["GET /ok"] == nil, "only cards' pages are read")
    let cache = try #require(site.text(".folio/cache/links.json"))
    #expect(cache.contains("\"version\" : 2"))
    #expect(cache.contains("\"title\" : \"A <b> & 記事\""))

    let built = run(["build", "-s", site.root.path, "-q"])
    #expect(built.status == 0, "\(built.error)")
    let page = try #require(site.text("public/a/index.html"))
    #expect(page.contains("<span class=\"folio-linkcard-title\">A &lt;b&gt; &amp; 記事</span>"))
    #expect(page.contains("<span class=\"folio-linkcard-title\">日本語のページ</span>"))
    #expect(page.contains("<span class=\"folio-linkcard-title\">The page &quot;itself&quot;</span>"))
    // Past the 64 KiB read: no title, so host and path as before.
    #expect(page.contains("<span class=\"folio-linkcard-title\">127.0.0.1:\(server.port)/big</span>"))

    // A warm cache asks nothing again: the titles are in it.
    let requests = try server.stats().requests
    #expect(run(["check", "-s", site.root.path, "--external", "--private-addresses"]).status == 0)
    #expect(try server.stats().requests == requests)
  }

  @Test func aVersionOneCacheIsReadAndItsCardPagesAreAskedAgain() throws {
    let server = try LinkServer()
    let card = server.url("/titled")
    let plain = server.url("/ok")
    let recently = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-60))
    func entry(_ url: String) -> String {
      """
      "\(url)": {"checkedAt": "\(recently)", "result": {"status": 200, "finalURL": "\(url)", "redirects": [], "attempts": 1}}
      """
    }
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      \(card)

      A link in a sentence: [ok](\(plain)).
      -- .folio/cache/links.json --
      {"version": 1, "links": {\(entry(card)), \(entry(plain))}}
      """)
    #expect(run(["check", "-s", site.root.path, "--external", "--private-addresses"]).status == 0)
    let stats = try server.stats()
    #expect(stats.paths["HEAD /ok"] == nil, "the version 1 entry is fresh and reused")
    #expect(stats.paths["GET /titled"] == 1, "a card's page is read for the title version 1 lacks")
    #expect(site.text(".folio/cache/links.json")?.contains("A <b> & 記事") == true)
  }
}
