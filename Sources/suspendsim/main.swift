import SuspendSimCLI

SuspendsimCommand.main()
