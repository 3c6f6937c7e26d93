import Site
import Testing

@Suite struct RebuildPlanTests {
  @Test func classifiesEachKindOfChangedPath() {
    let plan = RebuildPlan.plan(for: [
      "Content/posts/hello.md", "Content/images/logo.svg", "Templates/page.mustache",
      "Templates/partials/header.mustache", "Templates/assets/site.css",
    ])
    #expect(plan.pages == ["posts/hello.md"])
    #expect(plan.staticFiles == ["images/logo.svg"])
    #expect(plan.assets == ["site.css"])
    #expect(plan.reloadsTemplates)
    #expect(!plan.reloadsConfiguration)
  }

  @Test func configurationChangeRebuildsEverything() {
    #expect(RebuildPlan.plan(for: ["folio.yaml"]).reloadsConfiguration)
    #expect(RebuildPlan.plan(for: ["i18n/fr.yaml"]).reloadsConfiguration)
    #expect(!RebuildPlan.plan(for: ["i18n/.fr.yaml.swp", "i18n/notes.txt"]).reloadsConfiguration)
  }

  @Test func editorDroppingsAreIgnored() {
    let plan = RebuildPlan.plan(for: [
      "Content/.hello.md.swp", "Content/posts/hello.md~", "Content/4913", "Content/.git/index",
      "public/index.html", "README.md",
    ])
    #expect(plan.isEmpty)
  }

  @Test func onlyStylesheetsAreSwappedWithoutReload() {
    #expect(
      RebuildPlan.plan(for: ["Templates/assets/a.css", "Templates/assets/b.css"]).changesOnlyStylesheets)
    #expect(
      !RebuildPlan.plan(for: ["Templates/assets/a.css", "Templates/assets/a.js"]).changesOnlyStylesheets)
    #expect(!RebuildPlan.plan(for: ["Templates/assets/a.css", "Content/a.md"]).changesOnlyStylesheets)
  }
}
