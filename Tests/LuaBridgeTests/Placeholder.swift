// Placeholder until the LuaBridgeTests tests land.
