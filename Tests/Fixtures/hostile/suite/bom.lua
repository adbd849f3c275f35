-- A UTF-8 byte order mark before the first line (lua5.4 accepts it).
scenario("a file with a byte order mark", function() expect(debug).to_be_nil() end)
