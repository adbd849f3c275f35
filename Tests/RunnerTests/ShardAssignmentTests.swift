import Testing

@testable import Runner

/// `--shard auto`: the shard a CI fleet's own variables assign, each CI counting from 0 or 1 as it defines.
@Suite("--shard auto")
struct ShardAssignmentTests {
  @Test(
    "each CI's variables give the shard, counted from 1 on GitLab and from 0 on Buildkite and CircleCI",
    arguments: [
      (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"], Shard(index: 1, count: 4)),
      (["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "4"], Shard(index: 4, count: 4)),
      (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], Shard(index: 1, count: 3)),
      (["BUILDKITE_PARALLEL_JOB": "2", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], Shard(index: 3, count: 3)),
      (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2"], Shard(index: 1, count: 2)),
      (["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2", "PATH": "/usr/bin"], Shard(index: 2, count: 2)),
      // Two fleets that agree (a CircleCI job that also exports GitLab's names) are one answer.
      (["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"], Shard(index: 2, count: 2)),
    ])
  func assigned(environment: [String: String], shard: Shard) throws {
    #expect(try Shard.assigned(by: environment) == shard)
  }

  @Test(
    "missing, lone, malformed, out-of-range or disagreeing variables are an error that names them",
    arguments: [
      ([:], "none of CI_NODE_INDEX/CI_NODE_TOTAL (GitLab CI), BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT (Buildkite), CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL (CircleCI) is set: outside such a parallel job, give --shard K/N"),
      (["CI_NODE_INDEX": "", "CI_NODE_TOTAL": ""], "none of"),
      (["CI_NODE_TOTAL": "4"], "GitLab CI: CI_NODE_TOTAL is set but CI_NODE_INDEX is not"),
      (["BUILDKITE_PARALLEL_JOB": "1"], "Buildkite: BUILDKITE_PARALLEL_JOB is set but BUILDKITE_PARALLEL_JOB_COUNT is not"),
      (["CI_NODE_INDEX": "one", "CI_NODE_TOTAL": "4"], "GitLab CI sets CI_NODE_INDEX=one and CI_NODE_TOTAL=4: expected whole numbers, the total at least 1"),
      (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "0"], "GitLab CI sets CI_NODE_INDEX=1 and CI_NODE_TOTAL=0: expected whole numbers, the total at least 1"),
      (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"], "GitLab CI sets CI_NODE_INDEX=0, outside 1…4 for CI_NODE_TOTAL=4"),
      (["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "2"], "CircleCI sets CIRCLE_NODE_INDEX=2, outside 0…1 for CIRCLE_NODE_TOTAL=2"),
      (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"], "GitLab CI says shard 1/2 but CircleCI says 2/2"),
    ])
  func refused(environment: [String: String], message: String) {
    #expect {
      try Shard.assigned(by: environment)
    } throws: { error in
      (error as? Shard.AssignmentError)?.description.hasPrefix(message) == true
    }
  }
}
