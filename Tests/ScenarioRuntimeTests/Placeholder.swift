// Placeholder until the ScenarioRuntime tests land.
