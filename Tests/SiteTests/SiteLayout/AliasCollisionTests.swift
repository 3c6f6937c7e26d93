import Foundation
import TestSupport
import Testing

/// A page's alias that lands on a page (its own URL, as Hugo's own docs have from a name's case,
/// or another page's) is left out with a warning, as Hugo lets the page keep its URL; over a
/// file Folio writes itself it stays an error (SiteStructureTests, HostileSiteTests).
@Suite struct AliasCollisionTests {
  @Test func anAliasOnAPageIsLeftOutWithAWarningAndThePageStays() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Aliases
      urls: {lowercase: true}
      -- Templates/page.mustache --
      {{page.title}}
      -- Content/functions/HasSuffix.md --
      ---
      title: HasSuffix
      aliases: [1️⃣/functions/hassuffix]
      ---
      -- Content/functions/time.md --
      ---
      title: Time
      ---
      -- Content/functions/AsTime.md --
      ---
      title: AsTime
      aliases: [2️⃣/functions/time/, /old/astime/]
      ---

      """)
    let built = try site.build()
    #expect(
      built.warnings.contains(
        "\(site.location("1️⃣")): warning: the alias '/functions/hassuffix' is this page's own URL; left out\n"
          + "    hint: remove it from the page's aliases"))
    #expect(
      built.warnings.contains {
        $0.hasPrefix(
          "\(site.location("2️⃣")): warning: the alias '/functions/time/' is left out: '/functions/time/' is Content/functions/time.md's"
        )
      })
    #expect(built.text("functions/hassuffix/index.html") == "HasSuffix\n")
    #expect(built.text("functions/time/index.html") == "Time\n")
    // The other alias of the page still redirects.
    #expect(built.text("old/astime/index.html").contains("/functions/astime/"))
  }
}
