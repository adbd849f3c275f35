// Placeholder until the CLICommands target lands.
