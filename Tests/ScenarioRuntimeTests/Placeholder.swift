// Placeholder until the ScenarioRuntimeTests tests land.
