import SiteCommands

// `folio build` and `folio new` exec this program with the same arguments.
FolioSiteCommand.main()
