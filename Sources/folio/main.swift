import CLI

FolioCommand.main()
