// Synthesis tests live beside this file.
