scenario("x", function() expect(1).to_be(2) end)
