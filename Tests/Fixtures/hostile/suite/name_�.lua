-- A file whose name is not UTF-8: run and reported, its name escaped.
scenario("a file whose name is not UTF-8", function() end)
