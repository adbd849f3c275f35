extension RuleLayer {
  /// Every layer, oldest first: BEHAVIOR.md §1, with each rule carrying its id.
  public static let all: [RuleLayer] = [base, iOS8, iOS9, iOS11, iOS12, iOS13, iOS13_4, iOS14, iOS15, iOS17, iOS18, iOS26]

  // MARK: - >= iOS 7 (base)

  static let base = RuleLayer(
    since: OSVersion(7),
    "Base: a single grant (authorizedAlways); no request API; the prompt appears on first use of location (R1)."
  ) { layer in
    layer.states = [.notDetermined, .always, .denied, .restricted]
    layer.members = [
      .authorizationStatus, .pausesLocationUpdatesAutomatically, .location, .startUpdatingLocation,
      .stopUpdatingLocation, .startMonitoringSignificantLocationChanges,
      .stopMonitoringSignificantLocationChanges, .startMonitoring,
    ]
    layer.requests = [
      // R1: the first use of location prompts with P1.
      RequestRule(
        .R1, from: .notDetermined, .firstUseOfLocation,
        .prompt(.p1, [PromptChoice("Don’t Allow", .denied), PromptChoice("OK", .always)])),
      // R1: using location once decided prompts no more.
      RequestRule(.R1, from: .always, .firstUseOfLocation, .unchanged),
      RequestRule(.R1, from: .denied, .firstUseOfLocation, .unchanged),
      RequestRule(.R1, from: .restricted, .firstUseOfLocation, .unchanged),
    ]
    layer.authorizationCallback = .didChangeAuthorization  // C4
    layer.backgroundSession = .backgroundMode  // B1
    layer.backgroundPropertyCrashesWithoutMode = false  // B2
    layer.alwaysIndicator = .never  // B3
    layer.monitoring = .requiresAlways  // U4
    layer.regionsNeedFullAccuracy = false
    layer.reportsAccuracy = false
    layer.appClips = false
    // S1 (assumed for iOS 7): a per-app switch read as Never / Always, whatever the keys.
    layer.settingsWhileUsing = .hidden
    layer.settingsAlways = .listed
    layer.wifiRequirements = []  // W1
  }

  // MARK: - >= iOS 8

  static let iOS8 = RuleLayer(
    since: OSVersion(8),
    "requestWhenInUseAuthorization, requestAlwaysAuthorization, authorizedWhenInUse; usage-description keys required (K1)."
  ) { layer in
    layer.states = [.whenInUse]
    layer.members = [.requestWhenInUseAuthorization, .requestAlwaysAuthorization]
    let p2 = [PromptChoice("Don’t Allow", .denied), PromptChoice("Allow", .whenInUse)]
    let p4 = [PromptChoice("Don’t Allow", .denied), PromptChoice("Allow", .always)]
    let p5 = [PromptChoice("Cancel", .whenInUse), PromptChoice("Allow", .always)]
    layer.requests = [
      // R1: from iOS 8 first use no longer prompts: the app must request.
      RequestRule(.R1, from: .notDetermined, .firstUseOfLocation, .unchanged),
      RequestRule(.R1, from: .whenInUseAlwaysUnused, .firstUseOfLocation, .unchanged),
      RequestRule(.R1, from: .whenInUseAlwaysUsed, .firstUseOfLocation, .unchanged),
      RequestRule(.R2, from: .notDetermined, .requestWhenInUseAuthorization, .prompt(.p2, p2)),
      RequestRule(.R3, from: .notDetermined, .requestAlwaysAuthorization, .prompt(.p4, p4), usesAlwaysRequest: true),
      RequestRule(.R4, from: .whenInUseAlwaysUnused, .requestAlwaysAuthorization, .prompt(.p5, p5), usesAlwaysRequest: true),
      RequestRule(.R14, from: .whenInUseAlwaysUsed, .requestAlwaysAuthorization, .unchanged),
      RequestRule(.R17, from: .whenInUseAlwaysUnused, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R17, from: .whenInUseAlwaysUsed, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R16, from: .always, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R16, from: .always, .requestAlwaysAuthorization, .unchanged),
      RequestRule(.R16, from: .denied, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R16, from: .denied, .requestAlwaysAuthorization, .unchanged),
      RequestRule(.R16, from: .restricted, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R16, from: .restricted, .requestAlwaysAuthorization, .unchanged),
    ]
    layer.keyRequirements = [
      KeyRequirement(
        .requestWhenInUseAuthorization, needs: [.whenInUse],
        consoleLine:
          "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string value explaining to the user how the app uses this data"
      ),
      // K2 (assumed for 8–10): the When-In-Use line naming the old Always key.
      KeyRequirement(
        .requestAlwaysAuthorization, needs: [.always], consoleLine: Assumptions.alwaysKeyMissingLineBefore11),
    ]
    layer.settingsWhileUsing = .whenKey(.whenInUse)  // S1
    layer.settingsAlways = .whenKey(.always)  // S1
    layer.variants = [firstUseAsksForAlways(.p4, p4)]  // R1b
  }

  // MARK: - >= iOS 9

  static let iOS9 = RuleLayer(
    since: OSVersion(9),
    "allowsBackgroundLocationUpdates (default false for apps linked against 9.0+), the crash rule (B2), requestLocation."
  ) { layer in
    layer.members = [.allowsBackgroundLocationUpdates, .requestLocation]
    layer.backgroundSession = .backgroundModeAndProperty(assumedTrueBeforeSDK: OSVersion(9))  // B1
    layer.backgroundPropertyCrashesWithoutMode = true  // B2
    layer.backgroundPropertyCrashReason = "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"
  }

  // MARK: - >= iOS 11

  static let iOS11 = RuleLayer(
    since: OSVersion(11),
    "NSLocationAlwaysAndWhenInUseUsageDescription; Always requests need it and the When-In-Use key; the three-choice Always prompt; showsBackgroundLocationIndicator (B3)."
  ) { layer in
    layer.members = [.showsBackgroundLocationIndicator]
    let p3 = [PromptChoice("Don’t Allow", .denied), PromptChoice("Allow", .whenInUse)]
    let p6 = [
      PromptChoice("Only While Using the App", .whenInUse), PromptChoice("Always Allow", .always),
      PromptChoice("Don’t Allow", .denied),
    ]
    layer.requests = [
      RequestRule(.R2, from: .notDetermined, .requestWhenInUseAuthorization, .prompt(.p3, p3)),
      RequestRule(.R5, from: .notDetermined, .requestAlwaysAuthorization, .prompt(.p6, p6), usesAlwaysRequest: true),
      RequestRule(.R5, from: .whenInUseAlwaysUnused, .requestAlwaysAuthorization, .prompt(.p6, p6), usesAlwaysRequest: true),
    ]
    layer.keyRequirements = [
      KeyRequirement(
        .requestAlwaysAuthorization, needs: [.alwaysAndWhenInUse, .whenInUse],
        consoleLine:
          "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and “NSLocationWhenInUseUsageDescription” keys with string values explaining to the user how the app uses this data"
      )
    ]
    layer.alwaysIndicator = .whenShowsBackgroundLocationIndicator  // B3
    // S1: from 11 either key lists While Using the App (seed 004); Always needs the new key…
    layer.settingsWhileUsing = .whenAnyKey([.whenInUse, .alwaysAndWhenInUse])
    layer.settingsAlways = .whenKey(.alwaysAndWhenInUse)
    layer.variants = [
      // K1b: an app linked before 11 keeps the 8–10 key rule for Always, and its Always request shows
      // the device's Always alert (P6 here) with the NSLocationAlwaysUsageDescription text.
      RuleVariant(for: .linkedBefore(OSVersion(11))) { variant in
        let p6Old = AlertTemplate.p6.withMessage(.usageDescription(.always))
        variant.requests = [
          RequestRule(.K1b, from: .notDetermined, .requestAlwaysAuthorization, .prompt(p6Old, p6), usesAlwaysRequest: true),
          RequestRule(.K1b, from: .whenInUseAlwaysUnused, .requestAlwaysAuthorization, .prompt(p6Old, p6), usesAlwaysRequest: true),
        ]
        variant.keyRequirements = [
          KeyRequirement(.requestAlwaysAuthorization, needs: [.always], consoleLine: Assumptions.alwaysKeyMissingLineBefore11)
        ]
        variant.settingsAlways = .whenAnyKey([.alwaysAndWhenInUse, .always])  // S1: …or the old key (K1b)
      },
      firstUseAsksForAlways(.p6, p6),  // R1b
    ]
  }

  // MARK: - >= iOS 12

  static let iOS12 = RuleLayer(
    since: OSVersion(12), "Wi-Fi information needs the Access Wi-Fi Information entitlement (W1)."
  ) { layer in
    layer.wifiRequirements = [.entitlement]  // W1
  }

  // MARK: - >= iOS 13

  static let iOS13 = RuleLayer(
    since: OSVersion(13),
    "New first prompt with Allow Once; provisional Always; \"Ask Next Time\" in Settings; the background-use reminder."
  ) { layer in
    layer.states = [.temporaryWhenInUse, .provisionalAlways]
    // P7 on 13.x: Allow While Using App, Allow Once, Don’t Allow.
    let firstPrompt = firstPromptRules(.p7iOS13)
    layer.variants = firstPrompt.variants
    layer.requests = firstPrompt.requests + [
      // R11 (assumed callback): 13.0–13.3 moves a When-In-Use app to provisional Always silently.
      RequestRule(.R11, from: .whenInUseAlwaysUnused, .requestAlwaysAuthorization, .becomes(.provisionalAlways), usesAlwaysRequest: true),
      RequestRule(.R15, from: .temporaryWhenInUse, .requestAlwaysAuthorization, .unchanged),
      RequestRule(.R17, from: .temporaryWhenInUse, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R16, from: .provisionalAlways, .requestWhenInUseAuthorization, .unchanged),
      RequestRule(.R16, from: .provisionalAlways, .requestAlwaysAuthorization, .unchanged),
      RequestRule(.R1, from: .temporaryWhenInUse, .firstUseOfLocation, .unchanged),
      RequestRule(.R1, from: .provisionalAlways, .firstUseOfLocation, .unchanged),
    ]
    let upgrade = [PromptChoice("Keep Only While Using", .whenInUse), PromptChoice("Change to Always Allow", .always)]
    // K1b: an app linked before 11 may lack the new key; its P8 falls back on the old key's text.
    layer.variants.append(
      RuleVariant(for: .linkedBefore(OSVersion(11))) { variant in
        let p8Old = AlertTemplate.p8.withMessage(.firstUsageDescription([.alwaysAndWhenInUse, .always]))
        variant.systemPrompts = [SystemPromptRule(.R19, when: .alwaysOnlyEventWhileNotInUse, from: .provisionalAlways, p8Old, upgrade)]
      })
    layer.systemPrompts = [
      SystemPromptRule(.R19, when: .alwaysOnlyEventWhileNotInUse, from: .provisionalAlways, .p8, upgrade),
      SystemPromptRule(
        .R21, when: .backgroundLocationsOnSeparateDays(3), from: .always, .p11,
        [PromptChoice("Change to Only While Using", .whenInUse), PromptChoice("Always Allow", .always)]),
    ]
    layer.monitoring = .anyAuthorization  // U4
    layer.askNextTimeLabel = "Ask Next Time"  // S1
    layer.wifiRequirements = [.entitlement, .authorization]  // W1
  }

  // MARK: - >= iOS 13.4

  static let iOS13_4 = RuleLayer(
    since: OSVersion(13, 4), "A When-In-Use app's first requestAlwaysAuthorization prompts at once (R12)."
  ) { layer in
    let p8 = [PromptChoice("Keep Only While Using", .whenInUse), PromptChoice("Change to Always Allow", .always)]
    layer.requests = [
      RequestRule(.R12, from: .whenInUseAlwaysUnused, .requestAlwaysAuthorization, .prompt(.p8, p8), usesAlwaysRequest: true)
    ]
    // K1b: P8 for an app linked before 11 shows the AlwaysAndWhenInUse text when it has it, else the old key's.
    layer.variants = [
      RuleVariant(for: .linkedBefore(OSVersion(11))) { variant in
        let p8Old = AlertTemplate.p8.withMessage(.firstUsageDescription([.alwaysAndWhenInUse, .always]))
        variant.requests = [
          RequestRule(.K1b, from: .whenInUseAlwaysUnused, .requestAlwaysAuthorization, .prompt(p8Old, p8), usesAlwaysRequest: true)
        ]
      }
    ]
  }

  // MARK: - >= iOS 14

  static let iOS14 = RuleLayer(
    since: OSVersion(14),
    "Accuracy (accuracyAuthorization), the Precise switch, temporary full accuracy, locationManagerDidChangeAuthorization, NSLocationDefaultAccuracyReduced, App Clips, location in widgets."
  ) { layer in
    layer.members = [.accuracyAuthorization, .requestTemporaryFullAccuracyAuthorization]
    layer.sessionFeatures = [.widgets]  // WG1, S4
    // P7 from 14: Allow Once, Allow While Using App, Don’t Allow.
    let firstPrompt = firstPromptRules(.p7)
    layer.requests = firstPrompt.requests
    layer.variants = firstPrompt.variants + [
      // A3: an App Clip's first prompt is P14, without Allow Once; its While-Using grant is A1's.
      RuleVariant(for: .appClip) { variant in
        let p14 = [PromptChoice(Assumptions.appClipWhileUsingButton, .whenInUse), PromptChoice("Don’t Allow", .denied)]
        variant.requests = [RequestRule(.A3, from: .notDetermined, .requestWhenInUseAuthorization, .prompt(.p14, p14))]
      }
    ]
    layer.authorizationCallback = .preferLocationManagerDidChangeAuthorization  // C4
    layer.reportsAccuracy = true  // P7 map and switch, K3, S3, T1–T5
    layer.regionsNeedFullAccuracy = true  // U4
    layer.appClips = true  // A1, A2
    layer.wifiRequirements = [.entitlement, .authorization, .fullAccuracy]  // W1
    layer.upgradeEffects = [.preciseOnForAuthorizedApps]  // UP3
  }

  // MARK: - >= iOS 15

  static let iOS15 = RuleLayer(
    since: OSVersion(15), "Settings label \"Ask Next Time Or When I Share\"; the location button (CLLocationButton)."
  ) { layer in
    layer.askNextTimeLabel = "Ask Next Time Or When I Share"  // S1
    layer.sessionFeatures = [.locationButton]  // LB1–LB6
  }

  // MARK: - >= iOS 17

  static let iOS17 = RuleLayer(
    since: OSVersion(17), "Live updates (CLLocationUpdate), CLMonitor and background activity sessions."
  ) { layer in
    layer.sessionFeatures = [.liveUpdatesAndMonitors]  // LU1–LU4, MN1, MN2, BA1–BA5
    // B2 from 17: the assertion also names _CFMZEnabled() (crash logs in AtB-AS/mittatb-app#4129 and
    // HaylLtd/cordova-background-geolocation-plugin#211; 17.0 as the first version is assumed).
    layer.backgroundPropertyCrashReason =
      "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()"
  }

  // MARK: - >= iOS 18

  static let iOS18 = RuleLayer(
    since: OSVersion(18),
    "Service sessions (CLServiceSession), implicit sessions and the explicit-session key; diagnostics; Always needs an always session for the new APIs."
  ) { layer in
    // SS0–SS10, IM1, XS1, AW1, DG1–DG10, MN2 (reduced accuracy)
    layer.sessionFeatures = [.serviceSessions, .alwaysNeedsAlwaysSession, .diagnostics, .monitorsWithholdReducedAccuracy]
  }

  // MARK: - >= iOS 26

  /// N1: Apple documents no change to location authorization after 18 (and 19–25 do not exist, §1).
  static let iOS26 = RuleLayer(since: OSVersion(26), "No documented change to authorization: the 18 rules hold (N1).")

  // MARK: - Rows shared by layers

  /// R6 and R9 with a P7 in its version's button order, and the variants that show the same P7: an
  /// app linked before 11 asking for Always (K1b, the old key's text) and an app linked before 8
  /// using location for the first time (R1b, `NSLocationUsageDescription`).
  static func firstPromptRules(_ p7: AlertTemplate) -> (requests: [RequestRule], variants: [RuleVariant]) {
    let whenInUse = choices(p7, ["Allow Once": .temporaryWhenInUse, "Allow While Using App": .whenInUse, "Don’t Allow": .denied])
    // R9: Allow While Using App from an Always request is provisional Always.
    let always = choices(
      p7, ["Allow Once": .temporaryWhenInUse, "Allow While Using App": .provisionalAlways, "Don’t Allow": .denied])
    let requests = [
      RequestRule(.R6, from: .notDetermined, .requestWhenInUseAuthorization, .prompt(p7, whenInUse)),
      RequestRule(.R9, from: .notDetermined, .requestAlwaysAuthorization, .prompt(p7, always), usesAlwaysRequest: true),
    ]
    let oldSDK = RuleVariant(for: .linkedBefore(OSVersion(11))) { variant in
      // K1b: the device's Always alert with the NSLocationAlwaysUsageDescription text.
      variant.requests = [
        RequestRule(
          .K1b, from: .notDetermined, .requestAlwaysAuthorization, .prompt(p7.withMessage(.usageDescription(.always)), always),
          usesAlwaysRequest: true)
      ]
    }
    return (requests, [oldSDK, firstUseAsksForAlways(p7, always)])
  }

  /// R1b: an app linked before 8 is asked for Always on its first use of location, with the device's
  /// Always alert showing `NSLocationUsageDescription` (or nothing); no key is needed.
  ///
  /// S1b (assumed): its Settings page lists what an app with both keys gets, so that whatever S2
  /// selects is shown; every layer that changes S1's conditions (8, 11) folds this variant after them.
  static func firstUseAsksForAlways(_ alert: AlertTemplate, _ choices: [PromptChoice]) -> RuleVariant {
    RuleVariant(for: .linkedBefore(OSVersion(8))) { variant in
      variant.settingsWhileUsing = .listed  // S1b
      variant.settingsAlways = .listed  // S1b
      variant.requests = [
        RequestRule(
          .R1b, from: .notDetermined, .firstUseOfLocation, .prompt(alert.withMessage(.usageDescription(.location)), choices),
          usesAlwaysRequest: true)
      ]
    }
  }

  /// An alert's choices in its display order, from each button's result.
  static func choices(_ alert: AlertTemplate, _ results: [String: AuthorizationState]) -> [PromptChoice] {
    alert.buttons.compactMap { button in results[button].map { PromptChoice(button, $0) } }
  }
}
