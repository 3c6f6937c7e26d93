import SiteContent

extension SiteStructure {
  /// Where the structure holds one page: its index in ``pages`` and ``feedPages``, and the jobs
  /// that show it, as their own page (`position` nil) or in their list.
  struct Place: Sendable {
    var page: Int
    var feed: Int? = nil
    var uses: [(job: Int, position: Int?)] = []
  }

  /// The place of every page, by identity (the structure holds every page it indexes, so no
  /// identifier is reused while it is in the table).
  static func places(pages: [Page], feedPages: [Page], jobs: [Job]) -> [ObjectIdentifier: Place] {
    var places: [ObjectIdentifier: Place] = Dictionary(minimumCapacity: pages.count)
    for (index, page) in pages.enumerated() { places[ObjectIdentifier(page)] = Place(page: index) }
    for (index, page) in feedPages.enumerated() { places[ObjectIdentifier(page)]?.feed = index }
    for (index, job) in jobs.enumerated() {
      if let own = job.page { places[ObjectIdentifier(own)]?.uses.append((index, nil)) }
      for (position, page) in job.listed.enumerated() {
        places[ObjectIdentifier(page)]?.uses.append((index, position))
      }
    }
    return places
  }

  /// Makes the page-place table ``replace(_:)`` needs, unless it is there.
  package mutating func preparePlaces() {
    if places == nil { places = SiteStructure.places(pages: pages, feedPages: feedPages, jobs: renderJobs) }
  }

  /// Swaps pages for new loads of themselves with the same ``PageShape``, and returns the
  /// indices of the render jobs whose output can show them: their own jobs, the
  /// jobs of their neighbours (previous and next links), the lists that contain them, and,
  /// for a section or home page, every job of its folder (pages link their section).
  ///
  /// Equal shapes keep every order, list, pager, term and claim as it is, so only the places
  /// where the pages are held change. Those are looked up, not searched for: a pass over the
  /// 10,000 pages of a large site touches every page object and costs milliseconds.
  ///
  /// Returns nil, changing nothing, when a new load's shape differs from the old one's: the
  /// site must then be organised afresh.
  package mutating func replace(_ replacements: [(old: Page, new: Page)]) -> [Int]? {
    guard replacements.allSatisfy({ PageShape($0.old) == PageShape($0.new) }) else { return nil }
    // A documentation page is in every page of its sidebar: organised afresh.
    guard !replacements.contains(where: { docs.places[$0.old.url] != nil || docs.isDocs($0.old.folder) })
    else {
      return nil
    }
    // Taken out while pages move, so the table is edited in place, and put back at the end.
    var places = self.places ?? SiteStructure.places(pages: pages, feedPages: feedPages, jobs: renderJobs)
    self.places = nil
    defer { self.places = places }
    func newest(_ page: Page) -> Page {
      replacements.last { $0.old === page }?.new ?? page
    }
    var dirty: Set<Int> = []
    // Neighbours first, while every page they name is still the object the places are keyed by.
    var neighbourKeys: Set<String> = []
    for (old, _) in replacements {
      guard let around = neighbours[old.url] else { continue }
      neighbourKeys.insert(old.url)
      for page in [around.previous, around.next].compactMap({ $0 }) {
        neighbourKeys.insert(page.url)
        for use in places[ObjectIdentifier(page)]?.uses ?? [] where use.position == nil {
          dirty.insert(use.job)
        }
      }
    }
    for (old, new) in replacements {
      guard let place = places.removeValue(forKey: ObjectIdentifier(old)) else {
        preconditionFailure("replacing \(old.sourcePath), which the structure does not hold")
      }
      pages[place.page] = new
      if let feed = place.feed { feedPages[feed] = new }
      for use in place.uses {
        if let position = use.position {
          renderJobs[use.job].listed[position] = new
        } else {
          renderJobs[use.job].page = new
        }
        dirty.insert(use.job)
      }
      places[ObjectIdentifier(new)] = place
      if old.kind != .page, sections[old.folder] === old {
        sections[old.folder] = new
        for index in renderJobs.indices where renderJobs[index].page?.folder == old.folder {
          dirty.insert(index)
        }
      }
    }
    for key in neighbourKeys {
      guard let around = neighbours[key] else { continue }
      neighbours[key] = (around.previous.map(newest), around.next.map(newest))
    }
    return dirty.sorted()
  }
}
