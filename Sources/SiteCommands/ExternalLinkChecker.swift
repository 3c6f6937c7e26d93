import Foundation
import Site
import SiteComponents
import SiteContent

/// What checks a site's http and https links for `folio check --external`: the site's URLs
/// with their places, folio.yaml's `externalLinks:` settings, the project folder (for the
/// cache), whether the cache is used, whether hosts at private addresses may be requested
/// (`--private-addresses`: a command-line choice, never folio.yaml's), and a progress callback. `folio-serve` passes
/// `ExternalLinkCheck.run` (the ExternalLinks module, over libcurl); `folio-site` has none.
public typealias ExternalLinkChecker = (
  _ links: [ExternalLinkReference], _ settings: ExternalLinkSettings, _ projectRoot: URL, _ usesCache: Bool,
  _ allowsPrivateAddresses: Bool,
  _ progress: @escaping (_ done: Int, _ total: Int) -> Void
) -> ExternalLinkReport
