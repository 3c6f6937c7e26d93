import SiteCommands

// `folio build`, `folio serve` and `folio new` exec this program with the same arguments.
await FolioSiteCommand.main()
