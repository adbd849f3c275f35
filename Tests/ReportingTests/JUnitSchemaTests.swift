import PermsimTestSupport
import Testing
import Reporting

@Suite(
  "JUnit XML against the schemas",
  .enabled(
    if: SchemaValidator.isAvailable,
    "needs xmllint (Debian package libxml2-utils) and the schemas in ../shared/schemas beside the package"))
struct JUnitSchemaTests {
  @Test(
    "each flavour validates against its schema with xmllint",
    arguments: SampleRuns.names, JUnitXMLReporter.Flavor.allCases)
  func validates(run: String, flavor: JUnitXMLReporter.Flavor) throws {
    let document = junitDocument(SampleRuns.named(run), flavor: flavor)
    let problems = try SchemaValidator.problems(in: document, flavor: flavor)
    #expect(problems == nil, "\(SchemaValidator.schemaName(for: flavor)) rejects the \(run) run")
  }

  @Test("the rich flavour is not valid strict, so the strict schema check can fail")
  func richIsNotStrict() throws {
    let document = junitDocument(SampleRuns.hostile, flavor: .rich)
    #expect(try SchemaValidator.problems(in: document, flavor: .strict) != nil)
  }
}
