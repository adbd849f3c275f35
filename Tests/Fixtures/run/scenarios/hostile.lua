-- Messages with bytes XML cannot hold: ESC (colour codes), a CDATA terminator, markup.
scenario("hostile \27[31mred\27[0m name ]]> <&>", function()
  expect("\27[1mbold\27[0m ]]> </system-out>").to_be("plain")
end)
