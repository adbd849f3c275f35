-- Tries: a file whose top level creates a device and exits the process.
-- Must: one errored case for the file, of type LoadError; the run goes on.
device { ios = "14.0" }
os.exit(1)
scenario("never collected", function() end)
