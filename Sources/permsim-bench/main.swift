print("permsim-bench placeholder")
