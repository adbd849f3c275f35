/// One `requestTemporaryFullAccuracyAuthorization` call and its completion (C7).
struct TemporaryRequestRecord {
  let app: AppID
  let manager: ManagerID
  let purposeKey: String
  var done = false
  var error: LocationErrorCode?
}
