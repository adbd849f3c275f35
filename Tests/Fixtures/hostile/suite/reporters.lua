-- Attempts to break the reporters with names and messages: bytes XML 1.0 cannot hold, markup,
-- terminal escapes, invalid UTF-8, and sizes. The JUnit report must stay well-formed and valid.

-- Tries: a NUL byte in a name. Must: pass; the report replaces it.
scenario("name with a NUL \0 byte", function() end)

-- Tries: terminal escapes in a name (clear the screen, set the title). Must: pass; they are stripped.
scenario("name with \27[2J\27]0;pwned\7 escapes", function() end)

-- Tries: close the report's markup from inside a name. Must: pass; escaped.
scenario("name with ]]></testcase></testsuite><testsuite name=\"x\"> markup", function() end)

-- Tries: bytes that are not UTF-8 in a name. Must: pass; repaired.
scenario("name with invalid UTF-8 \xff\xfe\xc3\x28 bytes", function() end)

-- Tries: a name of one mebibyte. Must: pass, named in reports by its first and last bytes (1 KiB in all).
scenario("name of a mebibyte " .. string.rep("n", 1 << 20), function() end)

-- Tries: a name made only of control characters. Must: pass.
scenario("\1\2\3\4\5\6\8\11\12\14\15\16", function() end)

-- Tries: control bytes, escapes, invalid UTF-8 and markup in an error message. Must: error.
scenario("error message with NUL, ESC, invalid UTF-8 and ]]>", function()
  error("bad \0 byte, \27[31mred\27[0m, \xff\xfe, ]]> and </error>")
end)

-- Tries: the same bytes in a failure (the expected and actual values are shown). Must: failure.
scenario("failure showing NUL, ESC, invalid UTF-8 and ]]>", function()
  expect("\0\27[31m\xff]]>").to_be("plain")
end)

-- Tries: an error message of eight mebibytes. Must: error; the report keeps a bounded excerpt.
scenario("error message of eight mebibytes", function()
  error(string.rep("m", 8 << 20))
end)

-- Tries: an error message of 100,000 colons and words, without a position (the host looks for a
-- "file:line:" prefix in it). Must: error, at once.
scenario("error message of 100,000 colons", function()
  error(string.rep(":a", 100000), 0)
end)

-- Tries: an error message of 100,000 lines. Must: error; the headline is one line.
scenario("error message of 100,000 lines", function()
  error(string.rep("line\n", 100000))
end)

-- Tries: transcript lines with NUL, ESC and invalid UTF-8. Must: pass; the report's system-out is clean.
scenario("print with NUL, ESC and invalid UTF-8", function()
  print("nul \0 esc \27[1m bytes \xff\xfe end ]]>")
end)

-- Tries: a skip reason with markup and control bytes. Must: skipped.
scenario("skip reason with markup", { skip = "because </skipped>\0\27[0m\xff" }, function() end)

-- Tries: tags with markup and control bytes. Must: pass.
scenario("tags with markup", { tags = { "<tag>", "\0", "\xff" } }, function() end)

-- Tries: a describe name with every troublesome byte. Must: pass; joined with › in the name.
describe("describe \0\27[31m\xff]]>", function()
  scenario("inside a hostile describe", function() end)
end)

-- Tries: an empty name, and a describe with an empty name. Must: pass.
scenario("", function() end)
describe("", function()
  scenario("in an unnamed describe", function() end)
end)
