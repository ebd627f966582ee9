import MkfilterCLI

MkfilterCommand.main()
