// Placeholder until the LuaBridge target lands.
