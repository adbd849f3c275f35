-- A helper module: it registers no scenario, so it is not a test file.
return { answer = 42 }
