print("permsim placeholder")
