import Foundation

/// Reads reports back with the Python parsers CI tools use: tap.py for TAP, jsonschema for JSON lines,
/// junitparser for JUnit. `Scripts/bootstrap` installs them; tests that need them are skipped without.
public enum PythonParsers {
  /// The python3 executable on `PATH`, if any.
  public static let python: String? = ToolProcess.find("python3")

  /// Whether python3 can import every module in `modules`.

  public static func canImport(_ modules: [String]) -> Bool {
    guard python != nil else { return false }
    return (try? run("import " + modules.joined(separator: ", "), arguments: []).status) == 0
  }

  /// tap.py with its YAML support (`tap.py[yaml]`).
  public static var hasTAP: Bool { canImport(["tap", "yaml", "more_itertools"]) }
  /// xunitparser (1.3.4, which folds every suite of a report into one).
  public static var hasXUnitParser: Bool { canImport(["xunitparser"]) }
  /// PyYAML and jsonschema, to read a GitHub workflow and check it against its schema.
  public static var hasYAMLSchema: Bool { canImport(["yaml", "jsonschema"]) }
  /// jsonschema.
  public static var hasJSONSchema: Bool { canImport(["jsonschema"]) }
  /// junitparser.
  public static var hasJUnitParser: Bool { canImport(["junitparser"]) }


  /// Reads a JUnit report with xunitparser: one line per case, `classname|name|result`, then the totals
  /// and the properties of the suites, folded into one table as xunitparser folds them.
  public static func xunit(_ data: Data) throws -> (status: Int32, output: String) {
    try withFile(String(decoding: data, as: UTF8.self)) { path in
      try run(
        """
        import sys, xunitparser
        suite, result = xunitparser.parse(open(sys.argv[1], "rb"))
        for case in suite:
            state = "skipped" if case.skipped else ("failure" if case.failed else ("error" if case.errored else "passed"))
            print("%s|%s|%s" % (case.classname, case.methodname, state))
        print("totals", result.testsRun, len(result.failures), len(result.errors), len(result.skipped))
        for name in sorted(suite.properties):
            print("property %s=%s" % (name, suite.properties[name]))
        """, arguments: [path])
    }
  }

  /// Reads a GitHub Actions workflow or action file as GitHub does (YAML 1.2's booleans only, so `on`
  /// stays a key), validates it against the JSON Schema at `schema` and prints it as JSON, or the errors.
  public static func githubYAML(_ text: String, schema: URL) throws -> (status: Int32, output: String) {
    try withFile(text) { path in
      try run(
        """
        import json, re, sys, yaml, jsonschema
        class Loader(yaml.SafeLoader):
            pass
        Loader.yaml_implicit_resolvers = {
            key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
            for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
        Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile("^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
        document = yaml.load(open(sys.argv[1], encoding="utf-8"), Loader=Loader)
        schema = json.load(open(sys.argv[2]))
        errors = ["%s: %s" % ("/".join(map(str, error.path)), error.message)
                  for error in jsonschema.Draft7Validator(schema).iter_errors(document)]
        print("\\n".join(errors) if errors else json.dumps(document))
        sys.exit(1 if errors else 0)
        """, arguments: [path, schema.path])
    }
  }


  /// Parses TAP with tap.py: one line per test point, `number ok|not ok|skip <yaml at.file>:<yaml at.line>`,
  /// then `plan <n>`; lines tap.py does not understand are reported as `unknown <line>`.
  public static func tap(_ text: String) throws -> (status: Int32, output: String) {
    try withFile(text) { path in
      try run(
        """
        import sys
        from tap.parser import Parser
        for line in Parser().parse_file(sys.argv[1]):
            if line.category == "test":
                state = "skip" if line.skip else ("ok" if line.ok else "not ok")
                at = (line.yaml_block or {}).get("at") or {}
                severity = (line.yaml_block or {}).get("severity", "")
                print(line.number, state, "%s:%s" % (at.get("file", ""), at.get("line", "")), severity)
            elif line.category == "plan":
                print("plan", line.expected_tests)
            elif line.category == "bail":
                print("bail")
            elif line.category == "unknown":
                print("unknown", repr(line))
        """, arguments: [path])
    }
  }

  /// Validates each line of `text` against the JSON Schema at `schema`; prints `ok <lines>` or the errors.
  public static func jsonLines(_ text: String, schema: URL) throws -> (status: Int32, output: String) {
    try withFile(text) { path in
      try run(
        """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[2]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        errors, count = [], 0
        for number, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
            count += 1
            for error in validator.iter_errors(json.loads(line)):
                errors.append("line %d: %s" % (number, error.message))
        print("\\n".join(errors) if errors else "ok %d" % count)
        sys.exit(1 if errors else 0)
        """, arguments: [path, schema.path])
    }
  }

  /// Validates one JSON document against the JSON Schema at `schema`, in the draft its `$schema` names (2020-12 without one).
  public static func jsonDocument(_ text: String, schema: URL) throws -> (status: Int32, output: String) {
    try withFile(text) { path in
      try run(
        """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[2]))
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        cls.check_schema(schema)
        jsonschema.validate(json.load(open(sys.argv[1], encoding="utf-8")), schema, cls=cls)
        print("ok")
        """, arguments: [path, schema.path])
    }
  }

  /// Reads a JUnit report with junitparser: one line per case, `classname|name|result|line`, then the totals.
  public static func junit(_ data: Data) throws -> (status: Int32, output: String) {
    try withFile(String(decoding: data, as: UTF8.self)) { path in
      try run(
        """
        import sys
        from junitparser import JUnitXml, TestSuite
        xml = JUnitXml.fromfile(sys.argv[1])
        suites = [xml] if isinstance(xml, TestSuite) else list(xml)
        tests = failures = errors = skipped = 0
        for suite in suites:
            for case in suite:
                kinds = [type(r).__name__.lower() for r in case.result]
                print("%s|%s|%s|%s" % (case.classname, case.name, ",".join(kinds) or "passed", case._elem.get("line", "")))
            tests += suite.tests; failures += suite.failures; errors += suite.errors; skipped += suite.skipped
        print("totals", tests, failures, errors, skipped)
        """, arguments: [path])
    }
  }

  /// html5lib, the HTML5 parsing algorithm in Python.
  public static var hasHTML5Lib: Bool { canImport(["html5lib"]) }

  /// Parses an HTML page with html5lib in strict mode: `ok`, or the first parse error (HTML5 validity).
  public static func html5Strict(_ text: String) throws -> (status: Int32, output: String) {
    try withFile(text) { path in
      try run(
        """
        import sys, html5lib
        try:
            html5lib.HTMLParser(strict=True).parse(open(sys.argv[1], "rb"))
        except html5lib.html5parser.ParseError as error:
            print("not valid:", error)
            sys.exit(1)
        print("ok")
        """, arguments: [path])
    }
  }

  /// Reads the drawn screens and the cases of a page's DOM (as Chromium dumps it) with html5lib, as JSON:
  /// `{"alerts": [{id, ios, lang, look, title, message, buttons, tapped, layout, precise, map}],
  /// "settings": [{options, selected}], "cases": [{id, outcome, hidden, problem}]}`.
  public static func screens(inDOM text: String) throws -> (status: Int32, output: String) {
    try withFile(text) { path in
      try run(
        """
        import json, sys, html5lib
        ns = {"h": "http://www.w3.org/1999/xhtml"}
        root = html5lib.parse(open(sys.argv[1], "rb"))
        def text(element):
            return "".join(element.itertext()) if element is not None else None
        def classes(element):
            return (element.get("class") or "").split()
        alerts, settings, cases = [], [], []
        for figure in root.iterfind(".//h:figure[@data-alert]", ns):
            alert = figure.find(".//h:div[@role='alertdialog']", ns)
            row = [d for d in alert.iterfind("h:div", ns) if "buttons" in classes(d)][0]
            toggle = [s for s in alert.iter("{http://www.w3.org/1999/xhtml}span") if "toggle" in classes(s)]
            maps = [d for d in alert.iter("{http://www.w3.org/1999/xhtml}div") if "map" in classes(d)]
            alerts.append({
                "id": figure.get("data-alert"), "ios": figure.get("data-ios"), "lang": figure.get("lang"),
                "look": "ios13" if "ios13" in classes(alert) else "ios7",
                "title": text(alert.find(".//h:p[@class='title']", ns)),
                "message": text(alert.find(".//h:p[@class='message']", ns)),
                "buttons": [text(b) for b in row.iterfind("h:span", ns)],
                "tapped": [text(b) for b in row.iterfind("h:span", ns) if "tapped" in classes(b)],
                "layout": "side" if "side" in classes(row) else "stacked",
                "precise": ("on" in classes(toggle[0])) if toggle else None,
                "map": [c for c in classes(maps[0]) if c != "map"][0] if maps else None,
            })
        for figure in root.iterfind(".//h:figure[@data-settings]", ns):
            items = list(figure.iterfind(".//h:li", ns))
            settings.append({"options": [text(i) for i in items],
                             "selected": [text(i) for i in items if "selected" in classes(i)]})
        for article in root.iterfind(".//h:div[@data-outcome]", ns):
            problem = article.find(".//h:div[@class='problem']", ns)
            cases.append({"id": article.get("id"), "outcome": article.get("data-outcome"),
                          "hidden": article.get("hidden") is not None, "problem": text(problem),
                          "timeline": article.find(".//h:ol[@class='timeline']", ns) is not None})
        print(json.dumps({"alerts": alerts, "settings": settings, "cases": cases}))
        """, arguments: [path])
    }
  }

  private static func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-parse-\(UUID().uuidString)")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try body(file.path)
  }

  private static func run(_ script: String, arguments: [String]) throws -> (status: Int32, output: String) {
    guard let python else { return (127, "python3 is not installed") }
    return try ToolProcess.run(python, ["-c", script] + arguments)
  }

}

/// The format of GitHub Actions' `::error` workflow command, as permsim writes it.
public enum GitHubAnnotationFormat {
  /// Whether `line` is `::error file=…[,line=N],title=…::message` with every value escaped as the runner
  /// expects (`%25`, `%0D`, `%0A` everywhere; `%3A` and `%2C` in properties).
  public static func isWellFormed(_ line: String) -> Bool {
    let property = #"(?:[^,:%\r\n]|%(?:25|0D|0A|3A|2C))*"#
    let pattern = #"^::error file="# + property + #"(?:,line=[1-9][0-9]*)?,title="# + property
      + #"::(?:[^%\r\n]|%(?:25|0D|0A))*$"#
    return line.range(of: pattern, options: .regularExpression) != nil
  }
}
