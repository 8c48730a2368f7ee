// Reporting tests live beside this file.
