// Placeholder until the PermissionModelTests tests land.
