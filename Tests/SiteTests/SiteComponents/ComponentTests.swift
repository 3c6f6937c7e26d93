import TestSupport
import Testing

/// The three components as a site build renders them (markup fixed in docs/CONTRACTS.md).
@Suite struct ComponentTests {
  @Test func listsUseTheSiteBulletsAndCycleThemPerLevel() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- folio.yaml --
        lists: { bullets: ["・", "-"] }
        -- Content/a.md --
        - one
          - two
            - three
        """)
    #expect(
      try site.build().text("a/index.html") == """
        <ul class="folio-list" data-level="1">
        <li><span class="folio-bullet" aria-hidden="true">・</span><div class="folio-item">one
        <ul class="folio-list" data-level="2">
        <li><span class="folio-bullet" aria-hidden="true">-</span><div class="folio-item">two
        <ul class="folio-list" data-level="3">
        <li><span class="folio-bullet" aria-hidden="true">・</span><div class="folio-item">three</div></li>
        </ul>
        </div></li>
        </ul>
        </div></li>
        </ul>


        """)
  }

  @Test func aPageAndAListDirectiveOverrideTheGlyph() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/a.md --
        ---
        bullet: "※"
        ---
        - page glyph

        <!-- list bullet="→" lang="ja" spacing="4px" -->
        - 日本語
        """)
    let built = try site.build()
    #expect(
      built.text("a/index.html") == """
        <ul class="folio-list" data-level="1">
        <li><span class="folio-bullet" aria-hidden="true">※</span><div class="folio-item">page glyph</div></li>
        </ul>
        <ul class="folio-list" data-level="1" data-spacing="4px" lang="ja">
        <li><span class="folio-bullet" aria-hidden="true">→</span><div class="folio-item">日本語</div></li>
        </ul>


        """)
    #expect(
      built.text("assets/folio-lists.css").contains(
        #".folio-list[data-spacing="4px"] > li + li { margin-top: 4px; }"#))
    #expect(built.warnings == [])
  }

  @Test func readMoreLabelsFollowThePageLanguage() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/en.md --
        <!-- readmore lines=2 -->
        Long text.
        <!-- /readmore -->
        -- Content/ja.md --
        ---
        lang: ja
        ---
        <!-- readmore -->
        長い文章。
        <!-- /readmore -->

        <!-- readmore inline -->
        インライン。
        <!-- /readmore -->

        <!-- readmore label="もっと" -->
        自分のラベル。
        <!-- /readmore -->
        """)
    let built = try site.build()
    #expect(
      built.text("en/index.html") == """
        <div class="folio-readmore" data-lines="2">
        <div class="folio-readmore-content" id="readmore-1">
        <p>Long text.</p>
        </div>
        <button type="button" class="folio-readmore-toggle" aria-expanded="false" aria-controls="readmore-1" hidden>Read more</button>
        </div>


        """)
    let japanese = built.text("ja/index.html")
    #expect(japanese.contains(#"aria-controls="readmore-1" hidden>続きを見る</button>"#))
    #expect(japanese.contains(#"<div class="folio-readmore folio-readmore-inline" data-lines="3">"#))
    #expect(japanese.contains(#"aria-controls="readmore-2" hidden>続きを読む</button>"#))
    #expect(japanese.contains(#"aria-controls="readmore-3" hidden>もっと</button>"#))
  }

  @Test func readMoreLabelsComeFromTheConfiguration() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- folio.yaml --
        readMore: { en: Continue }
        -- Content/a.md --
        <!-- readmore -->
        Text.
        <!-- /readmore -->
        """)
    #expect(try site.build().text("a/index.html").contains("hidden>Continue</button>"))
  }

  @Test func malformedDirectivesWarnWithTheirLine() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/a.md --
        Text.

        1️⃣<!-- list bullet="x -->
        - item

        2️⃣<!-- readmore lines=many -->
        Body.
        <!-- /readmore -->
        4️⃣<!-- /readmore -->

        5️⃣<!-- list -->
        Not a list.

        6️⃣<!-- bookmarks -->
        Not a table.

        7️⃣<!-- readmore -->
        Never closed.
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: unterminated quote in '<!-- list bullet=\"x -->'",
        "\(site.location("2️⃣")): warning: 'lines=many' is not a whole number from 1 to 100; using 3",
        "\(site.location("4️⃣")): warning: '<!-- /readmore -->' closes nothing",
        "\(site.location("5️⃣")): warning: '<!-- list -->' must come right before a list",
        "\(site.location("6️⃣")): warning: '<!-- bookmarks -->' needs a table right after it, or src=\"file\"",
        "\(site.location("7️⃣")): warning: a '<!-- readmore -->' block is never closed; it ends with the page",
      ])
    #expect(HTMLBalance.problems(in: built.text("a/index.html")) == [])
  }
}
