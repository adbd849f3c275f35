/// A reporter that hands every event to several reporters, in order.
public struct MultiplexReporter: Reporter {
  /// The reporters that receive the events.
  public var reporters: [any Reporter]

  public init(_ reporters: [any Reporter]) {
    self.reporters = reporters
  }

  public mutating func record(_ event: RunEvent) {
    for index in reporters.indices {
      reporters[index].record(event)
    }
  }
}
