import Testing

@testable import Runner

/// How lanes take cases from the board: file by file, so a file is compiled and its top level run on
/// as few lanes as can share the work (issue 11, item 7).
@Suite("Result board")
struct ResultBoardTests {
  /// Takes positions for one lane as the executor does: continuing the file it ran last.
  struct Lane {
    var file: Int?
    var compiled: Set<Int> = []

    mutating func take(from board: ResultBoard<Int>) -> Int? {
      guard let taken = board.takeNext(continuing: file, prefers: { compiled.contains($0) }) else { return nil }
      file = taken.file
      return taken.position
    }
  }

  @Test("a lane keeps to its file, and a lane done with its file starts the next one no lane started")
  func filesStayOnOneLane() {
    let board = ResultBoard<Int>(caseCounts: [3, 3, 3], workers: 2)
    var first = Lane()
    var second = Lane()
    #expect(first.take(from: board) == 0)
    #expect(second.take(from: board) == 3)
    #expect(first.take(from: board) == 1)
    #expect(first.take(from: board) == 2)
    #expect(first.take(from: board) == 6, "the next file no lane started, not the rest of the second lane's")
    #expect(second.take(from: board) == 4)
    #expect(second.take(from: board) == 5)
    #expect(first.take(from: board) == 7)
  }

  @Test("with no file left to start, a lane joins the file with the most cases left")
  func joinsTheLongestFile() {
    let board = ResultBoard<Int>(caseCounts: [2, 6], workers: 2)
    var first = Lane()
    var second = Lane()
    #expect(first.take(from: board) == 0)
    #expect(second.take(from: board) == 2)
    #expect(first.take(from: board) == 1)
    #expect(first.take(from: board) == 3, "one file of many cases is shared")
    #expect(second.take(from: board) == 4)
    #expect(first.take(from: board) == 5)
    #expect(!board.isAllTaken)
    #expect(second.take(from: board) == 6)
    #expect(second.take(from: board) == 7)
    #expect(board.isAllTaken)
    #expect(first.take(from: board) == nil)
  }

  @Test("a lane starts a file it compiled already, within the lookahead, before the first one left")
  func prefersCompiledFiles() {
    let board = ResultBoard<Int>(caseCounts: Array(repeating: 1, count: 8), workers: 2)
    #expect(board.lookahead == 4)
    var lane = Lane(compiled: [3, 6])
    #expect(lane.take(from: board) == 3)
    lane.file = nil
    #expect(lane.take(from: board) == 0, "file 6 is past the lookahead: the first file left comes first")
    var other = Lane(compiled: [5, 6])
    #expect(other.take(from: board) == 5, "files 1, 2, 4 and 5 are the lookahead now")
  }

  @Test("the first cases of a file that ran ahead are never handed out, and its others start in plan order, before later files")
  func presetFiles() {
    let board = ResultBoard<Int>(caseCounts: [3, 3, 3], workers: 2)
    board.preset(file: 0, [10, 11])
    board.preset(file: 1, [20, 21, 22])
    var lane = Lane()
    #expect(lane.take(from: board) == 2, "the rest of the first file, not the next file no lane started")
    #expect(lane.take(from: board) == 6, "the second file ran ahead whole")
    #expect(board.wait(for: 0, stop: StopFlag()) == 10)
    #expect(board.wait(for: 4, stop: StopFlag()) == 21)
  }

  @Test("an empty file is never handed out, and a stop gives up only positions no lane took")
  func emptyFilesAndStops() {
    let board = ResultBoard<Int>(caseCounts: [0, 2, 0, 1], workers: 1)
    var lane = Lane()
    #expect(lane.take(from: board) == 0)
    #expect(lane.file == 1)
    board.finish(0, 10)
    let stop = StopFlag()
    stop.set()
    #expect(board.wait(for: 0, stop: stop) == 10, "a finished case is reported after a stop")
    #expect(board.wait(for: 1, stop: stop) == nil, "no lane took it before the stop")
    #expect(lane.take(from: board) == 1)
    #expect(lane.take(from: board) == 2)
    #expect(lane.file == 3)
    #expect(lane.take(from: board) == nil)
  }
}
