// libFuzzer's entry point over permsim's harnesses (Scripts/fuzz builds this with -sanitize=fuzzer).
//
// Built normally it replays files instead: `permsim-fuzz scenario|plist|strings FILE...`.
// Under libFuzzer the harness comes from PERMSIM_FUZZ_TARGET (scenario, plist or strings).
import Foundation
import Fuzzing

let fuzzTarget: FuzzHarness.Target = {
  let name = ProcessInfo.processInfo.environment["PERMSIM_FUZZ_TARGET"] ?? "scenario"
  guard let target = FuzzHarness.Target(rawValue: name) else {
    FileHandle.standardError.write(Data("permsim-fuzz: PERMSIM_FUZZ_TARGET must be scenario, plist or strings\n".utf8))
    exit(2)
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzHarness.run(fuzzTarget, bytes)
  return 0
}

#if !PERMSIM_LIBFUZZER
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let target = FuzzHarness.Target(rawValue: name) else {
  print("usage: permsim-fuzz scenario|plist|strings FILE...")
  exit(2)
}
for path in arguments.dropFirst() {
  guard let data = FileManager.default.contents(atPath: path) else {
    print("permsim-fuzz: cannot read \(path)")
    exit(2)
  }
  FuzzHarness.run(target, [UInt8](data))
}
print("permsim-fuzz: \(arguments.count - 1) inputs replayed through the \(name) harness")
#endif
