import CLI

await FolioCommand.main()
