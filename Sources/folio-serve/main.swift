import CLI
import ExternalLinks
import Foundation
import PreviewCommand
import SiteCommands

// `folio serve` execs this program with the same arguments, and `folio check --external` too:
// folio-serve links its C libraries dynamically, and libcurl has no static build on Debian.
let arguments = Array(CommandLine.arguments.dropFirst())
// Hidden: the manual pages and completions scripts/package installs, from every option table.
if arguments.first == "--reference" {
  let commands = [ServeCommand.reference, RenderCommand.reference] + FolioSiteCommand.references
  exit(ReferenceCommand.run(Array(arguments.dropFirst()), commands: commands, io: .standard))
}
if arguments.first == "check" {
  exit(FolioSiteCommand.run(arguments, io: .standard, externalLinks: ExternalLinkCheck.run))
}
await ServeCommand.main()
