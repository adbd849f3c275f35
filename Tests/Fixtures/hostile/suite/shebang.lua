#!/usr/bin/env permsim run
-- A first line starting with # (lua5.4 skips it); line numbers stay the same.
scenario("a file with a shebang line", function() error("on line 3") end)
