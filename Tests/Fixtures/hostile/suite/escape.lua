-- Attempts to leave the sandbox for the file system or the process. Scenarios have no io, no
-- package, no debug and an os with only time, clock and date; files are read only through the
-- API (plist = …, require), only under the run's root. The run's root is the folder above this one,
-- where the test writes its JUnit report, report.xml.

-- Tries: run a shell command. Must: error, os.execute does not exist.
scenario("os.execute runs a shell command", function()
  os.execute("touch /tmp/permsim-escaped")
end)

-- Tries: end the whole run from a scenario. Must: error, os.exit does not exist; the run goes on.
scenario("os.exit ends the run", function()
  os.exit(0)
end)

-- Tries: read the process environment. Must: error, os.getenv does not exist.
scenario("os.getenv reads the environment", function()
  print(os.getenv("HOME"))
end)

-- Tries: open a file for reading. Must: error, there is no io library.
scenario("io.open reads /etc/passwd", function()
  io.open("/etc/passwd"):read("a")
end)

-- Tries: delete the JUnit report the run is writing. Must: error; the report is complete after the run.
scenario("os.remove deletes the report", function()
  os.remove("../report.xml")
end)

-- Tries: overwrite the JUnit report through io. Must: error; the report is complete after the run.
scenario("io.open rewrites the report", function()
  local file = io.open("../report.xml", "w")
  file:write("<broken")
end)

-- Tries: read the report (inside the root) through the plist loader. Must: error, it is no plist (the
-- new report is written to a hidden file beside it and renamed over it when the run ends).
scenario("install reads the report as a plist", function()
  device { ios = "14.0" }:install { plist = "../report.xml" }
end)

-- Tries: read a file outside the root by an absolute path. Must: error naming the root.
scenario("install reads /etc/passwd as a plist", function()
  device { ios = "14.0" }:install { plist = "/etc/passwd" }
end)

-- Tries: climb out of the root with a relative path. Must: error naming the root.
scenario("install climbs out of the root with ../", function()
  device { ios = "14.0" }:install { plist = "../../../../../../../../etc/passwd" }
end)

-- Tries: load a native library. Must: error, there is no package library.
scenario("package.loadlib loads a C library", function()
  package.loadlib("/lib/x86_64-linux-gnu/libc.so.6", "system")
end)

-- Tries: require a C module by name. Must: error, require finds Lua files under the root only.
scenario("require loads a C module", function()
  require("socket.core")
end)

-- Tries: require a path outside the root. Must: error, module names are dotted words.
scenario("require climbs out of the root", function()
  require("../../../../etc/passwd")
end)

-- Tries: reach the registry and hooks through debug. Must: error, there is no debug library.
scenario("debug.getregistry reaches the host", function()
  debug.getregistry()
end)

-- Tries: run or compile files. Must: error, dofile and loadfile do not exist.
scenario("dofile runs a file", function()
  dofile("/etc/passwd")
end)

-- Tries: reach the real global table through load's default environment. Must: pass; a loaded
-- chunk sees the case's own globals, and nothing it sets survives the case (see isolation.lua).
scenario("load reaches the real globals", function()
  local chunk = load("escaped_global = true; return _G")
  expect(chunk()).to_be(_G)
  expect(rawget(_G, "escaped_global")).to_be(true)
end)
