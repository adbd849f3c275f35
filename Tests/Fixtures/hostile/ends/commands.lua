-- A failure whose message and transcript hold GitHub workflow commands on lines of their own: the
-- console shows them, never lets a runner obey them.
scenario("says stop-commands", function()
  print("::add-mask::secret")
  error("x\n::stop-commands::token\n  ::warning::hi", 0)
end)
