// Placeholder until the CLICommandsTests tests land.
