// The synthetic dataset generator lives here.
