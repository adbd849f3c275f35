// Placeholder until the ScenarioRuntime target lands.
