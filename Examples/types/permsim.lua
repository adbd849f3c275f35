---@meta permsim

-- LuaLS definitions of the permsim scenario API (shared/SCENARIO_API.md): completion, hover text and
-- type checks in VS Code, Neovim and any other editor that runs lua-language-server. Point LuaLS at
-- this folder (Examples/.luarc.json does) — see "Editor support" in Examples/README.md.
--
-- Only editors read these annotations. permsim itself never needs this file: it runs without error
-- and registers no scenario, so `permsim run Examples` passes over it.

-- MARK: - Values

---An iOS version: "8", "13.4", "17.2.1" (7.0 through 18.x, and 26.x; "19"–"25" do not exist). A number such as 14 is accepted too.
---@alias IOSVersion string|number

---A duration: a number of seconds, or a string with a unit: "250ms", "10s", "5m", "2h", "3d".
---@alias Duration number|string

---`CLAuthorizationStatus`, by its Swift case name.
---@alias AuthorizationStatus
---| "notDetermined"
---| "restricted"
---| "denied"
---| "authorizedAlways"
---| "authorizedWhenInUse"

---`CLAccuracyAuthorization` (iOS 14+).
---@alias AccuracyAuthorization
---| "fullAccuracy"
---| "reducedAccuracy"

---`CLError.Code`, by its Swift case name.
---@alias CLErrorCode
---| "locationUnknown"
---| "denied"
---| "network"
---| "headingFailure"
---| "regionMonitoringDenied"
---| "regionMonitoringFailure"
---| "regionMonitoringSetupDelayed"
---| "regionMonitoringResponseDelayed"
---| "geocodeFoundNoResult"
---| "geocodeFoundPartialResult"
---| "geocodeCanceled"
---| "deferredFailed"
---| "deferredNotUpdatingLocation"
---| "deferredAccuracyTooLow"
---| "deferredDistanceFiltered"
---| "deferredCanceled"
---| "rangingUnavailable"
---| "rangingFailure"
---| "promptDeclined"
---| "historicalLocationError"

---A `CLLocationManagerDelegate` method, by the distinguishing part of its Swift name.
---@alias DelegateMethod
---| "locationManagerDidChangeAuthorization" # iOS 14+: the status and the accuracy
---| "didChangeAuthorization" # locationManager(_:didChangeAuthorization:): the status
---| "didUpdateLocations"
---| "didFailWithError"
---| "locationManagerDidPauseLocationUpdates"
---| "locationManagerDidResumeLocationUpdates"
---| "monitoringDidFailFor"
---| "didEnterRegion"
---| "didExitRegion"
---| "liveUpdate" # iOS 17+: an element of CLLocationUpdate.liveUpdates (`source`, `location`, `stationary`, `diagnostics`)
---| "monitorEvent" # iOS 17+: a CLMonitor event (`source`, `identifier`, `state`, `diagnostics`)

---What a system alert is about.
---@alias AlertKind
---| "authorization" # the first prompt of a request (P1–P4, P6, P7)
---| "alwaysUpgrade" # “… also … even when you are not using the app?” (P5, P8)
---| "temporaryFullAccuracy" # requestTemporaryFullAccuracyAuthorization (P9)
---| "locationServicesOff" # “Turn On Location Services …” (P10)
---| "backgroundReminder" # “… has been using your location in the background …” (P11)
---| "locationButton" # the location button's one-time confirmation (P12, iOS 15+)
---| "widgets" # a widget that wants location was added (P13, iOS 14+)

---A button's English label (U+2019 apostrophes; a straight ' matches too). `tap` takes it on a phone in
---any language, as well as the label that phone shows (`"允许一次"` on a zh-Hans phone).
---@alias AlertButton
---| "OK"
---| "Allow"
---| "Cancel"
---| "Don’t Allow"
---| "Allow Once"
---| "Allow While Using App"
---| "Allow While Using Until Tomorrow" # an App Clip's first prompt (P14)
---| "Only While Using the App"
---| "Always Allow"
---| "Keep Only While Using"
---| "Change to Always Allow"
---| "Change to Only While Using"
---| "Settings"

---A choice on an app's page in Settings › Privacy › Location Services, by its English label. `set` takes
---it on a phone in any language, as well as the label shown; `options` and `get` give the labels shown.
---@alias SettingsLabel
---| "Never"
---| "Ask Next Time" # iOS 13–14
---| "Ask Next Time Or When I Share" # iOS 15+
---| "While Using the App"
---| "Always"
---| "While Using the App or Widgets" # S4: a When-In-Use app whose widgets the user allowed

---@alias AppState "notRunning"|"foreground"|"background"|"suspended"

---@alias AppKind "app"|"appClip"

---An Info.plist value: a string, boolean or number, or a table (a list is an array, keys make a dictionary).
---@alias PlistValue string|boolean|number|table

-- MARK: - Option tables

---The options of `scenario(name, options, fn)`.
---@class ScenarioOptions
---@field tags? string[] Labels to select cases with `permsim run --tags` / `--exclude-tags`.
---@field ios? string|string[] One version (the default for `device {}`), or a list: one case per version, named `name [iOS X]`.
---@field skip? string A reason: the case is reported as skipped.

---The options of `device { … }`; all are optional.
---@class DeviceOptions
---@field ios? IOSVersion Default: the scenario's version, `--ios`, else the newest supported ("26.0").
---@field locale? string Picks `<locale>.lproj/InfoPlist.strings` for the app's texts. Default "en".
---@field date? string Local wall-clock start, "YYYY-MM-DDTHH:MM:SS". Default "2026-01-05T09:00:00".
---@field location_services? boolean The device-wide switch. Default true.
---@field location? Coordinate Where the phone is. Default People's Square, Shanghai.
---@field wifi? string The SSID of the joined Wi-Fi network, if any.

---A place on Earth.
---@class Coordinate
---@field latitude number
---@field longitude number

---The options of `phone:install { … }`: exactly one of `plist` and `info` is required.
---@class InstallOptions
---@field plist? string Path to an Info.plist (XML or binary), relative to the scenario file.
---@field info? table<string, PlistValue> The Info.plist as an inline table instead of a file.
---@field strings? table<string, table<string, string>> Inline localized strings: `{ ["zh-Hans"] = { key = "text" } }`; they win over files.
---@field name? string The name in alert titles. Default CFBundleDisplayName, else CFBundleName, else "App".
---@field bundle_id? string Default CFBundleIdentifier, else derived from the name.
---@field sdk? IOSVersion The SDK the app was linked against. Default the device's version.
---@field kind? AppKind Default "app".
---@field delegate? DelegateMethod[] The delegate methods the app implements. Default all.
---@field wifi_info_entitlement? boolean The Access Wi-Fi Information entitlement. Default true.
---@field widget_wants_location? boolean A widget extension declares NSWidgetWantsLocation (WG1). Default false.

---`CLLocationUpdate.LiveConfiguration` (iOS 17+).
---@alias LiveConfiguration "default"|"automotiveNavigation"|"otherNavigation"|"fitness"|"airborne"

---A CLMonitor condition's state (iOS 17+).
---@alias ConditionState "unknown"|"satisfied"|"unsatisfied"

---`CLServiceSession.AuthorizationRequirement` (iOS 18+).
---@alias ServiceSessionAuthorization "none"|"whenInUse"|"always"

---What `app:service_session { … }` takes (iOS 18+).
---@class ServiceSessionOptions
---@field authorization ServiceSessionAuthorization
---@field full_accuracy_purpose_key? string A key of NSLocationTemporaryUsageDescriptionDictionary (SS9).

---Diagnostics (iOS 18+, BEHAVIOR.md §18): the flags that are true, each mapped to true; `{}` when none.
---@class Diagnostics
---@field authorizationDenied? true
---@field authorizationDeniedGlobally? true
---@field authorizationRestricted? true
---@field insufficientlyInUse? true
---@field serviceSessionRequired? true
---@field authorizationRequestInProgress? true
---@field fullAccuracyDenied? true
---@field alwaysAuthorizationDenied? true
---@field locationUnavailable? true
---@field accuracyLimited? true

---A circular region for `manager:startMonitoring { … }`, and the `region` of region callbacks.
---@class Region
---@field identifier string
---@field latitude number
---@field longitude number
---@field radius number In metres.

---The fields `expect_prompt` compares; each one given must be equal.
---@class AlertFields
---@field kind? AlertKind
---@field id? string The BEHAVIOR.md alert id: "P7", "P14", …
---@field title? string
---@field message? string
---@field buttons? string[] Compared element by element, in display order.
---@field precise? boolean
---@field map? "precise"|"approximate"

---The fields `expect_callback` compares; each one given must be equal.
---@class CallbackFields
---@field at? number
---@field manager? integer
---@field status? AuthorizationStatus
---@field accuracy? AccuracyAuthorization
---@field error? CLErrorCode
---@field locations? Location[]
---@field region? Region
---@field source? integer The stream's or monitor's number (liveUpdate, monitorEvent).
---@field location? Location
---@field stationary? boolean
---@field diagnostics? Diagnostics
---@field identifier? string
---@field state? ConditionState

-- MARK: - Values the objects hand out

---A delegate callback delivered to the app.
---@class Callback
---@field name DelegateMethod
---@field at number Virtual seconds since the scenario began.
---@field manager? integer The 1-based index of the manager in the app (nil for liveUpdate and monitorEvent).
---@field status? AuthorizationStatus
---@field accuracy? AccuracyAuthorization
---@field error? CLErrorCode
---@field locations? Location[]
---@field region? Region
---@field source? integer liveUpdate, monitorEvent: the 1-based number of the stream among the app's streams, or of the monitor among its monitors.
---@field location? Location liveUpdate: the location, absent when none could be given.
---@field stationary? boolean liveUpdate: LU3.
---@field diagnostics? Diagnostics liveUpdate, monitorEvent (iOS 18+).
---@field identifier? string monitorEvent: the condition.
---@field state? ConditionState monitorEvent: the condition's new state.

---A location delivered to the app.
---@class Location
---@field latitude number
---@field longitude number
---@field horizontalAccuracy number In metres.

---How an app crashed.
---@class Crash
---@field exception string For example "NSInternalInconsistencyException".
---@field reason string
---@field at number Virtual seconds since the scenario began.

-- MARK: - The objects

-- BEGIN GENERATED: the objects, from their member tables (permsim definitions --update FILE)

---A simulated iPhone, made by `device { … }`.
---@class Device
---@field ios string The version as the scenario wrote it.
---@field prompt Alert? The system alert now showing, or nil.
---@field settings Settings The Settings app.
---@field background_location_indicator boolean True while the blue bar / pill is shown.
---@field transcript string[] Everything that happened, in order, each line prefixed with the virtual time.
local Device = {}

---Installs an app and returns it.
---@param options InstallOptions
---@return App
function Device:install(options) end

---Answers every later alert with `handler(alert)`, which must tap a button; nil removes the handler.
---@param handler? fun(alert: Alert)
function Device:on_prompt(handler) end

---Moves the phone; updating managers that may receive locations get them.
---@param latitude number
---@param longitude number
function Device:set_location(latitude, longitude) end

---iOS 14+: The user adds one of the app's widgets that wants location (install option `widget_wants_location`; WG1).
---@param app App
function Device:add_widget(app) end

---Installs a newer iOS and restarts the phone: apps are terminated and the alert showing is withdrawn; grants and Settings choices stay (UP1–UP5).
---@param version IOSVersion
function Device:upgrade(version) end

---Locks the screen: the foreground app goes to the background.
function Device:lock() end

---Unlocks the screen: alerts that waited for it appear.
function Device:unlock() end

---Asserts that an alert is showing on this phone, with these field values, and returns it.
---@param fields? AlertFields
---@return Alert
function Device:expect_prompt(fields) end

---Asserts that no alert is showing on this phone.
function Device:expect_no_prompt() end

---An installed app, returned by `phone:install { … }`.
---@class App
---@field state AppState notRunning, foreground, background or suspended.
---@field callbacks Callback[] Every callback delivered to the app's managers so far, oldest first.
---@field console string[] The lines the system logged for the app.
---@field crash Crash? nil, or how the app crashed.
---@field name string The name shown in alert titles.
---@field bundle_id string The bundle identifier.
local App = {}

---Launches the app into the foreground (it must not be running).
function App:launch() end

---Sends the app from the foreground to the background.
function App:background() end

---Brings the app back to the foreground.
function App:foreground() end

---Terminates the app: its managers are gone.
function App:terminate() end

---Creates a CLLocationManager with the app as its delegate (the app must be running).
---@return CLLocationManager
function App:location_manager() end

---iOS 15+: The app's CLLocationButton (the app must be running); `button:tap()` is the user's tap (LB1–LB6).
---@return CLLocationButton
function App:location_button() end

---iOS 17+: Starts iterating CLLocationUpdate.liveUpdates; updates arrive as `liveUpdate` callbacks (LU1).
---@param configuration? LiveConfiguration
---@return CLLocationUpdateStream
function App:live_updates(configuration) end

---iOS 17+: Opens the CLMonitor of that name; its events arrive as `monitorEvent` callbacks (MN1).
---@param name string
---@return CLMonitor
function App:monitor(name) end

---iOS 17+: Creates a CLBackgroundActivitySession (BA1).
---@return CLBackgroundActivitySession
function App:background_activity_session() end

---iOS 18+: Creates a CLServiceSession `{ authorization = "none"|"whenInUse"|"always", full_accuracy_purpose_key = … }` (SS0).
---@param options ServiceSessionOptions
---@return CLServiceSession
function App:service_session(options) end

---The SSID as `NEHotspotNetwork.fetchCurrent` would give it, or nil.
---@return string?
function App:fetch_current_wifi_ssid() end

---Asserts that this app's next unread callback has this name and these field values; returns it.
---@param name DelegateMethod
---@param fields? CallbackFields
---@return Callback
function App:expect_callback(name, fields) end

---Asserts that every callback delivered to this app has been read.
function App:expect_no_callback() end

---Asserts that this app's console has a line matching the Lua pattern; returns the line.
---@param pattern string
---@return string
function App:expect_console(pattern) end

---A location manager; members keep Apple's names. Reading a member the device's iOS lacks is an error.
---@class CLLocationManager
---@field authorizationStatus AuthorizationStatus Read-only.
---@field isAuthorizedForWidgetUpdates boolean iOS 14+: Read-only: whether the app's widgets may use location (WG1).
---@field accuracyAuthorization AccuracyAuthorization iOS 14+: Read-only.
---@field allowsBackgroundLocationUpdates boolean iOS 9+: Setting true without UIBackgroundModes location crashes the app (B2).
---@field showsBackgroundLocationIndicator boolean iOS 11+: Whether background updates show the blue bar / pill (B3).
---@field pausesLocationUpdatesAutomatically boolean Default true (U3).
---@field location Location? Read-only: the last delivered location.
local CLLocationManager = {}

---iOS 8+: Asks for When In Use.
function CLLocationManager:requestWhenInUseAuthorization() end

---iOS 8+: Asks for Always.
function CLLocationManager:requestAlwaysAuthorization() end

---iOS 14+: Asks for precise location once; the request's `done` and `error` tell how it ended.
---@param purposeKey string A key of NSLocationTemporaryUsageDescriptionDictionary.
---@return TemporaryFullAccuracyRequest
function CLLocationManager:requestTemporaryFullAccuracyAuthorization(purposeKey) end

---Apple's class method: whether Location Services is on for the device (Settings › Privacy).
---@return boolean
function CLLocationManager:locationServicesEnabled() end

---Starts location updates (U1).
function CLLocationManager:startUpdatingLocation() end

---Stops location updates.
function CLLocationManager:stopUpdatingLocation() end

---iOS 9+: One location, or an error.
function CLLocationManager:requestLocation() end

---Starts significant-change monitoring (U4).
function CLLocationManager:startMonitoringSignificantLocationChanges() end

---Stops significant-change monitoring.
function CLLocationManager:stopMonitoringSignificantLocationChanges() end

---Starts monitoring a circular region (U4).
---@param region Region
function CLLocationManager:startMonitoring(region) end

---A system alert; its fields follow the Precise switch as it is flipped.
---@class Alert
---@field kind AlertKind What the alert is about.
---@field id string The alert's rule id in BEHAVIOR.md: "P7", "P14", ….
---@field title string In the phone's language (`locale`), with the app's own name.
---@field message string? nil when the alert has no message.
---@field buttons string[] The labels in display order, exactly as iOS shows them.
---@field precise boolean? nil when the alert has no Precise switch, else its position.
---@field map "precise"|"approximate"|nil The map the alert shows, if any.
local Alert = {}

---Taps a button; a label that is not on the alert is an error listing those that are.
---@param label AlertButton|string
function Alert:tap(label) end

---Flips the Precise switch (iOS 14+ first alert); an error on an alert without one.
---@param on boolean
function Alert:set_precise(on) end

---What `requestTemporaryFullAccuracyAuthorization` returns.
---@class TemporaryFullAccuracyRequest
---@field done boolean True once the completion ran.
---@field error CLErrorCode? The completion's error: nil, or "promptDeclined".
---@field purposeKey string The purpose key it was asked with.
local TemporaryFullAccuracyRequest = {}

---The Settings app of one phone.
---@class Settings
local Settings = {}

---The choices the app's page lists, as iOS labels them (S1).
---@param app App
---@return SettingsLabel[]
function Settings:options(app) end

---The label now selected, or nil when none is.
---@param app App
---@return SettingsLabel?
function Settings:get(app) end

---Selects one of `options(app)` (S2).
---@param app App
---@param label SettingsLabel
function Settings:set(app, label) end

---The app's Precise Location switch (iOS 14+).
---@param app App
---@param on boolean
function Settings:set_precise(app, on) end

---The device-wide Location Services switch.
---@param on boolean
function Settings:set_location_services(on) end

---Parental controls or device management.
---@param app App
---@param on boolean
function Settings:set_restricted(app, on) end

---General › Transfer or Reset › Reset Location & Privacy.
function Settings:reset_location_and_privacy() end

---The virtual clock of the running scenario; nothing ever sleeps.
---@class Clock
---@field now number Virtual seconds since the scenario began.
---@field date string The local wall-clock time, "YYYY-MM-DDTHH:MM:SS".
local Clock = {}

---Moves time forward, firing every timer that falls due, in order.
---@param duration Duration
function Clock:advance(duration) end

---Moves to the next time the wall clock shows `time`.
---@param time string "HH:MM" or "HH:MM:SS".
function Clock:advance_to(time) end

---The app's location button (iOS 15+), returned by `app:location_button()`.
---@class CLLocationButton
local CLLocationButton = {}

---The user taps it: P12 the first time, then a one-time grant at once (LB1–LB6).
function CLLocationButton:tap() end

---An iteration of `CLLocationUpdate.liveUpdates` (iOS 17+), returned by `app:live_updates()`.
---@class CLLocationUpdateStream
---@field active boolean True until `stop()`, or until the app terminates.
---@field source integer Its number among the app's streams: a `liveUpdate` callback's `source`.
---@field configuration LiveConfiguration The configuration it iterates with.
---@field diagnostics Diagnostics iOS 18+: Its diagnostics now (§18), also when nothing is delivered.
local CLLocationUpdateStream = {}

---Stops iterating.
function CLLocationUpdateStream:stop() end

---A `CLMonitor` (iOS 17+), returned by `app:monitor(name)`.
---@class CLMonitor
---@field name string The name it was opened with.
---@field source integer Its number among the app's monitors: a `monitorEvent` callback's `source`.
---@field identifiers string[] Its conditions' identifiers, in the order they were added.
---@field diagnostics Diagnostics iOS 18+: Its diagnostics now (§18).
local CLMonitor = {}

---Adds a circular condition `{ identifier, latitude, longitude, radius }`; it is evaluated now (MN1).
---@param condition Region
function CLMonitor:add(condition) end

---Removes a condition.
---@param identifier string
function CLMonitor:remove(identifier) end

---A condition's state: "unknown", "satisfied" or "unsatisfied".
---@param identifier string
---@return ConditionState
function CLMonitor:state(identifier) end

---A `CLBackgroundActivitySession` (iOS 17+), returned by `app:background_activity_session()`.
---@class CLBackgroundActivitySession
---@field active boolean BA1: authorized, `UIBackgroundModes` location, created in use; false once invalidated.
---@field diagnostics Diagnostics iOS 18+: Its diagnostics now (§18).
local CLBackgroundActivitySession = {}

---Ends it at once (BA3).
function CLBackgroundActivitySession:invalidate() end

---A `CLServiceSession` (iOS 18+), returned by `app:service_session { authorization = … }`.
---@class CLServiceSession
---@field active boolean SS0: from creation until invalidated or lost at termination.
---@field authorization ServiceSessionAuthorization What it requires: none, whenInUse or always.
---@field diagnostics Diagnostics Its diagnostics now (§18).
local CLServiceSession = {}

---Ends it at once (SS10).
function CLServiceSession:invalidate() end

-- END GENERATED

-- MARK: - Matchers

---What `expect(value)` returns. Matchers chain, and both `.` and `:` calls work.
---@class Matcher
---@field never Matcher The same matchers, negated.
local Matcher = {}

---`==`.
---@param expected any
---@return Matcher
function Matcher.to_be(expected) end

---Deep equality of tables.
---@param expected any
---@return Matcher
function Matcher.to_equal(expected) end

---@return Matcher
function Matcher.to_be_nil() end

---@return Matcher
function Matcher.to_be_truthy() end

---@return Matcher
function Matcher.to_be_falsy() end

---A list element (deep equality) or a substring.
---@param element any
---@return Matcher
function Matcher.to_contain(element) end

---A Lua pattern.
---@param pattern string
---@return Matcher
function Matcher.to_match(pattern) end

-- MARK: - The test language

---Registers one test case.
---@param name string
---@param options ScenarioOptions
---@param fn fun()
---@overload fun(name: string, fn: fun())
function scenario(name, options, fn) end

---Groups scenarios; names are joined with " › " in reports. Nesting is allowed.
---@param name string
---@param fn fun()
function describe(name, fn) end

---Runs `fn` before every scenario of the enclosing describe (or of the file).
---@param fn fun()
function before_each(fn) end

---Runs `fn` after every scenario of the enclosing describe (or of the file), even a failed one.
---@param fn fun()
function after_each(fn) end

---A scenario not written yet: reported as skipped.
---@param name string
---@param reason? string
function pending(name, reason) end

---A new simulated iPhone. Each scenario starts with none.
---@param options? DeviceOptions
---@return Device
function device(options) end

---The virtual clock of the running scenario.
---@type Clock
clock = {}

---A matcher for `value`: `expect(x).to_be(y)`, `expect(t).never.to_contain(v)`.
---@param value any
---@return Matcher
function expect(value) end

---Asserts that an alert is showing on the newest app's phone, with these field values, and returns it.
---@param fields? AlertFields
---@return Alert
function expect_prompt(fields) end

---Asserts that no alert is showing.
function expect_no_prompt() end

---Asserts that the newest app's next unread callback has this name and these field values; returns it.
---@param name DelegateMethod
---@param fields? CallbackFields
---@return Callback
function expect_callback(name, fields) end

---Asserts that every delivered callback has been read.
function expect_no_callback() end

---Runs `fn`, asserts that it crashed the app (with a reason matching `pattern`, if given), returns the crash.
---@param fn fun()
---@param pattern? string
---@return Crash
function expect_crash(fn, pattern) end

---Asserts that the newest app's console has a line matching the Lua pattern; returns the line.
---@param pattern string
---@return string
function expect_console(pattern) end

-- `require` keeps Lua's built-in declaration, so LuaLS still resolves modules (runtime.path in
-- .luarc.json). In permsim it loads `name.lua` (dots become `/`) beside the scenario file, then under
-- the run's root; Lua source only, and each case gets its own copy.

---A calendar date for `os.time`; missing times default to 12:00:00.
---@class DateTable
---@field year integer
---@field month integer
---@field day integer
---@field hour? integer
---@field min? integer
---@field sec? integer

---The os library of scenarios: the virtual clock only.
os = {}

---Seconds since 1970 of the virtual wall clock, or of the date table given.
---@param date? DateTable
---@return integer
function os.time(date) end

---Virtual seconds since the scenario began.
---@return number
function os.clock() end

---Formats the virtual wall-clock time (or `time`) like Lua's os.date.
---@param format? string
---@param time? integer
---@return string
function os.date(format, time) end
