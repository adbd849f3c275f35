/// One thing the world does because a machine decided it: the only way a model operation touches
/// callbacks, alerts, timers, crashes or the transcript.
///
/// Machines and the world's operations *return* effects; ``World/apply(_:)`` is the one place that
/// performs them, and each effect renders its own transcript line there. A new kind of consequence
/// (a live-update or monitor callback, a session's timer) is a new case here and a new arm in
/// `apply`, nothing else.
enum Effect {
  /// A delegate callback for a manager: `apply` routes it by the app's activity (C5) to `deliver`
  /// or `hold`, or drops it when the manager is gone or the app does not implement the method.
  case callback(DelegateMethod, to: ManagerID, CallbackArguments = .none)
  /// A `liveUpdate` or `monitorEvent` for the app's loop: routed by its activity (C5) like `callback`.
  case appCallback(Callback, for: AppID)
  /// C1: the callback reaches the manager's delegate now.
  case deliver(Callback, to: ManagerID)
  /// C5: the app is suspended; the callback waits until it runs again.
  case hold(Callback, for: ManagerID)
  /// C5: the callbacks held for a suspended app arrive, in order, now.
  case releaseHeld(AppID)
  /// §4: the alert appears on its device and becomes the one showing (§2); boxed, so that every
  /// other effect stays the size of a callback.
  indirect case showAlert(AlertRecord)
  /// The user tapped a button (its label as shown) of the alert showing; it goes away answered.
  case answerAlert(AlertID, tapped: String)
  /// D1: the alert showing goes away unanswered.
  case withdrawAlert(AlertID)
  /// The alert showing goes away because the app that raised it ended.
  case dismissAlert(AlertID)
  /// A timer, identified by what it does, fires at an instant (at most one per event).
  case schedule(TimerEvent, at: VirtualInstant)
  /// The timer for an event is cancelled; one that already fired or was never set is ignored.
  case cancel(TimerEvent)
  /// B2: the app crashes; the crash is recorded (the world then ends the launch).
  case crash(AppID, AppCrash)
  /// K2: the system logs a line to the app's console.
  case console(AppID, String)
  /// C7: a temporary-full-accuracy request's completion runs.
  case complete(RequestID, error: LocationErrorCode?)
  /// A model step in words about a subject (the line gets the subject's prefix: `Maps: manager#1 …`).
  case log(TranscriptSubject, String)
  /// A typed transcript entry about a subject (a move of the device, a step of the clock), rendered when read.
  case record(TranscriptEntry.Event, about: TranscriptSubject)
}

/// Whom a transcript line is about: it decides the line's prefix and device.
enum TranscriptSubject: Hashable {
  /// The world itself (the clock, a scenario's `print`): no device.
  case world
  /// A device: the line as given, on that device.
  case device(DeviceID)
  /// An app: `Name: …`.
  case app(AppID)
  /// A manager: `Name: manager#n …`.
  case manager(ManagerID)
}

/// The typed ids the world's records are reached by (one subscript per kind, `World+Records.swift`).
typealias DeviceID = EntityID<Device>
/// An app's id.
typealias AppID = EntityID<App>
/// A location manager's id.
typealias ManagerID = EntityID<LocationManager>
/// An alert's id.
typealias AlertID = EntityID<Alert>
/// A temporary-full-accuracy request's id.
typealias RequestID = EntityID<TemporaryFullAccuracyRequest>

/// The arguments of a delegate callback, as `Callback` records them.
struct CallbackArguments {
  var status: AuthorizationStatus?
  var accuracy: AccuracyAuthorization?
  var error: LocationErrorCode?
  var locations: [Location]?
  var region: CircularRegion?

  /// No arguments.
  static let none = CallbackArguments()
}
