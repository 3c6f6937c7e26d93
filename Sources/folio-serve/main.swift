import PreviewCommand

// `folio serve` execs this program with the same arguments.
await ServeCommand.main()
