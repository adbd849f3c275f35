-- Skipped cases: pending and options.skip.
pending("background reminder after three days")
scenario("not on this CI", { skip = "needs a real device" }, function()
  error("never runs")
end)
