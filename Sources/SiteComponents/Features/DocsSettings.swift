import Diagnostics
import SiteContent
import YAML

/// `docs:` in folio.yaml: the sections that are documentation, which the default theme shows
/// with a sidebar, previous/next links in the sidebar's order and breadcrumbs (the `docs`
/// layout). Each entry is a section folder relative to `Content/` (`docs`; `/` is the whole
/// site), or `{section: docs, nav: [...]}` with the sidebar's order (``DocsNavEntry``), which
/// `folio import` writes from an MkDocs `nav`. A section's `_index.md` can say the same with
/// `layout: docs` and its own `nav:`.
package struct DocsSettings: Sendable {
  /// One documentation section.
  package struct Section: Sendable {
    /// The section's folder relative to `Content/` and to its language's folder; "" for the
    /// whole site.
    package var folder: String
    /// The sidebar's order, when given.
    package var nav: [DocsNavEntry]?
    /// Where it is written.
    package var location: SourceLocation?
  }

  /// The sections, in the order written.
  package var sections: [Section]
}

extension DocsSettings: SettingsSection {
  /// `docs`.
  package static let key = "docs"
  /// None: a section is documentation only when its `_index.md` or this setting says so.
  package static let defaultValue: DocsSettings? = nil

  /// Reads `docs:`.
  package static func read(_ value: YAMLValue, in path: String) throws -> DocsSettings? {
    guard let items = value.array ?? (value.string != nil || value.mapping != nil ? [value] : nil) else {
      throw DocsNavProblem.notAList.error(at: value.location, key: key)
    }
    var sections: [Section] = []
    for item in items {
      if let folder = item.string {
        sections.append(Section(folder: folder, nav: nil, location: item.location))
        continue
      }
      var section = Section(folder: "", nav: nil, location: item.location)
      var named = false
      for (name, member) in item.stringEntries {
        switch name {
        case "section":
          guard let folder = member.string else {
            throw DocsNavProblem.notASection.error(at: member.location, key: key)
          }
          section.folder = folder
          named = true
        case "nav": section.nav = try DocsNavEntry.entries(of: member, key: "nav")
        default: throw DocsNavProblem.notASection.error(at: member.location, key: key)
        }
      }
      guard named else { throw DocsNavProblem.notASection.error(at: item.location, key: key) }
      sections.append(section)
    }
    for index in sections.indices {
      // `/docs/`, `docs/` and `docs` are one folder; `/` and `.` the whole site.
      let trimmed = sections[index].folder.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
      sections[index].folder = trimmed
    }
    return DocsSettings(sections: sections)
  }
}

extension SiteConfiguration {
  /// The sections `docs:` makes documentation; nil when folio.yaml has no `docs:`.
  package var docs: DocsSettings? { sections[DocsSettings.self] }
}

/// Documentation sections (``DocsSettings``): the settings' section; the sidebar, order and
/// breadcrumbs are made where the site is organised (SiteLayout's `DocsNavigation`).
struct DocsFeature: SiteFeature {
  var settingsSection: (any SettingsSection.Type)? { DocsSettings.self }
}
