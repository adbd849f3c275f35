/// One `requestTemporaryFullAccuracyAuthorization` call and its completion (C7).
struct TemporaryRequestRecord {
  let app: Int
  let manager: Int
  let purposeKey: String
  var done = false
  var error: LocationErrorCode?
}
