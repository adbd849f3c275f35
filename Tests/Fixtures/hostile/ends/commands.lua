-- A failure whose message holds GitHub workflow commands: the console shows them, never lets a runner obey them.
scenario("says stop-commands", function()
  expect("ok").to_be("x\n::stop-commands::token\n  ::add-mask::secret\n")
end)
