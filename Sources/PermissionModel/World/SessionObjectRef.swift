/// Where an iOS 15+ object lives: its app and its index among that app's objects of its kind.
///
/// The world keeps one list of these per kind, so each object has a typed id (`EntityID`) while its
/// machine stays in the app's `AppSessions`.
struct SessionObjectRef: Hashable {
  let app: AppID
  let index: Int
}

/// A live-update stream's id.
typealias StreamID = EntityID<LiveUpdateStream>
/// A monitor's id.
typealias MonitorID = EntityID<Monitor>
/// A background activity session's id.
typealias BackgroundSessionID = EntityID<BackgroundActivitySession>
/// A service session's id.
typealias ServiceSessionID = EntityID<ServiceSession>
