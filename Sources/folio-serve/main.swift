import PreviewCommand

// `folio serve` execs this program with the same arguments (FolioCommand.main).
await ServeCommand.main()
