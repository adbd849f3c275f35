/// Where the runner runs scenario code: on engines in this process, or in worker processes it can stop.
public enum CaseIsolation: Sendable {
  /// Engines in this process: the fastest, for tests and trusted input, but a case stuck inside one C
  /// call, or a crash in a C library, cannot be stopped without ending the run.
  case inProcess
  /// Worker processes (`permsim worker`, ``WorkerServer``): every case and every file's top level runs within a time
  /// limit and a host memory limit, and a worker that dies takes only its case with it.
  case workerProcesses(WorkerLaunch)
}
