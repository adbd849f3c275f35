scenario("loop", function() while true do end end)
