/// The state of one installed app, kept by the world: its machines and what they have produced.
///
/// New per-app sessions (a background activity session, service sessions) are added here as
/// fields holding their own machines, driven by the world's derive loop and `apply`.
struct AppRecord {
  let device: DeviceID
  /// What never changes after installation, shared by reference so records copy cheaply.
  let info: AppInfo
  /// The authorization record (§2).
  var machine: AuthorizationMachine
  /// The lifecycle (L1–L3, C5).
  var activity: AppActivityMachine
  /// A1: when the App Clip's When-In-Use grant resets (its timer is pending), `nil` otherwise.
  var appClipResetAt: VirtualInstant?
  /// The managers of the current launch, in creation order (C1).
  var managers: [ManagerID] = []
  var callbacks: [Callback] = []
  /// Callbacks waiting for a suspended app to run (C5).
  var heldCallbacks: [Callback] = []
  var console: [String] = []
  var crash: AppCrash?
  /// What the app last reported, for C3's before/after comparison.
  var lastReported: AuthorizationSnapshot
  // MARK: Monitoring (U4, E12): per app, surviving termination like iOS's monitored regions.
  var monitorsSignificantChanges = false
  var significantChangeAnchor = Coordinate.defaultDeviceLocation
  var regions: [MonitoredRegion] = []
  /// Events for the managers of a background launch that has created none yet (E12).
  var eventsForNextManager: [LocationEvent] = []
  /// Events held for the deferred upgrade prompt (R19).
  var deferredEvents: [LocationEvent] = []
  var deferredPromptPending = false
  // MARK: iOS 15+ objects (§14–§18, §20)
  var sessions = AppSessions()
  var widgets = WidgetAuthorization()
  /// When the LU3 timer of the app's streams is due (its timer is pending), `nil` otherwise.
  var sessionDeadline: VirtualInstant?
  /// The alert the new APIs last raised for the app, for DG6 while it shows.
  var sessionPrompt: (alert: AlertID, prompt: SessionPrompt)?
  // MARK: Background-use reminder (R21, P11)
  /// The calendar days with background deliveries since Always was granted or the last reminder.
  var backgroundLocationDays: [Int64] = []
  /// P11 from 17: the background uses over those days, one per instant with deliveries.
  var backgroundUses = 0
  var lastBackgroundUseAt: VirtualInstant?
  var reminderPending = false
}
