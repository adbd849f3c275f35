import Foundation

/// Collects what a reporter writes, for inspection.
final class OutputCapture: @unchecked Sendable {
  private let _lock = NSLock()
  private var _chunks: [String] = []

  /// Everything written so far.
  var text: String { _lock.withLock { _chunks.joined() } }

  /// The writes, one element each.
  var chunks: [String] { _lock.withLock { _chunks } }

  /// The closure to give the reporter.
  var write: @Sendable (String) -> Void {
    { [self] chunk in _lock.withLock { _chunks.append(chunk) } }
  }
}
