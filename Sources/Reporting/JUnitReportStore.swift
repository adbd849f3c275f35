/// Where a JUnit report goes: a spool that grows while the run goes on, then the finished document.
///
/// The reporter appends each finished piece of XML (cases as they end, a suite's header when it
/// ends) to the spool, so transcripts never pile up in memory. At the end of the run it commits a
/// layout: the byte ranges of the spool that, concatenated in order, are the whole document.
public protocol JUnitReportStore: AnyObject, Sendable {
  /// Appends bytes at the end of the spool, verbatim; the reporter counts offsets from 0.
  func append(_ bytes: [UInt8])
  /// Writes the finished document, the spool's bytes in `layout` order, and releases the spool.
  func commit(_ layout: [Range<Int>])
}
