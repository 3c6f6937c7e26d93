import Foundation
import Site
import TestSupport
import Testing

/// A file named for a language on a site that has one: said at the file, never taken silently.
@Suite struct OneLanguageSuffixTests {
  @Test func aLanguageSuffixWithoutLanguagesIsAWarningAtTheFile() throws {
    let site = try SiteFixture(
      "-- folio.yaml --\ntitle: Site\n-- Content/about.md --\nHello.\n-- Content/about.ja.md --\n1️⃣こんにちは。\n")
    let built = try site.build()
    #expect(
      built.warnings == [
        """
        \(site.location("1️⃣")): warning: the file name ends in '.ja', a language, but the site has one language, so this page is /about.ja/ and no translation
            hint: list the site's languages under 'languages:' in folio.yaml (with 'ja') to make it a translation, or rename the file
        """
      ])
    // Still built where it was: the warning says where.
    #expect(built.files["about.ja/index.html"] != nil)
  }

  @Test func aDotWordThatIsNoLanguageIsNotWarnedAbout() throws {
    let site = try SiteFixture(
      "-- folio.yaml --\ntitle: Site\n-- Content/notes.old.md --\nOld.\n-- Content/v1.2.md --\nv\n")
    #expect(try site.build().warnings == [])
  }
}
