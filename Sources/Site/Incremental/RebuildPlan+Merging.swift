extension RebuildPlan {
  /// Adds another plan's work to this one.
  mutating func merge(_ other: RebuildPlan) {
    reloadsConfiguration = reloadsConfiguration || other.reloadsConfiguration
    reloadsTemplates = reloadsTemplates || other.reloadsTemplates
    pages.formUnion(other.pages)
    staticFiles.formUnion(other.staticFiles)
    assets.formUnion(other.assets)
  }
}
