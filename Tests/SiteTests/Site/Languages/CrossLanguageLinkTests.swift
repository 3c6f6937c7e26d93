import Foundation
import Site
import TestSupport
import Testing

/// `folio check` points out a link into another language when the page's own has the target.
@Suite struct CrossLanguageLinkTests {
  static let site = """
    -- folio.yaml --
    languages: {en: {}, ja: {}}
    -- Content/setup.md --
    Setup.
    -- Content/setup.ja.md --
    セットアップ。
    -- Content/cli.md --
    Only in English.
    -- Content/guide.md --
    See [setup](setup.md).

    """

  @Test func aCopiedLinkIntoTheOtherLanguageIsAWarningNamingTheTranslation() throws {
    let site = try SiteFixture(
      Self.site + "-- Content/guide.ja.md --\n1️⃣[セットアップ](setup.md)、2️⃣[設定](/setup/)、[CLI](/cli/)。\n")
    let warnings = try site.build().warnings
    #expect(
      warnings == [
        """
        \(site.location("1️⃣")): warning: this 'ja' page links to the 'en' page 'setup.md', which has a 'ja' translation
            hint: link to '/ja/setup/' (Content/setup.ja.md) instead, unless the other language is meant
        """,
        """
        \(site.location("2️⃣")): warning: this 'ja' page links to the 'en' page '/setup/', which has a 'ja' translation
            hint: link to '/ja/setup/' (Content/setup.ja.md) instead, unless the other language is meant
        """,
      ])
  }

  @Test func linksThatNameTheLanguageOrLeadToTheOriginalAreMeant() throws {
    let site = try SiteFixture(
      Self.site
        + "-- Content/guide.ja.md --\n[セットアップ](setup.ja.md)、[原文](guide.md)、[CLI](cli.md)。\n"
        + "-- Content/notes.md --\nThe [Japanese setup](/ja/setup/) and [its file](setup.ja.md).\n")
    #expect(try site.build().warnings == [])
  }
}
